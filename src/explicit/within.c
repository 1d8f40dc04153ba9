/* within.c: the explicit answers to the bounded questions of docs/rules.md (reach and
 * win, with the repetition settings and --exact), written from the rules alone over the
 * explicit move generator so that every SAT answer can be checked against them. It shares
 * nothing with the SAT side, and it does not replay witnesses (witness.c does).
 *
 * "Within k" (any repetition setting) is a breadth-first search to depth k: a shortest sequence
 * never repeats a position (so it repeats no block either), so its length is also the minimum
 * under immediate and path. When the game's whole index space fits in memory it runs over the
 * flat index (within_flat.c, a few bytes per index position, no limit but memory); otherwise
 * here, over the node graph below.
 *
 * Positions met by a search become dense node ids in a graph that expands nodes lazily and
 * keeps their successor lists. The ids are found through a flat array over the game's index
 * when the index space fits within the limit, and through a hash table otherwise (huge games,
 * where a search bounded by k moves may still visit few positions). The algorithms:
 *   - within k: the breadth-first search above, when the index space does not fit.
 *   - exactly k, off: the layered sets of positions reachable in exactly i moves.
 *   - exactly k, path and immediate: depth-first search over the sequences the rule allows
 *     (simple paths; square-free sequences, squarefree.c, checked after every move), cut
 *     wherever the goal is farther (in the explored graph) than the moves that remain, within
 *     a step budget.
 * Terminal positions have no moves, so no sequence passes through one. docs/questions.md
 * states the semantics. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/oom.h"
#include "core/parallel.h"
#include "core/posmap.h"
#include "core/util.h"
#include "explicit/limit.h"
#include "explicit/squarefree.h"
#include "explicit/within.h"
#include "games/game.h"
#include "games/query.h"

#define NONE UINT32_MAX

typedef VEC(uint32_t) ids; /* node ids (a path), or edge ids */
typedef VEC(int32_t) stamps;
#define WORK_FACTOR 4 /* edges, layer entries and depth-first steps per position of the limit */

typedef struct graph {
    const chopsat_rules *r;
    const game *g;
    uint64_t limit, work_limit, work;
    uint64_t count;       /* flat mode: the size of the index space; 0 in hash mode */
    int32_t *flat;        /* flat mode: game index -> node id, -1 when not met */
    posindex ix;          /* hash mode: position -> node id (core/posmap.h) */
    VEC(chopsat_pos) pos; /* node id -> position */
    VEC(uint32_t) first;  /* node id -> its first edge (once expanded) */
    VEC(uint32_t) deg;    /* node id -> its number of successors, NONE until expanded */
    VEC(uint32_t) edge;   /* edge -> the successor's node id */
    VEC(uint32_t) src;    /* edge -> the node it leaves */
    bool keep_edges;      /* false: expanding only adds the successors (breadth-first) */
    step *buf;            /* room for the moves of the node expanded (explicit_moves_room) */
    size_t buf_cap;
    chopsat_err *err;
} graph;

static void graph_init(graph *gr, const chopsat_rules *r, uint64_t limit, chopsat_err *err)
{
    memset(gr, 0, sizeof *gr);
    gr->r = r;
    gr->g = r->game;
    gr->err = err;
    gr->limit = limit;
    gr->work_limit = WORK_FACTOR * limit;
    uint64_t n = gr->g->count(r);
    if (n > 0 && n <= limit) {
        gr->count = n;
        gr->flat = xmalloc(n * sizeof *gr->flat);
        memset(gr->flat, 0xFF, n * sizeof *gr->flat);
    }
}

static void graph_free(graph *gr)
{
    free(gr->flat);
    posindex_free(&gr->ix);
    free(gr->buf);
    VEC_FREE(gr->pos);
    VEC_FREE(gr->first);
    VEC_FREE(gr->deg);
    VEC_FREE(gr->edge);
    VEC_FREE(gr->src);
}

/* The node id of p, or -1 when the search has not met it (or it is no position of the game). */
static int64_t graph_find(const graph *gr, const chopsat_pos *p)
{
    if (gr->flat) {
        uint64_t i = gr->g->index(gr->r, p);
        if (i >= gr->count || gr->flat[i] < 0) return -1;
        int32_t id = gr->flat[i];
        return chopsat_pos_equal(&gr->pos.items[id], p) ? id : -1;
    }
    return posindex_find(&gr->ix, gr->pos.items, p);
}

/* The node id of p, adding it if new; -2 (with the message) once the limit would be passed. */
static int64_t graph_add(graph *gr, const chopsat_pos *p)
{
    int64_t id = graph_find(gr, p);
    if (id >= 0) return id;
    if (gr->pos.n >= gr->limit) {
        fail(gr->err, "explicit check: the search met more than %llu positions (the limit)",
             (unsigned long long)gr->limit);
        return -2;
    }
    id = (int64_t)gr->pos.n;
    VEC_PUSH(gr->pos, *p);
    VEC_PUSH(gr->first, 0);
    VEC_PUSH(gr->deg, NONE);
    if (gr->flat) {
        gr->flat[gr->g->index(gr->r, p)] = (int32_t)id;
    } else {
        posindex_add(&gr->ix, gr->pos.items, gr->pos.n, (uint32_t)id);
    }
    return id;
}

/* Counts n units of work; -2 (with the message) once the budget is spent. */
static int spend(graph *gr, uint64_t n)
{
    gr->work += n;
    if (gr->work <= gr->work_limit) return 0;
    fail(gr->err, "explicit check: the search examined more than %llu moves (the limit)",
         (unsigned long long)gr->work_limit);
    return -2;
}

/* Lists the successors of node u (none for a terminal position) once, keeping the list when
 * gr->keep_edges; 0 or -2. */
static int graph_expand(graph *gr, uint32_t u)
{
    if (gr->deg.items[u] != NONE) return 0;
    chopsat_pos p = gr->pos.items[u];
    size_t k = 0;
    if (!gr->g->winner(gr->r, &p)) {
        if (explicit_moves_room(gr->r, &p, &gr->buf, &gr->buf_cap, "explicit check", gr->err))
            return -2;
        k = gr->g->moves(gr->r, &p, gr->buf);
    }
    if (spend(gr, k) < 0) return -2;
    uint32_t first = (uint32_t)gr->edge.n;
    for (size_t m = 0; m < k; m++) {
        int64_t v = graph_add(gr, &gr->buf[m].to);
        if (v < 0) return -2;
        if (!gr->keep_edges) continue;
        VEC_PUSH(gr->edge, (uint32_t)v);
        VEC_PUSH(gr->src, u);
    }
    gr->first.items[u] = first;
    gr->deg.items[u] = (uint32_t)k;
    return 0;
}

static bool is_goal(const graph *gr, const chopsat_query *q, uint32_t u)
{
    return query_goal(gr->r, q, &gr->pos.items[u]);
}

/* The witness: the nodes in seq[0..len] as positions, in a new array. */
static chopsat_pos *positions_of(const graph *gr, const uint32_t *seq, size_t len)
{
    chopsat_pos *out = xmalloc((len + 1) * sizeof *out);
    for (size_t i = 0; i <= len; i++)
        out[i] = gr->pos.items[seq[i]];
    return out;
}

/* Within k moves: breadth-first search. Node ids are handed out in breadth-first order, so
 * the queue is the id range itself. Returns 1 with the shortest path, 0, or -2. */
static int answer_bfs(graph *gr, const chopsat_query *q, ids *seq)
{
    VEC(uint32_t) parent = {0};
    VEC(uint32_t) depth = {0};
    VEC_PUSH(parent, NONE);
    VEC_PUSH(depth, 0);
    int64_t found = is_goal(gr, q, 0) ? 0 : -1;
    int rc = 0;
    for (uint32_t u = 0; found < 0 && u < gr->pos.n && depth.items[u] < (uint32_t)q->k; u++) {
        size_t old = gr->pos.n;
        if ((rc = graph_expand(gr, u)) < 0) break;
        for (size_t v = old; v < gr->pos.n; v++) {
            VEC_PUSH(parent, u);
            VEC_PUSH(depth, depth.items[u] + 1);
            if (found < 0 && is_goal(gr, q, (uint32_t)v)) found = (int64_t)v;
        }
    }
    if (rc == 0 && found >= 0) {
        size_t len = depth.items[found];
        VEC_RESERVE(*seq, len + 1);
        seq->n = len + 1;
        for (uint32_t v = (uint32_t)found, i = (uint32_t)len + 1; i-- > 0; v = parent.items[v])
            seq->items[i] = v;
        rc = 1;
    }
    VEC_FREE(parent);
    VEC_FREE(depth);
    return rc;
}

/* One entry of a layer: a node, and the index of the entry in the layer before that it came
 * from. */
typedef struct entry {
    uint32_t item, parent;
} entry;

typedef VEC(entry) entries;

/* Keeps a per-item stamp array as long as the item space (filled with -1). */
static void stamps_fit(stamps *stamp, size_t n)
{
    while (stamp->n < n)
        VEC_PUSH(*stamp, -1);
}

/* Follows the parents from entry e of layer k back to layer 0. */
static void trace(const entries *all, size_t e, int k, ids *seq)
{
    VEC_RESERVE(*seq, (size_t)k + 1);
    seq->n = (size_t)k + 1;
    for (int i = k; i >= 0; i--) {
        seq->items[i] = all->items[e].item;
        e = all->items[e].parent;
    }
}

/* Exactly k moves, off: layers of nodes. Returns 1 with a path, 0, or -2. */
static int answer_layers(graph *gr, const chopsat_query *q, ids *seq)
{
    entries all = {0};
    stamps stamp = {0};
    VEC_PUSH(all, ((entry){0, NONE}));
    size_t begin = 0, end = 1; /* the current layer is all[begin..end) */
    int rc = 0;
    for (int i = 0; i < q->k && begin < end && rc == 0; i++) {
        for (size_t e = begin; e < end && rc == 0; e++) {
            uint32_t cur = all.items[e].item;
            if ((rc = graph_expand(gr, cur)) < 0) break;
            stamps_fit(&stamp, gr->pos.n);
            uint32_t f0 = gr->first.items[cur], f1 = f0 + gr->deg.items[cur];
            for (uint32_t f = f0; f < f1; f++) {
                uint32_t next = gr->edge.items[f];
                if (stamp.items[next] == i + 1) continue;
                stamp.items[next] = i + 1;
                if ((rc = spend(gr, 1)) < 0) break;
                VEC_PUSH(all, ((entry){next, (uint32_t)e}));
            }
        }
        begin = end;
        end = all.n;
    }
    if (rc == 0 && begin < end)
        for (size_t e = begin; e < end; e++) {
            if (is_goal(gr, q, all.items[e].item)) {
                trace(&all, e, q->k, seq);
                rc = 1;
                break;
            }
        }
    VEC_FREE(all);
    VEC_FREE(stamp);
    return rc;
}

/* Expands every node within k-1 moves of the start and returns in *dist, for every node met,
 * the fewest moves from it to a goal inside that explored graph (UINT32_MAX for none). Every
 * move hands the turn over, so after exactly k moves the player to move is known: goals with
 * the other player to move cannot end the path and are left out, which makes the distances
 * also respect parity. 0 or -2. */
static int goal_distances(graph *gr, const chopsat_query *q, uint32_t **dist)
{
    VEC(uint32_t) depth = {0};
    VEC_PUSH(depth, 0);
    for (uint32_t u = 0; u < gr->pos.n && depth.items[u] < (uint32_t)q->k; u++) {
        if (graph_expand(gr, u) < 0) {
            VEC_FREE(depth);
            return -2;
        }
        while (depth.n < gr->pos.n)
            VEC_PUSH(depth, depth.items[u] + 1);
    }
    VEC_FREE(depth);
    /* the reversed edges, predecessors of v in pred[off[v] .. off[v+1]) */
    size_t n = gr->pos.n, m = gr->edge.n;
    uint32_t *off = xcalloc(n + 1, sizeof *off), *pred = xmalloc((m ? m : 1) * sizeof *pred);
    for (size_t e = 0; e < m; e++)
        off[gr->edge.items[e] + 1]++;
    for (size_t v = 0; v < n; v++)
        off[v + 1] += off[v];
    uint32_t *fill = xmalloc((n ? n : 1) * sizeof *fill);
    memcpy(fill, off, n * sizeof *fill);
    for (size_t e = 0; e < m; e++)
        pred[fill[gr->edge.items[e]]++] = gr->src.items[e];
    uint32_t *d = xmalloc(n * sizeof *d), *queue = fill;
    size_t head = 0, tail = 0;
    uint32_t end_mover = q->k % 2 ? 3 - q->from.mover : q->from.mover;
    for (uint32_t v = 0; v < n; v++) {
        d[v] = gr->pos.items[v].mover == end_mover && is_goal(gr, q, v) ? 0 : UINT32_MAX;
        if (d[v] == 0) queue[tail++] = v;
    }
    while (head < tail) {
        uint32_t v = queue[head++];
        for (uint32_t e = off[v]; e < off[v + 1]; e++)
            if (d[pred[e]] == UINT32_MAX) {
                d[pred[e]] = d[v] + 1;
                queue[tail++] = pred[e];
            }
    }
    free(off);
    free(pred);
    free(fill);
    *dist = d;
    return 0;
}

/* Whether the rule lets the path seq[0..d] go on to node v (on_path: the nodes of the path). */
static bool allowed(const chopsat_query *q, const bool *on_path, ids *seq, size_t d, uint32_t v)
{
    if (q->repeat == CHOPSAT_REPEAT_PATH) return !on_path[v];
    seq->items[d + 1] = v;
    return square_suffix_ids(seq->items, d + 2) == 0;
}

/* Exactly k moves under path (no position twice) or immediate (square-free): depth-first
 * search over the sequences the rule allows. Returns 1 with a path, 0, or -2. */
static int answer_paths(graph *gr, const chopsat_query *q, ids *seq)
{
    if (q->repeat == CHOPSAT_REPEAT_PATH && q->kind == CHOPSAT_Q_REACH && q->k > 0 &&
        chopsat_pos_equal(&q->from, &q->target))
        return 0; /* the start is on the path already: a simple path cannot come back to it */
    uint32_t *dist;
    if (goal_distances(gr, q, &dist) < 0) return -2;
    uint32_t k = (uint32_t)q->k;
    bool *on_path = xcalloc(gr->pos.n, sizeof *on_path);
    uint32_t *next = xmalloc((k + 1) * sizeof *next); /* the next edge to try at each depth */
    VEC_RESERVE(*seq, k + 1);
    seq->items[0] = 0;
    on_path[0] = true;
    next[0] = gr->first.items[0];
    size_t d = 0;
    int rc = dist[0] <= k ? -1 : 0; /* -1: still searching */
    while (rc == -1) {
        uint32_t u = seq->items[d];
        if (d == k) {
            if (is_goal(gr, q, u)) {
                rc = 1;
                break;
            }
        } else if (next[d] < gr->first.items[u] + gr->deg.items[u]) {
            uint32_t v = gr->edge.items[next[d]++];
            if (dist[v] > k - d - 1 || !allowed(q, on_path, seq, d, v)) continue;
            if (spend(gr, 1) < 0) {
                rc = -2;
                break;
            }
            seq->items[++d] = v;
            on_path[v] = true;
            if (d < k) next[d] = gr->first.items[v];
            continue;
        }
        on_path[u] = false; /* every way on from here has been tried: step back */
        if (d == 0)
            rc = 0;
        else
            d--;
    }
    if (rc == 1) seq->n = k + 1;
    free(dist);
    free(on_path);
    free(next);
    return rc;
}

static int check_query(const chopsat_query *q, chopsat_err *err)
{
    if (q->kind != CHOPSAT_Q_REACH && q->kind != CHOPSAT_Q_WIN)
        return fail(err, "bounded question: unknown kind %d", (int)q->kind);
    if (check_bound(q->k, err)) return -1;
    if (q->repeat != CHOPSAT_REPEAT_OFF && q->repeat != CHOPSAT_REPEAT_IMMEDIATE &&
        q->repeat != CHOPSAT_REPEAT_PATH)
        return fail(err, "bounded question: unknown repetition setting %d", (int)q->repeat);
    if (q->kind == CHOPSAT_Q_WIN && q->player != 1 && q->player != 2)
        return fail(err, "bounded question: the player must be 1 or 2");
    if (q->from.mover != 1 && q->from.mover != 2)
        return fail(err, "bounded question: the start position has no player to move");
    if (q->kind == CHOPSAT_Q_REACH && q->target.mover != 1 && q->target.mover != 2)
        return fail(err, "bounded question: the target position has no player to move");
    return 0;
}

int within_search(const chopsat_rules *r, const chopsat_query *q, uint64_t limit, uint64_t flat_max,
                  int *moves, chopsat_pos **path, chopsat_err *err)
{
    if (check_query(q, err) < 0) return -1;
    uint64_t n = r->game->count(r);
    if (!q->exact && n > 0 && n <= flat_max && n <= WITHIN_FLAT_MAX)
        return within_flat(r, q, parallel_workers(n),
                           WITHIN_FLAT_ROUND_MOVES / r->game->max_moves(r) + 1, 4096, moves, path,
                           err);
    if (limit > 0xFFFFFFF0u / WORK_FACTOR) limit = 0xFFFFFFF0u / WORK_FACTOR; /* uint32_t ids */
    graph gr;
    graph_init(&gr, r, limit, err);
    if (gr.flat) {
        uint64_t i = r->game->index(r, &q->from);
        chopsat_pos back;
        if (i >= gr.count || !r->game->unindex(r, i, &back) ||
            !chopsat_pos_equal(&back, &q->from)) {
            graph_free(&gr);
            return fail(err, "bounded question: the start is no position of the game");
        }
    }
    ids seq = {0};
    int rc = (int)graph_add(&gr, &q->from);
    gr.keep_edges = q->exact;
    if (rc == 0) {
        if (!q->exact)
            rc = answer_bfs(&gr, q, &seq);
        else if (q->repeat == CHOPSAT_REPEAT_OFF)
            rc = answer_layers(&gr, q, &seq);
        else
            rc = answer_paths(&gr, q, &seq);
    }
    if (rc == 1) {
        if (moves) *moves = (int)seq.n - 1;
        if (path) *path = positions_of(&gr, seq.items, seq.n - 1);
    }
    VEC_FREE(seq);
    graph_free(&gr);
    return rc;
}

int within_answer(const chopsat_rules *r, const chopsat_query *q, uint64_t limit, int *moves,
                  chopsat_pos **path, chopsat_err *err)
{
    return within_search(r, q, limit, limit, moves, path, err);
}

/* within_ever_partial's search (see within.h): the breadth-first loop over gr. */
static int ever_bfs(graph *gr, const chopsat_query *q, int *least, int *depth, bool *complete)
{
    VEC(uint32_t) dep = {0};
    VEC_PUSH(dep, 0);
    int rc = 0;
    uint32_t u = 0;
    if (is_goal(gr, q, 0)) *least = 0;
    for (; *least < 0 && u < gr->pos.n; u++) {
        size_t old = gr->pos.n;
        rc = graph_expand(gr, u);
        for (size_t v = old; v < gr->pos.n; v++) {
            VEC_PUSH(dep, dep.items[u] + 1);
            if (*least < 0 && is_goal(gr, q, (uint32_t)v)) *least = (int)dep.items[v];
        }
        if (rc < 0) break;
    }
    if (*least >= 0) {
        rc = 1;
    } else if (rc == 0) { /* every reachable position met */
        *complete = true;
        *depth = (int)dep.items[gr->pos.n - 1];
    } else { /* every position within u's depth was met before u was expanded */
        *depth = (int)dep.items[u];
        rc = 0;
    }
    VEC_FREE(dep);
    return rc;
}

int within_ever_partial(const chopsat_rules *r, const chopsat_query *q, uint64_t limit, int *least,
                        int *depth, bool *complete, chopsat_err *err)
{
    *least = -1, *depth = -1, *complete = false;
    chopsat_query qe = *q;
    qe.k = 1, qe.exact = false; /* the goal on a position only: no bound */
    if (check_query(&qe, err) < 0) return -1;
    if (query_goal(r, &qe, &q->from)) return *least = 0, 1;
    if (limit > 0xFFFFFFF0u / WORK_FACTOR) limit = 0xFFFFFFF0u / WORK_FACTOR; /* uint32_t ids */
    graph gr;
    graph_init(&gr, r, limit, err);
    int rc = (int)graph_add(&gr, &q->from);
    if (rc == 0) rc = ever_bfs(&gr, &qe, least, depth, complete);
    graph_free(&gr);
    return rc;
}

/* The public answer: "within k" searches the whole index space flat whenever the explicit limit
 * policy lets it (limit.h: its arrays fit the memory available); the other searches, and
 * "within k" in games too large for that, stop at CHOPSAT_EXPLICIT_LIMIT. */
static int explicit_answer_body(const chopsat_rules *r, const chopsat_query *q, int *moves,
                                chopsat_pos **path, chopsat_err *err)
{
    index_budget b;
    int fit =
        explicit_index_budget(r, WITHIN_FLAT_MAX, WITHIN_FLAT_BYTES, 0, WITHIN_FLAT_EXTRA, &b);
    uint64_t flat_max = fit == INDEX_FITS ? b.positions : 0;
    int rc = within_search(r, q, CHOPSAT_EXPLICIT_LIMIT, flat_max, moves, path, err);
    if (rc == -2 && !q->exact && fit == INDEX_NO_MEMORY && err) {
        chopsat_err why;
        explicit_index_fits(r, WITHIN_FLAT_MAX, WITHIN_FLAT_BYTES, WITHIN_FLAT_EXTRA, &why);
        size_t len = strlen(err->msg);
        snprintf(err->msg + len, sizeof err->msg - len, "; %s", why.msg);
    }
    return rc == 1 ? CHOPSAT_YES : rc == 0 ? CHOPSAT_NO : rc == -2 ? CHOPSAT_LIMIT : CHOPSAT_ERROR;
}

int chopsat_explicit_answer(const chopsat_rules *r, const chopsat_query *q, int *moves,
                            chopsat_pos **path, chopsat_err *err)
{
    if (chopsat_query_check(r, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, explicit_answer_body(r, q, moves, path, err));
}
