/* bdd_totals.c: the exact counts of `solve --bdd`'s reports (bdd_totals.h). */
#include "report/bdd_totals.h"

#include "core/util.h"

int report_bdd_totals_sum(const chopsat_bdd *s, report_bdd_totals *t, chopsat_err *err)
{
    *t = (report_bdd_totals){{0, 0}, {0, 0}, {0, 0}, {0, 0}};
    bool fits = !chopsat_bdd_positions_exact(s, &t->positions, NULL) &&
                !chopsat_bdd_count_exact(s, CHOPSAT_DRAW, 0, &t->draws, NULL);
    for (uint32_t k = 0; fits && k <= chopsat_bdd_max_distance(s); k++) {
        chopsat_count w, l;
        fits = !chopsat_bdd_count_exact(s, CHOPSAT_WIN, k, &w, NULL) &&
               !chopsat_bdd_count_exact(s, CHOPSAT_LOSS, k, &l, NULL) &&
               chopsat_count_add(&t->wins, w) && chopsat_count_add(&t->losses, l);
    }
    return fits ? 0 : fail(err, "the game's counts pass 2^128 - 1, more than exact counting holds");
}

void report_bdd_at(const chopsat_bdd *s, uint32_t k, chopsat_count *wins, chopsat_count *losses)
{
    chopsat_bdd_count_exact(s, CHOPSAT_WIN, k, wins, NULL);
    chopsat_bdd_count_exact(s, CHOPSAT_LOSS, k, losses, NULL);
}
