/* test_tseitin.c: the CNF encoder (src/bounded/tseitin.c) on its own. For every gate kind, with
 * negated operands, in full Tseitin and in Plaisted-Greenbaum mode and for each polarity, the
 * clauses are checked by enumerating every assignment of their variables against the circuit's
 * own evaluation: full Tseitin holds exactly when every gate variable equals its gate;
 * Plaisted-Greenbaum keeps the half the use needs (g -> gate for a positive use, gate -> g for a
 * negative one) and always admits the true values. Also: clause counts per gate, the missing
 * half added later, the constant, assertions (their models are the circuit's), variable
 * numbering and names, the clauses a solver receives, and a very deep circuit. */
#include <stdlib.h>
#include <string.h>

#include "bounded/tseitin.h"
#include "core/util.h"
#include "harness.h"
#include "solvers/sat.h"

/* Do the encoder's clauses hold under sigma (sigma[v] 0/1 for v = 1..vars)? */
static bool clauses_hold(const cnf *f, const uint8_t *sigma)
{
    size_t n;
    const int *ls = cnf_clause_lits(f, &n);
    bool sat = false;
    for (size_t i = 0; i < n; i++) {
        if (!ls[i]) {
            if (!sat) return false;
            sat = false;
            continue;
        }
        int v = abs(ls[i]);
        if ((ls[i] > 0) == (sigma[v] != 0)) sat = true;
    }
    return true;
}

/* The circuit's values under the inputs that sigma gives the input variables. */
static void eval_under(const circuit *c, const cnf *f, const uint8_t *sigma, uint8_t *val)
{
    size_t n = circuit_size(c);
    uint8_t *in = xcalloc(n, 1);
    for (uint32_t i = 0; i < n; i++) {
        int v = cnf_node_var(f, i);
        if (v && circuit_node(c, i)->kind == NODE_INPUT) in[i] = sigma[v];
    }
    circuit_eval(c, in, val);
    free(in);
}

/* The value of DIMACS literal l under sigma. */
static bool dimacs_true(const uint8_t *sigma, int l)
{
    return (l > 0) == (sigma[abs(l)] != 0);
}

/* Encodes l with polarity pol and checks the clauses against the circuit by enumeration.
 * Returns the number of clauses it made. */
static size_t check_encoding(circuit *c, lit l, bool pg, int pol, const char *what)
{
    cnf *f = cnf_new(c, pg, NULL);
    int dl = cnf_lit(f, l, pol);
    int vars = cnf_var_count(f);
    if (vars > 16) {
        CHECKF(0, "%s: %d variables", what, vars);
        cnf_free(f);
        return 0;
    }
    size_t n = circuit_size(c);
    uint8_t *sigma = xcalloc((size_t)vars + 1, 1), *val = xmalloc(n);
    int bad = 0;
    for (uint32_t a = 0; a < (1u << vars) && bad < 3; a++) {
        for (int v = 1; v <= vars; v++)
            sigma[v] = (a >> (v - 1)) & 1;
        eval_under(c, f, sigma, val);
        bool hold = clauses_hold(f, sigma);
        /* every gate variable equal to its gate (the "true values" of this input assignment) */
        bool exact = true;
        for (uint32_t i = 0; i < n; i++) {
            int v = cnf_node_var(f, i);
            if (v && sigma[v] != val[i]) exact = false;
        }
        bool lv = lit_value(val, l), dv = dimacs_true(sigma, dl);
        if (exact && !hold) {
            bad++;
            CHECKF(0, "%s: the true values violate a clause", what);
        }
        if (!pg || pol == POL_BOTH) {
            if (hold && !exact) {
                bad++;
                CHECKF(0, "%s: clauses hold with a wrong gate value", what);
            }
        } else if (hold) {
            if ((pol & POL_POS) && dv && !lv) {
                bad++;
                CHECKF(0, "%s: the literal is true, its gate false", what);
            }
            if ((pol & POL_NEG) && !dv && lv) {
                bad++;
                CHECKF(0, "%s: the literal is false, its gate true", what);
            }
        }
    }
    size_t clauses = cnf_clause_count(f);
    free(sigma);
    free(val);
    cnf_free(f);
    return clauses;
}

TEST(tseitin_every_gate_every_mode_by_enumeration)
{
    circuit *c = circuit_new();
    lit a = circuit_input(c, "a"), b = circuit_input(c, "b"), s = circuit_input(c, "s");
    struct {
        const char *name;
        lit l;
        size_t full, pos, neg; /* clauses of the top gate over inputs (0: not checked) */
    } gates[] = {
        {"and", gate_and(c, a, b), 3, 2, 1},
        {"and of negations", gate_and(c, LIT_NOT(a), LIT_NOT(b)), 3, 2, 1},
        {"or", gate_or(c, a, b), 3, 1, 2},
        {"xor", gate_xor(c, a, b), 4, 2, 2},
        {"xnor", gate_eq(c, a, LIT_NOT(b)), 4, 2, 2},
        {"ite", gate_ite(c, s, a, b), 4, 2, 2},
        {"ite, negated branch", gate_ite(c, s, a, LIT_NOT(b)), 4, 2, 2},
        {"ite, negated then", gate_ite(c, s, LIT_NOT(a), b), 4, 2, 2},
        {"nested", gate_ite(c, gate_xor(c, a, b), gate_and(c, a, LIT_NOT(s)), gate_or(c, b, s)), 0,
         0, 0},
        {"exactly one", 0, 0, 0, 0},
    };
    lit xs[3] = {a, b, s};
    gates[9].l = gate_exactly_one(c, xs, 3);
    static const int pols[] = {POL_POS, POL_NEG, POL_BOTH};
    char what[96];
    for (size_t g = 0; g < sizeof gates / sizeof gates[0]; g++)
        for (int pg = 0; pg <= 1; pg++)
            for (int p = 0; p < 3; p++) {
                snprintf(what, sizeof what, "%s (%s, polarity %d)", gates[g].name,
                         pg ? "Plaisted-Greenbaum" : "Tseitin", pols[p]);
                size_t n = check_encoding(c, gates[g].l, pg, pols[p], what);
                if (!gates[g].full) continue;
                size_t want = !pg || pols[p] == POL_BOTH ? gates[g].full
                              : pols[p] == POL_POS       ? gates[g].pos
                                                         : gates[g].neg;
                CHECKF(n == want, "%s: %zu clauses, want %zu", what, n, want);
            }
    circuit_free(c);
}

TEST(tseitin_missing_half_added_later_once)
{
    circuit *c = circuit_new();
    lit a = circuit_input(c, "a"), b = circuit_input(c, "b");
    lit g = gate_and(c, a, b);
    cnf *f = cnf_new(c, true, NULL);
    int v = cnf_lit(f, g, POL_POS);
    CHECK(cnf_clause_count(f) == 2);
    CHECK(cnf_lit(f, g, POL_POS) == v && cnf_clause_count(f) == 2);
    /* the negation used positively needs the gate's negative half: one clause more */
    CHECK(cnf_lit(f, LIT_NOT(g), POL_POS) == -v);
    CHECK(cnf_clause_count(f) == 3);
    CHECK(cnf_lit(f, g, POL_BOTH) == v && cnf_clause_count(f) == 3);
    cnf_free(f);
    /* full Tseitin emits the whole definition at once, whatever the polarity asked */
    f = cnf_new(c, false, NULL);
    cnf_lit(f, g, POL_NEG);
    CHECK(cnf_clause_count(f) == 3);
    cnf_free(f);
    circuit_free(c);
}

TEST(tseitin_constants_and_assertions)
{
    circuit *c = circuit_new();
    lit a = circuit_input(c, "a"), b = circuit_input(c, "b"), s = circuit_input(c, "s");
    for (int pg = 0; pg <= 1; pg++) {
        cnf *f = cnf_new(c, pg, NULL);
        int t = cnf_lit(f, LIT_TRUE, POL_POS), fl = cnf_lit(f, LIT_FALSE, POL_POS);
        /* one variable for the constant node, and one unit clause saying it is false */
        CHECK(fl > 0 && t == -fl && cnf_var_count(f) == 1 && cnf_clause_count(f) == 1);
        size_t n;
        const int *ls = cnf_clause_lits(f, &n);
        CHECK(n == 2 && ls[0] == -fl && ls[1] == 0);
        cnf_free(f);
        /* an assertion's models, projected on the inputs, are the assignments making it true */
        lit l = gate_ite(c, gate_xor(c, a, b), gate_and(c, a, LIT_NOT(s)), gate_or(c, b, s));
        f = cnf_new(c, pg, NULL);
        cnf_assert(f, l);
        int vars = cnf_var_count(f);
        REQUIRE(vars <= 16);
        uint8_t *sigma = xcalloc((size_t)vars + 1, 1), *val = xmalloc(circuit_size(c));
        int va = cnf_node_var(f, LIT_NODE(a)), vb = cnf_node_var(f, LIT_NODE(b)),
            vs = cnf_node_var(f, LIT_NODE(s));
        REQUIRE(va && vb && vs);
        uint8_t models = 0, want = 0;
        for (uint32_t x = 0; x < (1u << vars); x++) {
            for (int v = 1; v <= vars; v++)
                sigma[v] = (x >> (v - 1)) & 1;
            int in = sigma[va] | sigma[vb] << 1 | sigma[vs] << 2;
            eval_under(c, f, sigma, val);
            if (lit_value(val, l)) want |= (uint8_t)(1u << in);
            if (clauses_hold(f, sigma)) models |= (uint8_t)(1u << in);
        }
        CHECKF(models == want, "%s: models %02x, the circuit %02x", pg ? "PG" : "Tseitin", models,
               want);
        free(sigma);
        free(val);
        cnf_free(f);
    }
    circuit_free(c);
}

TEST(tseitin_numbering_names_and_solver)
{
    circuit *c = circuit_new();
    lit a = circuit_input(c, "a"), b = circuit_input(c, "b");
    lit g = gate_and(c, a, LIT_NOT(b));
    chopsat_err err;
    sat *s = sat_new("picosat", &err);
    REQUIRE(s);
    cnf *f = cnf_new(c, false, s);
    cnf_assert(f, g);
    /* depth-first pre-order: the gate first, then its operands in order */
    CHECK(cnf_node_var(f, LIT_NODE(g)) == 1 && cnf_node_var(f, LIT_NODE(a)) == 2 &&
          cnf_node_var(f, LIT_NODE(b)) == 3);
    char name[64];
    cnf_var_name(f, 1, name, sizeof name);
    CHECKF(!strcmp(name, "and 2 -3"), "%s", name);
    cnf_var_name(f, 3, name, sizeof name);
    CHECK(!strcmp(name, "b"));
    str_vec map = {0};
    cnf_var_map(f, &map);
    CHECK(map.n == 3 && !strcmp(map.items[1], "var 2 a"));
    str_vec_free(&map);
    /* the solver got the same clauses: a model makes a true and b false */
    CHECK(sat_solve(s, 0, &err) == 10);
    CHECK(sat_value(s, 2) == 1 && sat_value(s, 3) == -1);
    sat_assume(s, 3);
    CHECK(sat_solve(s, 0, &err) == 20);
    sat_release(s);
    cnf_free(f);
    circuit_free(c);
}

TEST(tseitin_deep_circuit)
{
    /* a chain of 200000 gates: encoded without recursion */
    circuit *c = circuit_new();
    lit in[16], x = circuit_input(c, "x");
    char name[32];
    for (int i = 0; i < 16; i++) {
        snprintf(name, sizeof name, "in%d", i);
        in[i] = circuit_input(c, name);
    }
    for (int i = 0; i < 100000; i++)
        x = gate_or(c, gate_xor(c, x, in[i % 16]), in[(i * 7 + 3) % 16]);
    cnf *f = cnf_new(c, true, NULL);
    CHECK(cnf_lit(f, x, POL_POS) != 0);
    CHECK(cnf_var_count(f) > 200000);
    cnf_free(f);
    circuit_free(c);
}

/* Random gate over the inputs and earlier gates (negated at random). */
static lit random_gate(circuit *c, const lit *pool, size_t n, unsigned *seed)
{
    lit x[3];
    for (int i = 0; i < 3; i++) {
        *seed = *seed * 1103515245u + 12345u;
        x[i] = pool[(*seed >> 8) % n] ^ ((*seed >> 20) & 1u);
    }
    switch ((*seed >> 24) % 4) {
    case 0:
        return gate_and(c, x[0], x[1]);
    case 1:
        return gate_or(c, x[0], x[1]);
    case 2:
        return gate_xor(c, x[0], x[1]);
    default:
        return gate_ite(c, x[0], x[1], x[2]);
    }
}

TEST(tseitin_expanded_clause_equivalent_on_random_circuits)
{
    /* cnf_clause_expanded (guard | g) has a model with given inputs exactly when guard | g
     * holds under them, for random circuits, in both modes; and it needs no more variables
     * than the plain clause */
    unsigned seed = 7;
    chopsat_err err;
    for (int round = 0; round < 60; round++) {
        circuit *c = circuit_new();
        lit pool[40];
        size_t n = 0;
        char name[16];
        for (int i = 0; i < 5; i++) {
            snprintf(name, sizeof name, "i%d", i);
            pool[n++] = circuit_input(c, name);
        }
        for (; n < 40; n++)
            pool[n] = random_gate(c, pool, n, &seed);
        lit g = gate_and(c, gate_and(c, pool[39], pool[38]), gate_or(c, pool[37], pool[36]));
        lit cl[2] = {LIT_NOT(pool[0]), g};
        for (int pg = 0; pg < 2; pg++) {
            cnf *e = cnf_new(c, pg, NULL), *plain = cnf_new(c, pg, NULL);
            for (int i = 0; i < 5; i++)
                cnf_lit(e, pool[i], POL_BOTH), cnf_lit(plain, pool[i], POL_BOTH);
            cnf_clause_expanded(e, cl, 2);
            cnf_clause(plain, cl, 2);
            CHECK(cnf_var_count(e) <= cnf_var_count(plain));
            for (unsigned a = 0; a < 32; a++) {
                uint8_t *in = xcalloc(circuit_size(c), 1), *val = xcalloc(circuit_size(c), 1);
                for (int i = 0; i < 5; i++)
                    in[LIT_NODE(pool[i])] = (a >> i) & 1;
                circuit_eval(c, in, val);
                bool want = lit_value(val, cl[0]) || lit_value(val, cl[1]);
                sat *s = sat_new("cadical", &err);
                size_t nl;
                const int *ls = cnf_clause_lits(e, &nl);
                for (size_t i = 0; i < nl; i++)
                    sat_add(s, ls[i]);
                for (int i = 0; i < 5; i++) {
                    int v = cnf_node_var(e, LIT_NODE(pool[i]));
                    sat_assume(s, (a >> i) & 1 ? v : -v);
                }
                CHECK(sat_solve(s, 0, &err) == (want ? 10 : 20));
                sat_release(s);
                free(in);
                free(val);
            }
            cnf_free(e);
            cnf_free(plain);
        }
        circuit_free(c);
    }
}

SCHEDULE_FILE(tseitin)
{
    SCHEDULE(tseitin_every_gate_every_mode_by_enumeration);
    SCHEDULE(tseitin_missing_half_added_later_once);
    SCHEDULE(tseitin_constants_and_assertions);
    SCHEDULE(tseitin_numbering_names_and_solver);
    SCHEDULE(tseitin_deep_circuit);
    SCHEDULE(tseitin_expanded_clause_equivalent_on_random_circuits);
}
