/* qbf_force.c: the deepening driver of forced questions over the QBF encoder (qbf.c): the
 * formula for K first; when it is true, a binary search for the least true k ("within k" is
 * monotone in k), each k a fresh formula. */
#include <stdlib.h>
#include <string.h>

#include "bounded/qbf.h"
#include "core/util.h"

/* One fresh formula for bound k: 10, 20 or -1; the first move into res when the outermost
 * block's values give one (P's winning move after 10, the opponent's refuting move after 20). */
static int force_at(const chopsat_rules *r, const chopsat_query *q, int k, const qbf_opts *o,
                    const char *solver, double timeout, qbf_result *res, chopsat_err *err)
{
    chopsat_query qk = *q;
    qk.k = k;
    double t0 = now_seconds();
    qbf *f = qbf_encode(r, &qk, o, err);
    if (!f) return -1;
    res->encode_seconds += now_seconds() - t0;
    res->vars = qbf_var_count(f);
    res->clauses = qbf_clause_count(f);
    res->blocks = qbf_block_count(f);
    signed char *val = xmalloc((size_t)res->vars + 1);
    t0 = now_seconds();
    int rc = qbf_solve(f, solver, timeout, val, err);
    res->solve_seconds += now_seconds() - t0;
    res->solver_calls++;
    if (rc > 0 && (rc == 10) == qbf_outer_exists(f)) {
        chopsat_pos first;
        bool have = qbf_first_move(f, val, &first) == 0;
        if (rc == 10 || k == q->k) res->have_first = have, res->first = first;
    }
    free(val);
    qbf_free(f);
    return rc;
}

int qbf_force_at(const chopsat_rules *r, const chopsat_query *q, const qbf_opts *o,
                 const char *solver, double timeout, qbf_result *res, chopsat_err *err)
{
    return force_at(r, q, q->k, o, solver, timeout, res, err);
}

int qbf_force(const chopsat_rules *r, const chopsat_query *q, const qbf_opts *o, const char *solver,
              double timeout, int hint, qbf_result *res, chopsat_err *err)
{
    memset(res, 0, sizeof *res);
    if (check_bound(q->k, err)) return -1;
    /* "within k" is monotone in k (the goal may come early), so: K first; if true, a binary
     * search for the least true k, keeping the first move of the least true call; a hint m
     * (another engine's least k) is probed first, with m-1: two calls when it is right */
    int rc = force_at(r, q, q->k, o, solver, timeout, res, err);
    if (rc < 0) return -1;
    res->answer = rc == 10;
    if (!res->answer) return 0;
    int lo = -1, hi = q->k; /* false at lo (or lo = -1), true at hi */
    int last_vars = res->vars;
    size_t last_clauses = res->clauses, last_blocks = res->blocks;
    qbf_result probe = *res;
    int probes[2], np = 0;
    if (hint >= 0 && hint < q->k) probes[np++] = hint;
    if (hint > 0 && hint <= q->k) probes[np++] = hint - 1;
    for (int i = 0; hi - lo > 1; i++) {
        int mid = lo + (hi - lo) / 2;
        if (i < np && probes[i] > lo && probes[i] < hi) mid = probes[i];
        rc = force_at(r, q, mid, o, solver, timeout, &probe, err);
        if (rc < 0) return -1;
        if (rc == 10) {
            hi = mid;
            last_vars = probe.vars, last_clauses = probe.clauses, last_blocks = probe.blocks;
        } else {
            lo = mid;
        }
    }
    probe.vars = last_vars, probe.clauses = last_clauses, probe.blocks = last_blocks;
    *res = probe;
    res->answer = 1;
    res->moves = hi;
    return 0;
}
