/* tseitin.h: turns circuit literals into CNF, on demand and incrementally. Each gate gets a
 * variable and its defining clauses when first used (Tseitin's encoding); with Plaisted-Greenbaum
 * polarity only the half of the definition that the use needs is emitted (the other half is
 * added later if the gate is later used the other way). Every clause is kept (for DIMACS export
 * and model checks) and, when a solver is attached, handed to it as it is made. Every variable
 * has a name: an input's own name, or the gate it defines ("and 3 -5"). */
#ifndef CHOPSAT_TSEITIN_H
#define CHOPSAT_TSEITIN_H

#include "circuit/circuit.h"
#include "core/util.h"
#include "solvers/sat.h"

typedef struct cnf cnf;

enum { POL_POS = 1, POL_NEG = 2, POL_BOTH = 3 };

/* A new encoder for circuit c (borrowed). plaisted_greenbaum selects polarity-based encoding;
 * solver (may be NULL) receives every clause. */
cnf *cnf_new(circuit *c, bool plaisted_greenbaum, sat *solver);
void cnf_free(cnf *f);

/* The DIMACS literal for l, emitting the definitions l needs when it is used with polarity pol
 * (POL_POS: l is required true somewhere; POL_BOTH under full Tseitin always). */
int cnf_lit(cnf *f, lit l, int pol);
/* Adds the clause (l1 | ... | ln) over circuit literals. */
void cnf_clause(cnf *f, const lit *ls, size_t n);
void cnf_assert(cnf *f, lit l);
/* The same clause with its last literal rewritten first into equivalent clauses over simpler
 * literals (ors spliced in, distributed over ands, and a few levels over xor and if-then-else),
 * so that gates used only there get no variable. Meant for a clause over a flat conjunction such as
 * a transition; nested and-or formulas (a QBF's strategy) grow under it and want cnf_clause. */
void cnf_clause_expanded(cnf *f, const lit *ls, size_t n);

int cnf_var_count(const cnf *f);
size_t cnf_clause_count(const cnf *f);
const int *cnf_clause_lits(const cnf *f, size_t *nlits); /* 0-terminated clauses */
/* The name of CNF variable v (1-based). */
void cnf_var_name(const cnf *f, int v, char *buf, size_t size);
/* Appends the variable map, one line "var <n> <name>" per variable, to lines. */
void cnf_var_map(const cnf *f, str_vec *lines);
/* The CNF variable of circuit node `node`, or 0 if it has none yet. */
int cnf_node_var(const cnf *f, uint32_t node);

/* Annotations (dimacs --annotate). After cnf_keep_notes, cnf_note labels the clauses made after it
 * (until the next note) with what they encode, in words; a gate's defining clauses are labelled
 * with its definition instead. cnf_annotations appends to names one "var <n> <stable name>" per
 * variable (inputs keep their names; a gate is "<kind>_<12 hex digits>", a hash of what it
 * computes over the inputs' names, the same in any formula that has the same gate) and to
 * notes one line per clause: its label, a colon, and the clause in stable names. */
void cnf_note(cnf *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Records the notes from now on (off by default: a formula for a solver keeps none). */
void cnf_keep_notes(cnf *f);
void cnf_annotations(const cnf *f, str_vec *names, str_vec *notes);

#endif
