/* strategy_file.c: the check of a strategy or refutation tree given from outside (`check --strategy
 * FILE`, chopsat_tree_file_read): the moves' names the file gives against its positions, then the
 * tree itself with the explicit move generator (chopsat_tree_check); the first node where it
 * fails and why. */
#include <stdio.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/oom.h"

/* The move named on edge e of node i (when the file names it) must lead to the edge's child:
 * true, or false with v->bad and v->why. */
static bool name_fits(const chopsat_rules *r, const chopsat_tree_file *s, size_t i, size_t e,
                      chopsat_tree_verdict *v)
{
    const chopsat_tree_node *n = &s->t.nodes[i];
    const chopsat_pos *to = &s->t.nodes[s->t.child[e]].pos;
    long id = s->ids[s->t.child[e]];
    char want[CHOPSAT_POS_MAX], got[CHOPSAT_POS_MAX];
    chopsat_move m;
    chopsat_err err;
    if (!s->names[e]) return true;
    chopsat_pos_format(r, to, want, sizeof want);
    v->bad = i;
    if (chopsat_move_parse(r, &n->pos, s->names[e], &m, NULL, &err) < 0) {
        snprintf(v->why, sizeof v->why, "the move '%s' to node %ld: %s", s->names[e], id, err.msg);
        return false;
    }
    if (chopsat_pos_equal(&m.to, to)) return true;
    chopsat_pos_format(r, &m.to, got, sizeof got);
    snprintf(v->why, sizeof v->why,
             "the move '%.60s' leads to %.200s, but it points to node %ld, %.200s", s->names[e],
             got, id, want);
    return false;
}

/* The names, then the tree: 0 with *v, or -1 with err (a malformed tree). */
static int check_body(const chopsat_rules *r, const chopsat_query *q, const chopsat_tree_file *s,
                      chopsat_tree_verdict *v, chopsat_err *err)
{
    memset(v, 0, sizeof *v);
    v->holds = 1;
    for (size_t i = 0; i < s->t.nnodes && v->holds; i++)
        for (size_t e = s->t.nodes[i].first; e < s->t.nodes[i].first + s->t.nodes[i].n; e++)
            if (!name_fits(r, s, i, e, v)) {
                v->holds = 0;
                break;
            }
    if (!v->holds) return 0;
    chopsat_err why;
    int rc = chopsat_tree_check(r, q, &s->t, &v->depth, &v->bad, &why);
    if (rc < 0) {
        if (err) *err = why;
        return -1;
    }
    v->holds = rc == CHOPSAT_YES;
    if (!v->holds) snprintf(v->why, sizeof v->why, "%s", why.msg);
    return 0;
}

int chopsat_tree_file_check(const chopsat_rules *r, const chopsat_query *q,
                            const chopsat_tree_file *s, chopsat_tree_verdict *v, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, check_body(r, q, s, v, err));
}
