/* bdd_force.c: the BDD engine's answer to a forced question (chopsat_bdd_force in chopsat.h):
 * the layers up to K, the answer and its least k, the positions within K moves counted by
 * forward images (for the explicit check's limit), and the strategy or refutation tree built
 * from layer membership and the symbolic successors. checked/force.c checks it. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bdd/bdd_reach.h"
#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/posmap.h"
#include "core/util.h"

/* ---- trees from layer membership ---- */

typedef struct tree_builder {
    bddg_game *g;
    const bddg_layers *L;
    const chopsat_query *q;
    VEC(chopsat_tree_node) nodes;
    VEC(size_t) child;
    posmap seen;
    chopsat_pos *succ;
    size_t nsucc, cap;
} tree_builder;

/* A node's bound from its position: a strategy node the least k it is forced within; a
 * refutation node the largest k it is not forced within (K when no computed layer holds it). */
static int node_bound(const tree_builder *b, bool refutation, const chopsat_pos *p)
{
    int k = bddg_layer_of(b->L, p);
    if (!refutation) return k;
    return k < 0 || k > b->q->k ? b->q->k : k - 1;
}

/* The node of p (created when new, with its bound: a strategy node's from the layers, a
 * refutation node's the moves left of the question, `left`, counting down from K like a
 * strategy's; the tree is built breadth first, so a node shared by two lines has the larger). */
static size_t node_of(tree_builder *b, bool refutation, const chopsat_pos *p, int left)
{
    size_t id;
    if (posmap_get(&b->seen, p, &id)) return id;
    chopsat_tree_node n = {.pos = *p, .bound = refutation ? left : node_bound(b, refutation, p)};
    VEC_PUSH(b->nodes, n);
    id = b->nodes.n - 1;
    posmap_put(&b->seen, p, id);
    return id;
}

/* Gives node id, where the tree's own side moves, its one child: a strategy's fastest move into
 * a lower layer, a refutation's move that stays out of the layers longest, found on the BDDs
 * (bddg_layers_pick) without listing the position's moves. -1 with a message when none keeps
 * to the layers (they would be wrong) or the engine failed. */
static int choose(tree_builder *b, bool refutation, size_t id, chopsat_err *err)
{
    chopsat_tree_node n = b->nodes.items[id];
    chopsat_pos to;
    int k = bddg_layers_pick(b->L, &n.pos, !refutation, &to, err);
    if (k == -2) return -1;
    int bound = k < 0 || k >= bddg_layers_n(b->L) ? (refutation ? b->q->k : -1)
                                                  : node_bound(b, refutation, &to);
    bool ok = refutation ? k >= 0 && bound >= n.bound - 1 : bound >= 0 && bound <= n.bound - 1;
    if (!ok) return fail(err, "bdd: no move of the chooser follows the layers");
    size_t c = node_of(b, refutation, &to, n.bound - 1);
    VEC_PUSH(b->child, c);
    b->nodes.items[id].first = b->child.n - 1;
    b->nodes.items[id].n = 1;
    return 0;
}

/* Expands node id: its end, or its children. Returns -1 on an engine failure or when a
 * strategy node finds no move into a lower layer (the layers would be wrong), 1 when its
 * children would pass the tree's limit. */
static int expand(tree_builder *b, bool refutation, size_t id, chopsat_err *err)
{
    chopsat_tree_node n = b->nodes.items[id];
    bool over = bddg_terminal(b->g, &n.pos);
    if (!refutation && n.bound == 0)
        n.end = 1;
    else if (refutation && over)
        n.end = 2;
    else if (refutation && n.bound <= 0)
        n.end = 3;
    if (n.end) {
        b->nodes.items[id].end = n.end;
        return 0;
    }
    bool chooser = ((int)n.pos.mover == b->q->player) != refutation;
    if (chooser) return choose(b, refutation, id, err);
    /* every successor of a node that does not choose becomes a child: counted before they are
     * listed, so a position of more moves than the tree may hold stops the tree at once */
    b->nsucc = 0;
    size_t room = 10 * (size_t)CHOPSAT_TREE_LIMIT - b->child.n;
    int rc = bddg_successors(b->g, &n.pos, room, &b->succ, &b->nsucc, &b->cap, err);
    if (rc) return rc;
    size_t first = b->child.n;
    for (size_t i = 0; i < b->nsucc; i++) {
        size_t c = node_of(b, refutation, &b->succ[i], n.bound - 1);
        VEC_PUSH(b->child, c);
    }
    b->nodes.items[id].first = first;
    b->nodes.items[id].n = b->child.n - first;
    return 0;
}

/* Builds the tree from q->from breadth first; NULL with *err empty when it passes the limit. */
static chopsat_tree *build_tree(bddg_game *g, const bddg_layers *L, const chopsat_query *q,
                                bool refutation, chopsat_err *err)
{
    tree_builder b = {.g = g, .L = L, .q = q};
    node_of(&b, refutation, &q->from, q->k);
    int rc = 0;
    for (size_t id = 0; id < b.nodes.n && !rc; id++) {
        if (b.nodes.n > CHOPSAT_TREE_LIMIT || b.child.n > 10 * (size_t)CHOPSAT_TREE_LIMIT)
            rc = 1;
        else
            rc = expand(&b, refutation, id, err);
    }
    posmap_free(&b.seen);
    free(b.succ);
    if (rc) {
        if (rc > 0 && err) err->msg[0] = 0;
        VEC_FREE(b.nodes);
        VEC_FREE(b.child);
        return NULL;
    }
    chopsat_tree *t = xcalloc(1, sizeof *t);
    t->refutation = refutation;
    t->nodes = b.nodes.items;
    t->nnodes = b.nodes.n;
    t->child = b.child.items;
    t->nedges = b.child.n;
    return t;
}

static void tree_free(chopsat_tree *t)
{
    if (!t) return;
    free(t->nodes);
    free(t->child);
    free(t);
}

/* ---- forced questions ---- */

struct chopsat_bdd_force_result {
    int answer; /* 1 yes, 0 no */
    int moves;  /* for yes: the least k; -1 */
    chopsat_tree *tree;
    chopsat_bdd_figures fig;
    char *order;
    double *fresh[2];
    int *layer_nodes;
};

/* The engine's facts and the layers' sizes into res. */
static void force_report(const bddg_game *g, const bddg_layers *L, chopsat_bdd_force_result *res)
{
    bddg_info in;
    bddg_info_get(g, &in);
    res->order = xstrdup(in.order);
    res->fig.state_bits = in.state_bits;
    res->fig.move_bits = in.move_bits;
    res->fig.vars = in.vars;
    res->fig.relation_nodes[0] = in.relation_nodes[0];
    res->fig.relation_nodes[1] = in.relation_nodes[1];
    int n = bddg_layers_n(L);
    res->layer_nodes = xmalloc((size_t)n * sizeof *res->layer_nodes);
    for (int m = 0; m < 2; m++)
        res->fresh[m] = xmalloc((size_t)n * sizeof(double));
    for (int k = 0; k < n; k++) {
        res->layer_nodes[k] = bddg_layer_nodes(L, k);
        for (int m = 0; m < 2; m++)
            res->fresh[m][k] = bddg_layer_new(L, k, m + 1);
    }
}

/* The forced question answered into res: 0, or -1 with a message. */
static int bdd_force(const chopsat_rules *r, const chopsat_query *q, const chopsat_bdd_opts *o,
                     chopsat_bdd_force_result *res, chopsat_err *err)
{
    if (q->exact || q->repeat != CHOPSAT_REPEAT_OFF)
        return fail(err, "bdd: forced questions take neither an exact bound nor repetition rules");
    bddg_opts bo;
    if (bddg_opts_of(o, &bo, err)) return -1;
    bddg_game *g = bddg_new(r, &bo, err);
    if (!g) return -1;
    bddg_info info;
    bddg_info_get(g, &info);
    res->fig.build_seconds = info.build_seconds;
    bddg_layers *L =
        bddg_layers_new(g, q->player, q->kind == CHOPSAT_Q_REACH ? &q->target : NULL, q->k, err);
    if (!L) {
        bddg_free(g);
        return -1;
    }
    res->fig.fixpoint_seconds = bddg_layers_seconds(L);
    res->fig.layers = bddg_layers_n(L);
    res->fig.closed = bddg_layers_closed(L);
    int k = bddg_layer_of(L, &q->from);
    res->answer = k >= 0 && k <= q->k;
    res->moves = res->answer ? k : -1;
    force_report(g, L, res);
    if (bddg_within(g, &q->from, q->k, CHOPSAT_EXPLICIT_LIMIT, &res->fig.within_k,
                    &res->fig.within_steps, err)) {
        bddg_layers_free(L);
        bddg_free(g);
        return -1;
    }
    clock_t t0 = clock();
    chopsat_err terr = {{0}};
    res->tree = build_tree(g, L, q, !res->answer, &terr);
    res->fig.tree_seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
    bddg_layers_free(L);
    bddg_free(g);
    if (!res->tree && terr.msg[0]) return fail(err, "%s", terr.msg);
    return 0;
}

static int bdd_force_body(const chopsat_rules *r, const chopsat_query *q, const chopsat_bdd_opts *o,
                          chopsat_bdd_force_result **out, chopsat_err *err)
{
    chopsat_bdd_force_result *res = xcalloc(1, sizeof *res);
    *out = NULL;
    if (bdd_force(r, q, o, res, err)) {
        chopsat_bdd_force_free(res);
        return CHOPSAT_ERROR;
    }
    *out = res;
    return res->answer ? CHOPSAT_YES : CHOPSAT_NO;
}

int chopsat_bdd_force(const chopsat_rules *r, const chopsat_query *q, const chopsat_bdd_opts *o,
                      chopsat_bdd_force_result **out, chopsat_err *err)
{
    *out = NULL;
    if (chopsat_query_check(r, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, bdd_force_body(r, q, o, out, err));
}

void chopsat_bdd_force_free(chopsat_bdd_force_result *res)
{
    if (!res) return;
    tree_free(res->tree);
    free(res->order);
    free(res->layer_nodes);
    free(res->fresh[0]);
    free(res->fresh[1]);
    free(res);
}

int chopsat_bdd_force_moves(const chopsat_bdd_force_result *res)
{
    return res->moves;
}

const chopsat_tree *chopsat_bdd_force_tree(const chopsat_bdd_force_result *res)
{
    return res->tree;
}

const chopsat_bdd_figures *chopsat_bdd_force_figures(const chopsat_bdd_force_result *res)
{
    return &res->fig;
}

const char *chopsat_bdd_force_order(const chopsat_bdd_force_result *res)
{
    return res->order ? res->order : "";
}

double chopsat_bdd_force_fresh(const chopsat_bdd_force_result *res, int k, int mover)
{
    if (k < 0 || k >= res->fig.layers || (mover != 1 && mover != 2) || !res->fresh[mover - 1])
        return 0;
    return res->fresh[mover - 1][k];
}

int chopsat_bdd_force_layer_nodes(const chopsat_bdd_force_result *res, int k)
{
    if (k < 0 || k >= res->fig.layers || !res->layer_nodes) return 0;
    return res->layer_nodes[k];
}
