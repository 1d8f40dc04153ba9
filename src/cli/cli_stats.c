/* cli_stats.c: `chopsat stats [--from POS]`: the state graph's statistics from a position
 * (reachable, terminal, edges, wins, losses, draws, the longest distance, the breadth-first
 * depth), from the explicit solver or, with --bdd, the BDD engine; printed through
 * src/report/. */
#include "cli/cli.h"

/* The statistics in the format asked for on standard output; 0 or the error's status. */
static int print_stats(const cli_opts *o, const chopsat_pos *p, const chopsat_stats *st)
{
    chopsat_err err;
    int rc = o->format == FMT_JSON  ? chopsat_report_stats_json(stdout, o->rules, p, st, &err)
             : o->format == FMT_CSV ? chopsat_report_stats_csv(stdout, o->rules, p, st, &err)
                                    : chopsat_report_stats_text(stdout, o->rules, p, st, &err);
    return rc < 0 && !ferror(stdout) ? cli_error("%s", err.msg) : 0;
}

int cli_stats(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("stats", argc, argv, 0, &o);
    if (rc) return rc;
    chopsat_pos p;
    rc = cli_position(&o, o.from ? o.from : "start", &p);
    chopsat_solution *sol = rc || o.bdd ? NULL : cli_solve_checked(&o, CHOPSAT_SEARCH_STATS);
    chopsat_stats st;
    chopsat_err err;
    if (!rc && o.bdd) { /* the BDD engine: forward images, values from its layers */
        chopsat_bdd_opts bo = {.progress = cli_progress, .progress_ctx = "stats"};
        chopsat_bdd *sy = chopsat_bdd_stats_fits(o.rules, &bo, &err)
                              ? NULL /* refused up front */
                              : chopsat_bdd_solve(o.rules, &bo, &err);
        cli_progress_end();
        if (!sy || chopsat_bdd_stats(sy, &p, &st, &err)) rc = cli_error("%s", err.msg);
        chopsat_bdd_free(sy);
    } else {
        if (!rc && !sol) rc = EXIT_ERROR;
        if (!rc && chopsat_stats_compute(sol, &p, &st, &err)) rc = cli_error("%s", err.msg);
    }
    if (!rc) rc = print_stats(&o, &p, &st);
    chopsat_solution_free(sol);
    cli_opts_free(&o);
    return rc;
}
