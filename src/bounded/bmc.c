/* bmc.c: the bounded model checker's driver. It deepens one solver instance (k = 0, 1, ...,
 * assuming goal(k)) or, with incremental off, encodes afresh for every k; the first
 * satisfiable k is the minimum number of moves, and its model is decoded into the witness
 * path. It also writes the whole "within K" question as DIMACS with a complete variable map.
 * Checking the answer (replay, explicit cross-check) is the caller's business. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bounded/textbook.h"
#include "bounded/unroll.h"
#include "core/oom.h"
#include "core/util.h"
#include "formats/dimacs.h"

static int check_query(const chopsat_rules *r, const chopsat_query *q, const chopsat_bmc_opts *o,
                       chopsat_err *err)
{
    if (check_bound(q->k, err)) return -1;
    if (o->textbook && textbook_check(r, err)) return -1;
    if (q->kind == CHOPSAT_Q_WIN && q->player != 1 && q->player != 2)
        return fail(err, "player: must be 1 or 2 (got %d)", q->player);
    (void)r;
    return 0;
}

/* chopsat.h's chopsat_bmc_result. */
struct chopsat_bmc_result {
    int answer;        /* 1 yes, 0 no */
    int moves;         /* for yes: the minimum number of moves (k with exact) */
    chopsat_pos *path; /* for yes: moves+1 positions decoded from the model */
    int vars;          /* of the last formula solved */
    size_t clauses;
    int solver_calls;
    double encode_seconds, solve_seconds;
};

static int sat_value_cb(void *ctx, int var)
{
    return sat_value((sat *)ctx, var);
}

/* Whether every state word is narrower than 58 bits. The deepening's solver settings
 * (docs/bounded.md) were measured to pay from 2^16 to 2^56 fingers and to cost 1.5-1.6x at
 * 2^60 and 2^64 - 1, whose hands of 60 and 64 bits keep the solver's defaults. */
static bool narrow_words(const unroll *u)
{
    const word *s = unroll_state(u, 0);
    for (int i = 0; i < unroll_word_count(u); i++)
        if (s[i].w >= 58) return false;
    return true;
}

/* One formula: a circuit, its encoder, a solver and the unrolling. */
typedef struct instance {
    formula fm;
    sat *s;
} instance;

static int instance_open(instance *in, const chopsat_rules *r, const chopsat_query *q,
                         const chopsat_bmc_opts *o, chopsat_err *err)
{
    memset(in, 0, sizeof *in);
    in->s = sat_new(o->solver ? o->solver : CHOPSAT_DEFAULT_SAT, err);
    if (!in->s) return -1;
    formula_open(&in->fm, r, q, o, in->s, false);
    if (o->incremental && !q->exact && narrow_words(in->fm.u)) sat_prefer_many_calls(in->s);
    return 0;
}

static void instance_close(instance *in)
{
    formula_close(&in->fm);
    if (in->s) sat_release(in->s);
    memset(in, 0, sizeof *in);
}

/* Solves `in` with goal(k): assumed, or a unit clause when `once` (the solver is asked no
 * more: an exact question, or a fresh formula per bound), which the solver simplifies with
 * from the start instead of re-assuming; 10, 20 or -1. */
static int solve_at(instance *in, int k, int K, bool once, const chopsat_bmc_opts *o,
                    chopsat_bmc_result *res, chopsat_err *err)
{
    if (o->progress) {
        char phase[96];
        snprintf(phase, sizeof phase, "k = %d of %d, solver call %d", k, K, res->solver_calls + 1);
        o->progress(o->progress_ctx, phase, K ? (double)k / K : 1.0);
    }
    double t0 = now_seconds();
    unroll_extend(in->fm.u, k);
    if (once) {
        cnf_assert(in->fm.f, unroll_goal(in->fm.u, k));
    } else {
        int a = cnf_lit(in->fm.f, unroll_goal(in->fm.u, k), POL_POS);
        sat_assume(in->s, a);
    }
    res->encode_seconds += now_seconds() - t0;
    t0 = now_seconds();
    int rc = sat_solve(in->s, o->timeout, err);
    res->solve_seconds += now_seconds() - t0;
    res->solver_calls++;
    res->vars = cnf_var_count(in->fm.f);
    res->clauses = cnf_clause_count(in->fm.f);
    return rc;
}

static void decode_path(instance *in, int k, chopsat_bmc_result *res)
{
    res->path = xmalloc((size_t)(k + 1) * sizeof *res->path);
    for (int t = 0; t <= k; t++)
        unroll_decode(in->fm.u, in->fm.f, t, sat_value_cb, in->s, &res->path[t]);
}

static int bmc_solve_body(const chopsat_rules *r, const chopsat_query *q, const chopsat_bmc_opts *o,
                          chopsat_bmc_result *res, chopsat_err *err)
{
    if (check_query(r, q, o, err)) return -1;
    instance in;
    int rc = 20;
    if (o->incremental) {
        if (instance_open(&in, r, q, o, err)) return -1;
        for (int k = q->exact ? q->k : 0; k <= q->k && rc == 20; k++) {
            rc = solve_at(&in, k, q->k, q->exact, o, res, err);
            if (rc == 10) res->moves = k, decode_path(&in, k, res);
        }
        instance_close(&in);
    } else {
        for (int k = q->exact ? q->k : 0; k <= q->k && rc == 20; k++) {
            chopsat_query qk = *q;
            qk.k = k; /* a fresh formula of k frames, only goal(k) asked */
            if (instance_open(&in, r, &qk, o, err)) return -1;
            rc = solve_at(&in, k, q->k, true, o, res, err);
            if (rc == 10) res->moves = k, decode_path(&in, k, res);
            instance_close(&in);
        }
    }
    if (rc < 0) return CHOPSAT_ERROR;
    res->answer = rc == 10;
    return res->answer ? CHOPSAT_YES : CHOPSAT_NO;
}

/* Solves into a new result: its status, *out NULL on failure. */
static int bmc_solve_new(const chopsat_rules *r, const chopsat_query *q, const chopsat_bmc_opts *o,
                         chopsat_bmc_result **out, chopsat_err *err)
{
    *out = NULL;
    chopsat_bmc_result *res = xcalloc(1, sizeof *res);
    int rc = bmc_solve_body(r, q, o, res, err);
    if (rc < 0)
        chopsat_bmc_result_free(res);
    else
        *out = res;
    return rc;
}

int chopsat_bmc_solve(const chopsat_rules *r, const chopsat_query *q, const chopsat_bmc_opts *o,
                      chopsat_bmc_result **out, chopsat_err *err)
{
    *out = NULL;
    if (chopsat_query_check(r, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, bmc_solve_new(r, q, o, out, err));
}

void chopsat_bmc_result_free(chopsat_bmc_result *res)
{
    if (!res) return;
    free(res->path);
    free(res);
}

int chopsat_bmc_result_value(const chopsat_bmc_result *res)
{
    return res->answer ? CHOPSAT_YES : CHOPSAT_NO;
}

int chopsat_bmc_result_moves(const chopsat_bmc_result *res)
{
    return res->answer ? res->moves : -1;
}

size_t chopsat_bmc_result_path(const chopsat_bmc_result *res, const chopsat_pos **path)
{
    if (path) *path = res->answer ? res->path : NULL;
    return res->answer ? (size_t)res->moves + 1 : 0;
}

int chopsat_bmc_result_vars(const chopsat_bmc_result *res)
{
    return res->vars;
}
size_t chopsat_bmc_result_clauses(const chopsat_bmc_result *res)
{
    return res->clauses;
}
int chopsat_bmc_result_solver_calls(const chopsat_bmc_result *res)
{
    return res->solver_calls;
}

double chopsat_bmc_result_encode_seconds(const chopsat_bmc_result *res)
{
    return res->encode_seconds;
}

double chopsat_bmc_result_solve_seconds(const chopsat_bmc_result *res)
{
    return res->solve_seconds;
}
