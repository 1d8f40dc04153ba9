/* text_chart.c: the best-move chart (chopsat_chart_*) as players print it: one row per hands
 * of the mover, one column per hands of the opponent, each cell a sign (+ win, - loss, blank
 * draw, for the player to move) and one best move; and its cells as CSV lines. */
#include <stdlib.h>
#include <string.h>

#include "core/oom.h"
#include "core/util.h"
#include "report/text_write.h"

/* The text of a cell in the grid: the sign (or a space for a draw) and the short move, '#' when
 * the game is over there, '.' when the cell holds no position. */
static void cell_text(bool ok, const chopsat_chart_cell *c, char *buf, size_t size)
{
    if (!ok) {
        snprintf(buf, size, ".");
        return;
    }
    const char *sign = report_sign(c->value);
    snprintf(buf, size, "%s%s", *sign ? sign : " ",
             c->terminal ? "#" : chopsat_move_short_name(&c->best));
}

/* The title lines above the grid. */
static void title(FILE *out, const chopsat_rules *r)
{
    char buf[256];
    chopsat_rules_describe(r, buf, sizeof buf);
    fprintf(out, "Best-move chart for %s\n", buf);
    /* with unequal hand counts player 2's positions are other positions, not this chart's */
    bool same = chopsat_rules_hands(r, 1) == chopsat_rules_hands(r, 2);
    fprintf(out, "Rows: %s; columns: %s; player 1 to move%s.\n", chopsat_chart_title(r, 0),
            chopsat_chart_title(r, 1), same ? " (the game is the same for player 2)" : "");
    fprintf(out, "Each cell: + the mover wins, - the mover loses, blank sign: a draw; then one "
                 "best move.\n");
    chopsat_chart_legend(r, buf, sizeof buf);
    fprintf(out, "Moves: %s; '.': no such position.\n\n", buf);
}

/* The width of each column (the widest label or cell) into width[], and the rows' labels'
 * into *label_w. */
static void widths(const chopsat_rules *r, const chopsat_solution *sol, size_t *width,
                   size_t *label_w)
{
    uint64_t rows = chopsat_chart_size(r, 0), cols = chopsat_chart_size(r, 1);
    char buf[256];
    chopsat_chart_cell c;
    *label_w = 0;
    for (uint64_t i = 0; i < rows; i++) {
        chopsat_chart_label(r, 0, i, buf, sizeof buf);
        if (strlen(buf) > *label_w) *label_w = strlen(buf);
    }
    for (uint64_t j = 0; j < cols; j++) {
        chopsat_chart_label(r, 1, j, buf, sizeof buf);
        width[j] = strlen(buf);
        for (uint64_t i = 0; i < rows; i++) {
            bool ok = chopsat_chart_cell_at(sol, i, j, &c);
            cell_text(ok, &c, buf, sizeof buf);
            if (strlen(buf) > width[j]) width[j] = strlen(buf);
        }
    }
}

/* The grid: the columns' labels, then one line per row. */
static void grid(FILE *out, const chopsat_rules *r, const chopsat_solution *sol)
{
    uint64_t rows = chopsat_chart_size(r, 0), cols = chopsat_chart_size(r, 1);
    size_t *width = xcalloc(cols ? cols : 1, sizeof *width), label_w;
    char buf[256];
    chopsat_chart_cell c;
    widths(r, sol, width, &label_w);
    fprintf(out, "%*s", (int)label_w, "");
    for (uint64_t j = 0; j < cols; j++) {
        chopsat_chart_label(r, 1, j, buf, sizeof buf);
        fprintf(out, "  %-*s", j + 1 < cols ? (int)width[j] : 0, buf);
    }
    fprintf(out, "\n");
    for (uint64_t i = 0; i < rows; i++) {
        chopsat_chart_label(r, 0, i, buf, sizeof buf);
        fprintf(out, "%*s", (int)label_w, buf);
        for (uint64_t j = 0; j < cols; j++) {
            bool ok = chopsat_chart_cell_at(sol, i, j, &c);
            cell_text(ok, &c, buf, sizeof buf);
            fprintf(out, "  %-*s", j + 1 < cols ? (int)width[j] : 0, buf);
        }
        fprintf(out, "\n");
    }
    free(width);
}

/* The whole chart as text. */
static int chart_text(FILE *out, const chopsat_rules *r, const chopsat_solution *sol,
                      chopsat_err *err)
{
    title(out, r);
    grid(out, r, sol);
    return report_end(out, err);
}

int chopsat_report_chart_text(FILE *out, const chopsat_rules *rules, const chopsat_solution *sol,
                              chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, chart_text(out, rules, sol, err));
}

int chopsat_report_chart_csv(FILE *out, const chopsat_rules *rules, const chopsat_solution *sol,
                             chopsat_err *err)
{
    uint64_t rows = chopsat_chart_size(rules, 0), cols = chopsat_chart_size(rules, 1);
    char row[64], col[64];
    chopsat_chart_cell c;
    fprintf(out, "mover,opponent,sign,move\n");
    for (uint64_t i = 0; i < rows; i++) {
        chopsat_chart_label(rules, 0, i, row, sizeof row);
        for (uint64_t j = 0; j < cols; j++) {
            if (!chopsat_chart_cell_at(sol, i, j, &c)) continue;
            chopsat_chart_label(rules, 1, j, col, sizeof col);
            report_csv_field(out, row);
            fprintf(out, ",");
            report_csv_field(out, col);
            fprintf(out, ",%s,", report_sign(c.value));
            report_csv_field(out, c.best.name);
            fprintf(out, "\n");
        }
    }
    return report_end(out, err);
}
