/* cli_chart.c: `chopsat chart`, the best-move chart like the printed strategy charts players
 * use at the table: one row per hands of the mover, one column per hands of the opponent (for
 * the one-die game: totals and top faces), each cell a sign (+ win, - loss, blank draw, for the
 * player to move) and one best move. Text is a grid; csv and json list the cells. The cells
 * come from the explicit engine's chart, laid out by src/report/; this file parses, solves and
 * opens the output. */

#include "cli/cli.h"

/* The chart in the format asked for (src/report/); 0 or -1 with err. */
static int write_chart(const cli_opts *o, FILE *f, const chopsat_solution *sol, chopsat_err *err)
{
    if (o->format == FMT_JSON) return chopsat_report_chart_json(f, o->rules, sol, err);
    if (o->format == FMT_CSV) return chopsat_report_chart_csv(f, o->rules, sol, err);
    return chopsat_report_chart_text(f, o->rules, sol, err);
}

int cli_chart(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("chart", argc, argv, 0, &o);
    if (rc) return rc;
    chopsat_err err;
    chopsat_solution *sol = chopsat_solve(o.rules, cli_progress, NULL, &err);
    cli_progress_end();
    if (!sol) rc = cli_error("%s", err.msg);
    cli_out out;
    if (!rc) rc = cli_out_open(&out, o.out_path);
    if (!rc) {
        /* a write error is the output's to report (cli_out_close), anything else the report's */
        bool failed = write_chart(&o, out.f, sol, &err) < 0 && !ferror(out.f);
        rc = cli_out_close(&out, !failed);
        if (failed) rc = cli_error("%s", err.msg);
    }
    chopsat_solution_free(sol);
    cli_opts_free(&o);
    return rc;
}
