/* cli_query.c: what the commands of a reach or win question share on the command line (reach
 * and win in cli_reach.c, within K and without a bound; dimacs; --why): the question from the
 * options and positional arguments, the SAT encoding options, and a replayed witness printed in
 * JSON and as numbered moves. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* Builds the question from the options and positional arguments (kind given). */
int cli_build_query(const cli_opts *o, chopsat_question kind, chopsat_query *q)
{
    memset(q, 0, sizeof *q);
    q->kind = kind;
    int rc = cli_need_args(o, kind == CHOPSAT_Q_REACH ? "reach" : "win");
    if (rc) return rc;
    rc = cli_position(o, o->args[0], &q->from);
    if (!rc && kind == CHOPSAT_Q_REACH) rc = cli_position(o, o->args[1], &q->target);
    if (rc) return rc;
    q->k = o->unbounded ? CHOPSAT_NO_BOUND : (int)o->k;
    q->player = (int)o->player;
    q->exact = o->exact;
    q->repeat = o->no_repeat == REPEAT_PATH        ? CHOPSAT_REPEAT_PATH
                : o->no_repeat == REPEAT_IMMEDIATE ? CHOPSAT_REPEAT_IMMEDIATE
                                                   : CHOPSAT_REPEAT_OFF;
    return 0;
}

chopsat_bmc_opts cli_bmc_opts(const cli_opts *o)
{
    chopsat_bmc_opts b = {
        .solver = o->solver ? o->solver : CHOPSAT_DEFAULT_SAT,
        .timeout = o->timeout,
        .incremental = !o->no_incremental,
        .binary_moves = o->move_encoding == ENC_BINARY,
        .textbook = o->move_encoding == ENC_TEXTBOOK,
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
    char buf[CHOPSAT_POS_MAX];
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
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, &path[0], buf, sizeof buf);
    printf("  start       %s\n", buf);
    for (size_t i = 0; i < names->n; i++) {
        chopsat_pos_format(r, &path[i + 1], buf, sizeof buf);
        printf("  %3zu. player %u  %-12s -> %s\n", i + 1, path[i].mover, names->items[i].name, buf);
    }
}
