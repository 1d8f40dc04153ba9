/* bdd_layers.h: the BDD engine's forcing layers (docs/forced.md): sets of positions computed by
 * backward fixpoints layer by layer over an engine's relations (bdd_relation.h): layer 0 is the
 * goal, layer k adds "P to move, not over, some move reaches layer k-1" and "the opponent to
 * move, not over, every move stays in layer k-1"; and the value of a position from both
 * players' closed layers. */
#ifndef CHOPSAT_BDD_LAYERS_H
#define CHOPSAT_BDD_LAYERS_H

#include "bdd/bdd_relation.h"

typedef struct bddg_layers bddg_layers;

/* Computes the layers of "player can force the goal": target NULL for a terminal position won
 * by player, else reaching target (its player to move included). Layers 0..kmax, or until a
 * layer adds nothing (kmax < 0: no bound). NULL with a message when the node limit is hit. */
bddg_layers *bddg_layers_new(bddg_game *g, int player, const chopsat_pos *target, int kmax,
                             chopsat_err *err);
void bddg_layers_free(bddg_layers *L);

/* What bddg_layers_tally records while its fixpoint runs. */
#define BDDG_WATCH_MAX 2
typedef struct bddg_tally {
    bool keep;                /* keep every layer (else only the last: L then answers bddg_layers_n,
                                 bddg_layers_closed, the counts and nodes per layer and the watched positions;
                                 bddg_layer_of, bddg_layers_pick and bddg_layers_mirror need every layer) */
    const chopsat_pos *watch; /* nwatch (<= BDDG_WATCH_MAX) positions of the game to find */
    int nwatch;
} bddg_tally;
/* The layers of "player can force a win" (as bddg_layers_new with target NULL, no bound), with
 * each layer's new positions counted and nodes recorded as it is made (bddg_layer_counts and
 * bddg_layer_nodes then read them), and the first layer of each watched position. Without
 * keep the fixpoint holds two layers at a time: a few nodes instead of every layer's. */
bddg_layers *bddg_layers_tally(bddg_game *g, int player, const bddg_tally *t, chopsat_err *err);
/* Does L hold every layer? */
bool bddg_layers_kept(const bddg_layers *L);
/* The first layer of L's watched position i (bddg_layers_tally), -1 when it is in none. */
int bddg_layers_watched(const bddg_layers *L, int i);
/* The other player's layers of a symmetric game, as the mirror image of L (whose goal must be
 * "player has won", target NULL): layer k for mover m is the mirror of L's layer k for mover
 * 3-m. Equal to bddg_layers_new for the other player, at the cost of renaming each layer once.
 * NULL with an empty message when the game is not symmetric or L has a target; NULL with a
 * message when the node limit is hit. */
bddg_layers *bddg_layers_mirror(const bddg_layers *L, chopsat_err *err);
/* Was L made by bddg_layers_mirror? */
bool bddg_layers_mirrored(const bddg_layers *L);
/* Did L's fixpoint widen the caches (bddg_widen)? */
bool bddg_layers_widened(const bddg_layers *L);
/* Do a and b (of the same engine) hold the same player, closure and sets in every layer? */
bool bddg_layers_same(const bddg_layers *a, const bddg_layers *b);
/* The layers computed (0..n-1), and whether the last one added nothing (the fixpoint:
 * positions outside it are never forced). */
int bddg_layers_n(const bddg_layers *L);
bool bddg_layers_closed(const bddg_layers *L);
/* The least k with pos in layer k, or -1 when it is in none computed. */
int bddg_layer_of(const bddg_layers *L, const chopsat_pos *pos);
/* One move of pos chosen by L's layers without listing pos's moves: least, the successor in the
 * least layer (a forcing move); else the one in the greatest, a successor in no layer counting
 * as layer n = bddg_layers_n (the slowest defence); among equals the first of bddg_successors'
 * order. Returns that layer (n: none, and for least no *out) with *out, -1 when pos has no
 * move, -2 with a message when the engine failed (node limit). */
int bddg_layers_pick(const bddg_layers *L, const chopsat_pos *pos, bool least, chopsat_pos *out,
                     chopsat_err *err);
/* Positions (of the game's index space) first in layer k with `mover` to move. */
double bddg_layer_new(const bddg_layers *L, int k, int mover);
/* Both counts at once, from one difference of the layers: the positions first in layer k with
 * `mover` to move, as a double (as bddg_layer_new) and exactly; false when the
 * exact count passes 2^128 - 1 (the double is then counted apart). */
bool bddg_layer_counts(const bddg_layers *L, int k, int mover, double *approx,
                       chopsat_count *exact);
/* BDD nodes of layer k's set (mover 1 plus mover 2) */
int bddg_layer_nodes(const bddg_layers *L, int k);
double bddg_layers_seconds(const bddg_layers *L);

/* The value of pos for its player to move (CHOPSAT_WIN/LOSS/DRAW) from both players' closed
 * layers (by[0] for player 1, by[1] for player 2), and its distance (0 for a draw). */
int bddg_value(const bddg_layers *const by[2], const chopsat_pos *pos, uint32_t *distance);

#endif
