/* test_many_engines.c: every symbolic engine at every hand count from 1/1 to 4/4 against the
 * explicit engine (many_game), exhaustively on small instances, each preset the count allows at
 * fingers 2 and 3 (docs/rules.md, "Any number of hands"):
 * - the BDD engine's value and distance at every position equal chopsat_solve's, and its count
 *   of positions the index space's;
 * - the least win and reach found by BMC (within K) equal the explicit search's
 *   (src/explicit/within.c) for both players, their witnesses replay;
 * - the least forced win found by the BDD layers and by DepQBF equals explicit bounded forcing
 *   (force_table) at a few K for both players, and chopsat_force checked it;
 * - IC3 and k-induction answer "ever" as the explicit search does. */
#include <stdlib.h>
#include <string.h>

#include "explicit/strategy.h"
#include "explicit/within.h"
#include "harness.h"

/* The count pairs a/b, 1 <= a, b <= 4, and the presets each allows (even-split needs two hands
 * a player). */
static const char *const presets[] = {"standard", "no-split", "rollover", "even-split", "chinese"};

/* Calls each(spec) for every count pair, preset and fingers 2..3. */
static void every_count(void (*each)(const char *spec))
{
    char spec[128];
    for (int a = 1; a <= 4; a++)
        for (int b = 1; b <= 4; b++)
            for (size_t k = 0; k < sizeof presets / sizeof presets[0]; k++)
                for (int n = 2; n <= 3; n++) {
                    if (!strcmp(presets[k], "even-split") && (a == 1 || b == 1)) continue;
                    snprintf(spec, sizeof spec, "%s,fingers=%d,count=%d/%d", presets[k], n, a, b);
                    each(spec);
                }
}

/* The BDD solve against the explicit solve at every position. */
static void bdd_values(const char *spec)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_err err;
    chopsat_solution *s = chopsat_solve(r, NULL, NULL, &err);
    chopsat_bdd *b = s ? chopsat_bdd_solve(r, NULL, &err) : NULL;
    if (!b) {
        test_fail(__FILE__, __LINE__, "%s: %s", spec, err.msg);
        chopsat_solution_free(s);
        chopsat_rules_free(r);
        return;
    }
    int bad = 0;
    uint64_t n = 0;
    for (uint64_t i = 0; i < chopsat_solution_size(s) && bad < 3; i++) {
        chopsat_pos p;
        if (!chopsat_solution_position(s, i, &p)) continue;
        n++;
        uint32_t de = 0, db = 0;
        int ve = chopsat_value(s, &p, &de), vb = chopsat_bdd_value(b, &p, &db);
        if (ve != vb || de != db) {
            char buf[CHOPSAT_POS_MAX];
            chopsat_pos_format(r, &p, buf, sizeof buf);
            test_fail(__FILE__, __LINE__, "%s %s: explicit %d/%u, bdd %d/%u", spec, buf, ve, de, vb,
                      db);
            bad++;
        }
    }
    chopsat_count all;
    CHECKF(chopsat_bdd_positions_exact(b, &all, &err) == CHOPSAT_OK && all.hi == 0 && all.lo == n,
           "%s: the bdd counts %llu positions, the explicit solver %llu", spec,
           (unsigned long long)all.lo, (unsigned long long)n);
    chopsat_bdd_free(b);
    chopsat_solution_free(s);
    chopsat_rules_free(r);
}

/* The BMC answer to q against the explicit one: value, least moves, the witness replays. */
static void bmc_one(const chopsat_rules *r, const chopsat_query *q, const char *spec,
                    const char *what)
{
    chopsat_err err;
    int me = -1, mb = -1;
    int ve = chopsat_explicit_answer(r, q, &me, NULL, &err);
    chopsat_bmc_result *res = NULL;
    chopsat_bmc_opts o = {0};
    int vb = chopsat_bmc_solve(r, q, &o, &res, &err);
    if (vb == CHOPSAT_YES) {
        mb = chopsat_bmc_result_moves(res);
        const chopsat_pos *path;
        size_t n = chopsat_bmc_result_path(res, &path);
        CHECKF(chopsat_replay(r, q, path, n, NULL, &err) == CHOPSAT_OK, "%s %s: witness: %s", spec,
               what, err.msg);
    }
    CHECKF(ve == vb && (ve != CHOPSAT_YES || me == mb),
           "%s %s k=%d: explicit %d (%d moves), "
           "bmc %d (%d moves)",
           spec, what, q->k, ve, me, vb, mb);
    chopsat_bmc_result_free(res);
}

/* Least wins of both players and a reach, within K = 7, from the start. */
static void bmc_wins(const char *spec)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .k = 7};
    chopsat_pos_start(r, &q.from);
    for (q.player = 1; q.player <= 2; q.player++)
        bmc_one(r, &q, spec, q.player == 1 ? "win p1" : "win p2");
    /* reach: the first move's first move's position, and a terminal one no player reaches
     * first from the start of a one-hand opponent */
    chopsat_moves ms = {0}, ms2 = {0};
    if (chopsat_moves_list(r, &q.from, &ms, NULL) == CHOPSAT_OK && ms.n &&
        chopsat_moves_list(r, &ms.items[ms.n - 1].to, &ms2, NULL) == CHOPSAT_OK && ms2.n) {
        q.kind = CHOPSAT_Q_REACH;
        q.target = ms2.items[ms2.n - 1].to;
        bmc_one(r, &q, spec, "reach");
    }
    chopsat_moves_free(&ms);
    chopsat_moves_free(&ms2);
    chopsat_rules_free(r);
}

/* The least forced win of player within k by `solver` against explicit bounded forcing. */
static void force_one(const chopsat_rules *r, int player, int k, const char *solver,
                      const char *spec)
{
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = player, .k = k};
    chopsat_pos_start(r, &q.from);
    chopsat_err err;
    force_table *t = NULL;
    if (force_table_build(r, &q, &t, &err)) {
        test_fail(__FILE__, __LINE__, "%s: explicit forcing: %s", spec, err.msg);
        return;
    }
    int de = force_table_dist(t, &q.from);
    force_table_free(t);
    chopsat_force_opts o = {.solver = solver};
    chopsat_force_result *res = NULL;
    int rc = chopsat_force(r, &q, &o, &res, &err);
    CHECKF(rc == CHOPSAT_YES || rc == CHOPSAT_NO, "%s p%d k=%d %s: %s", spec, player, k, solver,
           err.msg);
    if (rc > 0) {
        int ds = chopsat_force_moves(res);
        CHECKF(ds == (de >= 0 && de <= k ? de : -1), "%s p%d k=%d %s: explicit %d, %s %d", spec,
               player, k, solver, de, solver, ds);
        CHECKF(chopsat_force_checked(res), "%s p%d k=%d %s: not checked (%s)", spec, player, k,
               solver, chopsat_force_check_note(res));
    }
    chopsat_force_free(res);
}

static void forced_wins(const char *spec)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    for (int player = 1; player <= 2; player++) {
        force_one(r, player, 3, "bdd", spec);
        force_one(r, player, 6, "bdd", spec);
        force_one(r, player, 3, "depqbf", spec);
    }
    chopsat_rules_free(r);
}

/* "Ever" by IC3 and k-induction against the explicit search, for both players' wins. */
static void unbounded(const char *spec)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    static const char *const engines[] = {"ic3", "kind"};
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .k = CHOPSAT_NO_BOUND};
    chopsat_pos_start(r, &q.from);
    for (q.player = 1; q.player <= 2; q.player++) {
        chopsat_err err;
        int me = -1, depth = 0;
        bool complete = false;
        int found =
            within_ever_partial(r, &q, CHOPSAT_EXPLICIT_LIMIT, &me, &depth, &complete, &err);
        CHECKF(found == 1 || complete, "%s p%d: the explicit search did not finish", spec,
               q.player);
        int ve = found == 1 ? CHOPSAT_YES : CHOPSAT_NO;
        for (int e = 0; e < 2; e++) {
            chopsat_unbounded_opts o = {.engine = engines[e]};
            chopsat_unbounded_result *res = NULL;
            int vu = chopsat_unbounded_solve(r, &q, &o, &res, &err);
            int mu = vu == CHOPSAT_YES ? chopsat_unbounded_result_moves(res) : -1;
            CHECKF(vu == ve && (ve != CHOPSAT_YES || mu == me),
                   "%s p%d %s: explicit %d (%d moves), %d (%d moves) %s", spec, q.player,
                   engines[e], ve, me, vu, mu, vu < 0 ? err.msg : "");
            chopsat_unbounded_result_free(res);
        }
    }
    chopsat_rules_free(r);
}

TEST(many_engines_bdd_values_equal_explicit)
{
    every_count(bdd_values);
}

TEST(many_engines_bmc_wins_and_reach_equal_explicit)
{
    every_count(bmc_wins);
}

TEST(many_engines_forced_wins_equal_explicit)
{
    every_count(forced_wins);
}

/* The unbounded engines at fingers 2 (every count pair and preset; 3 is slower for kind). */
static void unbounded_small(const char *spec)
{
    if (strstr(spec, "fingers=2")) unbounded(spec);
}

TEST(many_engines_unbounded_equal_explicit)
{
    every_count(unbounded_small);
}

SCHEDULE_FILE(many_engines)
{
    SCHEDULE(many_engines_bdd_values_equal_explicit);
    SCHEDULE(many_engines_bmc_wins_and_reach_equal_explicit);
    SCHEDULE(many_engines_forced_wins_equal_explicit);
    SCHEDULE(many_engines_unbounded_equal_explicit);
}
