/* text_answer.c: a checked reach or win answer (chopsat_ask) as text: within K (the answer,
 * the witness, a game already over at the start, the check, the proof, the formula's figures)
 * and without a bound (the answer, the witness or the proof, the check, the certificate, the
 * engine's figures). */
#include <string.h>

#include "report/text_write.h"
#include "report/witness_write.h"

/* Whether a never that the explicit search did not confirm rests on an external solver's
 * answers (its "unsatisfiable", which nothing here checks). */
static bool rests_on_external(const char *solver, bool checked)
{
    return !checked && solver && !strncmp(solver, "external:", 9);
}

/* The answer without a bound. */
static void unbounded_text(FILE *out, const chopsat_rules *rules, const chopsat_answer *a,
                           const chopsat_report_answer_opts *o)
{
    const chopsat_unbounded_result *res = chopsat_answer_unbounded(a);
    bool yes = chopsat_unbounded_result_value(res) == CHOPSAT_YES;
    const chopsat_pos *path;
    chopsat_unbounded_result_path(res, &path);
    fprintf(out, "question: %s\n", o->question);
    if (yes) {
        fprintf(out, "answer: yes, in %d move%s (the minimum)\nwitness:\n",
                chopsat_unbounded_result_moves(res),
                chopsat_unbounded_result_moves(res) == 1 ? "" : "s");
        report_witness_text(out, rules, path, chopsat_answer_witness(a));
    } else {
        fprintf(out, "answer: never%s\n",
                rests_on_external(o->solver, chopsat_answer_checked(a))
                    ? " (NOT cross-checked: it rests on the external solver's answers, see below)"
                    : "");
        fprintf(out, "proof: %s.\n", chopsat_answer_proof_note(a));
    }
    fprintf(out, "checked: %s.\n", chopsat_answer_note(a));
    if (o->certificate_note) fprintf(out, "certificate: %s.\n", o->certificate_note);
    fprintf(out, "engine: %s, depth %d, %d solver call%s (%s), %.3f s; check: %d call%s, %.3f s\n",
            o->engine, chopsat_unbounded_result_depth(res),
            chopsat_unbounded_result_solver_calls(res),
            chopsat_unbounded_result_solver_calls(res) == 1 ? "" : "s", o->solver,
            chopsat_unbounded_result_solve_seconds(res), chopsat_unbounded_result_check_calls(res),
            chopsat_unbounded_result_check_calls(res) == 1 ? "" : "s",
            chopsat_unbounded_result_check_seconds(res));
}

/* The note for a game already over at q's start, where player w has won. */
static void over_at_start(FILE *out, const chopsat_rules *rules, const chopsat_query *q, int w)
{
    char from[CHOPSAT_POS_MAX];
    chopsat_pos_format(rules, &q->from, from, sizeof from);
    char why[100];
    if (q->kind == CHOPSAT_Q_REACH)
        snprintf(why, sizeof why, "; only the start itself is reachable");
    else if (w == q->player)
        snprintf(why, sizeof why, " (the win is there at the start, in 0 moves)");
    else
        snprintf(why, sizeof why, "; player %d cannot win any more", q->player);
    fprintf(out,
            "note: the game is already over at %s: player %d has won, so no move can be "
            "made%s.\n",
            from, w, why);
}

/* The answer within K. */
static void bounded_text(FILE *out, const chopsat_rules *rules, const chopsat_query *q,
                         const chopsat_answer *a, const chopsat_report_answer_opts *o)
{
    const chopsat_bmc_result *res = chopsat_answer_bmc(a);
    bool yes = chopsat_bmc_result_value(res) == CHOPSAT_YES;
    const chopsat_pos *path;
    chopsat_bmc_result_path(res, &path);
    fprintf(out, "question: %s\n", o->question);
    if (yes) {
        fprintf(out, "answer: yes, in %d move%s%s\n", chopsat_bmc_result_moves(res),
                chopsat_bmc_result_moves(res) == 1 ? "" : "s",
                q->exact ? " (exactly, as asked)" : " (the minimum)");
        fprintf(out, "witness:\n");
        report_witness_text(out, rules, path, chopsat_answer_witness(a));
    } else {
        fprintf(out, "answer: no%s\n",
                chopsat_answer_checked(a) ? "" : " (NOT cross-checked, see below)");
    }
    int w = chopsat_pos_winner(rules, &q->from);
    if (w) over_at_start(out, rules, q, w);
    fprintf(out, "checked: %s.\n", chopsat_answer_note(a));
    if (o->proof_note) fprintf(out, "proof: %s.\n", o->proof_note);
    fprintf(out,
            "formula: %d variables, %zu clauses; %s, %d solver call%s (%s); encoding %.3f s, "
            "solving %.3f s\n",
            chopsat_bmc_result_vars(res), chopsat_bmc_result_clauses(res), o->solver,
            chopsat_bmc_result_solver_calls(res),
            chopsat_bmc_result_solver_calls(res) == 1 ? "" : "s",
            o->incremental ? "incremental" : "re-encoded for each k",
            chopsat_bmc_result_encode_seconds(res), chopsat_bmc_result_solve_seconds(res));
}

int chopsat_report_answer_text(FILE *out, const chopsat_rules *rules, const chopsat_query *q,
                               const chopsat_answer *a, const chopsat_report_answer_opts *o,
                               chopsat_err *err)
{
    if (chopsat_answer_unbounded(a))
        unbounded_text(out, rules, a, o);
    else
        bounded_text(out, rules, q, a, o);
    return report_end(out, err);
}
