/* cli_solve.c: `chopsat solve [POS]` and `solve --all`: a position's exact value, distance,
 * best moves, every move valued and the line of best play, or every position of the game, from
 * the explicit solver (the BDD engine's answer with --bdd is cli_solve_bdd.c; the page of
 * --format html is cli_html.c, over the report room). */
#include "cli/cli_html.h"

/* Every position of the solution with its value, distance and whether it is reachable from the
 * start, as a table, CSV or a JSON array (src/report/), to -o FILE or standard output; the exit
 * status. */
static int solve_all(cli_opts *o, chopsat_solution *sol)
{
    chopsat_pos start;
    chopsat_pos_start(o->rules, &start);
    chopsat_err err;
    chopsat_reach_set *reach = chopsat_explore(o->rules, &start, &err);
    if (!reach) return cli_error("%s", err.msg);
    cli_out out;
    int rc = cli_out_open(&out, o->out_path);
    if (!rc) {
        int wrc = o->format == FMT_CSV
                      ? chopsat_report_solve_all_csv(out.f, o->rules, sol, reach, &err)
                  : o->format == FMT_JSON
                      ? chopsat_report_solve_all_json(out.f, o->rules, sol, reach, &err)
                      : chopsat_report_solve_all_text(out.f, o->rules, sol, reach, &err);
        bool failed = wrc < 0 && !ferror(out.f); /* a write error is cli_out_close's to say */
        rc = cli_out_close(&out, !failed);
        if (failed) rc = cli_error("%s", err.msg);
    }
    chopsat_reach_set_free(reach);
    return rc;
}

/* p's value and distance, its best moves, every move valued and the line of best play, as text
 * or JSON on standard output (src/report/); 0 or the error's status. */
static int solve_one(const cli_opts *o, const chopsat_solution *sol, const chopsat_pos *p)
{
    chopsat_err err;
    int rc = o->format == FMT_JSON ? chopsat_report_solve_json(stdout, o->rules, sol, p, &err)
                                   : chopsat_report_solve_text(stdout, o->rules, sol, p, &err);
    return rc < 0 && !ferror(stdout) ? cli_error("%s", err.msg) : 0;
}

int cli_solve(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("solve", argc, argv, 1, &o);
    if (rc) return rc;
    chopsat_pos p;
    if (o.all && o.nargs)
        rc = cli_usage("solve: give a position or --all, not both");
    else if (!o.all && o.format == FMT_CSV)
        rc = cli_usage("solve: --format csv goes with --all");
    else if (!o.all && o.out_path && o.format != FMT_HTML)
        rc = cli_usage("solve: -o goes with --all or --format html");
    else if (o.format == FMT_HTML && (o.all || o.bdd))
        rc = cli_usage("solve: --format html shows one position, solved explicitly (not with --all "
                       "or --bdd)");
    else if (!o.all)
        rc = cli_position(&o, o.nargs ? o.args[0] : "start", &p);
    if (!rc && o.bdd) {
        rc = o.all ? cli_usage("solve: --bdd values one position and counts all; --all "
                               "lists every position (explicit)")
                   : cli_solve_bdd(&o, &p);
        cli_opts_free(&o);
        return rc;
    }
    if (!rc) {
        chopsat_solution *sol =
            cli_solve_checked(&o, o.all ? CHOPSAT_SEARCH_SOLVE_ALL : CHOPSAT_SEARCH_SOLVE);
        if (!sol)
            rc = EXIT_ERROR;
        else
            rc = o.all                  ? solve_all(&o, sol)
                 : o.format == FMT_HTML ? cli_html_solve(&o, sol, &p)
                                        : solve_one(&o, sol, &p);
        chopsat_solution_free(sol);
    }
    cli_opts_free(&o);
    return rc;
}
