/* onedie_sym.c: the symbolic half of the one-die game: docs/rules.md as a circuit over
 * bit-vectors. A frame is two words: the running total (enough bits for 0 .. target+5, the
 * largest total a move from below the target can make) and the top face (3 bits; 0 only before
 * the opening). One step chooses the new top face f, by six one-hot inputs or by a 3-bit binary
 * number holding f itself: a quarter turn may show any face but the top and the bottom
 * (f != top, f + top != 7), which at the opening (top 0) allows every face. The total grows
 * by f. Written from the
 * rules, not from onedie_moves.c; tests/unit/test_game_sym.c compares the two. */
#include "games/game_sym.h"
#include "games/onedie_options.h"

#include <stdio.h>

#include "core/util.h"

/* Totals run from 0 to target+5. */
static int total_bits(const chopsat_rules *r)
{
    return word_bits((uint64_t)onedie_of(r)->target + 5);
}

static int onedie_sym_words(const chopsat_rules *r, int *widths, const char **names)
{
    widths[0] = total_bits(r);
    names[0] = "total";
    widths[1] = 3;
    names[1] = "top";
    return 2;
}

/* Before the opening the total and the top face are 0; after it the top face is 1..6, at most
 * the total, and the total at most target+5. */
static lit onedie_sym_valid(circuit *c, const chopsat_rules *r, const word *s)
{
    lit zero = word_is_zero(c, s[0]), top0 = word_is_zero(c, s[1]);
    lit later = gate_and(c, LIT_NOT(top0), word_ule_const(c, s[1], 6));
    later = gate_and(c, later, word_ule(c, s[1], s[0]));
    later = gate_and(c, later, word_ule_const(c, s[0], (uint64_t)onedie_of(r)->target + 5));
    return gate_ite(c, zero, top0, later);
}

/* The game is over once the total has reached the target. */
static lit onedie_sym_terminal(circuit *c, const chopsat_rules *r, const word *s)
{
    return word_uge_const(c, s[0], onedie_of(r)->target);
}

/* Exactly the target: the player who has just moved (not `mover`) has won; past the target:
 * the player who has just moved has lost, so `mover` has won. */
static lit onedie_sym_won(circuit *c, const chopsat_rules *r, const word *s, int mover, int player)
{
    lit exact = word_eq_const(c, s[0], onedie_of(r)->target);
    lit passed = LIT_NOT(word_ule_const(c, s[0], onedie_of(r)->target));
    return player == mover ? passed : exact;
}

/* The chosen face as a 3-bit word and "the choice names exactly one face 1..6". */
static lit choose_face(circuit *c, const sym_opts *o, const char *prefix, lit_vec *inputs,
                       word *face)
{
    char name[160];
    if (o->binary_moves) {
        snprintf(name, sizeof name, "%s.face", prefix);
        *face = word_input(c, 3, name);
        for (int i = 0; i < 3; i++)
            VEC_PUSH(*inputs, face->b[i]);
        lit nonzero = LIT_NOT(word_is_zero(c, *face));
        return gate_and(c, nonzero, word_ule_const(c, *face, 6));
    }
    lit sel[6];
    *face = word_const(0, 3);
    for (int f = 1; f <= 6; f++) {
        snprintf(name, sizeof name, "%s.face%d", prefix, f);
        sel[f - 1] = circuit_input(c, name);
        VEC_PUSH(*inputs, sel[f - 1]);
        *face = word_ite(c, sel[f - 1], word_const((uint64_t)f, 3), *face);
    }
    return gate_exactly_one(c, sel, 6);
}

static lit onedie_sym_step(circuit *c, const chopsat_rules *r, const sym_opts *o, const word *s,
                           int mover, const char *prefix, lit_vec *inputs, word *next)
{
    (void)mover; /* both players move alike */
    word face;
    lit ok = choose_face(c, o, prefix, inputs, &face);
    /* a quarter turn shows neither the top nor the bottom (7 - top). Before the opening the
     * top is 0: no face equals it or makes 7 with it, so the opening may show any face. */
    word top = word_resize(s[1], 3), bottom_face = top;
    lit same = word_eq(c, face, top);
    /* face + top = 7 on 3 bits is face = 7 - top, the complement of top: the same bit
     * comparisons as `same`, negated, with no adder */
    for (int i = 0; i < 3; i++)
        bottom_face.b[i] = LIT_NOT(top.b[i]);
    lit bottom = word_eq(c, face, bottom_face);
    ok = gate_and(c, ok, LIT_NOT(gate_or(c, same, bottom)));
    next[0] = word_resize(word_add(c, s[0], face), total_bits(r));
    next[1] = face;
    return ok;
}

/* The textbook form: `faceF` puts face F on top (the opening, or a quarter turn). */
static int onedie_tb_moves(const chopsat_rules *r, char (*names)[TB_NAME])
{
    (void)r;
    for (int f = 1; f <= 6; f++)
        snprintf(names[f - 1], TB_NAME, "face%d", f);
    return 6;
}

static bool onedie_tb_move(const chopsat_rules *r, int mover, int m, const uint32_t *s,
                           uint32_t *next)
{
    (void)mover;
    uint32_t face = (uint32_t)m + 1, total = s[0], top = s[1];
    if (total >= onedie_of(r)->target) return false; /* the race is over */
    /* a quarter turn hides the top and the bottom; before the opening (top 0) any face */
    if (top && (face == top || face + top == 7)) return false;
    next[0] = total + face;
    next[1] = face;
    return true;
}

const game_sym onedie_game_sym = {
    .words = onedie_sym_words,
    .valid = onedie_sym_valid,
    .terminal = onedie_sym_terminal,
    .won = onedie_sym_won,
    .step = onedie_sym_step,
    .tb_moves = onedie_tb_moves,
    .tb_move = onedie_tb_move,
};
