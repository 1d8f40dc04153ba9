/* circuit.h: a structurally hashed gate circuit (and, xor, if-then-else over named inputs) with
 * constant folding. Literals are 2*node+negation; node 0 is the constant false, so LIT_FALSE is
 * 0 and LIT_TRUE is 1. Nodes are created after their children, so node order is topological.
 * The circuit knows nothing about CNF (tseitin.c) or about games (the *_sym.c files). */
#ifndef CHOPSAT_CIRCUIT_H
#define CHOPSAT_CIRCUIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint32_t lit;

#define LIT_FALSE   ((lit)0)
#define LIT_TRUE    ((lit)1)
#define LIT_NOT(l)  ((l) ^ 1u)
#define LIT_NODE(l) ((l) >> 1)
#define LIT_NEG(l)  ((l)&1u)

enum node_kind { NODE_CONST, NODE_INPUT, NODE_AND, NODE_XOR, NODE_ITE };

typedef struct node {
    uint8_t kind;
    lit a, b, c;   /* and: a & b; xor: a ^ b; ite: a ? b : c */
    uint32_t name; /* inputs: index into the name table */
} node;

typedef struct circuit circuit;

circuit *circuit_new(void);
void circuit_free(circuit *c);

/* A new input (always a new node, never hashed) named `name` (copied). */
lit circuit_input(circuit *c, const char *name);
lit gate_and(circuit *c, lit a, lit b);
lit gate_or(circuit *c, lit a, lit b);
lit gate_xor(circuit *c, lit a, lit b);
lit gate_ite(circuit *c, lit cond, lit then, lit otherwise);
lit gate_eq(circuit *c, lit a, lit b);      /* a <-> b */
lit gate_implies(circuit *c, lit a, lit b); /* a -> b */
/* Conjunction / disjunction of n literals (true / false for n = 0). */
lit gate_and_n(circuit *c, const lit *xs, size_t n);
lit gate_or_n(circuit *c, const lit *xs, size_t n);
/* Exactly one of n literals is true: at-least-one plus pairwise at-most-one up to
 * EXACTLY_ONE_PAIRWISE literals; past that a ladder ("one before i" and x_i never both), linear
 * in n (the 65 moves of 8 hands against 8 would need 2,080 pairs a frame). */
enum { EXACTLY_ONE_PAIRWISE = 8 };
lit gate_exactly_one(circuit *c, const lit *xs, size_t n);

size_t circuit_size(const circuit *c); /* number of nodes, constant included */
const node *circuit_node(const circuit *c, uint32_t i);
const char *circuit_input_name(const circuit *c, uint32_t i); /* i: node index of an input */

/* Evaluates every node under the input values in[node] (0/1; entries of non-inputs ignored),
 * writing out[node] (0/1) for all nodes. Both arrays have circuit_size entries. */
void circuit_eval(const circuit *c, const uint8_t *in, uint8_t *out);
static inline uint8_t lit_value(const uint8_t *val, lit l)
{
    return val[LIT_NODE(l)] ^ LIT_NEG(l);
}

#endif
