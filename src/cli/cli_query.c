/* cli_query.c: what the commands of a reach or win question share on the command line (reach
 * and win in cli_reach.c, within K and without a bound; dimacs, aiger, smt2; --why): the
 * question from the options and positional arguments and the SAT encoding options. */
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

/* `CMD reach|win ...` parsed into *o and *q (cli.h). */
int cli_question_query(const char *cmd, int argc, char **argv, cli_opts *o, chopsat_query *q)
{
    memset(o, 0, sizeof *o);
    static const char *const questions[] = {"reach", "win"};
    const char *question = cli_question(cmd, argc, argv, questions, 2);
    if (!question) return EXIT_USAGE;
    chopsat_question kind = question == questions[1] ? CHOPSAT_Q_WIN : CHOPSAT_Q_REACH;
    int rc = cli_parse(cmd, argc - 1, argv + 1, kind == CHOPSAT_Q_REACH ? 2 : 1, o);
    if (rc) return rc;
    if (o->k >= 0) return cli_build_query(o, kind, q);
    cli_opts any = *o; /* no -k: a question without a bound */
    any.unbounded = true;
    rc = cli_build_query(&any, kind, q);
    q->k = 0;
    return rc;
}
