/* cli_qbf_eval.c: `chopsat qbf-eval FILE.qdimacs`: a small quantified formula's truth value by
 * expansion (the library's chopsat_qbf_eval_file), with the outermost block's winning choice,
 * or for each of its losing choices the next block's reply that defeats it. Exit 10 true, 20
 * false. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

/* The values of vars as literals ("1 -2"); variables left either way are left out. */
static void lits_text(const int *vars, const signed char *val, size_t n, FILE *out)
{
    bool any = false;
    for (size_t i = 0; i < n; i++)
        if (val[i]) fprintf(out, "%s%d", any ? " " : "", val[i] * vars[i]), any = true;
    if (!any) fprintf(out, "(any)");
}

static void json_lits(chopsat_json *j, const char *key, const int *vars,
                      const signed char *val, size_t n)
{
    chopsat_json_key(j, key);
    chopsat_json_array(j, false);
    for (size_t i = 0; i < n; i++)
        if (val[i]) chopsat_json_int(j, val[i] * vars[i]);
    chopsat_json_end(j);
}

static void eval_json(const char *file, const chopsat_qbf_eval *e)
{
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "file", file);
    chopsat_json_kbool(&j, "value", e->value);
    chopsat_json_kint(&j, "variables", e->nvars);
    chopsat_json_kint(&j, "clauses", (long long)e->nclauses);
    chopsat_json_kint(&j, "blocks", (long long)e->nblocks);
    chopsat_json_kstring(&j, "outer", e->outer_exists ? "exists" : "forall");
    chopsat_json_kbool(&j, "outer_wins", e->outer_wins);
    if (e->outer_wins) json_lits(&j, "choice", e->outer, e->choice, e->nouter);
    chopsat_json_key(&j, "replies");
    chopsat_json_array(&j, true);
    for (size_t r = 0; !e->outer_wins && r < e->nreplies; r++) {
        chopsat_json_object(&j);
        json_lits(&j, "choice", e->outer, e->reply_outer + r * e->nouter, e->nouter);
        json_lits(&j, "reply", e->next, e->reply_next + r * e->nnext, e->nnext);
        chopsat_json_end(&j);
    }
    chopsat_json_end(&j);
    chopsat_json_kbool(&j, "replies_cut", e->replies_cut);
    chopsat_json_kint(&j, "branches", e->branches);
    chopsat_json_end(&j);
    putchar('\n');
}

static void eval_text(const char *file, const chopsat_qbf_eval *e)
{
    const char *q = e->outer_exists ? "exists" : "forall";
    const char *other = e->outer_exists ? "universal" : "existential";
    printf("formula: %s: %d variables, %zu clauses, %zu quantifier block%s\n", file, e->nvars,
           e->nclauses, e->nblocks, e->nblocks == 1 ? "" : "s");
    printf("value: %s (by expansion, %ld branch%s)\n", e->value ? "true" : "false", e->branches,
           e->branches == 1 ? "" : "es");
    printf("outermost block: %s", q);
    for (size_t i = 0; i < e->nouter; i++) printf(" %d", e->outer[i]);
    printf("\n");
    if (e->outer_wins) {
        printf("its winning choice: ");
        lits_text(e->outer, e->choice, e->nouter, stdout);
        printf("\n");
        return;
    }
    printf("every choice of it loses; the %s reply that defeats each:\n", other);
    for (size_t r = 0; r < e->nreplies; r++) {
        printf("  choice ");
        lits_text(e->outer, e->reply_outer + r * e->nouter, e->nouter, stdout);
        const signed char *rep = e->reply_next + r * e->nnext;
        bool any = false;
        for (size_t i = 0; i < e->nnext; i++) any |= rep[i] != 0;
        if (!any) printf(": the clauses are already false, whatever comes next\n");
        else {
            printf(": reply ");
            lits_text(e->next, rep, e->nnext, stdout);
            printf("\n");
        }
    }
    if (e->replies_cut)
        printf("  (the first %d choices; there are more)\n", CHOPSAT_QBF_EVAL_REPLIES);
}

int cli_qbf_eval(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("qbf-eval", argc, argv, 1, &o);
    if (rc) return rc;
    if ((rc = cli_need_args(&o, NULL))) {
        cli_opts_free(&o);
        return rc;
    }
    FILE *f = cli_open_in(o.args[0], 0);
    if (!f) {
        cli_opts_free(&o);
        return EXIT_ERROR;
    }
    chopsat_qbf_eval e;
    chopsat_err err;
    int st = chopsat_qbf_eval_file(f, o.args[0], &e, &err);
    fclose(f);
    if (st < 0) {
        cli_opts_free(&o);
        return cli_error("%s", err.msg);
    }
    if (o.format == FMT_JSON) eval_json(o.args[0], &e);
    else eval_text(o.args[0], &e);
    chopsat_qbf_eval_free(&e);
    cli_opts_free(&o);
    return st == CHOPSAT_YES ? EXIT_YES : EXIT_NO;
}
