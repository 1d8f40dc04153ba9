/* cnf_model.c: a model of a DIMACS file written by chopsat_bmc_dimacs (bounded/cnf_export.c),
 * from any solver, decoded into the witness (the DIMACS branch of chopsat_decode). It reads only
 * the file's own comments: the rules and the question (the header lines) and the names of the
 * state variables (the variable map); every clause must hold under the model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "exports/decode.h"
#include "formats/dimacs.h"
#include "formats/var_map.h"
#include "games/game_sym.h"
#include "games/query.h"

/* The variable map of a file chopsat wrote names every variable and the state of every frame
 * 0..k; a header or question that promises more (a forged `p cnf 2147483646 N`, k=2147483647)
 * is refused here, before anything is allocated for it. */
static int check_map(const dimacs_file *d, const char *name, int k, chopsat_err *err)
{
    size_t named = 0;
    int last_frame = -1;
    for (size_t i = 0; i < d->ncomments; i++) {
        int t;
        const char *name;
        if (var_map_entry(d->comments[i], d->nvars, &name) <= 0) continue;
        named++;
        if (sscanf(name, "f%d.", &t) == 1 && t > last_frame) last_frame = t;
    }
    if (named < (size_t)d->nvars)
        return fail(err, "%s: the header declares %d variables but the variable map names %zu",
                    name, d->nvars, named);
    if (last_frame < k)
        return fail(err, "%s: the question's bound is k=%d but the variable map has frames 0..%d",
                    name, k, last_frame);
    return 0;
}

int cnf_decode(FILE *cnf_file, const char *cnf_name, FILE *model, const char *model_name,
               chopsat_rules **rules_out, chopsat_query *q, chopsat_pos **path, size_t *n,
               chopsat_err *err)
{
    dimacs_file d;
    *rules_out = NULL;
    *path = NULL;
    *n = 0;
    if (dimacs_read(cnf_file, cnf_name, &d, err)) return -1;
    int rc = -1;
    signed char *val = NULL;
    chopsat_rules *r = NULL;
    int head = query_header_read((const char *const *)d.comments, d.ncomments, "chopsat-query",
                                 cnf_name, &r, q, err);
    if (head == 1) {
        fail(err,
             "%s: not a CNF written by 'chopsat dimacs' (no chopsat-rules/chopsat-query "
             "header)",
             cnf_name);
        goto out;
    }
    if (head) goto out;
    if (check_map(&d, cnf_name, q->k, err)) goto out;
    val = xcalloc((size_t)d.nvars + 1, 1);
    int answer = model_read_any(model, model_name, d.nvars, val, err);
    if (answer < 0) goto out;
    if (answer == 20) {
        rc = 20;
        goto out;
    }
    /* every clause must hold under the model */
    size_t begin;
    int unassigned;
    size_t cl = model_falsified(d.lits, d.nlits, val, &begin, &unassigned);
    if (cl) {
        fail(err, "%s: the model falsifies clause %zu of %s", model_name, cl, cnf_name);
        goto out;
    }
    /* positions from the state variables f<t>.<word>[bit] */
    int widths[CHOPSAT_POS_WORDS];
    const char *names[CHOPSAT_POS_WORDS];
    int nwords = game_sym_of(r->game)->words(r, widths, names);
    chopsat_pos *frames = xcalloc((size_t)q->k + 1, sizeof *frames);
    for (int t = 0; t <= q->k; t++)
        frames[t].mover = t % 2 ? 3 - q->from.mover : q->from.mover;
    for (size_t i = 0; i < d.ncomments; i++) {
        int t, bit, len = 0;
        char wname[64];
        const char *name;
        int v = var_map_entry(d.comments[i], d.nvars, &name);
        if (v <= 0 || sscanf(name, "f%d.%63[^[][%d]%n", &t, wname, &bit, &len) != 3 || name[len] ||
            t < 0 || t > q->k || bit < 0 || bit > 63)
            continue;
        for (int w = 0; w < nwords; w++)
            if (!strcmp(wname, names[w]) && val[v] > 0) frames[t].v[w] |= (uint64_t)1 << bit;
    }
    int end = -1;
    for (int t = 0; t <= q->k && end < 0; t++)
        if (query_goal_at(r, q, &frames[t], t)) end = t;
    if (end < 0) {
        free(frames);
        fail(err, "%s: the model meets the goal at no frame", model_name);
        goto out;
    }
    *path = frames;
    *n = (size_t)end + 1;
    rc = 10;
out:
    free(val);
    dimacs_file_free(&d);
    if (rc < 0)
        chopsat_rules_free(r);
    else
        *rules_out = r;
    return rc;
}
