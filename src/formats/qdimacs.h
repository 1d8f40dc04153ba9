/* qdimacs.h: a strict reader of QDIMACS files (a `p cnf V C` line, then the quantifier prefix
 * of `a`/`e` lines, then the clauses), for formulas a person writes (chopsat qbf-eval). Errors
 * name the file and the line; a file without its `p` line is refused before anything else
 * reads it. Knows no solver and no game. */
#ifndef CHOPSAT_QDIMACS_H
#define CHOPSAT_QDIMACS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "chopsat.h"

typedef struct qdimacs_file {
    int nvars;
    size_t nclauses;
    int *lits; /* 0-terminated clauses */
    size_t nlits;
    size_t nblocks; /* the prefix as written: block b is existential if exists[b], */
    bool *exists;   /* its variables vars[start[b] .. start[b+1]) in the written order */
    int *vars;
    size_t *start; /* nblocks + 1 entries */
} qdimacs_file;

/* Reads f: `c` comment lines anywhere before the prefix, the `p cnf V C` header first (a
 * prefix line or a clause before it is an error, and so is its absence), quantifier lines
 * (`a` or `e`, variables, 0) before the first clause, each variable in at most one block and
 * at most V, no empty block; clauses as in DIMACS, exactly C of them. No NUL byte. Adjacent
 * blocks of the same kind are kept as written (the evaluator treats them as one). Returns 0
 * with *out filled (free it with qdimacs_file_free), or -1 with a message naming name and the
 * line. */
int qdimacs_read(FILE *f, const char *name, qdimacs_file *out, chopsat_err *err);
void qdimacs_file_free(qdimacs_file *q);

#endif
