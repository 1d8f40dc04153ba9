/* json_stats.c: the state graph's statistics from a position (chopsat_stats) as one JSON
 * object. */
#include "report/text_write.h"

int chopsat_report_stats_json(FILE *out, const chopsat_rules *rules, const chopsat_pos *from,
                              const chopsat_stats *st, chopsat_err *err)
{
    const char *names[] = {"positions", "terminal",         "edges", "wins", "losses",
                           "draws",     "longest_distance", "depth"};
    uint64_t values[] = {st->positions, st->terminal,         st->edges, st->wins, st->losses,
                         st->draws,     st->longest_distance, st->depth};
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(rules, from, buf, sizeof buf);
    chopsat_json j;
    chopsat_json_init(&j, out);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "from", buf);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        chopsat_json_key(&j, names[i]);
        chopsat_json_uint(&j, values[i]);
    }
    chopsat_json_end(&j);
    fputc('\n', out);
    return report_end(out, err);
}
