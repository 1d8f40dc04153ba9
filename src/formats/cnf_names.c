/* cnf_names.c: DIMACS files read back by their variables' names: two formulas compared clause
 * by clause by names (chopsat diff), and a model tabulated per frame (decode --frames). Both
 * read only the `c var <n> <name>` map and the clauses; they know no game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"
#include "formats/dimacs.h"
#include "formats/var_map.h"

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Each clause as the sorted names of its literals joined by " | "; with `with`, only the
 * clauses with a literal of the variable of that name. */
static str_vec clause_texts(const dimacs_file *d, char **names, const char *with)
{
    bool keep = !with;
    str_vec out = {0};
    VEC(char *) lits = {0};
    char buf[64];
    for (size_t i = 0; i < d->nlits; i++) {
        int l = d->lits[i];
        if (l) {
            const char *nm = names[abs(l)];
            if (!nm) snprintf(buf, sizeof buf, "v%d", abs(l)), nm = buf;
            size_t len = strlen(nm) + 2;
            char *s = xmalloc(len);
            snprintf(s, len, "%s%s", l < 0 ? "-" : "", nm);
            VEC_PUSH(lits, s);
            if (with && !strcmp(nm, with)) keep = true;
            continue;
        }
        if (!keep) {
            for (size_t k = 0; k < lits.n; k++)
                free(lits.items[k]);
            lits.n = 0;
            continue;
        }
        keep = !with;
        if (lits.n > 1) qsort(lits.items, lits.n, sizeof *lits.items, cmp_str);
        size_t len = 1;
        for (size_t k = 0; k < lits.n; k++)
            len += strlen(lits.items[k]) + 3;
        char *s = xmalloc(len);
        s[0] = 0;
        for (size_t k = 0; k < lits.n; k++) {
            if (k) strcat(s, " | ");
            strcat(s, lits.items[k]);
            free(lits.items[k]);
        }
        lits.n = 0;
        VEC_PUSH(out, s);
    }
    VEC_FREE(lits);
    return out;
}

/* The notes of an annotated file: comment "<what>: <literal names>" -> (sorted clause, what). */
typedef struct note {
    char *clause, *what;
} note;
typedef VEC(note) note_vec;

static int cmp_note(const void *a, const void *b)
{
    return strcmp(((const note *)a)->clause, ((const note *)b)->clause);
}

static note_vec *read_notes(const dimacs_file *d)
{
    note_vec *notes = xcalloc(1, sizeof *notes);
    for (size_t i = 0; i < d->ncomments; i++) {
        const char *c = d->comments[i], *colon = strstr(c, ": ");
        if (!colon || !strncmp(c, "var ", 4)) continue;
        for (const char *p = colon; (p = strstr(p + 1, ": "));)
            colon = p;
        /* split the literals, sort them */
        str_vec parts = {0};
        char *rest = xstrdup(colon + 2), *save = NULL;
        for (char *tok = strtok_r(rest, " |", &save); tok; tok = strtok_r(NULL, " |", &save))
            VEC_PUSH(parts, xstrdup(tok));
        free(rest);
        if (!parts.n) {
            str_vec_free(&parts);
            continue;
        }
        if (parts.n > 1) qsort(parts.items, parts.n, sizeof *parts.items, cmp_str);
        size_t len = 1;
        for (size_t k = 0; k < parts.n; k++)
            len += strlen(parts.items[k]) + 3;
        char *s = xmalloc(len);
        s[0] = 0;
        for (size_t k = 0; k < parts.n; k++) {
            if (k) strcat(s, " | ");
            strcat(s, parts.items[k]);
        }
        str_vec_free(&parts);
        char *what = xstrdup(c);
        what[colon - c] = 0;
        note n = {s, what};
        VEC_PUSH(*notes, n);
    }
    if (notes->n > 1) qsort(notes->items, notes->n, sizeof *notes->items, cmp_note);
    return notes;
}

static const char *note_of(const void *notes_v, const char *clause)
{
    const note_vec *notes = notes_v;
    note key = {(char *)clause, NULL};
    const note *n = notes->n ? bsearch(&key, notes->items, notes->n, sizeof key, cmp_note) : NULL;
    return n ? n->what : "";
}

static void free_notes(void *notes_v)
{
    note_vec *notes = notes_v;
    for (size_t i = 0; i < notes->n; i++)
        free(notes->items[i].clause), free(notes->items[i].what);
    VEC_FREE(*notes);
    free(notes);
}

static char *rules_of(const dimacs_file *d)
{
    for (size_t i = 0; i < d->ncomments; i++)
        if (!strncmp(d->comments[i], "chopsat-rules ", 14)) return xstrdup(d->comments[i] + 14);
    return xstrdup("");
}

static int cnf_diff_files_body(FILE *a, const char *a_name, FILE *b, const char *b_name,
                               const char *with, chopsat_cnf_diff *out, chopsat_err *err)
{
    memset(out, 0, sizeof *out);
    dimacs_file d[2];
    if (dimacs_read(a, a_name, &d[0], err)) return -1;
    if (dimacs_read(b, b_name, &d[1], err)) {
        dimacs_file_free(&d[0]);
        return -1;
    }
    str_vec cl[2];
    void *notes[2];
    str_vec all = {0};
    for (int i = 0; i < 2; i++) {
        char **names = var_map_names(&d[i]);
        bool map = false, has_with = false;
        for (int v = 1; v <= d[i].nvars; v++) {
            if (!names[v]) continue;
            map = true;
            if (with && !strcmp(names[v], with)) has_with = true;
            VEC_PUSH(all, xstrdup(names[v]));
        }
        *(i ? &out->map_b : &out->map_a) = map;
        *(i ? &out->with_b : &out->with_a) = has_with;
        cl[i] = clause_texts(&d[i], names, with);
        var_map_free(names, d[i].nvars);
        if (cl[i].n > 1) qsort(cl[i].items, cl[i].n, sizeof *cl[i].items, cmp_str);
        notes[i] = read_notes(&d[i]);
    }
    out->clauses_a = cl[0].n, out->clauses_b = cl[1].n;
    out->rules_a = rules_of(&d[0]), out->rules_b = rules_of(&d[1]);
    VEC(chopsat_cnf_clause_diff) only[2] = {{0}, {0}};
    size_t i = 0, j = 0;
    while (i < cl[0].n || j < cl[1].n) {
        int c = i == cl[0].n ? 1 : j == cl[1].n ? -1 : strcmp(cl[0].items[i], cl[1].items[j]);
        if (c == 0) {
            out->common++, i++, j++;
            continue;
        }
        int side = c < 0 ? 0 : 1;
        const char *text = side ? cl[1].items[j++] : cl[0].items[i++];
        chopsat_cnf_clause_diff e = {xstrdup(text), xstrdup(note_of(notes[side], text))};
        VEC_PUSH(only[side], e);
    }
    if (all.n > 1) qsort(all.items, all.n, sizeof *all.items, cmp_str);
    size_t kept = 0;
    for (size_t k = 0; k < all.n; k++) {
        if (kept && !strcmp(all.items[kept - 1], all.items[k]))
            free(all.items[k]);
        else
            all.items[kept++] = all.items[k];
    }
    out->names = all.items, out->n_names = kept;
    out->only_a = only[0].items, out->n_only_a = only[0].n;
    out->only_b = only[1].items, out->n_only_b = only[1].n;
    for (int k = 0; k < 2; k++) {
        str_vec_free(&cl[k]);
        free_notes(notes[k]);
        dimacs_file_free(&d[k]);
    }
    return 0;
}

int chopsat_cnf_diff_files(FILE *a, const char *a_name, FILE *b, const char *b_name,
                           const char *with, chopsat_cnf_diff *out, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, cnf_diff_files_body(a, a_name, b, b_name, with, out, err));
}

void chopsat_cnf_diff_free(chopsat_cnf_diff *d)
{
    for (size_t i = 0; i < d->n_only_a; i++)
        free(d->only_a[i].clause), free(d->only_a[i].note);
    for (size_t i = 0; i < d->n_only_b; i++)
        free(d->only_b[i].clause), free(d->only_b[i].note);
    free(d->only_a);
    free(d->only_b);
    free(d->rules_a);
    free(d->rules_b);
    for (size_t i = 0; i < d->n_names; i++)
        free(d->names[i]);
    free(d->names);
    memset(d, 0, sizeof *d);
}

static int frame_table_read_body(FILE *cnf, const char *cnf_name, FILE *model,
                                 const char *model_name, chopsat_frame_table *t, chopsat_err *err)
{
    memset(t, 0, sizeof *t);
    dimacs_file d;
    if (dimacs_read(cnf, cnf_name, &d, err)) return -1;
    signed char *val = xcalloc((size_t)d.nvars + 1, 1);
    int rc = model_read_any(model, model_name, d.nvars, val, err);
    if (rc != 10) goto out;
    /* rows in the order the map first names them; frames up to the last one named */
    str_vec rows = {0};
    int frames = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < d.ncomments; i++) {
            int f, len = 0, bit = -1;
            const char *entry;
            int v = var_map_entry(d.comments[i], d.nvars, &entry);
            if (v <= 0 || sscanf(entry, "f%d.%n", &f, &len) != 1 || !len || f < 0 ||
                f > CHOPSAT_MAX_K)
                continue;
            char name[256];
            snprintf(name, sizeof name, "%s", entry + len);
            char *br = strrchr(name, '[');
            if (br && sscanf(br, "[%d]", &bit) == 1 && bit >= 0 && bit < 62)
                *br = 0;
            else
                bit = -1;
            size_t r = 0;
            while (r < rows.n && strcmp(rows.items[r], name))
                r++;
            if (pass == 0) {
                if (r == rows.n) str_vec_addf(&rows, "%s", name);
                if (f + 1 > frames) frames = f + 1;
                continue;
            }
            long long *cell = &t->values[r * (size_t)frames + (size_t)f];
            if (*cell < 0) *cell = 0;
            if (val[v] > 0) *cell |= bit < 0 ? 1 : 1ll << bit;
        }
        if (pass == 0) {
            t->values = xmalloc((rows.n * (size_t)frames + 1) * sizeof *t->values);
            for (size_t k = 0; k < rows.n * (size_t)frames; k++)
                t->values[k] = -1;
        }
    }
    t->frames = frames;
    t->rows = rows.n;
    t->names = rows.items;
out:
    free(val);
    dimacs_file_free(&d);
    return rc;
}

int chopsat_frame_table_read(FILE *cnf, const char *cnf_name, FILE *model, const char *model_name,
                             chopsat_frame_table *t, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err,
               frame_table_read_body(cnf, cnf_name, model, model_name, t, err));
}

void chopsat_frame_table_free(chopsat_frame_table *t)
{
    for (size_t i = 0; i < t->rows; i++)
        free(t->names[i]);
    free(t->names);
    free(t->values);
    memset(t, 0, sizeof *t);
}
