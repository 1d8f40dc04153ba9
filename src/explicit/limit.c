/* limit.c: the explicit limit policy for searches over the whole index space (limit.h): the
 * index must fit the search's position numbers and its arrays the memory available. */
#include "explicit/limit.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/util.h"
#include "explicit/solve.h"
#include "explicit/within.h"
#include "games/game.h"

uint64_t solve_kept(const chopsat_rules *r)
{
    uint64_t n = r->game->count(r);
    return r->game->mirror_index ? n / 2 : n;
}

int explicit_index_budget(const chopsat_rules *r, uint64_t max_index, uint64_t bytes,
                          uint64_t kept_bytes, uint64_t extra, index_budget *b)
{
    b->positions = r->game->count(r);
    b->need = b->have = 0;
    if (b->positions == 0 || b->positions > max_index) return INDEX_TOO_LARGE;
    b->need = b->positions * bytes + solve_kept(r) * kept_bytes + extra + EXPLICIT_SPARE;
    b->have = memory_available();
    return b->have && b->need > b->have ? INDEX_NO_MEMORY : INDEX_FITS;
}

int explicit_index_fits(const chopsat_rules *r, uint64_t max_index, uint64_t bytes, uint64_t extra,
                        chopsat_err *err)
{
    index_budget b;
    int fit = explicit_index_budget(r, max_index, bytes, 0, extra, &b);
    if (fit == INDEX_TOO_LARGE)
        return fail(err,
                    "the game's index space is larger than the %llu positions a search "
                    "over the whole index can number",
                    (unsigned long long)max_index),
               CHOPSAT_LIMIT;
    if (fit == INDEX_NO_MEMORY)
        return fail(err,
                    "searching all %llu positions of the game's index would need about "
                    "%llu MiB, more than the %llu MiB available (CHOPSAT_MEMORY=MiB overrides "
                    "the estimate)",
                    (unsigned long long)b.positions, (unsigned long long)(b.need >> 20),
                    (unsigned long long)(b.have >> 20)),
               CHOPSAT_LIMIT;
    return CHOPSAT_OK;
}

/* Each whole-index search of chopsat_explicit_memory: the most positions it numbers, its bytes
 * per index position, per position the solver keeps (solve_kept) and beyond them, and its name
 * in messages. The solve's peak is SOLVE_BYTES a position kept; after it the solution's
 * SOLUTION_BYTES stay beside the later search's arrays, which are at least as large. */
static const struct search_need {
    uint64_t max, bytes, kept_bytes, extra;
    const char *what;
} needs[] = {
    [CHOPSAT_SEARCH_SOLVE] = {SOLVE_LIMIT, 0, SOLVE_BYTES, SOLVE_EXTRA, "the explicit solve"},
    [CHOPSAT_SEARCH_STATS] = {EXPLORE_MAX, STATS_WALK_BYTES, SOLUTION_BYTES, SOLVE_EXTRA,
                              "the explicit solve and the statistics' breadth-first walk"},
    [CHOPSAT_SEARCH_SOLVE_ALL] = {EXPLORE_MAX, EXPLORE_BYTES, SOLUTION_BYTES, SOLVE_EXTRA,
                                  "the explicit solve and the breadth-first search of every "
                                  "position reachable from the start"},
    [CHOPSAT_SEARCH_EXPLORE] = {EXPLORE_MAX, EXPLORE_BYTES, 0, 0, "the breadth-first search"},
    [CHOPSAT_SEARCH_WITHIN] = {WITHIN_FLAT_MAX, WITHIN_FLAT_BYTES, 0, WITHIN_FLAT_EXTRA,
                               "the flat \"within K\" search"},
};

/* bytes in MiB, rounded up: the figure a message gives is never below the estimate. */
static uint64_t mib_up(uint64_t bytes)
{
    return (bytes + ((1u << 20) - 1)) >> 20;
}

int chopsat_explicit_memory(const chopsat_rules *r, int search, uint64_t *need, chopsat_err *err)
{
    if (need) *need = 0;
    if (search < 0 || search >= (int)(sizeof needs / sizeof needs[0]))
        return fail(err, "explicit memory: no search numbered %d", search), CHOPSAT_ERROR;
    const struct search_need *s = &needs[search];
    index_budget b;
    int fit = explicit_index_budget(r, s->max, s->bytes, s->kept_bytes, s->extra, &b);
    if (need) *need = b.need;
    if (fit == INDEX_TOO_LARGE)
        return fail(err,
                    "the game has too many positions for %s (its index space is larger "
                    "than the %llu positions it can number)",
                    s->what, (unsigned long long)s->max),
               CHOPSAT_LIMIT;
    if (fit == INDEX_NO_MEMORY)
        return fail(err,
                    "%s of all %llu positions of the game's index needs about %llu MiB, "
                    "more than the %llu MiB available (CHOPSAT_MEMORY=MiB overrides the "
                    "estimate of what is available)",
                    s->what, (unsigned long long)b.positions, (unsigned long long)mib_up(b.need),
                    (unsigned long long)(b.have >> 20)),
               CHOPSAT_LIMIT;
    return CHOPSAT_OK;
}

int explicit_moves_room(const chopsat_rules *r, const chopsat_pos *p, step **buf, size_t *cap,
                        const char *who, chopsat_err *err)
{
    size_t need = r->game->max_moves(r);
    if (r->game->moves_at) {
        size_t at = r->game->moves_at(r, p);
        if (at < need) need = at;
    }
    if (need > EXPLICIT_MAX_MOVES) {
        char buf_pos[CHOPSAT_POS_MAX];
        chopsat_pos_format(r, p, buf_pos, sizeof buf_pos);
        fail(err, "%s: %s may have more than %zu moves, more than the explicit search lists", who,
             buf_pos, EXPLICIT_MAX_MOVES);
        return CHOPSAT_LIMIT;
    }
    if (need > *cap) {
        free(*buf);
        *buf = xmalloc(need * sizeof **buf);
        *cap = need;
    }
    return CHOPSAT_OK;
}
