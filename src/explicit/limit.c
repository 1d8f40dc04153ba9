/* limit.c: the explicit limit policy for searches over the whole index space (limit.h): the
 * index must fit the search's position numbers and its arrays the memory available. */
#include "explicit/limit.h"

#include <stdio.h>

#include "core/util.h"
#include "games/game.h"

int explicit_index_budget(const chopsat_rules *r, uint64_t max_index, uint64_t bytes,
                          uint64_t extra, index_budget *b)
{
    b->positions = r->game->count(r);
    b->need = b->have = 0;
    if (b->positions == 0 || b->positions > max_index) return INDEX_TOO_LARGE;
    b->need = b->positions * bytes + extra + EXPLICIT_SPARE;
    b->have = memory_available();
    return b->have && b->need > b->have ? INDEX_NO_MEMORY : INDEX_FITS;
}

int explicit_index_fits(const chopsat_rules *r, uint64_t max_index, uint64_t bytes,
                        uint64_t extra, chopsat_err *err)
{
    index_budget b;
    int fit = explicit_index_budget(r, max_index, bytes, extra, &b);
    if (fit == INDEX_TOO_LARGE)
        return fail(err, "the game's index space is larger than the %llu positions a search "
                    "over the whole index can number", (unsigned long long)max_index),
               CHOPSAT_LIMIT;
    if (fit == INDEX_NO_MEMORY)
        return fail(err, "searching all %llu positions of the game's index would need about "
                    "%llu MiB, more than the %llu MiB available (CHOPSAT_MEMORY=MiB overrides "
                    "the estimate)", (unsigned long long)b.positions,
                    (unsigned long long)(b.need >> 20), (unsigned long long)(b.have >> 20)),
               CHOPSAT_LIMIT;
    return CHOPSAT_OK;
}
