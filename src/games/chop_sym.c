/* chop_sym.c: the symbolic half of the chopsticks family: docs/rules.md as a circuit over
 * bit-vectors. A frame is four words (player 1's two hands, then player 2's), each of
 * ceil(log2 N) bits. One step chooses a move through move inputs (one-hot selectors, or a binary
 * move number), lets them pick the two operands, and computes one sum: the successor differs
 * from the position only in the pair of hands the move touches. Written from the rules, not from
 * chop_moves.c; the tests compare the two. */
#include "games/chop_options.h"
#include "games/game_sym.h"

#include "core/util.h"

#include <stdio.h>
#include <string.h>

static int hand_bits(const chopsat_rules *r)
{
    return word_bits(chop_of(r)->fingers - 1);
}

static int chop_sym_words(const chopsat_rules *r, int *widths, const char **names)
{
    static const char *hand[4] = {"p1.h0", "p1.h1", "p2.h0", "p2.h1"};
    for (int i = 0; i < 4; i++) {
        widths[i] = hand_bits(r);
        names[i] = hand[i];
    }
    return 4;
}

/* Every hand holds 0..N-1 fingers; unordered pairs are kept smaller first. */
static lit chop_sym_valid(circuit *c, const chopsat_rules *r, const word *s)
{
    lit ok = LIT_TRUE;
    for (int h = 0; h < 4; h++)
        ok = gate_and(c, ok, word_ule_const(c, s[h], chop_of(r)->fingers - 1));
    if (!chop_of(r)->ordered)
        for (int p = 0; p < 2; p++)
            ok = gate_and(c, ok, word_ule(c, s[2 * p], s[2 * p + 1]));
    return ok;
}

/* "player p (0 or 1) has no live hand" */
static lit dead(circuit *c, const word *s, int p)
{
    return gate_and(c, word_is_zero(c, s[2 * p]), word_is_zero(c, s[2 * p + 1]));
}

static lit chop_sym_terminal(circuit *c, const chopsat_rules *r, const word *s)
{
    (void)r;
    return gate_or(c, dead(c, s, 0), dead(c, s, 1));
}

static lit chop_sym_won(circuit *c, const chopsat_rules *r, const word *s, int mover, int player)
{
    lit d1 = dead(c, s, 0), d2 = dead(c, s, 1);
    lit both = gate_and(c, d1, d2);
    /* both dead cannot arise in play: the player who has just moved wins */
    lit won = 3 - mover == player ? both : LIT_FALSE;
    /* eliminate: a player with no live hand has lost; finish: that player has won */
    lit only1 = gate_and(c, d1, LIT_NOT(d2)), only2 = gate_and(c, d2, LIT_NOT(d1));
    bool finish = chop_of(r)->win == WIN_FINISH;
    lit p1_wins = finish ? only1 : only2, p2_wins = finish ? only2 : only1;
    return gate_or(c, won, player == 1 ? p1_wins : p2_wins);
}

/* A sum of two hands (w+1 bits) brought back below N by the overflow rule (w bits). */
static word overflow(circuit *c, const chopsat_rules *r, word sum, int w)
{
    lit over = word_uge_const(c, sum, chop_of(r)->fingers);
    word wrapped = chop_of(r)->overflow == OVERFLOW_CUTOFF
                       ? word_const(0, sum.w)
                       : word_sub(c, sum, word_const(chop_of(r)->fingers, sum.w));
    return word_resize(word_ite(c, over, wrapped, sum), w);
}

/* "hand h holds fingers" */
static lit alive(circuit *c, word h)
{
    return LIT_NOT(word_is_zero(c, h));
}

/* The pair (h[0], h[1]) after its hand `which` (0 or 1, a literal) becomes v: (v, h1) or
 * (h0, v), smaller first when hands are unordered (the other hand and v compared once). */
static void replace_hand(circuit *c, const chopsat_rules *r, const word *h, lit which, word v,
                         word *out)
{
    if (chop_of(r)->ordered) {
        out[0] = word_ite(c, which, h[0], v);
        out[1] = word_ite(c, which, v, h[1]);
        return;
    }
    word other = word_ite(c, which, h[0], h[1]);
    lit v_first = word_ult(c, v, other);
    out[0] = word_ite(c, v_first, v, other);
    out[1] = word_ite(c, v_first, other, v);
}

/* The free split: the mover's hands (a, b) become (z, a+b-z) for a new input z; sum is a+b.
 * Returns "the split is legal" for a position that is not terminal (the mover has fingers, so
 * the new pair has some too, and the old pair is in order when hands are unordered). */
static lit free_split(circuit *c, const chopsat_rules *r, const char *prefix, const word *x,
                      word sum, lit_vec *inputs, word *out)
{
    int w = hand_bits(r);
    char name[160];
    snprintf(name, sizeof name, "%s.split.x", prefix); /* the first new hand */
    word z = word_input(c, w, name);
    for (int i = 0; i < w; i++)
        VEC_PUSH(*inputs, z.b[i]);
    lit borrow;
    word rest = word_sub_borrow(c, sum, word_resize(z, sum.w), &borrow);
    lit ok = gate_and(c, LIT_NOT(borrow), word_ule_const(c, z, chop_of(r)->fingers - 1));
    ok = gate_and(c, ok, word_ule_const(c, rest, chop_of(r)->fingers - 1));
    out[0] = z;
    out[1] = word_resize(rest, w);
    /* the result differs from (a, b) as an unordered pair: z is neither a nor b (for
     * unordered hands with a <= b and z <= rest, z == b forces z == a) */
    ok = gate_and(c, ok, LIT_NOT(word_eq(c, z, x[0])));
    if (chop_of(r)->ordered) ok = gate_and(c, ok, LIT_NOT(word_eq(c, z, x[1])));
    /* the sum is positive, so the new pair has a live hand as the old one has: only "both
     * live" can change */
    lit both_old = gate_and(c, alive(c, x[0]), alive(c, x[1]));
    lit both_new = gate_and(c, alive(c, out[0]), alive(c, out[1]));
    if (!chop_of(r)->suicide) ok = gate_and(c, ok, gate_implies(c, both_old, both_new));
    if (!chop_of(r)->revive) ok = gate_and(c, ok, gate_implies(c, both_new, both_old));
    if (chop_of(r)->ordered) return ok;
    /* unordered hands: (z, rest) and (rest, z) are the same split, so take z <= rest; then the
     * pair is already in order and every split has exactly one choice of z */
    return gate_and(c, ok, word_ule(c, z, out[1]));
}

/* The even split of a lone hand: (0, 2m) becomes (m, m). */
static lit even_split(circuit *c, const word *x, word *out)
{
    lit z0 = word_is_zero(c, x[0]), z1 = word_is_zero(c, x[1]);
    lit even0 = LIT_NOT(x[0].b[0]), even1 = LIT_NOT(x[1].b[0]);
    lit ok = gate_or(c, gate_and(c, gate_and(c, z0, LIT_NOT(z1)), even1),
                     gate_and(c, gate_and(c, z1, LIT_NOT(z0)), even0));
    word half = word_shr1(word_ite(c, z0, x[1], x[0]));
    out[0] = out[1] = half;
    return ok;
}

/* The move inputs of one step: which of the mover's hands taps (i), which of the opponent's
 * is tapped (j), whether the move is the split (sp), and "the inputs name a move". One-hot:
 * one selector per move (tap00, tap01, tap10, tap11, split); binary: a move number whose bits
 * are j, i and split. */
static lit choose(circuit *c, const sym_opts *o, bool tap_opponent, int nmoves, const char *prefix,
                  lit_vec *inputs, lit *i, lit *j, lit *sp)
{
    static const char *const tap_names[4] = {"tap00", "tap01", "tap10", "tap11"};
    static const char *const add_names[4] = {"add00", "add01", "add10", "add11"};
    char name[160];
    if (o->binary_moves) {
        snprintf(name, sizeof name, "%s.move", prefix);
        word m = word_input(c, word_bits((uint64_t)nmoves - 1), name);
        for (int b = 0; b < m.w; b++)
            VEC_PUSH(*inputs, m.b[b]);
        *j = m.b[0];
        *i = m.b[1];
        *sp = nmoves == 5 ? m.b[2] : LIT_FALSE;
        return word_ule_const(c, m, (uint64_t)nmoves - 1);
    }
    lit sel[5];
    for (int k = 0; k < nmoves; k++) {
        snprintf(name, sizeof name, "%s.%s", prefix,
                 k == 4 ? "split" : (tap_opponent ? tap_names : add_names)[k]);
        sel[k] = circuit_input(c, name);
        VEC_PUSH(*inputs, sel[k]);
    }
    *i = gate_or(c, sel[2], sel[3]);
    *j = gate_or(c, sel[1], sel[3]);
    *sp = nmoves == 5 ? sel[4] : LIT_FALSE;
    return gate_exactly_one(c, sel, (size_t)nmoves);
}

/* One step, operands first: the move inputs pick the tapping hand a and the tapped hand b
 * (for a free split, the mover's two hands), one adder makes their sum, and the successor
 * differs from s only in the pair the move touches. */
static lit chop_sym_step(circuit *c, const chopsat_rules *r, const sym_opts *o, const word *s,
                         int mover, const char *prefix, lit_vec *inputs, word *next)
{
    int w = hand_bits(r);
    int bx = mover == 1 ? 0 : 2, by = 2 - bx;
    const word *x = &s[bx], *y = &s[by];
    lit i, j, sp;
    lit ok = choose(c, o, chop_of(r)->tap == TAP_OPPONENT, chop_of(r)->split == SPLIT_NONE ? 4 : 5,
                    prefix, inputs, &i, &j, &sp);
    word a = word_ite(c, i, x[1], x[0]);
    word b = word_ite(c, j, y[1], y[0]);
    /* a tap needs both hands live */
    lit tap_ok = gate_and(c, gate_ite(c, i, alive(c, x[1]), alive(c, x[0])),
                          gate_ite(c, j, alive(c, y[1]), alive(c, y[0])));
    /* the free split adds the mover's own hands (i is 0 then, so a is x[0]) */
    if (chop_of(r)->split == SPLIT_FREE) b = word_ite(c, sp, x[1], b);
    word sum = word_add(c, a, b);
    word tapped[2], split[2];
    word v = overflow(c, r, sum, w);
    lit split_ok = LIT_FALSE;
    if (chop_of(r)->split == SPLIT_FREE)
        split_ok = free_split(c, r, prefix, x, sum, inputs, split);
    else if (chop_of(r)->split == SPLIT_EVEN_LONE)
        split_ok = even_split(c, x, split);
    ok = gate_and(c, ok, gate_ite(c, sp, split_ok, tap_ok));
    word mover_hands[2] = {x[0], x[1]}, other_hands[2] = {y[0], y[1]};
    if (chop_of(r)->tap == TAP_OPPONENT)
        replace_hand(c, r, y, j, v, other_hands);
    else
        replace_hand(c, r, x, i, v, mover_hands);
    if (chop_of(r)->split != SPLIT_NONE) {
        memcpy(tapped, mover_hands, sizeof tapped);
        for (int h = 0; h < 2; h++) {
            mover_hands[h] = word_ite(c, sp, split[h], tapped[h]);
            other_hands[h] = word_ite(c, sp, y[h], other_hands[h]);
        }
    }
    for (int h = 0; h < 2; h++) {
        next[bx + h] = word_resize(mover_hands[h], w);
        next[by + h] = word_resize(other_hands[h], w);
    }
    return ok;
}

/* ---- the textbook form: one move at a time on concrete hands ----
 * Moves: the four taps (`tap_XY`: the mover's hand X touches the opponent's hand Y; with
 * tap=self-add `add_XY`: the opponent's Y is added to the mover's X; L is hand 0, the smaller
 * one when hands are unordered, R hand 1), then the splits: `split_X` for X = 0 .. N-1 (the
 * mover's hands become X and the rest of their sum, X on the left) or the one `split_even`. */
static int chop_tb_moves(const chopsat_rules *r, char (*names)[TB_NAME])
{
    const chop_rules *cr = chop_of(r);
    static const char hand[2] = {'L', 'R'};
    int n = 0;
    for (int x = 0; x < 2; x++)
        for (int y = 0; y < 2; y++)
            snprintf(names[n++], TB_NAME, "%s_%c%c", cr->tap == TAP_OPPONENT ? "tap" : "add",
                     hand[x], hand[y]);
    if (cr->split == SPLIT_EVEN_LONE) snprintf(names[n++], TB_NAME, "split_even");
    if (cr->split == SPLIT_FREE)
        for (uint32_t x = 0; x < cr->fingers && n < TB_MAX_MOVES; x++)
            snprintf(names[n++], TB_NAME, "split_%u", x);
    return n;
}

/* The pair (a, b) as the rules keep it: smaller first when hands are unordered. */
static void keep_pair(const chop_rules *cr, uint32_t *a, uint32_t *b)
{
    if (!cr->ordered && *a > *b) {
        uint32_t t = *a;
        *a = *b;
        *b = t;
    }
}

static bool chop_tb_move(const chopsat_rules *r, int mover, int m, const uint32_t *s,
                         uint32_t *next)
{
    const chop_rules *cr = chop_of(r);
    uint64_t n = cr->fingers; /* the words s fit 32 bits: textbook.c takes only small frames */
    int me = mover == 1 ? 0 : 2, op = 2 - me;
    for (int h = 0; h < 4; h++)
        next[h] = s[h];
    /* nobody moves once a player has no live hand */
    if ((!s[me] && !s[me + 1]) || (!s[op] && !s[op + 1])) return false;
    if (m < 4) {
        int x = m / 2, y = m % 2;
        uint32_t mine = s[me + x], theirs = s[op + y];
        if (!mine || !theirs) return false; /* dead hands neither tap nor are tapped */
        uint64_t v = (uint64_t)mine + theirs;
        if (v >= n) v = cr->overflow == OVERFLOW_CUTOFF ? 0 : v - n;
        int side = cr->tap == TAP_OPPONENT ? op : me;
        next[side + (cr->tap == TAP_OPPONENT ? y : x)] = (uint32_t)v;
        keep_pair(cr, &next[side], &next[side + 1]);
        return true;
    }
    uint64_t a = s[me], b = s[me + 1], sum = a + b, x, rest;
    if (cr->split == SPLIT_EVEN_LONE) {
        if (m != 4) return false;
        uint64_t live = a ? a : b; /* the one live hand, when exactly one hand is dead */
        if ((a == 0) == (b == 0) || live % 2) return false;
        x = rest = live / 2;
    } else {
        if (cr->split != SPLIT_FREE) return false;
        x = (uint64_t)(m - 4);
        if (x > sum || sum - x >= n || x >= n) return false;
        rest = sum - x;
        if (!cr->ordered && x > rest) return false; /* written smaller first */
        /* the hands themselves, or swapped, are no move */
        if ((x == a && rest == b) || (x == b && rest == a)) return false;
        int before = (a > 0) + (b > 0), after = (x > 0) + (rest > 0);
        if (!cr->suicide && after < before) return false;
        if (!cr->revive && after > before) return false;
    }
    next[me] = (uint32_t)x;
    next[me + 1] = (uint32_t)rest;
    return true;
}

const game_sym chop_game_sym = {
    .words = chop_sym_words,
    .valid = chop_sym_valid,
    .terminal = chop_sym_terminal,
    .won = chop_sym_won,
    .step = chop_sym_step,
    .tb_moves = chop_tb_moves,
    .tb_move = chop_tb_move,
};
