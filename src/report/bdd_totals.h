/* bdd_totals.h: what the text and JSON reports of `solve --bdd` share: the exact counts of
 * every position of the game, and a value's word. Internal to the room. */
#ifndef CHOPSAT_REPORT_BDD_TOTALS_H
#define CHOPSAT_REPORT_BDD_TOTALS_H

#include "chopsat_tool.h"

/* The exact counts of every position: all of them, the wins and losses over every distance,
 * the draws (chopsat_bdd_count_exact). */
typedef struct report_bdd_totals {
    chopsat_count positions, wins, losses, draws;
} report_bdd_totals;

/* Adds up the totals of s: 0, or -1 with a message in err when a count does not fit 128
 * bits. */
int report_bdd_totals_sum(const chopsat_bdd *s, report_bdd_totals *t, chopsat_err *err);

/* The wins and losses at distance k (each at most a total, which fit). */
void report_bdd_at(const chopsat_bdd *s, uint32_t k, chopsat_count *wins, chopsat_count *losses);

#endif
