/* text_stats.c: the state graph's statistics from a position (chopsat_stats) as text, one
 * figure a line, and as a CSV header and line. */
#include "report/text_write.h"

int chopsat_report_stats_text(FILE *out, const chopsat_rules *rules, const chopsat_pos *from,
                              const chopsat_stats *st, chopsat_err *err)
{
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(rules, from, buf, sizeof buf);
    fprintf(out,
            "from %s:\n  reachable positions  %llu\n  terminal             %llu\n"
            "  edges                %llu\n  non-terminal wins    %llu\n"
            "  non-terminal losses  %llu\n  non-terminal draws   %llu\n"
            "  longest distance     %llu\n  breadth-first depth  %llu\n",
            buf, (unsigned long long)st->positions, (unsigned long long)st->terminal,
            (unsigned long long)st->edges, (unsigned long long)st->wins,
            (unsigned long long)st->losses, (unsigned long long)st->draws,
            (unsigned long long)st->longest_distance, (unsigned long long)st->depth);
    return report_end(out, err);
}

int chopsat_report_stats_csv(FILE *out, const chopsat_rules *rules, const chopsat_pos *from,
                             const chopsat_stats *st, chopsat_err *err)
{
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(rules, from, buf, sizeof buf);
    fprintf(out, "from,positions,terminal,edges,wins,losses,draws,longest_distance,depth\n");
    report_csv_field(out, buf);
    fprintf(out, ",%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu\n", (unsigned long long)st->positions,
            (unsigned long long)st->terminal, (unsigned long long)st->edges,
            (unsigned long long)st->wins, (unsigned long long)st->losses,
            (unsigned long long)st->draws, (unsigned long long)st->longest_distance,
            (unsigned long long)st->depth);
    return report_end(out, err);
}
