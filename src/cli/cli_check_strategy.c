/* cli_check_strategy.c: `chopsat check --strategy FILE`, a strategy or refutation tree in the
 * JSON form `force --format json` writes (chopsat_strategy_load and _read), checked by
 * chopsat_tree_file_check: every move legal, every reply of the other side covered, every leaf a
 * win within the bound; the first node where it fails and why. docs/cli.md has the fields a
 * hand-written file needs. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* The rules the tree is checked under: the file's "rules" (parsed into *own) when it has them,
 * else --rules or the default; --rules that differ from the file's are refused (a tree checked
 * under other rules than its own proves nothing). 0, or EXIT_ERROR. */
static int tree_rules(const cli_opts *o, const chopsat_strategy_doc *d, chopsat_rules **own,
                      const chopsat_rules **r)
{
    const char *rv = chopsat_strategy_doc_rules(d);
    *r = o->rules;
    if (!rv) return 0;
    chopsat_err err;
    *own = chopsat_rules_parse(rv, &err);
    if (!*own) return cli_error("%s: \"rules\": %s", o->strategy, err.msg);
    *r = *own;
    char mine[256], theirs[256];
    chopsat_rules_describe(*own, theirs, sizeof theirs);
    chopsat_rules_describe(o->rules, mine, sizeof mine);
    if (o->given[OPT_RULES] && strcmp(mine, theirs))
        return cli_error("%s is a tree for the rules %s, not for --rules %s", o->strategy, theirs,
                         mine);
    return 0;
}

/* The question the tree answers, from the file and the options (-k and --to win over the
 * file's "within" and "target"); 0, or EXIT_ERROR / EXIT_USAGE. */
static int tree_query(const cli_opts *o, const chopsat_rules *r, const chopsat_tree_file *s,
                      chopsat_query *q)
{
    int rc = 0;
    q->kind = o->to || s->target ? CHOPSAT_Q_REACH : CHOPSAT_Q_WIN;
    q->player = s->player;
    q->from = s->t.nodes[0].pos;
    q->k = o->k >= 0 ? (int)o->k : s->within;
    if (o->to || s->target) {
        chopsat_err err;
        if (chopsat_pos_parse(r, o->to ? o->to : s->target, &q->target, &err))
            rc = cli_error("%s", err.msg);
    }
    if (!rc && q->k < 0 && s->refutation)
        rc = cli_usage("check: a refutation is of a bound: give \"within\" in the file or -k K");
    if (q->k < 0) q->k = (int)(s->t.nnodes < CHOPSAT_MAX_K ? s->t.nnodes : CHOPSAT_MAX_K);
    return rc;
}

/* Checks the tree and prints the verdict: 0 (holds), EXIT_NO, or EXIT_ERROR when the check
 * could not be made. */
static int check_tree(const cli_opts *o, const chopsat_rules *r, const chopsat_query *q,
                      const chopsat_tree_file *s)
{
    chopsat_tree_verdict v;
    chopsat_err err;
    if (chopsat_tree_file_check(r, q, s, &v, &err))
        return cli_error("%s: %s", o->strategy, err.msg);
    bool bound_given = o->k >= 0 || s->within >= 0;
    int rc = o->format == FMT_JSON
                 ? chopsat_report_strategy_json(stdout, r, q, s, bound_given, &v, &err)
                 : chopsat_report_strategy_text(stdout, r, q, s, bound_given, &v, &err);
    if (rc < 0 && !ferror(stdout)) return cli_error("%s", err.msg);
    return v.holds == 1 ? 0 : EXIT_NO;
}

int cli_check_strategy(cli_opts *o)
{
    if (o->nargs)
        return cli_usage("check: --strategy FILE takes no position or moves (the tree's root is "
                         "its start)");
    FILE *in = cli_open_in(o->strategy, CLI_IN_DASH);
    if (!in) return EXIT_ERROR;
    chopsat_err err;
    chopsat_strategy_doc *d = chopsat_strategy_load(in, o->strategy, &err);
    cli_close_in(in);
    if (!d) return cli_error("%s", err.msg);
    chopsat_tree_file s = {0};
    chopsat_rules *own = NULL;
    const chopsat_rules *r = NULL;
    chopsat_query q = {0};
    int rc = tree_rules(o, d, &own, &r);
    if (!rc && chopsat_tree_file_read(d, r, &s, &err)) rc = cli_error("%s", err.msg);
    if (!rc) rc = tree_query(o, r, &s, &q);
    if (!rc) rc = check_tree(o, r, &q, &s);
    chopsat_tree_file_free(&s);
    chopsat_rules_free(own);
    chopsat_strategy_doc_free(d);
    return rc;
}
