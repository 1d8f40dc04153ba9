/* bddgame.h: the BDD engine, a third way to solve a game, independent of the explicit engine
 * (src/explicit/) and of the SAT/QBF encodings. It builds each mover's transition relation
 * T(s, s') from the game table's symbolic step (sym_step, sym_terminal, sym_won): every gate of
 * the step's circuit is evaluated as a BDD over the current-state bits and the move inputs, the
 * successor bits are tied to next-state variables, and the move inputs are quantified away.
 * Sets of positions are then computed by backward fixpoints layer by layer (docs/forced.md):
 * layer 0 is the goal, layer k adds "P to move, not over, some move reaches layer k-1" and
 * "the opponent to move, not over, every move stays in layer k-1". Positions are sets per
 * mover, so the player to move is never a variable.
 *
 * BuDDy keeps its node table in global state, so this engine is the one exception to the
 * project's "no global state": every BuDDy call is in bddgame.c, and at most one engine exists
 * at a time (bddg_new refuses a second one with a message). Not thread-safe. */
#ifndef CHOPSAT_BDDGAME_H
#define CHOPSAT_BDDGAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chopsat.h"

/* How the state bits are laid out in the variable order (docs/forced.md measures them). Every
 * order keeps a bit's current and next variable side by side (except separate):
 * sliced (the default): bit significance first across the words: the most significant bit of
 * every word, then the next bit of every word, and so on; msb: word by word, most significant
 * bit first; lsb: word by word, least significant first; separate: every current bit, then
 * every next bit (word by word, msb first). */
typedef enum { BDDG_ORDER_SLICED, BDDG_ORDER_MSB, BDDG_ORDER_LSB, BDDG_ORDER_SEPARATE } bddg_order;

/* Zero-initialised options are the defaults. */
typedef struct bddg_opts {
    bddg_order order;
    bool moves_last;   /* the move inputs below the state bits (else above them, the default) */
    bool onehot_moves; /* the game's one-hot move choice (else its binary move number) */
    uint32_t max_nodes; /* the most BDD nodes (0: 2^24, about 320 MiB plus caches) */
} bddg_opts;

/* The name of an order ("sliced", "msb", "lsb", "separate"); parsing returns -1 if unknown. */
const char *bddg_order_name(bddg_order o);
int bddg_order_parse(const char *name, bddg_order *out);

typedef struct bddg_game bddg_game;

/* Builds the engine for r (borrowed; must outlive it). NULL with a message when another
 * engine is open, a state does not fit, or the node limit is hit. */
bddg_game *bddg_new(const chopsat_rules *r, const bddg_opts *o, chopsat_err *err);
void bddg_free(bddg_game *g);

/* Facts about the engine, for reports. */
typedef struct bddg_info {
    int state_bits;      /* bits of one position (the player to move excluded) */
    int move_bits;       /* move inputs quantified away */
    int vars;            /* BDD variables in all */
    int relation_nodes[2]; /* nodes of T for mover 1 and 2 */
    int domain_nodes;    /* nodes of "the bits hold a position of the game" */
    double positions;    /* positions of the game, both movers (the explicit index space's
                            valid positions) */
    double build_seconds;
    char order[512];     /* the variable order from the top: "p1.h0[2] p1.h0[2]' ..." (cut) */
} bddg_info;
void bddg_info_get(const bddg_game *g, bddg_info *out);

/* Is the game symmetric: does exchanging the players' words ("p1.X" with "p2.X") and the movers
 * map its positions, terminal positions, relations and wins onto themselves (checked on the
 * BDDs on the first call)? The one-die game, with no player words, is symmetric when
 * its movers' relations and wins agree. */
bool bddg_symmetric(bddg_game *g);

/* "pos is terminal". */
bool bddg_terminal(const bddg_game *g, const chopsat_pos *pos);

/* The successors of pos under the symbolic relation (none when pos is terminal), appended to
 * *out (grown with xrealloc; *n entries, *cap capacity), in increasing bit order. Returns
 * -1 with a message when the engine failed (node limit). */
int bddg_successors(bddg_game *g, const chopsat_pos *pos, chopsat_pos **out, size_t *n,
                   size_t *cap, chopsat_err *err);

/* ---- layers of a forced goal ---- */

typedef struct bddg_layers bddg_layers;

/* Computes the layers of "player can force the goal": target NULL for a terminal position won
 * by player, else reaching target (its player to move included). Layers 0..kmax, or until a
 * layer adds nothing (kmax < 0: no bound). NULL with a message when the node limit is hit. */
bddg_layers *bddg_layers_new(bddg_game *g, int player, const chopsat_pos *target, int kmax,
                           chopsat_err *err);
void bddg_layers_free(bddg_layers *L);
/* The other player's layers of a symmetric game, as the mirror image of L (whose goal must be
 * "player has won", target NULL): layer k for mover m is the mirror of L's layer k for mover
 * 3-m. Equal to bddg_layers_new for the other player, at the cost of renaming each layer once.
 * NULL with an empty message when the game is not symmetric or L has a target; NULL with a
 * message when the node limit is hit. */
bddg_layers *bddg_layers_mirror(const bddg_layers *L, chopsat_err *err);
/* Was L made by bddg_layers_mirror? */
bool bddg_layers_mirrored(const bddg_layers *L);
/* Do a and b (of the same engine) hold the same player, closure and sets in every layer? */
bool bddg_layers_same(const bddg_layers *a, const bddg_layers *b);
/* The layers computed (0..n-1), and whether the last one added nothing (the fixpoint:
 * positions outside it are never forced). */
int bddg_layers_n(const bddg_layers *L);
bool bddg_layers_closed(const bddg_layers *L);
/* The least k with pos in layer k, or -1 when it is in none computed. */
int bddg_layer_of(const bddg_layers *L, const chopsat_pos *pos);
/* Positions (of the game's index space) first in layer k with `mover` to move. */
double bddg_layer_new(const bddg_layers *L, int k, int mover);
/* BDD nodes of layer k's set (mover 1 plus mover 2) */
int bddg_layer_nodes(const bddg_layers *L, int k);
double bddg_layers_seconds(const bddg_layers *L);

/* ---- the whole game ---- */

/* The value of pos for its player to move (CHOPSAT_WIN/LOSS/DRAW) from both players' closed
 * layers (by[0] for player 1, by[1] for player 2), and its distance (0 for a draw). */
int bddg_value(const bddg_layers *const by[2], const chopsat_pos *pos, uint32_t *distance);

/* The number of positions within *steps moves of `from`, in *out: forward images for k
 * moves, or fewer when no new position appears, when more than `limit` positions are found,
 * or when the set's BDD passes 20000 nodes (then *steps < k and the count is partial).
 * -1 with a message on failure. */
int bddg_within(bddg_game *g, const chopsat_pos *from, int k, double limit, double *out,
                int *steps, chopsat_err *err);

/* Statistics of the positions reachable from `from` (the fields of chopsat_stats), by forward
 * image computation, valued with both players' closed layers. -1 with a message on failure. */
int bddg_stats(bddg_game *g, const bddg_layers *const by[2], const chopsat_pos *from,
              chopsat_stats *out, chopsat_err *err);

#endif
