/* many_unmoves.c: many_game's un-moves, the rules of docs/rules.md ("Any number of hands") run
 * backwards: the positions q, not terminal, from which one move leads to p. A tap changed one
 * hand of the tapped player (the opponent's with tap=opponent, the mover's own with self-add)
 * from a live h to overflow(h + a), a being a live hand of the other player; a split changed
 * the hands of the player who moved into others of the same total. The retrograde solver
 * (src/explicit/solve.c) walks them. */
#include <string.h>

#include "games/many_hands.h"

size_t many_max_unmoves(const chopsat_rules *r)
{
    /* un-taps: each of at most 8 hands from at most N values (cutoff to 0) or one a live
     * adder; un-splits: the results of a split of 8 hands */
    uint64_t N = chop_of(r)->fingers, n = (uint64_t)CHOPSAT_HANDS_MAX;
    uint64_t taps = many_mul_sat(n, N < n ? n : N);
    uint64_t s1 = many_splits_bound_any(r, many_n(r, 1)),
             s2 = many_splits_bound_any(r, many_n(r, 2));
    uint64_t s = s1 > s2 ? s1 : s2;
    if (chop_of(r)->split == SPLIT_EVEN_LONE) s = 2;
    if (taps > UINT64_MAX - s || taps + s > SIZE_MAX - 16) return SIZE_MAX;
    return (size_t)(taps + s + 16);
}

/* The distinct live values among h[0..n) into out; how many. */
static int live_values(const uint64_t *h, int n, uint64_t *out)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        bool seen = !h[i];
        for (int j = 0; j < k && !seen; j++)
            seen = out[j] == h[i];
        if (!seen) out[k++] = h[i];
    }
    return k;
}

/* Appends q: p with the other player to move and n hands at b set to h (normalised). */
static size_t add_pred(const chopsat_rules *r, const chopsat_pos *p, int b, const uint64_t *h,
                       int n, chopsat_pos *out, size_t k)
{
    chopsat_pos q = *p;
    memcpy(&q.v[b], h, (size_t)n * sizeof *h);
    many_normalise(r, &q.v[b], n);
    q.mover = 3 - p->mover;
    out[k] = q;
    return k + 1;
}

/* The un-taps: each hand slot of the tapped player's nt hands at bt (one slot a value with
 * unordered hands) held a live h that a live hand a of the na hands at ba made into its value v:
 * under cutoff with v = 0 every h >= N - max(a), otherwise h = v - a (mod N under rollover). */
static size_t untaps(const chopsat_rules *r, const chopsat_pos *p, int bt, int nt, int ba, int na,
                     chopsat_pos *out, size_t k)
{
    uint64_t N = chop_of(r)->fingers, adders[CHOPSAT_HANDS_MAX], amax = 0;
    int nadd = live_values(&p->v[ba], na, adders);
    bool rollover = chop_of(r)->overflow == OVERFLOW_ROLLOVER;
    for (int a = 0; a < nadd; a++)
        if (adders[a] > amax) amax = adders[a];
    for (int slot = 0; slot < nt && nadd; slot++) {
        uint64_t v = p->v[bt + slot], h[CHOPSAT_HANDS_MAX];
        if (!chop_of(r)->ordered && slot > 0 && v == p->v[bt + slot - 1]) continue; /* same */
        memcpy(h, &p->v[bt], (size_t)nt * sizeof *h);
        if (v == 0 && !rollover) {
            for (h[slot] = N - amax; h[slot] < N; h[slot]++)
                k = add_pred(r, p, bt, h, nt, out, k);
            continue;
        }
        for (int a = 0; a < nadd; a++) {
            if (rollover)
                h[slot] = v >= adders[a] ? v - adders[a] : v + (N - adders[a]);
            else
                h[slot] = v > adders[a] ? v - adders[a] : 0;
            if (h[slot]) k = add_pred(r, p, bt, h, nt, out, k);
        }
    }
    return k;
}

/* True when q is among out[0..n). */
static bool pos_among(const chopsat_pos *out, size_t n, const chopsat_pos *q)
{
    for (size_t i = 0; i < n; i++)
        if (!memcmp(&out[i], q, sizeof *q)) return true;
    return false;
}

/* The even-lone un-splits of the n hands at b (two hands m, m, the rest dead): the lone 2m
 * they came from, in every place the rule could have taken it from. */
static size_t unsplit_even(const chopsat_rules *r, const chopsat_pos *p, int b, int n,
                           chopsat_pos *out, size_t k, size_t ntaps)
{
    const uint64_t *h = &p->v[b];
    for (int from = 0; from < n; from++) {
        if (!h[from] || h[from] >= chop_of(r)->fingers - h[from]) continue; /* 2m < N */
        uint64_t lone[CHOPSAT_HANDS_MAX] = {0}, back[CHOPSAT_HANDS_MAX];
        lone[from] = 2 * h[from];
        if (!many_even_lone(r, lone, n, back) || memcmp(back, h, (size_t)n * sizeof *h)) continue;
        chopsat_pos q = *p;
        memcpy(&q.v[b], lone, (size_t)n * sizeof *lone);
        many_normalise(r, &q.v[b], n);
        q.mover = 3 - p->mover;
        if (!pos_among(out, k, &q) && !pos_among(out, ntaps, &q)) out[k++] = q;
    }
    return k;
}

/* The un-splits of the n hands at b (the player who has just moved): every hands of the same
 * total from which the split rule allows a split to p's. */
static size_t unsplits(const chopsat_rules *r, const chopsat_pos *p, int b, int n, chopsat_pos *out,
                       size_t k, size_t ntaps)
{
    if (chop_of(r)->split == SPLIT_NONE) return k;
    if (chop_of(r)->split == SPLIT_EVEN_LONE) return unsplit_even(r, p, b, n, out, k, ntaps);
    many_split_iter it;
    uint64_t h[CHOPSAT_HANDS_MAX];
    many_split_all_start(r, &p->v[b], n, &it);
    while (many_split_all_next(&it, h)) {
        if (!many_split_legal(r, h, &p->v[b], n)) continue;
        chopsat_pos q = *p;
        memcpy(&q.v[b], h, (size_t)n * sizeof *h);
        q.mover = 3 - p->mover;
        if (!pos_among(out, ntaps, &q)) out[k++] = q;
    }
    return k;
}

size_t many_unmoves(const chopsat_rules *r, const chopsat_pos *p, chopsat_pos *out)
{
    int me = (int)p->mover == 2 ? 2 : 1; /* p's mover; the player who has just moved is 3 - me */
    int bm = many_base(r, me), nm = many_n(r, me), bo = many_base(r, 3 - me),
        no = many_n(r, 3 - me);
    bool mine_live = many_live(&p->v[bm], nm) > 0, theirs_live = many_live(&p->v[bo], no) > 0;
    size_t k = 0;
    if (chop_of(r)->tap == TAP_OPPONENT) {
        /* they tapped one of my hands with a live hand of theirs */
        k = untaps(r, p, bm, nm, bo, no, out, k);
        if (!mine_live || !theirs_live) return k; /* before their split, q was over */
        return unsplits(r, p, bo, no, out, k, 0);
    }
    /* they added one of my live hands to one of theirs, or split theirs */
    if (!mine_live) return 0;
    k = untaps(r, p, bo, no, bm, nm, out, k);
    if (!theirs_live) return k;
    return unsplits(r, p, bo, no, out, k, k);
}
