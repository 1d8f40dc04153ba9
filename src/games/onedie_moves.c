/* onedie_moves.c: the explicit half of the one-die game (docs/rules.md): a running total
 * and a die; the opening sets the die to any face, every later move tips it a quarter turn
 * (any face but the top and the bottom) and adds the new top face. Reaching the target exactly
 * wins; passing it loses. onedie_sym.c encodes the same rules independently. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "games/game.h"
#include "games/onedie_options.h"

/* Totals run from 0 to target+5 (a move from target-1 adds at most 6). */
static uint64_t totals(const chopsat_rules *r)
{
    return (uint64_t)onedie_of(r)->target + 6;
}

static uint64_t die_count(const chopsat_rules *r)
{
    return 2 * totals(r) * 7;
}

static uint64_t die_index(const chopsat_rules *r, const chopsat_pos *p)
{
    return ((uint64_t)(p->mover - 1) * totals(r) + p->v[0]) * 7 + p->v[1];
}

static bool die_valid(const chopsat_rules *r, uint32_t total, uint32_t top)
{
    if (total == 0) return top == 0;
    return top >= 1 && top <= 6 && top <= total && total <= onedie_of(r)->target + 5;
}

static bool die_unindex(const chopsat_rules *r, uint64_t i, chopsat_pos *p)
{
    memset(p, 0, sizeof *p);
    p->v[1] = (uint32_t)(i % 7);
    p->v[0] = (uint32_t)(i / 7 % totals(r));
    p->mover = (uint32_t)(i / 7 / totals(r)) + 1;
    return die_valid(r, p->v[0], p->v[1]);
}

static void die_start(const chopsat_rules *r, chopsat_pos *p)
{
    (void)r;
    memset(p, 0, sizeof *p);
    p->mover = 1;
}

static int die_winner(const chopsat_rules *r, const chopsat_pos *p)
{
    int just_moved = 3 - (int)p->mover;
    if (p->v[0] < onedie_of(r)->target) return 0;
    return p->v[0] == onedie_of(r)->target ? just_moved : (int)p->mover;
}

static size_t die_max_moves(const chopsat_rules *r)
{
    (void)r;
    return 6;
}

static size_t die_moves(const chopsat_rules *r, const chopsat_pos *p, step *out)
{
    (void)r;
    size_t n = 0;
    uint32_t top = p->v[1];
    for (uint32_t f = 1; f <= 6; f++) {
        if (top && (f == top || f == 7 - top)) continue;
        step s = {.to = *p, .kind = CHOPSAT_ROLL, .a = (uint8_t)f};
        s.to.v[0] = p->v[0] + f;
        s.to.v[1] = f;
        s.to.mover = 3 - p->mover;
        out[n++] = s;
    }
    return n;
}

static void die_move_name(const chopsat_rules *r, const chopsat_pos *p, const step *s, char *buf,
                          size_t size)
{
    (void)r;
    snprintf(buf, size, "%s %u", p->v[1] ? "turn" : "open", s->a);
}

static int die_parse(const chopsat_rules *r, const char *text, chopsat_pos *out, chopsat_err *err)
{
    memset(out, 0, sizeof *out);
    unsigned long total, top;
    char *end;
    if (text[0] < '0' || text[0] > '9') goto bad;
    total = strtoul(text, &end, 10);
    if (*end != '@' || end[1] < '0' || end[1] > '9') goto bad;
    top = strtoul(end + 1, &end, 10);
    out->mover = 1;
    if (*end == ':') {
        if (!strcmp(end + 1, "1"))
            out->mover = 1;
        else if (!strcmp(end + 1, "2"))
            out->mover = 2;
        else
            return fail(err, "position: player to move '%s' in '%s' is not 1 or 2", end + 1, text);
    } else if (*end)
        goto bad;
    if (total > onedie_of(r)->target + 5 || top > 6 ||
        !die_valid(r, (uint32_t)total, (uint32_t)top))
        return fail(err,
                    "position: '%s' is no position of the one-die game (total 1..%u with a top "
                    "face 1..6 no larger than the total, or 0@0)",
                    text, (unsigned)onedie_of(r)->target + 5);
    out->v[0] = (uint32_t)total;
    out->v[1] = (uint32_t)top;
    return 0;
bad:
    return fail(err, "position: bad one-die position '%s' (want TOTAL@TOP[:M], e.g. 24@3)", text);
}

static void die_format(const chopsat_rules *r, const chopsat_pos *p, char *buf, size_t size)
{
    (void)r;
    snprintf(buf, size, "%u@%u:%u", (unsigned)p->v[0], (unsigned)p->v[1], p->mover);
}

/* ---- the best-move chart: one row per total before the target (0 .. T-1), one column per
 * top face (0, before the opening, then 1 .. 6); player 1 is the mover. ---- */

static uint64_t die_chart_size(const chopsat_rules *r, int axis)
{
    return axis == 0 ? onedie_of(r)->target : 7;
}

static void die_chart_label(const chopsat_rules *r, int axis, uint64_t k, char *buf, size_t size)
{
    (void)r, (void)axis;
    snprintf(buf, size, "%llu", (unsigned long long)k);
}

static void die_chart_legend(const chopsat_rules *r, char *buf, size_t size)
{
    (void)r;
    snprintf(buf, size, "f: open with face f (total 0) or turn the die to f");
}

static bool die_chart_cell(const chopsat_rules *r, uint64_t row, uint64_t col, chopsat_pos *p)
{
    memset(p, 0, sizeof *p);
    p->v[0] = (uint32_t)row;
    p->v[1] = (uint32_t)col;
    p->mover = 1;
    return row < onedie_of(r)->target && die_valid(r, p->v[0], p->v[1]);
}

/* ---- the board for a person (chopsat play): the total and the die's top face ---- */

/* The pips of each face on a 3x3 grid, row by row ('o' a pip). */
static const char *const die_pips[7] = {"         ", "    o    ", "o       o", "o   o   o",
                                        "o o   o o", "o o o o o", "o oo oo o"};

static void die_draw(const chopsat_rules *r, const chopsat_pos *p, FILE *out)
{
    uint32_t total = (uint32_t)p->v[0], top = (uint32_t)p->v[1];
    uint32_t target = (uint32_t)onedie_of(r)->target; /* at most 1000000 */
    if (total < target)
        fprintf(out, "  total %u of %u (%u to go)\n", total, target, target - total);
    else
        fprintf(out, "  total %u of %u%s\n", total, target,
                total > onedie_of(r)->target ? " (passed)" : "");
    if (top == 0) {
        fprintf(out, "  no die on the table yet: the opening is a roll\n");
    } else {
        fprintf(out, "  +-------+\n");
        for (int row = 0; row < 3; row++) {
            fprintf(out, "  |");
            for (int col = 0; col < 3; col++)
                fprintf(out, " %c", die_pips[top][row * 3 + col]);
            if (row == 1)
                fprintf(out, " |   top face %u, bottom %u\n", top, 7 - top);
            else
                fprintf(out, " |\n");
        }
        fprintf(out, "  +-------+\n");
    }
    if (!die_winner(r, p)) fprintf(out, "  > player %u to move\n", p->mover);
}

/* The opening (from 0@0) is a roll of the die in a real game. */
static bool die_chance(const chopsat_rules *r, const chopsat_pos *p)
{
    return p->v[1] == 0 && !die_winner(r, p);
}

/* Un-moves: the positions a move could have come from. The face on top of p was the last
 * face turned up and added: before it the total was smaller by it, and the die showed any face
 * but it and its opposite (or the total was 0 and no die was down: the opening). */
static size_t die_max_unmoves(const chopsat_rules *r)
{
    (void)r;
    return 6;
}

static size_t die_unmoves(const chopsat_rules *r, const chopsat_pos *p, chopsat_pos *out)
{
    uint32_t total = p->v[0], f = p->v[1];
    if (f == 0 || f > total) return 0;
    uint32_t before = total - f;
    if (before >= onedie_of(r)->target) return 0; /* the game was over before */
    chopsat_pos q = *p;
    q.mover = 3 - p->mover;
    q.v[0] = before;
    size_t n = 0;
    if (before == 0) {
        q.v[1] = 0;
        out[n++] = q;
        return n;
    }
    for (uint32_t g = 1; g <= 6 && g <= before; g++) {
        if (g == f || g == 7 - f) continue;
        q.v[1] = g;
        out[n++] = q;
    }
    return n;
}

const game onedie_game = {
    .name = "onedie",
    .rules_size = sizeof(onedie_rules),
    .count = die_count,
    .index = die_index,
    .unindex = die_unindex,
    .start = die_start,
    .winner = die_winner,
    .max_moves = die_max_moves,
    .moves = die_moves,
    .max_unmoves = die_max_unmoves,
    .unmoves = die_unmoves,
    .move_name = die_move_name,
    .parse = die_parse,
    .typed_move = die_typed_move,
    .format = die_format,
    .draw = die_draw,
    .chance = die_chance,
    .title = "the one-die game",
    .options = onedie_options,
    .defaults = onedie_defaults,
    .get_option = onedie_get_option,
    .set_option = onedie_set_option,
    .chart_title = {"the total", "the top face"},
    .chart_legend = die_chart_legend,
    .chart_size = die_chart_size,
    .chart_label = die_chart_label,
    .chart_cell = die_chart_cell,
};
