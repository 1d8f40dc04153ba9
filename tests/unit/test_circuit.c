/* test_circuit.c: the gate circuit (src/circuit/circuit.c) on its own: constant folding,
 * normalisation (operands ordered, negations moved out of xor and the condition of ite),
 * structural hashing (a gate built twice is one node, also across rehashing), topological
 * order, input names, and evaluation. Every gate built is checked against its truth table over
 * four inputs, computed here by plain bit operations, so a folding rule that changes the
 * function shows up. */
#include <stdlib.h>
#include <string.h>

#include "circuit/circuit.h"
#include "core/util.h"
#include "harness.h"

/* Truth tables over four inputs x0..x3: bit a of the mask is the value under assignment a
 * (x_i = bit i of a). */
typedef uint16_t table;
static const table X[4] = {0xAAAA, 0xCCCC, 0xF0F0, 0xFF00};

/* A circuit with four inputs, and the truth table of every literal built so far. */
typedef struct fixture {
    circuit *c;
    lit x[4];
} fixture;

static void fixture_open(fixture *fx)
{
    fx->c = circuit_new();
    char name[16];
    for (int i = 0; i < 4; i++) {
        snprintf(name, sizeof name, "x%d", i);
        fx->x[i] = circuit_input(fx->c, name);
    }
}

/* The truth table of l, by evaluating the circuit under all 16 assignments. */
static table truth(const circuit *c, lit l, const lit *x)
{
    size_t n = circuit_size(c);
    uint8_t *in = xcalloc(n, 1), *out = xmalloc(n);
    table t = 0;
    for (int a = 0; a < 16; a++) {
        for (int i = 0; i < 4; i++)
            in[LIT_NODE(x[i])] = (a >> i) & 1;
        circuit_eval(c, in, out);
        if (lit_value(out, l)) t |= (table)(1u << a);
    }
    free(in);
    free(out);
    return t;
}

TEST(circuit_constants_fold)
{
    fixture fx;
    fixture_open(&fx);
    circuit *c = fx.c;
    lit a = fx.x[0], b = fx.x[1];
    size_t before = circuit_size(c);
    CHECK(gate_and(c, a, LIT_FALSE) == LIT_FALSE && gate_and(c, LIT_FALSE, a) == LIT_FALSE);
    CHECK(gate_and(c, a, LIT_TRUE) == a && gate_and(c, LIT_TRUE, a) == a);
    CHECK(gate_and(c, a, a) == a && gate_and(c, a, LIT_NOT(a)) == LIT_FALSE);
    CHECK(gate_or(c, a, LIT_TRUE) == LIT_TRUE && gate_or(c, a, LIT_FALSE) == a);
    CHECK(gate_or(c, a, LIT_NOT(a)) == LIT_TRUE && gate_or(c, a, a) == a);
    CHECK(gate_xor(c, a, LIT_FALSE) == a && gate_xor(c, LIT_TRUE, a) == LIT_NOT(a));
    CHECK(gate_xor(c, a, a) == LIT_FALSE && gate_xor(c, a, LIT_NOT(a)) == LIT_TRUE);
    CHECK(gate_eq(c, a, a) == LIT_TRUE && gate_implies(c, LIT_FALSE, a) == LIT_TRUE);
    CHECK(gate_implies(c, a, LIT_TRUE) == LIT_TRUE && gate_implies(c, LIT_TRUE, a) == a);
    CHECK(gate_ite(c, LIT_TRUE, a, b) == a && gate_ite(c, LIT_FALSE, a, b) == b);
    CHECK(gate_ite(c, b, a, a) == a);
    CHECK(gate_and_n(c, NULL, 0) == LIT_TRUE && gate_or_n(c, NULL, 0) == LIT_FALSE);
    CHECK(gate_and_n(c, &a, 1) == a && gate_or_n(c, &a, 1) == a);
    CHECK(gate_exactly_one(c, &a, 1) == a && gate_exactly_one(c, NULL, 0) == LIT_FALSE);
    CHECKF(circuit_size(c) == before, "folding made %zu nodes", circuit_size(c) - before);
    /* ite with a constant or repeated branch becomes an and/or, never an ite node */
    lit s = fx.x[2];
    lit folded[] = {gate_ite(c, s, LIT_TRUE, a),   gate_ite(c, s, LIT_FALSE, a),
                    gate_ite(c, s, a, LIT_FALSE),  gate_ite(c, s, a, LIT_TRUE),
                    gate_ite(c, s, s, a),          gate_ite(c, s, a, s),
                    gate_ite(c, s, LIT_NOT(s), a), gate_ite(c, s, a, LIT_NOT(a))};
    for (size_t i = 0; i < sizeof folded / sizeof folded[0]; i++)
        CHECKF(circuit_node(c, LIT_NODE(folded[i]))->kind != NODE_ITE,
               "ite case %zu is an ite node", i);
    table ts = X[2], ta = X[0];
    table want[] = {
        (table)(ts | ta), (table)(~ts & ta), (table)(ts & ta),  (table)(~ts | ta),
        (table)(ts | ta), (table)(ts & ta),  (table)(~ts & ta), (table)((ts & ta) | (~ts & ~ta))};
    for (size_t i = 0; i < sizeof folded / sizeof folded[0]; i++)
        CHECKF(truth(c, folded[i], fx.x) == want[i], "ite case %zu: %04x, want %04x", i,
               truth(c, folded[i], fx.x), want[i]);
    circuit_free(c);
}

TEST(circuit_normalises_and_hashes)
{
    fixture fx;
    fixture_open(&fx);
    circuit *c = fx.c;
    lit a = fx.x[0], b = fx.x[1], s = fx.x[2];
    lit ab = gate_and(c, a, b);
    size_t n = circuit_size(c);
    CHECK(gate_and(c, b, a) == ab);
    CHECK(gate_or(c, LIT_NOT(a), LIT_NOT(b)) == LIT_NOT(ab));
    lit x = gate_xor(c, a, b);
    CHECK(!LIT_NEG(x));
    CHECK(gate_xor(c, b, a) == x);
    CHECK(gate_xor(c, LIT_NOT(a), b) == LIT_NOT(x) && gate_xor(c, a, LIT_NOT(b)) == LIT_NOT(x));
    CHECK(gate_xor(c, LIT_NOT(a), LIT_NOT(b)) == x);
    CHECK(gate_eq(c, a, b) == LIT_NOT(x));
    lit ite = gate_ite(c, s, a, b);
    CHECK(gate_ite(c, LIT_NOT(s), b, a) == ite);
    CHECK(gate_ite(c, s, LIT_NOT(a), LIT_NOT(b)) == LIT_NOT(ite));
    CHECKF(circuit_size(c) == n + 2, "%zu new nodes for one xor and one ite built several ways",
           circuit_size(c) - n);
    /* the stored form: and/xor operands ordered, xor operands and the ite condition and
     * then-branch positive */
    const node *na = circuit_node(c, LIT_NODE(ab)), *nx = circuit_node(c, LIT_NODE(x)),
               *ni = circuit_node(c, LIT_NODE(ite));
    CHECK(na->kind == NODE_AND && na->a < na->b);
    CHECK(nx->kind == NODE_XOR && nx->a < nx->b && !LIT_NEG(nx->a) && !LIT_NEG(nx->b));
    CHECK(ni->kind == NODE_ITE && !LIT_NEG(ni->a) && !LIT_NEG(ni->b));
    circuit_free(c);
}

TEST(circuit_hashing_survives_rehash)
{
    /* 3000 distinct gates (the table starts at 1024 slots), built twice: the second round
     * adds no node and returns the same literals */
    circuit *c = circuit_new();
    lit in[64];
    char name[16];
    for (int i = 0; i < 64; i++) {
        snprintf(name, sizeof name, "i%d", i);
        in[i] = circuit_input(c, name);
    }
    lit *first = xmalloc(3000 * sizeof *first);
    for (int round = 0; round < 2; round++) {
        size_t before = circuit_size(c);
        for (int k = 0; k < 3000; k++) {
            lit a = in[k % 64], b = in[(k / 64 + 1 + k % 64) % 64] ^ (lit)((k / 7) & 1);
            lit g = k % 3 == 0   ? gate_and(c, a, b)
                    : k % 3 == 1 ? gate_xor(c, a, b)
                                 : gate_ite(c, a, b, in[(k * 5) % 64]);
            if (round == 0)
                first[k] = g;
            else
                CHECKF(g == first[k], "gate %d: %u, first %u", k, g, first[k]);
        }
        if (round == 1)
            CHECKF(circuit_size(c) == before, "%zu new nodes", circuit_size(c) - before);
        else
            CHECK(circuit_size(c) > 2000);
    }
    free(first);
    circuit_free(c);
}

TEST(circuit_topological_order_and_names)
{
    fixture fx;
    fixture_open(&fx);
    circuit *c = fx.c;
    lit l = gate_ite(c, gate_xor(c, fx.x[0], fx.x[1]), gate_and(c, fx.x[2], fx.x[3]), fx.x[0]);
    CHECK(l != LIT_FALSE);
    CHECK(circuit_node(c, 0)->kind == NODE_CONST);
    for (uint32_t i = 1; i < circuit_size(c); i++) {
        const node *n = circuit_node(c, i);
        if (n->kind == NODE_INPUT) continue;
        CHECKF(LIT_NODE(n->a) < i && LIT_NODE(n->b) < i && LIT_NODE(n->c) < i,
               "node %u has a later child", i);
    }
    char want[16];
    for (int i = 0; i < 4; i++) {
        snprintf(want, sizeof want, "x%d", i);
        CHECK(!strcmp(circuit_input_name(c, LIT_NODE(fx.x[i])), want));
    }
    /* inputs are never hashed: the same name twice is two inputs */
    CHECK(circuit_input(c, "x0") != fx.x[0]);
    circuit_free(c);
}

/* A pseudo-random generator for the gate soup (fixed seed: reproducible). */
static uint32_t next_rand(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

TEST(circuit_evaluation_matches_truth_tables)
{
    /* 2000 random gates over the inputs, the constants and earlier gates, each compared with
     * its truth table computed by bit operations */
    fixture fx;
    fixture_open(&fx);
    circuit *c = fx.c;
    enum { N = 2000 };
    lit *ls = xmalloc((N + 6) * sizeof *ls);
    table *ts = xmalloc((N + 6) * sizeof *ts);
    size_t n = 0;
    ls[n] = LIT_FALSE, ts[n++] = 0;
    ls[n] = LIT_TRUE, ts[n++] = 0xFFFF;
    for (int i = 0; i < 4; i++)
        ls[n] = fx.x[i], ts[n++] = X[i];
    uint32_t seed = 42;
    int bad = 0;
    for (int k = 0; k < N && bad < 5; k++) {
        size_t i = next_rand(&seed) % n, j = next_rand(&seed) % n, m = next_rand(&seed) % n;
        bool ni = next_rand(&seed) & 1, nj = next_rand(&seed) & 1;
        lit a = ls[i] ^ ni, b = ls[j] ^ nj, d = ls[m];
        table ta = ni ? (table)~ts[i] : ts[i], tb = nj ? (table)~ts[j] : ts[j], td = ts[m];
        lit g;
        table want;
        switch (next_rand(&seed) % 6) {
        case 0:
            g = gate_and(c, a, b), want = ta & tb;
            break;
        case 1:
            g = gate_or(c, a, b), want = ta | tb;
            break;
        case 2:
            g = gate_xor(c, a, b), want = ta ^ tb;
            break;
        case 3:
            g = gate_ite(c, a, b, d), want = (table)((ta & tb) | (~ta & td));
            break;
        case 4:
            g = gate_eq(c, a, b), want = (table) ~(ta ^ tb);
            break;
        default: {
            lit xs[3] = {a, b, d};
            g = gate_exactly_one(c, xs, 3);
            want = (table)((ta ^ tb ^ td) & ~(ta & tb & td));
        }
        }
        table got = truth(c, g, fx.x);
        if (got != want) {
            bad++;
            CHECKF(0, "gate %d: truth table %04x, want %04x", k, got, want);
        }
        ls[n] = g, ts[n++] = want;
        if (n == N + 6) break;
    }
    free(ls);
    free(ts);
    circuit_free(c);
}

/* gate_exactly_one at every n up to 12, pairwise and ladder, on every assignment. */
TEST(circuit_exactly_one_pairwise_and_ladder)
{
    for (size_t n = 1; n <= 12; n++) {
        circuit *c = circuit_new();
        lit xs[12];
        for (size_t i = 0; i < n; i++)
            xs[i] = circuit_input(c, "x");
        lit g = gate_exactly_one(c, xs, n);
        size_t nn = circuit_size(c);
        uint8_t *in = calloc(nn, 1), *val = malloc(nn);
        for (uint32_t a = 0; a < (1u << n); a++) {
            for (size_t i = 0; i < n; i++)
                in[LIT_NODE(xs[i])] = (a >> i) & 1;
            circuit_eval(c, in, val);
            CHECKF(lit_value(val, g) == (__builtin_popcount(a) == 1), "n %zu assignment %u", n, a);
        }
        free(in);
        free(val);
        circuit_free(c);
    }
}

SCHEDULE_FILE(circuit)
{
    SCHEDULE(circuit_constants_fold);
    SCHEDULE(circuit_normalises_and_hashes);
    SCHEDULE(circuit_hashing_survives_rehash);
    SCHEDULE(circuit_topological_order_and_names);
    SCHEDULE(circuit_evaluation_matches_truth_tables);
    SCHEDULE(circuit_exactly_one_pairwise_and_ladder);
}
