/* grade_fix.c: the check of a broken formula repaired (exercise 3b (c)): the classmate's file
 * (the exercise's "broken" clauses under the variable map of its question) and the hidden
 * repaired one ("fixed", never printed) are built; the submission must change one clause of the
 * broken file, be satisfiable (chopsat_core_file finds no core), and be the repair (the same
 * clauses, by names, as the hidden one). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "grade/grade.h"

/* The variable map of the exercise's question followed by the clauses text: a new string (*len
 * bytes), NULL with err. */
static char *with_map(const grade_exercise *ex, const char *clauses, size_t *len, chopsat_err *err)
{
    size_t rlen;
    char *ref = grade_reference_cnf(ex, &rlen, err);
    if (!ref) return NULL;
    size_t cap = rlen + strlen(clauses) + 2, n = 0;
    char *out = xmalloc(cap);
    for (const char *p = ref; *p;) {
        size_t l = strcspn(p, "\n");
        if (!strncmp(p, "c var ", 6)) {
            memcpy(out + n, p, l);
            n += l;
            out[n++] = '\n';
        }
        p += l + (p[l] == '\n');
    }
    free(ref);
    memcpy(out + n, clauses, strlen(clauses) + 1);
    *len = n + strlen(clauses);
    return out;
}

/* Scores the submission against the broken file b and the repair f. 0, or -1 with err. */
static int score(const grade_exercise *ex, const grade_input *in, const char *b, size_t blen,
                 const char *f, size_t flen, chopsat_graded *g, chopsat_err *err)
{
    chopsat_cnf_diff d;
    chopsat_err why;
    if (grade_diff_texts(in->text, in->len, in->shown, b, blen, NULL, &d, &why) != CHOPSAT_OK) {
        grade_result(g, ex, "one-change", false, "%s", why.msg);
        return 0;
    }
    bool one = d.n_only_a == 1 && d.n_only_b == 1 && d.map_a;
    if (!d.map_a)
        grade_result(g, ex, "one-change", false,
                     "your file has no variable map (no 'c var' lines): start it with vars.txt");
    else if (one)
        grade_result(g, ex, "one-change", true, "one clause changed: '%s' is now '%s'",
                     d.only_b[0].clause, d.only_a[0].clause);
    else
        grade_result(g, ex, "one-change", false,
                     "%zu clauses of the classmate's file changed or removed and %zu added: "
                     "change one clause, the slip",
                     d.n_only_b, d.n_only_a);
    chopsat_cnf_diff_free(&d);
    if (!one) return 0;
    int st = grade_unsatisfiable(in->text, in->len, err);
    if (st < 0) return -1;
    grade_result(g, ex, "satisfiable", st == CHOPSAT_YES,
                 st == CHOPSAT_YES ? "the repaired formula is satisfiable: core finds no core"
                                   : "the formula is still unsatisfiable: core finds a core");
    if (st != CHOPSAT_YES) return 0;
    if (grade_diff_texts(in->text, in->len, in->shown, f, flen, NULL, &d, &why) != CHOPSAT_OK)
        return fail(err, "exercise %s: %s", ex->id, why.msg);
    bool same = !d.n_only_a && !d.n_only_b;
    grade_result(g, ex, "the-slip", same,
                 same ? "the clause you changed was the slip, and it now says what its comment "
                        "says"
                      : "satisfiable, but the formula no longer says what its comments say: "
                        "the clause you changed was not the slip");
    chopsat_cnf_diff_free(&d);
    return 0;
}

int grade_check_fix(const grade_exercise *ex, const grade_input *in, chopsat_graded *g,
                    chopsat_err *err)
{
    const char *broken = grade_data_string(ex, "broken"), *fixed = grade_data_string(ex, "fixed");
    if (!broken || !fixed)
        return fail(err, "exercise %s: a fix check needs \"broken\" and \"fixed\"", ex->id);
    if (strlen(in->text) != in->len) {
        grade_result(g, ex, "one-change", false, "%s holds a NUL byte", in->shown);
        return 0;
    }
    size_t blen, flen;
    char *b = with_map(ex, broken, &blen, err);
    char *f = b ? with_map(ex, fixed, &flen, err) : NULL;
    int rc = f ? score(ex, in, b, blen, f, flen, g, err) : -1;
    free(b);
    free(f);
    return rc;
}
