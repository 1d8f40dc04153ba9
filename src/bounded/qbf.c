/* qbf.c: the QBF encoder for forced questions (the unroller's forced frames under a prefix),
 * its QDIMACS header and the hand-over to the QBF back ends (solvers/qbf_solver.h); the
 * deepening driver is qbf_force.c. The matrix is the bounded question's own (unroll_forced:
 * "released(t) or step t is taken", released(K) asserted), except that an illegal choice of
 * the universal player releases the next frame instead of being required away. See qbf.h for
 * the prefix and docs/forced.md for the matrix. */
#include "bounded/qbf.h"

#include <stdlib.h>
#include <string.h>

#include "bounded/tseitin.h"
#include "bounded/unroll.h"
#include "core/util.h"
#include "formats/dimacs.h"
#include "games/game_sym.h"
#include "games/query.h"
#include "solvers/qbf_solver.h"

struct qbf {
    const chopsat_rules *r;
    chopsat_query q;
    qbf_opts o;
    circuit *c;
    cnf *f;
    unroll *u; /* frames 0..k, opened without constraints */
    /* the merged prefix */
    VEC(bool) exists;
    VEC(int) vars;
    VEC(size_t) start;
};

/* Appends one block to the merged prefix (empty blocks vanish, same-kind neighbours merge). */
static void prefix_block(qbf *f, bool exists, const int *vars, size_t n)
{
    if (n == 0) return;
    if (!f->exists.n || f->exists.items[f->exists.n - 1] != exists) {
        VEC_PUSH(f->exists, exists);
        if (!f->start.n) VEC_PUSH(f->start, (size_t)0);
        size_t end = f->start.items[f->start.n - 1];
        VEC_PUSH(f->start, end);
    }
    for (size_t i = 0; i < n; i++)
        VEC_PUSH(f->vars, vars[i]);
    f->start.items[f->start.n - 1] += n;
}

/* level[n]: the number of moves node n depends on (state bits of frame t: t; move inputs of
 * step t: t+1; gates: the most of their inputs; other inputs: k, innermost); in_move[n] marks
 * the move inputs. */
static void node_levels(const qbf *f, int *level, bool *in_move)
{
    int k = f->q.k;
    size_t nn = circuit_size(f->c);
    for (uint32_t n = 0; n < nn; n++)
        if (circuit_node(f->c, n)->kind == NODE_INPUT) level[n] = k; /* unknown: innermost */
    int nwords = unroll_word_count(f->u);
    for (int t = 0; t <= k; t++) {
        const word *s = unroll_state(f->u, t);
        for (int i = 0; i < nwords; i++)
            for (int b = 0; b < s[i].w; b++)
                level[LIT_NODE(s[i].b[b])] = t;
    }
    for (int t = 0; t < k; t++) {
        const lit_vec *in = unroll_move_inputs(f->u, t);
        for (size_t i = 0; i < in->n; i++) {
            level[LIT_NODE(in->items[i])] = t + 1;
            in_move[LIT_NODE(in->items[i])] = 1;
        }
    }
    for (uint32_t n = 0; n < nn; n++) {
        const node *x = circuit_node(f->c, n);
        if (x->kind == NODE_CONST || x->kind == NODE_INPUT) continue;
        int l = level[LIT_NODE(x->a)];
        if (level[LIT_NODE(x->b)] > l) l = level[LIT_NODE(x->b)];
        if (x->kind == NODE_ITE && level[LIT_NODE(x->c)] > l) l = level[LIT_NODE(x->c)];
        level[n] = l;
    }
}

/* The prefix: one block per move; the other variables existential, either all innermost or
 * each in the first existential block after the moves it depends on (its level). */
static void build_prefix(qbf *f)
{
    int k = f->q.k;
    size_t nn = circuit_size(f->c);
    int *level = xcalloc(nn, sizeof *level);
    bool *in_move = xcalloc(nn, 1);
    node_levels(f, level, in_move);
    /* blocks[2t+1]: the move inputs of step t; blocks[2t]: existential variables of level t */
    VEC(int) *blk = xcalloc(2 * (size_t)k + 1, sizeof *blk);
    for (uint32_t n = 0; n < nn; n++) {
        int v = cnf_node_var(f->f, n);
        if (!v) continue;
        if (in_move[n])
            VEC_PUSH(blk[2 * (level[n] - 1) + 1], v);
        else {
            /* nothing existential before an opening universal block: the outermost block is
             * then the opponent's first move, whose values DepQBF reports after "false" */
            int l = f->o.innermost ? k : level[n];
            if (l == 0 && k > 0 && unroll_mover(f->u, 0) != f->q.player) l = 1;
            VEC_PUSH(blk[2 * l], v);
        }
    }
    for (int i = 0; i <= 2 * k; i++) {
        bool ex = i % 2 == 0 || unroll_mover(f->u, i / 2) == f->q.player;
        prefix_block(f, ex, blk[i].items, blk[i].n);
        VEC_FREE(blk[i]);
    }
    free(blk);
    free(in_move);
    free(level);
}

qbf *qbf_encode(const chopsat_rules *r, const chopsat_query *q, const qbf_opts *o, chopsat_err *err)
{
    if (check_bound(q->k, err)) return NULL;
    if (q->player != 1 && q->player != 2)
        return fail(err, "player: must be 1 or 2 (got %d)", q->player), NULL;
    if (q->repeat != CHOPSAT_REPEAT_OFF || q->exact)
        return fail(err, "forced questions take no repetition constraint and no exact bound"), NULL;
    qbf *f = xcalloc(1, sizeof *f);
    f->r = r;
    f->q = *q;
    f->o = *o;
    f->c = circuit_new();
    f->f = cnf_new(f->c, o->plaisted_greenbaum, NULL);
    sym_opts so = {.binary_moves = o->binary_moves};
    f->u = unroll_forced(r, q, &so, f->c, f->f);
    unroll_extend(f->u, q->k);
    cnf_note(f->f, "P can force the goal within %d move%s", q->k, q->k == 1 ? "" : "s");
    cnf_assert(f->f, unroll_released(f->u, q->k));
    build_prefix(f);
    return f;
}

void qbf_free(qbf *f)
{
    if (!f) return;
    unroll_free(f->u);
    cnf_free(f->f);
    circuit_free(f->c);
    VEC_FREE(f->exists);
    VEC_FREE(f->vars);
    VEC_FREE(f->start);
    free(f);
}

int qbf_var_count(const qbf *f)
{
    return cnf_var_count(f->f);
}
size_t qbf_clause_count(const qbf *f)
{
    return cnf_clause_count(f->f);
}
size_t qbf_block_count(const qbf *f)
{
    return f->exists.n;
}
bool qbf_outer_exists(const qbf *f)
{
    return f->exists.n && f->exists.items[0];
}

/* The header comment lines of a written formula: version, rules, question, encoding, prefix
 * layout, what the answer means, and the variable map. */
static void header(const qbf *f, str_vec *out)
{
    str_vec lines = {0};
    char buf[512];
    const chopsat_query *q = &f->q;
    str_vec_addf(&lines, "chopsat %s", CHOPSAT_VERSION);
    query_header_write(&lines, f->r, "chopsat-force", q);
    chopsat_query_describe(f->r, q, true, buf, sizeof buf);
    str_vec_addf(&lines, "question: %s", buf);
    str_vec_addf(&lines, "true = yes; false = no");
    str_vec_addf(&lines,
                 "encoding: move-encoding=%s (the universal player's moves: binary) "
                 "polarity=%s frames=0..%d",
                 f->o.binary_moves ? "binary" : "onehot",
                 f->o.plaisted_greenbaum ? "plaisted-greenbaum" : "tseitin", q->k);
    str_vec_addf(&lines,
                 "prefix: block t = the move inputs f<t>.* of frame t's move, existential "
                 "when player %d moves, universal otherwise; the state words f<t>.<word>[bit] and "
                 "the gate variables existential, %s (adjacent blocks of one kind merged: %zu "
                 "block%s)",
                 q->player,
                 f->o.innermost
                     ? "all in the innermost block"
                     : "each in the first block after the moves it depends on (--prefix levelled)",
                 f->exists.n, f->exists.n == 1 ? "" : "s");
    str_vec_addf(&lines,
                 "frame t: player %u to move when t is even, player %u when odd; word bits "
                 "[i] weigh 2^i",
                 q->from.mover, 3 - q->from.mover);
    str_vec_addf(&lines,
                 "matrix: released(t) = goal(0) | ... | goal(t) | (the universal player "
                 "chose no legal move in a frame before t); until released(t): frame t is not "
                 "terminal and P's move is legal; P's move, and the universal player's legal one, "
                 "gives frame t+1; released(%d) asserted (docs/forced.md)",
                 q->k);
    cnf_var_map(f->f, &lines);
    *out = lines;
}

/* The formula as a plain problem for the QBF back ends (comments only when lines is given). */
static qbf_problem problem(const qbf *f, const str_vec *lines)
{
    qbf_problem p = {.nvars = cnf_var_count(f->f),
                     .nblocks = f->exists.n,
                     .exists = f->exists.items,
                     .vars = f->vars.items,
                     .start = f->start.items};
    p.lits = cnf_clause_lits(f->f, &p.nlits);
    if (lines) p.comments = (const char *const *)lines->items, p.ncomments = lines->n;
    return p;
}

int qbf_write_qdimacs(const qbf *f, FILE *out, chopsat_err *err)
{
    str_vec lines = {0};
    header(f, &lines);
    qbf_problem p = problem(f, &lines);
    int rc = qdimacs_write(out, p.comments, p.ncomments, p.nvars, p.nblocks, p.exists, p.vars,
                           p.start, p.lits, p.nlits, err);
    str_vec_free(&lines);
    return rc;
}

int qbf_solve(const qbf *f, const char *solver, double timeout, signed char *val, chopsat_err *err)
{
    memset(val, 0, (size_t)qbf_var_count(f) + 1);
    const char *arg;
    const qbf_backend *be = qbf_backend_find(solver, &arg, err);
    if (!be) return -1;
    str_vec lines = {0};
    if (be->writes_file) header(f, &lines);
    qbf_problem p = problem(f, be->writes_file ? &lines : NULL);
    int rc = qbf_solver_solve(solver, &p, timeout, val, err);
    str_vec_free(&lines);
    return rc;
}

int qbf_first_move(const qbf *f, const signed char *val, chopsat_pos *to)
{
    if (f->q.k < 1) return -1;
    unroll *u = f->u;
    int nwords = unroll_word_count(u);
    const word *s0 = unroll_state(u, 0), *next = unroll_next(u, 0);
    const lit_vec *in0 = unroll_move_inputs(u, 0);
    size_t n = circuit_size(f->c);
    uint8_t *in = xcalloc(n, 1), *out = xcalloc(n, 1);
    int rc = 0;
    for (int i = 0; i < nwords; i++)
        for (int b = 0; b < s0[i].w; b++)
            in[LIT_NODE(s0[i].b[b])] = (uint8_t)((f->q.from.v[i] >> b) & 1u);
    for (size_t i = 0; i < in0->n; i++) {
        lit l = in0->items[i];
        int v = cnf_node_var(f->f, LIT_NODE(l));
        if (!v || !val[v])
            rc = -1;
        else
            in[LIT_NODE(l)] = val[v] > 0;
    }
    if (!rc) {
        circuit_eval(f->c, in, out);
        if (!lit_value(out, unroll_legal(u, 0)) || lit_value(out, unroll_terminal(u, 0))) rc = -1;
    }
    if (!rc) {
        memset(to, 0, sizeof *to);
        to->mover = 3 - f->q.from.mover;
        for (int i = 0; i < nwords; i++)
            for (int b = 0; b < next[i].w && b < s0[i].w; b++)
                if (lit_value(out, next[i].b[b])) to->v[i] |= (uint64_t)1 << b;
    }
    free(in);
    free(out);
    return rc;
}
