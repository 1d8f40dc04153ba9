/* qbf_eval.c: a small QDIMACS formula evaluated by expansion (chopsat qbf-eval): a search over
 * the quantifier prefix in order, each variable tried both ways, with unit propagation and
 * universal reduction between branches, and the outermost block's answer (see chopsat_tool.h).
 * Made to check a formula a person wrote against a solver, not to be fast. */
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"
#include "formats/qdimacs.h"

typedef struct qe {
    int nvars;
    const int *lits;
    size_t nlits;
    int *level;   /* per variable: its block after merging (free variables: 0, exists) */
    bool *exists; /* per block */
    int *order;   /* the variables in prefix order */
    int norder;
    signed char *val; /* per variable: 1, -1, 0 unset */
    bool *relevant;   /* per variable: in a clause not yet satisfied (last propagation) */
    VEC(int) trail;
    long branches;
} qe;

static int lit_val(const qe *e, int l)
{
    return l > 0 ? e->val[l] : -e->val[-l];
}

static void set(qe *e, int l)
{
    e->val[abs(l)] = l > 0 ? 1 : -1;
    VEC_PUSH(e->trail, abs(l));
}

static void undo(qe *e, size_t mark)
{
    while (e->trail.n > mark)
        e->val[e->trail.items[--e->trail.n]] = 0;
}

/* One clause from lits[b]: 1 satisfied, 0 open, -1 false (with reduce, after universal
 * reduction: universal literals inside every unset existential one are dropped); *unit the
 * existential literal it forces (0: none). Marks its unset variables relevant. Without reduce,
 * only a clause with no unset literal is false, and only a lone unset literal is forced: what
 * the clauses say whatever is chosen later, for listing choices. */
static int clause_state(qe *e, size_t b, int *unit, bool reduce)
{
    int maxe = -1, ne = 0, eunit = 0, minu = 1 << 30;
    *unit = 0;
    for (size_t i = b; e->lits[i]; i++) {
        int l = e->lits[i], v = abs(l);
        if (lit_val(e, l) > 0) return 1;
        if (e->val[v]) continue;
        if (e->exists[e->level[v]]) {
            ne++, eunit = l;
            if (e->level[v] > maxe) maxe = e->level[v];
        } else if (e->level[v] < minu) {
            minu = e->level[v];
        }
    }
    bool univ = minu != 1 << 30;
    if (!ne && (reduce || !univ)) return -1; /* the universal player falsifies what is left */
    for (size_t i = b; e->lits[i]; i++)
        if (!e->val[abs(e->lits[i])]) e->relevant[abs(e->lits[i])] = true;
    if (ne == 1 && (reduce ? minu > maxe : !univ)) *unit = eunit;
    return 0;
}

/* Unit propagation to a fixpoint (reduce: with universal reduction): -1 a clause is false, 1
 * every clause satisfied, 0 open. */
static int propagate(qe *e, bool reduce)
{
    for (bool changed = true; changed;) {
        changed = false;
        bool all = true;
        memset(e->relevant, 0, (size_t)e->nvars + 1);
        for (size_t b = 0; b < e->nlits;) {
            int unit, st = clause_state(e, b, &unit, reduce);
            if (st < 0) return -1;
            if (st == 0) all = false;
            if (unit && !e->val[abs(unit)]) set(e, unit), changed = true;
            while (e->lits[b])
                b++;
            b++;
        }
        if (all && !changed) return 1;
    }
    return 0;
}

/* The first unset relevant variable in prefix order, or 0. */
static int branch_var(const qe *e)
{
    for (int i = 0; i < e->norder; i++)
        if (!e->val[e->order[i]] && e->relevant[e->order[i]]) return e->order[i];
    return 0;
}

/* The value under the current assignment: 1 true, 0 false, -1 the search is too long. */
static int eval(qe *e)
{
    size_t mark = e->trail.n;
    int p = propagate(e, true);
    int v = p ? 0 : branch_var(e);
    int r = p > 0 || (!p && !v) ? 1 : p < 0 ? 0 : 2;
    if (r == 2 && ++e->branches > CHOPSAT_QBF_EVAL_MAX_BRANCHES) r = -1;
    if (r == 2) {
        bool ex = e->exists[e->level[v]];
        for (int x = 1; x >= -1 && r == 2; x -= 2) {
            size_t m = e->trail.n;
            set(e, x * v);
            int s = eval(e);
            undo(e, m);
            if (s < 0)
                r = -1;
            else if (s == (ex ? 1 : 0))
                r = s; /* the quantifier's player wins this way */
            else if (x == -1)
                r = s;
        }
    }
    undo(e, mark);
    return r;
}

/* Sets the variables vars[0..n) one by one to the value that keeps the formula's value at
 * want (for the block's player who can), propagating; out[i] the value (0: left either). 0, or
 * -1 when the search is too long. */
static int choose(qe *e, const int *vars, size_t n, int want, signed char *out)
{
    for (size_t i = 0; i < n; i++) {
        out[i] = 0;
        if (propagate(e, false) < 0) return 0;
        int v = vars[i];
        out[i] = e->val[v]; /* forced by propagation */
        if (e->val[v] || !e->relevant[v]) continue;
        size_t m = e->trail.n;
        set(e, v);
        int s = eval(e);
        if (s < 0) return -1;
        if (s != want) undo(e, m), set(e, -v);
        out[i] = (signed char)e->val[v];
    }
    return 0;
}

typedef struct answer_ctx {
    chopsat_qbf_eval *out;
    int lose; /* the formula's value, which the outer block's player cannot change */
} answer_ctx;

/* The losing outer choices from outer variable i on (branching), each with the next block's
 * defeating reply. 0 or -1 (too long). */
static int replies(qe *e, answer_ctx *c, size_t i)
{
    chopsat_qbf_eval *o = c->out;
    if (o->nreplies >= CHOPSAT_QBF_EVAL_REPLIES) return o->replies_cut = true, 0;
    size_t mark = e->trail.n;
    int p = propagate(e, false);
    while (!p && i < o->nouter && (e->val[o->outer[i]] || !e->relevant[o->outer[i]]))
        i++;
    int rc = 0;
    if (!p && i < o->nouter) {
        for (int x = 1; x >= -1 && !rc; x -= 2) {
            size_t m = e->trail.n;
            set(e, x * o->outer[i]);
            rc = replies(e, c, i + 1);
            undo(e, m);
        }
    } else {
        size_t r = o->nreplies++;
        for (size_t k = 0; k < o->nouter; k++)
            o->reply_outer[r * o->nouter + k] = e->val[o->outer[k]];
        if (p < 0)
            memset(o->reply_next + r * o->nnext, 0, o->nnext);
        else
            rc = choose(e, o->next, o->nnext, c->lose, o->reply_next + r * o->nnext);
    }
    undo(e, mark);
    return rc;
}

/* Merges neighbouring blocks of one kind; free variables join an outermost existential block. */
static void layout(qe *e, const qdimacs_file *q, chopsat_qbf_eval *out)
{
    e->level = xcalloc((size_t)q->nvars + 1, sizeof *e->level);
    e->exists = xcalloc(q->nblocks + 2, sizeof *e->exists);
    e->order = xmalloc(((size_t)q->nvars + 1) * sizeof *e->order);
    bool *quantified = xcalloc((size_t)q->nvars + 1, 1);
    for (size_t i = 0; i < q->start[q->nblocks]; i++)
        quantified[q->vars[i]] = true;
    int lvl = -1;
    for (int v = 1; v <= q->nvars; v++)
        if (!quantified[v]) {
            lvl = 0, e->exists[0] = true;
            e->order[e->norder++] = v, e->level[v] = 0;
        }
    for (size_t b = 0; b < q->nblocks; b++) {
        if (lvl < 0 || e->exists[lvl] != q->exists[b]) e->exists[++lvl] = q->exists[b];
        for (size_t i = q->start[b]; i < q->start[b + 1]; i++)
            e->order[e->norder++] = q->vars[i], e->level[q->vars[i]] = lvl;
    }
    if (lvl < 0) lvl = 0, e->exists[0] = true; /* no variables at all */
    out->nblocks = (size_t)lvl + 1;
    VEC(int) outer = {0}, next = {0};
    for (int i = 0; i < e->norder; i++) {
        int l = e->level[e->order[i]];
        if (l == 0)
            VEC_PUSH(outer, e->order[i]);
        else if (l == 1)
            VEC_PUSH(next, e->order[i]);
    }
    bool *occurs = xcalloc((size_t)q->nvars + 1, 1);
    for (size_t i = 0; i < e->nlits; i++)
        occurs[e->lits[i] < 0 ? -e->lits[i] : e->lits[i]] = true;
    VEC(int) unbound = {0};
    for (int v = 1; v <= q->nvars; v++)
        if (!quantified[v] && occurs[v]) VEC_PUSH(unbound, v);
    free(occurs);
    out->free_vars = unbound.items, out->nfree = unbound.n;
    out->outer_exists = e->exists[0];
    out->outer = outer.items, out->nouter = outer.n;
    out->next = next.items, out->nnext = next.n;
    free(quantified);
}

static int qbf_eval_body(FILE *f, const char *name, chopsat_qbf_eval *out, chopsat_err *err)
{
    memset(out, 0, sizeof *out);
    qdimacs_file q;
    if (qdimacs_read(f, name, &q, err)) return CHOPSAT_ERROR;
    if (q.nvars > CHOPSAT_QBF_EVAL_MAX_VARS) {
        fail(err,
             "%s: %d variables; qbf-eval evaluates formulas of at most %d (give larger "
             "ones to a QBF solver such as DepQBF)",
             name, q.nvars, CHOPSAT_QBF_EVAL_MAX_VARS);
        qdimacs_file_free(&q);
        return CHOPSAT_ERROR;
    }
    qe e;
    memset(&e, 0, sizeof e);
    VEC(int) kept = {0}; /* the clauses without the tautologies (x | -x | ...: always true) */
    for (size_t b = 0; b < q.nlits;) {
        size_t end = b;
        bool taut = false;
        for (; q.lits[end]; end++)
            for (size_t j = b; j < end; j++)
                taut |= q.lits[j] == -q.lits[end];
        if (!taut)
            for (size_t j = b; j <= end; j++)
                VEC_PUSH(kept, q.lits[j]);
        b = end + 1;
    }
    e.nvars = q.nvars, e.lits = kept.items, e.nlits = kept.n;
    e.val = xcalloc((size_t)q.nvars + 1, 1);
    e.relevant = xcalloc((size_t)q.nvars + 1, 1);
    layout(&e, &q, out);
    out->nvars = q.nvars, out->nclauses = q.nclauses;
    int v = eval(&e);
    int rc = CHOPSAT_ERROR;
    if (v >= 0) {
        out->value = v == 1;
        out->outer_wins = out->value == out->outer_exists;
        if (out->outer_wins) {
            out->choice = xcalloc(out->nouter + 1, 1);
            v = choose(&e, out->outer, out->nouter, v, out->choice);
        } else {
            out->reply_outer = xcalloc(CHOPSAT_QBF_EVAL_REPLIES * out->nouter + 1, 1);
            out->reply_next = xcalloc(CHOPSAT_QBF_EVAL_REPLIES * out->nnext + 1, 1);
            answer_ctx c = {out, v};
            v = replies(&e, &c, 0);
        }
    }
    out->branches = e.branches;
    if (v < 0)
        fail(err,
             "%s: more than %ld branches: too large a formula for evaluation by expansion "
             "(give it to a QBF solver such as DepQBF)",
             name, CHOPSAT_QBF_EVAL_MAX_BRANCHES);
    else
        rc = out->value ? CHOPSAT_YES : CHOPSAT_NO;
    free(e.level), free(e.exists), free(e.order), free(e.val), free(e.relevant);
    VEC_FREE(e.trail);
    VEC_FREE(kept);
    qdimacs_file_free(&q);
    if (rc < 0) chopsat_qbf_eval_free(out);
    return rc;
}

int chopsat_qbf_eval_file(FILE *f, const char *name, chopsat_qbf_eval *out, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, qbf_eval_body(f, name, out, err));
}

void chopsat_qbf_eval_free(chopsat_qbf_eval *e)
{
    if (!e) return;
    free(e->outer), free(e->choice), free(e->next), free(e->reply_outer), free(e->reply_next);
    free(e->free_vars);
    memset(e, 0, sizeof *e);
}
