/* html.h: what the page writers of src/report/ share (docs/viewer.md). Each page of
 * `--format html` is one self-contained file written to a FILE * the caller hands over: inline
 * CSS, JavaScript and SVG, nothing fetched, every string from outside escaped. html_page.c (the
 * frame, escaping, the CSS and JavaScript of assets/page.css and assets/page.js, embedded at
 * build time), html_draw.c (positions as hands or a die), html_film.c (a witness or a line as a
 * film: win, reach, decode, check, solve), html_tree.c (force's tree), html_formula.c (dimacs
 * --annotate, decode's frames table), html_graph.c (the game graph with a path, by Graphviz;
 * graph --highlight's DOT) and played_line.c (a line of play read from outside). The entry
 * points are the chopsat_html_*, chopsat_dot_highlight and chopsat_played_line_* calls of
 * chopsat_tool.h. */
#ifndef CHOPSAT_REPORT_HTML_H
#define CHOPSAT_REPORT_HTML_H

#include <stdbool.h>
#include <stdio.h>

#include "chopsat.h"
#include "chopsat_tool.h"

/* Writes s as HTML text or a double-quoted attribute value: & < > " ' as character references,
 * control characters and bytes that are not valid UTF-8 as U+FFFD. */
void html_text(FILE *f, const char *s);
/* printf, every %s argument escaped by html_text (only %s, %d, %u, %zu, %ld, %lld, %llu, %%
 * and %.Nf are understood; a literal part of fmt is written as it is). */
void html_printf(FILE *f, const char *fmt, ...);

/* Writes the head, the CSS and the heading to f: title, the kind of page ("witness",
 * "strategy"...), and the summary rows that stay visible (question, answer, checked; any of
 * them may be NULL). */
void html_begin(FILE *f, const chopsat_rules *r, const char *kind, const char *question,
                const char *answer, const char *checked);
/* Writes the footer and the JavaScript. */
void html_end(FILE *f);
/* 0, or -1 with "cannot write the page" in err when a write to f failed. */
int html_written(FILE *f, chopsat_err *err);

/* The CSS and JavaScript of every page: src/report/assets/page.css and page.js, embedded by
 * the build into a generated file (Makefile, "report_assets.c"), each ending with a NUL. */
extern const char html_css[];
extern const char html_js[];

/* Writes pos as an inline SVG with a text alternative: for the chopsticks family both players'
 * hands with countable fingers (the number past ten), for the one-die game the die's top face
 * and the running total. size: 1 large, 0 small. */
void html_draw_position(FILE *f, const chopsat_rules *r, const chopsat_pos *pos, int large);
/* The drawing's text alternative: "player 1: 1 and 1 fingers; player 2: ...; player 1 to move". */
void html_describe_position(const chopsat_rules *r, const chopsat_pos *pos, char *buf, size_t size);

/* Writes the film of a line of play: path[0..n-1] (n >= 1) joined by names (n-1 moves), each
 * step its move, mover and drawn position; controls to step through it (buttons, arrow keys,
 * a slider). caption: the heading of the section. */
void html_film(FILE *f, const chopsat_rules *r, const chopsat_pos *path, size_t n,
               const chopsat_moves *names, const char *caption);

/* Writes the section "the game graph" for rules r from `from` with the path (n positions, may
 * be 0) highlighted: the SVG laid out by Graphviz when the game has at most 500 reachable
 * positions and dot is installed, else a sentence saying why there is none. sol may be NULL
 * (the graph is then solved here when the game is small). */
void html_graph_section(FILE *f, const chopsat_rules *r, const chopsat_solution *sol,
                        const chopsat_pos *from, const chopsat_pos *path, size_t n);

/* The frames table of a model (decode): each row's value per frame, bit by bit, and the
 * decoded position of each frame. */
void html_frames_table(FILE *f, const chopsat_rules *r, const chopsat_frame_table *t,
                       const chopsat_pos *path, size_t n, const char *cnf_path);

#endif
