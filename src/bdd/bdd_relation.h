/* bdd_relation.h: the BDD engine, a third way to solve a game, independent of the explicit
 * engine (src/explicit/) and of the SAT/QBF encodings: the engine and its transition relations.
 * It builds each mover's transition relation T(s, s') from the game table's symbolic step
 * (game_sym.h: step, terminal, won): every gate of the step's circuit is evaluated as a BDD over
 * the current-state bits and the move inputs, the successor bits are tied to next-state
 * variables, and the move inputs are quantified away. Positions are sets per mover, so the
 * player to move is never a variable. The forcing layers (bdd_layers.h) and the forward images
 * (bdd_reach.h) work on an engine; bdd_solve.c and bdd_force.c are the public calls.
 *
 * BuDDy keeps its node table in global state, so this engine is the one exception to the
 * project's "no global state": only the files of src/bdd/ call BuDDy (through bdd_engine.h),
 * and at most one engine exists at a time (bddg_new refuses a second one with a message). Not
 * thread-safe. */
#ifndef CHOPSAT_BDD_RELATION_H
#define CHOPSAT_BDD_RELATION_H

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
    bool moves_last;    /* the move inputs below the state bits (else above them, the default) */
    bool onehot_moves;  /* the game's one-hot move choice (else its binary move number) */
    uint32_t max_nodes; /* the most BDD nodes (0: 2^24, about 320 MiB plus caches) */
    chopsat_progress_fn progress; /* the fixpoints' progress (NULL: none) */
    void *progress_ctx;
    bool wide_start; /* a whole game of many layers ahead: the node table starts at 2^23 nodes
                        (within max_nodes) with caches as large (bddg_open) */
    int wide_layers; /* a fixpoint widens the caches past this many layers (bddg_widen; 0:
                        BDDG_WIDE_LAYERS, -1: never) */
} bddg_opts;

/* The name of an order ("sliced", "msb", "lsb", "separate"); parsing returns -1 if unknown
 * (bdd_order.c). */
const char *bddg_order_name(bddg_order o);
int bddg_order_parse(const char *name, bddg_order *out);
/* The engine's options from the public ones (o may be NULL: the defaults); -1 with a message
 * for an unknown order name. */
int bddg_opts_of(const chopsat_bdd_opts *o, bddg_opts *out, chopsat_err *err);

typedef struct bddg_game bddg_game;

/* Builds the engine for r (borrowed; must outlive it). NULL with a message when another
 * engine is open, a state does not fit, or the node limit is hit. */
bddg_game *bddg_new(const chopsat_rules *r, const bddg_opts *o, chopsat_err *err);
void bddg_free(bddg_game *g);

/* Facts about the engine, for reports. */
typedef struct bddg_info {
    int state_bits;        /* bits of one position (the player to move excluded) */
    int move_bits;         /* move inputs quantified away */
    int vars;              /* BDD variables in all */
    int relation_nodes[2]; /* nodes of T for mover 1 and 2 */
    int domain_nodes;      /* nodes of "the bits hold a position of the game" */
    double positions;      /* positions of the game, both movers (the explicit index space's
                              valid positions) */
    double build_seconds;
    char order[512]; /* the variable order from the top: "p1.h0[2] p1.h0[2]' ..." (cut) */
} bddg_info;
void bddg_info_get(const bddg_game *g, bddg_info *out);
/* The positions of the game (both movers) counted exactly (bdd_engine.c); false when the count
 * passes 2^128 - 1. */
bool bddg_positions_count(const bddg_game *g, chopsat_count *out);

/* Is the game symmetric (bdd_mirror.c): does exchanging the players' words ("p1.X" with "p2.X") and
 * the movers map its positions, terminal positions, relations and wins onto themselves (checked on
 * the BDDs on the first call)? The one-die game, with no player words, is symmetric when its
 * movers' relations and wins agree. */
bool bddg_symmetric(bddg_game *g);
/* The mirror of position p (the players' words exchanged, the other mover), into *out; p a
 * position of the game and the mirror's renaming made (bddg_symmetric). */
void bddg_mirror_pos(const bddg_game *g, const chopsat_pos *p, chopsat_pos *out);

/* "pos is terminal". */
bool bddg_terminal(const bddg_game *g, const chopsat_pos *pos);

/* The successors of pos under the symbolic relation (none when pos is terminal), appended to
 * *out (grown with xrealloc; *n entries, *cap capacity), in increasing bit order. Returns 1
 * without listing any when there are more than max (counted on the BDD first, so a position
 * of 2^64 moves costs no more than one of four), -1 with a message when the engine failed
 * (node limit), else 0. */
int bddg_successors(bddg_game *g, const chopsat_pos *pos, size_t max, chopsat_pos **out, size_t *n,
                    size_t *cap, chopsat_err *err);

#endif
