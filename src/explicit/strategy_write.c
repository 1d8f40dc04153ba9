/* strategy_write.c: the one printer of strategy and refutation trees (chopsat_strategy_write_text
 * and chopsat_strategy_write_json in chopsat.h), for every tree chopsat_force returns, whichever
 * engine answered: an indented tree where a position already shown is referred to by its
 * #number, or one JSON object; both can be cut at a depth. */
#include <stdint.h>
#include <stdlib.h>

#include "core/oom.h"
#include "explicit/strategy.h"

/* The note after node n's position: its end, or what its bound promises. */
static void node_note(const chopsat_rules *r, const strategy *s, const strat_node *n, char *buf,
                      size_t size)
{
    (void)r;
    int p = s->q.player;
    switch (n->end) {
    case END_GOAL:
        if (s->q.kind == CHOPSAT_Q_WIN)
            snprintf(buf, size, "player %d has won", p);
        else
            snprintf(buf, size, "the target is reached");
        break;
    case END_TERMINAL:
        snprintf(buf, size, "game over without player %d's goal", p);
        break;
    case END_BOUND: { /* the question's moves are used up here; nobody is stuck */
        int k = s->nodes.n ? s->nodes.items[0].bound : 0;
        snprintf(buf, size, "the %d move%s used up, player %d has not won (the game goes on)", k,
                 k == 1 ? " is" : "s are", p);
        break;
    }
    default:
        if (s->refutation)
            snprintf(buf, size, "player %d cannot force it within %d", p, n->bound);
        else
            snprintf(buf, size, "player %d forces it within %d", p, n->bound);
    }
}

/* Writes node id and, unless it was shown already or is `depth` = max_depth deep (max_depth
 * < 0: no limit), the tree below it. seen[i]: 1 when node i's line was printed, 2 when its
 * moves were too (or it is a leaf). */
static void write_node(const chopsat_rules *r, const strategy *s, size_t id, const char *how,
                       int indent, int depth, int max_depth, const char *cut_by,
                       unsigned char *seen, FILE *out)
{
    const strat_node *n = &s->nodes.items[id];
    char pos[CHOPSAT_POS_MAX], note[160];
    chopsat_pos_format(r, &n->pos, pos, sizeof pos);
    fprintf(out, "%*s%s%s", indent, "", how, pos);
    if (seen[id] == 2 && n->end == END_NONE) {
        fprintf(out, "  = #%zu (above)\n", id);
        return;
    }
    node_note(r, s, n, note, sizeof note);
    if (n->end != END_NONE) {
        seen[id] = 2;
        fprintf(out, "  %s\n", note);
        return;
    }
    if (max_depth >= 0 && depth >= max_depth) {
        if (!seen[id]) seen[id] = 1;
        fprintf(out, "  #%zu, %s; its moves cut (%s %d)\n", id, note, cut_by ? cut_by : "at depth",
                max_depth);
        return;
    }
    seen[id] = 2;
    fprintf(out, "  #%zu, %s\n", id, note);
    for (size_t e = n->first; e < n->first + n->n; e++) {
        const strat_edge *ed = &s->edges.items[e];
        char h[CHOPSAT_NAME_MAX + 48];
        snprintf(h, sizeof h, "player %u %s%s -> ", n->pos.mover, ed->name,
                 ed->qbf ? " (QBF)" : "");
        write_node(r, s, ed->child, h, indent + 2, depth + 1, max_depth, cut_by, seen, out);
    }
}

static size_t write_text_body(const chopsat_rules *r, const chopsat_strategy *s, FILE *out,
                              int max_depth, const char *cut_by)
{
    unsigned char *seen = xcalloc(s->nodes.n ? s->nodes.n : 1, 1);
    write_node(r, s, 0, "", 2, 0, max_depth, cut_by, seen, out);
    size_t cut = 0;
    for (size_t i = 0; i < s->nodes.n; i++)
        cut += !seen[i];
    free(seen);
    return cut;
}

/* The breadth-first depth of every node from the root (SIZE_MAX: not reached). */
static size_t *node_depths(const strategy *s)
{
    size_t n = s->nodes.n, *d = xmalloc((n ? n : 1) * sizeof *d),
           *queue = xmalloc((n ? n : 1) * sizeof *queue);
    for (size_t i = 0; i < n; i++)
        d[i] = SIZE_MAX;
    size_t head = 0, tail = 0;
    if (n) d[0] = 0, queue[tail++] = 0;
    while (head < tail) {
        const strat_node *nd = &s->nodes.items[queue[head++]];
        for (size_t e = nd->first; e < nd->first + nd->n; e++) {
            size_t c = s->edges.items[e].child;
            if (d[c] == SIZE_MAX) d[c] = d[queue[head - 1]] + 1, queue[tail++] = c;
        }
    }
    free(queue);
    return d;
}

static size_t write_json_body(const chopsat_rules *r, const chopsat_strategy *s, chopsat_json *j,
                              int max_depth)
{
    static const char *ends[] = {NULL, "goal", "game-over", "bound"};
    size_t *depth = node_depths(s), cut = 0;
    char text[256];
    chopsat_json_object(j);
    chopsat_json_kstring(j, "kind", s->refutation ? "refutation" : "strategy");
    chopsat_rules_describe(r, text, sizeof text); /* the question it belongs to, read back */
    chopsat_json_kstring(j, "rules", text);
    if (s->q.kind == CHOPSAT_Q_REACH) {
        chopsat_pos_format(r, &s->q.target, text, sizeof text);
        chopsat_json_kstring(j, "target", text);
    }
    chopsat_json_kint(j, "player", s->q.player);
    chopsat_json_kint(j, "within", s->nodes.n ? s->nodes.items[0].bound : 0);
    chopsat_json_kint(j, "root", 0);
    chopsat_json_key(j, "nodes");
    chopsat_json_array(j, false);
    for (size_t i = 0; i < s->nodes.n; i++) {
        const strat_node *n = &s->nodes.items[i];
        bool limited = max_depth >= 0;
        if (limited && depth[i] > (size_t)max_depth) { /* below the cut (or not reached) */
            cut++;
            continue;
        }
        bool moves_cut = limited && depth[i] == (size_t)max_depth && n->n;
        char pos[CHOPSAT_POS_MAX];
        chopsat_pos_format(r, &n->pos, pos, sizeof pos);
        chopsat_json_object(j);
        chopsat_json_kint(j, "id", (long long)i);
        chopsat_json_kstring(j, "position", pos);
        chopsat_json_kint(j, "mover", n->pos.mover);
        chopsat_json_kint(j, "bound", n->bound);
        chopsat_json_kstring(j, "end", ends[n->end]);
        if (limited) chopsat_json_kbool(j, "cut", moves_cut);
        chopsat_json_key(j, "moves");
        chopsat_json_array(j, false);
        for (size_t e = n->first; !moves_cut && e < n->first + n->n; e++) {
            const strat_edge *ed = &s->edges.items[e];
            chopsat_json_object(j);
            chopsat_json_kstring(j, "move", ed->name);
            chopsat_json_kint(j, "to", (long long)ed->child);
            chopsat_json_kbool(j, "qbf", ed->qbf);
            chopsat_json_end(j);
        }
        chopsat_json_end(j);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
    if (max_depth >= 0) {
        chopsat_json_kint(j, "tree_depth", max_depth);
        chopsat_json_key(j, "cut_nodes");
        chopsat_json_uint(j, cut);
    }
    chopsat_json_end(j);
    free(depth);
    return cut;
}

size_t chopsat_strategy_write_text(const chopsat_rules *r, const chopsat_strategy *s, FILE *out,
                                   int max_depth, const char *cut_by)
{
    CS_GUARDED(size_t, 0, NULL, write_text_body(r, s, out, max_depth, cut_by));
}

size_t chopsat_strategy_write_json(const chopsat_rules *r, const chopsat_strategy *s,
                                   chopsat_json *j, int max_depth)
{
    CS_GUARDED(size_t, 0, NULL, write_json_body(r, s, j, max_depth));
}
