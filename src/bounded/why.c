/* why.c: why a bounded reach or win question has the answer no: its own formula (as `dimacs
 * --annotate` writes it) cut into named groups by the notes the unroller gives its clauses,
 * and a minimal unsatisfiable core of those groups (solvers/unsat_core.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bounded/textbook.h"
#include "bounded/unroll.h"
#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"
#include "solvers/unsat_core.h"

/* The group a clause's note names (its "what", the clause in names cut off); false for a
 * gate's definition, which stays in the background. */
static bool classify(const char *what, int k, chopsat_why_group *g)
{
    int t, p, n = 0;
    char move[32];
    memset(g, 0, sizeof *g);
    if (!strncmp(what, "gate ", 5)) return false;
    if (!strncmp(what, "the goal is met", 15)) {
        g->kind = CHOPSAT_WHY_GOAL, g->frame = k;
        return true;
    }
    if (sscanf(what, "f%d: the start position%n", &t, &n) == 1 && n) {
        g->kind = CHOPSAT_WHY_START;
        return true;
    }
    if (sscanf(what, "f%d: the repetition rule%n", &t, &n) == 1 && n) {
        g->kind = CHOPSAT_WHY_REPEAT, g->frame = t;
        return true;
    }
    g->kind = CHOPSAT_WHY_MOVES;
    if (sscanf(what, "f%d: player %d moves to%n", &t, &p, &n) == 2 && n) {
        g->frame = t, g->player = p;
        return true;
    }
    if (sscanf(what, "f%d: player %d makes%n", &t, &p, &n) == 2 && n) {
        g->frame = t, g->player = p;
        snprintf(g->move, sizeof g->move, "choice");
        return true;
    }
    if (sscanf(what, "f%d: %31[^_ ]%*[^ ] of player %d%n", &t, move, &p, &n) == 3 && n) {
        g->frame = t, g->player = p;
        snprintf(g->move, sizeof g->move, "%s", move);
        return true;
    }
    /* a note of no known kind: the frame's moves (conservative: still a group of its own) */
    g->frame = sscanf(what, "f%d:", &t) == 1 ? t : 0;
    snprintf(g->move, sizeof g->move, "other");
    return true;
}

static bool same_group(const chopsat_why_group *a, const chopsat_why_group *b)
{
    return a->kind == b->kind && a->frame == b->frame && a->player == b->player &&
           !strcmp(a->move, b->move);
}

typedef VEC(chopsat_why_group) group_vec;

/* Clause i's group in *groups (added when new), or CORE_BACKGROUND. */
static size_t group_of(const char *note, int k, group_vec *groups)
{
    char *what = xstrdup(note), *cut = NULL;
    for (char *p = what; (p = strstr(p, ": ")); p++)
        cut = p;
    if (cut) *cut = 0;
    chopsat_why_group g;
    bool grouped = classify(what, k, &g);
    free(what);
    if (!grouped) return CORE_BACKGROUND;
    for (size_t i = 0; i < groups->n; i++)
        if (same_group(&groups->items[i], &g)) return groups->items[i].clauses++, i;
    g.clauses = 1;
    VEC_PUSH(*groups, g);
    return groups->n - 1;
}

static int why_body(const chopsat_rules *r, const chopsat_query *q, const chopsat_bmc_opts *o,
                    chopsat_why *why, chopsat_err *err)
{
    memset(why, 0, sizeof *why);
    if (q->k < 0 || q->k == CHOPSAT_NO_BOUND)
        return fail(err, "why: a core explains a no within K moves: the question needs a bound K");
    if (check_bound(q->k, err)) return CHOPSAT_ERROR;
    if (o->textbook && textbook_check(r, err)) return CHOPSAT_ERROR;
    chopsat_bmc_opts oo = *o;
    oo.annotate = true;
    formula fm;
    formula_open(&fm, r, q, &oo, NULL, true);
    str_vec names = {0}, notes = {0};
    cnf_annotations(fm.f, &names, &notes);
    size_t nlits;
    const int *lits = cnf_clause_lits(fm.f, &nlits);
    group_vec groups = {0};
    size_t *group = xmalloc((notes.n + 1) * sizeof *group);
    for (size_t i = 0; i < notes.n; i++)
        group[i] = group_of(notes.items[i], q->k, &groups);
    core_input in = {cnf_var_count(fm.f), lits, nlits, group, groups.n};
    bool *in_core = xcalloc(groups.n + 1, 1);
    int rc = unsat_core(o->solver ? o->solver : CHOPSAT_DEFAULT_SAT, o->timeout, &in, in_core,
                        &why->solver_calls, err);
    for (size_t g = 0; g < groups.n; g++)
        groups.items[g].in_core = rc == 20 && in_core[g];
    why->groups = groups.items, why->ngroups = groups.n, why->clauses = notes.n;
    free(in_core), free(group);
    str_vec_free(&names), str_vec_free(&notes);
    formula_close(&fm);
    if (rc != 20) chopsat_why_free(why);
    return rc == 20 ? CHOPSAT_NO : rc == 10 ? CHOPSAT_YES : CHOPSAT_ERROR;
}

int chopsat_why_core(const chopsat_rules *r, const chopsat_query *q, const chopsat_bmc_opts *o,
                     chopsat_why *why, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, why_body(r, q, o, why, err));
}

void chopsat_why_free(chopsat_why *why)
{
    if (!why) return;
    free(why->groups);
    memset(why, 0, sizeof *why);
}
