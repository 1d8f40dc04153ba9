/* cli_html.c: the command's side of `--format html` and `graph --highlight`: one thin caller per
 * command, which opens the output, has the library write the page (chopsat_html_*, src/report/)
 * and closes the output, so that -o FILE appears only when the page is complete. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli_html.h"

/* Closes out after a page writer returned wrc: status when the page is written, else the one
 * error line (a failed write names the file, as every -o of the command). */
static int page_done(cli_out *out, int wrc, const chopsat_err *err, int status)
{
    if (wrc && !ferror(out->f)) {
        cli_out_close(out, false);
        return cli_error("%s", err->msg);
    }
    int rc = cli_out_close(out, true);
    return rc ? rc : status;
}

int cli_html_bmc(const cli_opts *o, const chopsat_query *q, const chopsat_bmc_result *res,
                 const chopsat_moves *names, const char *question, const char *check,
                 const chopsat_bmc_opts *bo, const char *proof_note)
{
    cli_out out;
    chopsat_err err;
    int rc = cli_out_open(&out, o->out_path);
    if (rc) return rc;
    int wrc = chopsat_html_bmc(out.f, o->rules, o->cmd, q, res, names, question, check, bo,
                               proof_note, &err);
    return page_done(&out, wrc, &err,
                     chopsat_bmc_result_value(res) == CHOPSAT_YES ? EXIT_YES : EXIT_NO);
}

int cli_html_decoded(const cli_opts *o, const chopsat_rules *r, const chopsat_query *q, int answer,
                     const chopsat_pos *path, size_t n, const chopsat_moves *names,
                     const char *question, const char *check, const chopsat_frame_table *table,
                     const char *cnf_path)
{
    cli_out out;
    chopsat_err err;
    int rc = cli_out_open(&out, o->out_path);
    if (rc) return rc;
    int wrc = chopsat_html_decoded(out.f, r, q, answer, path, n, names, question, check, table,
                                   cnf_path, o->args[1], &err);
    return page_done(&out, wrc, &err, answer);
}

bool cli_html_decode_frames(const char *cnf_path)
{
    return chopsat_html_decode_frames(cnf_path);
}

int cli_html_checked(const cli_opts *o, const chopsat_pos *start, const chopsat_moves *made,
                     const char *const *typed, size_t ntyped, const char *reason)
{
    cli_out out;
    chopsat_err err;
    int rc = cli_out_open(&out, o->out_path);
    if (rc) return rc;
    int wrc = chopsat_html_checked(out.f, o->rules, start, made, typed, ntyped, reason, &err);
    return page_done(&out, wrc, &err, reason ? EXIT_NO : 0);
}

int cli_html_solve(const cli_opts *o, const chopsat_solution *sol, const chopsat_pos *p)
{
    cli_out out;
    chopsat_err err;
    int rc = cli_out_open(&out, o->out_path);
    if (rc) return rc;
    int wrc = chopsat_html_solve(out.f, o->rules, sol, p, &err);
    return page_done(&out, wrc, &err, 0);
}

int cli_html_force(const cli_opts *o, const chopsat_query *q, const char *question,
                   const chopsat_force_result *res)
{
    cli_out out;
    chopsat_err err;
    int rc = cli_out_open(&out, o->out_path);
    if (rc) return rc;
    int wrc = chopsat_html_force(out.f, o->rules, q, question, res, &err);
    return page_done(&out, wrc, &err, chopsat_force_value(res) == CHOPSAT_YES ? EXIT_YES : EXIT_NO);
}

int cli_html_dimacs(const cli_opts *o, const chopsat_query *q, const chopsat_bmc_opts *bo)
{
    cli_out out;
    chopsat_err err;
    int rc = cli_out_open(&out, o->out_path);
    if (rc) return rc;
    int wrc = chopsat_html_dimacs(out.f, o->rules, q, bo, &err);
    return page_done(&out, wrc, &err, 0);
}

/* The line of --highlight SPEC (a file, "-" for standard input, or the moves themselves),
 * played from *start (replaced by the start the file names, unless --from is given): 0 with
 * *path of *n positions, or the status of the one error line printed. */
static int read_line_of_play(const cli_opts *o, const char *spec, chopsat_pos *start,
                             chopsat_pos **path, size_t *n)
{
    struct stat st;
    bool from_file = !strcmp(spec, "-") || (stat(spec, &st) == 0 && !S_ISDIR(st.st_mode));
    FILE *f = NULL;
    if (from_file && !(f = cli_open_in(spec, CLI_IN_DASH))) return EXIT_ERROR;
    chopsat_err err;
    const char *shown = from_file ? spec : "the argument";
    chopsat_played_line *pl = chopsat_played_line_read(f, spec, shown, &err);
    cli_close_in(f);
    if (!pl) return cli_error("--highlight: %s", err.msg);
    const char *start_text = chopsat_played_line_start(pl);
    int rc = 0;
    if (start_text && !o->given[OPT_FROM]) rc = cli_position(o, start_text, start);
    if (!rc && !chopsat_played_line_moves(pl)) rc = cli_error("--highlight: no move in %s", shown);
    if (!rc && chopsat_played_line_positions(pl, o->rules, start, path, n, &err))
        rc = cli_error("--highlight: %s", err.msg);
    chopsat_played_line_free(pl);
    return rc;
}

int cli_graph_highlight(const cli_opts *o, const chopsat_solution *sol, const chopsat_pos *from)
{
    chopsat_pos start = *from, *path = NULL;
    size_t n = 0;
    int rc = read_line_of_play(o, o->highlight, &start, &path, &n);
    if (rc) return rc;
    cli_out out;
    chopsat_err err;
    rc = cli_out_open(&out, o->out_path);
    if (!rc)
        rc = page_done(&out, chopsat_dot_highlight(out.f, sol, &start, path, n, &err), &err, 0);
    free(path);
    return rc;
}
