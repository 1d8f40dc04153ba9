/* cli_chart.c: `chopsat chart`, the best-move chart like the printed strategy charts players
 * use at the table: one row per hands of the mover, one column per hands of the opponent (for
 * the one-die game: totals and top faces), each cell a sign (+ win, - loss, blank draw, for the
 * player to move) and one best move. Text is a grid; csv and json list the cells. The cells
 * come from src/chart.c; this file only lays them out. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static const char *sign_of(int v) { return v == CHOPSAT_WIN ? "+" : v == CHOPSAT_LOSS ? "-" : ""; }

/* The text of a cell in the grid: the sign (or a space for a draw) and the short move, '#' when
 * the game is over there, '.' when the cell holds no position. */
static void cell_text(bool ok, const chopsat_chart_cell *c, char *buf, size_t size)
{
    if (!ok) snprintf(buf, size, ".");
    else snprintf(buf, size, "%s%s", *sign_of(c->value) ? sign_of(c->value) : " ",
                  c->terminal ? "#" : chopsat_move_short_name(&c->best));
}

static void write_text(FILE *f, const chopsat_solution *sol, const chopsat_rules *r)
{
    uint64_t rows = chopsat_chart_size(r, 0), cols = chopsat_chart_size(r, 1);
    char buf[256];
    chopsat_rules_describe(r, buf, sizeof buf);
    fprintf(f, "Best-move chart for %s\n", buf);
    fprintf(f, "Rows: %s; columns: %s; player 1 to move (the game is the same for player 2).\n",
            chopsat_chart_title(r, 0), chopsat_chart_title(r, 1));
    fprintf(f, "Each cell: + the mover wins, - the mover loses, blank sign: a draw; then one "
               "best move.\n");
    chopsat_chart_legend(r, buf, sizeof buf);
    fprintf(f, "Moves: %s; '.': no such position.\n\n", buf);

    /* Column widths: the widest label or cell of each column. */
    size_t *width = cli_calloc(cols ? cols : 1, sizeof *width);
    size_t label_w = 0;
    chopsat_chart_cell c;
    for (uint64_t i = 0; i < rows; i++) {
        chopsat_chart_label(r, 0, i, buf, sizeof buf);
        if (strlen(buf) > label_w) label_w = strlen(buf);
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
    fprintf(f, "%*s", (int)label_w, "");
    for (uint64_t j = 0; j < cols; j++) {
        chopsat_chart_label(r, 1, j, buf, sizeof buf);
        fprintf(f, "  %-*s", j + 1 < cols ? (int)width[j] : 0, buf);
    }
    fprintf(f, "\n");
    for (uint64_t i = 0; i < rows; i++) {
        chopsat_chart_label(r, 0, i, buf, sizeof buf);
        fprintf(f, "%*s", (int)label_w, buf);
        for (uint64_t j = 0; j < cols; j++) {
            bool ok = chopsat_chart_cell_at(sol, i, j, &c);
            cell_text(ok, &c, buf, sizeof buf);
            fprintf(f, "  %-*s", j + 1 < cols ? (int)width[j] : 0, buf);
        }
        fprintf(f, "\n");
    }
    free(width);
}

/* One cell of the chart as a JSON object. */
static void write_cell_json(chopsat_json *j, const chopsat_rules *r, const chopsat_chart_cell *c,
                            const char *row, const char *col)
{
    char pos[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, &c->pos, pos, sizeof pos);
    chopsat_json_object(j);
    chopsat_json_kstring(j, "mover", row);
    chopsat_json_kstring(j, "opponent", col);
    chopsat_json_kstring(j, "position", pos);
    chopsat_json_kstring(j, "sign", sign_of(c->value));
    chopsat_json_kstring(j, "value", c->value == CHOPSAT_WIN    ? "win"
                                     : c->value == CHOPSAT_LOSS ? "loss"
                                                                : "draw");
    chopsat_json_key(j, "distance");
    if (c->value == CHOPSAT_DRAW) chopsat_json_null(j);
    else chopsat_json_uint(j, c->distance);
    chopsat_json_kbool(j, "terminal", c->terminal);
    chopsat_json_kstring(j, "move", c->terminal ? NULL : c->best.name);
    chopsat_json_end(j);
}

static void write_cells(FILE *f, const chopsat_solution *sol, const chopsat_rules *r, bool json)
{
    uint64_t rows = chopsat_chart_size(r, 0), cols = chopsat_chart_size(r, 1);
    char row[64], col[64], buf[256];
    chopsat_chart_cell c;
    chopsat_json w;
    chopsat_json_init(&w, f);
    if (json) {
        chopsat_rules_describe(r, buf, sizeof buf);
        chopsat_json_object(&w);
        chopsat_json_kstring(&w, "rules", buf);
        chopsat_json_kstring(&w, "rows", chopsat_chart_title(r, 0));
        chopsat_json_kstring(&w, "columns", chopsat_chart_title(r, 1));
        chopsat_json_key(&w, "cells");
        chopsat_json_array(&w, true);
    } else {
        fprintf(f, "mover,opponent,sign,move\n");
    }
    for (uint64_t i = 0; i < rows; i++) {
        chopsat_chart_label(r, 0, i, row, sizeof row);
        for (uint64_t j = 0; j < cols; j++) {
            if (!chopsat_chart_cell_at(sol, i, j, &c)) continue;
            chopsat_chart_label(r, 1, j, col, sizeof col);
            if (!json) {
                csv_field(f, row);
                fprintf(f, ",");
                csv_field(f, col);
                fprintf(f, ",%s,", sign_of(c.value));
                csv_field(f, c.best.name);
                fprintf(f, "\n");
                continue;
            }
            write_cell_json(&w, r, &c, row, col);
        }
    }
    if (json) {
        chopsat_json_end(&w);
        chopsat_json_end(&w);
        fputc('\n', f);
    }
}

int cli_chart(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("chart", argc, argv, 0, &o);
    if (rc) return rc;
    chopsat_err err;
    chopsat_solution *sol = chopsat_solve(o.rules, cli_progress, NULL, &err);
    cli_progress_end();
    if (!sol) rc = cli_error("%s", err.msg);
    cli_out out;
    if (!rc) rc = cli_out_open(&out, o.out_path);
    if (!rc) {
        if (o.format == FMT_TEXT) write_text(out.f, sol, o.rules);
        else write_cells(out.f, sol, o.rules, o.format == FMT_JSON);
        rc = cli_out_close(&out, true);
    }
    chopsat_solution_free(sol);
    cli_opts_free(&o);
    return rc;
}
