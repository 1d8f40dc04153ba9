/* kind.c: k-induction with simple paths (see kind.h). */
#include "unbounded/kind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bounded/unroll.h"
#include "core/util.h"
#include "unbounded/tsys.h"

/* The induction step's states x0..xn and their constraints, added one state at a time. */
typedef struct step_chain {
    tsys ts;
    circuit *c;
    cnf *f;
    VEC(tsys_state) st;
} step_chain;

static void chain_open(step_chain *ch, const chopsat_rules *r, const chopsat_query *q,
                       const chopsat_unbounded_opts *o, sat *s)
{
    memset(ch, 0, sizeof *ch);
    sym_opts so = {.binary_moves = o->bmc.binary_moves};
    tsys_init(&ch->ts, r, q, &so);
    ch->c = circuit_new();
    ch->f = cnf_new(ch->c, o->bmc.plaisted_greenbaum, s);
}

static void chain_close(step_chain *ch)
{
    VEC_FREE(ch->st);
    cnf_free(ch->f);
    circuit_free(ch->c);
}

/* Adds states up to xn: each a position of the game (kind_check shows that every reachable
 * state is one), joined to the one before by the step and different from every
 * earlier state at an even distance (at an odd distance the turns differ anyway); the goal is
 * excluded from every state but the last. */
static void chain_extend(step_chain *ch, int n)
{
    char name[32];
    while ((int)ch->st.n <= n) {
        int t = (int)ch->st.n;
        snprintf(name, sizeof name, "x%d", t);
        tsys_state x = tsys_state_new(&ch->ts, ch->c, name);
        VEC_PUSH(ch->st, x);
        cnf_assert(ch->f, tsys_valid(&ch->ts, ch->c, &x));
        if (t == 0) continue;
        const tsys_state *a = &ch->st.items[t - 1], *b = &ch->st.items[t];
        snprintf(name, sizeof name, "x%d", t - 1);
        lit step = tsys_step(&ch->ts, ch->c, a, b, name);
        cnf_clause_expanded(ch->f, &step, 1);
        cnf_assert(ch->f, LIT_NOT(tsys_bad(&ch->ts, ch->c, a)));
        for (int i = t - 2; i >= 0; i -= 2)
            cnf_assert(ch->f, LIT_NOT(tsys_same(&ch->ts, ch->c, &ch->st.items[i], b)));
    }
}

static lit chain_bad(step_chain *ch, int n)
{
    return tsys_bad(&ch->ts, ch->c, &ch->st.items[n]);
}

static int sat_value_cb(void *ctx, int var)
{
    return sat_value((sat *)ctx, var);
}

/* The question without bound or repetition rule, as the unroller takes it. */
static chopsat_query plain(const chopsat_query *q, int k)
{
    chopsat_query p = *q;
    p.k = k, p.exact = false, p.repeat = CHOPSAT_REPEAT_OFF;
    return p;
}

int kind_run(const chopsat_rules *r, const chopsat_query *q, const chopsat_unbounded_opts *o,
             chopsat_pos **path, int *moves, int *depth, int *calls, chopsat_err *err)
{
    *path = NULL, *moves = 0, *depth = 0, *calls = 0;
    const char *backend = o->bmc.solver ? o->bmc.solver : CHOPSAT_DEFAULT_SAT;
    sat *bs = sat_new(backend, err), *ss = bs ? sat_new(backend, err) : NULL;
    if (!ss) {
        if (bs) sat_release(bs);
        return -1;
    }
    chopsat_query pq = plain(q, 0);
    formula base;
    formula_open(&base, r, &pq, &o->bmc, bs, false);
    step_chain ch;
    chain_open(&ch, r, &pq, o, ss);
    int rc = -1, max = o->max_depth > 0 ? o->max_depth : CHOPSAT_MAX_K;
    for (int n = 1; n <= max; n++) {
        /* base: the goal at frame n-1 */
        unroll_extend(base.u, n - 1);
        sat_assume(bs, cnf_lit(base.f, unroll_goal(base.u, n - 1), POL_POS));
        int b = sat_solve(bs, o->bmc.timeout, err);
        (*calls)++;
        if (b < 0) break;
        if (b == 10) {
            *moves = n - 1, *depth = n - 1;
            *path = xmalloc((size_t)n * sizeof **path);
            for (int t = 0; t < n; t++)
                unroll_decode(base.u, base.f, t, sat_value_cb, bs, &(*path)[t]);
            rc = 1;
            break;
        }
        /* step(n) */
        chain_extend(&ch, n);
        sat_assume(ss, cnf_lit(ch.f, chain_bad(&ch, n), POL_POS));
        int s = sat_solve(ss, o->bmc.timeout, err);
        (*calls)++;
        if (s < 0) break;
        if (s == 20) {
            *depth = n;
            rc = 0;
            break;
        }
        if (n == max) fail(err, "k-induction: no answer up to depth %d (IC3 may find one)", max);
    }
    chain_close(&ch);
    formula_close(&base);
    sat_release(bs);
    sat_release(ss);
    return rc;
}

int kind_check(const chopsat_rules *r, const chopsat_query *q, const chopsat_unbounded_opts *o,
               int n, int *calls, chopsat_err *err)
{
    *calls = 0;
    const char *backend = o->bmc.solver ? o->bmc.solver : CHOPSAT_DEFAULT_SAT;
    /* base: no path within n-1 moves, as one fresh formula */
    chopsat_query pq = plain(q, n - 1);
    sat *s = sat_new(backend, err);
    if (!s) return -1;
    formula base;
    formula_open(&base, r, &pq, &o->bmc, s, true);
    int b = sat_solve(s, o->bmc.timeout, err);
    (*calls)++;
    formula_close(&base);
    sat_release(s);
    if (b < 0) return -1;
    if (b == 10)
        return fail(err,
                    "k-induction check: the base case fails: the goal is reached "
                    "within %d moves",
                    n - 1);
    /* step(n), fresh */
    if (!(s = sat_new(backend, err))) return -1;
    step_chain ch;
    chain_open(&ch, r, &pq, o, s);
    chain_extend(&ch, n);
    cnf_assert(ch.f, chain_bad(&ch, n));
    int t = sat_solve(s, o->bmc.timeout, err);
    (*calls)++;
    chain_close(&ch);
    sat_release(s);
    if (t < 0) return -1;
    if (t == 10) return fail(err, "k-induction check: the induction step at depth %d fails", n);
    /* the step's states are positions: the start is one, and a move from one leads to one */
    for (int k = 0; k < 2; k++) {
        if (!(s = sat_new(backend, err))) return -1;
        circuit *c = circuit_new();
        cnf *f = cnf_new(c, false, s);
        tsys ts;
        sym_opts so = {.binary_moves = o->bmc.binary_moves};
        tsys_init(&ts, r, &pq, &so);
        tsys_state x = tsys_state_new(&ts, c, "x"), y = tsys_state_new(&ts, c, "y");
        if (k == 0) {
            cnf_assert(f, tsys_init_lit(&ts, c, &x));
        } else {
            lit step = tsys_step(&ts, c, &x, &y, "x");
            cnf_clause_expanded(f, &step, 1);
            cnf_assert(f, tsys_valid(&ts, c, &x));
        }
        cnf_assert(f, LIT_NOT(tsys_valid(&ts, c, k ? &y : &x)));
        int v = sat_solve(s, o->bmc.timeout, err);
        (*calls)++;
        cnf_free(f);
        circuit_free(c);
        sat_release(s);
        if (v < 0) return -1;
        if (v == 10)
            return fail(err, "k-induction check: %s",
                        k ? "a move leads from a position to a "
                            "state that is no position"
                          : "the start is no position of the game");
    }
    return 0;
}
