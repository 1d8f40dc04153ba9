/* ic3.c: IC3/PDR over the transition system of tsys.h (see ic3.h).
 *
 * The step is encoded once (full Tseitin, no solver attached): current state bits x, next
 * state bits y with y = successor(x, move inputs u), "the move is legal" and "x is bad" as
 * variables. Each frame i has its own incremental solver holding those clauses (queries about
 * a move assume "legal"; a terminal state has no successor but may be bad) and the lemmas of frames
 * i, i+1, ... (the delta encoding: a lemma is stored once, at the highest frame it is known to hold
 * in); frame 0's solver holds the start instead. One more solver, without the unit "legal", lifts
 * models to cubes: the state bits a predecessor needs so that, with the same move, every state of
 * the cube moves into the successor cube.
 *
 * Cubes are sorted arrays of bit literals: +(i+1) for "bit i is 1", -(i+1) for "bit i is 0".
 * A proof obligation (cube c, frame i) asks to show that no state of c is reachable within i
 * moves; obligations are handled depth first and never moved to a later frame, so a
 * counterexample found while blocking a bad cube at frame K has exactly K moves, and since the
 * frames over-approximate the states reachable within their index, none is shorter. */
#include "unbounded/ic3.h"

#include <stdlib.h>
#include <string.h>

#include "bounded/tseitin.h"
#include "core/util.h"
#include "unbounded/tsys.h"

typedef struct cube {
    int n;
    int *l;
} cube;
typedef VEC(cube) cube_vec;

typedef struct obligation {
    cube c;
    int level;
} obligation;

struct ic3 {
    tsys ts;
    circuit *c;
    cnf *f;
    int nbits;
    int *x, *y; /* CNF variables of the current and next state bits */
    int *u;     /* the move inputs */
    size_t nu;
    int legal, bad;  /* CNF variables */
    const int *defs; /* the step's clauses, 0-terminated */
    size_t ndefs;
    uint8_t *init; /* the start's bits */
    VEC(sat *) solvers;
    VEC(cube_vec) frames;
    sat *lift;
    int next_var; /* fresh activation variables */
    const char *backend;
    double timeout;
    int calls, lemmas;
    int K;       /* the frame being blocked; -1 before the start is checked */
    uint8_t *xv; /* a model's state */
    chopsat_err *err;
};

static cube cube_copy(const cube *c)
{
    cube r = {c->n, xmalloc(((size_t)c->n + 1) * sizeof(int))};
    if (c->n) memcpy(r.l, c->l, (size_t)c->n * sizeof(int));
    return r;
}

static int xlit(const ic3 *m, int bl)
{
    return bl > 0 ? m->x[bl - 1] : -m->x[-bl - 1];
}
static int ylit(const ic3 *m, int bl)
{
    return bl > 0 ? m->y[bl - 1] : -m->y[-bl - 1];
}

/* Whether the start lies in cube c (it agrees with every literal). */
static bool meets_init(const ic3 *m, const cube *c)
{
    for (int k = 0; k < c->n; k++) {
        int b = abs(c->l[k]) - 1;
        if ((c->l[k] > 0) != (m->init[b] != 0)) return false;
    }
    return true;
}

static int solve(ic3 *m, sat *s)
{
    m->calls++;
    return sat_solve(s, m->timeout, m->err);
}

/* Adds the clause "not c" over x to s, guarded by act when act != 0. */
static void add_negation(const ic3 *m, sat *s, const cube *c, int act)
{
    if (act) sat_add(s, -act);
    for (int k = 0; k < c->n; k++)
        sat_add(s, -xlit(m, c->l[k]));
    sat_add(s, 0);
}

static sat *frame_solver(ic3 *m, bool start)
{
    sat *s = sat_new(m->backend, m->err);
    if (!s) return NULL;
    for (size_t i = 0; i < m->ndefs; i++)
        sat_add(s, m->defs[i]);
    for (int i = 0; start && i < m->nbits; i++) {
        sat_add(s, m->init[i] ? m->x[i] : -m->x[i]);
        sat_add(s, 0);
    }
    return s;
}

static int add_frame(ic3 *m)
{
    sat *s = frame_solver(m, m->solvers.n == 0);
    if (!s) return -1;
    VEC_PUSH(m->solvers, s);
    cube_vec empty = {0};
    VEC_PUSH(m->frames, empty);
    return 0;
}

/* Lifts a model of the current state xv (and move inputs uv) to the cube of the bits it needs:
 * with the same move every state of the cube is legal and moves into succ (succ NULL: every
 * state of the cube is bad). 0 or -1. */
static int lift(ic3 *m, const uint8_t *xv, const int *uv, const cube *succ, cube *out)
{
    sat *s = m->lift;
    int act = m->next_var++;
    sat_add(s, -act);
    if (succ) {
        sat_add(s, -m->legal);
        for (int k = 0; k < succ->n; k++)
            sat_add(s, -ylit(m, succ->l[k]));
    } else {
        sat_add(s, -m->bad);
    }
    sat_add(s, 0);
    sat_assume(s, act);
    for (int i = 0; i < m->nbits; i++)
        sat_assume(s, xv[i] ? m->x[i] : -m->x[i]);
    for (size_t k = 0; succ && k < m->nu; k++)
        sat_assume(s, uv[k]);
    int r = solve(m, s);
    if (r < 0) return -1;
    out->n = 0;
    out->l = xmalloc(((size_t)m->nbits + 1) * sizeof(int));
    for (int i = 0; i < m->nbits; i++) {
        int bl = xv[i] ? i + 1 : -(i + 1);
        if (r == 10 || sat_failed(s, xlit(m, bl))) out->l[out->n++] = bl;
    }
    sat_add(s, -act);
    sat_add(s, 0);
    return 0;
}

/* Reads the current state and the move from the last model of s. */
static void read_model(ic3 *m, sat *s, uint8_t *xv, int *uv)
{
    for (int i = 0; i < m->nbits; i++)
        xv[i] = sat_value(s, m->x[i]) > 0;
    for (size_t k = 0; uv && k < m->nu; k++)
        uv[k] = sat_value(s, m->u[k]) > 0 ? m->u[k] : -m->u[k];
}

/* Relative induction of "not c" at frame i >= 1: is F(i-1) & not c & T & c' unsatisfiable?
 * 20 with *core (the literals of c whose primed assumption the refutation used; may be NULL),
 * 10 with the lifted predecessor *pred (may be NULL), -1. */
static int relind(ic3 *m, const cube *c, int i, cube *core, cube *pred)
{
    sat *s = m->solvers.items[i - 1];
    int act = m->next_var++;
    add_negation(m, s, c, act);
    sat_assume(s, act);
    sat_assume(s, m->legal);
    for (int k = 0; k < c->n; k++)
        sat_assume(s, ylit(m, c->l[k]));
    int r = solve(m, s);
    if (r == 20 && core) {
        core->n = 0;
        core->l = xmalloc(((size_t)c->n + 1) * sizeof(int));
        for (int k = 0; k < c->n; k++)
            if (sat_failed(s, ylit(m, c->l[k]))) core->l[core->n++] = c->l[k];
    }
    uint8_t *xv = NULL;
    int *uv = NULL;
    if (r == 10 && pred) {
        xv = xmalloc((size_t)m->nbits);
        uv = xmalloc((m->nu + 1) * sizeof *uv);
        read_model(m, s, xv, uv);
    }
    sat_add(s, -act);
    sat_add(s, 0);
    if (xv && lift(m, xv, uv, c, pred)) r = -1;
    free(xv);
    free(uv);
    return r;
}

/* Keeps g (a part of c) disjoint from the start: adds back a literal of c that the start
 * violates (c has one: it is disjoint from the start). */
static void keep_off_init(const ic3 *m, const cube *c, cube *g)
{
    if (!meets_init(m, g)) return;
    for (int k = 0; k < c->n; k++) {
        int bl = c->l[k], b = abs(bl) - 1;
        if ((bl > 0) == (m->init[b] != 0)) continue;
        int p = g->n;
        while (p > 0 && abs(g->l[p - 1]) > abs(bl)) {
            g->l[p] = g->l[p - 1];
            p--;
        }
        g->l[p] = bl;
        g->n++;
        return;
    }
}

/* Shrinks the core g of c (blocked at frame i) further: drops each literal in turn while "not
 * g" stays inductive relative to frame i-1 and g stays off the start. 0 or -1. */
static int generalize(ic3 *m, const cube *c, int i, cube *g)
{
    keep_off_init(m, c, g);
    cube cand = {0, xmalloc(((size_t)c->n + 1) * sizeof(int))};
    for (int k = 0; k < g->n && g->n > 1;) {
        cand.n = 0;
        for (int j = 0; j < g->n; j++)
            if (j != k) cand.l[cand.n++] = g->l[j];
        if (meets_init(m, &cand)) {
            k++;
            continue;
        }
        cube core = {0};
        int r = relind(m, &cand, i, &core, NULL);
        if (r < 0) {
            free(cand.l);
            return -1;
        }
        if (r == 20) {
            keep_off_init(m, &cand, &core);
            free(g->l);
            *g = core; /* the literal at k is gone; the next one moved there */
        } else {
            k++;
        }
    }
    free(cand.l);
    return 0;
}

static void add_lemma(ic3 *m, const cube *g, int level)
{
    VEC_PUSH(m->frames.items[level], cube_copy(g));
    for (int j = 1; j <= level; j++)
        add_negation(m, m->solvers.items[j], g, 0);
    m->lemmas++;
}

/* Blocks the bad cube b at frame K: 0 done, 1 a counterexample, -1 error. */
static int block(ic3 *m, const cube *b, int K)
{
    VEC(obligation) st = {0};
    obligation first = {cube_copy(b), K};
    VEC_PUSH(st, first);
    int rc = 0;
    while (st.n && rc == 0) {
        obligation *ob = &st.items[st.n - 1];
        cube core = {0}, pred = {0};
        int r = relind(m, &ob->c, ob->level, &core, &pred);
        if (r < 0) {
            rc = -1;
        } else if (r == 10) {
            if (meets_init(m, &pred) || ob->level == 1) {
                free(pred.l);
                rc = 1;
            } else {
                obligation o = {pred, ob->level - 1};
                VEC_PUSH(st, o);
            }
        } else {
            int level = ob->level;
            if (generalize(m, &ob->c, level, &core)) rc = -1;
            while (rc == 0 && level < K) {
                int p = relind(m, &core, level + 1, NULL, NULL);
                if (p < 0) rc = -1;
                if (p != 20) break;
                level++;
            }
            if (rc == 0) add_lemma(m, &core, level);
            free(core.l);
            free(st.items[st.n - 1].c.l);
            st.n--;
        }
    }
    for (size_t i = 0; i < st.n; i++)
        free(st.items[i].c.l);
    VEC_FREE(st);
    return rc;
}

/* Pushes lemmas forward from frames 1..K-1; returns the frame i whose lemmas all moved (frames
 * i and i+1 are then equal: an invariant), 0 when none, -1 on error. */
static int propagate(ic3 *m, int K)
{
    for (int i = 1; i < K; i++) {
        cube_vec *fr = &m->frames.items[i];
        size_t keep = 0;
        for (size_t k = 0; k < fr->n; k++) {
            cube *g = &fr->items[k];
            sat *s = m->solvers.items[i];
            sat_assume(s, m->legal);
            for (int j = 0; j < g->n; j++)
                sat_assume(s, ylit(m, g->l[j]));
            int r = solve(m, s);
            if (r < 0) return -1;
            if (r == 20) {
                VEC_PUSH(m->frames.items[i + 1], *g);
                add_negation(m, m->solvers.items[i + 1], g, 0);
            } else {
                fr->items[keep++] = *g;
            }
        }
        fr->n = keep;
        if (!keep) return i;
    }
    return 0;
}

static void build(ic3 *m, const chopsat_rules *r, const chopsat_query *q,
                  const chopsat_unbounded_opts *o)
{
    sym_opts so = {.binary_moves = o->bmc.binary_moves};
    tsys_init(&m->ts, r, q, &so);
    m->c = circuit_new();
    m->f = cnf_new(m->c, false, NULL);
    tsys_state a = tsys_state_new(&m->ts, m->c, "s"), b = tsys_state_new(&m->ts, m->c, "n"), nx;
    lit_vec in = {0};
    lit legal = tsys_successor(&m->ts, m->c, &a, "s", &in, &nx);
    lit bad = tsys_bad(&m->ts, m->c, &a);
    m->nbits = m->ts.nbits;
    m->x = xmalloc((size_t)m->nbits * sizeof(int));
    m->y = xmalloc((size_t)m->nbits * sizeof(int));
    m->init = xmalloc((size_t)m->nbits);
    for (int i = 0; i < m->nbits; i++) {
        m->x[i] = cnf_lit(m->f, tsys_bit(&m->ts, &a, i), POL_BOTH);
        m->y[i] = cnf_lit(m->f, tsys_bit(&m->ts, &b, i), POL_BOTH);
        m->init[i] = (uint8_t)tsys_pos_bit(&m->ts, &q->from, i);
    }
    m->nu = in.n;
    m->u = xmalloc((in.n + 1) * sizeof(int));
    for (size_t k = 0; k < in.n; k++)
        m->u[k] = cnf_lit(m->f, in.items[k], POL_BOTH);
    free(in.items);
    m->legal = cnf_lit(m->f, legal, POL_BOTH);
    m->bad = cnf_lit(m->f, bad, POL_BOTH);
    for (int i = 0; i < m->nbits; i++)
        cnf_assert(m->f, gate_eq(m->c, tsys_bit(&m->ts, &b, i), tsys_bit(&m->ts, &nx, i)));
    m->defs = cnf_clause_lits(m->f, &m->ndefs);
    m->next_var = cnf_var_count(m->f) + 1;
}

static void teardown(ic3 *m)
{
    for (size_t i = 0; i < m->solvers.n; i++)
        sat_release(m->solvers.items[i]);
    VEC_FREE(m->solvers);
    for (size_t i = 0; i < m->frames.n; i++) {
        for (size_t k = 0; k < m->frames.items[i].n; k++)
            free(m->frames.items[i].items[k].l);
        VEC_FREE(m->frames.items[i]);
    }
    VEC_FREE(m->frames);
    if (m->lift) sat_release(m->lift);
    free(m->x);
    free(m->y);
    free(m->u);
    free(m->init);
    cnf_free(m->f);
    circuit_free(m->c);
}

/* The invariant: the lemmas of frames from..K, each as the clause "not cube". */
static void invariant_of(ic3 *m, int from, chopsat_invariant *inv)
{
    memset(inv, 0, sizeof *inv);
    inv->nbits = m->nbits;
    inv->names = xcalloc((size_t)m->nbits, sizeof *inv->names);
    for (int i = 0; i < m->nbits; i++) {
        char buf[64];
        tsys_bit_name(&m->ts, i, buf, sizeof buf);
        inv->names[i] = xstrdup(buf);
    }
    VEC(int) lits = {0};
    VEC(const cube *) seen = {0};
    for (size_t j = (size_t)from; j < m->frames.n; j++)
        for (size_t k = 0; k < m->frames.items[j].n; k++) {
            const cube *g = &m->frames.items[j].items[k];
            bool again = false; /* the same lemma learned twice (from two obligations) */
            for (size_t e = 0; e < seen.n && !again; e++)
                again = seen.items[e]->n == g->n &&
                        !memcmp(seen.items[e]->l, g->l, (size_t)g->n * sizeof *g->l);
            if (again) continue;
            VEC_PUSH(seen, g);
            for (int t = 0; t < g->n; t++)
                VEC_PUSH(lits, -g->l[t]);
            VEC_PUSH(lits, 0);
            inv->nclauses++;
        }
    VEC_FREE(seen);
    inv->lits = lits.items;
    inv->nlits = lits.n;
}

ic3 *ic3_new(const chopsat_rules *r, const chopsat_query *q, const chopsat_unbounded_opts *o,
             chopsat_err *err)
{
    ic3 *m = xcalloc(1, sizeof *m);
    m->backend = o->bmc.solver ? o->bmc.solver : CHOPSAT_DEFAULT_SAT;
    m->timeout = o->bmc.timeout;
    m->err = err;
    m->K = -1;
    build(m, r, q, o);
    if (add_frame(m) || !(m->lift = sat_new(m->backend, err))) {
        ic3_free(m);
        return NULL;
    }
    for (size_t i = 0; i < m->ndefs; i++)
        sat_add(m->lift, m->defs[i]);
    m->xv = xmalloc((size_t)m->nbits);
    return m;
}

void ic3_free(ic3 *m)
{
    if (!m) return;
    free(m->xv);
    teardown(m);
    free(m);
}

void ic3_get_stats(const ic3 *m, ic3_stats *stats)
{
    stats->depth = m->K < 0 ? 0 : m->K;
    stats->solver_calls = m->calls;
    stats->lemmas = m->lemmas;
}

int ic3_step(ic3 *m, chopsat_invariant *inv)
{
    if (m->K < 0) { /* the start itself */
        m->K = 0;
        sat_assume(m->solvers.items[0], m->bad);
        int s0 = solve(m, m->solvers.items[0]);
        if (s0 < 0) return -1;
        if (s0 == 10) return 1;
        m->K = 1;
        return add_frame(m) ? -1 : 2;
    }
    int K = m->K;
    /* block every bad state at frame K */
    int b = 0;
    while (b == 0) {
        sat *s = m->solvers.items[K];
        sat_assume(s, m->bad);
        int sr = solve(m, s);
        if (sr < 0) b = -1;
        if (sr != 10) break;
        read_model(m, s, m->xv, NULL);
        cube bc = {0};
        if (lift(m, m->xv, NULL, NULL, &bc))
            b = -1;
        else
            b = block(m, &bc, K);
        free(bc.l);
    }
    if (b < 0) return -1;
    if (b == 1) return 1;
    m->K = ++K;
    if (add_frame(m)) return -1;
    int fixed = propagate(m, K);
    if (fixed < 0) return -1;
    if (fixed > 0) {
        invariant_of(m, fixed + 1, inv);
        return 0;
    }
    return 2;
}
