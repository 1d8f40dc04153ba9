/* cli_diff.c: `chopsat diff A.cnf B.cnf`: two DIMACS files compared clause by clause by the
 * names of their variables, so that two annotated formulas (dimacs --annotate) differ only
 * where what they encode differs. `--with NAME` keeps the clauses of one variable (a name that
 * neither map has is refused, with the nearest names); `--summary` gives only counts per note,
 * for grading a hand-written file (A) against the tool's (B) without showing the tool's clauses.
 * Exit 0 when they have the same clauses, 20 when not (the convention of check and certify). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static void side_json(chopsat_json *j, const char *key, const chopsat_cnf_clause_diff *c,
                      size_t n)
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

static void side_text(const char *file, char sign, const chopsat_cnf_clause_diff *c, size_t n)
{
    printf("only in %s (%zu clause%s):\n", file, n, n == 1 ? "" : "s");
    for (size_t i = 0; i < n; i++) {
        if (c[i].note[0]) printf("%c %s: %s\n", sign, c[i].note, c[i].clause);
        else printf("%c %s\n", sign, c[i].clause);
    }
}

/* ---- --with NAME: a name that is in neither map ---- */

/* True when s contains w, case aside. */
static bool contains_nocase(const char *s, const char *w)
{
    size_t n = strlen(w);
    for (; *s; s++) {
        size_t i = 0;
        while (i < n && s[i] && tolower((unsigned char)s[i]) == tolower((unsigned char)w[i])) i++;
        if (i == n) return true;
    }
    return !n;
}

/* The length of the common start of a and b, case aside. */
static size_t common_start(const char *a, const char *b)
{
    size_t i = 0;
    while (a[i] && tolower((unsigned char)a[i]) == tolower((unsigned char)b[i])) i++;
    return i;
}

/* Up to 3 of the maps' names nearest to word, joined by ", " into buf: the likely slips (the
 * same name in other case, then chopsat_nearest's), else the names that contain word (case
 * aside), else those that share the longest start with it. */
static void nearest_names(const chopsat_cnf_diff *d, const char *word, char *buf, size_t size)
{
    const char **left = cli_calloc(d->n_names + 1, sizeof *left), *pick[3];
    size_t n = 0, npick = 0, best = 0;
    for (size_t i = 0; i < d->n_names; i++) { /* the same name, case aside, first */
        bool same = strlen(d->names[i]) == strlen(word) && contains_nocase(d->names[i], word);
        if (same && npick < 3) pick[npick++] = d->names[i];
        else left[n++] = d->names[i];
    }
    while (npick < 3) {
        const char *near = chopsat_nearest(word, left, n);
        if (!near) break;
        pick[npick++] = near;
        size_t i = 0;
        while (left[i] != near) i++;
        left[i] = left[--n];
    }
    free(left);
    bool slips = npick > 0, within = false;
    for (size_t i = 0; i < d->n_names && npick < 3 && !slips; i++)
        if (contains_nocase(d->names[i], word)) pick[npick++] = d->names[i], within = true;
    for (size_t i = 0; i < d->n_names && !slips && !within; i++)
        if (common_start(d->names[i], word) > best) best = common_start(d->names[i], word);
    for (size_t i = 0; i < d->n_names && !slips && !within && best && npick < 3; i++)
        if (common_start(d->names[i], word) == best) pick[npick++] = d->names[i];
    buf[0] = 0;
    for (size_t i = 0; i < npick; i++)
        snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", i ? ", " : "", pick[i]);
}

/* Refuses --with NAME when neither map names it (EXIT_ERROR, one line with the nearest names);
 * otherwise warns of a file without a variable map, whose variables only have numbers (v1, v2,
 * ...). 0 or EXIT_ERROR. */
static int check_names(const cli_opts *o, const chopsat_cnf_diff *d)
{
    if (!o->with || d->with_a || d->with_b) {
        for (int i = 0; i < 2; i++)
            if (!(i ? d->map_b : d->map_a))
                fprintf(stderr, "chopsat: warning: %s has no variable map (no 'c var N NAME' "
                        "lines): names cannot be compared, its variables are only v1, v2, ...\n",
                        o->args[i]);
        return 0;
    }
    if (!d->n_names)
        return cli_error("--with %s: neither %s nor %s has a variable map to find it in", o->with,
                         o->args[0], o->args[1]);
    char near[600];
    nearest_names(d, o->with, near, sizeof near);
    return cli_error("--with %s: no variable of that name in %s or %s%s%s%s", o->with, o->args[0],
                     o->args[1], near[0] ? " (nearest: " : "", near, near[0] ? ")" : "");
}

/* ---- --summary: counts per note ---- */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A clause's variables without their signs, sorted: "a | b | c". */
static char *variables_of(const char *clause)
{
    char *copy = cli_strdup(clause), *save = NULL, **vars = cli_calloc(strlen(clause) + 1, sizeof *vars);
    size_t n = 0, len = 1;
    for (char *t = strtok_r(copy, " |", &save); t; t = strtok_r(NULL, " |", &save))
        vars[n++] = t + (*t == '-'), len += strlen(t) + 3;
    qsort(vars, n, sizeof *vars, cmp_str);
    char *out = cli_calloc(len, 1);
    for (size_t i = 0; i < n; i++) {
        if (i) strcat(out, " | ");
        strcat(out, vars[i]);
    }
    free(vars);
    free(copy);
    return out;
}

/* The note of clause c, or when its own file gave none, the note of a clause of the other side
 * (of n) with the same variables: a sign slipped in a hand-written clause counts under the note
 * of the clause it replaces. "" when neither says. */
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

typedef struct note_count {
    const char *note;
    size_t missing, extra; /* only in B, only in A */
} note_count;

static int cmp_count(const void *a, const void *b)
{
    return strcmp(((const note_count *)a)->note, ((const note_count *)b)->note);
}

/* The differing clauses counted per note, sorted by note (the clauses without one first). */
static note_count *count_notes(const chopsat_cnf_diff *d, size_t *n)
{
    note_count *c = cli_calloc(d->n_only_a + d->n_only_b + 1, sizeof *c);
    *n = 0;
    for (int side = 0; side < 2; side++) {
        const chopsat_cnf_clause_diff *mine = side ? d->only_b : d->only_a;
        const chopsat_cnf_clause_diff *other = side ? d->only_a : d->only_b;
        size_t nmine = side ? d->n_only_b : d->n_only_a, nother = side ? d->n_only_a : d->n_only_b;
        for (size_t i = 0; i < nmine; i++) {
            const char *note = note_for(&mine[i], other, nother);
            size_t k = 0;
            while (k < *n && strcmp(c[k].note, note)) k++;
            if (k == *n) c[(*n)++].note = note;
            if (side) c[k].missing++;
            else c[k].extra++;
        }
    }
    qsort(c, *n, sizeof *c, cmp_count);
    return c;
}

static void summary_json(chopsat_json *j, const note_count *c, size_t n)
{
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
}

static void summary_text(const note_count *c, size_t n)
{
    printf("by note (missing: only in B; extra: only in A; the clauses are not shown):\n");
    for (size_t i = 0; i < n; i++)
        printf("  %s: %zu missing, %zu extra\n", c[i].note[0] ? c[i].note : "(no note)",
               c[i].missing, c[i].extra);
}

/* ---- the report ---- */

static void print_json(const cli_opts *o, const chopsat_cnf_diff *d, bool same)
{
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "a", o->args[0]);
    chopsat_json_kstring(&j, "b", o->args[1]);
    chopsat_json_kstring(&j, "rules_a", d->rules_a);
    chopsat_json_kstring(&j, "rules_b", d->rules_b);
    chopsat_json_key(&j, "with");
    if (o->with) chopsat_json_string(&j, o->with);
    else chopsat_json_null(&j);
    chopsat_json_kbool(&j, "same", same);
    chopsat_json_kint(&j, "clauses_a", (long long)d->clauses_a);
    chopsat_json_kint(&j, "clauses_b", (long long)d->clauses_b);
    chopsat_json_kint(&j, "common", (long long)d->common);
    if (o->summary) {
        chopsat_json_kint(&j, "missing", (long long)d->n_only_b);
        chopsat_json_kint(&j, "extra", (long long)d->n_only_a);
        size_t n;
        note_count *c = count_notes(d, &n);
        summary_json(&j, c, n);
        free(c);
    } else {
        side_json(&j, "only_a", d->only_a, d->n_only_a);
        side_json(&j, "only_b", d->only_b, d->n_only_b);
    }
    chopsat_json_end(&j);
    putchar('\n');
}

static void print_text(const cli_opts *o, const chopsat_cnf_diff *d, bool same)
{
    printf("A: %s: %zu clauses (%s)\n", o->args[0], d->clauses_a,
           d->rules_a[0] ? d->rules_a : "no chopsat-rules line");
    printf("B: %s: %zu clauses (%s)\n", o->args[1], d->clauses_b,
           d->rules_b[0] ? d->rules_b : "no chopsat-rules line");
    if (o->with) printf("compared: only the clauses with %s\n", o->with);
    if (o->summary) {
        size_t n;
        note_count *c = count_notes(d, &n);
        summary_text(c, n);
        free(c);
    } else {
        side_text("A", '-', d->only_a, d->n_only_a);
        side_text("B", '+', d->only_b, d->n_only_b);
    }
    printf("%s: %zu clauses in both, %zu only in A, %zu only in B.\n",
           same ? "same clauses" : "different", d->common, d->n_only_a, d->n_only_b);
}

int cli_diff(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("diff", argc, argv, 2, &o);
    if (rc) return rc;
    if ((rc = cli_need_args(&o, NULL))) {
        cli_opts_free(&o);
        return rc;
    }
    FILE *fa = cli_open_in(o.args[0], 0);
    FILE *fb = fa ? cli_open_in(o.args[1], 0) : NULL;
    if (!fa || !fb) {
        cli_close_in(fa);
        cli_opts_free(&o);
        return EXIT_ERROR;
    }
    chopsat_cnf_diff d;
    chopsat_err err;
    rc = chopsat_cnf_diff_files(fa, o.args[0], fb, o.args[1], o.with, &d, &err);
    fclose(fa);
    fclose(fb);
    if (rc) {
        cli_opts_free(&o);
        return cli_error("%s", err.msg);
    }
    bool same = !d.n_only_a && !d.n_only_b;
    if (!(rc = check_names(&o, &d))) {
        if (o.format == FMT_JSON) print_json(&o, &d, same);
        else print_text(&o, &d, same);
        rc = same ? 0 : EXIT_NO;
    }
    chopsat_cnf_diff_free(&d);
    cli_opts_free(&o);
    return rc;
}
