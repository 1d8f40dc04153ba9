/* test_settle.c: answers settled from checked sources only (chopsat_settle, src/checked/
 * settle.c), as the pack takes a benchmark's status: a yes by the replayed witness and the
 * explicit search, a no by the explicit search, a never by the invariant checked again, a
 * forced answer checked over the whole bound, and engines that claim the wrong answer caught
 * as a mismatch. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* What the unbounded engines find of q's goal: the least number of moves and its witness, or a
 * never and its invariant (NULL, with the test failed, when they find nothing). */
static chopsat_unbounded_result *find_least(const chopsat_rules *r, const chopsat_query *q)
{
    chopsat_unbounded_opts uo = {.bmc = {.solver = CHOPSAT_DEFAULT_SAT}};
    chopsat_err err;
    chopsat_unbounded_result *res;
    int rc = chopsat_unbounded_solve(r, q, &uo, &res, &err);
    CHECKF(rc == CHOPSAT_YES || rc == CHOPSAT_NO, "unbounded: %d (%s)", rc, err.msg);
    return res;
}

/* Settles q with what res found; returns the status, *how the sources. */
static int settle(const chopsat_rules *r, const chopsat_query *q,
                  const chopsat_unbounded_result *res, int least, char *how, size_t size)
{
    const chopsat_pos *path;
    chopsat_unbounded_result_path(res, &path);
    chopsat_settle_opts so = {.least = least,
                              .never = chopsat_unbounded_result_value(res) == CHOPSAT_NO,
                              .path = path,
                              .invariant = chopsat_unbounded_result_invariant(res)};
    chopsat_settled *s;
    chopsat_err err;
    int rc = chopsat_settle(r, q, &so, &s, &err);
    snprintf(how, size, "%s", rc < 0 ? err.msg : chopsat_settled_how(s));
    if (rc >= 0) {
        CHECK(chopsat_settled_value(s) == rc);
        CHECK(chopsat_settled_checked(s) == (rc != CHOPSAT_OK));
        CHECK(*chopsat_settled_note(s));
    } else {
        CHECK(!s);
    }
    chopsat_settled_free(s);
    return rc;
}

TEST(settle_win_yes_and_no)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1};
    chopsat_pos_start(r, &q.from);
    chopsat_unbounded_result *res = find_least(r, &q);
    REQUIRE(res);
    int least = chopsat_unbounded_result_moves(res);
    REQUIRE(chopsat_unbounded_result_value(res) == CHOPSAT_YES && least > 0);
    char how[600];
    q.k = least;
    CHECKF(settle(r, &q, res, least, how, sizeof how) == CHOPSAT_YES &&
               !strcmp(how, "replayed witness+explicit search"),
           "k = min: %s", how);
    q.k = least - 1;
    CHECKF(settle(r, &q, res, least, how, sizeof how) == CHOPSAT_NO &&
               !strcmp(how, "explicit search"),
           "k = min-1: %s", how);
    /* engines that claim no path within min moves: the explicit search disagrees */
    q.k = least;
    CHECKF(settle(r, &q, res, least + 1, how, sizeof how) == CHOPSAT_MISMATCH &&
               strstr(how, "the explicit search says yes"),
           "a wrong no: %s", how);
    chopsat_unbounded_result_free(res);
    chopsat_rules_free(r);
}

TEST(settle_never_by_certificate)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_REACH, .player = 1};
    chopsat_pos_start(r, &q.from);
    q.target = test_pos(r, "3,4/0,4:1"); /* the far corner: never reached */
    chopsat_unbounded_result *res = find_least(r, &q);
    REQUIRE(res);
    REQUIRE(chopsat_unbounded_result_value(res) == CHOPSAT_NO);
    char how[600];
    q.k = 12;
    CHECKF(settle(r, &q, res, -1, how, sizeof how) == CHOPSAT_NO &&
               !strcmp(how, "checked certificate+explicit search"),
           "never: %s", how);
    chopsat_unbounded_result_free(res);
    chopsat_rules_free(r);
}

TEST(settle_forced)
{
    chopsat_rules *r = test_rules("no-split,fingers=4");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .k = 6};
    chopsat_pos_start(r, &q.from);
    chopsat_settle_opts so = {.forced = true, .least = -1};
    chopsat_settled *s;
    chopsat_err err;
    int rc = chopsat_settle(r, &q, &so, &s, &err);
    CHECKF((rc == CHOPSAT_YES || rc == CHOPSAT_NO) && s &&
               !strcmp(chopsat_settled_how(s), "explicit search"),
           "forced: %d (%s)", rc, rc < 0 ? err.msg : chopsat_settled_note(s));
    chopsat_settled_free(s);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(settle)
{
    SCHEDULE(settle_win_yes_and_no);
    SCHEDULE(settle_never_by_certificate);
    SCHEDULE(settle_forced);
}
