/* text_core.c: the unsatisfiable core of a DIMACS file (chopsat_core_file) as text: how many
 * clauses (and groups) of the file contradict each other, then each group's note and clauses
 * with their literals and names; for an external solver's core, what the linked solver checked
 * (or that it rests on the external solver). */
#include "report/text_write.h"

int chopsat_report_core_text(FILE *out, const chopsat_core *c, const char *file, bool clause_level,
                             chopsat_err *err)
{
    fprintf(out, "core of %s: %zu of its %zu clauses", file, c->nclauses, c->total_clauses);
    if (!clause_level) fprintf(out, " (%zu of its %zu groups)", c->ngroups, c->total_groups);
    fprintf(out,
            " contradict each other; without any one %s the rest is satisfiable (%d solver "
            "calls)\n",
            clause_level ? "clause" : "group", c->solver_calls);
    if (c->check[0]) fprintf(out, "checked: %s\n", c->check);
    for (size_t g = 0; g < c->ngroups; g++) {
        const chopsat_core_group *gr = &c->groups[g];
        if (gr->note[0])
            fprintf(out, "%s\n", gr->note);
        else
            fprintf(out, "(no note) clause %zu\n", c->clauses[gr->first].index + 1);
        for (size_t i = 0; i < gr->n; i++) {
            const chopsat_core_clause *cl = &c->clauses[gr->first + i];
            if (cl->names[0])
                fprintf(out, "  %-18s %s\n", cl->lits, cl->names);
            else
                fprintf(out, "  %s\n", cl->lits);
        }
    }
    return report_end(out, err);
}
