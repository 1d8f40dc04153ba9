/* grade_qbf.c: the check of a QBF written by hand (exercise 8): the submission and the hidden
 * reference (a QDIMACS text of the exercise's data, never printed) are each evaluated by
 * expansion (chopsat_qbf_eval_file); the submission must have the reference's quantifier blocks
 * in the same order, a matrix with the same truth table over the reference's variables, and
 * so the same value. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "grade/grade.h"

#define QBF_TABLE_VARS 10 /* a truth table over at most this many variables */

/* text (len bytes) evaluated: CHOPSAT_YES or CHOPSAT_NO with *e, or a negative status with
 * err. */
static int eval_text(const char *text, size_t len, const char *shown, chopsat_qbf_eval *e,
                     chopsat_err *err)
{
    FILE *f = fmemopen((void *)text, len ? len : 1, "r");
    if (!f) return fail(err, "no memory to read %s", shown);
    int st = chopsat_qbf_eval_file(f, shown, e, err);
    fclose(f);
    return st;
}

/* The clause lines of a QDIMACS text (every line but comments, the header and the prefix), as
 * one new string, and their number in *n (lines ending with 0). */
static char *clause_lines(const char *text, size_t *n)
{
    size_t len = strlen(text);
    char *out = xcalloc(len + 2, 1), *w = out;
    *n = 0;
    for (const char *p = text; *p;) {
        size_t l = strcspn(p, "\n");
        const char *s = p + strspn(p, " \t");
        if (*s != 'c' && *s != 'p' && *s != 'a' && *s != 'e' && s < p + l) {
            memcpy(w, p, l);
            w += l;
            *w++ = '\n';
            (*n)++;
        }
        p += l + (p[l] == '\n');
    }
    return out;
}

/* The matrix of text under the assignment `bits` of variables 1..vars: 1 true, 0 false, -1 with
 * err when it cannot be evaluated. */
static int matrix_at(const char *clauses, size_t n, int vars, unsigned bits, chopsat_err *err)
{
    size_t cap = strlen(clauses) + 64 + (size_t)vars * 16;
    char *text = xmalloc(cap);
    int w = snprintf(text, cap, "p cnf %d %zu\n%s", vars, n + (size_t)vars, clauses);
    for (int v = 1; v <= vars; v++)
        w += snprintf(text + w, cap - (size_t)w, "%s%d 0\n", bits >> (v - 1) & 1 ? "" : "-", v);
    chopsat_qbf_eval e;
    int st = eval_text(text, (size_t)w, "the matrix", &e, err);
    free(text);
    if (st < 0) return -1;
    chopsat_qbf_eval_free(&e);
    return st == CHOPSAT_YES;
}

/* The assignment as "x1 = 1, x2 = 0" into buf. */
static void assignment(char *buf, size_t size, int vars, unsigned bits)
{
    buf[0] = 0;
    for (int v = 1; v <= vars; v++) {
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, "%svariable %d = %u", v > 1 ? ", " : "", v,
                 bits >> (v - 1) & 1);
    }
}

/* Same variables in the same order? */
static bool same_vars(const int *a, size_t na, const int *b, size_t nb)
{
    return na == nb && (!na || !memcmp(a, b, na * sizeof *a));
}

/* Scores the matrix: its truth table against the reference's. 0, or -1 with err. */
static int score_matrix(const grade_exercise *ex, const grade_input *in, const char *ref, int vars,
                        chopsat_graded *g, bool *ok, chopsat_err *err)
{
    size_t nm, nr;
    char *mine = clause_lines(in->text, &nm), *theirs = clause_lines(ref, &nr);
    int rc = 0;
    bool same = true;
    char where[256] = "";
    int mv = -1;
    for (unsigned bits = 0; bits < 1u << vars && same && rc == 0; bits++) {
        chopsat_err why;
        mv = matrix_at(mine, nm, vars, bits, &why);
        int rv = matrix_at(theirs, nr, vars, bits, err);
        if (rv < 0) rc = -1;
        if (mv < 0) {
            grade_result(g, ex, "matrix", false, "%s", why.msg);
            same = false;
            mv = -2;
        } else if (mv != rv) {
            same = false;
            assignment(where, sizeof where, vars, bits);
        }
    }
    *ok = rc == 0 && same;
    if (rc == 0 && mv != -2) {
        if (same)
            grade_result(g, ex, "matrix", true, "your matrix says what the exercise asks");
        else
            grade_result(g, ex, "matrix", false, "for %s your matrix is %s: it says something else",
                         where, mv ? "true" : "false");
    }
    free(mine);
    free(theirs);
    return rc;
}

int grade_check_qbf(const grade_exercise *ex, const grade_input *in, chopsat_graded *g,
                    chopsat_err *err)
{
    const char *ref = grade_data_string(ex, "reference");
    if (!ref) return fail(err, "exercise %s: a qbf check needs \"reference\"", ex->id);
    chopsat_qbf_eval r, s;
    int rst = eval_text(ref, strlen(ref), "the reference", &r, err);
    if (rst < 0) return -1;
    if (r.nvars > QBF_TABLE_VARS) {
        chopsat_qbf_eval_free(&r);
        return fail(err, "exercise %s: its reference has more than %d variables", ex->id,
                    QBF_TABLE_VARS);
    }
    chopsat_err why;
    int sst = strlen(in->text) == in->len ? eval_text(in->text, in->len, in->shown, &s, &why)
                                          : fail(&why, "%s holds a NUL byte", in->shown);
    int rc = 0;
    if (sst < 0) {
        grade_result(g, ex, "prefix", false, "%s", why.msg);
    } else {
        bool vars_ok = s.nvars == r.nvars;
        bool prefix = vars_ok && s.outer_exists == r.outer_exists &&
                      same_vars(s.outer, s.nouter, r.outer, r.nouter) &&
                      same_vars(s.next, s.nnext, r.next, r.nnext) && s.nblocks == r.nblocks;
        if (!vars_ok)
            grade_result(g, ex, "prefix", false, "your formula has %d variables, the exercise's %d",
                         s.nvars, r.nvars);
        else if (prefix)
            grade_result(g, ex, "prefix", true, "the quantifier blocks are in the right order");
        else
            grade_result(g, ex, "prefix", false,
                         "your outermost block is %s over %zu variable(s): not the order the "
                         "exercise asks for",
                         s.outer_exists ? "existential" : "universal", s.nouter);
        bool matrix = false;
        if (vars_ok) rc = score_matrix(ex, in, ref, r.nvars, g, &matrix, err);
        if (rc == 0 && vars_ok)
            grade_result(g, ex, "value", prefix && matrix && s.value == r.value,
                         "your formula is %s%s", s.value ? "true" : "false",
                         !prefix   ? " (with the quantifiers in another order)"
                         : !matrix ? " (with another matrix)"
                                   : "");
        chopsat_qbf_eval_free(&s);
    }
    chopsat_qbf_eval_free(&r);
    return rc;
}
