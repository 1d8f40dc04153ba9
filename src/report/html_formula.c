/* html_formula.c: the formula beside the game. `dimacs --format html` writes the question's
 * DIMACS file (annotated: each clause after a note saying what it encodes, docs/encoding.md)
 * and shows it as a page: the variables of each frame in a table (each bit's variable number,
 * its name on hover), and the clauses grouped by what they encode (the start, each frame's
 * moves, the frame axioms, the goal, the gates' definitions), every literal naming its variable
 * on hover. `decode --format html` shows a model the same way: the frames table with each
 * word's value, bit by bit, and the decoded position of each frame. Both read the variable map
 * (`c var N NAME`) that chopsat writes into every DIMACS file. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/oom.h"
#include "core/util.h"
#include "report/html.h"

#define FORMULA_CLAUSES_SHOWN 20000 /* past this, a group shows its count only */

/* The variable map of a DIMACS file: names[v] for v = 1 .. nvars (NULL where unnamed). */
typedef struct var_map {
    char **names;
    int nvars;
} var_map;

static void map_free(var_map *m)
{
    for (int v = 0; v <= m->nvars; v++)
        free(m->names ? m->names[v] : NULL);
    free(m->names);
}

/* Records `c var N NAME` (line without its newline; read by the one reader of variable maps,
 * chopsat_var_map_line) in m, growing it. */
static void map_line(var_map *m, const char *line)
{
    const char *name;
    int v = chopsat_var_map_line(line, 50000000, &name);
    if (!v) return;
    if (v > m->nvars) {
        char **grown = xcalloc((size_t)v * 2 + 1, sizeof *grown);
        if (m->names) memcpy(grown, m->names, ((size_t)m->nvars + 1) * sizeof *grown);
        free(m->names);
        m->names = grown;
        for (int i = m->nvars + 1; i <= v * 2; i++)
            m->names[i] = NULL;
        m->nvars = v * 2;
    }
    free(m->names[v]);
    m->names[v] = xstrdup(name);
}

static const char *var_name(const var_map *m, int v)
{
    return v > 0 && v <= m->nvars && m->names[v] ? m->names[v] : NULL;
}

/* Splits "f3.p1.h0[2]" into frame 3, word "p1.h0" and bit 2 (bit -1 without brackets);
 * false for a name of no frame (a gate). */
static bool frame_name(const char *name, int *frame, char *word, size_t wsize, int *bit)
{
    int used = 0;
    if (!name || name[0] != 'f' || sscanf(name, "f%d.%n", frame, &used) != 1 || !used) return false;
    const char *w = name + used, *br = strchr(w, '[');
    size_t len = br ? (size_t)(br - w) : strlen(w);
    snprintf(word, wsize, "%.*s", (int)len, w);
    *bit = br ? atoi(br + 1) : -1;
    return true;
}

/* The words of the frames (rows of the table) and how many frames there are. */
typedef struct word_rows {
    char **word;
    int *width; /* bits; 0 for a single variable (a move selector) */
    size_t n, cap;
    int frames;
} word_rows;

static size_t row_of(word_rows *w, const char *word)
{
    for (size_t i = 0; i < w->n; i++)
        if (!strcmp(w->word[i], word)) return i;
    if (w->n == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 32;
        char **nw = xcalloc(w->cap, sizeof *nw);
        int *nb = xcalloc(w->cap, sizeof *nb);
        if (w->n) {
            memcpy(nw, w->word, w->n * sizeof *nw);
            memcpy(nb, w->width, w->n * sizeof *nb);
        }
        free(w->word);
        free(w->width);
        w->word = nw;
        w->width = nb;
    }
    w->word[w->n] = xstrdup(word);
    w->width[w->n] = 0;
    return w->n++;
}

static void rows_free(word_rows *w)
{
    for (size_t i = 0; i < w->n; i++)
        free(w->word[i]);
    free(w->word);
    free(w->width);
}

/* The rows of the map's frame variables, in the order of the map. */
static void rows_of(const var_map *m, word_rows *w)
{
    memset(w, 0, sizeof *w);
    for (int v = 1; v <= m->nvars; v++) {
        int frame, bit;
        char word[200];
        if (!frame_name(var_name(m, v), &frame, word, sizeof word, &bit)) continue;
        size_t r = row_of(w, word);
        if (bit + 1 > w->width[r]) w->width[r] = bit + 1;
        if (frame + 1 > w->frames) w->frames = frame + 1;
    }
}

/* Every frame variable's place: grid[(row * frames + t) * bits + max(bit, 0)] is the variable
 * of word `row` (of w), frame t and that bit, 0 where there is none; *bits is the widest word. */
static int *var_grid(const var_map *m, word_rows *w, int *bits)
{
    *bits = 1;
    for (size_t r = 0; r < w->n; r++)
        if (w->width[r] > *bits) *bits = w->width[r];
    size_t cells = w->n * (size_t)w->frames * (size_t)*bits;
    int *grid = xcalloc(cells + 1, sizeof *grid);
    for (int v = 1; v <= m->nvars; v++) {
        int frame, bit;
        char word[200];
        if (!frame_name(var_name(m, v), &frame, word, sizeof word, &bit)) continue;
        size_t r = row_of(w, word);
        if (r < w->n && frame < w->frames && bit < *bits)
            grid[(r * (size_t)w->frames + (size_t)frame) * (size_t)*bits +
                 (size_t)(bit < 0 ? 0 : bit)] = v;
    }
    return grid;
}

/* The row of word in w, or w->n when there is none. */
static size_t find_row(const word_rows *w, const char *word)
{
    size_t r = 0;
    while (r < w->n && strcmp(w->word[r], word))
        r++;
    return r;
}

/* Reads the map of the DIMACS file at path; false when it cannot be read. */
static bool read_map_file(const char *path, var_map *m)
{
    memset(m, 0, sizeof *m);
    FILE *f = fopen(path, "r");
    if (!f) return false;
    char *line = NULL;
    size_t cap = 0;
    long len;
    while ((len = chopsat_line_read(f, &line, &cap, CHOPSAT_LINE_MAX)) >= 0) {
        if (len && line[len - 1] == '\n') line[len - 1] = 0;
        if (!strncmp(line, "c var ", 6)) map_line(m, line);
    }
    free(line);
    fclose(f);
    return true;
}

/* One variable as a literal span: its number, its name on hover. */
static void lit_span(FILE *f, const var_map *m, int lit)
{
    int v = abs(lit);
    const char *name = var_name(m, v);
    html_printf(f, "<span class=\"lit\" data-v=\"%d\" title=\"%s%s\">%d</span>", v,
                lit < 0 ? "not " : "", name ? name : "(unnamed)", lit);
}

void html_frames_table(FILE *f, const chopsat_rules *r, const chopsat_frame_table *t,
                       const chopsat_pos *path, size_t n, const char *cnf_path)
{
    var_map m;
    word_rows w;
    int bits = 1, *grid = NULL;
    bool have_map = read_map_file(cnf_path, &m);
    memset(&w, 0, sizeof w);
    if (have_map) {
        rows_of(&m, &w);
        grid = var_grid(&m, &w, &bits);
    }
    fputs("<section class=\"frames\"><h2>The model, frame by frame</h2>\n<p class=\"legend\">"
          "Each row is a word of the state or a move input; each cell its value in that frame "
          "and, below, its bits from the highest to bit 0 (point at a bit for its variable). A "
          "move input of frame t chooses the move from f<i>t</i> to f<i>t</i>+1.</p>\n"
          "<div class=\"scroll\" tabindex=\"0\"><table>\n<thead><tr><th scope=\"col\">"
          "</th>",
          f);
    for (size_t c = 0; c < n; c++)
        html_printf(f, "<th scope=\"col\">f%zu</th>", c);
    fputs("</tr></thead>\n<tbody>\n<tr><th scope=\"row\">position</th>", f);
    for (size_t c = 0; c < n; c++) {
        char buf[CHOPSAT_POS_MAX];
        chopsat_pos_format(r, &path[c], buf, sizeof buf);
        fputs("<td class=\"posc\">", f);
        html_draw_position(f, r, &path[c], 0);
        html_printf(f, "<br><code>%s</code></td>", buf);
    }
    fputs("</tr>\n", f);
    for (size_t row = 0; row < t->rows; row++) {
        html_printf(f, "<tr><th scope=\"row\"><code>%s</code></th>", t->names[row]);
        bool move_row = t->values[row * (size_t)t->frames + (size_t)t->frames - 1] < 0;
        size_t wr = find_row(&w, t->names[row]);
        int width = wr < w.n ? w.width[wr] : 0;
        for (size_t c = 0; c < n; c++) {
            long long v = (int)c < t->frames ? t->values[row * (size_t)t->frames + c] : -1;
            if (v < 0 || (move_row && c + 1 == n)) {
                fputs("<td class=\"none\">.</td>", f);
                continue;
            }
            html_printf(f, "<td><b>%lld</b>", v);
            if (width > 0) {
                fputs("<br><span class=\"bits\">", f);
                for (int b = width - 1; b >= 0; b--) {
                    int var = (int)c < w.frames
                                  ? grid[(wr * (size_t)w.frames + c) * (size_t)bits + (size_t)b]
                                  : 0;
                    html_printf(
                        f, "<span class=\"bit\" title=\"f%zu.%s[%d], variable %d, = %d\">%d</span>",
                        c, t->names[row], b, var, (int)((v >> b) & 1), (int)((v >> b) & 1));
                }
                fputs("</span>", f);
            }
            fputs("</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</tbody>\n</table></div>\n</section>\n", f);
    if (have_map) map_free(&m);
    rows_free(&w);
    free(grid);
}

/* ---- dimacs --format html ---- */

/* One clause of the file with its note. */
typedef struct clause {
    int *lits;
    size_t n;
    char *what;  /* what it encodes (the note before the last ": ") */
    char *names; /* the clause in names (after it) */
} clause;

typedef struct formula {
    var_map map;
    char **header; /* the header comments but the map */
    size_t nheader;
    clause *c;
    size_t n, cap;
    int pvars;
    long pclauses;
    char question[300];
} formula;

static void formula_free(formula *fm)
{
    map_free(&fm->map);
    for (size_t i = 0; i < fm->nheader; i++)
        free(fm->header[i]);
    free(fm->header);
    for (size_t i = 0; i < fm->n; i++) {
        free(fm->c[i].lits);
        free(fm->c[i].what);
        free(fm->c[i].names);
    }
    free(fm->c);
}

/* Adds the clause of `line` (DIMACS literals ending in 0) with the pending note. */
static void add_clause(formula *fm, const char *line, char **note)
{
    if (fm->n == fm->cap) {
        fm->cap = fm->cap ? 2 * fm->cap : 256;
        clause *grown = xcalloc(fm->cap, sizeof *grown);
        if (fm->n) memcpy(grown, fm->c, fm->n * sizeof *grown);
        free(fm->c);
        fm->c = grown;
    }
    clause *c = &fm->c[fm->n++];
    size_t cap = 8;
    c->lits = xcalloc(cap, sizeof *c->lits);
    for (const char *p = line;;) {
        char *end;
        long x = strtol(p, &end, 10);
        if (end == p || !x) break;
        if (c->n == cap) {
            int *grown = xcalloc(cap * 2, sizeof *grown);
            memcpy(grown, c->lits, cap * sizeof *grown);
            free(c->lits);
            c->lits = grown;
            cap *= 2;
        }
        c->lits[c->n++] = (int)x;
        p = end;
    }
    char *sep = *note ? strstr(*note, ": ") : NULL;
    for (char *s = sep; s; s = strstr(s + 2, ": "))
        sep = s;
    if (sep) {
        c->what = xcalloc((size_t)(sep - *note) + 1, 1);
        memcpy(c->what, *note, (size_t)(sep - *note));
        c->names = xstrdup(sep + 2);
    } else {
        c->what = xstrdup(*note ? *note : "(no note)");
        c->names = xstrdup("");
    }
    free(*note);
    *note = NULL;
}

/* Reads the DIMACS text (annotated) into fm. */
static void read_formula(char *text, formula *fm)
{
    memset(fm, 0, sizeof *fm);
    bool body = false;
    char *note = NULL;
    for (char *line = text, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = 0;
        if (!strncmp(line, "c var ", 6))
            map_line(&fm->map, line);
        else if (!strncmp(line, "p cnf ", 6)) {
            body = true;
            long long clauses = 0;
            if (chopsat_dimacs_p_line(line, &fm->pvars, &clauses)) fm->pclauses = (long)clauses;
        } else if (!strncmp(line, "c ", 2) && body) {
            free(note);
            note = xstrdup(line + 2);
        } else if (!strncmp(line, "c ", 2)) {
            if (!strncmp(line, "c question: ", 12))
                snprintf(fm->question, sizeof fm->question, "%s", line + 12);
            fm->header = xrealloc(fm->header, (fm->nheader + 1) * sizeof *fm->header);
            fm->header[fm->nheader++] = xstrdup(line + 2);
        } else if (body && (isdigit((unsigned char)line[0]) || line[0] == '-')) {
            add_clause(fm, line, &note);
        }
    }
    free(note);
}

/* The group of a clause: 0 start, 1 + 2t frame t's moves, 2 + 2t frame t's frame axioms (a
 * selector keeping one bit as it is), a large number for the goal, the gates, the rest. */
enum { GROUP_GOAL = 1 << 28, GROUP_GATES, GROUP_OTHER };

static bool frame_axiom(const formula *fm, const clause *c)
{
    if (c->n != 3) return false;
    int fr[3], bit[3];
    char w[3][200];
    for (int i = 0; i < 3; i++) {
        if (!frame_name(var_name(&fm->map, abs(c->lits[i])), &fr[i], w[i], sizeof w[i], &bit[i]))
            return false;
    }
    /* one selector of frame t, and the same bit at t and t+1 with opposite signs */
    for (int s = 0; s < 3; s++) {
        int a = (s + 1) % 3, b = (s + 2) % 3;
        if (bit[s] < 0 && c->lits[s] < 0 && !strcmp(w[a], w[b]) && bit[a] == bit[b] &&
            abs(fr[a] - fr[b]) == 1 && (c->lits[a] < 0) != (c->lits[b] < 0))
            return true;
    }
    return false;
}

static int group_of(const formula *fm, const clause *c)
{
    int t, used = 0;
    if (!strncmp(c->what, "gate ", 5)) return GROUP_GATES;
    if (!strncmp(c->what, "the goal", 8)) return GROUP_GOAL;
    if (sscanf(c->what, "f%d: %n", &t, &used) == 1 && used && t >= 0 && t < (1 << 26)) {
        if (!strncmp(c->what + used, "the start position", 18)) return 0;
        return frame_axiom(fm, c) ? 2 + 2 * t : 1 + 2 * t;
    }
    return GROUP_OTHER;
}

static void group_title(int g, char *buf, size_t size)
{
    if (g == 0)
        snprintf(buf, size, "The start position (frame 0)");
    else if (g == GROUP_GOAL)
        snprintf(buf, size, "The goal");
    else if (g == GROUP_GATES)
        snprintf(buf, size,
                 "The gates' definitions (Tseitin: each gate variable equals what it computes)");
    else if (g == GROUP_OTHER)
        snprintf(buf, size, "Other clauses");
    else if (g % 2)
        snprintf(buf, size, "Frame %d: the move to frame %d", (g - 1) / 2, (g - 1) / 2 + 1);
    else
        snprintf(buf, size, "Frame %d: frame axioms (a move keeps these bits as they are)",
                 (g - 2) / 2);
}

/* The variables of the frames: a row per word, a column per frame, each bit's number. */
static void variables_table(FILE *f, const formula *fm)
{
    word_rows w;
    int bits;
    rows_of(&fm->map, &w);
    int *grid = var_grid(&fm->map, &w, &bits);
    fputs("<section class=\"frames\"><h2>The variables, frame by frame</h2>\n<p class=\"legend\">"
          "Each cell lists the variables of one word in one frame, from its highest bit to bit "
          "0; point at a number for its name, and every clause that uses it lights up.</p>\n"
          "<div class=\"scroll\" tabindex=\"0\"><table>\n<thead><tr><th scope=\"col\">word</th>",
          f);
    for (int t = 0; t < w.frames; t++)
        html_printf(f, "<th scope=\"col\">f%d</th>", t);
    fputs("</tr></thead>\n<tbody>\n", f);
    for (size_t r = 0; r < w.n; r++) {
        html_printf(f, "<tr><th scope=\"row\"><code>%s</code></th>", w.word[r]);
        for (int t = 0; t < w.frames; t++) {
            fputs("<td>", f);
            const int *cell = &grid[(r * (size_t)w.frames + (size_t)t) * (size_t)bits];
            if (!w.width[r] && cell[0]) lit_span(f, &fm->map, cell[0]);
            for (int b = w.width[r] - 1; b >= 0; b--) {
                int v = cell[b];
                if (v) lit_span(f, &fm->map, v);
                if (v && b) fputc(' ', f);
            }
            fputs("</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</tbody>\n</table></div>\n</section>\n", f);
    rows_free(&w);
    free(grid);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The clauses, group by group, each clause under its note. */
static void clause_groups(FILE *f, const formula *fm)
{
    int *groups = xcalloc(fm->n + 1, sizeof *groups), *order = xcalloc(fm->n + 1, sizeof *order);
    size_t ng = 0;
    for (size_t i = 0; i < fm->n; i++) {
        groups[i] = group_of(fm, &fm->c[i]);
        bool known = false;
        for (size_t k = 0; k < ng && !known; k++)
            known = order[k] == groups[i];
        if (!known) order[ng++] = groups[i];
    }
    qsort(order, ng, sizeof *order, cmp_int);
    fputs("<section class=\"clauses\"><h2>The clauses, by what they encode</h2>\n", f);
    size_t shown = 0;
    for (size_t k = 0; k < ng; k++) {
        size_t count = 0;
        for (size_t i = 0; i < fm->n; i++)
            count += groups[i] == order[k];
        char title[200];
        group_title(order[k], title, sizeof title);
        html_printf(f,
                    "<details class=\"group\"%s><summary>%s <span class=\"count\">%zu clause%s"
                    "</span></summary>\n<ol class=\"cl\">\n",
                    order[k] == GROUP_GATES ? "" : " open", title, count, count == 1 ? "" : "s");
        const char *last = NULL;
        for (size_t i = 0; i < fm->n; i++) {
            const clause *c = &fm->c[i];
            if (groups[i] != order[k]) continue;
            if (shown++ >= FORMULA_CLAUSES_SHOWN) continue;
            if (!last || strcmp(last, c->what))
                html_printf(f, "<li class=\"note\" aria-hidden=\"true\">%s</li>\n", c->what);
            last = c->what;
            fputs("<li class=\"clause\"><span class=\"nums\">", f);
            for (size_t l = 0; l < c->n; l++) {
                if (l) fputc(' ', f);
                lit_span(f, &fm->map, c->lits[l]);
            }
            html_printf(f, " 0</span> <span class=\"names\">%s</span></li>\n", c->names);
        }
        fputs("</ol></details>\n", f);
    }
    if (shown > FORMULA_CLAUSES_SHOWN)
        html_printf(f,
                    "<p class=\"nograph\">The page lists the first %d clauses; all %zu are "
                    "counted above (the DIMACS file has them all).</p>\n",
                    FORMULA_CLAUSES_SHOWN, fm->n);
    fputs("</section>\n", f);
    free(groups);
    free(order);
}

/* chopsat_html_dimacs under its recovery point: the page, then whether every write succeeded. */
static int html_dimacs_body(FILE *out, const chopsat_rules *r, const chopsat_query *q,
                            const chopsat_bmc_opts *bo, chopsat_err *err)
{
    chopsat_bmc_opts ab = *bo;
    ab.annotate = true; /* the page groups the clauses by their notes */
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return CHOPSAT_NOMEM;
    }
    int wrc = chopsat_bmc_dimacs(r, q, &ab, m, err);
    fclose(m);
    if (wrc) {
        free(text);
        return wrc;
    }
    formula fm;
    read_formula(text, &fm);
    free(text);
    char answer[300];
    snprintf(answer, sizeof answer,
             "not answered here: this is the formula, %d variables and "
             "%ld clauses; a model makes the answer yes, unsatisfiability no",
             fm.pvars, fm.pclauses);
    html_begin(out, r, "dimacs", fm.question[0] ? fm.question : NULL, answer, NULL);
    FILE *f = out;
    fputs("<section class=\"about\"><h2>The file's header</h2>\n<ul class=\"header\">\n", f);
    for (size_t i = 0; i < fm.nheader; i++)
        html_printf(f, "<li><code>c %s</code></li>\n", fm.header[i]);
    fputs("</ul>\n<p class=\"details\">Write the same formula as a file with <code>chopsat "
          "dimacs ... --annotate -o FILE</code>, solve it with any SAT solver and read the "
          "model with <code>chopsat decode FILE MODEL --format html</code>.</p>\n</section>\n",
          f);
    fputs("<div class=\"beside\">\n", f);
    variables_table(f, &fm);
    clause_groups(f, &fm);
    fputs("</div>\n", f);
    html_end(f);
    formula_free(&fm);
    return html_written(out, err);
}

int chopsat_html_dimacs(FILE *out, const chopsat_rules *r, const chopsat_query *q,
                        const chopsat_bmc_opts *bo, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, html_dimacs_body(out, r, q, bo, err));
}
