/* cli_solution.c: what the commands of the explicit solver share (moves, solve, stats): the
 * solve with its memory checked before anything starts, a value's word, and moves and
 * distances as JSON. */
#include "cli/cli.h"

const char *cli_value_word(int v)
{
    return v == CHOPSAT_WIN ? "win" : v == CHOPSAT_LOSS ? "loss" : "draw";
}

void cli_moves_json(chopsat_json *j, const chopsat_rules *r, const chopsat_moves *ms)
{
    char buf[CHOPSAT_POS_MAX];
    chopsat_json_array(j, false);
    for (size_t i = 0; i < ms->n; i++) {
        chopsat_pos_format(r, &ms->items[i].to, buf, sizeof buf);
        chopsat_json_object(j);
        chopsat_json_kstring(j, "move", ms->items[i].name);
        chopsat_json_kstring(j, "position", buf);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
}

void cli_distance_json(chopsat_json *j, int v, uint32_t d)
{
    chopsat_json_key(j, "distance");
    if (v == CHOPSAT_DRAW)
        chopsat_json_null(j);
    else
        chopsat_json_uint(j, d);
}

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
