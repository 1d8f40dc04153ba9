/* text_diff.c: two DIMACS files compared clause by clause by their variables' names
 * (chopsat_cnf_diff_files), as text: each file's clauses and rules, the clauses only in each
 * (or with a summary, their counts per note), and the verdict line. */
#include <stdlib.h>

#include "core/oom.h"
#include "report/text_diff_notes.h"
#include "report/text_write.h"

/* The clauses only in one file, each with its note, marked by sign. */
static void side(FILE *out, const char *file, char sign, const chopsat_cnf_clause_diff *c, size_t n)
{
    fprintf(out, "only in %s (%zu clause%s):\n", file, n, n == 1 ? "" : "s");
    for (size_t i = 0; i < n; i++) {
        if (c[i].note[0])
            fprintf(out, "%c %s: %s\n", sign, c[i].note, c[i].clause);
        else
            fprintf(out, "%c %s\n", sign, c[i].clause);
    }
}

/* The counts per note, without the clauses. */
static void summary(FILE *out, const chopsat_cnf_diff *d)
{
    size_t n;
    note_count *c = diff_count_notes(d, &n);
    fprintf(out, "by note (missing: only in B; extra: only in A; the clauses are not shown):\n");
    for (size_t i = 0; i < n; i++)
        fprintf(out, "  %s: %zu missing, %zu extra\n", c[i].note[0] ? c[i].note : "(no note)",
                c[i].missing, c[i].extra);
    free(c);
}

/* The report, under the public call's recovery point. */
static int diff_text(FILE *out, const chopsat_cnf_diff *d, const chopsat_report_diff_opts *o,
                     chopsat_err *err)
{
    bool same = !d->n_only_a && !d->n_only_b;
    fprintf(out, "A: %s: %zu clauses (%s)\n", o->a, d->clauses_a,
            d->rules_a[0] ? d->rules_a : "no chopsat-rules line");
    fprintf(out, "B: %s: %zu clauses (%s)\n", o->b, d->clauses_b,
            d->rules_b[0] ? d->rules_b : "no chopsat-rules line");
    if (o->with) fprintf(out, "compared: only the clauses with %s\n", o->with);
    if (o->summary) {
        summary(out, d);
    } else {
        side(out, "A", '-', d->only_a, d->n_only_a);
        side(out, "B", '+', d->only_b, d->n_only_b);
    }
    fprintf(out, "%s: %zu clauses in both, %zu only in A, %zu only in B.\n",
            same ? "same clauses" : "different", d->common, d->n_only_a, d->n_only_b);
    return report_end(out, err);
}

int chopsat_report_diff_text(FILE *out, const chopsat_cnf_diff *d,
                             const chopsat_report_diff_opts *o, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, diff_text(out, d, o, err));
}
