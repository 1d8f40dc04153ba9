/* json_chart.c: the best-move chart (chopsat_chart_*) as one JSON object: the rules, the
 * titles of the rows and columns, and every cell that holds a position. */
#include "report/text_write.h"

/* One cell of the chart as a JSON object. */
static void cell(chopsat_json *j, const chopsat_rules *r, const chopsat_chart_cell *c,
                 const char *row, const char *col)
{
    char pos[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, &c->pos, pos, sizeof pos);
    chopsat_json_object(j);
    chopsat_json_kstring(j, "mover", row);
    chopsat_json_kstring(j, "opponent", col);
    chopsat_json_kstring(j, "position", pos);
    chopsat_json_kstring(j, "sign", report_sign(c->value));
    chopsat_json_kstring(j, "value",
                         c->value == CHOPSAT_WIN    ? "win"
                         : c->value == CHOPSAT_LOSS ? "loss"
                                                    : "draw");
    chopsat_json_key(j, "distance");
    if (c->value == CHOPSAT_DRAW)
        chopsat_json_null(j);
    else
        chopsat_json_uint(j, c->distance);
    chopsat_json_kbool(j, "terminal", c->terminal);
    chopsat_json_kstring(j, "move", c->terminal ? NULL : c->best.name);
    chopsat_json_end(j);
}

int chopsat_report_chart_json(FILE *out, const chopsat_rules *rules, const chopsat_solution *sol,
                              chopsat_err *err)
{
    uint64_t rows = chopsat_chart_size(rules, 0), cols = chopsat_chart_size(rules, 1);
    char row[64], col[64], buf[256];
    chopsat_chart_cell c;
    chopsat_json j;
    chopsat_json_init(&j, out);
    chopsat_rules_describe(rules, buf, sizeof buf);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "rules", buf);
    chopsat_json_kstring(&j, "rows", chopsat_chart_title(rules, 0));
    chopsat_json_kstring(&j, "columns", chopsat_chart_title(rules, 1));
    chopsat_json_key(&j, "cells");
    chopsat_json_array(&j, true);
    for (uint64_t i = 0; i < rows; i++) {
        chopsat_chart_label(rules, 0, i, row, sizeof row);
        for (uint64_t k = 0; k < cols; k++) {
            if (!chopsat_chart_cell_at(sol, i, k, &c)) continue;
            chopsat_chart_label(rules, 1, k, col, sizeof col);
            cell(&j, rules, &c, row, col);
        }
    }
    chopsat_json_end(&j);
    chopsat_json_end(&j);
    fputc('\n', out);
    return report_end(out, err);
}
