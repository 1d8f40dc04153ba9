/* answer.c: reach and win answered and checked (chopsat_ask in chopsat.h), the way force.c
 * answers forced questions. A SAT engine answers: deepening BMC for "within K"
 * (chopsat_bmc_solve), IC3 or k-induction for "ever?" (chopsat_unbounded_solve, whose "never"
 * the engine has already checked with fresh solvers). Then the explicit engine, which shares no
 * code with the encodings, checks what it can afford: a witness is replayed move by move, and
 * the answer and its least number of moves are compared with the explicit search
 * (chopsat_explicit_answer for "within K"; for "ever?" a breadth-first search over every
 * position reachable from the start, checked/ever.c), under the one explicit limit policy
 * (explicit/limit.h). The notes say in words what was checked, and plainly what was not.
 * Nothing here prints. */
#include <stdlib.h>
#include <string.h>

#include "checked/ever.h"
#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"

/* chopsat.h's chopsat_answer. */
struct chopsat_answer {
    bool unbounded;
    chopsat_query q;
    chopsat_bmc_result *bmc;      /* bounded */
    chopsat_unbounded_result *ub; /* unbounded */
    const char *engine;           /* unbounded: "ic3" or "kind" */
    const char *solver;           /* unbounded: the SAT back end named */
    chopsat_moves names;          /* the witness's moves, named by the replay */
    bool checked;                 /* the explicit search ran and agrees */
    char note[1000];              /* what checked the answer */
    char compare[900];            /* what the comparison with the explicit search found */
    char proof[400];              /* unbounded never: what proved it */
};

/* The engine's value: CHOPSAT_YES or CHOPSAT_NO. */
static int value(const chopsat_answer *a)
{
    return a->unbounded ? chopsat_unbounded_result_value(a->ub) : chopsat_bmc_result_value(a->bmc);
}

static bool yes(const chopsat_answer *a)
{
    return value(a) == CHOPSAT_YES;
}

/* The least number of moves of a yes, -1 for a no. */
static int moves(const chopsat_answer *a)
{
    return a->unbounded ? chopsat_unbounded_result_moves(a->ub) : chopsat_bmc_result_moves(a->bmc);
}

/* The witness of a yes, NULL for a no. */
static const chopsat_pos *path(const chopsat_answer *a)
{
    const chopsat_pos *p;
    if (a->unbounded)
        chopsat_unbounded_result_path(a->ub, &p);
    else
        chopsat_bmc_result_path(a->bmc, &p);
    return p;
}

/* Tells the caller's progress callback, if any, that a phase starts. */
static void phase(const chopsat_ask_opts *o, const char *name)
{
    if (o->bmc.progress) o->bmc.progress(o->bmc.progress_ctx, name, 0.0);
}

/* Replays a yes's witness with the explicit move generator (the "ever?" witness against the
 * question "within its own length", with no repetition rule): 0, or CHOPSAT_MISMATCH. */
static int replay(const chopsat_rules *r, chopsat_answer *a, chopsat_err *err)
{
    if (!yes(a)) return 0;
    chopsat_query rq = a->q;
    if (a->unbounded) rq.k = moves(a), rq.exact = false, rq.repeat = CHOPSAT_REPEAT_OFF;
    chopsat_err e;
    if (chopsat_replay(r, &rq, path(a), (size_t)moves(a) + 1, &a->names, &e) == CHOPSAT_OK)
        return 0;
    fail(err,
         a->unbounded ? "cross-check failed: the witness does not replay: %s"
                      : "cross-check failed: the solver's witness does not replay: %s",
         e.msg);
    return CHOPSAT_MISMATCH;
}

/* ---- within K ---- */

/* Compares a bounded answer with chopsat_explicit_answer (unless no_check) and says what was
 * checked: 0, or CHOPSAT_MISMATCH when the two disagree. A "no" the explicit search did not
 * confirm says plainly that it rests on the SAT solver alone; a "yes" is certain once its
 * witness replays. */
static int compare_bounded(const chopsat_rules *r, const chopsat_ask_opts *o, chopsat_answer *a,
                           chopsat_err *err)
{
    int ex = CHOPSAT_LIMIT, ex_moves = -1;
    char why[700];
    chopsat_err e;
    if (o->no_check) {
        snprintf(why, sizeof why, "the explicit search was not run: %s",
                 o->no_check_why ? o->no_check_why : "not asked for");
    } else {
        ex = chopsat_explicit_answer(r, &a->q, &ex_moves, NULL, &e);
        if (ex < 0)
            snprintf(why, sizeof why, "the explicit search gave no answer: %s",
                     strncmp(e.msg, "explicit check: ", 16) ? e.msg : e.msg + 16);
    }
    bool known = ex == CHOPSAT_YES || ex == CHOPSAT_NO, ex_yes = ex == CHOPSAT_YES;
    if (known && (ex_yes != yes(a) || (ex_yes && ex_moves != moves(a))))
        return fail(err,
                    "cross-check failed: the SAT answer is %s, the explicit search says %s "
                    "(in %d moves)",
                    yes(a) ? "yes" : "no", ex_yes ? "yes" : "no", ex_moves),
               CHOPSAT_MISMATCH;
    a->checked = known;
    if (known)
        snprintf(a->compare, sizeof a->compare, "the explicit search agrees");
    else
        snprintf(a->compare, sizeof a->compare,
                 "NOT cross-checked against the explicit search "
                 "(%s)",
                 why);
    if (a->checked)
        snprintf(a->note, sizeof a->note, "%sthe explicit search agrees",
                 yes(a) ? "the witness replays move by move; " : "");
    else if (yes(a))
        snprintf(a->note, sizeof a->note,
                 "the witness replays move by move, so \"yes\" is "
                 "certain; %s NOT cross-checked against the explicit search (%s)",
                 a->q.exact ? "it was" : "that it needs no fewer moves was", why);
    else
        snprintf(a->note, sizeof a->note,
                 "this \"no\" was NOT cross-checked against the "
                 "explicit search; it rests on the SAT solver alone (%s)",
                 why);
    return 0;
}

static int ask_bounded(const chopsat_rules *r, const chopsat_ask_opts *o, chopsat_answer *a,
                       chopsat_err *err)
{
    int rc = chopsat_bmc_solve(r, &a->q, &o->bmc, &a->bmc, err);
    if (rc < 0) return rc;
    if ((rc = replay(r, a, err))) return rc;
    if (!o->no_check) phase(o, "the explicit cross-check");
    return compare_bounded(r, o, a, err);
}

/* ---- ever? ---- */

/* Whether solver is an external command, whose answers nothing here checks. */
static bool external_solver(const char *solver)
{
    return solver && !strncmp(solver, "external:", 9);
}

/* Compares an unbounded answer with the explicit breadth-first search (unless no_check): 0, or
 * CHOPSAT_MISMATCH. */
static int compare_unbounded(const chopsat_rules *r, const chopsat_ask_opts *o, chopsat_answer *a,
                             chopsat_err *err)
{
    int ex = CHOPSAT_LIMIT, ex_moves = -1;
    unsigned long long count = 0;
    chopsat_err e;
    if (o->no_check)
        snprintf(a->compare, sizeof a->compare, "not compared with the explicit search: %s",
                 o->no_check_why ? o->no_check_why : "not asked for");
    else if ((ex = checked_ever_explicit(r, &a->q, &ex_moves, &count, &e)) == CHOPSAT_LIMIT)
        snprintf(a->compare, sizeof a->compare, "not compared with the explicit search (%s)",
                 e.msg);
    if (ex == CHOPSAT_YES || ex == CHOPSAT_NO) {
        bool ex_yes = ex == CHOPSAT_YES;
        if (ex_yes != yes(a) || (ex_yes && ex_moves != moves(a))) {
            if (ex_yes)
                fail(err,
                     "cross-check failed: the %s engine says %s, the explicit search says "
                     "reachable in %d moves",
                     a->engine, yes(a) ? "reachable" : "never", ex_moves);
            else
                fail(err,
                     "cross-check failed: the %s engine says reachable in %d moves, the "
                     "explicit search says never",
                     a->engine, moves(a));
            return CHOPSAT_MISMATCH;
        }
        a->checked = true;
        snprintf(a->compare, sizeof a->compare,
                 "the explicit breadth-first search over the %llu "
                 "positions reachable from the start agrees%s",
                 count, ex_yes ? " (the same minimum)" : " (the goal is not among them)");
    }
    snprintf(a->note, sizeof a->note, "%s%s", yes(a) ? "the witness replays move by move; " : "",
             a->compare);
    return 0;
}

/* What proved a "never": the checked invariant, or the checked k-induction. */
static void proof_note(chopsat_answer *a)
{
    if (yes(a)) return;
    /* an external solver's "unsatisfiable" is its word: no proof of it is checked here */
    bool word = external_solver(a->solver);
    const char *whose = word ? " (the external solver's word, which nothing here checks)" : "";
    const chopsat_invariant *inv = chopsat_unbounded_result_invariant(a->ub);
    int depth = chopsat_unbounded_result_depth(a->ub);
    if (inv)
        snprintf(a->proof, sizeof a->proof,
                 "IC3 found an inductive invariant of %zu clause%s "
                 "over the state bits; fresh %s calls %s its initiation, consecution and "
                 "safety%s%s",
                 inv->nclauses, inv->nclauses == 1 ? "" : "s", a->solver, word ? "said" : "checked",
                 word ? " hold" : "", whose);
    else
        snprintf(a->proof, sizeof a->proof,
                 "k-induction over simple paths at depth %d; fresh %s "
                 "calls %s the base case (no path within %d moves), the induction step and "
                 "that every reachable state is a position%s",
                 depth, a->solver, word ? "said they hold:" : "checked", depth - 1, whose);
}

static int ask_unbounded(const chopsat_rules *r, const chopsat_ask_opts *o, chopsat_answer *a,
                         chopsat_err *err)
{
    chopsat_unbounded_opts uo = {.bmc = o->bmc, .engine = o->engine, .max_depth = o->max_depth};
    uo.bmc.incremental = true;
    uo.bmc.solver = a->solver = o->bmc.solver ? o->bmc.solver : CHOPSAT_DEFAULT_SAT;
    a->engine = o->engine ? o->engine : "ic3";
    int rc = chopsat_unbounded_solve(r, &a->q, &uo, &a->ub, err);
    if (rc < 0) return rc;
    if ((rc = replay(r, a, err))) return rc;
    proof_note(a);
    if (!o->no_check) phase(o, "the explicit cross-check");
    return compare_unbounded(r, o, a, err);
}

/* ---- the call ---- */

static int ask_body(const chopsat_rules *r, const chopsat_query *q, const chopsat_ask_opts *o,
                    chopsat_answer **out, chopsat_err *err)
{
    *out = NULL;
    if (q->k < 0 && q->k != CHOPSAT_NO_BOUND)
        return fail(err, "bound: K must be at least 0, or CHOPSAT_NO_BOUND (got %d)", q->k);
    chopsat_answer *a = xcalloc(1, sizeof *a);
    a->q = *q;
    a->unbounded = q->k == CHOPSAT_NO_BOUND;
    int rc = a->unbounded ? ask_unbounded(r, o, a, err) : ask_bounded(r, o, a, err);
    if (rc < 0) {
        chopsat_answer_free(a);
        return rc;
    }
    *out = a;
    return yes(a) ? CHOPSAT_YES : CHOPSAT_NO;
}

int chopsat_ask(const chopsat_rules *r, const chopsat_query *q, const chopsat_ask_opts *o,
                chopsat_answer **out, chopsat_err *err)
{
    *out = NULL;
    if (chopsat_query_check(r, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, ask_body(r, q, o, out, err));
}

void chopsat_answer_free(chopsat_answer *a)
{
    if (!a) return;
    chopsat_bmc_result_free(a->bmc);
    chopsat_unbounded_result_free(a->ub);
    chopsat_moves_free(&a->names);
    free(a);
}

int chopsat_answer_value(const chopsat_answer *a)
{
    return yes(a) ? CHOPSAT_YES : CHOPSAT_NO;
}
int chopsat_answer_moves(const chopsat_answer *a)
{
    return yes(a) ? moves(a) : -1;
}

size_t chopsat_answer_path(const chopsat_answer *a, const chopsat_pos **p)
{
    if (p) *p = yes(a) ? path(a) : NULL;
    return yes(a) ? (size_t)moves(a) + 1 : 0;
}

const chopsat_moves *chopsat_answer_witness(const chopsat_answer *a)
{
    return yes(a) ? &a->names : NULL;
}

bool chopsat_answer_checked(const chopsat_answer *a)
{
    return a->checked;
}
const char *chopsat_answer_note(const chopsat_answer *a)
{
    return a->note;
}
const char *chopsat_answer_compare_note(const chopsat_answer *a)
{
    return a->compare;
}

const char *chopsat_answer_proof_note(const chopsat_answer *a)
{
    return a->unbounded && !yes(a) ? a->proof : NULL;
}

const chopsat_bmc_result *chopsat_answer_bmc(const chopsat_answer *a)
{
    return a->bmc;
}

const chopsat_unbounded_result *chopsat_answer_unbounded(const chopsat_answer *a)
{
    return a->ub;
}
