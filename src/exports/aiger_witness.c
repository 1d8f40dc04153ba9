/* aiger_witness.c: an AIGER witness for a file written by chopsat_aiger, decoded into the
 * positions it passes through (the AIGER branch of chopsat_decode). The witness format is the
 * one aigsim and ABC (`write_cex -a`) print: an optional status line (`1` a counterexample,
 * `0` none), optional property lines (`b0`), the initial latch values, one line of input
 * values per frame, and an optional `.`; `x` is a value left open (taken as 0); the initial
 * values count only for latches without a reset value (chopsat's all have one); anything
 * from a `#` on is a comment (ABC ends its last line with `# DONE`). The witness is simulated
 * on the file itself: every constraint must hold in every frame and the bad property must
 * become true; the latches named like the state words give the positions. */
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/util.h"
#include "exports/decode.h"
#include "formats/aiger.h"
#include "games/game_sym.h"
#include "games/query.h"

#define WITNESS_LINE (1 << 20) /* the longest witness line read */

/* The comment line that starts with `key `, or NULL. */
static const char *comment(const aig *g, const char *key)
{
    size_t n = strlen(key);
    for (size_t i = 0; i < g->comments.n; i++)
        if (!strncmp(g->comments.items[i], key, n) && g->comments.items[i][n] == ' ')
            return g->comments.items[i] + n + 1;
    return NULL;
}

/* Reads the next witness line into *buf (grown up to WITNESS_LINE) without its comment and
 * trailing blanks; 1, 0 at the end (or a `.` line), or a CHOPSAT_LINE_ problem (a NUL byte, a
 * line too long: reading stops there). Blank lines are skipped. */
static long witness_line(FILE *f, char **buf, size_t *cap, int *line)
{
    long len;
    while ((len = chopsat_line_read(f, buf, cap, WITNESS_LINE)) >= 0) {
        (*line)++;
        char *b = *buf;
        b[strcspn(b, "#\r\n")] = 0;
        size_t n = strlen(b);
        while (n && (b[n - 1] == ' ' || b[n - 1] == '\t'))
            b[--n] = 0;
        if (!n) continue;
        return strcmp(b, ".") ? 1 : 0;
    }
    if (len != CHOPSAT_LINE_END) (*line)++;
    return len == CHOPSAT_LINE_END ? 0 : len;
}

/* What a witness line's problem means, for a message. */
static const char *witness_problem(long got)
{
    return got == CHOPSAT_LINE_LONG ? "a line longer than 1 MiB" : chopsat_line_problem(got);
}

static bool bits_only(const char *s)
{
    return strspn(s, "01x") == strlen(s);
}

/* A witness being replayed on the file's aig g, line by line. */
typedef struct replay {
    const aig *g;
    const char *name, *model_name; /* the AIGER file's and the witness's, for messages */
    FILE *model;
    char *buf; /* the current line, at most WITNESS_LINE bytes */
    size_t cap;
    int line;     /* its number */
    long got;     /* what witness_line returned for it */
    int *word_of; /* latch i holds bit bit_of[i] of state word word_of[i] (-1 none) */
    int *bit_of;
    long turn;      /* the latch of the player to move */
    uint8_t *latch; /* the latches' values in the current frame */
    uint8_t *val;   /* every variable's value in the current frame */
    VEC(chopsat_pos) frames;
} replay;

static void next_line(replay *w)
{
    w->got = witness_line(w->model, &w->buf, &w->cap, &w->line);
}

/* The rules, question and bound from the comments chopsat_aiger writes, with the file's shape
 * checked (one bad property, no outputs). *r is set even when the question is refused. */
static int read_comments(const aig *g, const char *name, chopsat_rules **r, chopsat_query *q,
                         bool *bounded, chopsat_err *err)
{
    const char *bs = comment(g, "chopsat-bound");
    int head = bs ? query_header_read((const char *const *)g->comments.items, g->comments.n,
                                      "chopsat-query", name, r, q, err)
                  : 1;
    if (head == 1)
        return fail(err,
                    "%s: not an AIGER file written by 'chopsat aiger' (no chopsat-rules, "
                    "chopsat-query and chopsat-bound comments)",
                    name);
    if (head) return -1;
    *bounded = strcmp(bs, "none") != 0;
    if (g->bad.n != 1 || g->outputs.n)
        return fail(err, "%s: chopsat's AIGER files have one bad property and no outputs", name);
    return 0;
}

/* Finds the latches of the state words (named `<word>[<bit>]`) and the one named `turn`. */
static int map_latches(replay *w, const chopsat_rules *r, chopsat_err *err)
{
    int widths[CHOPSAT_POS_WORDS];
    const char *names[CHOPSAT_POS_WORDS];
    int nwords = game_sym_of(r->game)->words(r, widths, names);
    size_t nl = w->g->latches.n;
    w->word_of = xcalloc(nl, sizeof *w->word_of);
    w->bit_of = xcalloc(nl, sizeof *w->bit_of);
    w->turn = -1;
    for (size_t i = 0; i < nl; i++) {
        const char *ln = w->g->latches.items[i].name;
        char wname[64];
        int bit, len = 0;
        w->word_of[i] = -1;
        if (!ln) continue;
        if (!strcmp(ln, "turn"))
            w->turn = (long)i;
        else if (sscanf(ln, "%63[^[][%d]%n", wname, &bit, &len) == 2 && !ln[len] && bit >= 0 &&
                 bit < 64)
            for (int wd = 0; wd < nwords; wd++)
                if (!strcmp(wname, names[wd])) w->word_of[i] = wd, w->bit_of[i] = bit;
    }
    if (w->turn < 0) return fail(err, "%s: no latch named 'turn'", w->name);
    return 0;
}

/* The witness up to its first input line: the status (20 for `0`, no counterexample), the
 * property lines, and the initial latch values (which count only for latches without a reset
 * value: ABC writes 0 for every latch, a reset value of 1 being an inverter for it). */
static int read_preamble(replay *w, chopsat_err *err)
{
    size_t nl = w->g->latches.n;
    next_line(w);
    if (w->got > 0 && (!strcmp(w->buf, "0") || !strcmp(w->buf, "2")) && nl > 1) {
        if (strcmp(w->buf, "2")) return 20;
        return fail(err, "%s: the model checker gave no answer (status 2)", w->model_name);
    }
    if (w->got > 0 && !strcmp(w->buf, "1") && nl > 1) next_line(w);
    while (w->got > 0 && (w->buf[0] == 'b' || w->buf[0] == 'j') && strlen(w->buf) > 1 &&
           strspn(w->buf + 1, "0123456789") == strlen(w->buf + 1))
        next_line(w);
    if (w->got < 0) return fail(err, "%s:%d: %s", w->model_name, w->line, witness_problem(w->got));
    if (w->got == 0 || !bits_only(w->buf) || strlen(w->buf) < nl)
        return fail(err, "%s:%d: expected the initial values of the %zu latches (0, 1 or x)",
                    w->model_name, w->line, nl);
    w->latch = xmalloc(nl + 1);
    for (size_t i = 0; i < nl; i++) {
        int reset = w->g->latches.items[i].init;
        w->latch[i] = (uint8_t)(reset >= 0 ? reset : w->buf[i] == '1');
    }
    return 0;
}

/* Frame t from the input line in buf: simulates it, records its position, checks the
 * constraints and steps the latches. 1 when the bad property holds in it, 0 when not, or -1. */
static int replay_frame(replay *w, int t, chopsat_err *err)
{
    const aig *g = w->g;
    size_t ni = g->inputs.n, nl = g->latches.n;
    if (!bits_only(w->buf) || strlen(w->buf) != ni)
        return fail(err, "%s:%d: expected %zu input values (0, 1 or x) for frame %d", w->model_name,
                    w->line, ni, t);
    for (size_t i = 0; i < ni; i++)
        w->val[i + 1] = w->buf[i] == '1';
    for (size_t i = 0; i < nl; i++)
        w->val[ni + 1 + i] = w->latch[i];
    aig_eval(g, w->val);
    chopsat_pos p;
    memset(&p, 0, sizeof p);
    p.mover = w->latch[w->turn] ? 2 : 1;
    for (size_t i = 0; i < nl; i++)
        if (w->word_of[i] >= 0 && w->latch[i]) p.v[w->word_of[i]] |= (uint64_t)1 << w->bit_of[i];
    VEC_PUSH(w->frames, p);
    for (size_t c = 0; c < g->constraints.n; c++)
        if (!aig_value(w->val, g->constraints.items[c].l))
            return fail(err,
                        "%s: the witness breaks constraint c%zu of %s in frame %d (an "
                        "illegal move)",
                        w->model_name, c, w->name, t);
    int bad = aig_value(w->val, g->bad.items[0].l);
    for (size_t i = 0; i < nl; i++)
        w->latch[i] = aig_value(w->val, g->latches.items[i].next);
    return bad;
}

/* The input lines, one frame each, up to the first frame in the bad state: its number, or -1. */
static int replay_frames(replay *w, chopsat_err *err)
{
    w->val = xcalloc(aig_maxvar(w->g) + 1, 1);
    int bad_at = -1;
    for (int t = 0; bad_at < 0; t++) {
        next_line(w);
        if (w->got <= 0) break;
        int bad = replay_frame(w, t, err);
        if (bad < 0) return -1;
        if (bad) bad_at = t;
    }
    if (w->got < 0) return fail(err, "%s:%d: %s", w->model_name, w->line, witness_problem(w->got));
    if (bad_at < 0)
        return fail(err, "%s: the witness never reaches the bad state (b0) of %s", w->model_name,
                    w->name);
    return bad_at;
}

/* The frames up to bad_at handed over as the witness (10), or -1 past a bounded file's k; an
 * unbounded file's question takes bad_at as its bound. */
static int take_witness(replay *w, int bad_at, bool bounded, chopsat_query *q, chopsat_pos **path,
                        size_t *n, chopsat_err *err)
{
    if (!bounded)
        q->k = bad_at;
    else if (bad_at > q->k)
        return fail(err,
                    "%s: the witness reaches the bad state in frame %d, past the file's "
                    "bound k=%d",
                    w->model_name, bad_at, q->k);
    *path = w->frames.items;
    w->frames.items = NULL;
    *n = (size_t)bad_at + 1;
    return 10;
}

int aiger_decode(FILE *file, const char *name, FILE *model, const char *model_name,
                 chopsat_rules **rules_out, chopsat_query *q, chopsat_pos **path, size_t *n,
                 chopsat_err *err)
{
    *rules_out = NULL;
    *path = NULL;
    *n = 0;
    aig *g = aiger_read(file, name, err);
    if (!g) return -1;
    chopsat_rules *r = NULL;
    bool bounded = false;
    replay w = {.g = g, .name = name, .model_name = model_name, .model = model, .buf = NULL};
    int rc = read_comments(g, name, &r, q, &bounded, err);
    if (!rc) rc = map_latches(&w, r, err);
    if (!rc) rc = read_preamble(&w, err);
    if (!rc) {
        int bad_at = replay_frames(&w, err);
        rc = bad_at < 0 ? -1 : take_witness(&w, bad_at, bounded, q, path, n, err);
    }
    VEC_FREE(w.frames);
    free(w.word_of);
    free(w.bit_of);
    free(w.val);
    free(w.latch);
    free(w.buf);
    aig_free(g);
    if (rc < 0)
        chopsat_rules_free(r);
    else
        *rules_out = r;
    return rc;
}
