/* json_diff.c: two DIMACS files compared clause by clause by their variables' names
 * (chopsat_cnf_diff_files), as one JSON object: the files, their rules and counts, and the
 * clauses only in each (or with a summary, their counts per note). */
#include <stdlib.h>

#include "core/oom.h"
#include "report/text_diff_notes.h"
#include "report/text_write.h"

/* The clauses only in one file, each with its note. */
static void side(chopsat_json *j, const char *key, const chopsat_cnf_clause_diff *c, size_t n)
{
    chopsat_json_key(j, key);
    chopsat_json_array(j, true);
    for (size_t i = 0; i < n; i++) {
        chopsat_json_object(j);
        chopsat_json_kstring(j, "clause", c[i].clause);
        chopsat_json_kstring(j, "note", c[i].note);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
}

/* The counts: missing and extra in all, and per note. */
static void summary(chopsat_json *j, const chopsat_cnf_diff *d)
{
    size_t n;
    note_count *c = diff_count_notes(d, &n);
    chopsat_json_kint(j, "missing", (long long)d->n_only_b);
    chopsat_json_kint(j, "extra", (long long)d->n_only_a);
    chopsat_json_key(j, "summary");
    chopsat_json_array(j, true);
    for (size_t i = 0; i < n; i++) {
        chopsat_json_object(j);
        chopsat_json_kstring(j, "note", c[i].note);
        chopsat_json_kint(j, "missing", (long long)c[i].missing);
        chopsat_json_kint(j, "extra", (long long)c[i].extra);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
    free(c);
}

/* The report, under the public call's recovery point. */
static int diff_json(FILE *out, const chopsat_cnf_diff *d, const chopsat_report_diff_opts *o,
                     chopsat_err *err)
{
    chopsat_json j;
    chopsat_json_init(&j, out);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "a", o->a);
    chopsat_json_kstring(&j, "b", o->b);
    chopsat_json_kstring(&j, "rules_a", d->rules_a);
    chopsat_json_kstring(&j, "rules_b", d->rules_b);
    chopsat_json_key(&j, "with");
    if (o->with)
        chopsat_json_string(&j, o->with);
    else
        chopsat_json_null(&j);
    chopsat_json_kbool(&j, "same", !d->n_only_a && !d->n_only_b);
    chopsat_json_kint(&j, "clauses_a", (long long)d->clauses_a);
    chopsat_json_kint(&j, "clauses_b", (long long)d->clauses_b);
    chopsat_json_kint(&j, "common", (long long)d->common);
    if (o->summary) {
        summary(&j, d);
    } else {
        side(&j, "only_a", d->only_a, d->n_only_a);
        side(&j, "only_b", d->only_b, d->n_only_b);
    }
    chopsat_json_end(&j);
    fputc('\n', out);
    return report_end(out, err);
}

int chopsat_report_diff_json(FILE *out, const chopsat_cnf_diff *d,
                             const chopsat_report_diff_opts *o, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, diff_json(out, d, o, err));
}
