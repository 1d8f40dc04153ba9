/* witness_write.c: a replayed witness written as JSON and as numbered moves (witness_write.h). */
#include "report/witness_write.h"

void report_witness_json(chopsat_json *j, const chopsat_rules *r, const chopsat_pos *path,
                         const chopsat_moves *names)
{
    if (!path) {
        chopsat_json_null(j);
        return;
    }
    char buf[CHOPSAT_POS_MAX];
    chopsat_json_array(j, false);
    for (size_t i = 0; i < names->n; i++) {
        chopsat_pos_format(r, &path[i + 1], buf, sizeof buf);
        chopsat_json_object(j);
        chopsat_json_kint(j, "player", path[i].mover);
        chopsat_json_kstring(j, "move", names->items[i].name);
        chopsat_json_kstring(j, "position", buf);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
}

void report_witness_text(FILE *out, const chopsat_rules *r, const chopsat_pos *path,
                         const chopsat_moves *names)
{
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, &path[0], buf, sizeof buf);
    fprintf(out, "  start       %s\n", buf);
    for (size_t i = 0; i < names->n; i++) {
        chopsat_pos_format(r, &path[i + 1], buf, sizeof buf);
        fprintf(out, "  %3zu. player %u  %-12s -> %s\n", i + 1, path[i].mover, names->items[i].name,
                buf);
    }
}
