/* cli_solution.c: what the commands of the explicit solver share (solve, stats): the solve with
 * its memory checked before anything starts. */
#include "cli/cli.h"

chopsat_solution *cli_solve_checked(const cli_opts *o, int search)
{
    chopsat_err err;
    if (search != CHOPSAT_SEARCH_SOLVE && /* chopsat_solve checks its own */
        chopsat_explicit_memory(o->rules, search, NULL, &err) == CHOPSAT_LIMIT) {
        cli_error("%s", err.msg);
        return NULL;
    }
    chopsat_solution *sol = chopsat_solve(o->rules, cli_progress, NULL, &err);
    cli_progress_end();
    if (!sol) cli_error("%s", err.msg);
    return sol;
}
