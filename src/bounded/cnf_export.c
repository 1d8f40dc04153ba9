/* cnf_export.c: a bounded question as one DIMACS file that any solver can take, with a header
 * that says what it asks and a complete variable map, and the way back: a model of that file
 * (from any solver) decoded into the witness. The decoder reads only the file's own comments:
 * the rules, the question and the names of the state variables. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/dimacs.h"
#include "games/query.h"
#include "exports/decode.h"
#include "bounded/textbook.h"
#include "bounded/unroll.h"
#include "core/util.h"
#include "core/oom.h"

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
    chopsat_rules_describe(r, buf, sizeof buf);
    str_vec_addf(&lines, "chopsat-rules %s", buf);
    query_format(r, q, buf, sizeof buf);
    str_vec_addf(&lines, "chopsat-query %s", buf);
    chopsat_query_describe(r, q, false, buf, sizeof buf);
    str_vec_addf(&lines, "question: %s", buf);
    str_vec_addf(&lines, "satisfiable = yes; unsatisfiable = no");
    str_vec_addf(&lines, "encoding: move-encoding=%s polarity=%s frames=0..%d",
             o->textbook ? "textbook" : o->binary_moves ? "binary" : "onehot",
             o->plaisted_greenbaum ? "plaisted-greenbaum" : "tseitin", q->k);
    str_vec_addf(&lines, "models: %s", o->plaisted_greenbaum
        ? "preserved on the named variables (f<t>.*): every model gives a legal witness there; "
          "gate variables (and/xor/ite) may differ from the gate's value"
        : "preserved on every variable: gate variables equal the gates they define");
    str_vec_addf(&lines, "frame t: player %u to move when t is even, player %u when odd; word bits "
             "[i] weigh 2^i", q->from.mover, 3 - q->from.mover);
    str_vec_addf(&lines, "goal: %s", q->exact ? "at frame K"
             : "met at the first frame t that satisfies it; later frames are unconstrained");
    str_vec notes = {0};
    if (o->annotate) {
        str_vec_addf(&lines, "annotated: every clause follows a comment naming what it encodes; "
                     "gates are named <kind>_<hash of what they compute>, the same in every "
                     "formula that has them ('chopsat diff A.cnf B.cnf' compares by names)");
        cnf_annotations(f, &lines, &notes);
    } else {
        cnf_var_map(f, &lines);
    }
    size_t nlits;
    const int *lits = cnf_clause_lits(f, &nlits);
    int rc = o->annotate
        ? dimacs_write_noted(out, (const char *const *)lines.items, lines.n, cnf_var_count(f),
                             lits, nlits, (const char *const *)notes.items, notes.n, err)
        : dimacs_write(out, (const char *const *)lines.items, lines.n, cnf_var_count(f), lits,
                       nlits, err);
    str_vec_free(&lines);
    str_vec_free(&notes);
    formula_close(&fm);
    return rc;
}

int chopsat_bmc_dimacs(const chopsat_rules *r, const chopsat_query *q,
                       const chopsat_bmc_opts *o, FILE *out, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, bmc_dimacs_body(r, q, o, out, err));
}

/* Does position p at frame t meet the question's goal? */
bool decode_goal_met(const chopsat_rules *r, const chopsat_query *q, const chopsat_pos *p, int t)
{
    if (q->exact && t != q->k) return false;
    if (q->kind == CHOPSAT_Q_REACH) return chopsat_pos_equal(p, &q->target);
    return chopsat_pos_winner(r, p) == q->player;
}

/* The variable map of a file chopsat wrote names every variable and the state of every frame
 * 0..k; a header or question that promises more (a forged `p cnf 2147483646 N`, k=2147483647)
 * is refused here, before anything is allocated for it. */
static int check_map(const dimacs_file *d, const char *name, int k, chopsat_err *err)
{
    size_t named = 0;
    int last_frame = -1;
    for (size_t i = 0; i < d->ncomments; i++) {
        int v, t, len = 0;
        if (sscanf(d->comments[i], "var %d %n", &v, &len) != 1 || !len || v < 1 || v > d->nvars)
            continue;
        named++;
        if (sscanf(d->comments[i] + len, "f%d.", &t) == 1 && t > last_frame) last_frame = t;
    }
    if (named < (size_t)d->nvars)
        return fail(err, "%s: the header declares %d variables but the variable map names %zu",
                    name, d->nvars, named);
    if (last_frame < k)
        return fail(err, "%s: the question's bound is k=%d but the variable map has frames 0..%d",
                    name, k, last_frame);
    return 0;
}

static int dimacs_decode(FILE *cnf_file, const char *cnf_name, FILE *model, const char *model_name,
                         chopsat_rules **rules_out, chopsat_query *q, chopsat_pos **path,
                         size_t *n, chopsat_err *err);

static int decode_body(FILE *file, const char *name, FILE *model, const char *model_name,
                       chopsat_rules **rules_out, chopsat_query *q, chopsat_pos **path, size_t *n,
                       chopsat_err *err)
{
    /* the first character tells the formats apart: 'a' (aag/aig), ';' or '(' (SMT-LIB) */
    int ch = getc(file);
    if (ch != EOF) ungetc(ch, file);
    if (ch == 'a') return aiger_decode(file, name, model, model_name, rules_out, q, path, n, err);
    if (ch == ';' || ch == '(')
        return smt2_decode(file, name, model, model_name, rules_out, q, path, n, err);
    return dimacs_decode(file, name, model, model_name, rules_out, q, path, n, err);
}

int chopsat_decode(FILE *file, const char *name, FILE *model, const char *model_name,
                   chopsat_rules **rules_out, chopsat_query *q, chopsat_pos **path, size_t *n,
                   chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err,
               decode_body(file, name, model, model_name, rules_out, q, path, n, err));
}

static int dimacs_decode(FILE *cnf_file, const char *cnf_name, FILE *model, const char *model_name,
                         chopsat_rules **rules_out, chopsat_query *q, chopsat_pos **path,
                         size_t *n, chopsat_err *err)
{
    dimacs_file d;
    *rules_out = NULL;
    *path = NULL;
    *n = 0;
    if (dimacs_read(cnf_file, cnf_name, &d, err)) return -1;
    int rc = -1;
    signed char *val = NULL;
    chopsat_rules *r = NULL;
    const char *rs = dimacs_comment(&d, "chopsat-rules"), *qs = dimacs_comment(&d, "chopsat-query");
    if (!rs || !qs) {
        fail(err, "%s: not a CNF written by 'chopsat dimacs' (no chopsat-rules/chopsat-query "
                  "header)", cnf_name);
        goto out;
    }
    if (!*rs) {
        fail(err, "%s: the chopsat-rules line is empty", cnf_name);
        goto out;
    }
    if (!(r = chopsat_rules_parse(rs, err)) || query_parse(r, qs, q, err)) goto out;
    if (check_map(&d, cnf_name, q->k, err)) goto out;
    val = xcalloc((size_t)d.nvars + 1, 1);
    int answer = model_read_any(model, model_name, d.nvars, val, err);
    if (answer < 0) goto out;
    if (answer == 20) {
        rc = 20;
        goto out;
    }
    /* every clause must hold under the model */
    size_t begin;
    int unassigned;
    size_t cl = model_falsified(d.lits, d.nlits, val, &begin, &unassigned);
    if (cl) {
        fail(err, "%s: the model falsifies clause %zu of %s", model_name, cl, cnf_name);
        goto out;
    }
    /* positions from the state variables f<t>.<word>[bit] */
    int widths[4];
    const char *names[4];
    int nwords = r->game->sym->words(r, widths, names);
    chopsat_pos *frames = xcalloc((size_t)q->k + 1, sizeof *frames);
    for (int t = 0; t <= q->k; t++) frames[t].mover = t % 2 ? 3 - q->from.mover : q->from.mover;
    for (size_t i = 0; i < d.ncomments; i++) {
        int v, t, bit, len = 0;
        char wname[64];
        if (sscanf(d.comments[i], "var %d f%d.%63[^[][%d]%n", &v, &t, wname, &bit, &len) != 4 ||
            d.comments[i][len] || t < 0 || t > q->k || v < 1 || v > d.nvars || bit < 0 || bit > 31)
            continue;
        for (int w = 0; w < nwords; w++)
            if (!strcmp(wname, names[w]) && val[v] > 0) frames[t].v[w] |= 1u << bit;
    }
    int end = -1;
    for (int t = 0; t <= q->k && end < 0; t++)
        if (decode_goal_met(r, q, &frames[t], t)) end = t;
    if (end < 0) {
        free(frames);
        fail(err, "%s: the model meets the goal at no frame", model_name);
        goto out;
    }
    *path = frames;
    *n = (size_t)end + 1;
    rc = 10;
out:
    free(val);
    dimacs_file_free(&d);
    if (rc < 0) chopsat_rules_free(r);
    else *rules_out = r;
    return rc;
}
