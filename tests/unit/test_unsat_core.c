/* test_unsat_core.c: tests of the unsatisfiable cores: unsat_core.c (selectors, failed
 * assumptions, deletion) on pigeonhole and seeded random formulas with both linked-in back ends,
 * every core checked by a fresh solver to be unsatisfiable and minimal (without any one group
 * satisfiable); cnf_core.c on files with notes (groups by note, the annotated clause cut off,
 * a satisfiable file refused); and why.c on a bounded question's own formula. */
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/util.h"
#include "harness.h"
#include "solvers/sat.h"
#include "solvers/unsat_core.h"

typedef VEC(int) intvec;

/* Are the clauses of in whose group is background or on[g] satisfiable (a fresh PicoSAT)? */
static bool satisfiable_with(const core_input *in, const bool *on)
{
    chopsat_err err;
    sat *s = sat_new("picosat", &err);
    size_t clause = 0;
    bool keep = in->group[0] == CORE_BACKGROUND || on[in->group[0]];
    for (size_t i = 0; i < in->nlits; i++) {
        if (keep) sat_add(s, in->lits[i]);
        if (!in->lits[i] && i + 1 < in->nlits && ++clause)
            keep = in->group[clause] == CORE_BACKGROUND || on[in->group[clause]];
    }
    int rc = sat_solve(s, 0, &err);
    sat_release(s);
    return rc == 10;
}

/* The core of in is unsatisfiable and minimal. */
static void check_core(const core_input *in, const char *backend)
{
    bool *core = calloc(in->ngroups + 1, 1);
    int calls;
    chopsat_err err;
    int rc = unsat_core(backend, 0, in, core, &calls, &err);
    REQUIRE(rc == 20);
    CHECKF(!satisfiable_with(in, core), "%s: the core is satisfiable", backend);
    for (size_t g = 0; g < in->ngroups; g++) {
        if (!core[g]) continue;
        core[g] = false;
        CHECKF(satisfiable_with(in, core), "%s: the core without group %zu is unsatisfiable",
               backend, g);
        core[g] = true;
    }
    CHECK(calls >= 1);
    free(core);
}

typedef VEC(size_t) sizevec;

/* Appends the clause (0-terminated) in group g. */
static void add(intvec *lits, sizevec *grp, const int *clause, size_t g)
{
    for (; *clause; clause++)
        VEC_PUSH(*lits, *clause);
    VEC_PUSH(*lits, 0);
    VEC_PUSH(*grp, g);
}

/* Pigeonhole: n+1 pigeons in n holes, one group per clause, plus satisfiable padding. */
TEST(core_pigeonhole_minimal)
{
    for (int n = 2; n <= 4; n++) {
        intvec lits = {0};
        sizevec grp = {0};
        int cl[8];
        for (int i = 0; i <= n; i++) {
            for (int j = 0; j < n; j++)
                cl[j] = i * n + j + 1;
            cl[n] = 0;
            add(&lits, &grp, cl, grp.n);
        }
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n + 1; i++)
                for (int k = i + 1; k < n + 1; k++) {
                    int two[3] = {-(i * n + j + 1), -(k * n + j + 1), 0};
                    add(&lits, &grp, two, grp.n);
                }
        int var = (n + 1) * n;
        /* padding over fresh variables: never needed */
        int pad1[3] = {var + 1, var + 2, 0}, pad2[2] = {-(var + 1), 0};
        add(&lits, &grp, pad1, grp.n);
        add(&lits, &grp, pad2, grp.n);
        core_input in = {var + 2, lits.items, lits.n, grp.items, grp.n};
        bool *core = calloc(grp.n, 1);
        int calls;
        chopsat_err err;
        CHECK(unsat_core("cadical", 0, &in, core, &calls, &err) == 20);
        CHECK(!core[grp.n - 1] && !core[grp.n - 2]); /* the padding is not in it */
        size_t members = 0;
        for (size_t g = 0; g < grp.n; g++)
            members += core[g];
        CHECKF(members == grp.n - 2, "pigeonhole %d: %zu of %zu", n, members, grp.n - 2);
        check_core(&in, "picosat");
        free(core);
        VEC_FREE(lits);
        VEC_FREE(grp);
    }
}

/* Seeded random 3-SAT over 10 variables, 60 clauses in 12 groups of 5 and a background of
 * 2-literal clauses; every unsatisfiable one's core checked with both back ends. */
TEST(core_random_groups_both_backends)
{
    unsigned seed = 20261125;
    int unsat = 0;
    for (int round = 0; round < 40; round++) {
        intvec lits = {0};
        sizevec grp = {0};
        for (int c = 0; c < 64; c++) {
            int width = c < 60 ? 3 : 2;
            for (int k = 0; k < width; k++) {
                int v = (int)(rand_r(&seed) % 10) + 1;
                VEC_PUSH(lits, rand_r(&seed) % 2 ? v : -v);
            }
            VEC_PUSH(lits, 0);
            VEC_PUSH(grp, c < 60 ? (size_t)c / 5 : CORE_BACKGROUND);
        }
        core_input in = {10, lits.items, lits.n, grp.items, 12};
        bool all[12];
        memset(all, 1, sizeof all);
        if (!satisfiable_with(&in, all)) {
            unsat++;
            check_core(&in, "picosat");
            check_core(&in, "cadical");
        } else {
            bool core[12];
            int calls;
            chopsat_err err;
            CHECK(unsat_core("picosat", 0, &in, core, &calls, &err) == 10);
        }
        VEC_FREE(lits);
        VEC_FREE(grp);
    }
    CHECKF(unsat > 5 && unsat < 40, "%d of 40 unsatisfiable: the test needs both kinds", unsat);
}

static FILE *text_file(const char *text)
{
    return fmemopen((void *)text, strlen(text), "r");
}

/* Groups by note; a run of clauses shares the comment before it; notes before the header are
 * not notes; the clause in names after the last ": " is cut off. */
TEST(core_file_groups_by_note)
{
    const char *text = "c made by hand\n"
                       "c var 1 tap\nc var 2 split\nc var 3 none\n"
                       "p cnf 3 7\n"
                       "1 2 3 0\n"
                       "c at most one move\n-1 -2 0\n-1 -3 0\n-2 -3 0\n"
                       "c the tap is forced: tap\n1 0\n"
                       "c the split is forced\n2 0\n"
                       "c free\n3 -3 0\n";
    FILE *f = text_file(text);
    chopsat_core c;
    chopsat_err err;
    REQUIRE(chopsat_core_file(f, "hand.cnf", false, "picosat", 0, &c, &err) == CHOPSAT_NO);
    fclose(f);
    CHECK(c.total_clauses == 7 && c.total_groups == 5);
    REQUIRE(c.ngroups == 3);
    CHECK(!strcmp(c.groups[0].note, "at most one move") && c.groups[0].n == 3);
    CHECK(!strcmp(c.groups[1].note, "the tap is forced") && c.groups[1].n == 1);
    CHECK(!strcmp(c.groups[2].note, "the split is forced"));
    CHECK(!strcmp(c.clauses[0].lits, "-1 -2 0") && !strcmp(c.clauses[0].names, "-tap | -split"));
    /* the core file: unsatisfiable, with the notes and the map */
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    CHECK(chopsat_core_write(&c, "hand.cnf", out, &err) == CHOPSAT_OK);
    fclose(out);
    CHECK(strstr(buf, "c var 2 split\n") && strstr(buf, "c the tap is forced: tap\n1 0\n"));
    CHECK(strstr(buf, "p cnf 3 5\n") != NULL);
    chopsat_core again;
    f = text_file(buf);
    CHECK(chopsat_core_file(f, "core.cnf", true, "cadical", 0, &again, &err) == CHOPSAT_NO);
    fclose(f);
    CHECK(again.nclauses == 3); /* at clause level: one clause of "at most one" */
    chopsat_core_free(&again);
    free(buf);
    chopsat_core_free(&c);
}

TEST(core_file_satisfiable_and_bad)
{
    chopsat_core c;
    chopsat_err err;
    FILE *f = text_file("p cnf 2 2\n1 2 0\n-1 0\n");
    CHECK(chopsat_core_file(f, "s.cnf", false, NULL, 0, &c, &err) == CHOPSAT_YES);
    fclose(f);
    f = text_file("1 2 0\n");
    CHECK(chopsat_core_file(f, "b.cnf", false, NULL, 0, &c, &err) == CHOPSAT_ERROR);
    CHECKF(strstr(err.msg, "b.cnf"), "%s", err.msg);
    fclose(f);
    f = text_file("p cnf 1 1\n0\n"); /* the empty clause alone */
    REQUIRE(chopsat_core_file(f, "e.cnf", false, "picosat", 0, &c, &err) == CHOPSAT_NO);
    CHECK(c.nclauses == 1 && !strcmp(c.clauses[0].lits, "0"));
    chopsat_core_free(&c);
    fclose(f);
}

/* An external solver's core is checked by the linked solver: a liar's empty core of a
 * satisfiable file is a mismatch; an honest solver's core is confirmed and its minimality
 * checked for every group; a linked solver's core needs no check. */
TEST(core_file_external_checked)
{
    chopsat_core c;
    chopsat_err err;
    FILE *f = text_file("p cnf 2 2\n1 2 0\n-1 0\n");
    CHECK(chopsat_core_file(f, "s.cnf", false, "external:sh tests/fake-solvers/unsat.sh", 0, &c,
                            &err) == CHOPSAT_MISMATCH);
    CHECKF(strstr(err.msg, "a core of no clause"), "%s", err.msg);
    fclose(f);
    const char *text = "p cnf 2 4\n1 2 0\n-1 0\n-2 0\n2 -2 0\n";
    f = text_file(text);
    REQUIRE(chopsat_core_file(f, "u.cnf", true, "external:picosat", 0, &c, &err) == CHOPSAT_NO);
    fclose(f);
    CHECK(c.external && c.checked && c.nclauses == 3 && c.minimal_checked == 3);
    CHECKF(strstr(c.check, "minimal: leaving out any one of its 3 clauses"), "%s", c.check);
    chopsat_core_free(&c);
    f = text_file(text);
    REQUIRE(chopsat_core_file(f, "u.cnf", true, "picosat", 0, &c, &err) == CHOPSAT_NO);
    fclose(f);
    CHECK(!c.external && c.checked && !c.check[0]);
    chopsat_core_free(&c);
}

/* A bounded question's own formula: a no has a core with the start and the goal in it, a yes
 * none; an unbounded question is refused. */
TEST(why_core_of_a_question)
{
    chopsat_rules *r = test_rules("standard");
    chopsat_query q = {.kind = CHOPSAT_Q_WIN,
                       .from = test_pos(r, "start"),
                       .player = 1,
                       .k = 3,
                       .repeat = CHOPSAT_REPEAT_PATH};
    chopsat_bmc_opts o = {.solver = "cadical"};
    chopsat_why w;
    chopsat_err err;
    REQUIRE(chopsat_why_core(r, &q, &o, &w, &err) == CHOPSAT_NO);
    bool start = false, goal = false, repeat_in = false;
    size_t moves = 0;
    for (size_t g = 0; g < w.ngroups; g++) {
        const chopsat_why_group *x = &w.groups[g];
        if (x->kind == CHOPSAT_WHY_START) start = x->in_core;
        if (x->kind == CHOPSAT_WHY_GOAL) goal = x->in_core && x->frame == 3;
        if (x->kind == CHOPSAT_WHY_REPEAT) repeat_in |= x->in_core;
        if (x->kind == CHOPSAT_WHY_MOVES) {
            moves++;
            CHECK(x->player == 1 + x->frame % 2);
        }
    }
    CHECK(start && goal && moves == 3);
    CHECK(!repeat_in); /* no repetition within 3 moves matters to a win */
    chopsat_why_free(&w);
    o.textbook = true;
    REQUIRE(chopsat_why_core(r, &q, &o, &w, &err) == CHOPSAT_NO);
    bool taps = false, splits = false;
    for (size_t g = 0; g < w.ngroups; g++) {
        taps |= !strcmp(w.groups[g].move, "tap");
        splits |= !strcmp(w.groups[g].move, "split");
    }
    CHECK(taps && splits);
    chopsat_why_free(&w);
    q.k = 10; /* player 1 can win within 10 (in 5 moves): no core */
    o.textbook = false;
    CHECK(chopsat_why_core(r, &q, &o, &w, &err) == CHOPSAT_YES);
    q.k = CHOPSAT_NO_BOUND;
    CHECK(chopsat_why_core(r, &q, &o, &w, &err) == CHOPSAT_ERROR);
    CHECKF(strstr(err.msg, "bound"), "%s", err.msg);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(unsat_core)
{
    SCHEDULE(core_pigeonhole_minimal);
    SCHEDULE(core_random_groups_both_backends);
    SCHEDULE(core_file_groups_by_note);
    SCHEDULE(core_file_satisfiable_and_bad);
    SCHEDULE(core_file_external_checked);
    SCHEDULE(why_core_of_a_question);
}
