/* test_bdd.c: the BDD engine (src/bdd/) against the explicit engine: the value
 * and distance of every position of every preset at fingers 2..8 (and a few larger games and
 * one-die targets), the successors of every position, the reachable statistics, the count of
 * positions, forced-win layers against explicit bounded forcing, and the one-engine guard.
 * benchmarks/bdd-agree.sh runs the same comparison over fingers 2..32. */
#include <stdlib.h>
#include <string.h>

#include "bdd/bdd_reach.h"
#include "explicit/strategy.h"
#include "games/game.h"
#include "harness.h"

static const bddg_opts default_opts = {0};

/* Both players' closed layers of g (layers[0], layers[1]) as chopsat_bdd_solve makes
 * them: player 2's the mirror of player 1's when the game is symmetric; false on failure. */
static bool solve_both(bddg_game *g, bddg_layers *by[2])
{
    chopsat_err err = {{0}};
    for (int p = 0; p < 2; p++) {
        by[p] = p ? bddg_layers_mirror(by[0], &err) : NULL;
        if (!by[p] && !err.msg[0]) by[p] = bddg_layers_new(g, p + 1, NULL, -1, &err);
        if (!by[p]) {
            test_fail(__FILE__, __LINE__, "layers: %s", err.msg);
            if (p) bddg_layers_free(by[0]);
            return false;
        }
    }
    return true;
}

/* Compares every position's value, distance and successors with the explicit engine; returns
 * the number of disagreements (reported). */
static int compare_all_succ(const char *spec, const bddg_opts *o, bool successors);
static int compare_all(const char *spec, const bddg_opts *o)
{
    return compare_all_succ(spec, o, true);
}

static int compare_all_succ(const char *spec, const bddg_opts *o, bool successors)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return 1;
    chopsat_err err;
    chopsat_solution *s = chopsat_solve(r, NULL, NULL, &err);
    bddg_game *g = bddg_new(r, o, &err);
    bddg_layers *by[2];
    if (!s || !g || !solve_both(g, by)) {
        test_fail(__FILE__, __LINE__, "%s: %s", spec, err.msg);
        chopsat_solution_free(s);
        bddg_free(g);
        chopsat_rules_free(r);
        return 1;
    }
    int bad = 0;
    uint64_t valid = 0;
    chopsat_moves ms = {0};
    chopsat_pos *succ = NULL;
    size_t nsucc = 0, cap = 0;
    const bddg_layers *const cby[2] = {by[0], by[1]};
    for (uint64_t i = 0; i < chopsat_solution_size(s) && bad < 5; i++) {
        chopsat_pos p;
        if (!chopsat_solution_position(s, i, &p)) continue;
        valid++;
        uint32_t de, db;
        int ve = chopsat_value(s, &p, &de), vb = bddg_value(cby, &p, &db);
        char buf[64];
        chopsat_pos_format(r, &p, buf, sizeof buf);
        if (ve != vb || de != db) {
            test_fail(__FILE__, __LINE__, "%s %s: explicit %d/%u, bdd %d/%u", spec, buf, ve, de, vb,
                      db);
            bad++;
        }
        bool over = chopsat_pos_winner(r, &p) != 0;
        CHECK(bddg_terminal(g, &p) == over);
        if (!successors) continue;
        nsucc = 0;
        if (bddg_successors(g, &p, SIZE_MAX, &succ, &nsucc, &cap, &err)) bad++;
        chopsat_moves_list(r, &p, &ms, NULL);
        size_t want = over ? 0 : ms.n;
        bool same = nsucc == want;
        for (size_t k = 0; same && k < nsucc; k++) {
            chopsat_move m;
            same = chopsat_move_between(r, &p, &succ[k], &m, NULL) == 0;
        }
        if (!same) {
            test_fail(__FILE__, __LINE__, "%s %s: %zu symbolic successors, %zu explicit", spec, buf,
                      nsucc, want);
            bad++;
        }
    }
    bddg_info info;
    bddg_info_get(g, &info);
    CHECKF(info.positions == (double)valid, "%s: %.0f positions, explicit %llu", spec,
           info.positions, (unsigned long long)valid);
    chopsat_pos start;
    chopsat_pos_start(r, &start);
    chopsat_stats se, sb;
    if (chopsat_stats_compute(s, &start, &se, &err) == 0 &&
        bddg_stats(g, cby, &start, &sb, &err) == 0) {
        CHECKF(!memcmp(&se, &sb, sizeof se),
               "%s stats: explicit %llu/%llu/%llu/%llu/%llu/%llu/%llu/%llu bdd "
               "%llu/%llu/%llu/%llu/%llu/%llu/%llu/%llu",
               spec, (unsigned long long)se.positions, (unsigned long long)se.terminal,
               (unsigned long long)se.edges, (unsigned long long)se.wins,
               (unsigned long long)se.losses, (unsigned long long)se.draws,
               (unsigned long long)se.longest_distance, (unsigned long long)se.depth,
               (unsigned long long)sb.positions, (unsigned long long)sb.terminal,
               (unsigned long long)sb.edges, (unsigned long long)sb.wins,
               (unsigned long long)sb.losses, (unsigned long long)sb.draws,
               (unsigned long long)sb.longest_distance, (unsigned long long)sb.depth);
    } else {
        test_fail(__FILE__, __LINE__, "%s stats: %s", spec, err.msg);
    }
    free(succ);
    chopsat_moves_free(&ms);
    bddg_layers_free(by[0]);
    bddg_layers_free(by[1]);
    bddg_free(g);
    chopsat_solution_free(s);
    chopsat_rules_free(r);
    return bad;
}

TEST(bdd_every_position_presets_2_to_8)
{
    static const char *presets[] = {"standard", "no-split", "rollover", "even-split", "chinese"};
    char spec[128];
    for (size_t p = 0; p < sizeof presets / sizeof *presets; p++)
        for (int n = 2; n <= 8; n++) {
            snprintf(spec, sizeof spec, "%s,fingers=%d", presets[p], n);
            CHECKF(compare_all(spec, &default_opts) == 0, "%s", spec);
        }
}

/* The full sweep of benchmarks/bdd.sh: every preset at fingers 2..32, every position's value
 * and distance and the reachable statistics (successors only up to 8). Runs only when
 * CHOPSAT_BDD_SWEEP is set (minutes); make test runs 2..8 above. */
TEST(bdd_sweep_every_preset_2_to_32)
{
    if (!getenv("CHOPSAT_BDD_SWEEP")) return;
    static const char *presets[] = {"standard", "no-split", "rollover", "even-split", "chinese"};
    char spec[128];
    for (size_t p = 0; p < sizeof presets / sizeof *presets; p++)
        for (int n = 2; n <= 32; n++) {
            snprintf(spec, sizeof spec, "%s,fingers=%d", presets[p], n);
            CHECKF(compare_all_succ(spec, &default_opts, n <= 8) == 0, "%s", spec);
        }
}

TEST(bdd_every_position_options_and_larger)
{
    static const char *specs[] = {"standard,fingers=13",
                                  "standard,fingers=9,hands=ordered",
                                  "rollover,fingers=11",
                                  "standard,fingers=7,suicide=no",
                                  "standard,fingers=7,revive=no",
                                  "standard,win=finish",
                                  "standard,tap=self-add",
                                  "even-split,fingers=10,hands=ordered",
                                  "onedie",
                                  "onedie,target=1",
                                  "onedie,target=7",
                                  "onedie,target=50"};
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
        CHECKF(compare_all(specs[i], &default_opts) == 0, "%s", specs[i]);
}

TEST(bdd_orders_agree)
{
    for (int o = BDDG_ORDER_SLICED; o <= BDDG_ORDER_SEPARATE; o++)
        for (int mf = 0; mf < 2; mf++) {
            bddg_opts opts = {.order = (bddg_order)o, .moves_last = mf, .onehot_moves = mf};
            CHECKF(compare_all("standard,fingers=6", &opts) == 0, "order %d moves_first %d", o, mf);
            CHECKF(compare_all("onedie,target=12", &opts) == 0, "order %d moves_first %d", o, mf);
        }
}

/* The mirror: every chopsticks rule set and the one-die game are symmetric, and the mirror
 * of each player's layers is, BDD for BDD, the other player's layers computed directly; a
 * forcing question with a target is never mirrored. */
static void compare_mirror(const char *spec)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_err err = {{0}};
    bddg_game *g = bddg_new(r, &default_opts, &err);
    CHECKF(g != NULL, "%s: %s", spec, err.msg);
    if (g) {
        CHECKF(bddg_symmetric(g), "%s: not symmetric", spec);
        bddg_layers *direct[2], *mirrored[2];
        for (int p = 0; p < 2; p++)
            direct[p] = bddg_layers_new(g, p + 1, NULL, -1, &err);
        for (int p = 0; p < 2; p++) {
            mirrored[p] = bddg_layers_mirror(direct[1 - p], &err);
            CHECKF(mirrored[p] && bddg_layers_mirrored(mirrored[p]), "%s: %s", spec, err.msg);
            if (mirrored[p])
                CHECKF(bddg_layers_same(mirrored[p], direct[p]), "%s player %d", spec, p + 1);
            bddg_layers_free(mirrored[p]);
        }
        chopsat_pos start;
        chopsat_pos_start(r, &start);
        bddg_layers *to = bddg_layers_new(g, 1, &start, 4, &err);
        CHECK(to && !bddg_layers_mirror(to, &err) && !err.msg[0]);
        bddg_layers_free(to);
        for (int p = 0; p < 2; p++)
            bddg_layers_free(direct[p]);
        bddg_free(g);
    }
    chopsat_rules_free(r);
}

TEST(bdd_mirror_equals_direct)
{
    static const char *presets[] = {"standard", "no-split", "rollover", "even-split", "chinese"};
    char spec[128];
    for (size_t p = 0; p < sizeof presets / sizeof *presets; p++)
        for (int n = 2; n <= 8; n += 3) {
            snprintf(spec, sizeof spec, "%s,fingers=%d", presets[p], n);
            compare_mirror(spec);
        }
    static const char *specs[] = {"standard,fingers=9,hands=ordered",
                                  "standard,win=finish",
                                  "standard,tap=self-add",
                                  "standard,fingers=7,suicide=no",
                                  "standard,fingers=16",
                                  "onedie",
                                  "onedie,target=7"};
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
        compare_mirror(specs[i]);
}

/* The least forced k of the BDD layers against explicit bounded forcing, at every position
 * within K of the start. */
static void compare_forcing(const char *spec, int player, const char *target, int k)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_query q = {.kind = target ? CHOPSAT_Q_REACH : CHOPSAT_Q_WIN, .player = player, .k = k};
    chopsat_pos_start(r, &q.from);
    if (target) q.target = test_pos(r, target);
    chopsat_err err;
    force_table *t = NULL;
    bddg_game *g = bddg_new(r, &default_opts, &err);
    bddg_layers *L = g ? bddg_layers_new(g, player, target ? &q.target : NULL, k, &err) : NULL;
    if (!L || force_table_build(r, &q, &t, &err)) {
        test_fail(__FILE__, __LINE__, "%s: %s", spec, err.msg);
    } else {
        int de = force_table_dist(t, &q.from), db = bddg_layer_of(L, &q.from);
        CHECKF(de == db, "%s player %d k %d: explicit %d bdd %d", spec, player, k, de, db);
    }
    force_table_free(t);
    bddg_layers_free(L);
    bddg_free(g);
    chopsat_rules_free(r);
}

TEST(bdd_forcing_layers_match_bounded_forcing)
{
    static const int ks[] = {0, 1, 4, 9, 16};
    for (size_t i = 0; i < sizeof ks / sizeof *ks; i++) {
        compare_forcing("standard", 2, NULL, ks[i]);
        compare_forcing("standard", 1, NULL, ks[i]);
    }
    compare_forcing("standard", 2, NULL, 25);
    compare_forcing("standard", 2, NULL, 26);
    compare_forcing("rollover", 1, NULL, 12);
    compare_forcing("standard", 2, "11/03", 9);
    compare_forcing("standard", 1, "02/11:2", 4);
    compare_forcing("onedie", 1, NULL, 13);
    compare_forcing("onedie", 2, NULL, 13);
}

TEST(bdd_one_engine_at_a_time)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_err err;
    bddg_game *g = bddg_new(r, &default_opts, &err);
    REQUIRE(g);
    bddg_game *h = bddg_new(r, &default_opts, &err);
    CHECK(h == NULL);
    CHECK(strstr(err.msg, "another BDD engine") != NULL);
    bddg_free(g);
    h = bddg_new(r, &default_opts, &err);
    CHECK(h != NULL);
    bddg_free(h);
    chopsat_rules_free(r);
}

TEST(bdd_node_limit_is_an_error)
{
    chopsat_rules *r = test_rules("standard,fingers=64");
    REQUIRE(r);
    bddg_opts o = default_opts;
    o.max_nodes = 2000;
    chopsat_err err;
    bddg_game *g = bddg_new(r, &o, &err);
    CHECK(g == NULL);
    CHECKF(strstr(err.msg, "node limit") != NULL, "%s", err.msg);
    bddg_free(g);
    chopsat_rules_free(r);
}

/* The statistics' walk is refused up front where the node model (bdd_budget.c) says it cannot
 * fit: by chopsat_bdd_stats_fits before anything is built, and by chopsat_bdd_stats itself
 * before its walk; the largest fingers that fits is named, and it fits. */
TEST(bdd_stats_refused_by_the_node_estimate)
{
    struct {
        const char *spec;
        uint32_t max_nodes;
        int want;
        const char *says;
    } cases[] = {
        {"standard,fingers=184", 0, CHOPSAT_OK, NULL},
        {"standard,fingers=185", 0, CHOPSAT_LIMIT, "the largest fingers that fits is 184"},
        {"standard,fingers=18446744073709551615", 0, CHOPSAT_LIMIT, "too many positions"},
        {"standard,fingers=64", 300000, CHOPSAT_LIMIT, "the largest fingers that fits is 51"},
        {"standard,fingers=2", 1, CHOPSAT_LIMIT, "no size of these rules fits"},
        {"onedie,target=1000000", 0, CHOPSAT_OK, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        chopsat_rules *r = test_rules(cases[i].spec);
        REQUIRE(r);
        chopsat_bdd_opts o = {.max_nodes = cases[i].max_nodes};
        chopsat_err err = {{0}};
        int rc = chopsat_bdd_stats_fits(r, &o, &err);
        CHECKF(rc == cases[i].want, "%s: %d, %s", cases[i].spec, rc, err.msg);
        CHECKF(!cases[i].says || strstr(err.msg, cases[i].says), "%s: %s", cases[i].spec, err.msg);
        chopsat_rules_free(r);
    }
    /* the library call refuses by itself too (the solve of fingers=185 is a fraction of a
     * second; its walk would fail at the node limit after minutes) */
    chopsat_rules *r = test_rules("standard,fingers=185");
    REQUIRE(r);
    chopsat_err err;
    chopsat_bdd *b = chopsat_bdd_solve(r, NULL, &err);
    REQUIRE(b);
    chopsat_pos start;
    chopsat_pos_start(r, &start);
    chopsat_stats st;
    CHECK(chopsat_bdd_stats(b, &start, &st, &err) == CHOPSAT_LIMIT);
    CHECKF(strstr(err.msg, "largest fingers that fits is 184") != NULL, "%s", err.msg);
    chopsat_bdd_free(b);
    chopsat_rules_free(r);
}

/* chopsat_bdd_count_exact and chopsat_bdd_positions_exact against the explicit solver's
 * tally of every position's value and distance, and the sum of wins, losses and draws. */
static void compare_exact_counts(const char *spec)
{
    chopsat_rules *r = test_rules(spec);
    REQUIRE(r);
    chopsat_err err;
    chopsat_solution *s = chopsat_solve(r, NULL, NULL, &err);
    REQUIRE(s);
    uint64_t wins[4096] = {0}, losses[4096] = {0}, draws = 0, valid = 0;
    for (uint64_t i = 0; i < chopsat_solution_size(s); i++) {
        chopsat_pos p;
        if (!chopsat_solution_position(s, i, &p)) continue;
        uint32_t d;
        int v = chopsat_value(s, &p, &d);
        valid++;
        REQUIRE(d < 4096);
        if (v == CHOPSAT_WIN)
            wins[d]++;
        else if (v == CHOPSAT_LOSS)
            losses[d]++;
        else
            draws++;
    }
    chopsat_solution_free(s);
    chopsat_bdd *b = chopsat_bdd_solve(r, NULL, &err);
    REQUIRE(b);
    chopsat_count all, c, sum = {0, 0};
    CHECK(chopsat_bdd_positions_exact(b, &all, NULL) == CHOPSAT_OK);
    CHECKF(all.hi == 0 && all.lo == valid, "%s: %llu positions, explicit %llu", spec,
           (unsigned long long)all.lo, (unsigned long long)valid);
    CHECK(chopsat_bdd_count_exact(b, CHOPSAT_DRAW, 0, &c, NULL) == CHOPSAT_OK);
    CHECKF(c.hi == 0 && c.lo == draws, "%s: draws", spec);
    CHECK(chopsat_count_add(&sum, c));
    for (uint32_t d = 0; d <= chopsat_bdd_max_distance(b) && d < 4096; d++) {
        CHECK(chopsat_bdd_count_exact(b, CHOPSAT_WIN, d, &c, NULL) == CHOPSAT_OK);
        CHECKF(c.hi == 0 && c.lo == wins[d], "%s: wins at %u", spec, d);
        CHECK(chopsat_count_add(&sum, c));
        CHECK(chopsat_bdd_count_exact(b, CHOPSAT_LOSS, d, &c, NULL) == CHOPSAT_OK);
        CHECKF(c.hi == 0 && c.lo == losses[d], "%s: losses at %u", spec, d);
        CHECK(chopsat_count_add(&sum, c));
    }
    CHECKF(sum.hi == all.hi && sum.lo == all.lo, "%s: wins + losses + draws != positions", spec);
    chopsat_bdd_free(b);
    chopsat_rules_free(r);
}

TEST(bdd_exact_counts_match_explicit)
{
    compare_exact_counts("standard");
    compare_exact_counts("standard,fingers=16");
    compare_exact_counts("rollover,fingers=9");
    compare_exact_counts("onedie");
}

/* The exact count of the game's positions past 2^53 (16384) and 2^63 (65536), where doubles
 * round: the index space's 2 x (N(N+1)/2)^2. */
TEST(bdd_exact_positions_past_2_53)
{
    const char *specs[] = {"standard,fingers=16384", "standard,fingers=65536"};
    const unsigned __int128 fingers[] = {16384, 65536};
    for (int i = 0; i < 2; i++) {
        chopsat_rules *r = test_rules(specs[i]);
        REQUIRE(r);
        chopsat_err err;
        bddg_game *g = bddg_new(r, &default_opts, &err);
        if (!g) {
            test_fail(__FILE__, __LINE__, "%s: %s", specs[i], err.msg);
            chopsat_rules_free(r);
            continue;
        }
        unsigned __int128 h = fingers[i] * (fingers[i] + 1) / 2, want = 2 * h * h;
        chopsat_count c;
        CHECK(bddg_positions_count(g, &c));
        CHECKF(c.hi == (uint64_t)(want >> 64) && c.lo == (uint64_t)want, "%s: %llu %llu", specs[i],
               (unsigned long long)c.hi, (unsigned long long)c.lo);
        bddg_free(g);
        chopsat_rules_free(r);
    }
}

/* A solve's answers for one position and its counts (wins, losses per distance to 63, draws). */
typedef struct solved {
    int v;
    uint32_t d, max;
    chopsat_count c[64][2], draws;
} solved;

/* Solves r with o (one engine at a time: freed before returning) into *out. */
static bool solve_into(const chopsat_rules *r, const chopsat_bdd_opts *o, const chopsat_pos *p,
                       solved *out, bool *other_unknown, bool *stats_refused)
{
    chopsat_err err;
    chopsat_bdd *s = chopsat_bdd_solve(r, o, &err);
    if (!s) return false;
    memset(out, 0, sizeof *out);
    out->v = chopsat_bdd_value(s, p, &out->d);
    out->max = chopsat_bdd_max_distance(s);
    for (uint32_t d = 0; d < 64; d++)
        for (int i = 0; i < 2; i++)
            chopsat_bdd_count_exact(s, i ? CHOPSAT_LOSS : CHOPSAT_WIN, d, &out->c[d][i], &err);
    chopsat_bdd_count_exact(s, CHOPSAT_DRAW, 0, &out->draws, &err);
    chopsat_pos q = *p;
    q.mover = 3 - p->mover;
    *other_unknown =
        chopsat_pos_check(r, &q, NULL) || chopsat_bdd_value(s, &q, NULL) == CHOPSAT_UNKNOWN;
    chopsat_stats st;
    *stats_refused = chopsat_bdd_stats(s, p, &st, &err) != CHOPSAT_OK;
    chopsat_bdd_free(s);
    return true;
}

/* chopsat_bdd_opts.only (the layers not kept, player 2 valued through the mirror of the
 * position): the same value, distance and counts as with every layer kept, for positions of
 * both movers; no value for another position and no statistics. */
TEST(bdd_only_one_position_equals_every_layer)
{
    const char *specs[] = {"standard", "rollover,fingers=7", "no-split,fingers=6", "onedie"};
    const char *std_pos[] = {"11/11:1", "23/13:1", "11/14:2", "04/11:2", "01/02:2"};
    const char *die_pos[] = {"0@0:1", "1@1:2", "7@3:1", "12@5:2"};
    for (int i = 0; i < 4; i++) {
        chopsat_rules *r = test_rules(specs[i]);
        REQUIRE(r);
        bool die = i == 3;
        for (int j = 0; j < (die ? 4 : 5); j++) {
            const char *text = die ? die_pos[j] : std_pos[j];
            chopsat_pos p;
            chopsat_err err;
            if (chopsat_pos_parse(r, text, &p, &err)) continue;
            solved kept, one;
            bool u0 = false, s0 = false, u1 = false, s1 = false;
            chopsat_bdd_opts all = {0}, only = {.only = &p};
            CHECK(solve_into(r, &all, &p, &kept, &u0, &s0) &&
                  solve_into(r, &only, &p, &one, &u1, &s1));
            CHECKF(one.v == kept.v && one.d == kept.d, "%s %s: %d %u, kept %d %u", specs[i], text,
                   one.v, one.d, kept.v, kept.d);
            CHECKF(one.max == kept.max && !memcmp(one.c, kept.c, sizeof one.c) &&
                       !memcmp(&one.draws, &kept.draws, sizeof one.draws),
                   "%s %s: the counts differ", specs[i], text);
            CHECKF(u1 && s1 && !s0, "%s %s: %d %d %d", specs[i], text, u1, s1, s0);
        }
        chopsat_rules_free(r);
    }
}

/* The figures of player 1's layers of spec (kept, no tally): the layer count, then per layer
 * its nodes and both movers' new positions; *widened whether the caches were widened. */
typedef VEC(double) figures;
static void layer_figures(const char *spec, int wide_layers, figures *out, bool *widened)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    bddg_opts o = {.wide_layers = wide_layers};
    chopsat_err err;
    bddg_game *g = bddg_new(r, &o, &err);
    bddg_layers *L = g ? bddg_layers_new(g, 1, NULL, -1, &err) : NULL;
    if (!L) test_fail(__FILE__, __LINE__, "%s: %s", spec, err.msg);
    for (int k = 0; L && k < bddg_layers_n(L); k++) {
        VEC_PUSH(*out, bddg_layer_nodes(L, k));
        for (int m = 1; m <= 2; m++)
            VEC_PUSH(*out, bddg_layer_new(L, k, m));
    }
    if (L) VEC_PUSH(*out, bddg_layers_closed(L));
    *widened = L && bddg_layers_widened(L);
    bddg_layers_free(L);
    bddg_free(g);
    chopsat_rules_free(r);
}

/* A fixpoint past the widening (caches as large as the node table) makes the same layers as
 * one that never widens. */
TEST(bdd_widened_caches_same_layers)
{
    figures narrow = {0}, wide = {0};
    bool tn = true, tw = false;
    layer_figures("standard,fingers=24", -1, &narrow, &tn);
    layer_figures("standard,fingers=24", 8, &wide, &tw);
    CHECKF(narrow.n > 3 * 8 && narrow.n == wide.n, "%zu and %zu figures", narrow.n, wide.n);
    for (size_t i = 0; i < narrow.n && i < wide.n; i++)
        CHECKF(narrow.items[i] == wide.items[i], "figure %zu: %g and %g", i, narrow.items[i],
               wide.items[i]);
    CHECKF(!tn && tw, "widened: %d and %d", tn, tw);
    VEC_FREE(narrow);
    VEC_FREE(wide);
}

/* Exact counts add with the carry, refuse to pass 2^128 - 1 and print every digit. */
TEST(count_add_and_format)
{
    char buf[CHOPSAT_COUNT_DIGITS];
    chopsat_count a = {0, UINT64_MAX}, one = {0, 1}, max = {UINT64_MAX, UINT64_MAX};
    CHECK(chopsat_count_add(&a, one) && a.hi == 1 && a.lo == 0);
    CHECK(chopsat_count_format(a, buf, sizeof buf) == 20 &&
          strcmp(buf, "18446744073709551616") == 0);
    CHECK(chopsat_count_format(max, buf, sizeof buf) == 39 &&
          strcmp(buf, "340282366920938463463374607431768211455") == 0);
    CHECK(chopsat_count_format((chopsat_count){0, 0}, buf, sizeof buf) == 1 && !strcmp(buf, "0"));
    chopsat_count m = max;
    CHECK(!chopsat_count_add(&m, one) && m.hi == UINT64_MAX && m.lo == UINT64_MAX);
    /* 2^53 + 1, which a double cannot hold */
    chopsat_count_format((chopsat_count){0, (1ull << 53) + 1}, buf, sizeof buf);
    CHECK(strcmp(buf, "9007199254740993") == 0);
    /* cut short: the length says so, and what is written ends */
    CHECK(chopsat_count_format(max, buf, 5) == 39 && !strcmp(buf, "3402"));
}

SCHEDULE_FILE(bdd)
{
    SCHEDULE(bdd_every_position_presets_2_to_8);
    SCHEDULE(bdd_sweep_every_preset_2_to_32);
    SCHEDULE(bdd_every_position_options_and_larger);
    SCHEDULE(bdd_orders_agree);
    SCHEDULE(bdd_mirror_equals_direct);
    SCHEDULE(bdd_forcing_layers_match_bounded_forcing);
    SCHEDULE(bdd_one_engine_at_a_time);
    SCHEDULE(bdd_node_limit_is_an_error);
    SCHEDULE(bdd_stats_refused_by_the_node_estimate);
    SCHEDULE(bdd_exact_counts_match_explicit);
    SCHEDULE(bdd_exact_positions_past_2_53);
    SCHEDULE(bdd_only_one_position_equals_every_layer);
    SCHEDULE(bdd_widened_caches_same_layers);
    SCHEDULE(count_add_and_format);
}
