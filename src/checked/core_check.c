/* core_check.c: the core of a DIMACS file, found and checked (chopsat_core_file in
 * chopsat_tool.h). An external solver's "unsatisfiable" carries no proof, so its core is not
 * taken on its word: an empty core is never unsatisfiable, one call of the linked solver confirms
 * that the core is, and leaving out each group (up to CHOPSAT_CORE_SPOT_MAX, spread evenly) must
 * leave the rest satisfiable. A check that shows the core wrong is CHOPSAT_MISMATCH; a check
 * that cannot run leaves the core marked as resting on the external solver. Nothing here
 * prints. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"

/* The first words of group g's note, for a message ("clause N" when it has none). */
static void group_name(const chopsat_core *c, size_t g, char *buf, size_t size)
{
    const chopsat_core_group *gr = &c->groups[g];
    if (gr->note[0])
        snprintf(buf, size, "'%.80s'", gr->note);
    else
        snprintf(buf, size, "clause %zu", c->clauses[gr->first].index + 1);
}

/* Marks c as resting on the external solver: the linked check could not run (why). */
static void unchecked(chopsat_core *c, const char *what, const char *why)
{
    c->checked = false;
    snprintf(c->check, sizeof c->check,
             "NOT checked: %s could not run (%.300s); this core rests on the external solver's "
             "answers",
             what, why);
}

/* Leaves out each of up to CHOPSAT_CORE_SPOT_MAX groups of c, spread evenly, one at a time:
 * the rest must be satisfiable. 0 (c->minimal_checked counts those shown satisfiable; *why says
 * why the check stopped early, "" when it did not) or CHOPSAT_MISMATCH. */
static int spot_minimal(chopsat_core *c, chopsat_core_probe *p, double timeout, char *why,
                        size_t why_size, chopsat_err *err)
{
    size_t n = c->ngroups, m = n < CHOPSAT_CORE_SPOT_MAX ? n : CHOPSAT_CORE_SPOT_MAX;
    why[0] = 0;
    for (size_t i = 0; i < m; i++) {
        size_t g = i * n / m;
        chopsat_err e;
        int rc = chopsat_core_probe_solve(p, g, timeout, &e);
        if (rc == CHOPSAT_NO) {
            char name[100];
            group_name(c, g, name, sizeof name);
            return fail(err,
                        "cross-check failed: the external solver's core is not minimal: without "
                        "its %s %s the rest is still unsatisfiable (%s): its answers were wrong",
                        c->clause_level ? "clause" : "group", name, CHOPSAT_DEFAULT_SAT),
                   CHOPSAT_MISMATCH;
        }
        if (rc != CHOPSAT_YES) {
            snprintf(why, why_size, " (then %.200s)", e.msg);
            break;
        }
        c->minimal_checked++;
    }
    return 0;
}

/* The linked solver's check of an external solver's core c: 0 (c->checked and c->check say what
 * was checked) or CHOPSAT_MISMATCH with the message. */
static int check_external(chopsat_core *c, double timeout, chopsat_err *err)
{
    chopsat_err e;
    chopsat_core_probe *p = chopsat_core_probe_new(c, CHOPSAT_DEFAULT_SAT, &e);
    if (!p) return unchecked(c, "the check by the linked " CHOPSAT_DEFAULT_SAT, e.msg), 0;
    int rc = chopsat_core_probe_solve(p, SIZE_MAX, timeout, &e);
    if (rc == CHOPSAT_YES) {
        chopsat_core_probe_free(p);
        return fail(err,
                    "cross-check failed: the external solver's core of %zu clause%s is "
                    "satisfiable (the linked %s finds a model): its answers were wrong",
                    c->nclauses, c->nclauses == 1 ? "" : "s", CHOPSAT_DEFAULT_SAT),
               CHOPSAT_MISMATCH;
    }
    if (rc != CHOPSAT_NO) {
        chopsat_core_probe_free(p);
        return unchecked(c, "the check by the linked " CHOPSAT_DEFAULT_SAT, e.msg), 0;
    }
    char why[220];
    rc = spot_minimal(c, p, timeout, why, sizeof why, err);
    chopsat_core_probe_free(p);
    if (rc) return rc;
    const char *unit = c->clause_level ? "clause" : "group";
    c->checked = true;
    if (c->minimal_checked == c->ngroups)
        snprintf(c->check, sizeof c->check,
                 "unsatisfiable by one call of the linked %s; minimal: leaving out any one of "
                 "its %zu %ss, the rest is satisfiable (%zu calls more)",
                 CHOPSAT_DEFAULT_SAT, c->ngroups, unit, c->ngroups);
    else
        snprintf(c->check, sizeof c->check,
                 "unsatisfiable by one call of the linked %s; minimal only where checked: "
                 "leaving out each of %zu of its %zu %ss%s, the rest is satisfiable%s",
                 CHOPSAT_DEFAULT_SAT, c->minimal_checked, c->ngroups, unit,
                 why[0] ? "" : " (spread evenly)", why);
    return 0;
}

static int core_file_body(FILE *f, const char *name, bool clause_level, const char *solver,
                          double timeout, chopsat_core *core, chopsat_err *err)
{
    int rc = chopsat_core_find(f, name, clause_level, solver, timeout, core, err);
    if (rc != CHOPSAT_NO) return rc;
    rc = 0;
    if (core->nclauses == 0) /* no clauses at all are satisfied by any assignment */
        rc = (fail(err,
                   "cross-check failed: solver %s calls %s unsatisfiable with a core of no "
                   "clause, which no set of clauses is: its answers were wrong",
                   solver ? solver : CHOPSAT_DEFAULT_SAT, name),
              CHOPSAT_MISMATCH);
    else if (core->external)
        rc = check_external(core, timeout, err);
    if (rc) {
        chopsat_core_free(core);
        return rc;
    }
    return CHOPSAT_NO;
}

int chopsat_core_file(FILE *f, const char *name, bool clause_level, const char *solver,
                      double timeout, chopsat_core *core, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err,
               core_file_body(f, name, clause_level, solver, timeout, core, err));
}
