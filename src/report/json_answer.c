/* json_answer.c: a checked reach or win answer (chopsat_ask) as one JSON object, within K and
 * without a bound (docs/cli.md lists the fields). */
#include <string.h>

#include "report/text_write.h"
#include "report/witness_write.h"

/* "key": seconds, to the tenth of a millisecond. */
static void kseconds(chopsat_json *j, const char *key, double seconds)
{
    chopsat_json_key(j, key);
    chopsat_json_fixed(j, seconds, 4);
}

/* The question, the answer ("yes" or `no`), the moves and the witness (the object stays
 * open). */
static void head(chopsat_json *j, const char *question, bool yes, const char *no, int moves)
{
    chopsat_json_object(j);
    chopsat_json_kstring(j, "question", question);
    chopsat_json_kstring(j, "answer", yes ? "yes" : no);
    chopsat_json_key(j, "moves");
    if (yes)
        chopsat_json_int(j, moves);
    else
        chopsat_json_null(j);
    chopsat_json_key(j, "witness");
}

/* The answer without a bound. */
static void unbounded_json(chopsat_json *j, const chopsat_rules *rules, const chopsat_answer *a,
                           const chopsat_report_answer_opts *o)
{
    const chopsat_unbounded_result *res = chopsat_answer_unbounded(a);
    bool yes = chopsat_unbounded_result_value(res) == CHOPSAT_YES;
    const chopsat_pos *path;
    chopsat_unbounded_result_path(res, &path);
    const chopsat_invariant *inv = chopsat_unbounded_result_invariant(res);
    head(j, o->question, yes, "never", chopsat_unbounded_result_moves(res));
    report_witness_json(j, rules, path, chopsat_answer_witness(a));
    chopsat_json_kstring(j, "engine", o->engine);
    chopsat_json_kint(j, "depth", chopsat_unbounded_result_depth(res));
    chopsat_json_key(j, "invariant_clauses");
    if (!yes && o->engine && !strcmp(o->engine, "ic3"))
        chopsat_json_uint(j, (inv ? inv->nclauses : 0));
    else
        chopsat_json_null(j);
    chopsat_json_kbool(j, "replayed", yes);
    chopsat_json_key(j, "proof");
    if (yes)
        chopsat_json_null(j);
    else
        chopsat_json_string(j, chopsat_answer_proof_note(a));
    chopsat_json_kbool(j, "checked", chopsat_answer_checked(a));
    chopsat_json_kstring(j, "check", chopsat_answer_compare_note(a));
    if (o->certificate_note) chopsat_json_kstring(j, "certificate", o->certificate_note);
    chopsat_json_kstring(j, "solver", o->solver);
    chopsat_json_kint(j, "solver_calls", chopsat_unbounded_result_solver_calls(res));
    chopsat_json_kint(j, "check_calls", chopsat_unbounded_result_check_calls(res));
    kseconds(j, "solve_seconds", chopsat_unbounded_result_solve_seconds(res));
    kseconds(j, "check_seconds", chopsat_unbounded_result_check_seconds(res));
    chopsat_json_end(j);
}

/* The answer within K. */
static void bounded_json(chopsat_json *j, const chopsat_rules *rules, const chopsat_query *q,
                         const chopsat_answer *a, const chopsat_report_answer_opts *o)
{
    const chopsat_bmc_result *res = chopsat_answer_bmc(a);
    bool yes = chopsat_bmc_result_value(res) == CHOPSAT_YES;
    const chopsat_pos *path;
    chopsat_answer_path(a, &path);
    head(j, o->question, yes, "no", chopsat_bmc_result_moves(res));
    report_witness_json(j, rules, path, chopsat_answer_witness(a));
    chopsat_json_kbool(j, "checked", chopsat_answer_checked(a));
    chopsat_json_kbool(j, "replayed", yes);
    chopsat_json_kstring(j, "check", chopsat_answer_note(a));
    int w = chopsat_pos_winner(rules, &q->from);
    chopsat_json_kbool(j, "over_at_start", w != 0);
    chopsat_json_key(j, "winner_at_start");
    if (w)
        chopsat_json_int(j, w);
    else
        chopsat_json_null(j);
    chopsat_json_kstring(j, "solver", o->solver);
    if (o->proof_note) chopsat_json_kstring(j, "proof", o->proof_note);
    chopsat_json_kint(j, "vars", chopsat_bmc_result_vars(res));
    chopsat_json_key(j, "clauses");
    chopsat_json_uint(j, chopsat_bmc_result_clauses(res));
    chopsat_json_kint(j, "solver_calls", chopsat_bmc_result_solver_calls(res));
    kseconds(j, "encode_seconds", chopsat_bmc_result_encode_seconds(res));
    kseconds(j, "solve_seconds", chopsat_bmc_result_solve_seconds(res));
    chopsat_json_end(j);
}

int chopsat_report_answer_json(FILE *out, const chopsat_rules *rules, const chopsat_query *q,
                               const chopsat_answer *a, const chopsat_report_answer_opts *o,
                               chopsat_err *err)
{
    chopsat_json j;
    chopsat_json_init(&j, out);
    if (chopsat_answer_unbounded(a))
        unbounded_json(&j, rules, a, o);
    else
        bounded_json(&j, rules, q, a, o);
    fputc('\n', out);
    return report_end(out, err);
}
