/* sat.h: the SAT solver shim (library-internal). One incremental IPASIR-style interface over
 * three back ends: PicoSAT and CaDiCaL linked in, and "external:CMD", which writes DIMACS, runs
 * a solver program and reads its SAT-competition output. Every failure of a solver (time out,
 * crash, unreadable output, a wrong model) becomes an error, never an answer. Models of the
 * external back end are checked against every clause. This layer knows nothing about circuits,
 * games or QBF. */
#ifndef CHOPSAT_SAT_H
#define CHOPSAT_SAT_H

#include <stdbool.h>
#include <stdio.h>

#include "chopsat.h"

typedef struct sat sat;

/* backend: "picosat", "cadical", or "external:CMD" (CMD split into words and run without a
 * shell, see subprocess.h; the DIMACS file's path is appended as its last argument). Returns NULL
 * with a message for an unknown back end. */
sat *sat_new(const char *backend, chopsat_err *err);
/* IPASIR style: literals, 0 ends a clause. Adding invalidates the last model. */
void sat_add(sat *s, int lit);
/* Holds for the next sat_solve only. */
void sat_assume(sat *s, int lit);
/* 10 satisfiable, 20 unsatisfiable, -1 error with a one-line message naming the solver and the
 * problem (timed out after N s, crashed with signal S, exited with status X, printed an
 * unreadable line '...', claimed SAT but the model falsifies clause #i, ...). timeout 0 = none.
 * The assumptions are used up by the call, whatever its result. */
int sat_solve(sat *s, double timeout_seconds, chopsat_err *err);
/* After sat_solve returned 10 (and before the next sat_add/sat_assume): 1 true, -1 false. A
 * variable that no clause or assumption mentions is -1. Without a model: 0. */
int sat_value(sat *s, int var);
/* After sat_solve returned 20 (and before the next sat_add/sat_assume): whether assumption
 * `lit` was among those the refutation used (the failed assumptions, an unsatisfiable core of
 * them). A back end that cannot tell says true for every assumption (conservative: a core of
 * all of them is still a core). Without an unsatisfiable answer: true. */
bool sat_failed(sat *s, int lit);
void sat_release(sat *s);
/* "picosat", "cadical", "external:CMD" */
const char *sat_backend_name(const sat *s);
/* Says that the instance will be asked many times under assumptions (the bounded deepening):
 * a back end may then turn off the simplifications that every call pays for again (CaDiCaL:
 * docs/bounded.md, "The deepening's solver settings"). Changes speed only, never an answer;
 * call it before the first sat_solve. */
void sat_prefer_many_calls(sat *s);
/* The largest variable mentioned so far by a clause or an assumption. */
int sat_max_var(const sat *s);

/* Proofs. Only the picosat back end produces them: the instance records every learned clause
 * (PicoSAT's incremental RUP output; Debian's libpicosat-trace is built without trace support,
 * so the "core" RUP trace is not available). sat_new_with_proof with another back end returns
 * NULL with a message. */
sat *sat_new_with_proof(const char *backend, chopsat_err *err);
/* Writes a DRAT-text proof (lemmas, one per line, each ended by 0, the last one the empty
 * clause "0") that all clauses added so far are unsatisfiable. Requires the last sat_solve to
 * have answered 20 without the help of assumptions (an answer that relied on assumptions has
 * no refutation of the clauses alone). Returns 0, or -1 with a message. drat_check.h checks
 * the result. */
int sat_write_proof(sat *s, FILE *out, chopsat_err *err);

/* ----------------------------------------------------------------------------------------- */
/* For the back ends (sat_picosat.c, sat_cadical.c, sat_external.c) only.                    */
/* ----------------------------------------------------------------------------------------- */

typedef struct sat_backend {
    const char *name;
    /* arg: the CMD of "external:CMD", NULL otherwise. */
    void *(*create)(const char *arg, bool proof, chopsat_err *err);
    void (*add)(void *impl, int lit);
    void (*assume)(void *impl, int lit);
    /* 10, 20; 0 when interrupted by the deadline (sat.c words the message); -1 with a message
     * (without the "solver NAME: " prefix, which sat.c adds). deadline: an absolute
     * now_seconds() time (util.h), 0 for none. */
    int (*solve)(void *impl, double deadline, double timeout, chopsat_err *err);
    /* 1 or -1 after 10, var <= the max_var seen by add/assume. */
    int (*value)(void *impl, int var);
    /* 1 when assumption lit failed in the last answer 20; NULL: unknown (sat.c says true). */
    int (*failed)(void *impl, int lit);
    void (*release)(void *impl);
    /* NULL when the back end cannot prove. */
    int (*write_proof)(void *impl, FILE *out, chopsat_err *err);
    /* sat_prefer_many_calls; NULL: nothing to change. */
    void (*many_calls)(void *impl);
} sat_backend;

extern const sat_backend sat_picosat_backend, sat_cadical_backend, sat_external_backend;

#endif
