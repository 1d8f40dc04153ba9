/* cli_solve_bdd.c: `solve --bdd [POS]`: the position's value and distance and the counts
 * of every position of the game per value and distance, from the BDD engine's fixpoints
 * (docs/forced.md), where the explicit solver cannot go. The counts are exact (128-bit
 * integers), in text and JSON. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

/* The exact counts of every position: all of them, the wins and losses over every distance,
 * the draws (chopsat_bdd_count_exact). */
typedef struct totals {
    chopsat_count positions, wins, losses, draws;
} totals;

/* Adds up the totals of s: 0, or -1 when a count does not fit 128 bits. */
static int sum_totals(const chopsat_bdd *s, totals *t)
{
    *t = (totals){{0, 0}, {0, 0}, {0, 0}, {0, 0}};
    if (chopsat_bdd_positions_exact(s, &t->positions, NULL) ||
        chopsat_bdd_count_exact(s, CHOPSAT_DRAW, 0, &t->draws, NULL))
        return -1;
    for (uint32_t k = 0; k <= chopsat_bdd_max_distance(s); k++) {
        chopsat_count w, l;
        if (chopsat_bdd_count_exact(s, CHOPSAT_WIN, k, &w, NULL) ||
            chopsat_bdd_count_exact(s, CHOPSAT_LOSS, k, &l, NULL) || !chopsat_count_add(&t->wins, w) ||
            !chopsat_count_add(&t->losses, l))
            return -1;
    }
    return 0;
}

static void write_json(const chopsat_bdd *s, const totals *t, const char *pos, int v,
                       uint32_t d)
{
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "position", pos);
    chopsat_json_kstring(&j, "value", cli_value_word(v));
    chopsat_json_kint(&j, "distance", d);
    chopsat_json_key(&j, "positions");
    chopsat_json_count(&j, t->positions);
    chopsat_json_key(&j, "wins");
    chopsat_json_count(&j, t->wins);
    chopsat_json_key(&j, "losses");
    chopsat_json_count(&j, t->losses);
    chopsat_json_key(&j, "draws");
    chopsat_json_count(&j, t->draws);
    uint32_t max = chopsat_bdd_max_distance(s);
    chopsat_json_kint(&j, "longest_distance", max);
    chopsat_json_key(&j, "by_distance"); /* [distance, wins, losses] for the player to move */
    chopsat_json_array(&j, false);
    for (uint32_t k = 0; k <= max; k++) {
        chopsat_count w, l; /* each at most a total, which fit */
        chopsat_bdd_count_exact(s, CHOPSAT_WIN, k, &w, NULL);
        chopsat_bdd_count_exact(s, CHOPSAT_LOSS, k, &l, NULL);
        chopsat_json_array(&j, false);
        chopsat_json_int(&j, k);
        chopsat_json_count(&j, w);
        chopsat_json_count(&j, l);
        chopsat_json_end(&j);
    }
    chopsat_json_end(&j);
    chopsat_json_key(&j, "bdd");
    chopsat_bdd_report(s, &j);
    chopsat_json_end(&j);
    putchar('\n');
}

static void write_text(const cli_opts *o, const chopsat_bdd *s, const totals *t,
                       const chopsat_pos *p, const char *pos, int v, uint32_t d)
{
    int w = chopsat_pos_winner(o->rules, p);
    if (w) printf("%s: the game is over; player %d has won.\n", pos, w);
    else if (v == CHOPSAT_DRAW)
        printf("%s: a draw; with best play neither player can force a win.\n", pos);
    else
        printf("%s: a %s for player %u (the player to move) in %u move%s.\n", pos,
               cli_value_word(v), p->mover, d, d == 1 ? "" : "s");
    uint32_t max = chopsat_bdd_max_distance(s);
    char a[CHOPSAT_COUNT_DIGITS], b[CHOPSAT_COUNT_DIGITS], c[CHOPSAT_COUNT_DIGITS],
        e[CHOPSAT_COUNT_DIGITS];
    chopsat_count_format(t->positions, a, sizeof a);
    chopsat_count_format(t->wins, b, sizeof b);
    chopsat_count_format(t->losses, c, sizeof c);
    chopsat_count_format(t->draws, e, sizeof e);
    printf("Every position, valued by BDD fixpoints (for the player to move): %s positions, "
           "%s wins, %s losses, %s draws; the longest distance is %u.\n", a, b, c, e, max);
    printf("distance  wins  losses\n");
    for (uint32_t k = 0; k <= max; k++) {
        chopsat_count cw, cl; /* each at most a total, which fit */
        chopsat_bdd_count_exact(s, CHOPSAT_WIN, k, &cw, NULL);
        chopsat_bdd_count_exact(s, CHOPSAT_LOSS, k, &cl, NULL);
        chopsat_count_format(cw, a, sizeof a);
        chopsat_count_format(cl, b, sizeof b);
        printf("%u %s %s\n", k, a, b);
    }
}

int cli_solve_bdd(cli_opts *o, const chopsat_pos *p)
{
    if (o->format == FMT_CSV) return cli_usage("solve: --bdd offers text and json");
    chopsat_err err;
    chopsat_bdd_opts bo = {.progress = cli_progress};
    chopsat_bdd *s = chopsat_bdd_solve(o->rules, &bo, &err);
    cli_progress_end();
    if (!s) return cli_error("%s", err.msg);
    uint32_t d;
    int v = chopsat_bdd_value(s, p, &d);
    char pos[CHOPSAT_POS_MAX];
    chopsat_pos_format(o->rules, p, pos, sizeof pos);
    totals t;
    int rc = sum_totals(s, &t);
    if (rc) rc = cli_error("solve: the game's counts pass 2^128 - 1, more than exact counting "
                           "holds");
    else if (o->format == FMT_JSON) write_json(s, &t, pos, v, d);
    else write_text(o, s, &t, p, pos, v, d);
    chopsat_bdd_free(s);
    return rc;
}
