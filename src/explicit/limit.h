/* limit.h: the explicit limit policy (chopsat.h, CHOPSAT_EXPLICIT_LIMIT; docs/questions.md),
 * the one rule every explicit search that checks an answer follows. A search that keeps an
 * entry for every position of the game's index space (the flat "within K" search, the
 * breadth-first search of an unbounded question, the tablebase solver) runs when the index
 * fits its position numbers and its arrays fit the memory available; every other search keeps
 * the positions it meets and stops at CHOPSAT_EXPLICIT_LIMIT of them (within.c, strategy.c). */
#ifndef CHOPSAT_LIMIT_H
#define CHOPSAT_LIMIT_H

#include <stdint.h>

#include "chopsat.h"

/* The memory a whole-index search may need beyond its arrays (the program, the caches). */
#define EXPLICIT_SPARE ((uint64_t)64 << 20)

/* What a whole-index search of a game would take: its index positions (0 when they do not fit
 * in 2^40), the bytes its arrays need and the bytes available (0: unknown). */
typedef struct index_budget {
    uint64_t positions, need, have;
} index_budget;

/* chopsat_explore (explore.c), the breadth-first search over every position reachable: 4 bytes
 * of depth and 4 of queue an index position, positions numbered in uint32_t. */
#define EXPLORE_MAX   0xFFFFFFF0u
#define EXPLORE_BYTES 8u

/* chopsat_solve (solve.c): 2 bytes of value and distance and a 1-byte counter of unresolved
 * successors a position it keeps (every index position, or player 1's half of a symmetric
 * game: solve_kept); the 2 bytes of value and distance stay with the solution.
 * Games of at most SOLVE_NARROW_FROM (2^24) positions keep 4 bytes of value and distance
 * instead (2^24 times 2 bytes more: 32 MiB), and the marks of the chunks that hold a layer take
 * 2 bytes every 1,024 positions (at most 8 MiB): SOLVE_EXTRA covers both. A narrow solve whose
 * distances pass what 2 bytes keep is done again wide, at SOLVE_WIDE_BYTES, when the memory
 * allows. */
#define SOLVE_BYTES      3u
#define SOLUTION_BYTES   2u
#define SOLVE_EXTRA      ((uint64_t)40 << 20)
#define SOLVE_WIDE_BYTES 5u

/* The statistics' breadth-first walk (chopsat_stats_compute, explore.c): a bit an index
 * position in each of three bitmaps (reached, this layer, the next), 3 bits counted as 1 byte. */
#define STATS_WALK_BYTES 1u

/* The whole-index searches' memory (chopsat_explicit_memory, chopsat.h) is what each keeps per
 * index position and per position solved at its peak, beyond EXPLICIT_SPARE (limit.c, needs).
 * Every array is allocated once, before the search starts; what the workers find goes to the
 * arrays through a fixed buffer each (core/parallel.h), so no part grows with a layer.
 * benchmarks/memory.sh measures the peaks. */

enum { INDEX_FITS = 0, INDEX_TOO_LARGE = 1, INDEX_NO_MEMORY = 2 };

/* The index positions the solver keeps for r: all of them, or player 1's half of a symmetric
 * game (game.h, mirror_index), whose other half has its mirrors' values. */
uint64_t solve_kept(const chopsat_rules *r);

/* Whether a search with `bytes` bytes for every index position of r's game, `kept_bytes` for
 * every position the solver keeps (solve_kept: all, or half of a symmetric game), plus
 * `extra` bytes and EXPLICIT_SPARE, may run: INDEX_FITS; INDEX_TOO_LARGE when the index space is
 * empty, larger than 2^40 or than max_index; INDEX_NO_MEMORY when the arrays need more than the
 * memory available (CHOPSAT_MEMORY in MiB, else MemAvailable; when neither is known it runs). *b
 * gets the figures. */
int explicit_index_budget(const chopsat_rules *r, uint64_t max_index, uint64_t bytes,
                          uint64_t kept_bytes, uint64_t extra, index_budget *b);

/* The same as a status, for a search without a solve (kept_bytes 0): CHOPSAT_OK, or CHOPSAT_LIMIT
 * with the reason in err, in the words the checked answers print ("searching all N positions of the
 * game's index would need about X MiB, more than the Y MiB available (CHOPSAT_MEMORY=MiB overrides
 * the estimate)"). */
int explicit_index_fits(const chopsat_rules *r, uint64_t max_index, uint64_t bytes, uint64_t extra,
                        chopsat_err *err);

/* The most moves of one position a search that lists them (within.c, strategy.c) allocates
 * room for: 2^22 (the splits of a hand of about eight million fingers). */
#define EXPLICIT_MAX_MOVES ((size_t)1 << 22)

struct step;

/* Room for the moves of p in *buf (*cap steps, grown as needed; *buf NULL and *cap 0 at first):
 * the game's bound for p itself (moves_at), so that a search that lists the moves of the
 * positions it meets runs at any hand width as long as each has few moves. CHOPSAT_OK, or
 * CHOPSAT_LIMIT with one line in err naming `who` and p when p may have more than
 * EXPLICIT_MAX_MOVES moves (a limit of the check, never a wrong answer). */
int explicit_moves_room(const chopsat_rules *r, const chopsat_pos *p, struct step **buf,
                        size_t *cap, const char *who, chopsat_err *err);

#endif
