/* bddsolve.c: the public face of the BDD engine (include/chopsat.h, "Solving with BDDs"):
 * whole-game values from both players' closed forcing layers, reachable statistics,
 * the JSON report, and forced questions with strategy or refutation trees built from layer
 * membership and the symbolic successors. Everything BDD is in bddgame.c. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chopsat_tool.h"
#include "core/util.h"
#include "bdd/bddgame.h"
#include "core/oom.h"

static int engine_opts(const chopsat_bdd_opts *o, bddg_opts *out, chopsat_err *err)
{
    memset(out, 0, sizeof *out);
    if (o && o->order && bddg_order_parse(o->order, &out->order))
        return fail(err, "bdd: unknown variable order '%s' (sliced, msb, lsb, separate)", o->order);
    out->max_nodes = o ? o->max_nodes : 0;
    return 0;
}

/* ---- whole-game values ---- */

struct chopsat_bdd {
    bddg_game *g;
    bddg_layers *by[2];
    double positions;
    uint32_t max_distance;
    double *fresh[2][2]; /* fresh[p][m][k]: positions first in player p+1's layer k, mover m+1 */
    size_t n[2];
};

static chopsat_bdd *bdd_solve_body(const chopsat_rules *r, const chopsat_bdd_opts *o,
                                             chopsat_err *err)
{
    bddg_opts bo;
    if (engine_opts(o, &bo, err)) return NULL;
    chopsat_bdd *s = xcalloc(1, sizeof *s);
    s->g = bddg_new(r, &bo, err);
    /* A symmetric game's second fixpoint is the mirror of the first: compute the player whose
     * opponent's relation (the universal preimages, most of the time) is the smaller one. */
    int first = 0;
    if (s->g) {
        bddg_info in;
        bddg_info_get(s->g, &in);
        first = bddg_symmetric(s->g) && in.relation_nodes[0] < in.relation_nodes[1];
    }
    for (int i = 0; i < 2 && s->g; i++) {
        int p = i ? 1 - first : first;
        chopsat_err merr = {{0}};
        s->by[p] = i ? bddg_layers_mirror(s->by[first], &merr) : NULL;
        if (!s->by[p] && merr.msg[0]) {
            if (err) *err = merr;
            break;
        }
        if (!s->by[p]) s->by[p] = bddg_layers_new(s->g, p + 1, NULL, -1, err);
        if (!s->by[p]) break;
        s->n[p] = (size_t)bddg_layers_n(s->by[p]);
        if (s->n[p] - 1 > s->max_distance) s->max_distance = (uint32_t)(s->n[p] - 1);
        for (int m = 0; m < 2; m++) {
            s->fresh[p][m] = xmalloc(s->n[p] * sizeof(double));
            for (size_t k = 0; k < s->n[p]; k++)
                s->fresh[p][m][k] = bddg_layer_new(s->by[p], (int)k, m + 1);
        }
    }
    if (!s->g || !s->by[0] || !s->by[1]) {
        chopsat_bdd_free(s);
        return NULL;
    }
    bddg_info info;
    bddg_info_get(s->g, &info);
    s->positions = info.positions;
    return s;
}

chopsat_bdd *chopsat_bdd_solve(const chopsat_rules *r, const chopsat_bdd_opts *o,
                                         chopsat_err *err)
{
    CS_GUARDED(chopsat_bdd *, NULL, err, bdd_solve_body(r, o, err));
}

void chopsat_bdd_free(chopsat_bdd *s)
{
    if (!s) return;
    for (int p = 0; p < 2; p++) {
        bddg_layers_free(s->by[p]);
        for (int m = 0; m < 2; m++) free(s->fresh[p][m]);
    }
    bddg_free(s->g);
    free(s);
}

int chopsat_bdd_value(const chopsat_bdd *s, const chopsat_pos *pos, uint32_t *distance)
{
    const bddg_layers *const by[2] = {s->by[0], s->by[1]};
    uint32_t d;
    int v = bddg_value(by, pos, &d);
    if (distance) *distance = d;
    return v;
}

double chopsat_bdd_positions(const chopsat_bdd *s) { return s->positions; }
uint32_t chopsat_bdd_max_distance(const chopsat_bdd *s) { return s->max_distance; }

double chopsat_bdd_count(const chopsat_bdd *s, int v, uint32_t d)
{
    if (v == CHOPSAT_DRAW) {
        double decided = 0;
        for (int p = 0; p < 2; p++)
            for (int m = 0; m < 2; m++)
                for (size_t k = 0; k < s->n[p]; k++) decided += s->fresh[p][m][k];
        return s->positions - decided;
    }
    double n = 0;
    for (int p = 0; p < 2; p++) {
        int m = v == CHOPSAT_WIN ? p : 1 - p; /* a win for the mover: the mover's own layers */
        if (d < s->n[p]) n += s->fresh[p][m][d];
    }
    return n;
}

static int bdd_stats_body(chopsat_bdd *s, const chopsat_pos *from, chopsat_stats *out,
                               chopsat_err *err)
{
    const bddg_layers *const by[2] = {s->by[0], s->by[1]};
    return bddg_stats(s->g, by, from, out, err);
}

int chopsat_bdd_stats(chopsat_bdd *s, const chopsat_pos *from, chopsat_stats *out,
                           chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, bdd_stats_body(s, from, out, err));
}

/* The engine's facts as JSON members of the open object. */
static void write_info(const bddg_game *g, chopsat_json *j)
{
    bddg_info in;
    bddg_info_get(g, &in);
    chopsat_json_kstring(j, "order", in.order);
    chopsat_json_kint(j, "state_bits", in.state_bits);
    chopsat_json_kint(j, "move_bits", in.move_bits);
    chopsat_json_kint(j, "vars", in.vars);
    chopsat_json_key(j, "relation_nodes");
    chopsat_json_array(j, false);
    chopsat_json_int(j, in.relation_nodes[0]);
    chopsat_json_int(j, in.relation_nodes[1]);
    chopsat_json_end(j);
    chopsat_json_kint(j, "domain_nodes", in.domain_nodes);
    chopsat_json_key(j, "positions");
    chopsat_json_fixed(j, in.positions, 0);
    chopsat_json_key(j, "build_seconds");
    chopsat_json_fixed(j, in.build_seconds, 4);
}

static void bdd_report_body(const chopsat_bdd *s, chopsat_json *j)
{
    chopsat_json_object(j);
    write_info(s->g, j);
    chopsat_json_key(j, "players");
    chopsat_json_array(j, false);
    for (int p = 0; p < 2; p++) {
        const bddg_layers *L = s->by[p];
        chopsat_json_object(j);
        chopsat_json_kint(j, "player", p + 1);
        chopsat_json_kint(j, "layers", (long long)s->n[p]);
        chopsat_json_kbool(j, "mirrored", bddg_layers_mirrored(L));
        chopsat_json_key(j, "fixpoint_seconds");
        chopsat_json_fixed(j, bddg_layers_seconds(L), 4);
        chopsat_json_key(j, "sizes");
        chopsat_json_array(j, false);
        for (size_t k = 0; k < s->n[p]; k++) {
            chopsat_json_array(j, false);
            chopsat_json_fixed(j, s->fresh[p][0][k], 0);
            chopsat_json_fixed(j, s->fresh[p][1][k], 0);
            chopsat_json_int(j, bddg_layer_nodes(L, (int)k));
            chopsat_json_end(j);
        }
        chopsat_json_end(j);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
    chopsat_json_end(j);
}

void chopsat_bdd_report(const chopsat_bdd *s, chopsat_json *j)
{
    CS_GUARDED_VOID(bdd_report_body(s, j));
}

/* ---- trees from layer membership ---- */

/* A map from position to node id (open addressing on the position's bytes). */
typedef struct posmap {
    chopsat_pos *keys;
    size_t *vals;
    bool *used;
    size_t cap, n;
} posmap;

static size_t pos_hash(const chopsat_pos *p, size_t cap)
{
    uint64_t h = p->mover;
    for (int i = 0; i < 4; i++) h = (h ^ p->v[i]) * 0x100000001b3ULL + 0x9E3779B97F4A7C15ULL;
    h ^= h >> 31;
    return (size_t)h & (cap - 1);
}

static void posmap_put(posmap *m, const chopsat_pos *p, size_t v);

static void posmap_grow(posmap *m)
{
    posmap old = *m;
    m->cap = old.cap ? 2 * old.cap : 256;
    m->keys = xcalloc(m->cap, sizeof *m->keys);
    m->vals = xcalloc(m->cap, sizeof *m->vals);
    m->used = xcalloc(m->cap, 1);
    m->n = 0;
    for (size_t i = 0; i < old.cap; i++)
        if (old.used[i]) posmap_put(m, &old.keys[i], old.vals[i]);
    free(old.keys);
    free(old.vals);
    free(old.used);
}

static void posmap_put(posmap *m, const chopsat_pos *p, size_t v)
{
    if (2 * (m->n + 1) > m->cap) posmap_grow(m);
    size_t i = pos_hash(p, m->cap);
    while (m->used[i] && !chopsat_pos_equal(&m->keys[i], p)) i = (i + 1) & (m->cap - 1);
    if (!m->used[i]) m->n++;
    m->used[i] = true;
    m->keys[i] = *p;
    m->vals[i] = v;
}

static bool posmap_get(const posmap *m, const chopsat_pos *p, size_t *v)
{
    if (!m->cap) return false;
    for (size_t i = pos_hash(p, m->cap); m->used[i]; i = (i + 1) & (m->cap - 1))
        if (chopsat_pos_equal(&m->keys[i], p)) {
            *v = m->vals[i];
            return true;
        }
    return false;
}

static void posmap_free(posmap *m)
{
    free(m->keys);
    free(m->vals);
    free(m->used);
}

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

/* The node of p (created when new, with its bound). */
static size_t node_of(tree_builder *b, bool refutation, const chopsat_pos *p)
{
    size_t id;
    if (posmap_get(&b->seen, p, &id)) return id;
    chopsat_tree_node n = {.pos = *p, .bound = node_bound(b, refutation, p)};
    VEC_PUSH(b->nodes, n);
    id = b->nodes.n - 1;
    posmap_put(&b->seen, p, id);
    return id;
}

/* Expands node id: its end, or its children. Returns -1 on an engine failure or when a
 * strategy node finds no move into a lower layer (the layers would be wrong). */
static int expand(tree_builder *b, bool refutation, size_t id, chopsat_err *err)
{
    chopsat_tree_node n = b->nodes.items[id];
    bool over = bddg_terminal(b->g, &n.pos);
    if (!refutation && n.bound == 0) n.end = 1;
    else if (refutation && over) n.end = 2;
    else if (refutation && n.bound <= 0) n.end = 3;
    if (n.end) {
        b->nodes.items[id].end = n.end;
        return 0;
    }
    b->nsucc = 0;
    if (bddg_successors(b->g, &n.pos, &b->succ, &b->nsucc, &b->cap, err)) return -1;
    bool chooser = ((int)n.pos.mover == b->q->player) != refutation;
    size_t best = b->nsucc;
    int best_bound = 0;
    for (size_t i = 0; i < b->nsucc && chooser; i++) {
        int k = node_bound(b, refutation, &b->succ[i]);
        bool ok = refutation ? k >= n.bound - 1 : k >= 0 && k <= n.bound - 1;
        if (ok && (best == b->nsucc || (refutation ? k > best_bound : k < best_bound))) {
            best = i;
            best_bound = k;
        }
    }
    if (chooser && best == b->nsucc) return fail(err, "bdd: no move of the chooser follows the layers");
    size_t first = b->child.n;
    for (size_t i = 0; i < b->nsucc; i++) {
        if (chooser && i != best) continue;
        size_t c = node_of(b, refutation, &b->succ[i]);
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
    node_of(&b, refutation, &q->from);
    int rc = 0;
    for (size_t id = 0; id < b.nodes.n && !rc; id++) {
        if (b.nodes.n > CHOPSAT_TREE_LIMIT || b.child.n > 10 * (size_t)CHOPSAT_TREE_LIMIT) rc = 1;
        else rc = expand(&b, refutation, id, err);
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
    int answer;      /* 1 yes, 0 no */
    int moves;       /* for yes: the least k; -1 */
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
    for (int m = 0; m < 2; m++) res->fresh[m] = xmalloc((size_t)n * sizeof(double));
    for (int k = 0; k < n; k++) {
        res->layer_nodes[k] = bddg_layer_nodes(L, k);
        for (int m = 0; m < 2; m++) res->fresh[m][k] = bddg_layer_new(L, k, m + 1);
    }
}

/* The forced question answered into res: 0, or -1 with a message. */
static int bdd_force(const chopsat_rules *r, const chopsat_query *q, const chopsat_bdd_opts *o,
                     chopsat_bdd_force_result *res, chopsat_err *err)
{
    if (q->exact || q->repeat != CHOPSAT_REPEAT_OFF)
        return fail(err, "bdd: forced questions take neither --exact nor repetition rules");
    bddg_opts bo;
    if (engine_opts(o, &bo, err)) return -1;
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

int chopsat_bdd_force_moves(const chopsat_bdd_force_result *res) { return res->moves; }

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
