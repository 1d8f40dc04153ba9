/* json_moves.c: the legal moves of a position and where each leads (chopsat_moves_list), as
 * one JSON object {"position", "moves": [{"move", "position"}]}. */
#include "report/text_write.h"
#include "report/value_write.h"

int chopsat_report_moves_json(FILE *out, const chopsat_rules *rules, const chopsat_pos *from,
                              const chopsat_moves *moves, chopsat_err *err)
{
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(rules, from, buf, sizeof buf);
    chopsat_json j;
    chopsat_json_init(&j, out);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "position", buf);
    chopsat_json_key(&j, "moves");
    report_moves_json(&j, rules, moves);
    chopsat_json_end(&j);
    fputc('\n', out);
    return report_end(out, err);
}
