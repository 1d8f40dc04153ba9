/* json_solve_bdd.c: `solve --bdd`'s answer as one JSON object: the position's value and
 * distance, the exact counts of every position per value and distance, and the BDD engine's
 * figures. */
#include "report/bdd_totals.h"
#include "report/text_write.h"
#include "report/value_write.h"

/* "key": an exact count. */
static void kcount(chopsat_json *j, const char *key, chopsat_count n)
{
    chopsat_json_key(j, key);
    chopsat_json_count(j, n);
}

/* [distance, wins, losses] for the player to move, for every distance. */
static void by_distance(chopsat_json *j, const chopsat_bdd *s)
{
    uint32_t max = chopsat_bdd_max_distance(s);
    chopsat_json_kint(j, "longest_distance", max);
    chopsat_json_key(j, "by_distance");
    chopsat_json_array(j, false);
    for (uint32_t k = 0; k <= max; k++) {
        chopsat_count w, l;
        report_bdd_at(s, k, &w, &l);
        chopsat_json_array(j, false);
        chopsat_json_int(j, k);
        chopsat_json_count(j, w);
        chopsat_json_count(j, l);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
}

int chopsat_report_solve_bdd_json(FILE *out, const chopsat_rules *rules, const chopsat_bdd *s,
                                  const chopsat_pos *p, chopsat_err *err)
{
    if (chopsat_pos_check(rules, p, err)) return CHOPSAT_ERROR;
    report_bdd_totals t;
    if (report_bdd_totals_sum(s, &t, err)) return -1;
    uint32_t d;
    int v = chopsat_bdd_value(s, p, &d);
    char pos[CHOPSAT_POS_MAX];
    chopsat_pos_format(rules, p, pos, sizeof pos);
    chopsat_json j;
    chopsat_json_init(&j, out);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "position", pos);
    chopsat_json_kstring(&j, "value", report_value_word(v));
    report_distance_json(&j, v, d); /* null for a draw, as the explicit solve */
    kcount(&j, "positions", t.positions);
    kcount(&j, "wins", t.wins);
    kcount(&j, "losses", t.losses);
    kcount(&j, "draws", t.draws);
    by_distance(&j, s);
    chopsat_json_key(&j, "bdd");
    chopsat_bdd_report(s, &j);
    chopsat_json_end(&j);
    fputc('\n', out);
    return report_end(out, err);
}
