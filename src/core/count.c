/* count.c: exact counts of positions (chopsat_count, include/chopsat.h): 128-bit unsigned
 * integers as two 64-bit halves, added with overflow detected and written in decimal. The
 * BDD engine counts into them (bdd_engine.c); the command prints them. */
#include <string.h>

#include "chopsat.h"

bool chopsat_count_add(chopsat_count *acc, chopsat_count x)
{
    uint64_t lo = acc->lo + x.lo, carry = lo < x.lo;
    uint64_t hi = acc->hi + x.hi;
    bool over = hi < x.hi;
    if (carry && ++hi == 0) over = true;
    if (over) return false;
    acc->hi = hi;
    acc->lo = lo;
    return true;
}

/* Divides n by 10 in place and returns the remainder: the halves in 32-bit pieces, high first. */
static unsigned div10(chopsat_count *n)
{
    uint32_t part[4] = {(uint32_t)(n->hi >> 32), (uint32_t)n->hi, (uint32_t)(n->lo >> 32),
                        (uint32_t)n->lo};
    uint64_t rem = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t cur = rem << 32 | part[i];
        part[i] = (uint32_t)(cur / 10);
        rem = cur % 10;
    }
    n->hi = (uint64_t)part[0] << 32 | part[1];
    n->lo = (uint64_t)part[2] << 32 | part[3];
    return (unsigned)rem;
}

size_t chopsat_count_format(chopsat_count n, char *buf, size_t len)
{
    char digits[CHOPSAT_COUNT_DIGITS];
    size_t k = 0;
    do
        digits[k++] = (char)('0' + div10(&n));
    while (n.hi || n.lo);
    if (!len) return k;
    size_t i = 0;
    for (; i < k && i + 1 < len; i++)
        buf[i] = digits[k - 1 - i];
    buf[i] = '\0';
    return k;
}
