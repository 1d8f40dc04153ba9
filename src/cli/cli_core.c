/* cli_core.c: `chopsat core FILE.cnf`: a minimal unsatisfiable core of a DIMACS file, printed
 * group by group with each clause's literals, names and note (and written with -o as a DIMACS
 * file); and `win`/`reach --why`: the core of a question's own formula, said in words. Exit 20
 * with a core, 10 when the file is satisfiable (it has none). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static void core_json(const cli_opts *o, const chopsat_core *c)
{
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "file", o->args[0]);
    chopsat_json_kstring(&j, "level", cli_choice_word(o->level));
    chopsat_json_kint(&j, "clauses_total", (long long)c->total_clauses);
    chopsat_json_kint(&j, "groups_total", (long long)c->total_groups);
    chopsat_json_kint(&j, "core_clauses", (long long)c->nclauses);
    chopsat_json_kint(&j, "solver_calls", c->solver_calls);
    chopsat_json_key(&j, "groups");
    chopsat_json_array(&j, true);
    for (size_t g = 0; g < c->ngroups; g++) {
        chopsat_json_object(&j);
        chopsat_json_kstring(&j, "note", c->groups[g].note);
        chopsat_json_key(&j, "clauses");
        chopsat_json_array(&j, false);
        for (size_t i = 0; i < c->groups[g].n; i++) {
            const chopsat_core_clause *cl = &c->clauses[c->groups[g].first + i];
            chopsat_json_object(&j);
            chopsat_json_kint(&j, "index", (long long)cl->index);
            chopsat_json_kstring(&j, "lits", cl->lits);
            chopsat_json_kstring(&j, "names", cl->names[0] ? cl->names : NULL);
            chopsat_json_end(&j);
        }
        chopsat_json_end(&j);
        chopsat_json_end(&j);
    }
    chopsat_json_end(&j);
    chopsat_json_end(&j);
    putchar('\n');
}

static void core_text(const cli_opts *o, const chopsat_core *c)
{
    bool clauses = o->level == LEVEL_CLAUSE;
    printf("core of %s: %zu of its %zu clauses", o->args[0], c->nclauses, c->total_clauses);
    if (!clauses) printf(" (%zu of its %zu groups)", c->ngroups, c->total_groups);
    printf(" contradict each other; without any one %s the rest is satisfiable (%d solver "
           "calls)\n", clauses ? "clause" : "group", c->solver_calls);
    for (size_t g = 0; g < c->ngroups; g++) {
        const chopsat_core_group *gr = &c->groups[g];
        if (gr->note[0]) printf("%s\n", gr->note);
        else printf("(no note) clause %zu\n", c->clauses[gr->first].index + 1);
        for (size_t i = 0; i < gr->n; i++) {
            const chopsat_core_clause *cl = &c->clauses[gr->first + i];
            if (cl->names[0]) printf("  %-18s %s\n", cl->lits, cl->names);
            else printf("  %s\n", cl->lits);
        }
    }
}

int cli_core(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("core", argc, argv, 1, &o);
    if (rc) return rc;
    if ((rc = cli_need_args(&o, NULL))) {
        cli_opts_free(&o);
        return rc;
    }
    FILE *f = cli_open_in(o.args[0], 0);
    if (!f) {
        cli_opts_free(&o);
        return EXIT_ERROR;
    }
    chopsat_core c;
    chopsat_err err;
    int st = chopsat_core_file(f, o.args[0], o.level == LEVEL_CLAUSE, o.solver, o.timeout, &c,
                               &err);
    fclose(f);
    if (st == CHOPSAT_YES) {
        fprintf(stderr, "chopsat: %s is satisfiable, so it has no unsatisfiable core\n",
                o.args[0]);
        cli_opts_free(&o);
        return EXIT_YES;
    }
    if (st != CHOPSAT_NO) {
        cli_opts_free(&o);
        return cli_error("%s", err.msg);
    }
    rc = 0;
    if (o.out_path) {
        cli_out out;
        rc = cli_out_open(&out, o.out_path);
        if (!rc) rc = cli_out_finish(&out, chopsat_core_write(&c, o.args[0], out.f, &err), &err);
    }
    bool listed = !o.out_path || strcmp(o.out_path, "-"); /* -o - : the core file alone */
    if (!rc && listed && o.format == FMT_JSON) core_json(&o, &c);
    else if (!rc && listed) core_text(&o, &c);
    chopsat_core_free(&c);
    cli_opts_free(&o);
    return rc ? rc : EXIT_NO;
}

/* The frames of the groups like g (same kind, player and move) with in_core == want, as "frame
 * 2", "frames 0-3" or "frames 0, 2 and 4", into buf; marks them done. */
static void frames_text(const chopsat_why *w, size_t g, bool want, bool *done, char *buf,
                        size_t size)
{
    const chopsat_why_group *a = &w->groups[g];
    int *fr = cli_calloc(w->ngroups + 1, sizeof *fr);
    size_t n = 0;
    for (size_t i = g; i < w->ngroups; i++) {
        const chopsat_why_group *b = &w->groups[i];
        if (done[i] || b->in_core != want || b->kind != a->kind || b->player != a->player ||
            strcmp(b->move, a->move))
            continue;
        done[i] = true;
        fr[n++] = b->frame;
    }
    bool run = n > 2;
    for (size_t i = 1; i < n; i++) run &= fr[i] == fr[i - 1] + 1;
    size_t p = (size_t)snprintf(buf, size, "frame%s ", n > 1 ? "s" : "");
    if (run) snprintf(buf + p, size - p, "%d-%d", fr[0], fr[n - 1]);
    for (size_t i = 0; !run && i < n && p < size; i++)
        p += (size_t)snprintf(buf + p, size - p, "%s%d", i == 0 ? "" : i + 1 == n ? " and " : ", ",
                              fr[i]);
    free(fr);
}

/* "taps", "moves", "choice of one move" */
static void moves_word(const char *move, char *buf, size_t size)
{
    if (!move[0]) snprintf(buf, size, "moves");
    else if (!strcmp(move, "choice")) snprintf(buf, size, "choice of one move");
    else if (!strcmp(move, "other")) snprintf(buf, size, "other clauses");
    else snprintf(buf, size, "%ss", move);
}

/* The groups with in_core == want as a list in words ("the start, player 1's taps at frames
 * 0 and 2 and the goal"); the number of phrases. */
static int groups_text(const chopsat_why *w, const chopsat_query *q, bool want, char *buf,
                       size_t size)
{
    bool *done = cli_calloc(w->ngroups + 1, 1);
    char phrases[64][160];
    int n = 0;
    for (size_t g = 0; g < w->ngroups && n < 64; g++) {
        const chopsat_why_group *a = &w->groups[g];
        if (done[g] || a->in_core != want) continue;
        char frames[100], word[40];
        if (a->kind == CHOPSAT_WHY_START) {
            snprintf(phrases[n++], sizeof *phrases, "the start");
            done[g] = true;
        } else if (a->kind == CHOPSAT_WHY_GOAL) {
            snprintf(phrases[n++], sizeof *phrases, "the goal (met %s frame %d)",
                     q->exact ? "at" : "by", a->frame);
            done[g] = true;
        } else if (a->kind == CHOPSAT_WHY_REPEAT) {
            frames_text(w, g, want, done, frames, sizeof frames);
            snprintf(phrases[n++], sizeof *phrases, "the repetition rule at %s", frames);
        } else {
            moves_word(a->move, word, sizeof word);
            frames_text(w, g, want, done, frames, sizeof frames);
            snprintf(phrases[n++], sizeof *phrases, "player %d's %s at %s", a->player, word,
                     frames);
        }
    }
    size_t p = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        const char *sep = i == 0 ? "" : i + 1 == n ? " and " : ", ";
        size_t ls = strlen(sep), lp = strlen(phrases[i]);
        if (p + ls + lp + 1 > size) break;
        memcpy(buf + p, sep, ls), memcpy(buf + p + ls, phrases[i], lp + 1);
        p += ls + lp;
    }
    free(done);
    return n;
}

int cli_why(const cli_opts *o, const chopsat_query *q)
{
    chopsat_bmc_opts bo = cli_bmc_opts(o);
    chopsat_why w;
    chopsat_err err;
    int st = chopsat_why_core(o->rules, q, &bo, &w, &err);
    if (st == CHOPSAT_YES)
        return cli_error("--why: the question's formula is satisfiable after all: no core");
    if (st != CHOPSAT_NO) return cli_error("--why: %s", err.msg);
    char in[4000], out[4000];
    int n_in = groups_text(&w, q, true, in, sizeof in);
    int n_out = groups_text(&w, q, false, out, sizeof out);
    printf("why no: %s %s each other", in, n_in > 1 ? "already contradict" : "contradicts");
    if (n_out)
        printf("; %s play%s no part", out,
               n_out == 1 && (!strncmp(out, "the ", 4)) ? "s" : "");
    size_t core = 0;
    for (size_t g = 0; g < w.ngroups; g++) core += w.groups[g].in_core;
    printf(".\ncore: %zu of the formula's %zu groups of clauses (the gates' definitions always "
           "kept), %d solver calls; without any one of them the rest is satisfiable.\n",
           core, w.ngroups, w.solver_calls);
    chopsat_why_free(&w);
    return 0;
}
