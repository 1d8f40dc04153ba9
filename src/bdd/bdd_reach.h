/* bdd_reach.h: the BDD engine's forward images: the positions reachable from a start, one move
 * at a time over an engine's relations (bdd_relation.h), counted within K moves or valued with
 * both players' closed layers (bdd_layers.h). */
#ifndef CHOPSAT_BDD_REACH_H
#define CHOPSAT_BDD_REACH_H

#include "bdd/bdd_layers.h"

/* The number of positions within *steps moves of `from`, in *out: forward images for k
 * moves, or fewer when no new position appears, when more than `limit` positions are found,
 * or when the set's BDD passes 20000 nodes (then *steps < k and the count is partial).
 * -1 with a message on failure. */
int bddg_within(bddg_game *g, const chopsat_pos *from, int k, double limit, double *out, int *steps,
                chopsat_err *err);

/* Statistics of the positions reachable from `from` (the fields of chopsat_stats), by forward
 * image computation, valued with both players' closed layers, every count exact. CHOPSAT_OK;
 * CHOPSAT_LIMIT when a count passes 2^64 - 1; -1 with a message on another failure. */
int bddg_stats(bddg_game *g, const bddg_layers *const by[2], const chopsat_pos *from,
               chopsat_stats *out, chopsat_err *err);

/* Whether the forward walk of bddg_stats fits max_nodes BDD nodes (0: the engine's default,
 * 2^24) for r's game, by the model of bdd_budget.c (from the number of positions; builds
 * nothing): CHOPSAT_OK, or CHOPSAT_LIMIT with one line naming the game's size, the nodes the
 * walk needs and the largest size of the game's sizing option that fits. */
int bddg_walk_fits(const chopsat_rules *r, uint32_t max_nodes, chopsat_err *err);

/* The node limit of an engine: `asked` when not 0, else the CHOPSAT_BDD_NODES setting when set
 * (2^16 to 2^30 nodes), else 2^24, into *out; -1 with one line in err for a bad setting. */
int bddg_node_limit(uint32_t asked, uint32_t *out, chopsat_err *err);

#endif
