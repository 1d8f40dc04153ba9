/* cnf_export.c: a bounded question as one DIMACS file that any solver can take, with a header
 * that says what it asks and a complete variable map, or as the same clauses and names in memory
 * (chopsat_bmc_cnf). The way back, a model of that file (from
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

struct chopsat_cnf {
    int nvars;
    size_t nclauses, nlits;
    int *lits;
    char *names;     /* every name, each ended by NUL */
    size_t *name_at; /* variable v's name at names + name_at[v - 1] */
};

/* Copies fm's clauses and variable names into a new chopsat_cnf. */
static chopsat_cnf *cnf_copy(const formula *fm)
{
    chopsat_cnf *c = xcalloc(1, sizeof *c);
    const int *lits = cnf_clause_lits(fm->f, &c->nlits);
    c->nvars = cnf_var_count(fm->f);
    c->lits = xmalloc((c->nlits ? c->nlits : 1) * sizeof *c->lits);
    memcpy(c->lits, lits, c->nlits * sizeof *lits);
    for (size_t i = 0; i < c->nlits; i++)
        c->nclauses += lits[i] == 0;
    c->name_at = xmalloc(((size_t)c->nvars + 1) * sizeof *c->name_at);
    size_t len = 0, cap = 4096;
    c->names = xmalloc(cap);
    char name[256];
    for (int v = 1; v <= c->nvars; v++) {
        cnf_var_name(fm->f, v, name, sizeof name);
        size_t n = strlen(name) + 1;
        while (len + n > cap)
            c->names = xrealloc(c->names, cap *= 2);
        memcpy(c->names + len, name, n);
        c->name_at[v - 1] = len;
        len += n;
    }
    return c;
}

/* chopsat_bmc_cnf's body (o NULL: the defaults), under the caller's recovery point. */
static int bmc_cnf_body(const chopsat_rules *r, const chopsat_query *q, const chopsat_bmc_opts *o,
                        chopsat_cnf **out, chopsat_err *err)
{
    chopsat_bmc_opts none = {0};
    if (!o) o = &none;
    if (check_bound(q->k, err)) return CHOPSAT_ERROR;
    if (o->textbook && textbook_check(r, err)) return CHOPSAT_ERROR;
    formula fm;
    formula_open(&fm, r, q, o, NULL, true);
    *out = cnf_copy(&fm);
    formula_close(&fm);
    return CHOPSAT_OK;
}

int chopsat_bmc_cnf(const chopsat_rules *r, const chopsat_query *q, const chopsat_bmc_opts *o,
                    chopsat_cnf **out, chopsat_err *err)
{
    *out = NULL;
    if (chopsat_query_check(r, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, bmc_cnf_body(r, q, o, out, err));
}

void chopsat_cnf_free(chopsat_cnf *c)
{
    if (!c) return;
    free(c->lits);
    free(c->names);
    free(c->name_at);
    free(c);
}

int chopsat_cnf_vars(const chopsat_cnf *c)
{
    return c->nvars;
}

size_t chopsat_cnf_clauses(const chopsat_cnf *c)
{
    return c->nclauses;
}

size_t chopsat_cnf_lits(const chopsat_cnf *c, const int **lits)
{
    if (lits) *lits = c->lits;
    return c->nlits;
}

const char *chopsat_cnf_name(const chopsat_cnf *c, int v)
{
    return v >= 1 && v <= c->nvars ? c->names + c->name_at[v - 1] : NULL;
}
