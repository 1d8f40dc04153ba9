/* sat_picosat.c: the PicoSAT back end of the SAT shim (see sat.h): incremental solving with
 * assumptions, a wall-clock deadline through PicoSAT's interrupt callback, and proofs. A
 * proof-enabled instance hands PicoSAT an anonymous temporary file for its incremental RUP
 * output (every learned clause, after a 256-character "%RUPD32 M N" header) and turns that into
 * DRAT text on request. It does not check models (PicoSAT's are right) nor proofs (drat_check.c
 * does). */
#include <errno.h>
#include <limits.h>
#include <picosat/picosat.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "solvers/sat.h"

typedef struct picosat_shim {
    PicoSAT *ps;
    FILE *rup;       /* proof-enabled instances only */
    double deadline; /* 0: none */
    bool interrupted;
    bool assumed;      /* assumptions given for the next solve */
    bool last_assumed; /* the last solve had assumptions */
} picosat_shim;

static int interrupt_cb(void *state)
{
    picosat_shim *p = state;
    if (p->deadline > 0 && now_seconds() >= p->deadline) p->interrupted = true;
    return p->interrupted;
}

/* PicoSAT's memory comes from the library's allocation helpers, so that running out of it is
 * chopsat's one line (util.h) instead of PicoSAT's own message. */
static void *ps_malloc(void *state, size_t n)
{
    (void)state;
    return xmalloc(n);
}

static void *ps_realloc(void *state, void *ptr, size_t old, size_t n)
{
    (void)state, (void)old;
    return xrealloc(ptr, n);
}

static void ps_free(void *state, void *ptr, size_t size)
{
    (void)state, (void)size;
    free(ptr);
}

static void *ps_create(const char *arg, bool proof, chopsat_err *err)
{
    (void)arg;
    picosat_shim *p = xcalloc(1, sizeof *p);
    p->ps = picosat_minit(NULL, ps_malloc, ps_realloc, ps_free);
    if (!p->ps) {
        free(p);
        fail(err, "cannot initialise PicoSAT");
        return NULL;
    }
    if (proof) {
        p->rup = tmpfile();
        if (!p->rup) {
            picosat_reset(p->ps);
            free(p);
            fail(err, "cannot create a temporary file for the proof: %s", strerror(errno));
            return NULL;
        }
        /* The header's variable and clause counts are unknown yet. PicoSAT refuses clauses
         * beyond the stated count once it has written the header (which it may do early, on a
         * conflict while clauses are still coming), so the count is stated as unbounded; the
         * header is dropped when the proof is copied out. */
        picosat_set_incremental_rup_file(p->ps, p->rup, 0, INT_MAX);
    }
    picosat_set_interrupt(p->ps, p, interrupt_cb);
    return p;
}

static void ps_add(void *impl, int lit)
{
    picosat_add(((picosat_shim *)impl)->ps, lit);
}

static void ps_assume(void *impl, int lit)
{
    picosat_shim *p = impl;
    p->assumed = true;
    picosat_assume(p->ps, lit);
}

static int ps_solve(void *impl, double deadline, double timeout, chopsat_err *err)
{
    picosat_shim *p = impl;
    (void)timeout;
    p->deadline = deadline;
    p->interrupted = false;
    p->last_assumed = p->assumed;
    p->assumed = false;
    int r = picosat_sat(p->ps, -1);
    p->deadline = 0;
    if (r == PICOSAT_SATISFIABLE || r == PICOSAT_UNSATISFIABLE) return r;
    if (p->interrupted) return 0;
    return fail(err, "answered UNKNOWN without reaching a limit");
}

static int ps_value(void *impl, int var)
{
    return picosat_deref(((picosat_shim *)impl)->ps, var) > 0 ? 1 : -1;
}

static int ps_failed(void *impl, int lit)
{
    return picosat_failed_assumption(((picosat_shim *)impl)->ps, lit) != 0;
}

static void ps_release(void *impl)
{
    picosat_shim *p = impl;
    picosat_reset(p->ps);
    if (p->rup) fclose(p->rup);
    free(p);
}

/* Copies PicoSAT's RUP lemmas to out as DRAT text: header lines ("%RUPD32 ...") dropped, the
 * empty clause appended when PicoSAT did not write it (an inconsistency found while adding
 * clauses is written as nothing). */
static int ps_write_proof(void *impl, FILE *out, chopsat_err *err)
{
    picosat_shim *p = impl;
    if (!picosat_inconsistent(p->ps))
        return fail(err, p->last_assumed
                             ? "no proof: the unsatisfiable answer relied on assumptions, and "
                               "the clauses alone are not refuted"
                             : "no proof: the clauses are not refuted");
    if (fflush(p->rup) != 0 || fseek(p->rup, 0, SEEK_SET) != 0)
        return fail(err, "cannot read back the proof: %s", strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    bool empty_last = false;
    long len;
    while ((len = chopsat_line_read(p->rup, &line, &cap, CHOPSAT_LINE_MAX)) >= 0) {
        if (line[0] == '%') continue;
        fputs(line, out);
        size_t n = strlen(line);
        if (n && line[n - 1] != '\n') fputc('\n', out);
        empty_last = line[strspn(line, " \t")] == '0' && line[strspn(line, " \t") + 1] < ' ';
    }
    bool rerr = ferror(p->rup) || len != CHOPSAT_LINE_END;
    free(line);
    fseek(p->rup, 0, SEEK_END); /* PicoSAT goes on appending */
    if (rerr) return fail(err, "cannot read back the proof");
    if (!empty_last) fputs("0\n", out);
    if (fflush(out) != 0 || ferror(out))
        return fail(err, "cannot write the proof: %s", strerror(errno));
    return 0;
}

const sat_backend sat_picosat_backend = {
    .name = "picosat",
    .create = ps_create,
    .add = ps_add,
    .assume = ps_assume,
    .solve = ps_solve,
    .value = ps_value,
    .failed = ps_failed,
    .release = ps_release,
    .write_proof = ps_write_proof,
};
