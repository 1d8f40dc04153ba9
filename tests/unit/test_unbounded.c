/* test_unbounded.c: the unbounded engines (IC3 and k-induction) against the explicit
 * breadth-first search, on every preset at small sizes with random positions (a fixed seed),
 * and the invariant check and certificate against corrupted invariants. Wider sweeps (fingers
 * 5..64) are in benchmarks/unbounded.sh. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static uint64_t rng = 12345;
static int gave_up; /* k-induction past its depth limit (no answer, not a wrong one) */
static uint64_t next_rand(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return rng >> 33;
}

/* The explicit answer: 1 with the minimum in *moves, or 0. */
static int explicit_ever(const chopsat_rules *r, const chopsat_query *q, int *moves)
{
    chopsat_err err;
    chopsat_reach_set *set = chopsat_explore(r, &q->from, &err);
    if (!set) return -1;
    int64_t best = -1;
    if (q->kind == CHOPSAT_Q_REACH) best = chopsat_reach_depth(set, &q->target);
    for (uint64_t k = 0; q->kind == CHOPSAT_Q_WIN && k < chopsat_reach_count(set) && best < 0;
         k++) {
        chopsat_pos p;
        chopsat_reach_at(set, k, &p);
        if (chopsat_pos_winner(r, &p) == q->player) best = chopsat_reach_depth(set, &p);
    }
    chopsat_reach_set_free(set);
    *moves = (int)best;
    return best >= 0;
}

/* Asks q with engine and compares with the explicit search; replays a witness. */
static void agree(const chopsat_rules *r, const char *spec, const chopsat_query *q,
                  const char *engine)
{
    chopsat_unbounded_opts o;
    memset(&o, 0, sizeof o);
    o.engine = engine;
    o.bmc.solver = "cadical";
    o.bmc.incremental = true;
    o.max_depth = 16; /* k-induction may need the longest simple path: it gives up past this */
    chopsat_unbounded_result *res;
    chopsat_err err;
    char from[64], to[64];
    chopsat_pos_format(r, &q->from, from, sizeof from);
    chopsat_pos_format(r, &q->target, to, sizeof to);
    int rc = chopsat_unbounded_solve(r, q, &o, &res, &err);
    if (rc < 0) {
        if (!strcmp(engine, "kind") && strstr(err.msg, "no answer up to depth")) {
            gave_up++;
            return;
        }
        test_fail(__FILE__, __LINE__, "%s %s %s %s: %s", spec, engine, from, to, err.msg);
        return;
    }
    CHECK(rc == chopsat_unbounded_result_value(res));
    int yes = rc == CHOPSAT_YES, least = chopsat_unbounded_result_moves(res);
    const chopsat_pos *path;
    size_t n = chopsat_unbounded_result_path(res, &path);
    CHECK(yes ? n == (size_t)least + 1 && path : n == 0 && !path && least == -1);
    int moves = -1;
    int ex = explicit_ever(r, q, &moves);
    CHECKF(ex == yes && (!ex || moves == least),
           "%s %s %s from %s to %s (player %d): engine %d in %d, explicit %d in %d", spec, engine,
           q->kind == CHOPSAT_Q_WIN ? "win" : "reach", from, to, q->player, yes, least, ex, moves);
    const chopsat_invariant *inv = chopsat_unbounded_result_invariant(res);
    if (yes) {
        chopsat_query rq = *q;
        rq.k = least;
        CHECKF(!chopsat_replay(r, &rq, path, n, NULL, &err),
               "%s %s: the witness does not replay: %s", spec, engine, err.msg);
        CHECK(!inv);
    } else if (!strcmp(engine, "ic3")) {
        int calls;
        REQUIRE(inv);
        CHECK(!chopsat_invariant_check(r, q, inv, NULL, 0, &calls, &err));
        CHECK(chopsat_unbounded_result_check_calls(res) == 3);
    } else {
        CHECK(!inv);
    }
    CHECK(chopsat_unbounded_result_solver_calls(res) > 0);
    CHECK(chopsat_unbounded_result_solve_seconds(res) >= 0 &&
          chopsat_unbounded_result_check_seconds(res) >= 0);
    chopsat_unbounded_result_free(res);
}

static void sweep(const char *spec, int reach_questions, int win_questions)
{
    chopsat_solution *sol;
    chopsat_rules *r = test_solved(spec, &sol);
    if (!r) return;
    uint64_t n = chopsat_solution_size(sol);
    for (int i = 0; i < reach_questions + win_questions; i++) {
        chopsat_query q;
        memset(&q, 0, sizeof q);
        chopsat_pos_start(r, &q.from);
        if (i % 3 == 2) /* sometimes from a random position */
            while (!chopsat_solution_position(sol, next_rand() % n, &q.from)) {
            }
        if (i < reach_questions) {
            q.kind = CHOPSAT_Q_REACH;
            while (!chopsat_solution_position(sol, next_rand() % n, &q.target)) {
            }
        } else {
            q.kind = CHOPSAT_Q_WIN;
            q.player = 1 + (int)(next_rand() % 2);
        }
        agree(r, spec, &q, i % 2 ? "kind" : "ic3");
        if (i % 5 == 0) agree(r, spec, &q, i % 2 ? "ic3" : "kind");
    }
    chopsat_solution_free(sol);
    chopsat_rules_free(r);
}

TEST(unbounded_standard_agrees_with_explicit)
{
    gave_up = 0;
    sweep("standard", 24, 8);
    CHECKF(gave_up < 6, "k-induction gave up %d times", gave_up);
}
TEST(unbounded_presets_agree_with_explicit)
{
    gave_up = 0;
    sweep("no-split", 8, 4);
    sweep("rollover", 8, 4);
    sweep("even-split", 8, 4);
    sweep("chinese,fingers=5", 8, 4);
    sweep("onedie,target=12", 8, 4);
    sweep("standard,fingers=7,hands=ordered,suicide=no", 8, 4);
    sweep("standard,fingers=6,win=finish,revive=no", 8, 4);
    CHECKF(gave_up < 20, "k-induction gave up %d times", gave_up);
}

/* An invariant for 11/34:1 (unreachable in the standard game), found by IC3. */
static int invariant_for(const chopsat_rules *r, chopsat_query *q, chopsat_invariant *inv)
{
    memset(q, 0, sizeof *q);
    q->kind = CHOPSAT_Q_REACH;
    chopsat_pos_start(r, &q->from);
    q->target = test_pos(r, "11/34:1");
    chopsat_unbounded_opts o;
    memset(&o, 0, sizeof o);
    chopsat_unbounded_result *res;
    chopsat_err err;
    if (chopsat_unbounded_solve(r, q, &o, &res, &err) != CHOPSAT_NO) return -1;
    test_invariant_copy(inv, chopsat_unbounded_result_invariant(res));
    chopsat_unbounded_result_free(res);
    return 0;
}

TEST(unbounded_invariant_check_rejects_corruption)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q;
    chopsat_invariant inv;
    REQUIRE(!invariant_for(r, &q, &inv));
    REQUIRE(inv.nclauses > 1);
    chopsat_err err;
    int calls;
    CHECK(!chopsat_invariant_check(r, &q, &inv, "picosat", 0, &calls, &err));
    CHECK(calls == 3);
    /* dropping a clause: at least one of them is needed (the rest is no longer inductive or
     * no longer excludes the goal) */
    int rejected = 0;
    int *copy = malloc(inv.nlits * sizeof *copy);
    for (size_t c = 0, begin = 0; c < inv.nclauses; c++) {
        size_t end = begin;
        while (inv.lits[end])
            end++;
        chopsat_invariant cut = inv;
        size_t m = 0;
        for (size_t i = 0; i < inv.nlits; i++)
            if (i < begin || i > end) copy[m++] = inv.lits[i];
        cut.lits = copy, cut.nlits = m, cut.nclauses = inv.nclauses - 1;
        if (chopsat_invariant_check(r, &q, &cut, NULL, 0, &calls, &err)) {
            rejected++;
            CHECK(chopsat_invariant_check(r, &q, &cut, NULL, 0, &calls, &err) == CHOPSAT_MISMATCH);
            CHECKF(strstr(err.msg, "consecution fails") || strstr(err.msg, "safety fails"), "%s",
                   err.msg);
        }
        begin = end + 1;
    }
    CHECK(rejected > 0);
    /* a clause the start violates */
    memcpy(copy, inv.lits, inv.nlits * sizeof *copy);
    chopsat_invariant bad = inv;
    int *more = malloc((inv.nlits + 2) * sizeof *more);
    memcpy(more, inv.lits, inv.nlits * sizeof *more);
    more[inv.nlits] = -1; /* h1[0] = 0: the start has a 1 there */
    more[inv.nlits + 1] = 0;
    bad.lits = more, bad.nlits = inv.nlits + 2, bad.nclauses = inv.nclauses + 1;
    CHECK(chopsat_invariant_check(r, &q, &bad, NULL, 0, &calls, &err) == CHOPSAT_MISMATCH &&
          strstr(err.msg, "initiation fails"));
    /* a variable map that is not the question's */
    char *saved = inv.names[0];
    inv.names[0] = "h2[0]";
    CHECK(chopsat_invariant_check(r, &q, &inv, NULL, 0, &calls, &err) == CHOPSAT_ERROR &&
          strstr(err.msg, "variable 1"));
    inv.names[0] = saved;
    free(more);
    free(copy);
    chopsat_invariant_free(&inv);
    chopsat_rules_free(r);
}

TEST(unbounded_certificate_round_trip_and_corruption)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q;
    chopsat_invariant inv;
    REQUIRE(!invariant_for(r, &q, &inv));
    chopsat_err err;
    FILE *f = tmpfile();
    REQUIRE(f);
    CHECK(!chopsat_certificate_write(r, &q, &inv, f, &err));
    rewind(f);
    chopsat_rules *r2;
    chopsat_query q2;
    chopsat_invariant back;
    REQUIRE(!chopsat_certificate_read(f, "cert", &r2, &q2, &back, &err));
    CHECK(back.nclauses == inv.nclauses && back.nlits == inv.nlits &&
          !memcmp(back.lits, inv.lits, inv.nlits * sizeof *inv.lits));
    CHECK(chopsat_pos_equal(&q2.target, &q.target) && q2.kind == q.kind);
    int calls;
    CHECK(!chopsat_invariant_check(r2, &q2, &back, NULL, 0, &calls, &err));
    /* the same invariant for another target it does not exclude: safety fails */
    q2.target = test_pos(r2, "11/04:2");
    CHECK(chopsat_invariant_check(r2, &q2, &back, NULL, 0, &calls, &err) == CHOPSAT_MISMATCH &&
          strstr(err.msg, "safety fails"));
    chopsat_invariant_free(&back);
    chopsat_rules_free(r2);
    fclose(f);
    /* not a certificate */
    f = tmpfile();
    REQUIRE(f);
    fputs("p cnf 2 1\n1 2 0\n", f);
    rewind(f);
    CHECK(chopsat_certificate_read(f, "plain.cnf", &r2, &q2, &back, &err) &&
          strstr(err.msg, "not a certificate"));
    fclose(f);
    chopsat_invariant_free(&inv);
    chopsat_rules_free(r);
}

/* An unknown engine: an error with a message and no result; free takes NULL. */
TEST(unbounded_result_none_on_error)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1};
    chopsat_pos_start(r, &q.from);
    chopsat_unbounded_opts o = {.engine = "pdr2"};
    chopsat_unbounded_result *res = (chopsat_unbounded_result *)&q; /* not NULL before */
    chopsat_err err;
    CHECK(chopsat_unbounded_solve(r, &q, &o, &res, &err) == CHOPSAT_ERROR && !res &&
          strstr(err.msg, "unknown engine"));
    chopsat_unbounded_result_free(NULL);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(unbounded)
{
    SCHEDULE(unbounded_result_none_on_error);
    SCHEDULE(unbounded_standard_agrees_with_explicit);
    SCHEDULE(unbounded_presets_agree_with_explicit);
    SCHEDULE(unbounded_invariant_check_rejects_corruption);
    SCHEDULE(unbounded_certificate_round_trip_and_corruption);
}
