/* json_core.c: the unsatisfiable core of a DIMACS file (chopsat_core_file) as one JSON object:
 * the file, the level, the counts, what was checked, and each group's note and clauses. */
#include "report/text_write.h"

/* One group of the core: its note and its clauses (index, literals, names). */
static void group(chopsat_json *j, const chopsat_core *c, const chopsat_core_group *gr)
{
    chopsat_json_object(j);
    chopsat_json_kstring(j, "note", gr->note);
    chopsat_json_key(j, "clauses");
    chopsat_json_array(j, false);
    for (size_t i = 0; i < gr->n; i++) {
        const chopsat_core_clause *cl = &c->clauses[gr->first + i];
        chopsat_json_object(j);
        chopsat_json_kint(j, "index", (long long)cl->index);
        chopsat_json_kstring(j, "lits", cl->lits);
        chopsat_json_kstring(j, "names", cl->names[0] ? cl->names : NULL);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
    chopsat_json_end(j);
}

int chopsat_report_core_json(FILE *out, const chopsat_core *c, const char *file, bool clause_level,
                             chopsat_err *err)
{
    chopsat_json j;
    chopsat_json_init(&j, out);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "file", file);
    chopsat_json_kstring(&j, "level", clause_level ? "clause" : "group");
    chopsat_json_kint(&j, "clauses_total", (long long)c->total_clauses);
    chopsat_json_kint(&j, "groups_total", (long long)c->total_groups);
    chopsat_json_kint(&j, "core_clauses", (long long)c->nclauses);
    chopsat_json_kint(&j, "solver_calls", c->solver_calls);
    chopsat_json_kbool(&j, "checked", c->checked);
    chopsat_json_kstring(&j, "check", c->check[0] ? c->check : NULL);
    chopsat_json_kint(&j, "minimal_checked", (long long)c->minimal_checked);
    chopsat_json_key(&j, "groups");
    chopsat_json_array(&j, true);
    for (size_t g = 0; g < c->ngroups; g++)
        group(&j, c, &c->groups[g]);
    chopsat_json_end(&j);
    chopsat_json_end(&j);
    fputc('\n', out);
    return report_end(out, err);
}
