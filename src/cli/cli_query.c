/* cli_query.c: what the bounded (cli_bmc.c) and unbounded (cli_unbounded.c) answers of reach
 * and win share on the command line: the question from the options and positional arguments,
 * the SAT encoding options, and a replayed witness printed in JSON and as numbered moves. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* Builds the question from the options and positional arguments (kind given). */
int cli_build_query(const cli_opts *o, chopsat_question kind, chopsat_query *q)
{
    memset(q, 0, sizeof *q);
    q->kind = kind;
    int want = kind == CHOPSAT_Q_REACH ? 2 : 1;
    if (o->nargs != want)
        return kind == CHOPSAT_Q_REACH
                   ? cli_usage("%s%sreach A B -k K [options] (see 'chopsat help')",
                               strcmp(o->cmd, "reach") ? o->cmd : "", strcmp(o->cmd, "reach") ? " " : "")
                   : cli_usage("%s%swin A -k K [--player P] [options] (see 'chopsat help')",
                               strcmp(o->cmd, "win") ? o->cmd : "", strcmp(o->cmd, "win") ? " " : "");
    if (o->k < 0 && !o->unbounded)
        return cli_usage("%s: -k K is required (the bound on the number of moves)", o->cmd);
    int rc = cli_position(o, o->args[0], &q->from);
    if (!rc && kind == CHOPSAT_Q_REACH) rc = cli_position(o, o->args[1], &q->target);
    if (rc) return rc;
    q->k = o->unbounded ? CHOPSAT_NO_BOUND : (int)o->k;
    q->player = (int)o->player;
    q->exact = o->exact;
    q->repeat = !strcmp(o->no_repeat, "path")        ? CHOPSAT_REPEAT_PATH
                : !strcmp(o->no_repeat, "immediate") ? CHOPSAT_REPEAT_IMMEDIATE
                                                     : CHOPSAT_REPEAT_OFF;
    return 0;
}

chopsat_bmc_opts cli_bmc_opts(const cli_opts *o)
{
    chopsat_bmc_opts b = {
        .solver = o->solver ? o->solver : "cadical",
        .timeout = o->timeout,
        .incremental = !o->no_incremental,
        .binary_moves = o->move_encoding && !strcmp(o->move_encoding, "binary"),
        .textbook = o->move_encoding && !strcmp(o->move_encoding, "textbook"),
        .plaisted_greenbaum = o->polarity,
        .annotate = o->annotate,
    };
    return b;
}

/* Writes the witness (names from the replay) as a JSON array of {"player", "move", "position"},
 * or null when there is none. */
void cli_witness_json(chopsat_json *j, const chopsat_rules *r, const chopsat_pos *path,
                         const chopsat_moves *names)
{
    if (!path) {
        chopsat_json_null(j);
        return;
    }
    char buf[64];
    chopsat_json_array(j, false);
    for (size_t i = 0; i < names->n; i++) {
        chopsat_pos_format(r, &path[i + 1], buf, sizeof buf);
        chopsat_json_object(j);
        chopsat_json_kint(j, "player", path[i].mover);
        chopsat_json_kstring(j, "move", names->items[i].name);
        chopsat_json_kstring(j, "position", buf);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
}

/* Prints the witness (names from the replay) as numbered moves. */
void cli_witness_text(const chopsat_rules *r, const chopsat_pos *path, const chopsat_moves *names)
{
    char buf[64];
    chopsat_pos_format(r, &path[0], buf, sizeof buf);
    printf("  start       %s\n", buf);
    for (size_t i = 0; i < names->n; i++) {
        chopsat_pos_format(r, &path[i + 1], buf, sizeof buf);
        printf("  %3zu. player %u  %-12s -> %s\n", i + 1, path[i].mover, names->items[i].name, buf);
    }
}
