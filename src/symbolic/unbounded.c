/* unbounded.c: the driver of unbounded questions (chopsat.h: chopsat_unbounded_solve). It runs
 * the chosen engine (ic3.c or kind.c) and never hands out an answer it has not checked the way
 * the rest of chopsat checks answers: a "yes" comes with a witness decoded from a BMC model at
 * the engine's depth (the caller replays it), a "never" only after separate fresh SAT calls
 * (the invariant's three conditions for IC3, base and step for k-induction). */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "symbolic/ic3.h"
#include "symbolic/kind.h"

void chopsat_unbounded_result_free(chopsat_unbounded_result *res)
{
    free(res->path);
    res->path = NULL;
    chopsat_invariant_free(&res->inv);
}

/* The witness of a counterexample IC3 found at depth k: BMC deepening to k on the unroller
 * (the same decoder as bounded answers). */
static int witness_by_bmc(const chopsat_rules *r, const chopsat_query *q,
                          const chopsat_unbounded_opts *o, int k, chopsat_unbounded_result *res,
                          chopsat_err *err)
{
    chopsat_query b = *q;
    b.k = k, b.exact = false, b.repeat = CHOPSAT_REPEAT_OFF;
    chopsat_bmc_opts bo = o->bmc;
    bo.incremental = true;
    chopsat_bmc_result br;
    if (chopsat_bmc_solve(r, &b, &bo, &br, err)) return -1;
    res->solver_calls += br.solver_calls;
    if (!br.answer) {
        chopsat_bmc_result_free(&br);
        return fail(err, "IC3 found a counterexample of %d moves but BMC finds no path within "
                    "%d moves", k, k);
    }
    res->answer = 1;
    res->moves = br.moves;
    res->path = br.path;
    return 0;
}

int chopsat_unbounded_solve(const chopsat_rules *r, const chopsat_query *q,
                            const chopsat_unbounded_opts *o, chopsat_unbounded_result *res,
                            chopsat_err *err)
{
    memset(res, 0, sizeof *res);
    const char *engine = o->engine ? o->engine : "ic3";
    if (strcmp(engine, "ic3") && strcmp(engine, "kind"))
        return fail(err, "unknown engine '%s' (expected ic3 or kind)", engine);
    if (q->kind == CHOPSAT_Q_WIN && q->player != 1 && q->player != 2)
        return fail(err, "player: must be 1 or 2 (got %d)", q->player);
    double t0 = now_seconds();
    int rc;
    if (!strcmp(engine, "ic3")) {
        ic3_stats st;
        rc = ic3_run(r, q, o, &res->inv, &st, err);
        res->depth = st.depth;
        res->solver_calls = st.solver_calls;
        res->solve_seconds = now_seconds() - t0;
        if (rc == 1) {
            rc = witness_by_bmc(r, q, o, st.depth, res, err);
            res->solve_seconds = now_seconds() - t0;
        } else if (rc == 0) {
            t0 = now_seconds();
            chopsat_err cerr;
            if (chopsat_invariant_check(r, q, &res->inv, o->bmc.solver, o->bmc.timeout,
                                        &res->check_calls, &cerr)) {
                rc = fail(err, "the invariant IC3 found does not check: %s", cerr.msg);
            }
            res->check_seconds = now_seconds() - t0;
        }
    } else {
        rc = kind_run(r, q, o, &res->path, &res->moves, &res->depth, &res->solver_calls, err);
        res->solve_seconds = now_seconds() - t0;
        if (rc == 1) res->answer = 1, rc = 0;
        else if (rc == 0) {
            t0 = now_seconds();
            rc = kind_check(r, q, o, res->depth, &res->check_calls, err);
            res->check_seconds = now_seconds() - t0;
        }
    }
    if (rc < 0) chopsat_unbounded_result_free(res);
    return rc < 0 ? -1 : 0;
}
