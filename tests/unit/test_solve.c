/* test_solve.c: the explicit solver (solve.c, explore.c, chart.c). The published figures of
 * docs/rules.md's figures; the invariants of retrograde analysis at every position of every preset
 * at fingers 2..8 and of several option combinations and one-die targets; an independent
 * round-by-round evaluation (a different algorithm from solve.c's queue) that must give the same
 * values and distances; best moves, principal lines, statistics and the chart's cells against
 * the solution. */
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "games/game.h"
#include "harness.h"

static chopsat_solution *solved(chopsat_rules *r)
{
    chopsat_err err;
    chopsat_solution *s = chopsat_solve(r, NULL, NULL, &err);
    if (!s) test_fail(__FILE__, __LINE__, "solve: %s", err.msg);
    return s;
}

TEST(solve_published_figures)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_solution *s = solved(r);
    REQUIRE(s);
    chopsat_pos start;
    chopsat_pos_start(r, &start);
    uint32_t d;
    CHECK(chopsat_value(s, &start, &d) == CHOPSAT_LOSS);
    CHECKF(d == 26, "distance %u", d);
    chopsat_stats st;
    chopsat_err err;
    REQUIRE(chopsat_stats_compute(s, &start, &st, &err) == 0);
    CHECKF(st.positions == 382, "%llu positions", (unsigned long long)st.positions);
    CHECKF(st.terminal == 28, "%llu terminal", (unsigned long long)st.terminal);
    CHECKF(st.edges == 1000, "%llu edges", (unsigned long long)st.edges);
    CHECK(st.wins + st.losses + st.draws + st.terminal == st.positions);
    /* the principal line from the start has 26 moves and ends with player 2 having won */
    chopsat_moves line = {0};
    chopsat_principal_line(s, &start, 1000, &line, NULL);
    CHECKF(line.n == 26, "line of %zu moves", line.n);
    if (line.n) CHECK(chopsat_pos_winner(r, &line.items[line.n - 1].to) == 2);
    chopsat_moves_free(&line);
    chopsat_solution_free(s);
    chopsat_rules_free(r);
}

/* Checks the invariants at every position of the solution; returns the number of positions. */
static uint64_t check_invariants(const char *spec)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return 0;
    chopsat_solution *s = solved(r);
    if (!s) {
        chopsat_rules_free(r);
        return 0;
    }
    chopsat_moves ms = {0};
    uint64_t count = 0;
    int bad = 0;
    for (uint64_t i = 0; i < chopsat_solution_size(s) && bad < 5; i++) {
        chopsat_pos p;
        if (!chopsat_solution_position(s, i, &p)) continue;
        count++;
        char name[64];
        chopsat_pos_format(r, &p, name, sizeof name);
        uint32_t d;
        int v = chopsat_value(s, &p, &d);
        int outcome = chopsat_pos_outcome(r, &p);
        chopsat_moves_list(r, &p, &ms, NULL);
        if (outcome) {
            if (v != outcome || d != 0 || ms.n) {
                test_fail(__FILE__, __LINE__, "%s: terminal %s valued %d at %u", spec, name, v, d);
                bad++;
            }
            continue;
        }
        bool loss_next = false, loss_sooner = false, draw_next = false, all_wins = true,
             win_next = false, win_later = false;
        for (size_t m = 0; m < ms.n; m++) {
            uint32_t dd;
            int vv = chopsat_value(s, &ms.items[m].to, &dd);
            if (vv == CHOPSAT_LOSS && dd + 1 == d) loss_next = true;
            if (vv == CHOPSAT_LOSS && dd + 1 < d) loss_sooner = true;
            if (vv == CHOPSAT_DRAW) draw_next = true;
            if (vv != CHOPSAT_WIN) all_wins = false;
            if (vv == CHOPSAT_WIN && dd + 1 == d) win_next = true;
            if (vv == CHOPSAT_WIN && dd + 1 > d) win_later = true;
            if (vv == CHOPSAT_LOSS && v != CHOPSAT_WIN) loss_next = loss_sooner = true;
        }
        bool ok;
        if (v == CHOPSAT_WIN)
            ok = d >= 1 && loss_next && !loss_sooner;
        else if (v == CHOPSAT_LOSS)
            ok = all_wins && (ms.n ? win_next && !win_later : d == 0);
        else
            ok = !loss_next && draw_next;
        if (!ok) {
            test_fail(__FILE__, __LINE__, "%s: %s (value %d, distance %u) breaks the invariants",
                      spec, name, v, d);
            bad++;
        }
    }
    chopsat_moves_free(&ms);
    chopsat_solution_free(s);
    chopsat_rules_free(r);
    return count;
}

TEST(solve_invariants_every_preset_fingers_2_to_8)
{
    const char *presets[] = {"standard", "no-split", "rollover", "even-split", "chinese"};
    for (size_t k = 0; k < sizeof presets / sizeof *presets; k++)
        for (int n = 2; n <= 8; n++) {
            char spec[64];
            snprintf(spec, sizeof spec, "%s,fingers=%d", presets[k], n);
            CHECKF(check_invariants(spec) > 0, "%s: no positions", spec);
        }
}

TEST(solve_invariants_option_combinations)
{
    const char *specs[] = {
        "standard,suicide=no",
        "standard,revive=no",
        "standard,suicide=no,revive=no",
        "standard,hands=ordered",
        "standard,hands=ordered,suicide=no,revive=no",
        "rollover,fingers=7",
        "standard,tap=self-add",
        "standard,tap=self-add,overflow=rollover,hands=ordered",
        "standard,win=finish",
        "no-split,win=finish,overflow=rollover",
        "even-split,hands=ordered,fingers=6",
        "chinese",
        "standard,fingers=9,suicide=no",
    };
    for (size_t k = 0; k < sizeof specs / sizeof *specs; k++)
        CHECKF(check_invariants(specs[k]) > 0, "%s: no positions", specs[k]);
}

TEST(solve_invariants_onedie_targets)
{
    const char *specs[] = {"onedie,target=1",  "onedie,target=2", "onedie,target=7",
                           "onedie,target=10", "onedie",          "onedie,target=50",
                           "onedie,target=100"};
    for (size_t k = 0; k < sizeof specs / sizeof *specs; k++)
        CHECKF(check_invariants(specs[k]) > 0, "%s: no positions", specs[k]);
}

/* An independent evaluation: in round t a position becomes a win at distance t if some move
 * leads to a loss found in round t-1, a loss at distance t if every move leads to a win found
 * before round t; what is never settled is a draw. Compares every value and distance. */
static void check_by_rounds(const char *spec)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_solution *s = solved(r);
    const game *g = r->game;
    uint64_t n = g->count(r);
    int *val = calloc(n, sizeof *val), *round_of = calloc(n, sizeof *round_of);
    bool *valid = calloc(n, sizeof *valid);
    step *buf = malloc(g->max_moves(r) * sizeof *buf);
    chopsat_pos p;
    for (uint64_t i = 0; i < n; i++) {
        valid[i] = g->unindex(r, i, &p);
        int w = valid[i] ? g->winner(r, &p) : 0;
        if (w) val[i] = w == (int)p.mover ? CHOPSAT_WIN : CHOPSAT_LOSS; /* round 0 */
    }
    for (int t = 1;; t++) {
        bool changed = false;
        for (uint64_t i = 0; i < n; i++) {
            if (!valid[i] || val[i]) continue;
            g->unindex(r, i, &p);
            size_t k = g->moves(r, &p, buf);
            bool win = false, loss = true;
            for (size_t m = 0; m < k; m++) {
                uint64_t j = g->index(r, &buf[m].to);
                bool settled = val[j] && round_of[j] < t;
                if (settled && val[j] == CHOPSAT_LOSS && round_of[j] == t - 1) win = true;
                if (!settled || val[j] != CHOPSAT_WIN) loss = false;
            }
            if (win || loss) {
                val[i] = win ? CHOPSAT_WIN : CHOPSAT_LOSS;
                round_of[i] = t;
                changed = true;
            }
        }
        if (!changed) break;
    }
    int bad = 0;
    for (uint64_t i = 0; s && i < n && bad < 5; i++) {
        if (!valid[i]) continue;
        g->unindex(r, i, &p);
        uint32_t d;
        int v = chopsat_value(s, &p, &d);
        if (!val[i]) val[i] = CHOPSAT_DRAW; /* never settled */
        if (v != val[i] || (v != CHOPSAT_DRAW && d != (uint32_t)round_of[i])) {
            char name[64];
            g->format(r, &p, name, sizeof name);
            test_fail(__FILE__, __LINE__, "%s: %s solved as %d at %u, by rounds %d at %d", spec,
                      name, v, d, val[i], round_of[i]);
            bad++;
        }
    }
    free(buf);
    free(valid);
    free(round_of);
    free(val);
    chopsat_solution_free(s);
    chopsat_rules_free(r);
}

TEST(solve_agrees_with_round_by_round_evaluation)
{
    const char *specs[] = {"standard",
                           "standard,fingers=3",
                           "standard,fingers=6,suicide=no",
                           "no-split,fingers=6",
                           "rollover",
                           "even-split,fingers=6",
                           "chinese,fingers=5",
                           "standard,hands=ordered,tap=self-add",
                           "standard,win=finish",
                           "onedie",
                           "onedie,target=12"};
    for (size_t k = 0; k < sizeof specs / sizeof *specs; k++)
        check_by_rounds(specs[k]);
}

TEST(solve_known_positions)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_solution *s = solved(r);
    REQUIRE(s);
    struct {
        const char *pos;
        int value;
        uint32_t distance;
    } known[] = {
        {"11/04", CHOPSAT_WIN, 1},  /* tap 1>4 kills the 4: the opponent has no hand left */
        {"00/11", CHOPSAT_LOSS, 0}, /* over: player 1 has lost */
        {"11/11:2", CHOPSAT_LOSS, 26},
        {"11/12:2", CHOPSAT_WIN, 25},
    };
    for (size_t k = 0; k < sizeof known / sizeof *known; k++) {
        chopsat_pos p = test_pos(r, known[k].pos);
        uint32_t d;
        int v = chopsat_value(s, &p, &d);
        CHECKF(v == known[k].value && d == known[k].distance, "%s: %d at %u", known[k].pos, v, d);
    }
    /* best moves: 11/04 has exactly one winning move */
    chopsat_pos p = test_pos(r, "11/04");
    chopsat_moves best = {0};
    chopsat_best_moves(s, &p, &best, NULL);
    CHECK(best.n == 1 && !strcmp(best.items[0].name, "tap 1>4"));
    chopsat_moves_free(&best);
    chopsat_solution_free(s);
    chopsat_rules_free(r);
}

TEST(solve_draw_line_stops_at_a_repeat)
{
    chopsat_rules *r = test_rules("standard,fingers=3");
    REQUIRE(r);
    chopsat_solution *s = solved(r);
    REQUIRE(s);
    chopsat_pos start;
    chopsat_pos_start(r, &start);
    CHECK(chopsat_value(s, &start, NULL) == CHOPSAT_DRAW);
    chopsat_moves line = {0};
    chopsat_principal_line(s, &start, 1000, &line, NULL);
    REQUIRE(line.n > 0 && line.n < 1000);
    chopsat_pos last = line.items[line.n - 1].to;
    bool repeats = chopsat_pos_equal(&last, &start);
    for (size_t i = 0; i + 1 < line.n; i++)
        repeats = repeats || chopsat_pos_equal(&line.items[i].to, &last);
    CHECK(repeats);
    for (size_t i = 0; i < line.n; i++)
        CHECK(chopsat_value(s, &line.items[i].to, NULL) == CHOPSAT_DRAW);
    chopsat_moves_free(&line);
    chopsat_solution_free(s);
    chopsat_rules_free(r);
}

TEST(solve_stats_other_start_and_terminal)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_solution *s = solved(r);
    REQUIRE(s);
    chopsat_stats st;
    chopsat_err err;
    chopsat_pos p = test_pos(r, "00/11");
    REQUIRE(chopsat_stats_compute(s, &p, &st, &err) == 0);
    CHECK(st.positions == 1 && st.terminal == 1 && st.edges == 0 && st.depth == 0);
    p = test_pos(r, "11/04");
    REQUIRE(chopsat_stats_compute(s, &p, &st, &err) == 0);
    CHECK(st.positions > 1 && st.depth >= 1);
    chopsat_reach_set *set = chopsat_explore(r, &p, &err);
    REQUIRE(set);
    CHECK(chopsat_reach_count(set) == st.positions);
    chopsat_pos q = test_pos(r, "11/00:2");
    CHECK(chopsat_reach_depth(set, &q) == 1);
    chopsat_reach_set_free(set);
    chopsat_solution_free(s);
    chopsat_rules_free(r);
}

TEST(solve_chart_cells_follow_the_solution)
{
    const char *specs[] = {"standard", "chinese,fingers=4", "onedie,target=20"};
    for (size_t k = 0; k < sizeof specs / sizeof *specs; k++) {
        chopsat_rules *r = test_rules(specs[k]);
        if (!r) continue;
        chopsat_solution *s = solved(r);
        uint64_t rows = chopsat_chart_size(r, 0), cols = chopsat_chart_size(r, 1), cells = 0;
        for (uint64_t i = 0; s && i < rows; i++)
            for (uint64_t j = 0; j < cols; j++) {
                chopsat_chart_cell c;
                if (!chopsat_chart_cell_at(s, i, j, &c)) continue;
                cells++;
                uint32_t d;
                CHECK(c.pos.mover == 1);
                CHECK(chopsat_value(s, &c.pos, &d) == c.value && d == c.distance);
                CHECK(c.terminal == (chopsat_pos_winner(r, &c.pos) != 0));
                if (c.terminal) {
                    CHECK(!c.best.name[0] && !*chopsat_move_short_name(&c.best));
                    continue;
                }
                chopsat_move m;
                REQUIRE(chopsat_move_by_name(r, &c.pos, c.best.name, &m, NULL) == 0);
                /* the chart's short name is the name without its verb, and names it too */
                const char *sn = chopsat_move_short_name(&c.best);
                CHECK(sn > c.best.name && sn[-1] == ' ' && !strchr(sn, ' '));
                REQUIRE(chopsat_move_by_name(r, &c.pos, sn, &m, NULL) == 0 &&
                        chopsat_pos_equal(&m.to, &c.best.to));
                uint32_t dd;
                int vv = chopsat_value(s, &m.to, &dd);
                if (c.value == CHOPSAT_DRAW)
                    CHECK(vv == CHOPSAT_DRAW);
                else
                    CHECK(vv == chopsat_value_other(c.value) && dd + 1 == c.distance);
            }
        if (!strcmp(specs[k], "standard")) CHECK(rows == 15 && cols == 15 && cells == 225);
        if (!strcmp(specs[k], "chinese,fingers=4")) CHECK(rows == 16 && cells == 256);
        /* one-die: 0@0, then totals t = 1..19 with faces 1..min(t,6) */
        if (!strcmp(specs[k], "onedie,target=20"))
            CHECK(cols == 7 && cells == 1 + 1 + 2 + 3 + 4 + 5 + 6 * 14);
        char label[64];
        chopsat_chart_label(r, 0, rows - 1, label, sizeof label);
        if (!strcmp(specs[k], "standard")) CHECK(!strcmp(label, "44"));
        chopsat_solution_free(s);
        chopsat_rules_free(r);
    }
}

TEST(solve_refuses_a_game_too_large)
{
    chopsat_rules *r = test_rules("standard,fingers=1048576");
    REQUIRE(r);
    chopsat_err err = {{0}};
    CHECK(chopsat_solve(r, NULL, NULL, &err) == NULL);
    CHECK(strstr(err.msg, "too many positions") != NULL);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(solve)
{
    SCHEDULE(solve_published_figures);
    SCHEDULE(solve_invariants_every_preset_fingers_2_to_8);
    SCHEDULE(solve_invariants_option_combinations);
    SCHEDULE(solve_invariants_onedie_targets);
    SCHEDULE(solve_agrees_with_round_by_round_evaluation);
    SCHEDULE(solve_known_positions);
    SCHEDULE(solve_draw_line_stops_at_a_repeat);
    SCHEDULE(solve_stats_other_start_and_terminal);
    SCHEDULE(solve_chart_cells_follow_the_solution);
    SCHEDULE(solve_refuses_a_game_too_large);
}
