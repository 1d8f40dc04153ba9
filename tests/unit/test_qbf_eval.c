/* test_qbf_eval.c: tests of the QDIMACS reader (qdimacs_read.c) and of the evaluation by
 * expansion (qbf_eval.c): hand-made true and false formulas, seeded random ones against DepQBF
 * (linked in), each answer's outer choice (and each losing choice's reply) checked by DepQBF on
 * the formula with those values as unit clauses; files the reader refuses. */
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/util.h"
#include "formats/dimacs.h"
#include "formats/qdimacs.h"
#include "harness.h"
#include "solvers/qbf_solver.h"

static FILE *text_file(const char *text)
{
    return fmemopen((void *)text, strlen(text), "r");
}

static int eval_text(const char *text, chopsat_qbf_eval *e, chopsat_err *err)
{
    FILE *f = text_file(text);
    int rc = chopsat_qbf_eval_file(f, "t.qdimacs", e, err);
    fclose(f);
    return rc;
}

TEST(qbf_eval_hand_formulas)
{
    chopsat_qbf_eval e;
    chopsat_err err;
    /* forall x exists y: x == y: true; the outer block is universal and loses: each x has a
     * reply y */
    REQUIRE(eval_text("p cnf 2 2\na 1 0\ne 2 0\n1 -2 0\n-1 2 0\n", &e, &err) == CHOPSAT_YES);
    CHECK(!e.outer_exists && !e.outer_wins && e.nreplies == 2);
    for (size_t r = 0; r < e.nreplies; r++)
        CHECK(e.reply_outer[r] == e.reply_next[r]);
    chopsat_qbf_eval_free(&e);
    /* exists y forall x: x == y: false; every y is defeated by x = -y */
    REQUIRE(eval_text("c swapped\np cnf 2 2\ne 2 0\na 1 0\n1 -2 0\n-1 2 0\n", &e, &err) ==
            CHOPSAT_NO);
    CHECK(e.outer_exists && !e.outer_wins && e.nreplies == 2 && e.nblocks == 2);
    for (size_t r = 0; r < e.nreplies; r++)
        CHECK(e.reply_outer[r] == -e.reply_next[r]);
    chopsat_qbf_eval_free(&e);
    /* exists a b forall c: (a | c) & (b | -c) & (-a | -b | c): true with a = b = true */
    REQUIRE(eval_text("p cnf 3 3\ne 1 2 0\na 3 0\n1 3 0\n2 -3 0\n-1 -2 3 0\n", &e, &err) ==
            CHOPSAT_NO);
    chopsat_qbf_eval_free(&e);
    REQUIRE(eval_text("p cnf 3 2\ne 1 2 0\na 3 0\n1 3 0\n2 -3 0\n", &e, &err) == CHOPSAT_YES);
    CHECK(e.outer_wins && e.choice[0] == 1 && e.choice[1] == 1);
    chopsat_qbf_eval_free(&e);
    /* free variables are existential and outermost; a tautology is true */
    REQUIRE(eval_text("p cnf 3 2\na 3 0\n1 2 0\n-3 3 0\n", &e, &err) == CHOPSAT_YES);
    CHECK(e.outer_exists && e.nouter == 2 && e.nblocks == 2);
    chopsat_qbf_eval_free(&e);
    /* forall x: x is false, its choice x = false */
    REQUIRE(eval_text("p cnf 1 1\na 1 0\n1 0\n", &e, &err) == CHOPSAT_NO);
    CHECK(e.outer_wins && e.choice[0] == -1);
    chopsat_qbf_eval_free(&e);
}

TEST(qbf_eval_refuses)
{
    chopsat_qbf_eval e;
    chopsat_err err;
    const char *bad[][2] = {
        {"c only a comment\n", "no 'p cnf"},
        {"e 1 0\n1 0\n", "before the 'p cnf'"}, /* no p line: DepQBF aborts on it */
        {"1 0\n", "before the 'p cnf'"},
        {"p cnf 2 1\ne 1 0\ne 1 0\n1 0\n", "quantified twice"},
        {"p cnf 2 1\n1 0\ne 2 0\n", "after the first clause"},
        {"p cnf 2 1\ne 3 0\n1 0\n", "not a variable"},
        {"p cnf 2 2\n1 0\n", "says 2 clauses"},
        {"p cnf 2 1\ne 1\n1 0\n", "does not end with 0"},
        {"p cnf 2 1\na 0\n1 0\n", "empty quantifier block"},
        {"p cnf 6000 1\n1 0\n", "at most 5000"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CHECKF(eval_text(bad[i][0], &e, &err) == CHOPSAT_ERROR, "case %zu", i);
        CHECKF(strstr(err.msg, bad[i][1]) && strstr(err.msg, "t.qdimacs"), "case %zu: %s", i,
               err.msg);
    }
    char nul[] = "p cnf 1 1\n1 \0 0\n";
    FILE *f = fmemopen(nul, sizeof nul - 1, "r");
    CHECK(chopsat_qbf_eval_file(f, "n.qdimacs", &e, &err) == CHOPSAT_ERROR);
    CHECKF(strstr(err.msg, "NUL"), "%s", err.msg);
    fclose(f);
}

/* DepQBF's value of the prefix and clauses with the variables of units set to those values
 * (the clauses simplified: a unit clause would not fix a universal variable). */
static int depqbf_value(int nvars, size_t nblocks, const bool *ex, const int *vars,
                        const size_t *start, const int *lits, size_t nlits, const int *units,
                        size_t nunits)
{
    signed char *set = calloc((size_t)nvars + 1, 1);
    for (size_t i = 0; i < nunits; i++)
        set[abs(units[i])] = units[i] > 0 ? 1 : -1;
    VEC(int) all = {0};
    bool empty = false;
    for (size_t b = 0; b < nlits;) {
        size_t e = b, kept = all.n;
        bool sat = false;
        for (; lits[e]; e++) {
            int v = abs(lits[e]), val = lits[e] > 0 ? set[v] : -set[v];
            if (val > 0)
                sat = true;
            else if (!val)
                VEC_PUSH(all, lits[e]);
        }
        if (sat)
            all.n = kept;
        else if (all.n == kept)
            empty = true;
        else
            VEC_PUSH(all, 0);
        b = e + 1;
    }
    int rc = 20;
    if (!empty) {
        qbf_problem p = {nvars, nblocks, ex, vars, start, all.items, all.n, NULL, 0};
        signed char *val = calloc((size_t)nvars + 1, 1);
        chopsat_err err;
        rc = qbf_solver_solve("depqbf", &p, 0, val, &err);
        free(val);
    }
    free(set);
    VEC_FREE(all);
    return rc;
}

/* Seeded random formulas of 3 or 4 alternating blocks over 8 variables: the value agrees with
 * DepQBF, and the winning choice or every listed reply keeps the value. */
TEST(qbf_eval_random_against_depqbf)
{
    unsigned seed = 31;
    int trues = 0;
    for (int round = 0; round < 150; round++) {
        int nv = 8;
        size_t nb = 3 + (size_t)(round % 2);
        bool ex[4];
        size_t start[5];
        int vars[8];
        bool first = rand_r(&seed) % 2;
        for (size_t b = 0; b < nb; b++)
            ex[b] = (b % 2 == 0) == first;
        for (int v = 0; v < nv; v++)
            vars[v] = v + 1;
        start[0] = 0;
        for (size_t b = 1; b < nb; b++)
            start[b] = start[b - 1] + 1 + rand_r(&seed) % 2;
        start[nb] = (size_t)nv;
        VEC(int) lits = {0};
        int ncl = 10 + (int)(rand_r(&seed) % 12);
        for (int c = 0; c < ncl; c++) {
            for (int k = 0; k < 3; k++) {
                int v = (int)(rand_r(&seed) % (unsigned)nv) + 1;
                VEC_PUSH(lits, rand_r(&seed) % 2 ? v : -v);
            }
            VEC_PUSH(lits, 0);
        }
        char *buf = NULL;
        size_t size = 0;
        FILE *out = open_memstream(&buf, &size);
        chopsat_err err;
        REQUIRE(qdimacs_write(out, NULL, 0, nv, nb, ex, vars, start, lits.items, lits.n, &err) ==
                0);
        fclose(out);
        chopsat_qbf_eval e;
        int mine = eval_text(buf, &e, &err);
        int theirs = depqbf_value(nv, nb, ex, vars, start, lits.items, lits.n, NULL, 0);
        CHECKF(mine == theirs, "round %d: %d, DepQBF %d\n%s", round, mine, theirs, buf);
        trues += mine == CHOPSAT_YES;
        int units[16];
        if (e.outer_wins) {
            size_t n = 0;
            for (size_t i = 0; i < e.nouter; i++)
                if (e.choice[i]) units[n++] = e.choice[i] * e.outer[i];
            CHECKF(depqbf_value(nv, nb, ex, vars, start, lits.items, lits.n, units, n) == mine,
                   "round %d: the winning choice loses", round);
        }
        for (size_t r = 0; !e.outer_wins && r < e.nreplies; r++) {
            size_t n = 0;
            for (size_t i = 0; i < e.nouter; i++)
                if (e.reply_outer[r * e.nouter + i])
                    units[n++] = e.reply_outer[r * e.nouter + i] * e.outer[i];
            for (size_t i = 0; i < e.nnext; i++)
                if (e.reply_next[r * e.nnext + i])
                    units[n++] = e.reply_next[r * e.nnext + i] * e.next[i];
            CHECKF(depqbf_value(nv, nb, ex, vars, start, lits.items, lits.n, units, n) == mine,
                   "round %d: reply %zu does not defeat its choice", round, r);
        }
        if (mine >= 0) chopsat_qbf_eval_free(&e);
        free(buf);
        VEC_FREE(lits);
    }
    CHECKF(trues > 20 && trues < 130, "%d of 150 true: the test needs both kinds", trues);
}

SCHEDULE_FILE(qbf_eval)
{
    SCHEDULE(qbf_eval_hand_formulas);
    SCHEDULE(qbf_eval_refuses);
    SCHEDULE(qbf_eval_random_against_depqbf);
}
