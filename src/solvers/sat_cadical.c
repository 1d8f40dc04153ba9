/* sat_cadical.c: the CaDiCaL back end of the SAT shim (see sat.h), through CaDiCaL's C API
 * (IPASIR style): incremental solving with assumptions and a wall-clock deadline through the
 * terminate callback. No proofs: the C API of CaDiCaL 1.5 cannot open a proof file.
 *
 * Clauses and assumptions are kept here and handed over at the next solve, with standard error
 * hidden (quiet.h): CaDiCaL runs out of memory by throwing std::bad_alloc, which through its C
 * API ends in the C++ runtime's two lines and an abort; chopsat then says it in one line. */
#include <ccadical.h>
#include <stdlib.h>

#include "core/util.h"
#include "solvers/quiet.h"
#include "solvers/sat.h"

typedef struct cadical_shim {
    CCaDiCaL *solver;
    double deadline; /* 0: none */
    bool interrupted;
    VEC(int) adds;    /* literals of clauses not handed over yet */
    VEC(int) assumed; /* assumptions for the next solve */
} cadical_shim;

static int terminate_cb(void *state)
{
    cadical_shim *c = state;
    if (c->deadline > 0 && now_seconds() >= c->deadline) c->interrupted = true;
    return c->interrupted;
}

static void *cd_create(const char *arg, bool proof, chopsat_err *err)
{
    (void)arg;
    (void)proof;
    cadical_shim *c = xcalloc(1, sizeof *c);
    c->solver = ccadical_init();
    if (!c->solver) {
        free(c);
        fail(err, "cannot initialise CaDiCaL");
        return NULL;
    }
    ccadical_set_option(c->solver, "quiet", 1); /* the library never prints */
    ccadical_set_terminate(c->solver, c, terminate_cb);
    return c;
}

static void cd_add(void *impl, int lit)
{
    VEC_PUSH(((cadical_shim *)impl)->adds, lit);
}

static void cd_assume(void *impl, int lit)
{
    VEC_PUSH(((cadical_shim *)impl)->assumed, lit);
}

static int cd_solve(void *impl, double deadline, double timeout, chopsat_err *err)
{
    cadical_shim *c = impl;
    (void)timeout;
    c->deadline = deadline;
    c->interrupted = false;
    int saved = quiet_begin();
    for (size_t i = 0; i < c->adds.n; i++)
        ccadical_add(c->solver, c->adds.items[i]);
    for (size_t i = 0; i < c->assumed.n; i++)
        ccadical_assume(c->solver, c->assumed.items[i]);
    int r = ccadical_solve(c->solver);
    quiet_end(saved);
    VEC_FREE(c->adds); /* CaDiCaL holds the clauses now */
    c->assumed.n = 0;
    c->deadline = 0;
    if (r == 10 || r == 20) return r;
    if (c->interrupted) return 0;
    return fail(err, "answered UNKNOWN without reaching a limit");
}

static int cd_value(void *impl, int var)
{
    return ccadical_val(((cadical_shim *)impl)->solver, var) > 0 ? 1 : -1;
}

static int cd_failed(void *impl, int lit)
{
    return ccadical_failed(((cadical_shim *)impl)->solver, lit) != 0;
}

/* The deepening asks one instance about 2K times under an assumption; CaDiCaL's bounded
 * variable elimination, vivification and hyper-ternary resolution then redo work on clauses the
 * next bound reopens (an eliminated variable that a new frame mentions is restored), and
 * turning the three off makes the whole deepening cheaper (docs/bounded.md). Options are set
 * before the first solve, while CaDiCaL is still configuring: clauses are handed over there. */
static void cd_many_calls(void *impl)
{
    cadical_shim *c = impl;
    ccadical_set_option(c->solver, "elim", 0);
    ccadical_set_option(c->solver, "vivify", 0);
    ccadical_set_option(c->solver, "ternary", 0);
}

static void cd_release(void *impl)
{
    cadical_shim *c = impl;
    ccadical_release(c->solver);
    VEC_FREE(c->adds);
    VEC_FREE(c->assumed);
    free(c);
}

const sat_backend sat_cadical_backend = {
    .name = "cadical",
    .create = cd_create,
    .add = cd_add,
    .assume = cd_assume,
    .solve = cd_solve,
    .value = cd_value,
    .failed = cd_failed,
    .release = cd_release,
    .write_proof = NULL,
    .many_calls = cd_many_calls,
};
