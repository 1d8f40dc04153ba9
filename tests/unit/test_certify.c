/* test_certify.c: the certificate of a "never" checked through the public API (chopsat_certify):
 * an invariant found by IC3 holds and the explicit search agrees; the same clauses for a
 * question whose goal is reachable are rejected (a verdict, not an error); and a lying solver
 * (tests/fake-solvers/unsat.sh) that lets them pass is caught by the explicit search. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define LIAR "external:sh tests/fake-solvers/unsat.sh"

/* The invariant IC3 finds for "can 11/34:1 ever be reached from the start?" (never) into *inv,
 * and the question into *q. */
static void never_invariant(const chopsat_rules *r, chopsat_query *q, chopsat_invariant *inv)
{
    memset(q, 0, sizeof *q);
    q->kind = CHOPSAT_Q_REACH;
    q->k = CHOPSAT_NO_BOUND;
    chopsat_pos_start(r, &q->from);
    q->target = test_pos(r, "11/34:1");
    chopsat_unbounded_opts o = {.engine = "ic3"};
    chopsat_unbounded_result *res;
    chopsat_err err;
    memset(inv, 0, sizeof *inv);
    REQUIRE(chopsat_unbounded_solve(r, q, &o, &res, &err) == CHOPSAT_NO &&
            chopsat_unbounded_result_value(res) == CHOPSAT_NO);
    test_invariant_copy(inv, chopsat_unbounded_result_invariant(res));
    chopsat_unbounded_result_free(res);
}

TEST(certify_holds_and_the_explicit_search_agrees)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q;
    chopsat_invariant inv;
    never_invariant(r, &q, &inv);
    chopsat_certified *c = NULL;
    chopsat_err err;
    q.k = 7; /* a certificate's bound means nothing */
    REQUIRE(chopsat_certify(r, &q, &inv, NULL, 0, &c, &err) == CHOPSAT_OK && c);
    CHECK(chopsat_certified_holds(c) && chopsat_certified_checked(c));
    CHECK(chopsat_certified_calls(c) == 3);
    CHECK(strstr(chopsat_certified_note(c), "holds: initiation, consecution and safety checked "
                                            "by 3 fresh cadical calls, so the answer is never"));
    CHECK(strstr(chopsat_certified_compare_note(c), "the explicit breadth-first search over the") &&
          strstr(chopsat_certified_compare_note(c), "agrees"));
    chopsat_certified_free(c);
    chopsat_invariant_free(&inv);
    chopsat_rules_free(r);
}

TEST(certify_rejects_the_clauses_of_another_question)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q;
    chopsat_invariant inv;
    never_invariant(r, &q, &inv);
    q.target = test_pos(r, "11/04:2"); /* reachable: safety fails */
    chopsat_certified *c = NULL;
    chopsat_err err;
    REQUIRE(chopsat_certify(r, &q, &inv, "picosat", 0, &c, &err) == CHOPSAT_OK && c);
    CHECK(!chopsat_certified_holds(c) && !chopsat_certified_checked(c));
    CHECK(!strncmp(chopsat_certified_note(c), "rejected: safety fails", 22));
    CHECK(!strcmp(chopsat_certified_compare_note(c), ""));
    chopsat_certified_free(c);
    /* a solver that says "unsatisfiable" to everything lets them pass: the explicit search
     * reaches the goal, a mismatch */
    c = (chopsat_certified *)&err;
    CHECK(chopsat_certify(r, &q, &inv, LIAR, 0, &c, &err) == CHOPSAT_MISMATCH && !c);
    CHECK(strstr(err.msg, "the explicit search reaches the goal in 3 moves"));
    chopsat_invariant_free(&inv);
    chopsat_rules_free(r);
}

TEST(certify_external_solver_word_checked_by_the_explicit_search)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q;
    chopsat_invariant inv;
    never_invariant(r, &q, &inv);
    chopsat_certified *c = NULL;
    chopsat_err err;
    REQUIRE(chopsat_certify(r, &q, &inv, LIAR, 0, &c, &err) == CHOPSAT_OK && c);
    CHECK(chopsat_certified_holds(c) && chopsat_certified_checked(c));
    CHECK(strstr(chopsat_certified_note(c), "said to hold") &&
          strstr(chopsat_certified_note(c), "(the external solver's word)"));
    chopsat_certified_free(c);
    chopsat_invariant_free(&inv);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(certify)
{
    SCHEDULE(certify_holds_and_the_explicit_search_agrees);
    SCHEDULE(certify_rejects_the_clauses_of_another_question);
    SCHEDULE(certify_external_solver_word_checked_by_the_explicit_search);
}
