/* text_qbf_eval.c: a small QBF's value by expansion (chopsat_qbf_eval_file) as text: the
 * formula's size, its value, and the outermost block's winning choice or, for each of its
 * losing choices, the next block's reply that defeats it. */
#include "report/text_write.h"

/* The values of vars as literals ("1 -2"); variables left either way are left out. */
static void lits(FILE *out, const int *vars, const signed char *val, size_t n)
{
    bool any = false;
    for (size_t i = 0; i < n; i++)
        if (val[i]) fprintf(out, "%s%d", any ? " " : "", val[i] * vars[i]), any = true;
    if (!any) fprintf(out, "(any)");
}

/* Every choice of the outermost block with the reply that defeats it. */
static void replies(FILE *out, const chopsat_qbf_eval *e)
{
    for (size_t r = 0; r < e->nreplies; r++) {
        fprintf(out, "  choice ");
        lits(out, e->outer, e->reply_outer + r * e->nouter, e->nouter);
        const signed char *rep = e->reply_next + r * e->nnext;
        bool any = false;
        for (size_t i = 0; i < e->nnext; i++)
            any |= rep[i] != 0;
        if (!any) {
            fprintf(out, ": the clauses are already false, whatever comes next\n");
        } else {
            fprintf(out, ": reply ");
            lits(out, e->next, rep, e->nnext);
            fprintf(out, "\n");
        }
    }
    if (e->replies_cut)
        fprintf(out, "  (the first %d choices; there are more)\n", CHOPSAT_QBF_EVAL_REPLIES);
}

int chopsat_report_qbf_eval_text(FILE *out, const chopsat_qbf_eval *e, const char *file,
                                 chopsat_err *err)
{
    fprintf(out, "formula: %s: %d variables, %zu clauses, %zu quantifier block%s\n", file, e->nvars,
            e->nclauses, e->nblocks, e->nblocks == 1 ? "" : "s");
    fprintf(out, "value: %s (by expansion, %ld branch%s)\n", e->value ? "true" : "false",
            e->branches, e->branches == 1 ? "" : "es");
    fprintf(out, "outermost block: %s", e->outer_exists ? "exists" : "forall");
    for (size_t i = 0; i < e->nouter; i++)
        fprintf(out, " %d", e->outer[i]);
    fprintf(out, "\n");
    const char *side = e->outer_exists ? "existential" : "universal";
    const char *value = e->value ? "true" : "false";
    if (e->outer_wins) {
        fprintf(out, "the %s block wins; the formula is %s; its winning choice: ", side, value);
        lits(out, e->outer, e->choice, e->nouter);
        fprintf(out, "\n");
    } else {
        fprintf(out,
                "every choice of the %s block loses; the formula is %s; the %s reply that "
                "defeats each:\n",
                side, value, e->outer_exists ? "universal" : "existential");
        replies(out, e);
    }
    return report_end(out, err);
}

int chopsat_report_qbf_eval_warnings(FILE *out, const chopsat_qbf_eval *e, const char *file,
                                     chopsat_err *err)
{
    if (!e->nfree) return 0;
    bool one = e->nfree == 1;
    fprintf(out, "chopsat: warning: %s: variable%s", file, one ? "" : "s");
    for (size_t i = 0; i < e->nfree && i < 10; i++)
        fprintf(out, " %d", e->free_vars[i]);
    if (e->nfree > 10) fprintf(out, " ... (%zu in all)", e->nfree);
    fprintf(out,
            " %s in no quantifier block: QDIMACS makes %s existential, in the outermost block "
            "(for a universal variable, its 'a' line is missing)\n",
            one ? "is" : "are", one ? "it" : "them");
    return report_end(out, err);
}
