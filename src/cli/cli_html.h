/* cli_html.h: `--format html` and `graph --highlight` for the commands (cli_html.c): each call
 * opens -o FILE (or standard output; the file appears only when complete), has the library's
 * page writer (src/report/, chopsat_html_* in chopsat_tool.h) write the page, closes the file
 * and returns the command's exit status, or the status of the one error line it printed. */
#ifndef CHOPSAT_CLI_HTML_H
#define CHOPSAT_CLI_HTML_H

#include "cli/cli.h"

/* win and reach; EXIT_YES or EXIT_NO. */
int cli_html_bmc(const cli_opts *o, const chopsat_query *q, const chopsat_bmc_result *res,
                 const chopsat_moves *names, const char *question, const char *check,
                 const chopsat_bmc_opts *bo, const char *proof_note);
/* decode; the answer (10 or 20). */
int cli_html_decoded(const cli_opts *o, const chopsat_rules *r, const chopsat_query *q, int answer,
                     const chopsat_pos *path, size_t n, const chopsat_moves *names,
                     const char *question, const char *check, const chopsat_frame_table *table,
                     const char *cnf_path);
/* Whether decode --format html can show the frames table of FILE (chopsat_html_decode_frames). */
bool cli_html_decode_frames(const char *cnf_path);
/* check A MOVES...; 0 (all legal) or EXIT_NO. */
int cli_html_checked(const cli_opts *o, const chopsat_pos *start, const chopsat_moves *made,
                     const char *const *typed, size_t ntyped, const char *reason);
/* solve POS; 0. */
int cli_html_solve(const cli_opts *o, const chopsat_solution *sol, const chopsat_pos *p);
/* force; EXIT_YES or EXIT_NO. */
int cli_html_force(const cli_opts *o, const chopsat_query *q, const char *question,
                   const chopsat_force_result *res);
/* dimacs --format html; 0. */
int cli_html_dimacs(const cli_opts *o, const chopsat_query *q, const chopsat_bmc_opts *bo);
/* graph --highlight FILE|MOVES: the DOT of `graph` with a path drawn thick, to -o or stdout; 0. */
int cli_graph_highlight(const cli_opts *o, const chopsat_solution *sol, const chopsat_pos *from);

#endif
