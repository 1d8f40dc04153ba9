/* text_diff_notes.c: the differing clauses of `chopsat diff` counted per note. */
#include "report/text_diff_notes.h"

#include <stdlib.h>
#include <string.h>

#include "core/util.h"

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A clause's variables without their signs, sorted: "a | b | c". */
static char *variables_of(const char *clause)
{
    char *copy = xstrdup(clause), *save = NULL, **vars = xcalloc(strlen(clause) + 1, sizeof *vars);
    size_t n = 0, len = 1;
    for (char *t = strtok_r(copy, " |", &save); t; t = strtok_r(NULL, " |", &save))
        vars[n++] = t + (*t == '-'), len += strlen(t) + 3;
    qsort(vars, n, sizeof *vars, cmp_str);
    char *out = xcalloc(len, 1);
    for (size_t i = 0; i < n; i++) {
        if (i) strcat(out, " | ");
        strcat(out, vars[i]);
    }
    free(vars);
    free(copy);
    return out;
}

/* The note of clause c, or when its own file gave none, the note of a clause of the other side
 * (of n) with the same variables; "" when neither says. */
static const char *note_for(const chopsat_cnf_clause_diff *c, const chopsat_cnf_clause_diff *other,
                            size_t n)
{
    if (c->note[0]) return c->note;
    char *mine = variables_of(c->clause);
    const char *found = "";
    for (size_t i = 0; i < n && !found[0]; i++) {
        if (!other[i].note[0]) continue;
        char *theirs = variables_of(other[i].clause);
        if (!strcmp(mine, theirs)) found = other[i].note;
        free(theirs);
    }
    free(mine);
    return found;
}

static int cmp_count(const void *a, const void *b)
{
    return strcmp(((const note_count *)a)->note, ((const note_count *)b)->note);
}

note_count *diff_count_notes(const chopsat_cnf_diff *d, size_t *n)
{
    note_count *c = xcalloc(d->n_only_a + d->n_only_b + 1, sizeof *c);
    *n = 0;
    for (int side = 0; side < 2; side++) {
        const chopsat_cnf_clause_diff *mine = side ? d->only_b : d->only_a;
        const chopsat_cnf_clause_diff *other = side ? d->only_a : d->only_b;
        size_t nmine = side ? d->n_only_b : d->n_only_a, nother = side ? d->n_only_a : d->n_only_b;
        for (size_t i = 0; i < nmine; i++) {
            const char *note = note_for(&mine[i], other, nother);
            size_t k = 0;
            while (k < *n && strcmp(c[k].note, note))
                k++;
            if (k == *n) c[(*n)++].note = note;
            if (side)
                c[k].missing++;
            else
                c[k].extra++;
        }
    }
    qsort(c, *n, sizeof *c, cmp_count);
    return c;
}
