/* json_qbf_eval.c: a small QBF's value by expansion (chopsat_qbf_eval_file) as one JSON
 * object: the formula's size, its value, the outermost block's winning choice or the replies
 * that defeat its choices, and the branches the expansion took. */
#include "report/text_write.h"

/* "key": the values of vars as literals; variables left either way are left out. */
static void lits(chopsat_json *j, const char *key, const int *vars, const signed char *val,
                 size_t n)
{
    chopsat_json_key(j, key);
    chopsat_json_array(j, false);
    for (size_t i = 0; i < n; i++)
        if (val[i]) chopsat_json_int(j, val[i] * vars[i]);
    chopsat_json_end(j);
}

int chopsat_report_qbf_eval_json(FILE *out, const chopsat_qbf_eval *e, const char *file,
                                 chopsat_err *err)
{
    chopsat_json j;
    chopsat_json_init(&j, out);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "file", file);
    chopsat_json_kbool(&j, "value", e->value);
    chopsat_json_kint(&j, "variables", e->nvars);
    chopsat_json_kint(&j, "clauses", (long long)e->nclauses);
    chopsat_json_kint(&j, "blocks", (long long)e->nblocks);
    chopsat_json_kstring(&j, "outer", e->outer_exists ? "exists" : "forall");
    chopsat_json_kbool(&j, "outer_wins", e->outer_wins);
    if (e->outer_wins) lits(&j, "choice", e->outer, e->choice, e->nouter);
    chopsat_json_key(&j, "replies");
    chopsat_json_array(&j, true);
    for (size_t r = 0; !e->outer_wins && r < e->nreplies; r++) {
        chopsat_json_object(&j);
        lits(&j, "choice", e->outer, e->reply_outer + r * e->nouter, e->nouter);
        lits(&j, "reply", e->next, e->reply_next + r * e->nnext, e->nnext);
        chopsat_json_end(&j);
    }
    chopsat_json_end(&j);
    chopsat_json_kbool(&j, "replies_cut", e->replies_cut);
    chopsat_json_kint(&j, "branches", e->branches);
    chopsat_json_key(&j, "free");
    chopsat_json_array(&j, false);
    for (size_t i = 0; i < e->nfree; i++)
        chopsat_json_int(&j, e->free_vars[i]);
    chopsat_json_end(&j);
    chopsat_json_end(&j);
    fputc('\n', out);
    return report_end(out, err);
}
