/* rng.c: the seeded generator of chopsat play (splitmix64): small, well mixed, and the same
 * sequence on every machine for a seed. */
#include "chopsat_tool.h"

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
