/* test_bad_position.c: every public call that takes a position checks it against its rules
 * (chopsat_pos_check, chopsat_query_check) and refuses one outside them with CHOPSAT_ERROR (NULL)
 * and a message, or (a valuing call, which cannot fail) CHOPSAT_UNKNOWN with distance 0: never a
 * read out of bounds, a crash or an answer. The positions: 66/66:2 read under fingers=7 and used
 * with the standard rules (fingers 5), the start with player 3 to move, and the start with a
 * nonzero unused word. Run under the sanitizer build too (docs/reliability.md). */
#include <stdio.h>
#include <string.h>

#include "chopsat_tool.h"
#include "harness.h"

/* rc is CHOPSAT_ERROR with a message. */
#define REFUSED(what, rc, err)                                                                     \
    CHECKF((rc) == CHOPSAT_ERROR && (err).msg[0], "%s of %s: %d '%s'", what, name, rc, (err).msg)

static void refused_everywhere(const chopsat_rules *r, const chopsat_pos *bad, const char *name)
{
    chopsat_pos start;
    chopsat_pos_start(r, &start);
    chopsat_err err = {""};
    chopsat_moves ms = {0};
    chopsat_move m;
    uint32_t d = 7;

#define CALL(what, call)                                                                           \
    do {                                                                                           \
        memset(&err, 0, sizeof err);                                                               \
        int rc_ = (call);                                                                          \
        REFUSED(what, rc_, err);                                                                   \
    } while (0)

    CALL("chopsat_pos_check", chopsat_pos_check(r, bad, &err));
    CALL("chopsat_moves_list", chopsat_moves_list(r, bad, &ms, &err));
    CHECK(ms.n == 0);
    CALL("chopsat_move_between", chopsat_move_between(r, bad, &start, &m, &err));
    CALL("chopsat_move_by_name", chopsat_move_by_name(r, bad, "tap 1>1", &m, &err));
    CALL("chopsat_move_parse", chopsat_move_parse(r, bad, "tap 1>1", &m, NULL, &err));

    chopsat_solution *sol = chopsat_solve(r, NULL, NULL, &err);
    CHECKF(sol != NULL, "%s", err.msg);
    if (sol) {
        CHECK(chopsat_value(sol, bad, &d) == CHOPSAT_UNKNOWN && d == 0);
        CALL("chopsat_best_moves", chopsat_best_moves(sol, bad, &ms, &err));
        CALL("chopsat_principal_line", chopsat_principal_line(sol, bad, 10, &ms, &err));
        chopsat_stats st;
        CALL("chopsat_stats_compute", chopsat_stats_compute(sol, bad, &st, &err));
        FILE *out = tmpfile();
        CALL("chopsat_report_solve_text", chopsat_report_solve_text(out, r, sol, bad, &err));
        CALL("chopsat_report_solve_json", chopsat_report_solve_json(out, r, sol, bad, &err));
        CALL("chopsat_html_solve", chopsat_html_solve(out, r, sol, bad, &err));
        CALL("chopsat_write_dot", chopsat_write_dot(sol, bad, out, &err));
        chopsat_moves none = {0};
        CALL("chopsat_html_checked", chopsat_html_checked(out, r, bad, &none, NULL, 0, NULL, &err));
        CHECK(ftell(out) == 0); /* nothing written */
        fclose(out);
        chopsat_solution_free(sol);
    }
    memset(&err, 0, sizeof err);
    chopsat_reach_set *set = chopsat_explore(r, bad, &err);
    CHECKF(set == NULL && err.msg[0], "chopsat_explore of %s", name);
    chopsat_reach_set_free(set);
    set = chopsat_explore(r, &start, &err);
    CHECK(set != NULL);
    if (set) CHECK(chopsat_reach_depth(set, bad) == -1);
    chopsat_reach_set_free(set);

    chopsat_game *game = chopsat_game_new(r, bad, 0);
    CHECKF(game == NULL, "chopsat_game_new of %s", name);
    chopsat_game_free(game);

    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .from = *bad, .player = 1, .k = 3};
    chopsat_query reach = {.kind = CHOPSAT_Q_REACH, .from = start, .target = *bad, .k = 3};
    chopsat_ask_opts ao = {0};
    chopsat_answer *a = NULL;
    CALL("chopsat_query_check", chopsat_query_check(r, &q, &err));
    CALL("chopsat_query_check (target)", chopsat_query_check(r, &reach, &err));
    CALL("chopsat_ask", chopsat_ask(r, &q, &ao, &a, &err));
    CHECK(a == NULL);
    CALL("chopsat_ask (target)", chopsat_ask(r, &reach, &ao, &a, &err));
    CHECK(a == NULL);
    int moves;
    chopsat_pos *path = NULL;
    CALL("chopsat_explicit_answer", chopsat_explicit_answer(r, &q, &moves, &path, &err));
    chopsat_bmc_opts bo = {0};
    chopsat_bmc_result *br = NULL;
    CALL("chopsat_bmc_solve", chopsat_bmc_solve(r, &q, &bo, &br, &err));
    chopsat_unbounded_opts uo = {0};
    chopsat_unbounded_result *ur = NULL;
    CALL("chopsat_unbounded_solve", chopsat_unbounded_solve(r, &q, &uo, &ur, &err));
    chopsat_force_opts fo = {0};
    chopsat_force_result *fr = NULL;
    CALL("chopsat_force", chopsat_force(r, &q, &fo, &fr, &err));
    CHECK(fr == NULL);
    chopsat_bdd_force_result *bf = NULL;
    CALL("chopsat_bdd_force", chopsat_bdd_force(r, &q, NULL, &bf, &err));
    chopsat_settle_opts so = {0};
    chopsat_settled *sd = NULL;
    CALL("chopsat_settle", chopsat_settle(r, &q, &so, &sd, &err));

    chopsat_bdd *b = chopsat_bdd_solve(r, NULL, &err);
    CHECKF(b != NULL, "%s", err.msg);
    if (b) {
        d = 7;
        CHECK(chopsat_bdd_value(b, bad, &d) == CHOPSAT_UNKNOWN && d == 0);
        chopsat_stats st;
        CALL("chopsat_bdd_stats", chopsat_bdd_stats(b, bad, &st, &err));
        FILE *out = tmpfile();
        CALL("chopsat_report_solve_bdd_text", chopsat_report_solve_bdd_text(out, r, b, bad, &err));
        CALL("chopsat_report_solve_bdd_json", chopsat_report_solve_bdd_json(out, r, b, bad, &err));
        CHECK(ftell(out) == 0);
        fclose(out);
        chopsat_bdd_free(b);
    }
    chopsat_horizon *h = chopsat_horizon_new(r, 3, NULL, &err);
    CHECKF(h != NULL, "%s", err.msg);
    if (h) {
        d = 7;
        CHECK(chopsat_horizon_value(h, bad, &d) == CHOPSAT_UNKNOWN && d == 0);
        chopsat_count n;
        CALL("chopsat_horizon_move", chopsat_horizon_move(h, bad, &m, &err));
        CALL("chopsat_horizon_count", chopsat_horizon_count(h, bad, &n, &err));
        CALL("chopsat_horizon_moves", chopsat_horizon_moves(h, bad, 10, &ms, &err));
        chopsat_horizon_free(h);
    }
    chopsat_moves_free(&ms);
#undef CALL
}

TEST(positions_outside_the_rules_are_refused)
{
    chopsat_rules *seven = test_rules("standard,fingers=7"), *r = test_rules("standard");
    chopsat_pos wide = test_pos(seven, "66/66:2"), start;
    refused_everywhere(r, &wide, "66/66:2 of fingers=7");
    chopsat_pos_start(r, &start);
    chopsat_pos p = start;
    p.mover = 3;
    refused_everywhere(r, &p, "a mover 3");
    p = start;
    p.unused = 1;
    refused_everywhere(r, &p, "a nonzero unused word");
    p = start;
    p.v[0] = 2, p.v[1] = 1; /* unordered hands are kept smaller first */
    refused_everywhere(r, &p, "hands out of normal form");
    chopsat_rules_free(seven);
    chopsat_rules_free(r);
}

TEST(a_position_of_the_rules_passes)
{
    chopsat_rules *r = test_rules("standard");
    chopsat_pos p = test_pos(r, "04/13:2");
    chopsat_err err = {""};
    chopsat_move m;
    CHECKF(chopsat_pos_check(r, &p, &err) == CHOPSAT_OK, "%s", err.msg);
    CHECK(chopsat_move_by_name(r, &p, NULL, &m, &err) == CHOPSAT_ERROR && err.msg[0]);
    chopsat_rules_free(r);
    /* past the index space: checked by reading the written position back */
    r = test_rules("standard,fingers=18446744073709551615");
    p = test_pos(r, "1,18446744073709551614/0,3:2");
    CHECKF(chopsat_pos_check(r, &p, &err) == CHOPSAT_OK, "%s", err.msg);
    p.v[1] = UINT64_MAX;
    memset(&err, 0, sizeof err);
    CHECK(chopsat_pos_check(r, &p, &err) == CHOPSAT_ERROR && strstr(err.msg, "out of range"));
    chopsat_rules_free(r);
    r = test_rules("onedie");
    p = test_pos(r, "24@3");
    CHECKF(chopsat_pos_check(r, &p, &err) == CHOPSAT_OK, "%s", err.msg);
    p.v[2] = 1;
    CHECK(chopsat_pos_check(r, &p, &err) == CHOPSAT_ERROR);
    p = test_pos(r, "24@3");
    p.v[1] = 7;
    CHECK(chopsat_pos_check(r, &p, &err) == CHOPSAT_ERROR);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(bad_position)
{
    SCHEDULE(positions_outside_the_rules_are_refused);
    SCHEDULE(a_position_of_the_rules_passes);
}
