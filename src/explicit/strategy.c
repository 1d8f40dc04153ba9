/* strategy.c: explicit bounded forcing, strategy and refutation trees, their check by the
 * explicit move generator, and their text and JSON forms. See strategy.h. Nothing here calls a
 * SAT or QBF solver; the QBF solver's choices arrive as strat_choice values. */
#include "explicit/strategy.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/posmap.h"
#include "explicit/limit.h"
#include "games/game.h"
#include "games/query.h"

/* ---- explicit bounded forcing ---- */

typedef struct fslot {
    chopsat_pos pos;
    int depth, dist;
    size_t first, n; /* successors: succ[first .. first+n), only for depth < K */
} fslot;

struct force_table {
    const chopsat_rules *r;
    chopsat_query q;
    VEC(fslot) slots;
    VEC(size_t) succ;
    posmap map; /* position -> its slot */
};

/* Cuts t down to the positions within `depth` moves (a prefix of the breadth-first order),
 * which the exploration has completed, and makes depth its bound. */
static void truncate_to(force_table *t, int depth)
{
    size_t keep = 0;
    while (keep < t->slots.n && t->slots.items[keep].depth <= depth)
        keep++;
    t->slots.n = keep;
    for (size_t i = 0; i < keep; i++)
        if (t->slots.items[i].depth >= depth) t->slots.items[i].n = 0;
    t->q.k = depth;
}

/* force_table_build, or with `partial` the table for the largest bound D <= q->k whose
 * positions fit the limit (returned, or -1 with err). */
static int build(const chopsat_rules *r, const chopsat_query *q, bool partial, force_table **out,
                 chopsat_err *err)
{
    *out = NULL;
    if (check_bound(q->k, err)) return -1;
    if (q->player != 1 && q->player != 2)
        return fail(err, "forced question: the player must be 1 or 2");
    const game *g = r->game;
    force_table *t = xcalloc(1, sizeof *t);
    t->r = r;
    t->q = *q;
    step *buf = NULL;
    size_t cap = 0;
    fslot s0 = {.pos = q->from, .depth = 0, .dist = -1};
    VEC_PUSH(t->slots, s0);
    posmap_put(&t->map, &q->from, 0);
    for (size_t i = 0; i < t->slots.n; i++) {
        fslot cur = t->slots.items[i];
        t->slots.items[i].first = t->succ.n;
        if (cur.depth >= q->k || g->winner(r, &cur.pos)) continue;
        if (explicit_moves_room(r, &cur.pos, &buf, &cap, "explicit check", err)) {
            if (!partial) {
                free(buf);
                force_table_free(t);
                return -2;
            }
            truncate_to(t, cur.depth); /* every position within cur.depth moves is known */
            break;
        }
        size_t n = g->moves(r, &cur.pos, buf);
        for (size_t m = 0; m < n; m++) {
            size_t j;
            if (!posmap_get(&t->map, &buf[m].to, &j)) {
                if (t->slots.n >= CHOPSAT_EXPLICIT_LIMIT && partial) {
                    /* every position within cur.depth moves is known: stop there */
                    fail(err,
                         "more than %d positions lie within %d moves: the explicit check "
                         "would pass its limit",
                         CHOPSAT_EXPLICIT_LIMIT, q->k);
                    truncate_to(t, cur.depth);
                    i = t->slots.n;
                    break;
                }
                if (t->slots.n >= CHOPSAT_EXPLICIT_LIMIT) {
                    free(buf);
                    force_table_free(t);
                    return fail(err,
                                "more than %d positions lie within %d moves: the "
                                "explicit check would pass its limit",
                                CHOPSAT_EXPLICIT_LIMIT, q->k),
                           -2;
                }
                fslot ns = {.pos = buf[m].to, .depth = cur.depth + 1, .dist = -1};
                j = t->slots.n;
                VEC_PUSH(t->slots, ns);
                posmap_put(&t->map, &buf[m].to, j);
            }
            VEC_PUSH(t->succ, j);
        }
        if (i < t->slots.n) t->slots.items[i].n = t->succ.n - t->slots.items[i].first;
    }
    free(buf);
    q = &t->q; /* its bound is D when cut short */
    /* level by level: dist = i once the goal can be forced within i (and not within i-1) */
    for (size_t i = 0; i < t->slots.n; i++)
        if (query_goal(r, q, &t->slots.items[i].pos)) t->slots.items[i].dist = 0;
    for (int i = 1; i <= q->k; i++)
        for (size_t s = 0; s < t->slots.n; s++) {
            fslot *x = &t->slots.items[s];
            if (x->dist >= 0 || x->depth > q->k - i || chopsat_pos_winner(r, &x->pos)) continue;
            bool p_moves = (int)x->pos.mover == q->player, any = false, all = true;
            for (size_t e = x->first; e < x->first + x->n; e++) {
                int d = t->slots.items[t->succ.items[e]].dist;
                bool in = d >= 0 && d <= i - 1;
                any |= in;
                all &= in;
            }
            if (p_moves ? any : all) x->dist = i;
        }
    *out = t;
    return partial ? t->q.k : 0;
}

int force_table_build(const chopsat_rules *r, const chopsat_query *q, force_table **out,
                      chopsat_err *err)
{
    return build(r, q, false, out, err);
}

int force_table_build_partial(const chopsat_rules *r, const chopsat_query *q, force_table **out,
                              chopsat_err *err)
{
    return build(r, q, true, out, err);
}

void force_table_free(force_table *t)
{
    if (!t) return;
    VEC_FREE(t->slots);
    VEC_FREE(t->succ);
    posmap_free(&t->map);
    free(t);
}

int force_table_dist(const force_table *t, const chopsat_pos *p)
{
    size_t j;
    if (!posmap_get(&t->map, p, &j) || j >= t->slots.n) return -1;
    return t->slots.items[j].dist;
}

size_t force_table_size(const force_table *t)
{
    return t->slots.n;
}

/* ---- building trees ---- */

typedef struct builder {
    const chopsat_rules *r;
    const force_table *t;
    strategy *s;
    posmap memo;    /* position -> node, for nodes whose bound the table fixed */
    VEC(int) depth; /* of each node in the tree (by first creation) */
    const strat_choice *choices;
    size_t nchoices;
} builder;

static size_t new_node(builder *b, const chopsat_pos *p, int bound, int depth, bool memo)
{
    strat_node n = {.pos = *p, .bound = bound};
    size_t id = b->s->nodes.n;
    VEC_PUSH(b->s->nodes, n);
    VEC_PUSH(b->depth, depth);
    if (memo) posmap_put(&b->memo, p, id);
    return id;
}

/* The node for a child at p: a known one when its bound serves, else a new one. */
static size_t child_node(builder *b, const chopsat_pos *p, int bound, int depth)
{
    size_t id;
    bool has = posmap_get(&b->memo, p, &id);
    bool ok = has && (b->s->refutation ? b->s->nodes.items[id].bound >= bound
                                       : b->s->nodes.items[id].bound <= bound);
    return ok ? id : new_node(b, p, bound, depth, depth > 1);
}

static const strat_choice *choice_at(const builder *b, const chopsat_pos *p, int depth)
{
    if (depth > 1) return NULL;
    for (size_t i = 0; i < b->nchoices; i++)
        if (chopsat_pos_equal(&b->choices[i].from, p)) return &b->choices[i];
    return NULL;
}

static void add_edge(builder *b, size_t child, const chopsat_move *m, bool qbf)
{
    strat_edge e = {.child = child, .qbf = qbf};
    snprintf(e.name, sizeof e.name, "%s", m->name);
    VEC_PUSH(b->s->edges, e);
}

/* Expands node id; -1 with a message when the table does not support the claim. */
static int expand(builder *b, size_t id, chopsat_err *err)
{
    strat_node nd = b->s->nodes.items[id];
    int depth = b->depth.items[id];
    const chopsat_query *q = &b->s->q;
    bool refute = b->s->refutation;
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(b->r, &nd.pos, buf, sizeof buf);
    b->s->nodes.items[id].first = b->s->edges.n;
    bool goal = query_goal(b->r, q, &nd.pos), over = chopsat_pos_winner(b->r, &nd.pos) != 0;
    if (refute && goal)
        return fail(err, "refutation: %s already meets player %d's goal", buf, q->player);
    if (goal) {
        b->s->nodes.items[id].end = END_GOAL;
        b->s->nodes.items[id].bound = 0;
        return 0;
    }
    if (refute && (over || nd.bound <= 0)) {
        b->s->nodes.items[id].end = over ? END_TERMINAL : END_BOUND;
        return 0;
    }
    if (!refute && (over || nd.bound <= 0))
        return fail(err, "strategy: at %s player %d has not reached the goal and %s", buf,
                    q->player, over ? "the game is over" : "no moves are left");
    chopsat_moves ms = {0};
    chopsat_moves_list(b->r, &nd.pos, &ms, NULL);
    bool chooser = ((int)nd.pos.mover == q->player) != refute; /* the side that picks one move */
    const strat_choice *ch = chooser ? choice_at(b, &nd.pos, depth) : NULL;
    int rc = 0;
    if (!chooser) {
        for (size_t i = 0; i < ms.n; i++) {
            int d = force_table_dist(b->t, &ms.items[i].to);
            if (!refute && (d < 0 || d > nd.bound - 1)) {
                rc = fail(err,
                          "strategy: after %s from %s the explicit engine finds no forced "
                          "goal within %d move%s",
                          ms.items[i].name, buf, nd.bound - 1, nd.bound - 1 == 1 ? "" : "s");
                break;
            }
            add_edge(b, child_node(b, &ms.items[i].to, refute ? nd.bound - 1 : d, depth + 1),
                     &ms.items[i], false);
        }
    } else {
        size_t best = ms.n;
        int best_d = 0;
        for (size_t i = 0; i < ms.n; i++) {
            if (ch) {
                if (chopsat_pos_equal(&ms.items[i].to, &ch->to)) best = i;
                continue;
            }
            int d = force_table_dist(b->t, &ms.items[i].to);
            /* strategy: the nearest forced goal; refutation: a reply after which P cannot force
             * it within the bound, preferring the ones P can never force, then the farthest */
            if (!refute && d >= 0 && d <= nd.bound - 1 && (best == ms.n || d < best_d))
                best = i, best_d = d;
            if (refute && (d < 0 || d > nd.bound - 1)) {
                int key = d < 0 ? 1 << 30 : d;
                if (best == ms.n || key > best_d) best = i, best_d = key;
            }
        }
        if (best == ms.n) {
            rc = ch ? fail(err, "the QBF solver's move from %s is not a legal move", buf)
                    : fail(err,
                           "%s: the explicit engine finds no move for player %u that %s "
                           "within %d move%s",
                           buf, nd.pos.mover,
                           refute ? "keeps the goal out of reach" : "forces the goal", nd.bound - 1,
                           nd.bound - 1 == 1 ? "" : "s");
        } else {
            const chopsat_pos *to = &ms.items[best].to;
            int d = force_table_dist(b->t, to);
            if (!refute && (d < 0 || d > nd.bound - 1))
                rc = fail(err,
                          "strategy: the QBF solver's move %s from %s forces no goal "
                          "within %d move%s by the explicit engine",
                          ms.items[best].name, buf, nd.bound - 1, nd.bound - 1 == 1 ? "" : "s");
            else if (refute && d >= 0 && d <= nd.bound - 1)
                rc = fail(err,
                          "refutation: the QBF solver's reply %s from %s lets player %d "
                          "force the goal within %d move%s by the explicit engine",
                          ms.items[best].name, buf, q->player, d, d == 1 ? "" : "s");
            else
                add_edge(b, child_node(b, to, refute ? nd.bound - 1 : d, depth + 1),
                         &ms.items[best], ch != NULL);
        }
    }
    chopsat_moves_free(&ms);
    b->s->nodes.items[id].n = b->s->edges.n - b->s->nodes.items[id].first;
    return rc;
}

strategy *strategy_build(const chopsat_rules *r, const chopsat_query *q, int bound, bool refutation,
                         const force_table *t, const strat_choice *choices, size_t nchoices,
                         chopsat_err *err)
{
    builder b = {.r = r, .t = t, .choices = choices, .nchoices = nchoices};
    b.s = xcalloc(1, sizeof *b.s);
    b.s->refutation = refutation;
    b.s->q = *q;
    new_node(&b, &q->from, bound, 0, false);
    /* breadth first: a position is first built at its largest remaining bound */
    int rc = 0;
    for (size_t i = 0; i < b.s->nodes.n && !rc; i++)
        rc = expand(&b, i, err);
    if (!rc && !refutation) {
        /* nodes near the root with QBF choices: bound = 1 + the largest child bound */
        for (size_t i = b.s->nodes.n; i-- > 0;) {
            strat_node *n = &b.s->nodes.items[i];
            if (b.depth.items[i] > 1 || n->end != END_NONE) continue;
            int h = 0;
            for (size_t e = n->first; e < n->first + n->n; e++)
                if (b.s->nodes.items[b.s->edges.items[e].child].bound > h)
                    h = b.s->nodes.items[b.s->edges.items[e].child].bound;
            n->bound = h + 1;
        }
    }
    posmap_free(&b.memo);
    VEC_FREE(b.depth);
    if (rc) {
        strategy_free(b.s);
        return NULL;
    }
    return b.s;
}

void strategy_free(strategy *s)
{
    if (!s) return;
    VEC_FREE(s->nodes);
    VEC_FREE(s->edges);
    free(s);
}

/* ---- the check, by the explicit engine only ---- */

/* Does the bound of edge e's child follow from its parent n's? 0, or -1 with err. */
static int check_bound_step(const strategy *s, size_t id, const char *buf, const strat_edge *ed,
                            chopsat_err *err)
{
    const strat_node *n = &s->nodes.items[id], *c = &s->nodes.items[ed->child];
    if (s->refutation ? c->bound < n->bound - 1 : c->bound > n->bound - 1)
        return fail(err, "node #%zu (%s): after '%s' the bound %d does not follow from %d", id, buf,
                    ed->name, c->bound, n->bound);
    return 0;
}

/* A node where the tree's own side moves: exactly one move, legal by the rules (decided
 * without listing the position's moves). 0, or -1 with err. */
static int check_choice(const chopsat_rules *r, const strategy *s, size_t id, const char *buf,
                        chopsat_err *err)
{
    const strat_node *n = &s->nodes.items[id];
    if (n->n != 1)
        return fail(err, "node #%zu (%s): player %u should have one move, has %zu", id, buf,
                    n->pos.mover, n->n);
    const strat_edge *ed = &s->edges.items[n->first];
    chopsat_move m;
    if (chopsat_move_between(r, &n->pos, &s->nodes.items[ed->child].pos, &m, NULL) != CHOPSAT_OK)
        return fail(err, "node #%zu (%s): move '%s' is not a legal move", id, buf, ed->name);
    return check_bound_step(s, id, buf, ed, err);
}

/* A node where the other side moves: every legal move once. 0, or -1 with err (also when the
 * position has too many moves to list). */
static int check_replies(const chopsat_rules *r, const strategy *s, size_t id, const char *buf,
                         chopsat_err *err)
{
    const strat_node *n = &s->nodes.items[id];
    chopsat_moves ms = {0};
    if (chopsat_moves_list(r, &n->pos, &ms, NULL) == CHOPSAT_LIMIT)
        return fail(err,
                    "node #%zu (%s): player %u may have more than %zu moves, too many to "
                    "check that each is answered",
                    id, buf, n->pos.mover, CHOPSAT_MOVES_LIST_MAX);
    int rc = 0;
    if (n->n != ms.n)
        rc = fail(err, "node #%zu (%s): %zu of player %u's %zu legal moves covered", id, buf, n->n,
                  n->pos.mover, ms.n);
    bool *seen = xcalloc(ms.n + 1, 1);
    for (size_t e = n->first; !rc && e < n->first + n->n; e++) {
        const strat_edge *ed = &s->edges.items[e];
        const strat_node *c = &s->nodes.items[ed->child];
        size_t m = 0;
        while (m < ms.n && !chopsat_pos_equal(&ms.items[m].to, &c->pos))
            m++;
        if (m == ms.n || seen[m])
            rc = fail(err, "node #%zu (%s): move '%s' is not a legal move or repeats", id, buf,
                      ed->name);
        else if (!(rc = check_bound_step(s, id, buf, ed, err)))
            seen[m] = 1;
    }
    free(seen);
    chopsat_moves_free(&ms);
    return rc;
}

static int check_node(const chopsat_rules *r, const strategy *s, size_t id, chopsat_err *err)
{
    const strat_node *n = &s->nodes.items[id];
    const chopsat_query *q = &s->q;
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, &n->pos, buf, sizeof buf);
    bool goal = query_goal(r, q, &n->pos), over = chopsat_pos_winner(r, &n->pos) != 0;
    if (s->refutation) {
        if (goal) return fail(err, "node #%zu (%s) meets player %d's goal", id, buf, q->player);
        if (over || n->bound <= 0) {
            if (n->n) return fail(err, "node #%zu (%s) should be a leaf", id, buf);
            return 0;
        }
    } else {
        if (goal) {
            if (n->n) return fail(err, "node #%zu (%s) continues after the goal", id, buf);
            return 0;
        }
        if (over)
            return fail(err, "node #%zu (%s): the game is over without player %d's goal", id, buf,
                        q->player);
        if (n->bound <= 0) return fail(err, "node #%zu (%s): no moves left and no goal", id, buf);
    }
    bool chooser = ((int)n->pos.mover == q->player) != s->refutation;
    return chooser ? check_choice(r, s, id, buf, err) : check_replies(r, s, id, buf, err);
}

int strategy_check(const chopsat_rules *r, const strategy *s, chopsat_err *err)
{
    if (!s->nodes.n || !chopsat_pos_equal(&s->nodes.items[0].pos, &s->q.from))
        return fail(err, "the tree does not start at the question's position");
    int b = s->nodes.items[0].bound;
    if (s->refutation ? b < s->q.k : b > s->q.k)
        return fail(err, "the root's bound %d does not %s the asked %d", b,
                    s->refutation ? "reach" : "stay within", s->q.k);
    for (size_t i = 0; i < s->nodes.n; i++)
        if (check_node(r, s, i, err)) return -1;
    return 0;
}

size_t chopsat_strategy_nodes(const chopsat_strategy *s)
{
    return s->nodes.n;
}
