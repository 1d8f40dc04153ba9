/* dot.c: the game graph as Graphviz DOT (`chopsat graph`). Every position reachable from the
 * starting one is a node, labelled with its notation, value and distance and filled by value
 * (blue: the player to move wins, orange: loses, grey: draw: the HTML pages' colours); terminal
 * nodes are boxes, the starting node has a double outline. Edges are the distinct moves: taps and
 * rolls solid, splits dashed. It writes to a FILE the caller opened; it knows no game (game.h
 * does). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"
#include "games/game.h"

/* A node's fill by its value: the colours of the HTML pages' graph and keys (page.css). */
static const char *fill(int value)
{
    return value == CHOPSAT_WIN ? "#92c5de" : value == CHOPSAT_LOSS ? "#f4a582" : "#d9d9d9";
}

static const char *value_word(int value)
{
    return value == CHOPSAT_WIN ? "win" : value == CHOPSAT_LOSS ? "loss" : "draw";
}

static int write_dot_body(const chopsat_solution *sol, const chopsat_pos *from, FILE *out,
                          chopsat_err *err)
{
    const chopsat_rules *r = chopsat_solution_rules(sol);
    chopsat_reach_set *set = chopsat_explore(r, from, err);
    if (!set) return -1;
    char rules[256], buf[CHOPSAT_POS_MAX];
    chopsat_rules_describe(r, rules, sizeof rules);
    chopsat_pos_format(r, from, buf, sizeof buf);
    uint64_t n = chopsat_reach_count(set);
    fprintf(out, "digraph chopsat {\n");
    fprintf(out,
            "  graph [labelloc=t, fontname=\"Helvetica\", label=\"%s: the %llu position%s "
            "reachable from %s\\nblue: the player to move wins, orange: loses, grey: draw "
            "(with the distance); box: game over; dashed: a split\"];\n",
            rules, (unsigned long long)n, n == 1 ? "" : "s", buf);
    /* bounded layout effort: dot takes minutes on a few hundred nodes without these */
    fprintf(out,
            "  graph [mclimit=0.2, nslimit=2, nslimit1=2, searchsize=20, remincross=false];\n");
    fprintf(out, "  node [style=filled, fontname=\"Helvetica\", fontsize=10, shape=ellipse];\n");
    fprintf(out, "  edge [arrowsize=0.5, color=\"#555555\"];\n");

    /* Nodes are named by their index in the game's index space (game.h). */
    for (uint64_t k = 0; k < n; k++) {
        chopsat_pos p;
        chopsat_reach_at(set, k, &p);
        uint32_t d;
        int v = chopsat_value(sol, &p, &d);
        chopsat_pos_format(r, &p, buf, sizeof buf);
        fprintf(out, "  p%llu [label=\"%s\\n%s", (unsigned long long)r->game->index(r, &p), buf,
                value_word(v));
        if (v != CHOPSAT_DRAW) fprintf(out, " %u", d);
        fprintf(out, "\", fillcolor=\"%s\"", fill(v));
        if (r->game->winner(r, &p)) fprintf(out, ", shape=box");
        if (k == 0) fprintf(out, ", peripheries=2");
        fprintf(out, "];\n");
    }
    chopsat_moves ms = {0};
    for (uint64_t k = 0; k < n; k++) {
        chopsat_pos p;
        chopsat_reach_at(set, k, &p);
        chopsat_moves_list(r, &p, &ms, NULL);
        for (size_t m = 0; m < ms.n; m++) {
            fprintf(out, "  p%llu -> p%llu [tooltip=\"%s\"%s];\n",
                    (unsigned long long)r->game->index(r, &p),
                    (unsigned long long)r->game->index(r, &ms.items[m].to), ms.items[m].name,
                    ms.items[m].kind == CHOPSAT_SPLIT ? ", style=dashed" : "");
        }
    }
    chopsat_moves_free(&ms);
    fprintf(out, "}\n");
    chopsat_reach_set_free(set);
    if (fflush(out) != 0 || ferror(out))
        return fail(err, "graph: write error: %s", strerror(errno));
    return 0;
}

int chopsat_write_dot(const chopsat_solution *sol, const chopsat_pos *from, FILE *out,
                      chopsat_err *err)
{
    if (chopsat_pos_check(chopsat_solution_rules(sol), from, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, write_dot_body(sol, from, out, err));
}
