/* test_ask.c: reach and win answered and checked through the public API (chopsat_ask), bounded
 * and unbounded: a yes comes with its witness replayed and named, a no is compared with the
 * explicit search, a lying SAT solver (tests/fake-solvers/unsat.sh) is caught as a mismatch,
 * and past the explicit limit the note says plainly what was not checked. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define LIAR "external:sh tests/fake-solvers/unsat.sh"

/* Asks q under spec with the given SAT solver (NULL: cadical); returns the status, *out the
 * answer (NULL unless the status is 10 or 20). */
static int ask(const char *spec, chopsat_query *q, const char *solver, bool no_check,
               chopsat_answer **out, chopsat_err *err)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return -100;
    chopsat_ask_opts o = {.bmc = {.solver = solver, .incremental = true}, .no_check = no_check};
    int rc = chopsat_ask(r, q, &o, out, err);
    chopsat_rules_free(r);
    return rc;
}

/* The witness of a yes: n positions from the start, n-1 named moves each leading to the next. */
static void check_witness(const chopsat_rules *r, const chopsat_answer *a, const chopsat_pos *from)
{
    const chopsat_pos *path;
    size_t n = chopsat_answer_path(a, &path);
    const chopsat_moves *names = chopsat_answer_witness(a);
    REQUIRE(n == (size_t)chopsat_answer_moves(a) + 1 && path && names && names->n == n - 1);
    CHECK(chopsat_pos_equal(&path[0], from));
    for (size_t i = 0; i + 1 < n; i++) {
        chopsat_move m;
        CHECK(chopsat_move_between(r, &path[i], &path[i + 1], &m, NULL) == CHOPSAT_OK &&
              !strcmp(m.name, names->items[i].name) &&
              chopsat_pos_equal(&names->items[i].to, &path[i + 1]));
    }
}

TEST(ask_bounded_yes_with_replayed_witness)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .k = 30};
    chopsat_pos_start(r, &q.from);
    chopsat_answer *a;
    chopsat_err err;
    int rc = ask("standard", &q, NULL, false, &a, &err);
    REQUIRE(rc == CHOPSAT_YES && a);
    CHECK(chopsat_answer_value(a) == CHOPSAT_YES && chopsat_answer_moves(a) == 5);
    check_witness(r, a, &q.from);
    const chopsat_pos *path;
    size_t n = chopsat_answer_path(a, &path);
    CHECK(chopsat_pos_winner(r, &path[n - 1]) == 1);
    CHECK(chopsat_answer_checked(a));
    CHECK(!strcmp(chopsat_answer_note(a),
                  "the witness replays move by move; the explicit search agrees"));
    CHECK(!strcmp(chopsat_answer_compare_note(a), "the explicit search agrees"));
    CHECK(chopsat_answer_proof_note(a) == NULL && chopsat_answer_unbounded(a) == NULL);
    const chopsat_bmc_result *b = chopsat_answer_bmc(a);
    REQUIRE(b);
    CHECK(chopsat_bmc_result_value(b) == CHOPSAT_YES && chopsat_bmc_result_moves(b) == 5 &&
          chopsat_bmc_result_solver_calls(b) == 6 && chopsat_bmc_result_vars(b) > 0);
    chopsat_answer_free(a);
    /* exactly 7 moves: the witness has 7 */
    q.k = 7;
    q.exact = true;
    REQUIRE(ask("standard", &q, "picosat", false, &a, &err) == CHOPSAT_YES);
    CHECK(chopsat_answer_moves(a) == 7 && chopsat_answer_checked(a));
    check_witness(r, a, &q.from);
    chopsat_answer_free(a);
    chopsat_rules_free(r);
}

TEST(ask_bounded_no_checked_and_not_checked)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_REACH, .k = 20};
    chopsat_pos_start(r, &q.from);
    q.target = test_pos(r, "11/34:1"); /* unreachable from the start */
    chopsat_answer *a;
    chopsat_err err;
    REQUIRE(ask("standard", &q, NULL, false, &a, &err) == CHOPSAT_NO);
    CHECK(chopsat_answer_moves(a) == -1 && chopsat_answer_witness(a) == NULL);
    CHECK(chopsat_answer_path(a, NULL) == 0);
    CHECK(chopsat_answer_checked(a));
    CHECK(!strcmp(chopsat_answer_note(a), "the explicit search agrees"));
    chopsat_answer_free(a);
    /* the same no without the comparison: the note says it rests on the SAT solver alone */
    REQUIRE(ask("standard", &q, NULL, true, &a, &err) == CHOPSAT_NO);
    CHECK(!chopsat_answer_checked(a));
    CHECKF(strstr(chopsat_answer_note(a), "this \"no\" was NOT cross-checked") &&
               strstr(chopsat_answer_note(a), "it rests on the SAT solver alone (the explicit "
                                              "search was not run: not asked for)"),
           "%s", chopsat_answer_note(a));
    chopsat_answer_free(a);
    /* a yes without the comparison is still certain: its witness replays */
    q.kind = CHOPSAT_Q_WIN;
    q.player = 2;
    REQUIRE(ask("standard", &q, NULL, true, &a, &err) == CHOPSAT_YES);
    CHECK(!chopsat_answer_checked(a) && chopsat_answer_moves(a) == 4);
    CHECKF(strstr(chopsat_answer_note(a), "the witness replays move by move, so \"yes\" is "
                                          "certain; that it needs no fewer moves was NOT"),
           "%s", chopsat_answer_note(a));
    check_witness(r, a, &q.from);
    chopsat_answer_free(a);
    chopsat_rules_free(r);
}

TEST(ask_lying_solver_caught)
{
    /* a solver that says "unsatisfiable" to everything: no model to check at the SAT level */
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .k = 30};
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_pos_start(r, &q.from);
    chopsat_answer *a = (chopsat_answer *)&q; /* must be set to NULL */
    chopsat_err err;
    int rc = ask("standard", &q, LIAR, false, &a, &err);
    CHECKF(rc == CHOPSAT_MISMATCH && !a, "rc %d: %s", rc, err.msg);
    CHECKF(!strcmp(err.msg, "cross-check failed: the SAT answer is no, the explicit search says "
                            "yes (in 5 moves)"),
           "%s", err.msg);
    /* without the comparison the lie is a no marked NOT cross-checked, not a checked answer */
    REQUIRE(ask("standard", &q, LIAR, true, &a, &err) == CHOPSAT_NO);
    CHECK(!chopsat_answer_checked(a));
    chopsat_answer_free(a);
    /* unbounded: IC3's "never" from the liar passes its own checks (the same liar checks it),
     * the explicit breadth-first search catches it */
    q.kind = CHOPSAT_Q_REACH;
    q.k = CHOPSAT_NO_BOUND;
    q.from = test_pos(r, "11/11:1");
    q.target = test_pos(r, "11/04:2");
    rc = ask("standard", &q, LIAR, false, &a, &err);
    CHECKF(rc == CHOPSAT_MISMATCH && !a, "rc %d: %s", rc, err.msg);
    CHECKF(strstr(err.msg, "cross-check failed: the ic3 engine says never, the explicit search "
                           "says reachable in 3 moves"),
           "%s", err.msg);
    chopsat_rules_free(r);
}

TEST(ask_unbounded_yes_and_never)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_REACH, .k = CHOPSAT_NO_BOUND};
    chopsat_pos_start(r, &q.from);
    q.target = test_pos(r, "11/04:2");
    chopsat_answer *a;
    chopsat_err err;
    char question[256];
    chopsat_query_describe(r, &q, false, question, sizeof question);
    CHECK(!strcmp(question, "is 11/04:2 ever reachable from 11/11:1 (no bound)?"));
    REQUIRE(ask("standard", &q, NULL, false, &a, &err) == CHOPSAT_YES);
    CHECK(chopsat_answer_moves(a) == 3 && chopsat_answer_checked(a));
    check_witness(r, a, &q.from);
    CHECK(chopsat_answer_bmc(a) == NULL && chopsat_answer_unbounded(a) != NULL);
    CHECK(chopsat_answer_proof_note(a) == NULL);
    CHECKF(!strcmp(chopsat_answer_note(a), "the witness replays move by move; the explicit "
                                           "breadth-first search over the 382 positions "
                                           "reachable from the start agrees (the same minimum)"),
           "%s", chopsat_answer_note(a));
    chopsat_answer_free(a);
    q.target = test_pos(r, "11/34:1");
    for (int e = 0; e < 2; e++) {
        chopsat_ask_opts o = {.engine = e ? "kind" : NULL};
        REQUIRE(chopsat_ask(r, &q, &o, &a, &err) == CHOPSAT_NO);
        CHECK(chopsat_answer_checked(a));
        const char *proof = chopsat_answer_proof_note(a);
        const char *want = e ? "k-induction over simple paths" : "IC3 found an inductive invariant";
        CHECKF(proof && strstr(proof, want), "%s", proof ? proof : "(none)");
        CHECK(!strcmp(chopsat_answer_compare_note(a), chopsat_answer_note(a)));
        CHECK(strstr(chopsat_answer_note(a), "(the goal is not among them)") != NULL);
        chopsat_answer_free(a);
    }
    chopsat_rules_free(r);
}

TEST(ask_past_the_explicit_limit_says_what_was_not_checked)
{
    /* the index space of fingers=65536 does not fit a search over the whole index */
    chopsat_query q = {.kind = CHOPSAT_Q_REACH, .k = CHOPSAT_NO_BOUND};
    chopsat_rules *r = test_rules("standard,fingers=65536");
    REQUIRE(r);
    chopsat_pos_start(r, &q.from);
    q.target = test_pos(r, "1,1/65534,65535:1");
    chopsat_answer *a;
    chopsat_err err;
    chopsat_ask_opts o = {0};
    REQUIRE(chopsat_ask(r, &q, &o, &a, &err) == CHOPSAT_NO);
    CHECK(!chopsat_answer_checked(a));
    CHECKF(!strcmp(chopsat_answer_note(a), "not compared with the explicit search (the game's "
                                           "index space is larger than the 4294967280 "
                                           "positions a search over the whole index can number)"),
           "%s", chopsat_answer_note(a));
    CHECK(chopsat_answer_proof_note(a) != NULL); /* the never still rests on its checked proof */
    chopsat_answer_free(a);
    chopsat_rules_free(r);
    /* the same policy by memory: with 1 MiB available the whole-index search does not run */
    r = test_rules("standard");
    REQUIRE(r);
    chopsat_pos_start(r, &q.from);
    q.target = test_pos(r, "11/34:1");
    setenv("CHOPSAT_MEMORY", "1", 1);
    int rc = chopsat_ask(r, &q, &o, &a, &err);
    unsetenv("CHOPSAT_MEMORY");
    REQUIRE(rc == CHOPSAT_NO);
    CHECK(!chopsat_answer_checked(a));
    CHECKF(strstr(chopsat_answer_note(a), "not compared with the explicit search (searching all "
                                          "450 positions of the game's index would need about "
                                          "64 MiB, more than the 1 MiB available"),
           "%s", chopsat_answer_note(a));
    chopsat_answer_free(a);
    /* a bounded question still answers by the node graph then (it meets few positions) */
    q.k = 20;
    setenv("CHOPSAT_MEMORY", "1", 1);
    rc = chopsat_ask(r, &q, &o, &a, &err);
    unsetenv("CHOPSAT_MEMORY");
    REQUIRE(rc == CHOPSAT_NO);
    CHECK(chopsat_answer_checked(a));
    chopsat_answer_free(a);
    chopsat_rules_free(r);
}

TEST(ask_refuses_a_negative_bound)
{
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .k = -7};
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_pos_start(r, &q.from);
    chopsat_answer *a;
    chopsat_err err;
    chopsat_ask_opts o = {0};
    CHECK(chopsat_ask(r, &q, &o, &a, &err) == CHOPSAT_ERROR && !a && strstr(err.msg, "-7"));
    chopsat_rules_free(r);
}

SCHEDULE_FILE(ask)
{
    SCHEDULE(ask_bounded_yes_with_replayed_witness);
    SCHEDULE(ask_bounded_no_checked_and_not_checked);
    SCHEDULE(ask_lying_solver_caught);
    SCHEDULE(ask_unbounded_yes_and_never);
    SCHEDULE(ask_past_the_explicit_limit_says_what_was_not_checked);
    SCHEDULE(ask_refuses_a_negative_bound);
}
