/* word.h: bit-vectors of circuit literals (least significant bit first) and the word-level
 * helpers the symbolic transitions are written with: constants, inputs, add, subtract,
 * comparisons, equality, multiplexer. Unsigned arithmetic throughout. */
#ifndef CHOPSAT_WORD_H
#define CHOPSAT_WORD_H

#include "circuit/circuit.h"

/* The widest word: a hand of 64 bits plus the carries of a sum of up to 8 hands. */
#define WORD_MAX 67

typedef struct word {
    int w;
    lit b[WORD_MAX];
} word;

/* The number of bits needed for values 0..max (at least 1). */
int word_bits(uint64_t max);
word word_const(uint64_t v, int w);
/* w fresh inputs named "<name>[i]". */
word word_input(circuit *c, int w, const char *name);
word word_resize(word a, int w);           /* truncates or zero-extends */
word word_add(circuit *c, word a, word b); /* width max(wa, wb) + 1: no overflow */
word word_sub(circuit *c, word a, word b); /* width max(wa, wb), modulo 2^w */
/* a - b as word_sub, and *borrow_out (may be NULL) = "a < b" (the subtraction borrowed). */
word word_sub_borrow(circuit *c, word a, word b, lit *borrow_out);
word word_ite(circuit *c, lit s, word t, word e); /* width max */
word word_shr1(word a);                           /* a / 2 */
lit word_eq(circuit *c, word a, word b);
lit word_eq_const(circuit *c, word a, uint64_t v);
lit word_is_zero(circuit *c, word a);
lit word_ult(circuit *c, word a, word b);           /* a < b */
lit word_ule(circuit *c, word a, word b);           /* a <= b */
lit word_ule_const(circuit *c, word a, uint64_t v); /* a <= v */
lit word_uge_const(circuit *c, word a, uint64_t v); /* a >= v */

#endif
