/* test_bmc.c: differential tests of the bounded model checker. Its answers and minimum move
 * counts must equal the explicit search's (within.c), for every start position of the
 * standard game and of the one-die race to 31 and samples of the other rules, reach and win,
 * both solvers, all three repetition settings, exact or not, the three move encodings (the
 * textbook one on the games small enough for it), both
 * polarity modes, incremental or not; and every witness must replay. */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "harness.h"

/* Asks q both ways and compares; the witness must replay. */
static void compare(const chopsat_rules *r, const chopsat_query *q, const chopsat_bmc_opts *o)
{
    chopsat_err err;
    chopsat_bmc_result *res;
    char from[64], target[64];
    chopsat_pos_format(r, &q->from, from, sizeof from);
    chopsat_pos_format(r, &q->target, target, sizeof target);
    int rc = chopsat_bmc_solve(r, q, o, &res, &err);
    if (rc < 0) {
        CHECKF(0, "bmc failed on %s: %s", from, err.msg);
        return;
    }
    CHECK(rc == chopsat_bmc_result_value(res));
    int yes = rc == CHOPSAT_YES, least = chopsat_bmc_result_moves(res);
    const chopsat_pos *path;
    size_t n = chopsat_bmc_result_path(res, &path);
    CHECK(yes ? n == (size_t)least + 1 && path : n == 0 && !path && least == -1);
    CHECK(chopsat_bmc_result_vars(res) > 0 && chopsat_bmc_result_clauses(res) > 0);
    CHECK(chopsat_bmc_result_solver_calls(res) > 0);
    CHECK(chopsat_bmc_result_encode_seconds(res) >= 0 &&
          chopsat_bmc_result_solve_seconds(res) >= 0);
    int moves = -1;
    int ex = chopsat_explicit_answer(r, q, &moves, NULL, &err);
    bool same = ex == rc && (ex == CHOPSAT_NO || moves == least);
    CHECKF(same,
           "%s %s from %s (target %s, player %d, k %d, repeat %d, exact %d, %s): sat "
           "%d/%d, explicit %d/%d",
           q->kind == CHOPSAT_Q_WIN ? "win" : "reach", o->solver, from, target, q->player, q->k,
           q->repeat, q->exact, o->incremental ? "incremental" : "fresh", yes, least, ex, moves);
    if (yes) {
        rc = chopsat_replay(r, q, path, n, NULL, &err);
        CHECKF(rc == CHOPSAT_OK, "witness from %s does not replay: %s", from, err.msg);
    }
    chopsat_bmc_result_free(res);
}

static chopsat_bmc_opts opts(const char *solver)
{
    chopsat_bmc_opts o = {.solver = solver, .incremental = true};
    return o;
}

/* Every position of r (every step-th), as start of a win question for each player. */
static void win_everywhere(const char *spec, int k, int step, chopsat_repeat rep,
                           const chopsat_bmc_opts *o)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_solution *sol = chopsat_solve(r, NULL, NULL, NULL);
    for (uint64_t i = 0; i < chopsat_solution_size(sol); i += (uint64_t)step) {
        chopsat_query q = {.kind = CHOPSAT_Q_WIN, .k = k, .repeat = rep};
        if (!chopsat_solution_position(sol, i, &q.from)) continue;
        for (q.player = 1; q.player <= 2; q.player++)
            compare(r, &q, o);
    }
    chopsat_solution_free(sol);
    chopsat_rules_free(r);
}

/* Reach questions from every step-th position to a spread of targets. */
static void reach_spread(const char *spec, int k, int step, int targets, chopsat_repeat rep,
                         bool exact, const chopsat_bmc_opts *o)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_solution *sol = chopsat_solve(r, NULL, NULL, NULL);
    uint64_t n = chopsat_solution_size(sol);
    for (uint64_t i = 0; i < n; i += (uint64_t)step)
        for (int t = 0; t < targets; t++) {
            chopsat_query q = {
                .kind = CHOPSAT_Q_REACH, .k = k, .repeat = rep, .exact = exact, .player = 1};
            uint64_t j = (i * 7919 + (uint64_t)t * 104729 + 13) % n;
            if (!chopsat_solution_position(sol, i, &q.from) ||
                !chopsat_solution_position(sol, j, &q.target))
                continue;
            compare(r, &q, o);
        }
    chopsat_solution_free(sol);
    chopsat_rules_free(r);
}

TEST(bmc_win_every_standard_position_both_players)
{
    chopsat_bmc_opts o = opts("cadical");
    win_everywhere("standard", 12, 1, CHOPSAT_REPEAT_OFF, &o);
}

TEST(bmc_win_standard_picosat_and_repetition)
{
    chopsat_bmc_opts o = opts("picosat");
    win_everywhere("standard", 12, 3, CHOPSAT_REPEAT_PATH, &o);
    o = opts("cadical");
    win_everywhere("standard", 12, 5, CHOPSAT_REPEAT_IMMEDIATE, &o);
}

TEST(bmc_reach_spread_all_repetition_settings_both_solvers)
{
    static const char *solvers[] = {"cadical", "picosat"};
    for (int s = 0; s < 2; s++)
        for (int rep = 0; rep < 3; rep++) {
            chopsat_bmc_opts o = opts(solvers[s]);
            reach_spread("standard", 12, 43, 3, (chopsat_repeat)rep, false, &o);
        }
}

TEST(bmc_exact_k_0_to_12)
{
    /* with --exact the repetition rule matters: sequences may have to wander */
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_bmc_opts o = opts("cadical");
    chopsat_solution *sol = chopsat_solve(r, NULL, NULL, NULL);
    for (uint64_t i = 0; i < chopsat_solution_size(sol); i += 67)
        for (int rep = 0; rep < 3; rep++)
            for (int k = 0; k <= 12; k++) {
                chopsat_query q = {.kind = CHOPSAT_Q_WIN,
                                   .k = k,
                                   .repeat = (chopsat_repeat)rep,
                                   .exact = true,
                                   .player = 2};
                if (!chopsat_solution_position(sol, i, &q.from)) continue;
                compare(r, &q, &o);
                q.kind = CHOPSAT_Q_REACH;
                chopsat_solution_position(sol, (i * 31 + 7) % chopsat_solution_size(sol),
                                          &q.target);
                compare(r, &q, &o);
            }
    chopsat_solution_free(sol);
    chopsat_rules_free(r);
}

TEST(bmc_other_presets)
{
    chopsat_bmc_opts o = opts("cadical");
    win_everywhere("rollover", 10, 7, CHOPSAT_REPEAT_OFF, &o);
    win_everywhere("no-split,fingers=6", 10, 11, CHOPSAT_REPEAT_OFF, &o);
    win_everywhere("even-split,fingers=6", 10, 11, CHOPSAT_REPEAT_PATH, &o);
    win_everywhere("chinese,fingers=4", 10, 13, CHOPSAT_REPEAT_OFF, &o);
    reach_spread("standard,hands=ordered,suicide=no,fingers=4", 10, 37, 3, CHOPSAT_REPEAT_OFF,
                 false, &o);
    reach_spread("standard,tap=self-add,fingers=4", 10, 17, 3, CHOPSAT_REPEAT_IMMEDIATE, false, &o);
}

TEST(bmc_encoding_options_agree)
{
    chopsat_bmc_opts o = opts("cadical");
    o.binary_moves = true;
    win_everywhere("standard", 12, 7, CHOPSAT_REPEAT_OFF, &o);
    o = opts("cadical");
    o.plaisted_greenbaum = true;
    win_everywhere("standard", 12, 7, CHOPSAT_REPEAT_PATH, &o);
    o = opts("picosat");
    o.incremental = false;
    win_everywhere("standard", 10, 13, CHOPSAT_REPEAT_OFF, &o);
}

TEST(bmc_textbook_encoding_agrees)
{
    /* every position of the standard game, both polarities, the repetition rules, exact
     * bounds, fresh formulas, and the other presets at sizes the textbook encoding takes */
    chopsat_bmc_opts o = opts("cadical");
    o.textbook = true;
    win_everywhere("standard", 12, 2, CHOPSAT_REPEAT_OFF, &o);
    reach_spread("standard", 12, 41, 3, CHOPSAT_REPEAT_IMMEDIATE, false, &o);
    reach_spread("standard", 8, 53, 2, CHOPSAT_REPEAT_PATH, true, &o);
    win_everywhere("rollover", 10, 7, CHOPSAT_REPEAT_PATH, &o);
    win_everywhere("no-split,fingers=6", 10, 11, CHOPSAT_REPEAT_OFF, &o);
    win_everywhere("even-split,fingers=6", 10, 11, CHOPSAT_REPEAT_PATH, &o);
    win_everywhere("chinese,fingers=4", 10, 13, CHOPSAT_REPEAT_OFF, &o);
    win_everywhere("standard,fingers=2", 6, 1, CHOPSAT_REPEAT_OFF, &o);
    win_everywhere("standard,fingers=3", 8, 1, CHOPSAT_REPEAT_IMMEDIATE, &o);
    reach_spread("standard,hands=ordered,suicide=no,fingers=4", 10, 37, 3, CHOPSAT_REPEAT_OFF,
                 false, &o);
    reach_spread("standard,tap=self-add,fingers=4", 10, 17, 3, CHOPSAT_REPEAT_IMMEDIATE, false, &o);
    o.plaisted_greenbaum = true;
    win_everywhere("standard", 12, 5, CHOPSAT_REPEAT_PATH, &o);
    o = opts("picosat");
    o.textbook = true;
    o.incremental = false;
    win_everywhere("standard", 10, 13, CHOPSAT_REPEAT_OFF, &o);
}

TEST(bmc_published_questions)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_bmc_opts o = opts("cadical");
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .k = 30, .player = 1};
    chopsat_pos_start(r, &q.from);
    chopsat_bmc_result *res;
    chopsat_err err;
    REQUIRE(chopsat_bmc_solve(r, &q, &o, &res, &err) > 0);
    CHECK(chopsat_bmc_result_value(res) == CHOPSAT_YES && chopsat_bmc_result_moves(res) == 5);
    chopsat_bmc_result_free(res);
    q.player = 2;
    REQUIRE(chopsat_bmc_solve(r, &q, &o, &res, &err) > 0);
    CHECK(chopsat_bmc_result_value(res) == CHOPSAT_YES && chopsat_bmc_result_moves(res) == 4);
    chopsat_bmc_result_free(res);
    /* a target the explicit solver finds unreachable from the start */
    q.kind = CHOPSAT_Q_REACH;
    q.k = 20;
    q.target = test_pos(r, "11/34:1");
    REQUIRE(chopsat_bmc_solve(r, &q, &o, &res, &err) > 0);
    CHECK(chopsat_bmc_result_value(res) == CHOPSAT_NO && chopsat_bmc_result_moves(res) == -1);
    chopsat_bmc_result_free(res);
    chopsat_rules_free(r);
}

TEST(bmc_huge_fingers)
{
    chopsat_rules *r = test_rules("standard,fingers=65536");
    REQUIRE(r);
    chopsat_bmc_opts o = opts("cadical");
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .k = 12, .player = 2};
    chopsat_pos_start(r, &q.from);
    compare(r, &q, &o);
    chopsat_rules_free(r);
}

/* ---- the one-die game: from every position (the index space has holes) ---- */

/* The valid positions of r (the index space without its holes), every step-th. */
static size_t positions_of(const chopsat_rules *r, int step, chopsat_pos **out)
{
    size_t n = 0;
    *out = NULL;
    chopsat_solution *sol = chopsat_solve(r, NULL, NULL, NULL);
    for (uint64_t i = 0, k = 0; i < chopsat_solution_size(sol); i++) {
        chopsat_pos p;
        if (!chopsat_solution_position(sol, i, &p) || k++ % (uint64_t)step) continue;
        *out = xrealloc(*out, (n + 1) * sizeof **out);
        (*out)[n++] = p;
    }
    chopsat_solution_free(sol);
    return n;
}

/* Win questions for both players from every step-th position. */
static void win_from_everywhere(const char *spec, int k, int step, chopsat_repeat rep, bool exact,
                                const chopsat_bmc_opts *o)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_pos *ps;
    size_t n = positions_of(r, step, &ps);
    for (size_t i = 0; i < n; i++)
        for (int pl = 1; pl <= 2; pl++) {
            chopsat_query q = {.kind = CHOPSAT_Q_WIN,
                               .from = ps[i],
                               .player = pl,
                               .k = k,
                               .repeat = rep,
                               .exact = exact};
            compare(r, &q, o);
        }
    free(ps);
    chopsat_rules_free(r);
}

/* Reach questions from every step-th position to `targets` positions spread over the game
 * (the spread includes positions further on, so that some answers are yes). */
static void reach_from_everywhere(const char *spec, int k, int step, int targets,
                                  chopsat_repeat rep, bool exact, const chopsat_bmc_opts *o)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_pos *ps;
    size_t n = positions_of(r, 1, &ps);
    for (size_t i = 0; i < n; i += (size_t)step)
        for (int t = 0; t < targets; t++) {
            /* a target a little ahead of the start in index order: totals grow along a game */
            size_t j = (i + 13 + (size_t)t * 37) % n;
            chopsat_query q = {.kind = CHOPSAT_Q_REACH,
                               .from = ps[i],
                               .target = ps[j],
                               .player = 1,
                               .k = k,
                               .repeat = rep,
                               .exact = exact};
            compare(r, &q, o);
        }
    free(ps);
    chopsat_rules_free(r);
}

static chopsat_bmc_opts bmc_opts(const char *solver, bool binary)
{
    chopsat_bmc_opts o = {.solver = solver, .incremental = true, .binary_moves = binary};
    return o;
}

TEST(onedie_bmc_win_every_position_target_31)
{
    chopsat_bmc_opts o = bmc_opts("cadical", false);
    win_from_everywhere("onedie", 12, 1, CHOPSAT_REPEAT_OFF, false, &o);
}

TEST(onedie_bmc_win_repetition_solvers_encodings)
{
    chopsat_bmc_opts o = bmc_opts("picosat", false);
    win_from_everywhere("onedie", 12, 7, CHOPSAT_REPEAT_PATH, false, &o);
    o = bmc_opts("cadical", true);
    win_from_everywhere("onedie", 12, 9, CHOPSAT_REPEAT_IMMEDIATE, false, &o);
    o = bmc_opts("picosat", true);
    o.incremental = false;
    win_from_everywhere("onedie", 10, 17, CHOPSAT_REPEAT_OFF, false, &o);
    o = bmc_opts("cadical", false);
    o.plaisted_greenbaum = true;
    win_from_everywhere("onedie", 12, 11, CHOPSAT_REPEAT_PATH, false, &o);
    o = bmc_opts("cadical", false);
    o.textbook = true;
    win_from_everywhere("onedie", 12, 1, CHOPSAT_REPEAT_OFF, false, &o);
    win_from_everywhere("onedie", 12, 7, CHOPSAT_REPEAT_IMMEDIATE, true, &o);
    reach_from_everywhere("onedie", 12, 13, 3, CHOPSAT_REPEAT_PATH, false, &o);
    o.plaisted_greenbaum = true;
    win_from_everywhere("onedie,target=12", 12, 3, CHOPSAT_REPEAT_PATH, false, &o);
}

TEST(onedie_bmc_reach_all_repetition_settings_both_solvers)
{
    static const char *solvers[] = {"cadical", "picosat"};
    for (int s = 0; s < 2; s++)
        for (int rep = 0; rep < 3; rep++) {
            chopsat_bmc_opts o = bmc_opts(solvers[s], s == 1);
            reach_from_everywhere("onedie", 12, 13, 3, (chopsat_repeat)rep, false, &o);
        }
}

TEST(onedie_bmc_exact_k_0_to_12)
{
    static const char *solvers[] = {"cadical", "picosat"};
    for (int s = 0; s < 2; s++)
        for (int rep = 0; rep < 3; rep++) {
            chopsat_bmc_opts o = bmc_opts(solvers[s], false);
            for (int k = 0; k <= 12; k++) {
                win_from_everywhere("onedie", k, 53 + 2 * rep + s, (chopsat_repeat)rep, true, &o);
                reach_from_everywhere("onedie", k, 67 + 2 * rep + s, 2, (chopsat_repeat)rep, true,
                                      &o);
            }
        }
}

TEST(onedie_bmc_other_targets)
{
    chopsat_bmc_opts o = bmc_opts("cadical", false);
    static const char *specs[] = {"onedie,target=1", "onedie,target=2", "onedie,target=7",
                                  "onedie,target=12"};
    for (size_t i = 0; i < 4; i++) {
        win_from_everywhere(specs[i], 12, 1 + (int)i, CHOPSAT_REPEAT_OFF, false, &o);
        reach_from_everywhere(specs[i], 12, 2 + (int)i, 1, CHOPSAT_REPEAT_PATH, false, &o);
    }
    o = bmc_opts("picosat", true);
    win_from_everywhere("onedie,target=50", 12, 29, CHOPSAT_REPEAT_IMMEDIATE, false, &o);
    win_from_everywhere("onedie,target=100", 12, 61, CHOPSAT_REPEAT_OFF, true, &o);
}

TEST(onedie_bmc_start_questions)
{
    /* from the start of the race to 31: a total of 31 needs at least 6 moves (five sixes make
     * 30, and a six cannot follow a six), and either player can win when both cooperate */
    chopsat_rules *r = test_rules("onedie");
    REQUIRE(r);
    chopsat_bmc_opts o = bmc_opts("cadical", false);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .k = 12, .player = 1};
    chopsat_pos_start(r, &q.from);
    chopsat_bmc_result *res;
    chopsat_err err;
    REQUIRE(chopsat_bmc_solve(r, &q, &o, &res, &err) > 0);
    CHECK(chopsat_bmc_result_value(res) == CHOPSAT_YES);
    int p1 = chopsat_bmc_result_moves(res);
    chopsat_bmc_result_free(res);
    q.player = 2;
    REQUIRE(chopsat_bmc_solve(r, &q, &o, &res, &err) > 0);
    CHECK(chopsat_bmc_result_value(res) == CHOPSAT_YES);
    int p2 = chopsat_bmc_result_moves(res);
    chopsat_bmc_result_free(res);
    CHECKF(p1 >= 6 && p2 >= 6, "player 1 wins in %d, player 2 in %d", p1, p2);
    /* within 5 moves nobody can finish */
    q.k = 5;
    for (q.player = 1; q.player <= 2; q.player++) {
        REQUIRE(chopsat_bmc_solve(r, &q, &o, &res, &err) > 0);
        CHECK(chopsat_bmc_result_value(res) == CHOPSAT_NO);
        chopsat_bmc_result_free(res);
    }
    chopsat_rules_free(r);
}

/* The course report's rule (--no-repeat immediate, square-free sequences) on small games:
 * reach questions from every step-th position to itself and to another position, and win
 * questions, exactly k for k in kmin..kmax and within kmax, SAT against the explicit search.
 * Returns how many of the exact questions the rule changes (the explicit answer under off
 * differs), so that the caller can make sure the cases where it matters are among them. */
static int square_free_everywhere(const char *spec, int kmin, int kmax, uint64_t step,
                                  const chopsat_bmc_opts *o)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return 0;
    chopsat_solution *sol = chopsat_solve(r, NULL, NULL, NULL);
    uint64_t n = chopsat_solution_size(sol);
    int changed = 0;
    for (uint64_t i = 0; i < n; i += step)
        for (int k = kmin; k <= kmax; k++)
            for (int t = 0; t < 3; t++) {
                chopsat_query q = {.kind = t < 2 ? CHOPSAT_Q_REACH : CHOPSAT_Q_WIN,
                                   .k = k,
                                   .repeat = CHOPSAT_REPEAT_IMMEDIATE,
                                   .exact = true,
                                   .player = 1 + (int)(i % 2)};
                uint64_t j = t == 0 ? i : (i * 7919 + 13) % n;
                if (!chopsat_solution_position(sol, i, &q.from) ||
                    !chopsat_solution_position(sol, j, &q.target))
                    continue;
                compare(r, &q, o);
                chopsat_err err;
                chopsat_query off = q;
                off.repeat = CHOPSAT_REPEAT_OFF;
                if (chopsat_explicit_answer(r, &q, NULL, NULL, &err) !=
                    chopsat_explicit_answer(r, &off, NULL, NULL, &err))
                    changed++;
                q.exact = false;
                if (k == kmax) compare(r, &q, o);
            }
    chopsat_solution_free(sol);
    chopsat_rules_free(r);
    return changed;
}

TEST(bmc_square_free_exhaustive)
{
    /* in standard,fingers=3 and rollover,fingers=3 some 8-move loops are one 4-move loop
     * twice; in chinese,fingers=5 some 8- and 12-move loops are repeated blocks */
    chopsat_bmc_opts o = opts("cadical");
    CHECK(square_free_everywhere("standard,fingers=3", 7, 9, 1, &o) > 0);
    CHECK(square_free_everywhere("chinese,fingers=5", 8, 8, 15, &o) > 0);
    o = opts("picosat");
    o.incremental = false;
    o.binary_moves = true;
    CHECK(square_free_everywhere("rollover,fingers=3", 8, 8, 4, &o) > 0);
}

/* A question the engine refuses: an error with a message and no result; free takes NULL. */
TEST(bmc_result_none_on_error)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_bmc_opts o = opts("cadical");
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .k = 3, .player = 3};
    chopsat_pos_start(r, &q.from);
    chopsat_bmc_result *res = (chopsat_bmc_result *)&q; /* not NULL before the call */
    chopsat_err err;
    CHECK(chopsat_bmc_solve(r, &q, &o, &res, &err) == CHOPSAT_ERROR && !res &&
          strstr(err.msg, "player"));
    chopsat_bmc_result_free(NULL);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(bmc)
{
    SCHEDULE(bmc_result_none_on_error);
    SCHEDULE(bmc_win_every_standard_position_both_players);
    SCHEDULE(bmc_win_standard_picosat_and_repetition);
    SCHEDULE(bmc_reach_spread_all_repetition_settings_both_solvers);
    SCHEDULE(bmc_exact_k_0_to_12);
    SCHEDULE(bmc_other_presets);
    SCHEDULE(bmc_encoding_options_agree);
    SCHEDULE(bmc_textbook_encoding_agrees);
    SCHEDULE(bmc_published_questions);
    SCHEDULE(bmc_huge_fingers);
    SCHEDULE(onedie_bmc_win_every_position_target_31);
    SCHEDULE(onedie_bmc_win_repetition_solvers_encodings);
    SCHEDULE(onedie_bmc_reach_all_repetition_settings_both_solvers);
    SCHEDULE(onedie_bmc_exact_k_0_to_12);
    SCHEDULE(onedie_bmc_other_targets);
    SCHEDULE(onedie_bmc_start_questions);
    SCHEDULE(bmc_square_free_exhaustive);
}
