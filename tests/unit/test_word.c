/* test_word.c: the bit-vector helpers (src/circuit/word.c) against integer arithmetic,
 * exhaustively over every pair of values of widths 1..4 (mixed widths included): add,
 * subtract modulo 2^w, <, <=, equality, the comparisons with constants, the multiplexer, shift,
 * resize; once with the operands as circuit inputs (evaluated) and once as constants (the
 * result must fold to the constant answer). */
#include <stdlib.h>
#include <string.h>

#include "circuit/word.h"
#include "core/util.h"
#include "harness.h"

/* The value of word a under the node values val. */
static uint64_t value(const uint8_t *val, word a)
{
    uint64_t v = 0;
    for (int i = 0; i < a.w; i++)
        v |= (uint64_t)lit_value(val, a.b[i]) << i;
    return v;
}

/* The constant value of word a, or -1 when a bit is not a constant. */
static int64_t const_value(word a)
{
    int64_t v = 0;
    for (int i = 0; i < a.w; i++) {
        if (a.b[i] != LIT_TRUE && a.b[i] != LIT_FALSE) return -1;
        if (a.b[i] == LIT_TRUE) v |= (int64_t)1 << i;
    }
    return v;
}

/* Everything word.h computes from a (wa bits), b (wb bits) and a select bit. */
typedef struct results {
    word add, sub, ite_t, ite_e, shr, grow, shrink;
    lit eq, ult, ule, eqc, ulec, ugec, zero;
} results;

static results build(circuit *c, word a, word b, lit s, uint64_t k)
{
    results r;
    r.add = word_add(c, a, b);
    r.sub = word_sub(c, a, b);
    r.ite_t = word_ite(c, s, a, b);
    r.ite_e = word_ite(c, LIT_NOT(s), a, b);
    r.shr = word_shr1(a);
    r.grow = word_resize(a, a.w + 2);
    r.shrink = word_resize(a, 1);
    r.eq = word_eq(c, a, b);
    r.ult = word_ult(c, a, b);
    r.ule = word_ule(c, a, b);
    r.eqc = word_eq_const(c, a, k);
    r.ulec = word_ule_const(c, a, k);
    r.ugec = word_uge_const(c, a, k);
    r.zero = word_is_zero(c, a);
    return r;
}

/* Reads results: under the node values val, or (val NULL) as constants, -1 for a bit that did
 * not fold. */
typedef struct reader {
    const uint8_t *val;
} reader;

static int64_t rw(const reader *rd, word a)
{
    return rd->val ? (int64_t)value(rd->val, a) : const_value(a);
}

static int rl(const reader *rd, lit l)
{
    if (rd->val) return lit_value(rd->val, l);
    return l == LIT_TRUE ? 1 : l == LIT_FALSE ? 0 : -1;
}

/* Checks results against integers x (wa bits), y (wb bits) and the constant k; returns the
 * number of disagreements. */
static int compare(const reader *rd, const results *r, int wa, int wb, uint64_t x, uint64_t y,
                   uint64_t k)
{
    int w = wa > wb ? wa : wb, bad = 0;
    uint64_t mask = (1u << w) - 1;
#define EXPECT(what, got, want)                                                                    \
    do {                                                                                           \
        if ((int64_t)(got) != (int64_t)(want) && bad++ < 3)                                        \
            CHECKF(0, "%s: widths %d,%d x=%llu y=%llu k=%llu: %lld, want %lld", what, wa, wb,      \
                   (unsigned long long)x, (unsigned long long)y, (unsigned long long)k,            \
                   (long long)(got), (long long)(want));                                           \
    } while (0)
    EXPECT("add width", r->add.w, w + 1);
    EXPECT("add", rw(rd, r->add), x + y);
    EXPECT("sub width", r->sub.w, w);
    EXPECT("sub", rw(rd, r->sub), (x - y) & mask);
    EXPECT("ite then", rw(rd, r->ite_t), x);
    EXPECT("ite else", rw(rd, r->ite_e), y);
    EXPECT("shr1", rw(rd, r->shr), x >> 1);
    EXPECT("resize up", rw(rd, r->grow), x);
    EXPECT("resize down", rw(rd, r->shrink), x & 1);
    EXPECT("eq", rl(rd, r->eq), x == y);
    EXPECT("ult", rl(rd, r->ult), x < y);
    EXPECT("ule", rl(rd, r->ule), x <= y);
    EXPECT("eq_const", rl(rd, r->eqc), x == k);
    EXPECT("ule_const", rl(rd, r->ulec), x <= k);
    EXPECT("uge_const", rl(rd, r->ugec), x >= k);
    EXPECT("is_zero", rl(rd, r->zero), x == 0);
#undef EXPECT
    return bad;
}

TEST(word_inputs_exhaustive_widths_1_to_4)
{
    for (int wa = 1; wa <= 4; wa++)
        for (int wb = 1; wb <= 4; wb++)
            for (uint64_t k = 0; k <= 17; k++) { /* constants up to past the widest value */
                circuit *c = circuit_new();
                word a = word_input(c, wa, "a"), b = word_input(c, wb, "b");
                lit s = circuit_input(c, "s");
                results r = build(c, a, b, s, k);
                size_t n = circuit_size(c);
                uint8_t *in = xcalloc(n, 1), *val = xmalloc(n);
                int bad = 0;
                for (uint64_t x = 0; x < (1u << wa) && bad < 3; x++)
                    for (uint64_t y = 0; y < (1u << wb) && bad < 3; y++) {
                        for (int i = 0; i < wa; i++)
                            in[LIT_NODE(a.b[i])] = (x >> i) & 1;
                        for (int i = 0; i < wb; i++)
                            in[LIT_NODE(b.b[i])] = (y >> i) & 1;
                        in[LIT_NODE(s)] = 1;
                        circuit_eval(c, in, val);
                        reader rd = {val};
                        bad += compare(&rd, &r, wa, wb, x, y, k);
                    }
                free(in);
                free(val);
                circuit_free(c);
            }
}

TEST(word_constants_fold_exhaustive_widths_1_to_4)
{
    circuit *c = circuit_new();
    size_t before = circuit_size(c);
    for (int wa = 1; wa <= 4; wa++)
        for (int wb = 1; wb <= 4; wb++)
            for (uint64_t x = 0; x < (1u << wa); x++)
                for (uint64_t y = 0; y < (1u << wb); y++)
                    for (uint64_t k = 0; k <= 17; k += 3) {
                        results r = build(c, word_const(x, wa), word_const(y, wb), LIT_TRUE, k);
                        reader rd = {NULL};
                        compare(&rd, &r, wa, wb, x, y, k);
                    }
    CHECKF(circuit_size(c) == before, "constants made %zu nodes", circuit_size(c) - before);
    circuit_free(c);
}

TEST(word_bits_widths_and_names)
{
    static const struct {
        uint64_t max;
        int bits;
    } cases[] = {{0, 1},
                 {1, 1},
                 {2, 2},
                 {3, 2},
                 {4, 3},
                 {7, 3},
                 {8, 4},
                 {36, 6},
                 {1048575, 20},
                 {1048576, 21},
                 {4294967295u, 32},
                 {(uint64_t)1 << 63, 64}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECKF(word_bits(cases[i].max) == cases[i].bits, "word_bits(%llu) = %d, want %d",
               (unsigned long long)cases[i].max, word_bits(cases[i].max), cases[i].bits);
    circuit *c = circuit_new();
    word a = word_input(c, 3, "f2.total");
    CHECK(a.w == 3);
    CHECK(!strcmp(circuit_input_name(c, LIT_NODE(a.b[0])), "f2.total[0]"));
    CHECK(!strcmp(circuit_input_name(c, LIT_NODE(a.b[2])), "f2.total[2]"));
    /* a constant wider than the word: never equal, always above */
    CHECK(word_eq_const(c, a, 8) == LIT_FALSE && word_ule_const(c, a, 8) == LIT_TRUE);
    CHECK(word_uge_const(c, a, 0) == LIT_TRUE);
    /* the widest sum stays within WORD_MAX bits */
    word big = word_input(c, WORD_MAX, "big");
    CHECK(word_add(c, big, big).w == WORD_MAX);
    circuit_free(c);
}

SCHEDULE_FILE(word)
{
    SCHEDULE(word_inputs_exhaustive_widths_1_to_4);
    SCHEDULE(word_constants_fold_exhaustive_widths_1_to_4);
    SCHEDULE(word_bits_widths_and_names);
}
