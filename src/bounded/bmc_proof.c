/* bmc_proof.c: certificates for "no" answers of reach and win. The "within K" formula (or
 * "exactly K") is encoded afresh for PicoSAT with proof output and solved without
 * assumptions (the deepening driver's answers rest on assumptions, which have no clausal
 * refutation); the DRAT proof PicoSAT records is checked by the project's forward RUP checker
 * (drat_check.c) before it is handed out. It proves nothing for "yes" answers: their witness,
 * replayed by the explicit engine, is their certificate. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bounded/textbook.h"
#include "bounded/unroll.h"
#include "core/oom.h"
#include "core/util.h"
#include "solvers/drat_check.h"

/* 1 when unit propagation alone refutes the clauses (the proof is then the empty clause):
 * PicoSAT's proof output cannot record an inconsistency found while clauses are added. */
static int refuted_by_units(const int *lits, size_t nlits)
{
    FILE *p = tmpfile();
    if (!p) return 0;
    fputs("0\n", p);
    rewind(p);
    chopsat_err err;
    int ok = drat_check(lits, nlits, p, &err);
    fclose(p);
    return ok == 1;
}

static int bmc_proof_body(const chopsat_rules *r, const chopsat_query *q, const chopsat_bmc_opts *o,
                          FILE *out, chopsat_err *err)
{
    if (check_bound(q->k, err)) return -1;
    if (o->textbook && textbook_check(r, err)) return -1;
    /* the formula first, on its own; then PicoSAT with proof output on exactly its clauses */
    formula fm;
    formula_open(&fm, r, q, o, NULL, true);
    size_t nlits;
    const int *lits = cnf_clause_lits(fm.f, &nlits);
    FILE *tmp = tmpfile();
    sat *s = NULL;
    int rc = 20;
    if (!tmp)
        rc = fail(err, "cannot create a temporary file for the proof");
    else if (refuted_by_units(lits, nlits)) {
        fputs("0\n", tmp);
    } else if (!(s = sat_new_with_proof("picosat", err))) {
        rc = -1;
    } else {
        for (size_t i = 0; i < nlits; i++)
            sat_add(s, lits[i]);
        rc = sat_solve(s, o->timeout, err);
        if (rc == 20 && sat_write_proof(s, tmp, err)) rc = -1;
    }
    if (rc == 20 && (fflush(tmp) || fseek(tmp, 0, SEEK_SET)))
        rc = fail(err, "cannot read back the proof");
    if (rc == 20) {
        chopsat_err cerr;
        int ok = drat_check(lits, nlits, tmp, &cerr);
        if (ok != 1) rc = fail(err, "the proof does not check: %s", cerr.msg);
    }
    if (rc == 20) {
        /* hand the checked proof out */
        char buf[65536];
        size_t n;
        if (fseek(tmp, 0, SEEK_SET)) rc = fail(err, "cannot read back the proof");
        while (rc == 20 && (n = fread(buf, 1, sizeof buf, tmp)) > 0)
            if (fwrite(buf, 1, n, out) != n) rc = fail(err, "cannot write the proof");
        if (rc == 20 && ferror(tmp)) rc = fail(err, "cannot read back the proof");
    }
    if (tmp) fclose(tmp);
    if (s) sat_release(s);
    formula_close(&fm);
    return rc;
}

int chopsat_bmc_proof(const chopsat_rules *r, const chopsat_query *q, const chopsat_bmc_opts *o,
                      FILE *out, chopsat_err *err)
{
    if (chopsat_query_check(r, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, bmc_proof_body(r, q, o, out, err));
}
