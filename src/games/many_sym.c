/* many_sym.c: the symbolic half of the chopsticks family at any hand count (docs/rules.md, "Any
 * number of hands"): the rules as a circuit over bit-vectors. A frame is A + B words, player
 * 1's A hands then player 2's B hands, each of ceil(log2 N) bits. One step chooses a move (one
 * selector per tap of a mover's hand on an opponent's hand and one for the split, or a binary
 * move number), multiplexes the two hands a tap touches, adds them exactly and puts the result
 * back (unordered hands: taken out of the sorted list and inserted again in order). A free split
 * takes the mover's new hands as free inputs, all but the last, which the total fixes. Written
 * from the rules, not from many_moves.c or chop_sym.c; tests/unit/test_many_sym.c compares it
 * with the explicit halves. The textbook form is many_textbook.c's. */
#include "games/chop_options.h"
#include "games/game_sym.h"
#include "games/many_textbook.h"

#include <stdio.h>
#include <string.h>

#include "core/util.h"

enum { H = CHOPSAT_HANDS_MAX };

/* The width of a hand: 0 .. N-1. */
static int hand_bits(const chopsat_rules *r)
{
    return word_bits(chop_of(r)->fingers - 1);
}

static int many_sym_words(const chopsat_rules *r, int *widths, const char **names)
{
    static const char *const hand[2][H] = {
        {"p1.h0", "p1.h1", "p1.h2", "p1.h3", "p1.h4", "p1.h5", "p1.h6", "p1.h7"},
        {"p2.h0", "p2.h1", "p2.h2", "p2.h3", "p2.h4", "p2.h5", "p2.h6", "p2.h7"}};
    int n = 0;
    for (int p = 0; p < 2; p++)
        for (int h = 0; h < chop_hands(r, p + 1); h++) {
            widths[n] = hand_bits(r);
            names[n++] = hand[p][h];
        }
    return n;
}

/* The first word of `player`'s hands (1 or 2) in a frame. */
static int first_word(const chopsat_rules *r, int player)
{
    return player == 1 ? 0 : chop_hands(r, 1);
}

/* Every hand holds 0 .. N-1 fingers; unordered hands are kept smallest first. */
static lit many_sym_valid(circuit *c, const chopsat_rules *r, const word *s)
{
    lit ok = LIT_TRUE;
    for (int p = 1; p <= 2; p++) {
        const word *x = &s[first_word(r, p)];
        for (int h = 0; h < chop_hands(r, p); h++) {
            ok = gate_and(c, ok, word_ule_const(c, x[h], chop_of(r)->fingers - 1));
            if (!chop_of(r)->ordered && h > 0) ok = gate_and(c, ok, word_ule(c, x[h - 1], x[h]));
        }
    }
    return ok;
}

/* "player (1 or 2) has no live hand" */
static lit dead(circuit *c, const chopsat_rules *r, const word *s, int player)
{
    lit d = LIT_TRUE;
    for (int h = 0; h < chop_hands(r, player); h++)
        d = gate_and(c, d, word_is_zero(c, s[first_word(r, player) + h]));
    return d;
}

static lit many_sym_terminal(circuit *c, const chopsat_rules *r, const word *s)
{
    return gate_or(c, dead(c, r, s, 1), dead(c, r, s, 2));
}

static lit many_sym_won(circuit *c, const chopsat_rules *r, const word *s, int mover, int player)
{
    lit d1 = dead(c, r, s, 1), d2 = dead(c, r, s, 2);
    /* both without a live hand: the player who has just moved has won */
    lit won = 3 - mover == player ? gate_and(c, d1, d2) : LIT_FALSE;
    /* eliminate: the player without a live hand has lost; finish: has won */
    lit only1 = gate_and(c, d1, LIT_NOT(d2)), only2 = gate_and(c, d2, LIT_NOT(d1));
    bool finish = chop_of(r)->win == WIN_FINISH;
    lit p1_wins = finish ? only1 : only2, p2_wins = finish ? only2 : only1;
    return gate_or(c, won, player == 1 ? p1_wins : p2_wins);
}

/* "hand h holds fingers" */
static lit alive(circuit *c, word h)
{
    return LIT_NOT(word_is_zero(c, h));
}

/* The exact sum of n words (a balanced tree of adders: 8 hands of 64 bits need 67 bits). */
static word sum_of(circuit *c, const word *x, int n)
{
    if (n == 1) return x[0];
    return word_add(c, sum_of(c, x, n / 2), sum_of(c, x + n / 2, n - n / 2));
}

/* The number of live hands among n, as a word. */
static word live_count(circuit *c, const word *x, int n)
{
    word bits[H];
    for (int h = 0; h < n; h++) {
        bits[h] = word_const(0, 1);
        bits[h].b[0] = alive(c, x[h]);
    }
    return sum_of(c, bits, n);
}

/* The hand the one-hot sel (n literals) picks among x. */
static word pick(circuit *c, const lit *sel, const word *x, int n)
{
    word a = x[0];
    for (int h = 1; h < n; h++)
        a = word_ite(c, sel[h], x[h], a);
    return a;
}

/* The n hands x with the hand the one-hot sel picks replaced by v; unordered hands (x sorted)
 * stay sorted: the picked hand is taken out and v inserted where it belongs. */
static void replace(circuit *c, const chopsat_rules *r, const lit *sel, const word *x, int n,
                    word v, word *out)
{
    if (chop_of(r)->ordered || n == 1) {
        for (int h = 0; h < n; h++)
            out[h] = n == 1 ? v : word_ite(c, sel[h], v, x[h]);
        return;
    }
    word rest[H] = {0};
    lit after = LIT_FALSE; /* "the picked hand is at or before h" */
    for (int h = 0; h + 1 < n; h++) {
        after = gate_or(c, after, sel[h]);
        rest[h] = word_ite(c, after, x[h + 1], x[h]);
    }
    lit below[H] = {0}; /* rest[h] < v: true for a prefix of rest */
    for (int h = 0; h + 1 < n; h++)
        below[h] = word_ult(c, rest[h], v);
    out[0] = word_ite(c, below[0], rest[0], v);
    for (int h = 1; h + 1 < n; h++)
        out[h] = word_ite(c, below[h], rest[h], word_ite(c, below[h - 1], v, rest[h - 1]));
    out[n - 1] = word_ite(c, below[n - 2], v, rest[n - 2]);
}

/* x sorted by a network of compare-exchanges (for comparing hands as multisets). */
static void sorted(circuit *c, const word *x, int n, word *out)
{
    for (int h = 0; h < n; h++)
        out[h] = x[h];
    for (int i = 0; i < n; i++)
        for (int h = 0; h + 1 < n - i; h++) {
            lit swap = word_ult(c, out[h + 1], out[h]);
            word lo = word_ite(c, swap, out[h + 1], out[h]);
            out[h + 1] = word_ite(c, swap, out[h], out[h + 1]);
            out[h] = lo;
        }
}

/* "x and z (n hands each, sorted when hands are unordered) differ as multisets" */
static lit differ(circuit *c, const chopsat_rules *r, const word *x, const word *z, int n)
{
    word xs[H], zs[H];
    if (chop_of(r)->ordered) {
        sorted(c, x, n, xs);
        sorted(c, z, n, zs);
        x = xs;
        z = zs;
    }
    lit same = LIT_TRUE;
    for (int h = 0; h < n; h++)
        same = gate_and(c, same, word_eq(c, x[h], z[h]));
    return LIT_NOT(same);
}

/* The free split of the n >= 2 hands x: new hands z[0..n-2] are inputs, z[n-1] is the rest of
 * the total. Returns "the split is legal" for a position that is not terminal. */
static lit free_split(circuit *c, const chopsat_rules *r, const char *prefix, const word *x, int n,
                      lit_vec *inputs, word *z)
{
    int w = hand_bits(r);
    uint64_t top = chop_of(r)->fingers - 1;
    char name[160];
    lit ok = LIT_TRUE;
    for (int h = 0; h + 1 < n; h++) {
        if (n == 2)
            snprintf(name, sizeof name, "%s.split.x", prefix);
        else
            snprintf(name, sizeof name, "%s.split.x%d", prefix, h);
        z[h] = word_input(c, w, name);
        for (int b = 0; b < w; b++)
            VEC_PUSH(*inputs, z[h].b[b]);
        ok = gate_and(c, ok, word_ule_const(c, z[h], top));
    }
    lit borrow;
    word rest = word_sub_borrow(c, sum_of(c, x, n), sum_of(c, z, n - 1), &borrow);
    ok = gate_and(c, ok, gate_and(c, LIT_NOT(borrow), word_ule_const(c, rest, top)));
    z[n - 1] = word_resize(rest, w);
    if (!chop_of(r)->ordered) /* one way to write each result: smallest first */
        for (int h = 0; h + 1 < n; h++)
            ok = gate_and(c, ok, word_ule(c, z[h], z[h + 1]));
    ok = gate_and(c, ok, differ(c, r, x, z, n));
    word before = live_count(c, x, n), after = live_count(c, z, n);
    if (!chop_of(r)->suicide) ok = gate_and(c, ok, word_ule(c, before, after));
    if (!chop_of(r)->revive) ok = gate_and(c, ok, word_ule(c, after, before));
    return ok;
}

/* The even split of a lone hand 2m among n >= 2 hands: it and one dead hand become m, m (the
 * lone hand keeps its place and the first dead hand takes the other m with ordered hands; the
 * two m last, smallest first, with unordered). */
static lit even_split(circuit *c, const chopsat_rules *r, const word *x, int n, word *z)
{
    lit live[H];
    for (int h = 0; h < n; h++)
        live[h] = alive(c, x[h]);
    lit ok = gate_exactly_one(c, live, (size_t)n);
    word lone = pick(c, live, x, n);
    ok = gate_and(c, ok, LIT_NOT(lone.b[0]));
    word half = word_shr1(lone), zero = word_const(0, x[0].w);
    for (int h = 0; h < n; h++) {
        if (!chop_of(r)->ordered)
            z[h] = h >= n - 2 ? half : zero;
        else if (h == 0)
            z[h] = half;
        else
            z[h] = word_ite(c, h == 1 ? gate_or(c, live[0], live[1]) : live[h], half, zero);
    }
    return ok;
}

/* The move inputs: sel[k] for the taps k = i * nop + j (the mover's hand i, the opponent's
 * hand j) and k = nme * nop for the split; one-hot selectors or a binary move number. Returns
 * "the inputs name a move". */
static lit choose(circuit *c, const chopsat_rules *r, const sym_opts *o, int nme, int nop,
                  int nmoves, const char *prefix, lit_vec *inputs, lit *sel)
{
    char name[160];
    if (o->binary_moves) {
        snprintf(name, sizeof name, "%s.move", prefix);
        word m = word_input(c, word_bits((uint64_t)nmoves - 1), name);
        for (int b = 0; b < m.w; b++)
            VEC_PUSH(*inputs, m.b[b]);
        for (int k = 0; k < nmoves; k++)
            sel[k] = word_eq_const(c, m, (uint64_t)k);
        return word_ule_const(c, m, (uint64_t)nmoves - 1);
    }
    for (int k = 0; k < nmoves; k++) {
        if (k == nme * nop)
            snprintf(name, sizeof name, "%s.split", prefix);
        else
            snprintf(name, sizeof name, "%s.%s%d%d", prefix,
                     chop_of(r)->tap == TAP_OPPONENT ? "tap" : "add", k / nop, k % nop);
        sel[k] = circuit_input(c, name);
        VEC_PUSH(*inputs, sel[k]);
    }
    return gate_exactly_one(c, sel, (size_t)nmoves);
}

/* A sum of two hands brought back below N by the overflow rule, as a hand. */
static word overflow(circuit *c, const chopsat_rules *r, word sum)
{
    uint64_t n = chop_of(r)->fingers;
    lit over = word_uge_const(c, sum, n);
    word wrapped = chop_of(r)->overflow == OVERFLOW_CUTOFF ? word_const(0, sum.w)
                                                           : word_sub(c, sum, word_const(n, sum.w));
    return word_resize(word_ite(c, over, wrapped, sum), hand_bits(r));
}

/* Does the mover have a split move at all under r? */
static bool has_split(const chopsat_rules *r, int nme)
{
    return chop_of(r)->split != SPLIT_NONE && nme >= 2;
}

static lit many_sym_step(circuit *c, const chopsat_rules *r, const sym_opts *o, const word *s,
                         int mover, const char *prefix, lit_vec *inputs, word *next)
{
    int nme = chop_hands(r, mover), nop = chop_hands(r, 3 - mover);
    const word *x = &s[first_word(r, mover)], *y = &s[first_word(r, 3 - mover)];
    word *xn = &next[first_word(r, mover)], *yn = &next[first_word(r, 3 - mover)];
    bool split = has_split(r, nme);
    int nmoves = nme * nop + split;
    lit sel[H * H + 1];
    lit ok = choose(c, r, o, nme, nop, nmoves, prefix, inputs, sel);
    lit row[H], col[H]; /* the mover's hand and the opponent's hand a tap touches */
    for (int i = 0; i < nme; i++)
        row[i] = gate_or_n(c, &sel[i * nop], (size_t)nop);
    for (int j = 0; j < nop; j++) {
        col[j] = LIT_FALSE;
        for (int i = 0; i < nme; i++)
            col[j] = gate_or(c, col[j], sel[i * nop + j]);
    }
    word a = pick(c, row, x, nme), b = pick(c, col, y, nop);
    lit tap_ok = gate_and(c, alive(c, a), alive(c, b));
    word v = overflow(c, r, word_add(c, a, b));
    word xt[H], yt[H];
    memcpy(xt, x, (size_t)nme * sizeof *xt);
    memcpy(yt, y, (size_t)nop * sizeof *yt);
    if (chop_of(r)->tap == TAP_OPPONENT)
        replace(c, r, col, y, nop, v, yt);
    else
        replace(c, r, row, x, nme, v, xt);
    lit sp = split ? sel[nmoves - 1] : LIT_FALSE;
    word z[H];
    lit split_ok = LIT_FALSE;
    if (split && chop_of(r)->split == SPLIT_FREE)
        split_ok = free_split(c, r, prefix, x, nme, inputs, z);
    else if (split)
        split_ok = even_split(c, r, x, nme, z);
    ok = gate_and(c, ok, gate_ite(c, sp, split_ok, tap_ok));
    int w = hand_bits(r);
    for (int h = 0; h < nme; h++)
        xn[h] = word_resize(split ? word_ite(c, sp, z[h], xt[h]) : xt[h], w);
    for (int h = 0; h < nop; h++)
        yn[h] = word_resize(split ? word_ite(c, sp, y[h], yt[h]) : yt[h], w);
    return ok;
}

_Static_assert((int)MANY_TB_NAME == (int)TB_NAME && (int)MANY_TB_MAX == (int)TB_MAX_MOVES,
               "many_textbook.h's limits are game_sym.h's");

const game_sym many_game_sym = {
    .words = many_sym_words,
    .valid = many_sym_valid,
    .terminal = many_sym_terminal,
    .won = many_sym_won,
    .step = many_sym_step,
    .tb_moves = many_tb_moves,
    .tb_move = many_tb_move,
};
