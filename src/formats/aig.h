/* aig.h: an and-inverter graph with latches, bad-state properties and invariant constraints:
 * what an AIGER 1.9 file holds (formats/aiger.c reads and writes it). Literals are 2*var+neg;
 * variable 0 is the constant false. Variables are numbered as in an AIGER file: the inputs
 * 1..I, then the latches I+1..I+L, then the AND gates in the order they were made, so every
 * input and latch is declared before the first gate. aig_and folds constants and trivial
 * cases and hashes structurally: asking twice for the same gate gives the same literal. */
#ifndef CHOPSAT_AIG_H
#define CHOPSAT_AIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/util.h"

typedef uint32_t aig_lit;

#define AIG_FALSE ((aig_lit)0)
#define AIG_TRUE  ((aig_lit)1)

typedef struct aig_latch {
    aig_lit next;
    int init;   /* 0, 1, or -1: uninitialised (any value at the start) */
    char *name; /* symbol table name, NULL when none */
} aig_latch;

typedef struct aig_gate {
    aig_lit a, b; /* a >= b */
} aig_gate;

typedef struct aig_prop {
    aig_lit l;
    char *name;
} aig_prop;

typedef struct aig {
    VEC(char *) inputs; /* one entry per input: its name or NULL */
    VEC(aig_latch) latches;
    VEC(aig_gate) gates; /* gate i is variable I + L + 1 + i */
    VEC(aig_prop) outputs, bad, constraints;
    str_vec comments; /* the comment section's lines */
    uint32_t *table;  /* gate hash table: gate index + 1, 0 = empty */
    size_t table_size;
} aig;

aig *aig_new(void);
void aig_free(aig *g);

/* A new input or latch (name copied, may be NULL); only before the first gate. A latch's next
 * state is set later with aig_set_next. */
aig_lit aig_input(aig *g, const char *name);
aig_lit aig_latch_new(aig *g, const char *name, int init);
void aig_set_next(aig *g, aig_lit latch, aig_lit next);
aig_lit aig_and(aig *g, aig_lit a, aig_lit b);
aig_lit aig_or(aig *g, aig_lit a, aig_lit b);
aig_lit aig_xor(aig *g, aig_lit a, aig_lit b);
aig_lit aig_ite(aig *g, aig_lit c, aig_lit t, aig_lit e);
void aig_add_output(aig *g, aig_lit l, const char *name);
void aig_add_bad(aig *g, aig_lit l, const char *name);
void aig_add_constraint(aig *g, aig_lit l, const char *name);

/* The largest variable index (the M of the header). */
uint32_t aig_maxvar(const aig *g);

/* Evaluates every variable: val[v] (0/1) for v = 0 .. aig_maxvar, with the inputs' values and
 * the latches' current values in val already set (val[0] = 0). */
void aig_eval(const aig *g, uint8_t *val);
static inline uint8_t aig_value(const uint8_t *val, aig_lit l)
{
    return val[l >> 1] ^ (l & 1);
}

#endif
