/* cli_moves.c: `chopsat moves POS`: the legal moves of a position and where each leads, in
 * text, JSON or CSV (src/report/). */
#include "cli/cli.h"

/* The moves in the format asked for on standard output; 0 or the error's status. */
static int print_moves(const cli_opts *o, const chopsat_pos *p, const chopsat_moves *ms)
{
    chopsat_err err;
    int rc = o->format == FMT_JSON  ? chopsat_report_moves_json(stdout, o->rules, p, ms, &err)
             : o->format == FMT_CSV ? chopsat_report_moves_csv(stdout, o->rules, p, ms, &err)
                                    : chopsat_report_moves_text(stdout, o->rules, p, ms, &err);
    return rc < 0 && !ferror(stdout) ? cli_error("%s", err.msg) : 0;
}

/* The moves of the position o names; 0 or the error's status. */
static int moves(const cli_opts *o)
{
    chopsat_pos p;
    int rc = cli_position(o, o->args[0], &p);
    if (rc) return rc;
    chopsat_moves ms = {0};
    if (chopsat_moves_list(o->rules, &p, &ms, NULL) == CHOPSAT_LIMIT) {
        char from[CHOPSAT_POS_MAX];
        chopsat_pos_format(o->rules, &p, from, sizeof from);
        chopsat_moves_free(&ms);
        return cli_error("moves: %s may have more than %zu moves, too many to list (a single "
                         "move is still decided at any width: check, play)",
                         from, CHOPSAT_MOVES_LIST_MAX);
    }
    rc = print_moves(o, &p, &ms);
    chopsat_moves_free(&ms);
    return rc;
}

int cli_moves(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("moves", argc, argv, 1, &o);
    if (rc) return rc;
    if (!(rc = cli_need_args(&o, NULL))) rc = moves(&o);
    cli_opts_free(&o);
    return rc;
}
