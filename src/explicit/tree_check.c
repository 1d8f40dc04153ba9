/* tree_check.c: chopsat_tree_check, a strategy or refutation tree from outside (`chopsat check
 * --strategy`) walked with the move generator alone. Breadth-first from the root, so that the
 * failure reported is the one nearest the root; a strategy is then searched for loops and its
 * longest line measured. Nothing here trusts the tree's own bounds or end marks. */
#include <stdlib.h>
#include <string.h>

#include "core/oom.h"
#include "core/util.h"
#include "games/query.h"

typedef struct walk {
    const chopsat_rules *r;
    const chopsat_query *q;
    const chopsat_tree *t;
    chopsat_moves ms; /* scratch: the legal moves of the node being checked */
} walk;

/* Checks the moves of node i: the chooser's node has exactly one legal move, the other side's
 * node every legal move (each child a legal successor, decided from the rules at any width).
 * 1, or 0 with err; -1 with err when the other side has too many moves to list. */
static int check_moves(walk *w, size_t i, int chooser, chopsat_err *err)
{
    const chopsat_tree_node *n = &w->t->nodes[i];
    char buf[CHOPSAT_POS_MAX];
    for (size_t e = n->first; e < n->first + n->n; e++) {
        const chopsat_pos *to = &w->t->nodes[w->t->child[e]].pos;
        chopsat_move m;
        if (chopsat_move_between(w->r, &n->pos, to, &m, NULL) != CHOPSAT_OK) {
            chopsat_pos_format(w->r, to, buf, sizeof buf);
            fail(err, "no legal move leads from here to %s", buf);
            return 0;
        }
    }
    if ((int)n->pos.mover == chooser) {
        if (n->n != 1) {
            fail(err,
                 "player %d is to move here and the %s gives %zu moves: it must choose "
                 "exactly one",
                 chooser, w->t->refutation ? "refutation" : "strategy", n->n);
            return 0;
        }
        return 1;
    }
    if (chopsat_moves_list(w->r, &n->pos, &w->ms, NULL) == CHOPSAT_LIMIT) {
        chopsat_pos_format(w->r, &n->pos, buf, sizeof buf);
        fail(err, "%s may have more than %zu moves, too many to check that each is answered", buf,
             CHOPSAT_MOVES_LIST_MAX);
        return -1;
    }
    for (size_t k = 0; k < w->ms.n; k++) {
        bool covered = false;
        for (size_t e = n->first; e < n->first + n->n && !covered; e++)
            covered = chopsat_pos_equal(&w->t->nodes[w->t->child[e]].pos, &w->ms.items[k].to);
        if (!covered) {
            chopsat_pos_format(w->r, &w->ms.items[k].to, buf, sizeof buf);
            fail(err,
                 "player %u's move %s (-> %s) is not answered: every move of player %u "
                 "must be covered",
                 n->pos.mover, w->ms.items[k].name, buf, n->pos.mover);
            return 0;
        }
    }
    return 1;
}

/* Breadth-first from the root: every node reached is checked as the kind of tree asks. The
 * order (order[0..*count)) and the least depths are returned for the strategy's loop search. */
static int breadth_first(walk *w, size_t *order, size_t *count, int *depth, size_t *bad,
                         chopsat_err *err)
{
    const chopsat_tree *t = w->t;
    const chopsat_query *q = w->q;
    int P = q->player, chooser = t->refutation ? 3 - P : P;
    char buf[CHOPSAT_POS_MAX];
    size_t head = 0, n = 0;
    for (size_t i = 0; i < t->nnodes; i++)
        depth[i] = -1;
    depth[0] = 0;
    order[n++] = 0;
    while (head < n) {
        size_t i = order[head++];
        const chopsat_tree_node *nd = &t->nodes[i];
        int d = depth[i], winner = chopsat_pos_winner(w->r, &nd->pos);
        *bad = i;
        if (t->refutation) {
            if (query_goal(w->r, w->q, &nd->pos)) {
                fail(err, "player %d %s here, after %d move%s (within the %d of the question)", P,
                     q->kind == CHOPSAT_Q_REACH ? "reaches the target" : "has won", d,
                     d == 1 ? "" : "s", q->k);
                return 0;
            }
            if (d >= q->k || winner) continue; /* the bound used up, or the game over */
        } else {
            if (query_goal(w->r, w->q, &nd->pos)) continue;
            if (winner) {
                fail(err, "the game is over here and player %d has won, not player %d", winner, P);
                return 0;
            }
        }
        if (!nd->n) {
            chopsat_pos_format(w->r, &nd->pos, buf, sizeof buf);
            if (t->refutation)
                fail(err,
                     "the line stops here after %d move%s, before the %d of the question, "
                     "and the game goes on (player %u to move)",
                     d, d == 1 ? "" : "s", q->k, nd->pos.mover);
            else
                fail(err,
                     "the line stops here but player %d has not %s (the game goes on, "
                     "player %u to move)",
                     P, q->kind == CHOPSAT_Q_REACH ? "reached the target" : "won", nd->pos.mover);
            return 0;
        }
        for (size_t e = nd->first; e < nd->first + nd->n; e++)
            if (t->child[e] >= t->nnodes)
                return fail(err, "a move to node %zu, which does not exist", t->child[e]);
        int ok = check_moves(w, i, chooser, err);
        if (ok != 1) return ok;
        for (size_t e = nd->first; e < nd->first + nd->n; e++)
            if (depth[t->child[e]] < 0) {
                depth[t->child[e]] = d + 1;
                order[n++] = t->child[e];
            }
    }
    *count = n;
    return 1;
}

/* A strategy: no loop among the nodes reached (a loop lets the opponent, or the strategy
 * itself, go round forever), and the longest line from the root (*longest) with its leaf. */
static int longest_line(walk *w, const int *depth, int *longest, size_t *leaf, size_t *bad,
                        chopsat_err *err)
{
    const chopsat_tree *t = w->t;
    size_t n = t->nnodes;
    /* iterative depth-first search: state 0 new, 1 on the stack, 2 done; len: longest line
     * below a node, far: the leaf where it ends */
    int *state = xcalloc(n, sizeof *state), *len = xcalloc(n, sizeof *len);
    size_t *far = xcalloc(n, sizeof *far), *stack = xmalloc(n * sizeof *stack),
           *next = xcalloc(n, sizeof *next);
    size_t top = 0;
    int rc = 1;
    stack[top++] = 0;
    state[0] = 1;
    while (top && rc == 1) {
        size_t i = stack[top - 1];
        const chopsat_tree_node *nd = &t->nodes[i];
        bool leaf = query_goal(w->r, w->q, &nd->pos);
        if (!leaf && next[i] < nd->n) {
            size_t c = t->child[nd->first + next[i]++];
            if (state[c] == 1) {
                char buf[CHOPSAT_POS_MAX];
                chopsat_pos_format(w->r, &t->nodes[c].pos, buf, sizeof buf);
                *bad = i;
                fail(err,
                     "a move from here returns to %s, which is on the line that led here: a "
                     "loop never forces the goal",
                     buf);
                rc = 0;
            } else if (state[c] == 0) {
                state[c] = 1;
                stack[top++] = c;
            }
            continue;
        }
        if (leaf || !nd->n) far[i] = i;
        for (size_t e = nd->first; !leaf && e < nd->first + nd->n; e++) {
            size_t c = t->child[e];
            if (len[c] + 1 > len[i] || e == nd->first) {
                len[i] = len[c] + 1;
                far[i] = far[c];
            }
        }
        state[i] = 2;
        top--;
    }
    (void)depth;
    *longest = len[0];
    *leaf = far[0];
    free(state), free(len), free(far), free(stack), free(next);
    return rc;
}

static int tree_check_body(const chopsat_rules *r, const chopsat_query *q, const chopsat_tree *t,
                           int *depth, size_t *bad, chopsat_err *err)
{
    *bad = 0;
    if (!t->nnodes) return fail(err, "the tree has no nodes");
    if (q->k < 0) return fail(err, "bound: %d is no number of moves", q->k);
    for (size_t i = 0; i < t->nnodes; i++)
        if (t->nodes[i].first + t->nodes[i].n > t->nedges)
            return fail(err, "node %zu: its moves lie outside the tree's list of moves", i);
    walk w = {.r = r, .q = q, .t = t};
    size_t *order = xmalloc(t->nnodes * sizeof *order), count = 0;
    int *least = xmalloc(t->nnodes * sizeof *least);
    int rc = breadth_first(&w, order, &count, least, bad, err);
    if (rc == 1 && t->refutation) *depth = q->k;
    if (rc == 1 && !t->refutation) {
        int longest = 0;
        size_t leaf = 0;
        rc = longest_line(&w, least, &longest, &leaf, bad, err);
        *depth = longest;
        if (rc == 1 && longest > q->k) {
            char buf[CHOPSAT_POS_MAX];
            chopsat_pos_format(r, &t->nodes[leaf].pos, buf, sizeof buf);
            *bad = 0;
            rc = 0;
            fail(err, "the longest line takes %d moves (to %s), more than the %d of the question",
                 longest, buf, q->k);
        }
    }
    chopsat_moves_free(&w.ms);
    free(order);
    free(least);
    return rc == 1 ? CHOPSAT_YES : rc == 0 ? CHOPSAT_NO : CHOPSAT_ERROR;
}

int chopsat_tree_check(const chopsat_rules *r, const chopsat_query *q, const chopsat_tree *t,
                       int *depth, size_t *bad, chopsat_err *err)
{
    if (chopsat_query_check(r, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, tree_check_body(r, q, t, depth, bad, err));
}
