/* cli_symbolic.c: `solve --symbolic [POS]`: the position's value and distance and the counts
 * of every position of the game per value and distance, from the BDD engine's fixpoints
 * (docs/forced.md), where the explicit solver cannot go. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static const char *value_word(int v)
{
    return v == CHOPSAT_WIN ? "win" : v == CHOPSAT_LOSS ? "loss" : "draw";
}

static void write_json(const cli_opts *o, const chopsat_bdd *s, const char *pos, int v,
                       uint32_t d)
{
    (void)o;
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "position", pos);
    chopsat_json_kstring(&j, "value", value_word(v));
    chopsat_json_kint(&j, "distance", d);
    chopsat_json_key(&j, "positions");
    chopsat_json_fixed(&j, chopsat_bdd_positions(s), 0);
    double w = 0, l = 0;
    uint32_t max = chopsat_bdd_max_distance(s);
    for (uint32_t k = 0; k <= max; k++) {
        w += chopsat_bdd_count(s, CHOPSAT_WIN, k);
        l += chopsat_bdd_count(s, CHOPSAT_LOSS, k);
    }
    chopsat_json_key(&j, "wins");
    chopsat_json_fixed(&j, w, 0);
    chopsat_json_key(&j, "losses");
    chopsat_json_fixed(&j, l, 0);
    chopsat_json_key(&j, "draws");
    chopsat_json_fixed(&j, chopsat_bdd_count(s, CHOPSAT_DRAW, 0), 0);
    chopsat_json_kint(&j, "longest_distance", max);
    chopsat_json_key(&j, "by_distance"); /* [distance, wins, losses] for the player to move */
    chopsat_json_array(&j, false);
    for (uint32_t k = 0; k <= max; k++) {
        chopsat_json_array(&j, false);
        chopsat_json_int(&j, k);
        chopsat_json_fixed(&j, chopsat_bdd_count(s, CHOPSAT_WIN, k), 0);
        chopsat_json_fixed(&j, chopsat_bdd_count(s, CHOPSAT_LOSS, k), 0);
        chopsat_json_end(&j);
    }
    chopsat_json_end(&j);
    chopsat_json_key(&j, "bdd");
    chopsat_bdd_report(s, &j);
    chopsat_json_end(&j);
    putchar('\n');
}

static void write_text(const cli_opts *o, const chopsat_bdd *s, const chopsat_pos *p,
                       const char *pos, int v, uint32_t d)
{
    int w = chopsat_pos_winner(o->rules, p);
    if (w) printf("%s: the game is over; player %d has won.\n", pos, w);
    else if (v == CHOPSAT_DRAW)
        printf("%s: a draw; with best play neither player can force a win.\n", pos);
    else
        printf("%s: a %s for player %u (the player to move) in %u move%s.\n", pos, value_word(v),
               p->mover, d, d == 1 ? "" : "s");
    uint32_t max = chopsat_bdd_max_distance(s);
    double wins = 0, losses = 0;
    for (uint32_t k = 0; k <= max; k++) {
        wins += chopsat_bdd_count(s, CHOPSAT_WIN, k);
        losses += chopsat_bdd_count(s, CHOPSAT_LOSS, k);
    }
    printf("Every position, valued by BDD fixpoints (for the player to move): %.0f positions, "
           "%.0f wins, %.0f losses, %.0f draws; the longest distance is %u.\n",
           chopsat_bdd_positions(s), wins, losses, chopsat_bdd_count(s, CHOPSAT_DRAW, 0),
           max);
    printf("distance  wins  losses\n");
    for (uint32_t k = 0; k <= max; k++)
        printf("%u %.0f %.0f\n", k, chopsat_bdd_count(s, CHOPSAT_WIN, k),
               chopsat_bdd_count(s, CHOPSAT_LOSS, k));
}

int cli_solve_symbolic(cli_opts *o, const chopsat_pos *p)
{
    if (o->format == FMT_CSV) return cli_usage("solve: --symbolic offers text and json");
    chopsat_err err;
    chopsat_bdd *s = chopsat_bdd_solve(o->rules, NULL, &err);
    if (!s) return cli_error("%s", err.msg);
    uint32_t d;
    int v = chopsat_bdd_value(s, p, &d);
    char pos[CHOPSAT_POS_MAX];
    chopsat_pos_format(o->rules, p, pos, sizeof pos);
    if (o->format == FMT_JSON) write_json(o, s, pos, v, d);
    else write_text(o, s, p, pos, v, d);
    chopsat_bdd_free(s);
    return 0;
}
