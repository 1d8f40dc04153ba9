/* html_tree.c: `force --format html`, the strategy or refutation tree as collapsible nodes
 * (HTML details elements: they open and close with the keyboard and without JavaScript). Each
 * node shows its position drawn small, the player to move, the value and distance for that
 * player from the explicit solver (when the game is small enough to solve here), and what the
 * tree claims there; the moves of the side the tree belongs to (the winning replies of a
 * strategy, the refuting replies of a refutation) are marked with a star and a frame, not by
 * colour alone. A position already shown refers back to it by a link. A search box finds the
 * nodes of a position and opens the way to them. The tree is read from the JSON the library
 * writes for it (chopsat_strategy_write_json), with jansson. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "core/oom.h"
#include "core/util.h"
#include "report/html.h"

#define TREE_SOLVE_MAX 1000000 /* the largest index space solved here for the values */

/* The tree as read back: nodes in id order. */
typedef struct tree_view {
    json_t *doc;
    const json_t *nodes; /* the array */
    size_t n;
    const json_t **by_id; /* by_id[id]: the node object, or NULL */
    unsigned char *seen;  /* 1 once a node's moves are written */
    int chooser;          /* whose replies are the tree's own */
    bool refutation;
    int player;
    const chopsat_rules *r;
    const chopsat_solution *sol; /* NULL: no values */
} tree_view;

/* The number member key of object o, or dflt. */
static long num(const json_t *o, const char *key, long dflt)
{
    const json_t *v = json_object_get(o, key);
    return json_is_number(v) ? (long)json_number_value(v) : dflt;
}

/* The string member key of object o, or NULL. */
static const char *str(const json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

/* Reads the library's JSON of the tree into t; 0, or -1. */
static int read_tree(const chopsat_rules *r, const chopsat_strategy *s, tree_view *t)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) return -1;
    chopsat_json j;
    chopsat_json_init(&j, m);
    chopsat_strategy_write_json(r, s, &j, -1);
    fclose(m);
    json_error_t jerr;
    t->doc = json_loadb(text, len, JSON_DECODE_ANY, &jerr);
    free(text);
    if (!t->doc) return -1;
    t->nodes = json_object_get(t->doc, "nodes");
    if (!json_is_array(t->nodes)) return -1;
    t->n = json_array_size(t->nodes);
    t->by_id = xcalloc(t->n + 1, sizeof *t->by_id);
    t->seen = xcalloc(t->n + 1, 1);
    for (size_t i = 0; i < t->n; i++) {
        const json_t *nd = json_array_get(t->nodes, i);
        long id = num(nd, "id", -1);
        if (id >= 0 && (size_t)id < t->n) t->by_id[id] = nd;
    }
    const char *kind = str(t->doc, "kind");
    t->refutation = kind && !strcmp(kind, "refutation");
    t->player = (int)num(t->doc, "player", 1);
    t->chooser = t->refutation ? 3 - t->player : t->player;
    return 0;
}

/* What the tree claims at node nd (the words of the text tree). */
static void claim(const tree_view *t, const json_t *nd, char *buf, size_t size)
{
    const char *end = str(nd, "end");
    int p = t->player;
    long bound = num(nd, "bound", 0);
    if (end && !strcmp(end, "goal"))
        snprintf(buf, size, "player %d's goal is reached", p);
    else if (end && !strcmp(end, "game-over"))
        snprintf(buf, size, "game over without player %d's goal", p);
    else if (end && !strcmp(end, "bound"))
        snprintf(buf, size, "the moves are used up; player %d has not won", p);
    else if (t->refutation)
        snprintf(buf, size, "player %d cannot force it within %ld", p, bound);
    else
        snprintf(buf, size, "player %d forces it within %ld", p, bound);
}

/* The value badge of pos for the player to move, from the explicit solution. */
static void value_badge(FILE *f, const tree_view *t, const chopsat_pos *pos)
{
    if (!t->sol) return;
    uint32_t d;
    int v = chopsat_value(t->sol, pos, &d);
    const char *w = v == CHOPSAT_WIN ? "win" : v == CHOPSAT_LOSS ? "loss" : "draw";
    if (v == CHOPSAT_DRAW)
        html_printf(f, " <span class=\"badge draw\">draw</span>");
    else
        html_printf(f, " <span class=\"badge %s\">%s in %u</span>", w, w, d);
}

/* The line of a node: the move that led there, the drawing, the position and its facts. */
static void node_line(FILE *f, const tree_view *t, const json_t *nd, const char *via,
                      int via_player, long id)
{
    chopsat_pos pos;
    chopsat_err err;
    const char *ptext = str(nd, "position");
    if (via) {
        bool own = via_player == t->chooser;
        html_printf(f, "<span class=\"via%s\">player %d <b>%s</b>", own ? " own" : "", via_player,
                    via);
        if (own)
            fputs(t->refutation ? " <span class=\"star\">&#9733; refuting reply</span>"
                                : " <span class=\"star\">&#9733; winning reply</span>",
                  f);
        fputs("</span> &#8594; ", f);
    }
    if (ptext && !chopsat_pos_parse(t->r, ptext, &pos, &err)) {
        html_draw_position(f, t->r, &pos, 0);
        int w = chopsat_pos_winner(t->r, &pos);
        html_printf(f, " <code>%s</code>", ptext);
        if (w)
            html_printf(f, " <span class=\"mover\">player %d has won</span>", w);
        else
            html_printf(f, " <span class=\"mover\">player %u to move</span>", pos.mover);
        if (!w) value_badge(f, t, &pos);
    }
    char note[160];
    claim(t, nd, note, sizeof note);
    html_printf(f, " <span class=\"claim\">%s</span> <span class=\"id\">#%ld</span>", note, id);
}

/* Writes node id (reached by `via` of via_player) and, the first time, its subtree. */
static void write_node(FILE *f, tree_view *t, long id, const char *via, int via_player)
{
    const json_t *nd = id >= 0 && (size_t)id < t->n ? t->by_id[id] : NULL;
    if (!nd) return;
    const json_t *moves = json_object_get(nd, "moves");
    size_t nm = json_array_size(moves); /* 0 when it is no array */
    const char *ptext = str(nd, "position");
    if (nm && t->seen[id]) {
        html_printf(f, "<li class=\"node ref\" data-pos=\"%s\"><div class=\"row\">",
                    ptext ? ptext : "");
        if (via) {
            html_printf(f, "<span class=\"via%s\">player %d <b>%s</b>",
                        via_player == t->chooser ? " own" : "", via_player, via);
            fputs(via_player == t->chooser ? " <span class=\"star\">&#9733;</span></span> &#8594; "
                                           : "</span> &#8594; ",
                  f);
        }
        html_printf(f,
                    "<code>%s</code> = <a href=\"#n%ld\" data-ref=\"%ld\">#%ld (shown above)</a>"
                    "</div></li>\n",
                    ptext ? ptext : "", id, id, id);
        return;
    }
    t->seen[id] = 1;
    html_printf(f, "<li class=\"node\" id=\"n%ld\" data-pos=\"%s\">", id, ptext ? ptext : "");
    if (!nm) {
        fputs("<div class=\"row leaf\">", f);
        node_line(f, t, nd, via, via_player, id);
        fputs("</div></li>\n", f);
        return;
    }
    fputs("<details open><summary>", f);
    node_line(f, t, nd, via, via_player, id);
    fputs("</summary>\n<ul>\n", f);
    long mover = num(nd, "mover", 1);
    for (size_t e = 0; e < nm; e++) {
        const json_t *ed = json_array_get(moves, e);
        write_node(f, t, num(ed, "to", -1), str(ed, "move"), (int)mover);
    }
    fputs("</ul></details></li>\n", f);
}

/* The first moves the answering engine gave. */
static void first_moves(FILE *f, const chopsat_rules *r, const chopsat_force_result *res)
{
    const chopsat_force_move *first;
    size_t n = chopsat_force_first_moves(res, &first);
    if (!n) return;
    const char *first_by = chopsat_force_first_by(res);
    const char *by = !strcmp(first_by, "bdd")        ? "the BDD layers"
                     : !strcmp(first_by, "explicit") ? "the explicit forcing table"
                                                     : "the QBF solver's outermost block";
    int chooser = chopsat_force_chooser(res);
    html_printf(f, "<section class=\"first\"><h2>First move%s (from %s)</h2>\n<ul>\n",
                n > 1 ? "s" : "", by);
    for (size_t i = 0; i < n; i++) {
        char pos[CHOPSAT_POS_MAX];
        chopsat_pos_format(r, &first[i].move.to, pos, sizeof pos);
        if (first[i].after.name[0])
            html_printf(
                f,
                "<li>after player %d <b>%s</b>: player %d <b>%s</b> &#8594; <code>%s</code></li>\n",
                3 - chooser, first[i].after.name, chooser, first[i].move.name, pos);
        else
            html_printf(f, "<li>player %d <b>%s</b> &#8594; <code>%s</code></li>\n", chooser,
                        first[i].move.name, pos);
    }
    fputs("</ul>\n</section>\n", f);
}

/* The tree section: its heading, the legend, the search box and the nodes. */
static void tree_section(FILE *f, tree_view *t, const chopsat_force_result *res)
{
    const char *kind = t->refutation ? "refutation" : "strategy";
    html_printf(f, "<section class=\"tree\" data-tree><h2>The %s of player %d: %zu nodes</h2>\n",
                kind, chopsat_force_chooser(res), t->n);
    html_printf(f,
                "<p class=\"legend\">%s. Each node: the move that led there, the position, "
                "the player to move, %sand what the tree claims there. &#9733; marks the "
                "moves of player %d, %s; every move of the other side is answered. A "
                "position already shown links back to it.</p>\n",
                chopsat_force_tree_note(res),
                t->sol ? "the value for that player with best play (win or "
                         "loss in so many moves, or draw: from the explicit solver), "
                       : "",
                chopsat_force_chooser(res),
                t->refutation ? "the refuting replies" : "the winning replies");
    fputs(
        "<div class=\"treebar\" role=\"search\"><label>find a position <input type=\"search\" "
        "data-search placeholder=\"11/04:2\" autocomplete=\"off\"></label> <button type=\"button\" "
        "data-next>next match</button> <button type=\"button\" data-open=\"1\">open all</button> "
        "<button type=\"button\" data-open=\"0\">close all</button> <output data-found "
        "aria-live=\"polite\"></output></div>\n<ul class=\"root\">\n",
        f);
    write_node(f, t, 0, NULL, 0);
    fputs("</ul>\n</section>\n", f);
}

/* chopsat_html_force under its recovery point: the page, then whether every write succeeded. */
static int html_force_body(FILE *f, const chopsat_rules *r, const chopsat_query *q,
                           const char *question, const chopsat_force_result *res, chopsat_err *err)
{
    char answer[200];
    bool yes = chopsat_force_value(res) == CHOPSAT_YES;
    int moves = chopsat_force_moves(res);
    if (yes)
        snprintf(answer, sizeof answer, "yes, within %d move%s (the minimum)", moves,
                 moves == 1 ? "" : "s");
    else
        snprintf(answer, sizeof answer, "no");
    char checked[800];
    snprintf(
        checked, sizeof checked, "%s%s",
        chopsat_force_checked(res) ? "" : "NOT cross-checked: ", chopsat_force_check_note(res));
    html_begin(f, r, "force", question, answer, checked);
    if (q->kind == CHOPSAT_Q_REACH) {
        char target[CHOPSAT_POS_MAX];
        chopsat_pos_format(r, &q->target, target, sizeof target);
        html_printf(f,
                    "<p class=\"details\">The goal: the game in <code>%s</code> (forced by "
                    "player %d).</p>\n",
                    target, q->player);
    }
    first_moves(f, r, res);
    tree_view t;
    memset(&t, 0, sizeof t);
    t.r = r;
    chopsat_solution *sol = NULL;
    uint64_t size = chopsat_position_count(r);
    if (size && size <= TREE_SOLVE_MAX) sol = chopsat_solve(r, NULL, NULL, NULL);
    t.sol = sol;
    const chopsat_strategy *tree = chopsat_force_tree(res);
    if (tree && !read_tree(r, tree, &t))
        tree_section(f, &t, res);
    else
        html_printf(f, "<p class=\"nograph\">No tree on this page: %s.</p>\n",
                    tree ? "it could not be read back" : chopsat_force_tree_note(res));
    json_decref(t.doc);
    free(t.by_id);
    free(t.seen);
    chopsat_solution_free(sol);
    html_end(f);
    return html_written(f, err);
}

int chopsat_html_force(FILE *out, const chopsat_rules *r, const chopsat_query *q,
                       const char *question, const chopsat_force_result *res, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, html_force_body(out, r, q, question, res, err));
}
