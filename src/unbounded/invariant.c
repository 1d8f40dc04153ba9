/* invariant.c: the check of an inductive invariant, independent of the engine that found it.
 * Each of the three conditions is one fresh solver on a freshly built circuit of the question's
 * transition system (tsys.h):
 *   initiation:  start(x) & not Inv(x)                 is unsatisfiable;
 *   consecution: Inv(x) & T(x, y) & not Inv(y)         is unsatisfiable;
 *   safety:      Inv(x) & bad(x)                       is unsatisfiable.
 * "not Inv" is one selector per clause (the selector forces every literal of its clause false)
 * and the clause "some selector". A satisfiable check is decoded into positions for its message. */
#include <stdlib.h>
#include <string.h>

#include "bounded/tseitin.h"
#include "core/oom.h"
#include "core/util.h"
#include "unbounded/tsys.h"

void chopsat_invariant_free(chopsat_invariant *inv)
{
    if (!inv) return;
    for (int i = 0; inv->names && i < inv->nbits; i++)
        free(inv->names[i]);
    free(inv->names);
    free(inv->lits);
    memset(inv, 0, sizeof *inv);
}

/* One check: a fresh circuit, encoder and solver. */
typedef struct check {
    circuit *c;
    cnf *f;
    sat *s;
    int *vx, *vy; /* CNF variables of the state bits of x and y */
} check;

/* Adds Inv over the variables v (clause j: its literals mapped to v). */
static void add_inv(sat *s, const chopsat_invariant *inv, const int *v)
{
    for (size_t i = 0; i < inv->nlits; i++) {
        int l = inv->lits[i];
        sat_add(s, l > 0 ? v[l - 1] : l < 0 ? -v[-l - 1] : 0);
    }
}

/* Adds "not Inv" over the variables v with selectors from *next_var up. */
static void add_not_inv(sat *s, const chopsat_invariant *inv, const int *v, int *next_var)
{
    int first = *next_var;
    int sel = (*next_var)++;
    for (size_t i = 0; i < inv->nlits; i++) {
        int l = inv->lits[i];
        if (!l) {
            sel = (*next_var)++;
            continue;
        }
        sat_add(s, -sel);
        sat_add(s, l > 0 ? -v[l - 1] : v[-l - 1]);
        sat_add(s, 0);
    }
    for (int k = first; k < first + (int)inv->nclauses; k++)
        sat_add(s, k);
    sat_add(s, 0); /* no clause at all: Inv is true, "not Inv" the empty clause */
}

/* The first clause of inv that bit values val (0/1 per state bit) violate, 1-based; 0 none. */
static size_t violated(const chopsat_invariant *inv, const uint8_t *val)
{
    size_t clause = 1;
    bool sat_now = false;
    for (size_t i = 0; i < inv->nlits; i++) {
        int l = inv->lits[i];
        if (!l) {
            if (!sat_now) return clause;
            clause++;
            sat_now = false;
        } else if ((l > 0) == (val[abs(l) - 1] != 0)) {
            sat_now = true;
        }
    }
    return 0;
}

/* The position held by the state bits v in the model of s. */
static void model_pos(const tsys *ts, sat *s, const int *v, uint8_t *val, chopsat_pos *p)
{
    for (int i = 0; i < ts->nbits; i++)
        val[i] = sat_value(s, v[i]) > 0;
    tsys_pos_of_bits(ts, val, p);
}

static int invariant_check_body(const chopsat_rules *r, const chopsat_query *q,
                                const chopsat_invariant *inv, const char *solver, double timeout,
                                int *calls, chopsat_err *err)
{
    if (calls) *calls = 0;
    sym_opts so = {.binary_moves = false};
    tsys ts;
    tsys_init(&ts, r, q, &so);
    if (inv->nbits != ts.nbits)
        return fail(err, "the invariant has %d state variables; the question's states have %d",
                    inv->nbits, ts.nbits);
    for (int i = 0; i < ts.nbits; i++) {
        char want[64];
        tsys_bit_name(&ts, i, want, sizeof want);
        if (!inv->names || !inv->names[i] || strcmp(inv->names[i], want))
            return fail(err,
                        "variable %d of the invariant is '%s'; the question's state bit %d "
                        "is '%s'",
                        i + 1, inv->names && inv->names[i] ? inv->names[i] : "", i + 1, want);
    }
    for (size_t i = 0; i < inv->nlits; i++)
        if (abs(inv->lits[i]) > inv->nbits)
            return fail(err, "the invariant names variable %d beyond its %d", abs(inv->lits[i]),
                        inv->nbits);
    if (inv->nlits && inv->lits[inv->nlits - 1] != 0)
        return fail(err, "the invariant's last clause is not ended by 0");
    uint8_t *val = xmalloc((size_t)ts.nbits);
    int rc = 0;
    for (int k = 0; k < 3 && rc == 0; k++) { /* initiation, consecution, safety */
        check ch;
        memset(&ch, 0, sizeof ch);
        ch.s = sat_new(solver ? solver : CHOPSAT_DEFAULT_SAT, err);
        if (!ch.s) {
            rc = -1;
            break;
        }
        ch.c = circuit_new();
        ch.f = cnf_new(ch.c, false, ch.s);
        tsys_state x = tsys_state_new(&ts, ch.c, "x"), y = tsys_state_new(&ts, ch.c, "y");
        if (k == 0) cnf_assert(ch.f, tsys_init_lit(&ts, ch.c, &x));
        if (k == 1) {
            lit t = tsys_step(&ts, ch.c, &x, &y, "x");
            cnf_clause_expanded(ch.f, &t, 1);
        }
        if (k == 2) cnf_assert(ch.f, tsys_bad(&ts, ch.c, &x));
        ch.vx = xmalloc((size_t)ts.nbits * sizeof(int));
        ch.vy = xmalloc((size_t)ts.nbits * sizeof(int));
        for (int i = 0; i < ts.nbits; i++) {
            ch.vx[i] = cnf_lit(ch.f, tsys_bit(&ts, &x, i), POL_BOTH);
            ch.vy[i] = cnf_lit(ch.f, tsys_bit(&ts, &y, i), POL_BOTH);
        }
        int next_var = cnf_var_count(ch.f) + 1;
        if (k == 0) add_not_inv(ch.s, inv, ch.vx, &next_var);
        if (k >= 1) add_inv(ch.s, inv, ch.vx);
        if (k == 1) add_not_inv(ch.s, inv, ch.vy, &next_var);
        int sr = sat_solve(ch.s, timeout, err);
        if (calls) (*calls)++;
        if (sr < 0) rc = -1;
        if (sr == 10) {
            chopsat_pos a, b;
            char pa[CHOPSAT_POS_MAX], pb[CHOPSAT_POS_MAX];
            model_pos(&ts, ch.s, ch.vx, val, &a);
            chopsat_pos_format(r, &a, pa, sizeof pa);
            rc = CHOPSAT_MISMATCH;
            if (k == 0)
                fail(err,
                     "initiation fails: the start %s violates clause %zu of the "
                     "invariant",
                     pa, violated(inv, val));
            else if (k == 2)
                fail(err,
                     "safety fails: the state %s satisfies the invariant and is the "
                     "question's goal",
                     pa);
            else {
                model_pos(&ts, ch.s, ch.vy, val, &b);
                chopsat_pos_format(r, &b, pb, sizeof pb);
                fail(err,
                     "consecution fails: a legal move leads from %s, which satisfies "
                     "the invariant, to %s, which violates clause %zu",
                     pa, pb, violated(inv, val));
            }
        }
        free(ch.vx);
        free(ch.vy);
        cnf_free(ch.f);
        circuit_free(ch.c);
        sat_release(ch.s);
    }
    free(val);
    return rc;
}

int chopsat_invariant_check(const chopsat_rules *r, const chopsat_query *q,
                            const chopsat_invariant *inv, const char *solver, double timeout,
                            int *calls, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err,
               invariant_check_body(r, q, inv, solver, timeout, calls, err));
}
