/* bdd_engine.h: the inside of the BDD engine, for the files of src/bdd/ only (the rest of the
 * library uses bdd_relation.h, bdd_layers.h and bdd_reach.h): the engine's data, BuDDy's global
 * state behind a guard, referenced results, and positions as BDD sets. The files that include
 * it are the only ones that call BuDDy.
 *
 * Reference counting: every BDD kept in a variable across another BuDDy call is bdd_addref'ed
 * (the helpers here and the engine's functions return referenced results) and released with
 * bdd_delref. */
#ifndef CHOPSAT_BDD_ENGINE_H
#define CHOPSAT_BDD_ENGINE_H

#include <bdd.h>

#include "bdd/bdd_layers.h"
#include "games/game_sym.h"

struct bddg_game {
    const chopsat_rules *r;
    int nw, width[CHOPSAT_POS_WORDS], off[CHOPSAT_POS_WORDS + 1], nstate, nmove, nvars;
    int *cur, *next; /* the variables of state bit b = off[word] + bit */
    int *move_var;   /* the variable of move input k */
    int *bit_of_var; /* state bit of a current variable, -1 otherwise */
    BDD T[2];        /* T[m-1](cur, next): mover m moves from cur to next, cur a position of
                        the game (domain) and not over */
    BDD terminal, domain;
    BDD won[2][2]; /* won[m-1][p-1]: terminal, mover m to move, player p has won */
    BDD curset, nextset;
    bddPair *to_next, *to_cur;
    int symmetric;   /* the mirror maps the game onto itself with the players exchanged:
                        -1 not checked yet, 0 no, 1 yes */
    bddPair *mirror; /* the mirror's renaming (NULL when it renames nothing) */
    double build_seconds;
    chopsat_progress_fn progress; /* the fixpoints' progress (NULL: none) */
    void *progress_ctx;
    int wide_layers; /* bddg_opts.wide_layers, 0 made BDDG_WIDE_LAYERS */
};

/* ---- referenced results ---- */

static inline BDD ref(BDD b)
{
    return bdd_addref(b);
}
static inline void unref(BDD b)
{
    bdd_delref(b);
}
/* *acc = *acc op b, keeping the reference. */
static inline void update(BDD *acc, BDD b, int op)
{
    BDD r = ref(bdd_apply(*acc, b, op));
    unref(*acc);
    *acc = r;
}

/* ---- BuDDy's global state, guarded (bdd_engine.c) ---- */

/* Starts BuDDy for an engine of nstate state bits and nvars variables; -1 with a message when
 * another engine is open or BuDDy cannot start. */
int bddg_open(const bddg_opts *o, int nstate, int nvars, chopsat_err *err);
void bddg_close(void);
/* A long computation ahead (a fixpoint past BDDG_WIDE_LAYERS layers, bddg_opts.wide_layers): the
 * operation caches as large as the node table from now on, the table grown to BDDG_WIDE_NODES nodes
 * (within the node limit) when it next fills. bddg_widen_step, called between operations, ends the
 * growth once the table has that size. */
#define BDDG_WIDE_LAYERS 1024
#define BDDG_WIDE_NODES  (1 << 22)
void bddg_widen(void);
void bddg_widen_step(void);
/* Has BuDDy reported an error (the node limit) since bddg_open? */
bool bddg_failed(void);
/* 0, or -1 with a message naming `what` when BuDDy has reported an error. */
int bddg_check(chopsat_err *err, const char *what);

/* ---- positions as sets over the current variables (bdd_engine.c) ---- */

/* Is p in set? A walk from the root, no new nodes. */
bool bddg_member(const bddg_game *g, BDD set, const chopsat_pos *p);
/* The cube of p (referenced). */
BDD bddg_cube(const bddg_game *g, const chopsat_pos *p);
/* Decodes a full cube into p (mover given). */
void bddg_decode(const bddg_game *g, BDD c, int mover, chopsat_pos *p);
/* The number of positions (one mover) in set. */
double bddg_count(const bddg_game *g, BDD set);
/* Exact counts: 128-bit (a GCC and Clang extension, inside the library only). */
typedef unsigned __int128 bddg_u128;
/* The assignments to the variables of varset (a cube, as g->curset) that satisfy set, counted
 * exactly from its nodes; set must depend on varset's variables only. false when it does not,
 * or when the count passes 2^128 - 1. */
bool bddg_count_vars(BDD set, BDD varset, bddg_u128 *out);
/* The index-th (from 0) of the assignments to varset's variables that satisfy set, in the
 * order of the variables from the top (low before high), as a cube (referenced); set as for
 * bddg_count_vars. false (and *cube false) when index is not below their count or the count
 * fails. */
bool bddg_unrank(BDD set, BDD varset, bddg_u128 index, BDD *cube);
/* The number of positions (one mover) in set, exactly: bddg_count_vars of set and the domain
 * over the current variables. */
bool bddg_count_exact(const bddg_game *g, BDD set, bddg_u128 *out);
/* The public form of an exact count. */
static inline chopsat_count bddg_count_of(bddg_u128 n)
{
    return (chopsat_count){.hi = (uint64_t)(n >> 64), .lo = (uint64_t)n};
}

/* ---- the other files' parts ---- */

/* The variables of the state bits and move inputs in the order o asks (bdd_order.c): fills
 * g->cur, g->next and g->move_var from the move inputs of circuit c. */
void bddg_assign_vars(bddg_game *g, const bddg_opts *o, const circuit *c, const lit_vec *moves);
/* The image of a set of mover m's positions: their successors (bdd_relation.c; referenced). */
BDD bddg_image(bddg_game *g, int m, BDD set);
/* The image of x (over current and next variables) under the players' mirror (bdd_mirror.c;
 * referenced). */
BDD bddg_mirror(const bddg_game *g, BDD x);
/* L's final (largest) set for mover m (bdd_layers.c; not referenced: L holds it). */
BDD bddg_layers_final(const bddg_layers *L, int m);
/* The largest layer k of L holding some position of reach (per mover), or -1 (bdd_layers.c). */
int bddg_layers_deepest(const bddg_layers *L, const BDD *reach);

#endif
