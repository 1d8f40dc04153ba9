/* html_graph.c: the game graph with a path on it. The graph is the library's DOT
 * (chopsat_write_dot, the picture `chopsat graph` writes), read back line by line here and
 * given the path: its positions and moves drawn thick and dark, each move numbered in the order
 * it is played, so the path shows without colour. `graph --highlight FILE|MOVES` writes that
 * DOT (chopsat_dot_highlight); the pages of html_film.c embed it laid out by Graphviz as inline
 * SVG: `dot -Tsvg` run by the one process runner (chopsat_run: no shell, the DOT on its
 * standard input, a time limit), with the spring layout (-Kneato, nodes kept apart) past
 * GRAPH_DOT_MAX positions, where dot's ranking takes minutes; a game of more than GRAPH_MAX
 * reachable positions, or a machine without Graphviz, gets a sentence saying so instead. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/oom.h"
#include "core/util.h"
#include "report/html.h"

#define GRAPH_MAX       500     /* the most reachable positions drawn on a page */
#define GRAPH_DOT_MAX   200     /* past this, the spring layout instead of dot's ranks */
#define GRAPH_SOLVE_MAX 1000000 /* the largest index space a page solves for the graph */
#define GRAPH_SECONDS   60      /* the most a layout may take */
#define GRAPH_SVG_MAX   (32u << 20)

static const char *PATH_COLOR = "#111166";

/* The library's DOT of the graph reachable from `from`: a new string, or NULL with err. */
static char *library_dot(const chopsat_solution *sol, const chopsat_pos *from, chopsat_err *err)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) {
        snprintf(err->msg, sizeof err->msg, "graph: out of memory");
        return NULL;
    }
    int rc = chopsat_write_dot(sol, from, m, err);
    fclose(m);
    if (rc) {
        free(text);
        return NULL;
    }
    return text;
}

/* The node name of a node line `  pN [label="POS\n...` into name, its position into pos. */
static bool node_line(const char *line, char *name, size_t nsize, char *pos, size_t psize)
{
    const char *lab = strstr(line, " [label=\"");
    if (strncmp(line, "  p", 3) || !lab || strstr(line, " -> ")) return false;
    snprintf(name, nsize, "%.*s", (int)(lab - line - 2), line + 2);
    const char *p = lab + 9, *end = strstr(p, "\\n");
    if (!end) end = strchr(p, '"');
    if (!end) return false;
    snprintf(pos, psize, "%.*s", (int)(end - p), p);
    return true;
}

/* Writes dot (the library's) to out with path[0..n-1] highlighted. html: without the title
 * (the page has its own words) and with classes the page's CSS styles. */
static void write_highlighted(FILE *out, const char *dot, const chopsat_rules *r,
                              const chopsat_pos *path, size_t n, bool html)
{
    char(*want)[CHOPSAT_POS_MAX] = xcalloc(n + 1, sizeof *want);
    char(*names)[32] = xcalloc(n + 1, sizeof *names);
    for (size_t i = 0; i < n; i++)
        chopsat_pos_format(r, &path[i], want[i], sizeof want[i]);
    for (const char *line = dot; *line;) {
        size_t len = strcspn(line, "\n");
        char *l = xcalloc(len + 1, 1);
        memcpy(l, line, len);
        line += len + (line[len] == '\n');
        char name[32], pos[64], a[32], b[32];
        bool on_path = false;
        char steps[200] = "";
        if (node_line(l, name, sizeof name, pos, sizeof pos)) {
            for (size_t i = 0; i < n; i++)
                if (!strcmp(want[i], pos)) {
                    snprintf(names[i], sizeof names[i], "%s", name);
                    on_path = true;
                }
        } else if (sscanf(l, " %31s -> %31[^ ] [", a, b) == 2) {
            for (size_t i = 0; i + 1 < n; i++)
                if (names[i][0] && !strcmp(names[i], a) && !strcmp(names[i + 1], b)) {
                    size_t s = strlen(steps);
                    snprintf(steps + s, sizeof steps - s, "%s%zu", s ? "," : "", i + 1);
                    on_path = true;
                }
        } else if (html && !strncmp(l, "  graph [labelloc=t", 19)) {
            free(l);
            continue;
        }
        size_t end = len >= 2 && !strcmp(l + len - 2, "];") ? len - 2 : len;
        if (on_path && end < len && steps[0])
            fprintf(out,
                    "%.*s, color=\"%s\", penwidth=4, arrowsize=1, xlabel=\"%s\", "
                    "fontcolor=\"%s\", fontsize=12%s];\n",
                    (int)end, l, PATH_COLOR, steps, PATH_COLOR, html ? ", class=\"path\"" : "");
        else if (on_path && end < len)
            fprintf(out, "%.*s, color=\"%s\", penwidth=3%s];\n", (int)end, l, PATH_COLOR,
                    html ? ", class=\"path\"" : "");
        else
            fprintf(out, "%s\n", l);
        free(l);
    }
    free(want);
    free(names);
}

/* Runs `dot -Tsvg` (with -Kneato when spring) on input through the one process runner
 * (chopsat_run: no shell, the program found on PATH, its output kept up to GRAPH_SVG_MAX, at
 * most GRAPH_SECONDS); 0 with *svg (a new string from "<svg" on), or -1 with why. */
static int run_dot(const char *input, bool spring, char **svg, char *why, size_t wsize)
{
    /* dot's own layout takes no more words: the list ends before -Goverlap=false */
    char *argv[] = {"dot", "-Tsvg", spring ? "-Kneato" : NULL, "-Goverlap=false", NULL};
    chopsat_run_spec spec = {.argv = argv,
                             .input = input,
                             .input_len = strlen(input),
                             .err = CHOPSAT_RUN_DISCARD,
                             .out_cap = GRAPH_SVG_MAX,
                             .timeout = GRAPH_SECONDS};
    chopsat_run_result r;
    chopsat_err err;
    why[0] = 0;
    if (chopsat_run(&spec, &r, &err)) {
        snprintf(why, wsize, "cannot run Graphviz's dot: %s", err.msg);
        return -1;
    }
    const char *start = r.out ? strstr(r.out, "<svg") : NULL;
    if (r.exec_errno == ENOENT)
        snprintf(why, wsize,
                 "Graphviz is not installed (no dot program on the PATH; the "
                 "graphviz package has it)");
    else if (r.exec_errno)
        snprintf(why, wsize, "cannot run Graphviz's dot: %s", strerror(r.exec_errno));
    else if (r.timed_out)
        snprintf(why, wsize, "Graphviz took more than %d seconds to lay the graph out",
                 GRAPH_SECONDS);
    else if (r.too_long)
        snprintf(why, wsize, "Graphviz's picture passed the size limit");
    else if (!r.exited || r.exit_code || !start)
        snprintf(why, wsize, "Graphviz's dot failed");
    else
        *svg = xstrdup(start);
    chopsat_run_result_free(&r);
    return why[0] ? -1 : 0;
}

/* Writes dot's SVG into the page: from <svg to </svg>, with a text alternative; refuses a
 * picture that holds a script or a link (dot never writes one for chopsat's graph). */
static bool embed_svg(FILE *f, char *svg, const char *alt)
{
    char *end = strstr(svg, "</svg>");
    if (!end || strstr(svg, "<script") || strstr(svg, "href") || strstr(svg, "<foreignObject"))
        return false;
    end[6] = 0;
    fputs("<svg role=\"img\" aria-label=\"", f);
    html_text(f, alt);
    fputs("\"", f);
    fputs(svg + 4, f);
    fputs("\n", f);
    return true;
}

/* The graph's SVG for sol from `from`, the path highlighted: 0 with *svg, or -1 with why. */
static int graph_svg(const chopsat_solution *sol, const chopsat_pos *from, uint64_t count,
                     const chopsat_pos *path, size_t n, char **svg, char *why, size_t wsize)
{
    chopsat_err err;
    char *dot = library_dot(sol, from, &err);
    if (!dot) {
        snprintf(why, wsize, "%s", err.msg);
        return -1;
    }
    char *hl = NULL;
    size_t hlen = 0;
    FILE *m = open_memstream(&hl, &hlen);
    if (!m) {
        free(dot);
        snprintf(why, wsize, "out of memory");
        return -1;
    }
    write_highlighted(m, dot, chopsat_solution_rules(sol), path, n, true);
    fclose(m);
    free(dot);
    int rc = run_dot(hl, count > GRAPH_DOT_MAX, svg, why, wsize);
    free(hl);
    return rc;
}

void html_graph_section(FILE *f, const chopsat_rules *r, const chopsat_solution *sol,
                        const chopsat_pos *from, const chopsat_pos *path, size_t n)
{
    char why[700] = "", fromtext[CHOPSAT_POS_MAX], alt[300 + CHOPSAT_POS_MAX];
    chopsat_pos_format(r, from, fromtext, sizeof fromtext);
    fputs("<section class=\"graph\"><h2>The game graph</h2>\n", f);
    chopsat_err err;
    chopsat_solution *own = NULL;
    uint64_t size = chopsat_position_count(r), count = 0;
    if (!sol && !size)
        snprintf(why, sizeof why, "this game is too large to draw (more than 2^40 positions)");
    else if (!sol && size > GRAPH_SOLVE_MAX)
        snprintf(why, sizeof why, "this game is too large to draw (%llu positions)",
                 (unsigned long long)size);
    else if (!sol && !(sol = own = chopsat_solve(r, NULL, NULL, &err)))
        snprintf(why, sizeof why, "%s", err.msg);
    if (!why[0]) {
        chopsat_reach_set *set = chopsat_explore(r, from, &err);
        if (!set)
            snprintf(why, sizeof why, "%s", err.msg);
        else
            count = chopsat_reach_count(set);
        chopsat_reach_set_free(set);
        if (count > GRAPH_MAX)
            snprintf(why, sizeof why,
                     "%llu positions are reachable from %s; the graph is drawn "
                     "for at most %d",
                     (unsigned long long)count, fromtext, GRAPH_MAX);
    }
    char *svg = NULL;
    if (!why[0] && !graph_svg(sol, from, count, path, n, &svg, why, sizeof why)) {
        html_printf(f,
                    "<p class=\"legend\">The %llu positions reachable from <code>%s</code>, "
                    "each labelled with its value for the player to move and the distance "
                    "(win: <span class=\"key win\">blue</span>, loss: <span class=\"key loss\">"
                    "orange</span>, draw: <span class=\"key draw\">grey</span>); boxes: the "
                    "game is over; dashed arrows: splits.%s Laid out by Graphviz (%s); point "
                    "at an arrow to see its move.</p>\n",
                    (unsigned long long)count, fromtext,
                    n > 1 ? " The path is drawn thick and dark, each move numbered." : "",
                    count > GRAPH_DOT_MAX ? "dot -Kneato, the spring layout, nodes kept apart"
                                          : "dot");
        snprintf(alt, sizeof alt, "the game graph of %llu positions reachable from %s%s",
                 (unsigned long long)count, fromtext,
                 n > 1 ? ", with the path of the film above drawn thick and numbered" : "");
        fputs("<button type=\"button\" data-zoom aria-pressed=\"false\">actual size</button>\n"
              "<div class=\"graphbox\" tabindex=\"0\" aria-label=\"the graph (scrolls)\">\n",
              f);
        if (!embed_svg(f, svg, alt))
            snprintf(why, sizeof why, "Graphviz's picture held something other than a drawing");
        fputs("</div>\n", f);
    }
    if (why[0]) html_printf(f, "<p class=\"nograph\">No graph on this page: %s.</p>\n", why);
    free(svg);
    chopsat_solution_free(own);
    fputs("</section>\n", f);
}

/* chopsat_dot_highlight under its recovery point. */
static int dot_highlight_body(FILE *out, const chopsat_solution *sol, const chopsat_pos *from,
                              const chopsat_pos *path, size_t n, chopsat_err *err)
{
    char *dot = library_dot(sol, from, err);
    if (!dot) return -1;
    write_highlighted(out, dot, chopsat_solution_rules(sol), path, n, false);
    free(dot);
    if (!ferror(out)) return 0;
    snprintf(err->msg, sizeof err->msg, "cannot write the graph");
    return -1;
}

int chopsat_dot_highlight(FILE *out, const chopsat_solution *sol, const chopsat_pos *from,
                          const chopsat_pos *path, size_t n, chopsat_err *err)
{
    if (chopsat_pos_check(chopsat_solution_rules(sol), from, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, dot_highlight_body(out, sol, from, path, n, err));
}
