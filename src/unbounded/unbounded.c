/* unbounded.c: the driver of unbounded questions (chopsat.h: chopsat_unbounded_solve). It runs
 * the chosen engine (ic3.c or kind.c) and never hands out an answer it has not checked the way
 * the rest of chopsat checks answers: a "yes" comes with a witness decoded from a BMC model (the
 * caller replays it), a "never" only after separate fresh SAT calls
 * (the invariant's three conditions for IC3, base and step for k-induction). */
#include <stdlib.h>
#include <string.h>

#include "bounded/unroll.h"
#include "core/oom.h"
#include "core/util.h"
#include "unbounded/ic3.h"
#include "unbounded/kind.h"

/* chopsat.h's chopsat_unbounded_result. */
struct chopsat_unbounded_result {
    int answer;            /* 1 yes (reachable: a witness), 0 never */
    int moves;             /* for yes: the minimum number of moves */
    chopsat_pos *path;     /* for yes: moves+1 positions decoded from a SAT model */
    int depth;             /* ic3: the last frame; kind: the induction depth n */
    bool ic3;              /* the engine was IC3 (a never has an invariant) */
    chopsat_invariant inv; /* ic3, never: the invariant, already checked (nclauses may be 0) */
    int solver_calls;      /* of the engine */
    int check_calls;       /* of the separate check of "never" (fresh solvers) */
    double solve_seconds, check_seconds;
};

void chopsat_unbounded_result_free(chopsat_unbounded_result *res)
{
    if (!res) return;
    free(res->path);
    chopsat_invariant_free(&res->inv);
    free(res);
}

/* BMC alongside IC3: the unroller's formula deepened on one solver, one depth per call (IC3 is
 * slow to reach deep counterexamples, BMC cannot prove "never"; each gets about the same time). */
typedef struct deepening {
    formula fm;
    sat *s;
    int depth; /* the next depth to ask; every smaller one is unsatisfiable */
} deepening;

static int deepen_open(deepening *d, const chopsat_rules *r, const chopsat_query *q,
                       const chopsat_unbounded_opts *o, chopsat_err *err)
{
    memset(d, 0, sizeof *d);
    chopsat_query p = *q;
    p.k = 0, p.exact = false, p.repeat = CHOPSAT_REPEAT_OFF;
    if (!(d->s = sat_new(o->bmc.solver ? o->bmc.solver : CHOPSAT_DEFAULT_SAT, err))) return -1;
    formula_open(&d->fm, r, &p, &o->bmc, d->s, false);
    return 0;
}

static void deepen_close(deepening *d)
{
    if (d->s) formula_close(&d->fm), sat_release(d->s);
    memset(d, 0, sizeof *d);
}

static int value_cb(void *ctx, int var)
{
    return sat_value((sat *)ctx, var);
}

/* Asks for the goal at the next depth: 10 (the minimum, the path decoded into res), 20, -1. */
static int deepen_step(deepening *d, const chopsat_unbounded_opts *o, chopsat_unbounded_result *res,
                       chopsat_err *err)
{
    unroll_extend(d->fm.u, d->depth);
    sat_assume(d->s, cnf_lit(d->fm.f, unroll_goal(d->fm.u, d->depth), POL_POS));
    int rc = sat_solve(d->s, o->bmc.timeout, err);
    res->solver_calls++;
    if (rc == 10) {
        res->answer = 1;
        res->moves = d->depth;
        res->path = xmalloc(((size_t)d->depth + 1) * sizeof *res->path);
        for (int t = 0; t <= d->depth; t++)
            unroll_decode(d->fm.u, d->fm.f, t, value_cb, d->s, &res->path[t]);
    }
    if (rc == 20) d->depth++;
    return rc;
}

/* IC3 with BMC alongside: 1 yes (witness in res), 0 never (res->inv, unchecked), -1. */
static int ic3_portfolio(const chopsat_rules *r, const chopsat_query *q,
                         const chopsat_unbounded_opts *o, chopsat_unbounded_result *res,
                         chopsat_err *err)
{
    deepening d;
    if (deepen_open(&d, r, q, o, err)) return -1;
    ic3 *m = ic3_new(r, q, o, err);
    if (!m) {
        deepen_close(&d);
        return -1;
    }
    double t_ic3 = 0, t_bmc = 0;
    int rc = 2;
    ic3_stats st;
    while (rc == 2) {
        double t0 = now_seconds();
        if (t_bmc <= t_ic3) {
            int b = deepen_step(&d, o, res, err);
            t_bmc += now_seconds() - t0;
            if (b != 20) rc = b == 10 ? 1 : -1;
            continue;
        }
        int i = ic3_step(m, &res->inv);
        t_ic3 += now_seconds() - t0;
        if (i == 1) {
            /* a counterexample of K moves, none shorter: BMC finds it by depth K */
            ic3_get_stats(m, &st);
            int b = 20;
            while (b == 20 && d.depth <= st.depth)
                b = deepen_step(&d, o, res, err);
            if (b == 20)
                fail(err,
                     "IC3 found a counterexample of %d moves but BMC finds no path within "
                     "%d moves",
                     st.depth, st.depth);
            rc = b == 10 ? 1 : -1;
        } else if (i != 2) {
            rc = i;
        }
    }
    ic3_get_stats(m, &st);
    res->depth = st.depth;
    res->solver_calls += st.solver_calls;
    ic3_free(m);
    deepen_close(&d);
    return rc;
}

static int unbounded_solve_body(const chopsat_rules *r, const chopsat_query *q,
                                const chopsat_unbounded_opts *o, chopsat_unbounded_result *res,
                                chopsat_err *err)
{
    const char *engine = o->engine ? o->engine : "ic3";
    if (strcmp(engine, "ic3") && strcmp(engine, "kind"))
        return fail(err, "unknown engine '%s' (expected ic3 or kind)", engine);
    if (q->kind == CHOPSAT_Q_WIN && q->player != 1 && q->player != 2)
        return fail(err, "player: must be 1 or 2 (got %d)", q->player);
    double t0 = now_seconds();
    int rc;
    if ((res->ic3 = !strcmp(engine, "ic3"))) {
        rc = ic3_portfolio(r, q, o, res, err);
        res->solve_seconds = now_seconds() - t0;
        if (rc == 1) {
            rc = 0;
        } else if (rc == 0) {
            t0 = now_seconds();
            chopsat_err cerr;
            if (chopsat_invariant_check(r, q, &res->inv, o->bmc.solver, o->bmc.timeout,
                                        &res->check_calls, &cerr) < 0) {
                rc = fail(err, "the invariant IC3 found does not check: %s", cerr.msg);
            }
            res->check_seconds = now_seconds() - t0;
        }
    } else {
        rc = kind_run(r, q, o, &res->path, &res->moves, &res->depth, &res->solver_calls, err);
        res->solve_seconds = now_seconds() - t0;
        if (rc == 1)
            res->answer = 1, rc = 0;
        else if (rc == 0) {
            t0 = now_seconds();
            rc = kind_check(r, q, o, res->depth, &res->check_calls, err);
            res->check_seconds = now_seconds() - t0;
        }
    }
    return rc < 0 ? CHOPSAT_ERROR : res->answer ? CHOPSAT_YES : CHOPSAT_NO;
}

/* Solves into a new result: its status, *out NULL on failure. */
static int unbounded_solve_new(const chopsat_rules *r, const chopsat_query *q,
                               const chopsat_unbounded_opts *o, chopsat_unbounded_result **out,
                               chopsat_err *err)
{
    *out = NULL;
    chopsat_unbounded_result *res = xcalloc(1, sizeof *res);
    int rc = unbounded_solve_body(r, q, o, res, err);
    if (rc < 0)
        chopsat_unbounded_result_free(res);
    else
        *out = res;
    return rc;
}

int chopsat_unbounded_solve(const chopsat_rules *r, const chopsat_query *q,
                            const chopsat_unbounded_opts *o, chopsat_unbounded_result **out,
                            chopsat_err *err)
{
    *out = NULL;
    if (chopsat_query_check(r, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, unbounded_solve_new(r, q, o, out, err));
}

int chopsat_unbounded_result_value(const chopsat_unbounded_result *res)
{
    return res->answer ? CHOPSAT_YES : CHOPSAT_NO;
}

int chopsat_unbounded_result_moves(const chopsat_unbounded_result *res)
{
    return res->answer ? res->moves : -1;
}

size_t chopsat_unbounded_result_path(const chopsat_unbounded_result *res, const chopsat_pos **path)
{
    if (path) *path = res->answer ? res->path : NULL;
    return res->answer ? (size_t)res->moves + 1 : 0;
}

int chopsat_unbounded_result_depth(const chopsat_unbounded_result *res)
{
    return res->depth;
}

const chopsat_invariant *chopsat_unbounded_result_invariant(const chopsat_unbounded_result *res)
{
    return res->ic3 && !res->answer ? &res->inv : NULL;
}

int chopsat_unbounded_result_solver_calls(const chopsat_unbounded_result *res)
{
    return res->solver_calls;
}

int chopsat_unbounded_result_check_calls(const chopsat_unbounded_result *res)
{
    return res->check_calls;
}

double chopsat_unbounded_result_solve_seconds(const chopsat_unbounded_result *res)
{
    return res->solve_seconds;
}

double chopsat_unbounded_result_check_seconds(const chopsat_unbounded_result *res)
{
    return res->check_seconds;
}
