/* chart.c: the best-move chart of `chopsat chart`, game-independent. Each game says through
 * its table (game.h) what its rows and columns are and which position sits in a cell; this
 * file fills a cell from a solution: the value for the mover, the distance and one best move.
 * It does not print; src/cli_chart.c lays the chart out as text, CSV or JSON. */
#include <stdio.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"
#include "games/game.h"

uint64_t chopsat_chart_size(const chopsat_rules *r, int axis)
{
    return r->game->chart_size(r, axis ? 1 : 0);
}

const char *chopsat_chart_title(const chopsat_rules *r, int axis)
{
    return r->game->chart_title[axis ? 1 : 0];
}

size_t chopsat_chart_legend(const chopsat_rules *r, char *buf, size_t size)
{
    char text[1024];
    r->game->chart_legend(r, text, sizeof text);
    return (size_t)snprintf(buf, size, "%s", text);
}

size_t chopsat_chart_label(const chopsat_rules *r, int axis, uint64_t k, char *buf, size_t size)
{
    char text[128];
    r->game->chart_label(r, axis ? 1 : 0, k, text, sizeof text);
    return (size_t)snprintf(buf, size, "%s", text);
}

static bool chart_cell_at_body(const chopsat_solution *sol, uint64_t row, uint64_t col,
                               chopsat_chart_cell *cell)
{
    const chopsat_rules *r = chopsat_solution_rules(sol);
    memset(cell, 0, sizeof *cell);
    if (row >= r->game->chart_size(r, 0) || col >= r->game->chart_size(r, 1)) return false;
    if (!r->game->chart_cell(r, row, col, &cell->pos)) return false;
    cell->terminal = r->game->winner(r, &cell->pos) != 0;
    cell->value = chopsat_value(sol, &cell->pos, &cell->distance);
    if (cell->terminal) return true;
    chopsat_moves best = {0};
    chopsat_best_moves(sol, &cell->pos, &best, NULL);
    if (best.n) cell->best = best.items[0];
    chopsat_moves_free(&best);
    return true;
}

bool chopsat_chart_cell_at(const chopsat_solution *sol, uint64_t row, uint64_t col,
                           chopsat_chart_cell *cell)
{
    CS_GUARDED(bool, false, NULL, chart_cell_at_body(sol, row, col, cell));
}
