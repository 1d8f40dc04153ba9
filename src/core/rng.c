/* rng.c: the seeded generator of chopsat play (splitmix64): small, well mixed, and the same
 * sequence on every machine for a seed; and the kernel's random bytes for secrets (getrandom:
 * chopsat serve's student codes and instructor key). */
#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "chopsat_tool.h"
#include "core/util.h"

uint64_t chopsat_rng_next(chopsat_rng *g)
{
    uint64_t z = (g->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double chopsat_rng_unit(chopsat_rng *g)
{
    return (double)(chopsat_rng_next(g) >> 11) * 0x1.0p-53;
}

size_t chopsat_rng_below(chopsat_rng *g, size_t n)
{
    size_t k = (size_t)(chopsat_rng_unit(g) * (double)n);
    return k < n ? k : n - 1;
}

int chopsat_random_bytes(void *buf, size_t n, chopsat_err *err)
{
    unsigned char *p = buf;
    while (n > 0) {
        ssize_t got = getrandom(p, n, 0);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return fail(err, "no random bytes from the kernel: %s", strerror(errno));
        p += got, n -= (size_t)got;
    }
    return 0;
}
