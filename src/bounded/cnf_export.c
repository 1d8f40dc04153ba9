/* cnf_export.c: a bounded question as one DIMACS file that any solver can take, with a header
 * that says what it asks and a complete variable map. The way back, a model of that file (from
 * any solver) decoded into the witness, is exports/cnf_model.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bounded/textbook.h"
#include "bounded/unroll.h"
#include "core/oom.h"
#include "core/util.h"
#include "formats/dimacs.h"
#include "games/query.h"

static int bmc_dimacs_body(const chopsat_rules *r, const chopsat_query *q,
                           const chopsat_bmc_opts *o, FILE *out, chopsat_err *err)
{
    if (check_bound(q->k, err)) return -1;
    if (o->textbook && textbook_check(r, err)) return -1;
    formula fm;
    formula_open(&fm, r, q, o, NULL, true);
    cnf *f = fm.f;

    str_vec lines = {0};
    char buf[512];
    str_vec_addf(&lines, "chopsat %s", CHOPSAT_VERSION);
    query_header_write(&lines, r, "chopsat-query", q);
    chopsat_query_describe(r, q, false, buf, sizeof buf);
    str_vec_addf(&lines, "question: %s", buf);
    str_vec_addf(&lines, "satisfiable = yes; unsatisfiable = no");
    str_vec_addf(&lines, "encoding: move-encoding=%s polarity=%s frames=0..%d",
                 o->textbook       ? "textbook"
                 : o->binary_moves ? "binary"
                                   : "onehot",
                 o->plaisted_greenbaum ? "plaisted-greenbaum" : "tseitin", q->k);
    str_vec_addf(
        &lines, "models: %s",
        o->plaisted_greenbaum
            ? "preserved on the named variables (f<t>.*): every model gives a legal witness there; "
              "gate variables (and/xor/ite) may differ from the gate's value"
            : "preserved on every variable: gate variables equal the gates they define");
    str_vec_addf(&lines,
                 "frame t: player %u to move when t is even, player %u when odd; word bits "
                 "[i] weigh 2^i",
                 q->from.mover, 3 - q->from.mover);
    str_vec_addf(
        &lines, "goal: %s",
        q->exact ? "at frame K"
                 : "met at the first frame t that satisfies it; later frames are unconstrained");
    str_vec notes = {0};
    if (o->annotate) {
        str_vec_addf(&lines,
                     "annotated: every clause follows a comment naming what it encodes; "
                     "gates are named <kind>_<hash of what they compute>, the same in every "
                     "formula that has them ('chopsat diff A.cnf B.cnf' compares by names)");
        cnf_annotations(f, &lines, &notes);
    } else {
        cnf_var_map(f, &lines);
    }
    size_t nlits;
    const int *lits = cnf_clause_lits(f, &nlits);
    int rc = o->annotate ? dimacs_write_noted(out, (const char *const *)lines.items, lines.n,
                                              cnf_var_count(f), lits, nlits,
                                              (const char *const *)notes.items, notes.n, err)
                         : dimacs_write(out, (const char *const *)lines.items, lines.n,
                                        cnf_var_count(f), lits, nlits, err);
    str_vec_free(&lines);
    str_vec_free(&notes);
    formula_close(&fm);
    return rc;
}

int chopsat_bmc_dimacs(const chopsat_rules *r, const chopsat_query *q, const chopsat_bmc_opts *o,
                       FILE *out, chopsat_err *err)
{
    if (chopsat_query_check(r, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, bmc_dimacs_body(r, q, o, out, err));
}
