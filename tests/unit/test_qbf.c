/* test_qbf.c: forced questions. The QBF answers (DepQBF in-process) and their least k must
 * equal the explicit solver's values (P can force a win within K exactly when the position is
 * a win for P at distance <= K, or a loss for the player to move when that is not P) for every
 * position of the presets at a small K, and explicit bounded forcing for targets; the start
 * positions at their full distance; strategy and refutation trees must pass the explicit check
 * and a damaged tree must fail it; the QDIMACS file solved by the depqbf program must agree;
 * and a "no" of win must come with a DRAT proof that the project's checker accepts against
 * the CNF that `chopsat dimacs` writes. */
#include <stdlib.h>
#include <string.h>

#include "bounded/qbf.h"
#include "explicit/strategy.h"
#include "formats/dimacs.h"
#include "harness.h"
#include "solvers/drat_check.h"

static const qbf_opts plain = {0};

/* Sanitizer builds sample positions more thinly: the same code paths, fewer positions. */
#if defined(__SANITIZE_ADDRESS__)
#define SPARSE 7
#else
#define SPARSE 1
#endif

/* The explicit claim: can P force a win from p within k, and in how many moves (-1: no)? */
static int explicit_moves(const chopsat_solution *sol, const chopsat_pos *p, int player, int k)
{
    uint32_t d;
    int v = chopsat_value(sol, p, &d);
    bool p_moves = (int)p->mover == player;
    if (v == (p_moves ? CHOPSAT_WIN : CHOPSAT_LOSS) && (int)d <= k) return (int)d;
    return -1;
}

static int qbf_moves(const chopsat_rules *r, const chopsat_query *q, const qbf_opts *o)
{
    qbf_result res;
    chopsat_err err;
    if (qbf_force(r, q, o, "depqbf", 0, -1, &res, &err)) {
        CHECKF(0, "qbf_force failed: %s", err.msg);
        return -2;
    }
    return res.answer ? res.moves : -1;
}

/* Every `every`-th position of the rules' index space, both players, bound k. */
static void all_positions(const char *spec, int k, int every, const qbf_opts *o)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_err err;
    chopsat_solution *sol = chopsat_solve(r, NULL, NULL, &err);
    if (!sol) {
        CHECKF(0, "%s: %s", spec, err.msg);
        chopsat_rules_free(r);
        return;
    }
    int bad = 0, n = 0;
    for (uint64_t i = 0; i < chopsat_solution_size(sol) && bad < 5; i++) {
        chopsat_pos p;
        if (i % ((uint64_t)every * SPARSE) || !chopsat_solution_position(sol, i, &p)) continue;
        for (int player = 1; player <= 2; player++) {
            chopsat_query q = {.kind = CHOPSAT_Q_WIN, .from = p, .player = player, .k = k};
            int want = explicit_moves(sol, &p, player, k), got = qbf_moves(r, &q, o);
            n++;
            if (want != got && bad++ < 5) {
                char buf[64];
                chopsat_pos_format(r, &p, buf, sizeof buf);
                CHECKF(0, "%s: force %s -k %d --player %d: qbf %d, explicit %d", spec, buf, k,
                       player, got, want);
            }
        }
    }
    CHECK(n > 0);
    chopsat_solution_free(sol);
    chopsat_rules_free(r);
}

TEST(qbf_every_position_standard4)
{
    all_positions("standard,fingers=4", 4, 2, &plain);
}
TEST(qbf_every_position_nosplit4)
{
    all_positions("no-split,fingers=4", 4, 1, &plain);
}
TEST(qbf_every_position_rollover4)
{
    all_positions("rollover,fingers=4", 4, 2, &plain);
}
TEST(qbf_every_position_evensplit4)
{
    all_positions("even-split,fingers=4", 4, 2, &plain);
}
TEST(qbf_every_position_chinese4)
{
    all_positions("chinese,fingers=4", 4, 1, &plain);
}
TEST(qbf_every_position_standard5)
{
    all_positions("standard", 3, 4, &plain);
}
TEST(qbf_every_position_encodings)
{
    qbf_opts o = {.binary_moves = true, .plaisted_greenbaum = true};
    all_positions("standard,fingers=4", 3, 2, &o);
    qbf_opts in = {.innermost = true};
    all_positions("no-split,fingers=4", 3, 2, &in);
}

/* force start at the preset's full distance: yes at d, no at d-1, with checked trees. */
static void start_at(const char *spec, int player, int k, int want)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = player, .k = k};
    chopsat_pos_start(r, &q.from);
    qbf_result res;
    chopsat_err err;
    REQUIRE(qbf_force(r, &q, &plain, "depqbf", 0, -1, &res, &err) == 0);
    CHECKF((res.answer ? res.moves : -1) == want, "%s: force start -k %d --player %d: %d, want %d",
           spec, k, player, res.answer ? res.moves : -1, want);
    force_table *t;
    REQUIRE(force_table_build(r, &q, &t, &err) == 0);
    CHECK(force_table_dist(t, &q.from) == want || (want < 0 && force_table_dist(t, &q.from) > k));
    strat_choice ch = {.from = q.from, .to = res.first};
    bool p_first = (int)q.from.mover == player;
    strategy *s = strategy_build(r, &q, res.answer ? res.moves : k, !res.answer, t, &ch,
                                 res.have_first && p_first == (res.answer == 1) ? 1 : 0, &err);
    CHECKF(s != NULL, "%s: tree: %s", spec, err.msg);
    if (s) CHECKF(strategy_check(r, s, &err) == 0, "%s: tree check: %s", spec, err.msg);
    strategy_free(s);
    force_table_free(t);
    chopsat_rules_free(r);
}

TEST(qbf_start_full_distance_nosplit)
{
    start_at("no-split", 2, 8, 8);
    start_at("no-split", 2, 7, -1);
    start_at("no-split", 1, 8, -1);
}
TEST(qbf_start_full_distance_onedie)
{
    start_at("onedie", 1, 13, 13);
    start_at("onedie", 1, 12, -1);
}
/* draws: nobody forces a win from the start, even at the longest distance of the game */
TEST(qbf_start_draws)
{
    start_at("even-split", 1, 6, -1);
    start_at("even-split", 2, 6, -1);
    start_at("standard,fingers=4", 1, 8, -1);
}

/* force A --to B against explicit bounded forcing, every target near the start */
TEST(qbf_force_target)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_pos start;
    chopsat_pos_start(r, &start);
    chopsat_err err;
    chopsat_reach_set *set = chopsat_explore(r, &start, &err);
    REQUIRE(set);
    int yes = 0, n = 0;
    for (uint64_t i = 0; i < chopsat_reach_count(set) && n < 60 / SPARSE; i++) {
        chopsat_pos b;
        chopsat_reach_at(set, i, &b);
        for (int player = 1; player <= 2; player++, n++) {
            chopsat_query q = {
                .kind = CHOPSAT_Q_REACH, .from = start, .target = b, .player = player, .k = 4};
            force_table *t;
            REQUIRE(force_table_build(r, &q, &t, &err) == 0);
            int d = force_table_dist(t, &start), got = qbf_moves(r, &q, &plain);
            force_table_free(t);
            CHECK(got == d);
            yes += got >= 0;
        }
    }
    CHECK(yes > 0 && yes < n); /* both answers occur */
    chopsat_reach_set_free(set);
    chopsat_rules_free(r);
}

/* A damaged strategy (one opponent reply dropped, a leaf moved) fails the check. */
TEST(qbf_strategy_check_rejects)
{
    chopsat_rules *r = test_rules("no-split");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 2, .k = 8};
    chopsat_pos_start(r, &q.from);
    chopsat_err err;
    force_table *t;
    REQUIRE(force_table_build(r, &q, &t, &err) == 0);
    strategy *s = strategy_build(r, &q, 8, false, t, NULL, 0, &err);
    REQUIRE(s);
    CHECK(strategy_check(r, s, &err) == 0);
    /* an opponent node with two or more replies loses one */
    size_t i = 0;
    while (i < s->nodes.n && (s->nodes.items[i].pos.mover != 1 || s->nodes.items[i].n < 2))
        i++;
    REQUIRE(i < s->nodes.n);
    s->nodes.items[i].n--;
    CHECK(strategy_check(r, s, &err) == -1);
    CHECK(strstr(err.msg, "covered") != NULL);
    s->nodes.items[i].n++;
    /* a bound that is one too small */
    s->nodes.items[0].bound = 7;
    CHECK(strategy_check(r, s, &err) == -1);
    strategy_free(s);
    /* a refutation claimed for a bound P can meet fails to build */
    CHECK(strategy_build(r, &q, 8, true, t, NULL, 0, &err) == NULL);
    force_table_free(t);
    chopsat_rules_free(r);
}

/* The QDIMACS file, solved by the depqbf program (external back end), agrees; its V lines give
 * the same kind of first move. */
TEST(qbf_external_depqbf_agrees)
{
    if (system("command -v depqbf >/dev/null 2>&1") != 0) return;
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    for (int k = 3; k <= (SPARSE > 1 ? 4 : 6); k++)
        for (int player = 1; player <= 2; player++) {
            chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = player, .k = k};
            chopsat_pos_start(r, &q.from);
            q.from.v[0] = 0; /* 01/11:1: player 1 has one hand left */
            qbf_result a, b;
            chopsat_err err;
            REQUIRE(qbf_force(r, &q, &plain, "depqbf", 0, -1, &a, &err) == 0);
            CHECKF(qbf_force(r, &q, &plain, "external:depqbf --qdo", 30, -1, &b, &err) == 0, "%s",
                   err.msg);
            CHECK(a.answer == b.answer && (!a.answer || a.moves == b.moves));
        }
    chopsat_rules_free(r);
}

/* A no of win with a proof: the proof written by chopsat_bmc_proof checks against the CNF that
 * `chopsat dimacs` writes for the same question (an independent path to the clauses). */
TEST(qbf_win_proof_checks)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .k = 4};
    chopsat_pos_start(r, &q.from);
    chopsat_bmc_opts o = {.solver = "picosat"};
    chopsat_err err;
    FILE *proof = tmpfile(), *cnf = tmpfile();
    REQUIRE(proof && cnf);
    CHECKF(chopsat_bmc_proof(r, &q, &o, proof, &err) == 20, "%s", err.msg);
    REQUIRE(chopsat_bmc_dimacs(r, &q, &o, cnf, &err) == 0);
    rewind(proof);
    rewind(cnf);
    dimacs_file d;
    REQUIRE(dimacs_read(cnf, "cnf", &d, &err) == 0);
    CHECKF(drat_check(d.lits, d.nlits, proof, &err) == 1, "%s", err.msg);
    /* a proof of another question does not refute this one */
    chopsat_query q2 = q;
    q2.k = 5; /* satisfiable: no proof */
    FILE *p2 = tmpfile();
    CHECK(chopsat_bmc_proof(r, &q2, &o, p2, &err) == 10);
    fclose(p2);
    dimacs_file_free(&d);
    fclose(proof);
    fclose(cnf);
    chopsat_rules_free(r);
}

/* Within the limit, the partial table is the whole one: depth K, the same distances. */
TEST(force_table_partial_within_limit_is_whole)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .k = 9};
    chopsat_pos_start(r, &q.from);
    force_table *whole, *part;
    chopsat_err err;
    REQUIRE(force_table_build(r, &q, &whole, &err) == 0);
    REQUIRE(force_table_build_partial(r, &q, &part, &err) == q.k);
    CHECK(force_table_size(whole) == force_table_size(part));
    chopsat_moves ms = {0};
    chopsat_moves_list(r, &q.from, &ms, NULL);
    CHECK(force_table_dist(whole, &q.from) == force_table_dist(part, &q.from));
    for (size_t i = 0; i < ms.n; i++)
        CHECK(force_table_dist(whole, &ms.items[i].to) == force_table_dist(part, &ms.items[i].to));
    chopsat_moves_free(&ms);
    force_table_free(whole);
    force_table_free(part);
    chopsat_rules_free(r);
}

TEST(qbf_force_hint_changes_calls_not_answers)
{
    /* a hint (another engine's least k) is only where the search looks first: right, wrong
     * or out of range, the least k is the same; a right hint takes at most three calls */
    chopsat_rules *r = test_rules("onedie,target=7");
    REQUIRE(r);
    qbf_opts plain = {0};
    int yes = 0;
    for (int player = 1; player <= 2; player++)
        for (int k = 1; k <= 9; k += 2) {
            chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = player, .k = k};
            chopsat_pos_start(r, &q.from);
            chopsat_err err;
            qbf_result base;
            REQUIRE(qbf_force(r, &q, &plain, "depqbf", 0, -1, &base, &err) == 0);
            if (!base.answer) continue;
            yes++;
            int hints[] = {base.moves, 0, k, base.moves + 1, base.moves - 1, 1000};
            for (size_t h = 0; h < sizeof hints / sizeof *hints; h++) {
                qbf_result res;
                REQUIRE(qbf_force(r, &q, &plain, "depqbf", 0, hints[h], &res, &err) == 0);
                CHECKF(res.answer && res.moves == base.moves, "p%d k=%d hint %d: %d in %d, not %d",
                       player, k, hints[h], res.answer, res.moves, base.moves);
                if (h == 0)
                    CHECKF(res.solver_calls <= 3, "p%d k=%d: a right hint took %d calls", player, k,
                           res.solver_calls);
            }
        }
    CHECKF(yes > 0, "no yes answer: the hint was never tried");
    chopsat_rules_free(r);
}

SCHEDULE_FILE(qbf)
{
    SCHEDULE(qbf_every_position_standard4);
    SCHEDULE(qbf_every_position_nosplit4);
    SCHEDULE(qbf_every_position_rollover4);
    SCHEDULE(qbf_every_position_evensplit4);
    SCHEDULE(qbf_every_position_chinese4);
    SCHEDULE(qbf_every_position_standard5);
    SCHEDULE(qbf_every_position_encodings);
    SCHEDULE(qbf_start_full_distance_nosplit);
    SCHEDULE(qbf_start_full_distance_onedie);
    SCHEDULE(qbf_start_draws);
    SCHEDULE(qbf_force_target);
    SCHEDULE(qbf_strategy_check_rejects);
    SCHEDULE(qbf_external_depqbf_agrees);
    SCHEDULE(qbf_win_proof_checks);
    SCHEDULE(force_table_partial_within_limit_is_whole);
    SCHEDULE(qbf_force_hint_changes_calls_not_answers);
}
