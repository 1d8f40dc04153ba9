/* many_index.c: many_game's index space (docs/rules.md "Any number of hands"): 2 x P1 x P2
 * positions, Pi the multisets (a combinatorial number system) or tuples (base N) of player i's
 * hands; the chart's rows and columns, the hands in lexicographic order; and the small
 * arithmetic the other many_*.c files share. */
#include <string.h>

#include "games/many_hands.h"

#define SAT_LIMIT (UINT64_C(1) << 62)

int many_live(const uint64_t *h, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += h[i] != 0;
    return k;
}

many_sum many_total(const uint64_t *h, int n)
{
    many_sum s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    return s;
}

/* Sorts h[0..n) smallest first (insertion: n <= 8). */
static void sort_hands(uint64_t *h, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && h[j - 1] > h[j]; j--) {
            uint64_t t = h[j];
            h[j] = h[j - 1];
            h[j - 1] = t;
        }
}

void many_normalise(const chopsat_rules *r, uint64_t *h, int n)
{
    if (!chop_of(r)->ordered) sort_hands(h, n);
}

bool many_same_multiset(const uint64_t *a, const uint64_t *b, int n)
{
    /* each hand of b matched with an unused equal hand of a: most candidates differ in their
     * first hands, so this stops long before a sort would have finished */
    unsigned used = 0;
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j < n && ((used >> j & 1) || a[j] != b[i]))
            j++;
        if (j == n) return false;
        used |= 1u << j;
    }
    return true;
}

uint64_t many_after(const chopsat_rules *r, uint64_t x, uint64_t y)
{
    uint64_t N = chop_of(r)->fingers;
    if (x < N - y) return x + y;
    return chop_of(r)->overflow == OVERFLOW_CUTOFF ? 0 : x - (N - y);
}

uint64_t many_mul_sat(uint64_t a, uint64_t b)
{
    if (a && b > UINT64_MAX / a) return UINT64_MAX;
    return a * b;
}

uint64_t many_binom_sat(many_sum n, int k)
{
    /* below small[k], n (n-1) .. (n-k+1) fits 64 bits: one product and one division */
    static const uint64_t small[9] = {
        1,   UINT64_MAX, UINT64_C(1) << 32, UINT64_C(1) << 21, UINT64_C(1) << 16, 4096, 1024,
        512, 256};
    if (k < 0 || n < (many_sum)k) return 0;
    if (k <= 8 && n < small[k]) {
        uint64_t prod = 1;
        for (int j = 0; j < k; j++)
            prod *= (uint64_t)n - (uint64_t)j;
        switch (k) { /* constant divisors: a multiplication each, not a division */
        case 2:
            prod /= 2;
            break;
        case 3:
            prod /= 6;
            break;
        case 4:
            prod /= 24;
            break;
        case 5:
            prod /= 120;
            break;
        case 6:
            prod /= 720;
            break;
        case 7:
            prod /= 5040;
            break;
        case 8:
            prod /= 40320;
            break;
        }
        return prod > SAT_LIMIT ? UINT64_MAX : prod;
    }
    many_sum c = 1;
    for (int j = 0; j < k; j++) {
        many_sum f = n - (many_sum)j;
        if (f <= UINT32_MAX && c <= UINT32_MAX) /* 64-bit arithmetic, several times faster */
            c = (uint64_t)c * (uint64_t)f / (uint64_t)(j + 1);
        else
            c = c * f / (many_sum)(j + 1); /* C(n, j+1), exact */
        if (c > SAT_LIMIT) return UINT64_MAX;
    }
    return (uint64_t)c;
}

uint64_t many_hands_count(const chopsat_rules *r, int n)
{
    uint64_t N = chop_of(r)->fingers;
    if (!chop_of(r)->ordered) return many_binom_sat((many_sum)N + (many_sum)(n - 1), n);
    uint64_t c = 1;
    for (int i = 0; i < n; i++)
        c = many_mul_sat(c, N);
    return c > SAT_LIMIT ? UINT64_MAX : c;
}

uint64_t many_hands_index(const chopsat_rules *r, const uint64_t *h, int n)
{
    uint64_t k = 0;
    if (chop_of(r)->ordered) {
        for (int i = 0; i < n; i++)
            k = k * chop_of(r)->fingers + h[i];
        return k;
    }
    for (int i = 0; i < n; i++) /* h smallest first: d_i = h_i + i strictly increasing */
        k += many_binom_sat((many_sum)h[i] + (many_sum)i, i + 1);
    return k;
}

/* The largest d in [lo, hi] with C(d, k) <= x (C(lo, k) <= x holds). */
static uint64_t largest_binom_at_most(uint64_t x, int k, uint64_t lo, uint64_t hi)
{
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo + 1) / 2;
        if (many_binom_sat(mid, k) <= x)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

void many_hands_unindex(const chopsat_rules *r, uint64_t k, uint64_t *h, int n)
{
    uint64_t N = chop_of(r)->fingers;
    if (chop_of(r)->ordered) {
        for (int i = n - 1; i >= 0; i--) {
            h[i] = k % N;
            k /= N;
        }
        return;
    }
    for (int i = n - 1; i >= 0; i--) {
        uint64_t d = largest_binom_at_most(k, i + 1, (uint64_t)i, N - 1 + (uint64_t)i);
        k -= many_binom_sat(d, i + 1);
        h[i] = d - (uint64_t)i;
    }
}

/* P1 and P2, each at most 2^40, or false. */
static bool player_counts(const chopsat_rules *r, uint64_t *p1, uint64_t *p2)
{
    *p1 = many_hands_count(r, many_n(r, 1));
    *p2 = many_hands_count(r, many_n(r, 2));
    return *p1 <= (UINT64_C(1) << 40) && *p2 <= (UINT64_C(1) << 40);
}

uint64_t many_count(const chopsat_rules *r)
{
    uint64_t p1, p2;
    if (!player_counts(r, &p1, &p2)) return 0;
    uint64_t c = many_mul_sat(2 * p1, p2);
    return c > (UINT64_C(1) << 40) ? 0 : c;
}

uint64_t many_index(const chopsat_rules *r, const chopsat_pos *p)
{
    uint64_t p1 = many_hands_count(r, many_n(r, 1)), p2 = many_hands_count(r, many_n(r, 2));
    uint64_t k1 = many_hands_index(r, &p->v[0], many_n(r, 1));
    uint64_t k2 = many_hands_index(r, &p->v[many_base(r, 2)], many_n(r, 2));
    return ((uint64_t)(p->mover - 1) * p1 + k1) * p2 + k2;
}

bool many_unindex(const chopsat_rules *r, uint64_t i, chopsat_pos *p)
{
    uint64_t n = many_count(r), p1 = many_hands_count(r, many_n(r, 1)),
             p2 = many_hands_count(r, many_n(r, 2));
    memset(p, 0, sizeof *p);
    if (!n || i >= n) return false;
    many_hands_unindex(r, i % p2, &p->v[many_base(r, 2)], many_n(r, 2));
    many_hands_unindex(r, i / p2 % p1, &p->v[0], many_n(r, 1));
    p->mover = (uint32_t)(i / p2 / p1) + 1;
    return true;
}

/* ---- the chart: rows are player 1's hands (the mover's), columns player 2's, each in
 * lexicographic order of their written form ---- */

uint64_t many_chart_size(const chopsat_rules *r, int axis)
{
    uint64_t c = many_hands_count(r, many_n(r, axis ? 2 : 1));
    return c > (UINT64_C(1) << 40) ? 0 : c;
}

void many_chart_hands(const chopsat_rules *r, uint64_t k, uint64_t *h, int n)
{
    uint64_t N = chop_of(r)->fingers;
    if (chop_of(r)->ordered) {
        many_hands_unindex(r, k, h, n); /* base N, first hand first: lexicographic */
        return;
    }
    uint64_t x = 0;
    for (int i = 0; i < n; i++) {
        int rest = n - 1 - i; /* the hands after h[i], each >= h[i] */
        for (;; x++) {
            uint64_t with_x = many_binom_sat((many_sum)(N - x) + (many_sum)rest - 1, rest);
            if (rest == 0) with_x = 1;
            if (k < with_x) break;
            k -= with_x;
        }
        h[i] = x;
    }
}

bool many_chart_cell(const chopsat_rules *r, uint64_t row, uint64_t col, chopsat_pos *p)
{
    memset(p, 0, sizeof *p);
    many_chart_hands(r, row, &p->v[0], many_n(r, 1));
    many_chart_hands(r, col, &p->v[many_base(r, 2)], many_n(r, 2));
    p->mover = 1;
    return true;
}
