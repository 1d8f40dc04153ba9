/* cli_moves.c: `chopsat moves POS`: the legal moves of a position and where each leads, in
 * text, JSON or CSV. */
#include "cli/cli.h"

int cli_moves(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("moves", argc, argv, 1, &o);
    if (rc) return rc;
    if ((rc = cli_need_args(&o, NULL))) {
        cli_opts_free(&o);
        return rc;
    }
    chopsat_pos p;
    if ((rc = cli_position(&o, o.args[0], &p))) {
        cli_opts_free(&o);
        return rc;
    }
    chopsat_moves ms = {0};
    char from[CHOPSAT_POS_MAX], to[CHOPSAT_POS_MAX];
    chopsat_pos_format(o.rules, &p, from, sizeof from);
    if (chopsat_moves_list(o.rules, &p, &ms, NULL) == CHOPSAT_LIMIT) {
        cli_opts_free(&o);
        return cli_error("moves: %s may have more than %zu moves, too many to list (a single "
                         "move is still decided at any width: check, play)",
                         from, CHOPSAT_MOVES_LIST_MAX);
    }
    if (o.format == FMT_JSON) {
        chopsat_json j;
        chopsat_json_init(&j, stdout);
        chopsat_json_object(&j);
        chopsat_json_kstring(&j, "position", from);
        chopsat_json_key(&j, "moves");
        cli_moves_json(&j, o.rules, &ms);
        chopsat_json_end(&j);
        putchar('\n');
    } else if (o.format == FMT_CSV) {
        printf("move,position\n");
        for (size_t i = 0; i < ms.n; i++) {
            chopsat_pos_format(o.rules, &ms.items[i].to, to, sizeof to);
            csv_field(stdout, ms.items[i].name);
            printf(",");
            csv_field(stdout, to);
            printf("\n");
        }
    } else {
        int w = chopsat_pos_winner(o.rules, &p);
        if (w)
            printf("%s: the game is over; player %d has won\n", from, w);
        else
            printf("%s: player %u to move, %zu move%s\n", from, p.mover, ms.n,
                   ms.n == 1 ? "" : "s");
        for (size_t i = 0; i < ms.n; i++) {
            chopsat_pos_format(o.rules, &ms.items[i].to, to, sizeof to);
            printf("  %-12s -> %s\n", ms.items[i].name, to);
        }
    }
    chopsat_moves_free(&ms);
    cli_opts_free(&o);
    return 0;
}
