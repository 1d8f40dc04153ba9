/* many_split.c: the splits of many_game (docs/rules.md "Any number of hands"): the mover shares
 * out its exact total anew over all its hands (each below N; a multiset, or a tuple with
 * hands=ordered), the result a different multiset, with suicide and revive; or even-lone. The
 * results are enumerated in increasing lexicographic order of their normal form, and a split is
 * decided directly from the rules at any width. */
#include <string.h>

#include "games/many_hands.h"

/* The least and greatest value slot k may hold when rest[k] is left for slots k .. n-1 (each
 * below N; with unordered hands, not below slot k-1): the values whose remainder the slots
 * after k can still hold. False when there is none. */
static bool slot_range(const many_split_iter *it, int k, uint64_t *lo, uint64_t *hi)
{
    uint64_t N = chop_of(it->r)->fingers;
    int m = it->n - k;
    many_sum r = it->rest[k], room = (many_sum)(m - 1) * (N - 1);
    many_sum l = r > room ? r - room : 0, h = r < N - 1 ? r : N - 1;
    if (!chop_of(it->r)->ordered) {
        if (k > 0 && l < it->x[k - 1]) l = it->x[k - 1];
        if (h > r / (many_sum)m) h = r / (many_sum)m;
    }
    if (l > h) return false;
    *lo = (uint64_t)l;
    *hi = (uint64_t)h;
    return true;
}

/* Sets slots k .. n-1 to their least values; false when they cannot hold the rest. */
static bool fill_from(many_split_iter *it, int k)
{
    for (; k < it->n; k++) {
        uint64_t lo, hi;
        if (!slot_range(it, k, &lo, &hi)) return false;
        it->x[k] = lo;
        if (k + 1 < it->n) it->rest[k + 1] = it->rest[k] - lo;
    }
    return true;
}

/* Moves to the next result in lexicographic order; false after the last. */
static bool advance(many_split_iter *it)
{
    if (!it->started) {
        it->started = true;
        it->rest[0] = many_total(it->from, it->n);
        return fill_from(it, 0);
    }
    for (int k = it->n - 2; k >= 0; k--) {
        uint64_t lo, hi;
        if (!slot_range(it, k, &lo, &hi) || it->x[k] >= hi) continue;
        it->x[k]++;
        it->rest[k + 1] = it->rest[k] - it->x[k];
        if (fill_from(it, k + 1)) return true;
    }
    return false;
}

void many_split_all_start(const chopsat_rules *r, const uint64_t *from, int n, many_split_iter *it)
{
    memset(it, 0, sizeof *it);
    it->r = r;
    it->n = n;
    memcpy(it->from, from, (size_t)n * sizeof *from);
}

bool many_split_all_next(many_split_iter *it, uint64_t *h)
{
    if (it->done || !advance(it)) {
        it->done = true;
        return false;
    }
    memcpy(h, it->x, (size_t)it->n * sizeof *h);
    return true;
}

void many_split_start(const chopsat_rules *r, const uint64_t *from, int n, many_split_iter *it)
{
    many_split_all_start(r, from, n, it);
    it->done = chop_of(r)->split == SPLIT_NONE;
}

/* The free split from `from` to `to` (same total, normal form) keeps to the rules: a different
 * multiset, and suicide and revive. */
static bool free_split_allowed(const chopsat_rules *r, const uint64_t *from, const uint64_t *to,
                               int n)
{
    int before = many_live(from, n), after = many_live(to, n);
    if (chop_of(r)->ordered ? many_same_multiset(from, to, n)
                            : !memcmp(from, to, (size_t)n * sizeof *to)) /* both smallest first */
        return false;
    if (!chop_of(r)->suicide && after < before) return false;
    if (!chop_of(r)->revive && after > before) return false;
    return true;
}

bool many_split_next(many_split_iter *it, uint64_t *h)
{
    if (it->done) return false;
    if (chop_of(it->r)->split == SPLIT_EVEN_LONE) {
        it->done = true;
        return many_even_lone(it->r, it->from, it->n, h);
    }
    while (many_split_all_next(it, h))
        if (free_split_allowed(it->r, it->from, h, it->n)) return true;
    return false;
}

bool many_even_lone(const chopsat_rules *r, const uint64_t *from, int n, uint64_t *h)
{
    if (n < 2 || many_live(from, n) != 1) return false;
    int i = 0;
    while (!from[i])
        i++;
    if (from[i] % 2) return false;
    uint64_t m = from[i] / 2;
    memset(h, 0, (size_t)n * sizeof *h);
    if (!chop_of(r)->ordered) {
        h[n - 2] = h[n - 1] = m; /* smallest first: the dead hands, then m, m */
        return true;
    }
    h[i] = h[i == 0 ? 1 : 0] = m; /* the live hand keeps its place; the first dead one joins */
    return true;
}

bool many_split_legal(const chopsat_rules *r, const uint64_t *from, const uint64_t *to, int n)
{
    const chop_rules *c = chop_of(r);
    if (c->split == SPLIT_NONE) return false;
    for (int i = 0; i < n; i++) {
        if (to[i] >= c->fingers) return false;
        if (!c->ordered && i > 0 && to[i] < to[i - 1]) return false; /* not normal form */
    }
    if (c->split == SPLIT_EVEN_LONE) {
        uint64_t h[CHOPSAT_HANDS_MAX];
        return many_even_lone(r, from, n, h) && !memcmp(h, to, (size_t)n * sizeof *h);
    }
    return many_total(from, n) == many_total(to, n) && free_split_allowed(r, from, to, n);
}

uint64_t many_splits_bound_any(const chopsat_rules *r, int n)
{
    const chop_rules *c = chop_of(r);
    if (c->split == SPLIT_NONE) return 0;
    if (c->split == SPLIT_EVEN_LONE) return 1;
    if (c->ordered) { /* the first n-1 hands decide the last */
        uint64_t b = 1;
        for (int i = 0; i < n - 1; i++)
            b = many_mul_sat(b, c->fingers);
        return b;
    }
    /* a multiset with a given total is decided by its n-1 smallest hands */
    return many_binom_sat((many_sum)c->fingers + (many_sum)(n - 2), n - 1);
}

uint64_t many_splits_bound(const chopsat_rules *r, const uint64_t *from, int n)
{
    uint64_t any = many_splits_bound_any(r, n);
    if (chop_of(r)->split != SPLIT_FREE) return any;
    /* the ways to write the total s as n ordered parts: C(s+n-1, n-1) */
    uint64_t ways = many_binom_sat(many_total(from, n) + (many_sum)(n - 1), n - 1);
    return ways < any ? ways : any;
}
