/* cli_diff.c: `chopsat diff A.cnf B.cnf`: two DIMACS files compared clause by clause by the
 * names of their variables, so that two annotated formulas (dimacs --annotate) differ only
 * where what they encode differs. `--with NAME` keeps the clauses of one variable (a name that
 * neither map has is refused, with the nearest names); `--summary` gives only counts per note,
 * for grading a hand-written file (A) against the tool's (B) without showing the tool's clauses.
 * The comparison is the library's, its report src/report/'s; this file checks the names asked for.
 * Exit 0 when they have the same clauses, 20 when not (the convention of check and certify). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* ---- --with NAME: a name that is in neither map ---- */

/* True when s contains w, case aside. */
static bool contains_nocase(const char *s, const char *w)
{
    size_t n = strlen(w);
    for (; *s; s++) {
        size_t i = 0;
        while (i < n && s[i] && tolower((unsigned char)s[i]) == tolower((unsigned char)w[i]))
            i++;
        if (i == n) return true;
    }
    return !n;
}

/* The length of the common start of a and b, case aside. */
static size_t common_start(const char *a, const char *b)
{
    size_t i = 0;
    while (a[i] && tolower((unsigned char)a[i]) == tolower((unsigned char)b[i]))
        i++;
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
        if (same && npick < 3)
            pick[npick++] = d->names[i];
        else
            left[n++] = d->names[i];
    }
    while (npick < 3) {
        const char *near = chopsat_nearest(word, left, n);
        if (!near) break;
        pick[npick++] = near;
        size_t i = 0;
        while (left[i] != near)
            i++;
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
                fprintf(stderr,
                        "chopsat: warning: %s has no variable map (no 'c var N NAME' "
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

/* The comparison printed as text or JSON (src/report/); 0 or the error's status. */
static int print_diff(const cli_opts *o, const chopsat_cnf_diff *d)
{
    chopsat_report_diff_opts ro = {
        .a = o->args[0], .b = o->args[1], .with = o->with, .summary = o->summary};
    chopsat_err err;
    int rc = o->format == FMT_JSON ? chopsat_report_diff_json(stdout, d, &ro, &err)
                                   : chopsat_report_diff_text(stdout, d, &ro, &err);
    return rc < 0 && !ferror(stdout) ? cli_error("%s", err.msg) : 0;
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
    if (!(rc = check_names(&o, &d)) && !(rc = print_diff(&o, &d))) rc = same ? 0 : EXIT_NO;
    chopsat_cnf_diff_free(&d);
    cli_opts_free(&o);
    return rc;
}
