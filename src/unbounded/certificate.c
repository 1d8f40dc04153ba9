/* certificate.c: the certificate file of a "never" answer (docs/cli.md): DIMACS CNF whose
 * clauses are the inductive invariant, with comment lines naming the rules and the question
 * and a variable map (`c var N NAME`, one per state bit). Reading it back checks the format
 * only; chopsat_invariant_check (invariant.c) decides whether the invariant proves anything. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/oom.h"
#include "core/util.h"
#include "formats/dimacs.h"
#include "formats/var_map.h"
#include "games/query.h"

#define CERT_KIND "inductive-invariant"

static int certificate_write_body(const chopsat_rules *r, const chopsat_query *q,
                                  const chopsat_invariant *inv, FILE *out, chopsat_err *err)
{
    chopsat_query qq = *q;
    qq.k = 0, qq.exact = false, qq.repeat = CHOPSAT_REPEAT_OFF;
    if (qq.kind == CHOPSAT_Q_REACH) qq.player = 1; /* not asked; the header wants 1 or 2 */
    str_vec lines = {0};
    char from[CHOPSAT_POS_MAX], target[CHOPSAT_POS_MAX];
    str_vec_addf(&lines, "chopsat %s", CHOPSAT_VERSION);
    str_vec_addf(&lines, "chopsat-certificate %s", CERT_KIND);
    query_header_write(&lines, r, "chopsat-query", &qq);
    chopsat_pos_format(r, &q->from, from, sizeof from);
    chopsat_pos_format(r, &q->target, target, sizeof target);
    if (q->kind == CHOPSAT_Q_REACH)
        str_vec_addf(&lines, "claim: %s is never reached from %s", target, from);
    else
        str_vec_addf(&lines, "claim: player %d never wins from %s", q->player, from);
    str_vec_addf(&lines, "the clauses are an inductive invariant over the state bits below "
                         "(word bits [i] weigh 2^i; turn: 1 when player 2 is to move): the start "
                         "satisfies them, every legal move keeps them, and no state that satisfies "
                         "them is the goal; 'chopsat certify FILE' checks all three");
    for (int i = 0; i < inv->nbits; i++)
        str_vec_addf(&lines, "var %d %s", i + 1, inv->names[i]);
    int rc = dimacs_write(out, (const char *const *)lines.items, lines.n, inv->nbits, inv->lits,
                          inv->nlits, err);
    str_vec_free(&lines);
    return rc;
}

int chopsat_certificate_write(const chopsat_rules *r, const chopsat_query *q,
                              const chopsat_invariant *inv, FILE *out, chopsat_err *err)
{
    if (chopsat_query_check(r, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, certificate_write_body(r, q, inv, out, err));
}

static int certificate_read_body(FILE *in, const char *name, chopsat_rules **rules,
                                 chopsat_query *q, chopsat_invariant *inv, chopsat_err *err)
{
    *rules = NULL;
    memset(inv, 0, sizeof *inv);
    dimacs_file d;
    if (dimacs_read(in, name, &d, err)) return -1;
    int rc = -1;
    chopsat_rules *r = NULL;
    const char *kind = dimacs_comment(&d, "chopsat-certificate");
    int head = kind && !strcmp(kind, CERT_KIND)
                   ? query_header_read((const char *const *)d.comments, d.ncomments,
                                       "chopsat-query", name, &r, q, err)
                   : 1;
    if (head == 1) {
        fail(err,
             "%s: not a certificate written by chopsat (no chopsat-certificate %s, "
             "chopsat-rules or chopsat-query line)",
             name, CERT_KIND);
        goto out;
    }
    if (head) goto out;
    if (d.nvars < 1 || d.nvars > CHOPSAT_POS_WORDS * 64 + 1) {
        fail(err, "%s: %d state variables: a question's states have 1 to %d", name, d.nvars,
             CHOPSAT_POS_WORDS * 64 + 1);
        goto out;
    }
    inv->nbits = d.nvars;
    inv->names = xcalloc((size_t)d.nvars, sizeof *inv->names);
    for (size_t i = 0; i < d.ncomments; i++) {
        const char *var;
        int v = var_map_entry(d.comments[i], d.nvars, &var);
        if (!v) continue;
        if (v < 0 || inv->names[v - 1] || !*var) {
            fail(err, "%s: bad variable map line 'c %s'", name, d.comments[i]);
            goto out;
        }
        inv->names[v - 1] = xstrdup(var);
    }
    for (int v = 0; v < d.nvars; v++)
        if (!inv->names[v]) {
            fail(err, "%s: the variable map does not name variable %d", name, v + 1);
            goto out;
        }
    inv->lits = d.lits, inv->nlits = d.nlits, inv->nclauses = d.nclauses;
    d.lits = NULL, d.nlits = 0;
    rc = 0;
out:
    dimacs_file_free(&d);
    if (rc) {
        chopsat_rules_free(r);
        chopsat_invariant_free(inv);
    } else {
        *rules = r;
    }
    return rc;
}

int chopsat_certificate_read(FILE *in, const char *name, chopsat_rules **rules, chopsat_query *q,
                             chopsat_invariant *inv, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, certificate_read_body(in, name, rules, q, inv, err));
}
