/* cli_solve_bdd.c: `solve --bdd [POS]`: the position's value and distance and the counts
 * of every position of the game per value and distance, from the BDD engine's fixpoints
 * (docs/forced.md), where the explicit solver cannot go. The counts are exact (128-bit
 * integers), in text and JSON through src/report/. */
#include <stdio.h>

#include "cli/cli.h"

int cli_solve_bdd(cli_opts *o, const chopsat_pos *p)
{
    if (o->format == FMT_CSV) return cli_usage("solve: --bdd offers text and json");
    chopsat_err err;
    chopsat_bdd_opts bo = {.progress = cli_progress, .only = p};
    chopsat_bdd *s = chopsat_bdd_solve(o->rules, &bo, &err);
    cli_progress_end();
    if (!s) return cli_error("%s", err.msg);
    int rc = o->format == FMT_JSON ? chopsat_report_solve_bdd_json(stdout, o->rules, s, p, &err)
                                   : chopsat_report_solve_bdd_text(stdout, o->rules, s, p, &err);
    if (rc < 0 && !ferror(stdout))
        rc = cli_error("solve: %s", err.msg);
    else
        rc = 0;
    chopsat_bdd_free(s);
    return rc;
}
