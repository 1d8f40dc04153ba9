/* within.h: the inside of within.c and within_flat.c that the unit tests reach: the explicit
 * answer with its limits as parameters (the public chopsat_explicit_answer uses
 * CHOPSAT_EXPLICIT_LIMIT and the memory available), so that the "passed the limit" path can be
 * tested on small games, and the flat breadth-first search on its own, so that it can be
 * compared with the node graph's. */
#ifndef CHOPSAT_WITHIN_H
#define CHOPSAT_WITHIN_H

#include <stdbool.h>
#include <stdint.h>

#include "chopsat.h"

/* The flat breadth-first search stores indices as uint32_t. */
#define WITHIN_FLAT_MAX 0xFFFFFFF0u

/* The flat search's memory: 4 bytes of parent per index position and 4 of queue per position
 * met, plus the workers' lists of what one round finds (a round expands at most
 * WITHIN_FLAT_ROUND_MOVES / max_moves positions: at most 2^22 finds, 32 MiB with the lists'
 * spare room), whatever the game. */
#define WITHIN_FLAT_BYTES       8u
#define WITHIN_FLAT_ROUND_MOVES (1u << 22)
#define WITHIN_FLAT_EXTRA       ((uint64_t)32 << 20)

/* chopsat_explicit_answer with its limits as parameters: a "within k" question goes to the flat
 * breadth-first search when the game's index space has at most flat_max positions; every other
 * search meets at most `limit` positions (and examines 4 * limit moves, layer entries or
 * depth-first steps), through a flat id array when the index space has at most `limit`
 * positions, else through a hash table. */
int within_search(const chopsat_rules *rules, const chopsat_query *q, uint64_t limit,
                  uint64_t flat_max, int *moves, chopsat_pos **path, chopsat_err *err);

/* within_search with flat_max = limit: one limit for every search. */
int within_answer(const chopsat_rules *rules, const chopsat_query *q, uint64_t limit, int *moves,
                  chopsat_pos **path, chopsat_err *err);

/* "Ever?" (q's bound ignored) by breadth-first search from q->from cut at the explicit limit:
 * the positions are met depth by depth until more than `limit` (or 4 * limit moves examined).
 * 1 with *least, the fewest moves to the goal, when the search meets it; 0 when it does not,
 * with *depth the last depth searched in full (no position within *depth moves is the goal;
 * *complete: every reachable position was met; err says which limit cut the search when it
 * was cut, and *depth is 0 when the game's moves cannot be listed at all); -1 on a malformed
 * query. What a "never" past the whole-index search can still be checked against. Its peak is
 * about WITHIN_EVER_BYTES a position met (400 MB at CHOPSAT_EXPLICIT_LIMIT). */
#define WITHIN_EVER_BYTES 64u /* a position met: itself, its node's arrays, its hash slot */
int within_ever_partial(const chopsat_rules *rules, const chopsat_query *q, uint64_t limit,
                        int *least, int *depth, bool *complete, chopsat_err *err);

/* The "within k" question (q already checked) by breadth-first search over the whole index
 * space, each layer expanded in rounds of at most `round` positions, a round of at least
 * min_split positions split among `workers` threads: 1 with the fewest moves and a witness, 0,
 * or -1 (the start is no position, or the index space is empty or larger than
 * WITHIN_FLAT_MAX). The answer and the witness do not depend on workers, round or min_split.
 * workers < 0 (for the tests): -workers shares expanded one after another in this thread, the
 * last first, the interleaving that most tests which share owns a position found by several. */
int within_flat(const chopsat_rules *rules, const chopsat_query *q, int workers, uint64_t round,
                uint64_t min_split, int *moves, chopsat_pos **path, chopsat_err *err);

#endif
