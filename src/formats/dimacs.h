/* dimacs.h: the DIMACS CNF and QDIMACS text formats and the SAT-competition solver output
 * format (`s` and `v` lines). Writers, a strict CNF reader whose errors name the line, and the
 * one parser of solver output that the external back end (sat_external.c) and the CLI share.
 * This module knows nothing about solvers, circuits or games. */
#ifndef CHOPSAT_DIMACS_H
#define CHOPSAT_DIMACS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "chopsat.h"

/* Writes `p cnf` DIMACS: every comment line (already without the leading "c "; a comment with
 * newlines becomes several lines), then the header, then the clauses (lits: literals with 0
 * terminating each clause). Fails on a literal beyond nvars, an unterminated last clause or a
 * write error. Returns 0 or -1. */
int dimacs_write(FILE *f, const char *const *comments, size_t ncomments, int nvars, const int *lits,
                 size_t nlits, chopsat_err *err);

/* As dimacs_write, with clause i preceded by the comment line notes[i] (nnotes must equal the
 * number of clauses): an annotated file (dimacs --annotate). */
int dimacs_write_noted(FILE *f, const char *const *comments, size_t ncomments, int nvars,
                       const int *lits, size_t nlits, const char *const *notes, size_t nnotes,
                       chopsat_err *err);

/* QDIMACS: as above plus the prefix: nblocks blocks, block i is existential if exists[i], with
 * its variables in vars[start[i] .. start[i+1]) (start has nblocks+1 entries). Empty blocks are
 * left out and adjacent blocks of the same kind are merged (QDIMACS wants them alternating); a
 * variable in two blocks or beyond nvars is an error. */
int qdimacs_write(FILE *f, const char *const *comments, size_t ncomments, int nvars, size_t nblocks,
                  const bool *exists, const int *vars, const size_t *start, const int *lits,
                  size_t nlits, chopsat_err *err);

typedef struct dimacs_file {
    char **comments;
    size_t ncomments; /* comment lines without "c " */
    size_t
        *comment_at; /* per comment: the clauses complete before it, SIZE_MAX before the header */
    int nvars;
    size_t nclauses;
    int *lits;
    size_t nlits; /* 0-terminated clauses */
} dimacs_file;

/* Reads a DIMACS CNF: `c` comment lines (anywhere), one `p cnf V C` header before the first
 * clause, clauses of literals each ended by 0 (a clause may span lines), optionally a SATLIB
 * style `%` line that ends the input. The header must match: no literal beyond V, exactly C
 * clauses. Errors name `name` and the line: "f.cnf:7: literal 9 beyond the header's 8
 * variables". On success fills *out (free it with dimacs_file_free) and returns 0. */
int dimacs_read(FILE *f, const char *name, dimacs_file *out, chopsat_err *err);
/* The one reader of DIMACS and QDIMACS header lines: true when line is exactly `p cnf V C`
 * (spaces between, whitespace after) with V in 0 .. INT_MAX - 1 and C in 0 .. max_clauses, then
 * *vars and *clauses set; false otherwise. */
bool dimacs_p_line(const char *line, long long max_clauses, long long *vars, long long *clauses);
/* Whether the rest of f, read just past a `p cnf V C` header, can back its counts: 0 when it can
 * or when f is not a regular file (a pipe or a device is not measured), else -1 with "NAME:LINE:
 * the header's ... cannot fit in the N bytes after it". C clauses need 2C - 1 bytes ("0" and a
 * separator each); more than DIMACS_FREE_VARS variables need one byte each, so that what a
 * reader allocates per variable stays within the file's own size. */
#define DIMACS_FREE_VARS (1LL << 20)
int dimacs_header_backed(FILE *f, const char *name, long lineno, long long vars, long long clauses,
                         chopsat_err *err);
void dimacs_file_free(dimacs_file *d);
/* The text after `key ` of the first comment line that starts with `key ` (the c and its space
 * already stripped), or NULL. */
const char *dimacs_comment(const dimacs_file *d, const char *key);

/* Reads a solver's SAT-competition output: `c` comment lines, exactly one `s SATISFIABLE`,
 * `s UNSATISFIABLE` or `s UNKNOWN` line, and for SATISFIABLE `v` lines whose literals end with a
 * single 0. Blank lines are ignored; any other line is an error ("unreadable line"). Fills
 * values[1..nvars] with 1/-1 (0 = not given). Returns 10, 20, or -1 with a message naming
 * `name` and the line (also for s UNKNOWN, a missing s line, a literal beyond nvars, a variable
 * given twice, v lines with no final 0 or with an UNSATISFIABLE answer). A bare model without an
 * s line is not accepted: without it nothing says the solver finished. */
int model_read(FILE *f, const char *name, int nvars, signed char *values, chopsat_err *err);

/* model_read for a file a person brings (chopsat decode): the SAT-competition format as above
 * (Glucose prints it; with -model, its v lines), or MiniSat's result file (`minisat F.cnf OUT`,
 * and Glucose's: a line `SAT` then the model's literals ending in 0, or `UNSAT`; `INDET` is no
 * answer). MiniSat's screen output, which has no model, is refused with a message that says
 * where the model is. The same checks as model_read; 10, 20 or -1. */
int model_read_any(FILE *f, const char *name, int nvars, signed char *values, chopsat_err *err);

/* Reads a QBF solver's output in the QDIMACS output format from buf[0..len) (cut into lines in
 * place): comment and blank lines, exactly one `s cnf A ...` line (A 1 true, 0 false; -1, "no
 * answer", is an error) and optional `V <lit> 0` lines, one literal each, whose variables must
 * be in the outermost block (outer[1..nvars]). Fills val[v] with 1/-1 for the V lines (leaving
 * the rest as it is). Returns 10 (true), 20 (false), or -1 with a message starting with `name`
 * (a missing or second s line, an out-of-range number, a NUL byte, any other line). */
int qdimacs_output_read(char *buf, size_t len, const char *name, int nvars, const bool *outer,
                        signed char *val, chopsat_err *err);

/* The one check of a model against clauses (lits: 0-terminated clauses; values[v] 1 true, -1
 * false, 0 no value). Returns 0 when every clause has a true literal, else the 1-based number
 * of the first clause that has none, with *begin the index of its first literal in lits and
 * *unassigned a variable of it without a value (0 when all have one). */
size_t model_falsified(const int *lits, size_t nlits, const signed char *values, size_t *begin,
                       int *unassigned);

#endif
