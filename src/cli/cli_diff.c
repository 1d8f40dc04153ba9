/* cli_diff.c: `chopsat diff A.cnf B.cnf`: two DIMACS files compared clause by clause by the
 * names of their variables, so that two annotated formulas (dimacs --annotate) differ only
 * where what they encode differs. Exit 0 when they have the same clauses, 10 when not. */
#include <stdio.h>
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

int cli_diff(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("diff", argc, argv, 2, &o);
    if (rc) return rc;
    if ((rc = cli_need_args(&o, NULL))) {
        cli_opts_free(&o);
        return rc;
    }
    FILE *fa = fopen(o.args[0], "r");
    FILE *fb = fa ? fopen(o.args[1], "r") : NULL;
    if (!fa || !fb) {
        if (fa) fclose(fa);
        rc = cli_error("cannot read '%s'", fa ? o.args[1] : o.args[0]);
        cli_opts_free(&o);
        return rc;
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
    if (o.format == FMT_JSON) {
        chopsat_json j;
        chopsat_json_init(&j, stdout);
        chopsat_json_object(&j);
        chopsat_json_kstring(&j, "a", o.args[0]);
        chopsat_json_kstring(&j, "b", o.args[1]);
        chopsat_json_kstring(&j, "rules_a", d.rules_a);
        chopsat_json_kstring(&j, "rules_b", d.rules_b);
        chopsat_json_key(&j, "with");
        if (o.with) chopsat_json_string(&j, o.with);
        else chopsat_json_null(&j);
        chopsat_json_kbool(&j, "same", same);
        chopsat_json_kint(&j, "clauses_a", (long long)d.clauses_a);
        chopsat_json_kint(&j, "clauses_b", (long long)d.clauses_b);
        chopsat_json_kint(&j, "common", (long long)d.common);
        side_json(&j, "only_a", d.only_a, d.n_only_a);
        side_json(&j, "only_b", d.only_b, d.n_only_b);
        chopsat_json_end(&j);
        putchar('\n');
    } else {
        printf("A: %s: %zu clauses (%s)\n", o.args[0], d.clauses_a,
               d.rules_a[0] ? d.rules_a : "no chopsat-rules line");
        printf("B: %s: %zu clauses (%s)\n", o.args[1], d.clauses_b,
               d.rules_b[0] ? d.rules_b : "no chopsat-rules line");
        if (o.with) printf("compared: only the clauses with %s\n", o.with);
        side_text("A", '-', d.only_a, d.n_only_a);
        side_text("B", '+', d.only_b, d.n_only_b);
        printf("%s: %zu clauses in both, %zu only in A, %zu only in B.\n",
               same ? "same clauses" : "different", d.common, d.n_only_a, d.n_only_b);
    }
    chopsat_cnf_diff_free(&d);
    cli_opts_free(&o);
    return same ? 0 : EXIT_YES;
}
