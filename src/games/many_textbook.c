/* many_textbook.c: the textbook form of the chopsticks family at any hand count: the moves one
 * by one on concrete hands (docs/rules.md, "Any number of hands"), written from the rules a
 * third time. Moves: the taps k = i * n + j (the mover's hand i on the opponent's hand j, n the
 * opponent's count), then the splits: `split_even`, or with split=free `split_k` for the k-th
 * way of writing the mover's first H-1 new hands (in increasing lexicographic order; smallest
 * first with unordered hands), the last hand being the rest of the total. With two hands each
 * this is chop_sym.c's list (`split_x`: the first new hand is x). */
#include "games/many_textbook.h"

#include "games/chop_options.h"

#include <stdio.h>
#include <string.h>

enum { H = CHOPSAT_HANDS_MAX };

/* The number of ways to write L hands (0 .. N-1, nondecreasing when unordered), capped at
 * MANY_TB_MAX + 1. */
static uint64_t prefixes(const chop_rules *cr, int len)
{
    uint64_t n = cr->fingers, ways = 1;
    for (int k = 1; k <= len && ways <= MANY_TB_MAX; k++) {
        /* ordered: N^k; unordered: C(N+k-1, k) = C(N+k-2, k-1) * (N+k-1) / k */
        if (n > MANY_TB_MAX) return MANY_TB_MAX + 1;
        ways = cr->ordered ? ways * n : ways * (n + (uint64_t)k - 1) / (uint64_t)k;
    }
    return ways > MANY_TB_MAX ? MANY_TB_MAX + 1 : ways;
}

/* The number of split moves of a player with `hands` hands. */
static uint64_t splits_of(const chop_rules *cr, int hands)
{
    if (cr->split == SPLIT_NONE || hands < 2) return 0;
    return cr->split == SPLIT_EVEN_LONE ? 1 : prefixes(cr, hands - 1);
}

int many_tb_moves(const chopsat_rules *r, char (*names)[MANY_TB_NAME])
{
    const chop_rules *cr = chop_of(r);
    int a = chop_hands(r, 1), b = chop_hands(r, 2);
    uint64_t s1 = splits_of(cr, a), s2 = splits_of(cr, b), ns = s1 > s2 ? s1 : s2;
    if ((uint64_t)(a * b) + ns > MANY_TB_MAX) return -1;
    const char *verb = cr->tap == TAP_OPPONENT ? "tap" : "add";
    int n = 0;
    for (int k = 0; k < a * b; k++) {
        if (a == 2 && b == 2)
            snprintf(names[n++], MANY_TB_NAME, "%s_%c%c", verb, "LR"[k / 2], "LR"[k % 2]);
        else if (a == b)
            snprintf(names[n++], MANY_TB_NAME, "%s_%c%c", verb, 'A' + k / b, 'A' + k % b);
        else
            snprintf(names[n++], MANY_TB_NAME, "%s_%d", verb, k);
    }
    for (uint64_t k = 0; k < ns; k++)
        snprintf(names[n++], MANY_TB_NAME, cr->split == SPLIT_EVEN_LONE ? "split_even" : "split_%u",
                 (unsigned)k);
    return n;
}

/* x's hands, n of them, sorted in place (insertion sort). */
static void sort_hands(uint64_t *x, int n)
{
    for (int i = 1; i < n; i++)
        for (int h = i; h > 0 && x[h - 1] > x[h]; h--) {
            uint64_t t = x[h];
            x[h] = x[h - 1];
            x[h - 1] = t;
        }
}

/* The k-th way of writing len hands (see prefixes) into p; false if there is none. */
static bool prefix(const chop_rules *cr, uint64_t k, int len, uint64_t *p)
{
    for (int h = 0; h < len; h++)
        p[h] = 0;
    for (uint64_t i = 0; i < k; i++) { /* step to the next way, k times: the lists are small */
        int h = len - 1;
        while (h >= 0 && p[h] == cr->fingers - 1)
            h--;
        if (h < 0) return false;
        p[h]++;
        for (int g = h + 1; g < len; g++)
            p[g] = cr->ordered ? 0 : p[h];
    }
    return true;
}

/* The number of live hands among n. */
static int live(const uint64_t *x, int n)
{
    int k = 0;
    for (int h = 0; h < n; h++)
        k += x[h] > 0;
    return k;
}

/* The split move k of the mover's n hands x into z: true when it is legal. */
static bool split_move(const chop_rules *cr, uint64_t k, const uint64_t *x, int n, uint64_t *z)
{
    if (cr->split == SPLIT_EVEN_LONE) {
        int lone = -1;
        for (int h = 0; h < n; h++)
            if (x[h]) lone = h;
        if (k != 0 || live(x, n) != 1 || x[lone] % 2) return false;
        uint64_t half = x[lone] / 2;
        for (int h = 0; h < n; h++)
            z[h] = 0;
        if (!cr->ordered) lone = n - 1; /* written smallest first: the two halves last */
        z[lone] = half;
        z[lone == 0 ? 1 : (cr->ordered ? 0 : n - 2)] = half;
        return true;
    }
    uint64_t total = 0, used = 0;
    for (int h = 0; h < n; h++)
        total += x[h]; /* small: the textbook form is for hands of a few bits */
    if (!prefix(cr, k, n - 1, z)) return false;
    for (int h = 0; h + 1 < n; h++)
        used += z[h];
    if (used > total || total - used >= cr->fingers) return false;
    z[n - 1] = total - used;
    if (!cr->ordered && n >= 2 && z[n - 1] < z[n - 2]) return false;
    uint64_t xs[H], zs[H];
    memcpy(xs, x, (size_t)n * sizeof *xs);
    memcpy(zs, z, (size_t)n * sizeof *zs);
    sort_hands(xs, n);
    sort_hands(zs, n);
    if (!memcmp(xs, zs, (size_t)n * sizeof *xs)) return false; /* the same hands */
    if (!cr->suicide && live(z, n) < live(x, n)) return false;
    if (!cr->revive && live(z, n) > live(x, n)) return false;
    return true;
}

bool many_tb_move(const chopsat_rules *r, int mover, int m, const uint32_t *s, uint32_t *next)
{
    const chop_rules *cr = chop_of(r);
    int a = chop_hands(r, 1), b = chop_hands(r, 2);
    int nme = mover == 1 ? a : b, nop = mover == 1 ? b : a;
    int me = mover == 1 ? 0 : a, op = mover == 1 ? a : 0;
    uint64_t x[H], y[H];
    for (int h = 0; h < a + b; h++)
        next[h] = s[h];
    for (int h = 0; h < nme; h++)
        x[h] = s[me + h];
    for (int h = 0; h < nop; h++)
        y[h] = s[op + h];
    if (!live(x, nme) || !live(y, nop)) return false; /* the game is over */
    if (m < a * b) {
        int i = m / nop, j = m % nop;
        if (!x[i] || !y[j]) return false; /* dead hands neither tap nor are tapped */
        uint64_t v = x[i] + y[j];
        if (v >= cr->fingers) v = cr->overflow == OVERFLOW_CUTOFF ? 0 : v - cr->fingers;
        uint64_t *side = cr->tap == TAP_OPPONENT ? y : x;
        side[cr->tap == TAP_OPPONENT ? j : i] = v;
    } else {
        uint64_t z[H];
        if (nme < 2 || cr->split == SPLIT_NONE) return false;
        if (!split_move(cr, (uint64_t)(m - a * b), x, nme, z)) return false;
        memcpy(x, z, (size_t)nme * sizeof *x);
    }
    if (!cr->ordered) {
        sort_hands(x, nme);
        sort_hands(y, nop);
    }
    for (int h = 0; h < nme; h++)
        next[me + h] = (uint32_t)x[h];
    for (int h = 0; h < nop; h++)
        next[op + h] = (uint32_t)y[h];
    return true;
}
