/* cli_html.h: `--format html`, the answers as self-contained pages (docs/viewer.md). One page
 * per answer, written to -o FILE or standard output: inline CSS, JavaScript and SVG, nothing
 * fetched, every string from outside escaped. The pages are output formatting, so they live in
 * the command: cli_html_page.c (the frame, escaping, the CSS and JavaScript of
 * cli_html_assets.c), cli_html_draw.c (positions as hands or a die), cli_html_film.c (a witness
 * or a line as a film: win, reach, decode, check, solve), cli_html_tree.c (force's tree),
 * cli_html_formula.c (dimacs --annotate, decode's frames table) and cli_html_graph.c (the game
 * graph with a path, by Graphviz; graph --highlight). Each entry point below is the one call a
 * command makes; it returns the command's exit status for a written page, or the status of the
 * error it printed. */
#ifndef CHOPSAT_CLI_HTML_H
#define CHOPSAT_CLI_HTML_H

#include "cli/cli.h"

/* --- entry points, one per command ------------------------------------------------------- */

/* win and reach: the answer of chopsat_bmc_solve, its replayed witness (names) and what was
 * checked (check: the sentence after "checked: "; proof_note: NULL without --proof). The exit
 * status is EXIT_YES or EXIT_NO. */
int cli_html_bmc(const cli_opts *o, const chopsat_query *q, const chopsat_bmc_result *res,
                 const chopsat_moves *names, const char *question, const char *check,
                 const chopsat_bmc_opts *bo, const char *proof_note);

/* decode: the file's question, the answer (10 or 20) and the replayed witness of n positions;
 * table (frames.rows 0 when there is none) is the model frame by frame, read from the DIMACS
 * file cnf_path. */
int cli_html_decoded(const cli_opts *o, const chopsat_rules *r, const chopsat_query *q,
                     int answer, const chopsat_pos *path, size_t n, const chopsat_moves *names,
                     const char *question, const char *check, const chopsat_frame_table *table,
                     const char *cnf_path);
/* Whether decode --format html can show the frames table of FILE: a DIMACS file (not aiger
 * or smt2). */
bool cli_html_decode_frames(const char *cnf_path);

/* check A MOVES...: the moves read (names: the legal ones, as made), the typed text of each,
 * and, when one is illegal, the reason; the exit status is 0 (all legal) or EXIT_NO. */
int cli_html_checked(const cli_opts *o, const chopsat_pos *start, const chopsat_moves *made,
                     const char *const *typed, size_t ntyped, const char *reason);

/* solve POS: every move's value and distance, the best moves, the line of best play. */
int cli_html_solve(const cli_opts *o, const chopsat_solution *sol, const chopsat_pos *p);

/* force: the answer of chopsat_force, its first moves and its tree. */
int cli_html_force(const cli_opts *o, const chopsat_query *q, const char *question,
                   const chopsat_force_result *res);

/* dimacs --format html: the question's formula (annotated) beside its frames. */
int cli_html_dimacs(const cli_opts *o, const chopsat_query *q, const chopsat_bmc_opts *bo);

/* graph --highlight FILE|MOVES: the DOT of `graph` with a path drawn thick, to -o or stdout. */
int cli_graph_highlight(const cli_opts *o, const chopsat_solution *sol, const chopsat_pos *from);

/* A line of play for graph --highlight (cli_html_path.c): spec names a file (or is "-" for
 * standard input) or is itself the moves, separated by ';' or line breaks, each as `check`
 * reads one (`tap 1>1`, `1>1`, `3. player 1  tap 1>1 -> 11/12:2`); a file may also be the
 * JSON of win, reach, decode, check or solve (its "witness", "line" or "moves"), or their text
 * (its numbered lines, and its `start` line as the start when --from is not given). The moves
 * are played from *start (updated from the file); *path gets the n positions (a new array).
 * 0, or the exit status of the one error line printed. */
int cli_read_line(const cli_opts *o, const char *spec, chopsat_pos *start, chopsat_pos **path,
                  size_t *n);

/* --- shared by the page writers (cli_html_page.c) --------------------------------------- */

/* Writes s as HTML text or a double-quoted attribute value: & < > " ' as character references,
 * control characters and bytes that are not valid UTF-8 as U+FFFD. */
void html_text(FILE *f, const char *s);
/* printf, every %s argument escaped by html_text (only %s, %d, %u, %zu, %ld, %lld, %llu, %%
 * and %.Nf are understood; a literal part of fmt is written as it is). */
void html_printf(FILE *f, const char *fmt, ...);

/* One page being written: the output, the rules, and the page's title and question. */
typedef struct html_page {
    cli_out out;
    FILE *f;
    const chopsat_rules *rules;
} html_page;

/* Opens -o FILE (or standard output) and writes the head, the CSS and the heading: title, the
 * kind of page ("witness", "strategy"...), and the summary rows that stay visible (question,
 * answer, checked; any of them may be NULL). 0, or EXIT_ERROR. */
int html_begin(html_page *pg, const cli_opts *o, const chopsat_rules *r, const char *kind,
               const char *question, const char *answer, const char *checked);
/* Writes the footer, the JavaScript and closes the file (it appears only when complete);
 * returns status, or EXIT_ERROR when a write failed. */
int html_end(html_page *pg, int status);

/* The CSS and JavaScript of every page (cli_html_assets.c). */
extern const char html_css[];
extern const char html_js[];

/* --- positions drawn (cli_html_draw.c) ------------------------------------------------- */

/* Writes pos as an inline SVG with a text alternative: for the chopsticks family both players'
 * hands with countable fingers (the number past ten), for the one-die game the die's top face
 * and the running total. size: 1 large, 0 small. */
void html_draw_position(FILE *f, const chopsat_rules *r, const chopsat_pos *pos, int large);
/* The drawing's text alternative: "player 1: 1 and 1 fingers; player 2: ...; player 1 to move". */
void html_describe_position(const chopsat_rules *r, const chopsat_pos *pos, char *buf, size_t size);

/* --- films and graphs -------------------------------------------------------------------- */

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
