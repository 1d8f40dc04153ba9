/* chop_sym.c: the symbolic half of the chopsticks family: RULES.md section 1 as a circuit over
 * bit-vectors. A frame is four words (player 1's two hands, then player 2's), each of
 * ceil(log2 N) bits. One step chooses a move through move inputs (one-hot selectors, or a binary
 * move number), computes every candidate successor with word arithmetic, and multiplexes the
 * chosen one. Written from the rules, not from chop_moves.c; the tests compare the two. */
#include "games/chop_options.h"
#include "games/game_sym.h"

#include "core/util.h"

#include <stdio.h>
#include <string.h>

static int hand_bits(const chopsat_rules *r) { return word_bits(chop_of(r)->fingers - 1); }

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
        for (int p = 0; p < 2; p++) ok = gate_and(c, ok, word_ule(c, s[2 * p], s[2 * p + 1]));
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

static lit chop_sym_won(circuit *c, const chopsat_rules *r, const word *s, int mover,
                        int player)
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

/* Puts a pair of hands smaller first when hands are unordered. */
static void order_pair(circuit *c, const chopsat_rules *r, word *h)
{
    if (chop_of(r)->ordered) return;
    lit swap = word_ult(c, h[1], h[0]);
    word lo = word_ite(c, swap, h[1], h[0]), hi = word_ite(c, swap, h[0], h[1]);
    h[0] = lo;
    h[1] = hi;
}

/* The number of live hands of a pair, as (at least one, both). */
static void live(circuit *c, word a, word b, lit *any, lit *both)
{
    lit la = LIT_NOT(word_is_zero(c, a)), lb = LIT_NOT(word_is_zero(c, b));
    *any = gate_or(c, la, lb);
    *both = gate_and(c, la, lb);
}

/* The free split: the mover's hands (a, b) become (z, a+b-z) for a new input z. */
static lit free_split(circuit *c, const chopsat_rules *r, const char *prefix, word *x,
                      lit_vec *inputs, word *out)
{
    int w = hand_bits(r);
    char name[160];
    snprintf(name, sizeof name, "%s.split.x", prefix); /* the first new hand */
    word z = word_input(c, w, name);
    for (int i = 0; i < w; i++) VEC_PUSH(*inputs, z.b[i]);
    word sum = word_add(c, x[0], x[1]);
    word zz = word_resize(z, sum.w);
    word rest = word_sub(c, sum, zz);
    lit ok = word_ule(c, zz, sum);
    ok = gate_and(c, ok, word_ule_const(c, z, chop_of(r)->fingers - 1));
    ok = gate_and(c, ok, word_ule_const(c, rest, chop_of(r)->fingers - 1));
    /* the result must differ from (a, b) as an unordered pair */
    ok = gate_and(c, ok, LIT_NOT(word_eq(c, z, x[0])));
    ok = gate_and(c, ok, LIT_NOT(word_eq(c, z, x[1])));
    lit any_old, both_old, any_new, both_new;
    live(c, x[0], x[1], &any_old, &both_old);
    live(c, z, rest, &any_new, &both_new);
    if (!chop_of(r)->suicide) /* no fewer live hands than before */
        ok = gate_and(c, ok, gate_and(c, gate_implies(c, both_old, both_new),
                                      gate_implies(c, any_old, any_new)));
    if (!chop_of(r)->revive) /* no more live hands than before */
        ok = gate_and(c, ok, gate_and(c, gate_implies(c, both_new, both_old),
                                      gate_implies(c, any_new, any_old)));
    out[0] = z;
    out[1] = word_resize(rest, w);
    if (chop_of(r)->ordered) return ok;
    /* unordered hands: (z, rest) and (rest, z) are the same split, so take z <= rest; then the
     * pair is already in order and every split has exactly one choice of z */
    return gate_and(c, ok, word_ule(c, zz, rest));
}

/* The even split of a lone hand: (0, 2m) becomes (m, m). */
static lit even_split(circuit *c, word *x, word *out)
{
    lit z0 = word_is_zero(c, x[0]), z1 = word_is_zero(c, x[1]);
    lit even0 = LIT_NOT(x[0].b[0]), even1 = LIT_NOT(x[1].b[0]);
    lit ok = gate_or(c, gate_and(c, gate_and(c, z0, LIT_NOT(z1)), even1),
                     gate_and(c, gate_and(c, z1, LIT_NOT(z0)), even0));
    word half = word_shr1(word_ite(c, z0, x[1], x[0]));
    out[0] = out[1] = half;
    return ok;
}

static lit chop_sym_step(circuit *c, const chopsat_rules *r, const sym_opts *o, const word *s,
                         int mover, const char *prefix, lit_vec *inputs, word *next)
{
    int w = hand_bits(r);
    int bx = mover == 1 ? 0 : 2, by = 2 - bx;
    word result[5][4];
    lit legal[5];
    const char *what[5];
    static const char *tap_names[4] = {"tap00", "tap01", "tap10", "tap11"};
    static const char *add_names[4] = {"add00", "add01", "add10", "add11"};
    int nmoves = 0;

    /* taps: mover's hand i and opponent's hand j, both live */
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            word *res = result[nmoves];
            memcpy(res, s, 4 * sizeof *s);
            word x = s[bx + i], y = s[by + j];
            legal[nmoves] = gate_and(c, LIT_NOT(word_is_zero(c, x)), LIT_NOT(word_is_zero(c, y)));
            word v = overflow(c, r, word_add(c, x, y), w);
            if (chop_of(r)->tap == TAP_OPPONENT) {
                res[by + j] = v;
                order_pair(c, r, &res[by]);
            } else {
                res[bx + i] = v;
                order_pair(c, r, &res[bx]);
            }
            what[nmoves] = (chop_of(r)->tap == TAP_OPPONENT ? tap_names : add_names)[2 * i + j];
            nmoves++;
        }
    if (chop_of(r)->split != SPLIT_NONE) {
        word *res = result[nmoves];
        memcpy(res, s, 4 * sizeof *s);
        word x[2] = {s[bx], s[bx + 1]};
        legal[nmoves] = chop_of(r)->split == SPLIT_FREE ? free_split(c, r, prefix, x, inputs, &res[bx])
                                               : even_split(c, x, &res[bx]);
        what[nmoves] = "split";
        nmoves++;
    }

    /* the choice of move */
    lit sel[5], valid;
    char name[160];
    if (o->binary_moves) {
        snprintf(name, sizeof name, "%s.move", prefix);
        word m = word_input(c, word_bits((uint64_t)nmoves - 1), name);
        for (int i = 0; i < m.w; i++) VEC_PUSH(*inputs, m.b[i]);
        for (int k = 0; k < nmoves; k++) sel[k] = word_eq_const(c, m, (uint64_t)k);
        valid = word_ule_const(c, m, (uint64_t)nmoves - 1);
    } else {
        for (int k = 0; k < nmoves; k++) {
            snprintf(name, sizeof name, "%s.%s", prefix, what[k]);
            sel[k] = circuit_input(c, name);
            VEC_PUSH(*inputs, sel[k]);
        }
        valid = gate_exactly_one(c, sel, (size_t)nmoves);
    }
    lit ok = valid;
    for (int k = 0; k < nmoves; k++) ok = gate_and(c, ok, gate_implies(c, sel[k], legal[k]));
    for (int h = 0; h < 4; h++) {
        word v = result[nmoves - 1][h];
        for (int k = nmoves - 2; k >= 0; k--) v = word_ite(c, sel[k], result[k][h], v);
        next[h] = word_resize(v, w);
    }
    return ok;
}

const game_sym chop_game_sym = {
    .words = chop_sym_words,
    .valid = chop_sym_valid,
    .terminal = chop_sym_terminal,
    .won = chop_sym_won,
    .step = chop_sym_step,
};
