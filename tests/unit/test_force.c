/* test_force.c: forced questions through the public API (chopsat_force): the BDD engine and
 * DepQBF give the same answers, least k, checked trees and first moves as the explicit engine
 * on small games, for both players and both goals; a QBF solver that lies is caught
 * (CHOPSAT_MISMATCH), never reported as an answer. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

/* The fake QBF solver: prints `s cnf <answer>` whatever the formula. */
static const char *liar(int answer)
{
    static char path[2][64];
    snprintf(path[answer], sizeof path[answer], "/tmp/chopsat-test-liar%d-%d.sh", answer,
             (int)getpid());
    FILE *f = fopen(path[answer], "w");
    if (!f) return NULL;
    fprintf(f, "#!/bin/sh\necho 's cnf %d'\n", answer);
    fclose(f);
    return path[answer];
}

static void one(const char *spec, const char *target, int player, int k, const char *solver)
{
    chopsat_rules *r = test_rules(spec);
    REQUIRE(r);
    chopsat_query q = {.kind = target ? CHOPSAT_Q_REACH : CHOPSAT_Q_WIN, .player = player, .k = k};
    chopsat_pos_start(r, &q.from);
    if (target) q.target = test_pos(r, target);
    chopsat_force_opts o = {.solver = solver};
    chopsat_force_result *res;
    chopsat_err err;
    int rc = chopsat_force(r, &q, &o, &res, &err);
    CHECKF(rc == CHOPSAT_YES || rc == CHOPSAT_NO, "%s %s p%d k=%d %s: %s", spec,
           target ? target : "win", player, k, solver, err.msg);
    if (rc > 0) {
        bool yes = rc == CHOPSAT_YES;
        CHECK(chopsat_force_value(res) == rc);
        CHECK(yes ? chopsat_force_moves(res) >= 0 : chopsat_force_moves(res) == -1);
        CHECKF(chopsat_force_checked(res), "%s k=%d %s: not checked (%s)", spec, k, solver,
               chopsat_force_check_note(res));
        CHECKF(chopsat_force_tree(res) != NULL, "%s k=%d %s: no tree (%s)", spec, k, solver,
               chopsat_force_tree_note(res));
        CHECK((chopsat_force_bdd(res) != NULL) == !strcmp(solver, "bdd"));
        CHECK(chopsat_force_chooser(res) == (yes ? player : 3 - player));
        const chopsat_force_move *first;
        size_t n = chopsat_force_first_moves(res, &first);
        for (size_t i = 0; i < n; i++) {
            chopsat_move m;
            CHECKF(chopsat_move_between(r, &first[i].from, &first[i].move.to, &m, NULL) ==
                           CHOPSAT_OK &&
                       !strcmp(m.name, first[i].move.name),
                   "%s k=%d %s: first move %zu is not legal", spec, k, solver, i);
            if (first[i].after.name[0])
                CHECKF(chopsat_move_between(r, &q.from, &first[i].from, &m, NULL) == CHOPSAT_OK &&
                           !strcmp(m.name, first[i].after.name),
                       "%s k=%d %s: the move before first move %zu is not legal", spec, k, solver,
                       i);
        }
        if (chopsat_force_tree(res)) CHECK(chopsat_strategy_nodes(chopsat_force_tree(res)) >= 1);
        chopsat_force_free(res);
    }
    chopsat_rules_free(r);
}

TEST(force_api_bdd_and_depqbf_checked)
{
    static const char *specs[] = {"standard,fingers=3", "rollover,fingers=3", "onedie,target=7"};
    static const char *targets[] = {"01/11:2", "02/11:1", "5@2:2"};
    for (size_t s = 0; s < 3; s++)
        for (int player = 1; player <= 2; player++)
            for (int k = 1; k <= 4; k += 3) {
                one(specs[s], NULL, player, k, "bdd");
                one(specs[s], NULL, player, k, "depqbf");
                one(specs[s], targets[s], player, k, "bdd");
                one(specs[s], targets[s], player, k, "depqbf");
            }
}

TEST(force_api_bdd_equals_depqbf)
{
    int yes = 0, no = 0;
    static const char *specs[] = {"onedie,target=7", "standard,fingers=3"};
    for (int sp = 0; sp < 2; sp++) {
        chopsat_rules *r = test_rules(specs[sp]);
        REQUIRE(r);
        for (int player = 1; player <= 2; player++)
            for (int k = 0; k <= 8; k += 2) {
                chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = player, .k = k};
                chopsat_pos_start(r, &q.from);
                chopsat_force_result *a, *b;
                chopsat_err err;
                chopsat_force_opts ob = {.solver = "bdd"}, oq = {.solver = "depqbf"};
                int ra = chopsat_force(r, &q, &ob, &a, &err);
                REQUIRE(ra > 0);
                int rb = chopsat_force(r, &q, &oq, &b, &err);
                if (rb < 0) {
                    chopsat_force_free(a);
                    CHECKF(0, "depqbf: %s", err.msg);
                    break;
                }
                CHECKF(ra == rb && chopsat_force_moves(a) == chopsat_force_moves(b),
                       "p%d k=%d: bdd %d in %d, depqbf %d in %d", player, k, ra,
                       chopsat_force_moves(a), rb, chopsat_force_moves(b));
                ra == CHOPSAT_YES ? yes++ : no++;
                chopsat_force_free(a);
                chopsat_force_free(b);
            }
        chopsat_rules_free(r);
    }
    CHECKF(yes > 0 && no > 0, "%d yes, %d no: one-sided", yes, no);
}

TEST(force_api_lying_qbf_solver_caught)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    char solver[128];
    for (int lie = 0; lie <= 1; lie++) {
        const char *path = liar(lie);
        REQUIRE(path);
        snprintf(solver, sizeof solver, "external:sh %s", path);
        /* a lying yes: nobody can force a win within 3 moves from the start; a lying no:
         * player 1 wins at once from 11/04:1 (1 + 4 is 5, a dead hand, and 0/0 has lost) */
        chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .k = lie ? 3 : 1};
        chopsat_pos_start(r, &q.from);
        if (!lie) q.from = test_pos(r, "11/04:1");
        chopsat_force_opts o = {.solver = solver};
        chopsat_force_result *res;
        chopsat_err err;
        int rc = chopsat_force(r, &q, &o, &res, &err);
        CHECKF(rc == CHOPSAT_MISMATCH && !res, "a lying %s: rc %d (%s)", lie ? "yes" : "no", rc,
               err.msg);
        chopsat_force_free(res);
        remove(path);
    }
    chopsat_rules_free(r);
}

/* At fingers = 2^64 - 1 a small K is answered and checked in full (the explicit check lists
 * the moves of the positions it meets); a position with more moves than it lists leaves the
 * answer standing, marked unchecked with the depth it was checked to. It was an error. */
TEST(force_api_wide_hands_answered)
{
    chopsat_rules *r = test_rules("standard,fingers=18446744073709551615");
    REQUIRE(r);
    chopsat_force_opts o = {.solver = "depqbf"};
    chopsat_force_result *res;
    chopsat_err err;
    for (int player = 1; player <= 2; player++)
        for (int k = 1; k <= 3; k++) {
            chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = player, .k = k};
            chopsat_pos_start(r, &q.from);
            int rc = chopsat_force(r, &q, &o, &res, &err);
            CHECKF(rc == CHOPSAT_NO, "p%d k=%d: rc %d (%s)", player, k, rc, err.msg);
            if (rc != CHOPSAT_NO) continue;
            CHECKF(chopsat_force_checked(res) && chopsat_force_tree(res) &&
                       !chopsat_force_first_note(res),
                   "p%d k=%d: %s", player, k, chopsat_force_check_note(res));
            chopsat_force_free(res);
        }
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .k = 2};
    q.from = test_pos(r, "10000000,3/1,1:1");
    int rc = chopsat_force(r, &q, &o, &res, &err);
    CHECKF(rc == CHOPSAT_NO, "past the moves limit: rc %d (%s)", rc, err.msg);
    if (rc == CHOPSAT_NO) {
        CHECK(!chopsat_force_checked(res) && chopsat_force_checked_depth(res) == 0);
        CHECK(strstr(chopsat_force_check_note(res), "more than 4194304 moves") != NULL);
        chopsat_force_free(res);
    }
    chopsat_rules_free(r);
}

SCHEDULE_FILE(force)
{
    SCHEDULE(force_api_bdd_and_depqbf_checked);
    SCHEDULE(force_api_bdd_equals_depqbf);
    SCHEDULE(force_api_lying_qbf_solver_caught);
    SCHEDULE(force_api_wide_hands_answered);
}
