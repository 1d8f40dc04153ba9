/* text_solve_bdd.c: `solve --bdd`'s answer as text: the position's value and distance, and
 * the exact counts of every position of the game per value and distance (chopsat_bdd_solve's
 * fixpoints). */
#include "report/bdd_totals.h"
#include "report/text_write.h"
#include "report/value_write.h"

/* The position's value and distance, for people. */
static void value_text(FILE *out, const chopsat_rules *rules, const chopsat_bdd *s,
                       const chopsat_pos *p)
{
    uint32_t d;
    int v = chopsat_bdd_value(s, p, &d);
    char pos[CHOPSAT_POS_MAX];
    chopsat_pos_format(rules, p, pos, sizeof pos);
    int w = chopsat_pos_winner(rules, p);
    if (w)
        fprintf(out, "%s: the game is over; player %d has won.\n", pos, w);
    else if (v == CHOPSAT_DRAW)
        fprintf(out, "%s: a draw; with best play neither player can force a win.\n", pos);
    else
        fprintf(out, "%s: a %s for player %u (the player to move) in %u move%s.\n", pos,
                report_value_word(v), p->mover, d, d == 1 ? "" : "s");
}

/* The totals and the table of wins and losses per distance. */
static void counts_text(FILE *out, const chopsat_bdd *s, const report_bdd_totals *t)
{
    uint32_t max = chopsat_bdd_max_distance(s);
    char a[CHOPSAT_COUNT_DIGITS], b[CHOPSAT_COUNT_DIGITS], c[CHOPSAT_COUNT_DIGITS],
        e[CHOPSAT_COUNT_DIGITS];
    chopsat_count_format(t->positions, a, sizeof a);
    chopsat_count_format(t->wins, b, sizeof b);
    chopsat_count_format(t->losses, c, sizeof c);
    chopsat_count_format(t->draws, e, sizeof e);
    fprintf(out,
            "Every position, valued by BDD fixpoints (for the player to move): %s positions, "
            "%s wins, %s losses, %s draws; the longest distance is %u.\n",
            a, b, c, e, max);
    fprintf(out, "distance  wins  losses\n");
    for (uint32_t k = 0; k <= max; k++) {
        chopsat_count cw, cl;
        report_bdd_at(s, k, &cw, &cl);
        chopsat_count_format(cw, a, sizeof a);
        chopsat_count_format(cl, b, sizeof b);
        fprintf(out, "%u %s %s\n", k, a, b);
    }
}

int chopsat_report_solve_bdd_text(FILE *out, const chopsat_rules *rules, const chopsat_bdd *s,
                                  const chopsat_pos *p, chopsat_err *err)
{
    if (chopsat_pos_check(rules, p, err)) return CHOPSAT_ERROR;
    report_bdd_totals t;
    if (report_bdd_totals_sum(s, &t, err)) return -1;
    value_text(out, rules, s, p);
    counts_text(out, s, &t);
    return report_end(out, err);
}
