/* cnf_core.c: a minimal unsatisfiable core of a DIMACS file (chopsat core): the file's clauses
 * grouped by the notes before them (or one group per clause), their core found by
 * unsat_core.c, and given back with each clause's literals, names and note (chopsat_core_find;
 * src/checked/core_check.c checks it). Knows no game. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"
#include "formats/dimacs.h"
#include "formats/var_map.h"
#include "solvers/unsat_core.h"

/* The clause at lits[begin ..] as its literals ("-3 5 0") and its names ("-a | b", "" when the
 * map names none of its variables; an unnamed one is v<n>). */
static void clause_texts(const int *lits, char **names, char **as_lits, char **as_names)
{
    size_t n = 0, len_l = 4, len_n = 1;
    bool named = false;
    for (; lits[n]; n++) {
        int v = abs(lits[n]);
        len_l += 13;
        len_n += (names[v] ? strlen(names[v]) : 12) + 4;
        named |= names[v] != NULL;
    }
    char *l = xmalloc(len_l), *m = xmalloc(len_n);
    size_t pl = 0, pm = 0;
    for (size_t i = 0; i < n; i++) {
        int v = abs(lits[i]);
        pl += (size_t)snprintf(l + pl, len_l - pl, "%d ", lits[i]);
        if (names[v])
            pm += (size_t)snprintf(m + pm, len_n - pm, "%s%s%s", i ? " | " : "",
                                   lits[i] < 0 ? "-" : "", names[v]);
        else
            pm += (size_t)snprintf(m + pm, len_n - pm, "%s%sv%d", i ? " | " : "",
                                   lits[i] < 0 ? "-" : "", v);
    }
    snprintf(l + pl, len_l - pl, "0");
    if (!named) m[0] = 0;
    *as_lits = l, *as_names = m;
}

/* The note of each clause: the last comment after the header before it that is not a `var`
 * line (NULL: none), with a trailing ": <the clause in names>" taken off. */
static char **clause_notes(const dimacs_file *d, char **texts)
{
    char **notes = xcalloc(d->nclauses + 1, sizeof *notes);
    const char *cur = NULL;
    size_t c = 0;
    for (size_t clause = 0; clause < d->nclauses; clause++) {
        for (; c < d->ncomments && (d->comment_at[c] == SIZE_MAX || d->comment_at[c] <= clause);
             c++)
            if (d->comment_at[c] != SIZE_MAX && strncmp(d->comments[c], "var ", 4))
                cur = d->comments[c];
        if (!cur) continue;
        notes[clause] = xstrdup(cur);
        char *colon = NULL;
        for (char *p = notes[clause]; (p = strstr(p, ": ")); p++)
            colon = p;
        if (colon && texts[clause][0] && !strcmp(colon + 2, texts[clause])) *colon = 0;
    }
    return notes;
}

/* Clause i's group: by equal notes (clause_level: its own). ngroups set. */
static size_t *group_clauses(size_t nclauses, char **notes, bool clause_level, size_t *ngroups)
{
    size_t *group = xmalloc((nclauses + 1) * sizeof *group);
    size_t n = 0;
    for (size_t i = 0; i < nclauses; i++) {
        group[i] = n;
        if (!clause_level && notes[i])
            for (size_t j = 0; j < i; j++)
                if (notes[j] && !strcmp(notes[j], notes[i])) {
                    group[i] = group[j];
                    break;
                }
        if (group[i] == n) n++;
    }
    *ngroups = n;
    return group;
}

typedef struct parsed {
    dimacs_file d;
    char **names, **lits_text, **names_text, **notes;
    size_t *group, ngroups;
} parsed;

static void parsed_free(parsed *p)
{
    for (size_t i = 0; i < p->d.nclauses; i++)
        free(p->lits_text[i]), free(p->names_text[i]), free(p->notes[i]);
    var_map_free(p->names, p->d.nvars);
    free(p->lits_text), free(p->names_text), free(p->notes), free(p->group);
    dimacs_file_free(&p->d);
}

/* Fills core from the groups in_core marks. */
static void collect(parsed *p, const bool *in_core, chopsat_core *core)
{
    core->clauses = xcalloc(p->d.nclauses + 1, sizeof *core->clauses);
    core->groups = xcalloc(p->ngroups + 1, sizeof *core->groups);
    size_t *begin = xmalloc((p->d.nclauses + 1) * sizeof *begin);
    for (size_t i = 0, pos = 0; i < p->d.nclauses; i++) {
        begin[i] = pos;
        while (p->d.lits[pos])
            pos++;
        pos++;
    }
    for (size_t g = 0; g < p->ngroups; g++) {
        if (!in_core[g]) continue;
        chopsat_core_group *cg = &core->groups[core->ngroups++];
        cg->first = core->nclauses;
        for (size_t i = 0; i < p->d.nclauses; i++) {
            if (p->group[i] != g) continue;
            if (!cg->n++) cg->note = xstrdup(p->notes[i] ? p->notes[i] : "");
            chopsat_core_clause *cc = &core->clauses[core->nclauses++];
            cc->index = i;
            cc->lits = xstrdup(p->lits_text[i]);
            cc->names = xstrdup(p->names_text[i]);
        }
    }
    free(begin);
    core->var_map = xcalloc(p->d.ncomments + 1, sizeof *core->var_map);
    for (size_t i = 0; i < p->d.ncomments; i++)
        if (!strncmp(p->d.comments[i], "var ", 4))
            core->var_map[core->nvar_map++] = xstrdup(p->d.comments[i]);
}

static int core_file_body(FILE *f, const char *name, bool clause_level, const char *solver,
                          double timeout, chopsat_core *core, chopsat_err *err)
{
    memset(core, 0, sizeof *core);
    parsed p;
    memset(&p, 0, sizeof p);
    if (dimacs_read(f, name, &p.d, err)) return CHOPSAT_ERROR;
    /* a selector variable per group after the formula's own: they must fit an int (and a
     * forged header read from a pipe is refused here, before its variables are allocated) */
    if ((long long)p.d.nvars + (long long)p.d.nclauses >= INT_MAX) {
        fail(err,
             "%s: %d variables and %zu clauses: core numbers one selector per clause "
             "after the variables, more than %d in all",
             name, p.d.nvars, p.d.nclauses, INT_MAX);
        dimacs_file_free(&p.d);
        return CHOPSAT_ERROR;
    }
    p.names = var_map_names(&p.d);
    p.lits_text = xcalloc(p.d.nclauses + 1, sizeof *p.lits_text);
    p.names_text = xcalloc(p.d.nclauses + 1, sizeof *p.names_text);
    for (size_t i = 0, pos = 0; i < p.d.nclauses; i++) {
        clause_texts(p.d.lits + pos, p.names, &p.lits_text[i], &p.names_text[i]);
        while (p.d.lits[pos])
            pos++;
        pos++;
    }
    p.notes = clause_notes(&p.d, p.names_text);
    p.group = group_clauses(p.d.nclauses, p.notes, clause_level, &p.ngroups);
    core_input in = {p.d.nvars, p.d.lits, p.d.nlits, p.group, p.ngroups};
    bool *in_core = xcalloc(p.ngroups + 1, 1);
    int rc = unsat_core(solver ? solver : CHOPSAT_DEFAULT_SAT, timeout, &in, in_core,
                        &core->solver_calls, err);
    core->clause_level = clause_level;
    core->external = !strncmp(solver ? solver : CHOPSAT_DEFAULT_SAT, "external:", 9);
    core->checked = !core->external; /* a linked solver's answers are trusted */
    core->total_clauses = p.d.nclauses, core->total_groups = p.ngroups, core->nvars = p.d.nvars;
    if (rc == 20) collect(&p, in_core, core);
    free(in_core);
    parsed_free(&p);
    return rc == 20 ? CHOPSAT_NO : rc == 10 ? CHOPSAT_YES : CHOPSAT_ERROR;
}

int chopsat_core_find(FILE *f, const char *name, bool clause_level, const char *solver,
                      double timeout, chopsat_core *core, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err,
               core_file_body(f, name, clause_level, solver, timeout, core, err));
}

static int core_write_body(const chopsat_core *core, const char *origin, FILE *out,
                           chopsat_err *err)
{
    str_vec lines = {0}, notes = {0};
    str_vec_addf(&lines,
                 "chopsat core of %s: %zu of its %zu clauses, unsatisfiable together "
                 "and satisfiable without any one %s%s",
                 origin, core->nclauses, core->total_clauses,
                 core->clause_level ? "clause" : "group",
                 core->checked ? "" : " (NOT checked: it rests on the external solver)");
    if (core->check[0]) str_vec_addf(&lines, "checked: %s", core->check);
    for (size_t i = 0; i < core->nvar_map; i++)
        str_vec_addf(&lines, "%s", core->var_map[i]);
    VEC(int) lits = {0};
    for (size_t g = 0; g < core->ngroups; g++)
        for (size_t i = 0; i < core->groups[g].n; i++) {
            const chopsat_core_clause *c = &core->clauses[core->groups[g].first + i];
            const char *note = core->groups[g].note;
            if (c->names[0])
                str_vec_addf(&notes, "%s%s%s", note, note[0] ? ": " : "", c->names);
            else
                str_vec_addf(&notes, "%s", note[0] ? note : "(no note)");
            for (char *p = c->lits, *end;; p = end) {
                long l = strtol(p, &end, 10);
                if (end == p) break;
                VEC_PUSH(lits, (int)l);
            }
        }
    int rc = dimacs_write_noted(out, (const char *const *)lines.items, lines.n, core->nvars,
                                lits.items, lits.n, (const char *const *)notes.items, notes.n, err);
    str_vec_free(&lines);
    str_vec_free(&notes);
    VEC_FREE(lits);
    return rc ? CHOPSAT_ERROR : CHOPSAT_OK;
}

int chopsat_core_write(const chopsat_core *core, const char *origin, FILE *out, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, core_write_body(core, origin, out, err));
}

void chopsat_core_free(chopsat_core *core)
{
    if (!core) return;
    for (size_t i = 0; i < core->nclauses; i++)
        free(core->clauses[i].lits), free(core->clauses[i].names);
    for (size_t g = 0; g < core->ngroups; g++)
        free(core->groups[g].note);
    for (size_t i = 0; i < core->nvar_map; i++)
        free(core->var_map[i]);
    free(core->clauses), free(core->groups), free(core->var_map);
    memset(core, 0, sizeof *core);
}
