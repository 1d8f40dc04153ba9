/* decode_check.c: an answer read back from another solver checked (chopsat_decode_check in
 * chopsat.h). A yes's witness is replayed by the explicit move generator; one that does not
 * replay is named by its first illegal step (its frames and positions and, with the model's
 * frame table, the move inputs the model sets there and the state words that change). The
 * file's clauses are compared with those chopsat writes for the question of the file's own
 * header, with the encoding the header names: an edited formula answers another question. A
 * "no" read from a file is the word of whoever wrote the file: nothing here can check it, and
 * the note says so. Nothing here prints. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"

/* chopsat.h's chopsat_decoded. */
struct chopsat_decoded {
    bool replays;        /* a yes whose witness replays */
    chopsat_moves names; /* the witness's moves, named by the replay */
    int header_match;    /* 1, 0 (an edited file) or -1 (not compared) */
    size_t extra;        /* for 0: the clauses only in the file */
    size_t missing;      /*        and only in chopsat's own formula */
    int fault_step;      /* the frame of the first illegal step, or -1 */
    bool fault_detailed; /* the fault names the move inputs and the changing words */
    char fault[900];     /* why the witness does not replay ("" when it does, or a no) */
    char note[1100];     /* what checked the answer, or plainly that nothing could */
};

/* The encoding options of a DIMACS header (`c encoding: move-encoding=E polarity=P ...`, `c
 * annotated: ...`, the lines bounded/cnf_export.c writes) into *bo, read up to the `p` line
 * with the one line reader; false when the file has no encoding line or cannot be read. */
static bool header_encoding(FILE *f, chopsat_bmc_opts *bo)
{
    char *line = NULL;
    size_t cap = 0;
    bool found = false;
    long len;
    memset(bo, 0, sizeof *bo);
    while ((len = chopsat_line_read(f, &line, &cap, CHOPSAT_LINE_MAX)) >= 0 && line[0] != 'p') {
        if (!strncmp(line, "c encoding: ", 12)) {
            found = true;
            bo->textbook = strstr(line, "move-encoding=textbook") != NULL;
            bo->binary_moves = strstr(line, "move-encoding=binary") != NULL;
            bo->plaisted_greenbaum = strstr(line, "polarity=plaisted-greenbaum") != NULL;
        } else if (!strncmp(line, "c annotated: ", 13)) {
            bo->annotate = true;
        }
    }
    free(line);
    return found && len != CHOPSAT_LINE_NUL && len != CHOPSAT_LINE_LONG;
}

/* Whether the DIMACS file f holds exactly the clauses chopsat writes for q under r with the
 * encoding its header names: 1 yes, 0 no (d->extra and d->missing count the clauses only in
 * the file and only in chopsat's), -1 not compared (an aiger or smt2 file, no encoding line,
 * a read error). */
static int header_match(FILE *f, const char *name, const chopsat_rules *r, const chopsat_query *q,
                        chopsat_decoded *d)
{
    rewind(f);
    int first = getc(f);
    rewind(f);
    chopsat_bmc_opts bo;
    if (first == 'a' || first == ';' || first == '(' || !header_encoding(f, &bo)) return -1;
    FILE *own = tmpfile();
    chopsat_err err;
    int rc = -1;
    if (own && !chopsat_bmc_dimacs(r, q, &bo, own, &err) && !fflush(own) && !ferror(own)) {
        rewind(own);
        rewind(f);
        chopsat_cnf_diff diff;
        if (!chopsat_cnf_diff_files(f, name, own, "the header's question", NULL, &diff, &err)) {
            d->extra = diff.n_only_a, d->missing = diff.n_only_b;
            rc = !diff.n_only_a && !diff.n_only_b;
            chopsat_cnf_diff_free(&diff);
        }
    }
    if (own) fclose(own);
    return rc;
}

/* Appends printf-style text to buf (of size), cut at its end. */
static void add(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void add(char *buf, size_t size, const char *fmt, ...)
{
    size_t len = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    if (len + 1 < size) vsnprintf(buf + len, size - len, fmt, ap);
    va_end(ap);
}

/* The move inputs the model sets at frame f and the state words that change from f to f+1. */
static void frame_facts(const chopsat_frame_table *t, size_t f, char *buf, size_t size)
{
    size_t frames = (size_t)t->frames, set = 0;
    add(buf, size, "; the move inputs of f%zu set:", f);
    for (size_t i = 0; i < t->rows; i++) {
        long long v = t->values[i * frames + f];
        if (t->values[i * frames + frames - 1] >= 0 || v <= 0) continue; /* a state word, or 0 */
        add(buf, size, " f%zu.%s=%lld", f, t->names[i], v);
        set++;
    }
    if (!set) add(buf, size, " none (no move is chosen, so no move's clauses bind f%zu)", f + 1);
    add(buf, size, "; the state words that change:");
    size_t changed = 0;
    for (size_t i = 0; i < t->rows; i++) {
        long long a = t->values[i * frames + f], b = t->values[i * frames + f + 1];
        if (t->values[i * frames + frames - 1] < 0 || a < 0 || b < 0 || a == b) continue;
        add(buf, size, "%s %s %lld -> %lld (bits", changed ? "," : "", t->names[i], a, b);
        for (int bit = 0; bit < 62; bit++)
            if (((a ^ b) >> bit) & 1) add(buf, size, " [%d]", bit);
        add(buf, size, ")");
        changed++;
    }
    if (!changed) add(buf, size, " none");
}

/* The first step of path (n positions) that is no legal move, in words into d->fault (left ""
 * when every step is legal), with the facts of table t when it covers that step. */
static void replay_fault(const chopsat_rules *r, const chopsat_pos *path, size_t n,
                         const chopsat_frame_table *t, chopsat_decoded *d)
{
    for (size_t f = 0; f + 1 < n; f++) {
        chopsat_move m;
        if (chopsat_move_between(r, &path[f], &path[f + 1], &m, NULL) == CHOPSAT_OK) continue;
        char a[64], b[64];
        chopsat_pos_format(r, &path[f], a, sizeof a);
        chopsat_pos_format(r, &path[f + 1], b, sizeof b);
        snprintf(d->fault, sizeof d->fault, "frame f%zu (%s) to f%zu (%s) is no legal move", f, a,
                 f + 1, b);
        d->fault_step = (int)f;
        d->fault_detailed = t && t->rows && (size_t)t->frames > f + 1;
        if (d->fault_detailed) frame_facts(t, f, d->fault, sizeof d->fault);
        return;
    }
}

/* The checks of chopsat_decode_check into d. */
static void decode_check(FILE *cnf, const char *cnf_name, const char *model_name,
                         const chopsat_rules *r, const chopsat_query *q, int answer,
                         const chopsat_pos *path, size_t n, const chopsat_frame_table *t,
                         chopsat_decoded *d)
{
    d->fault_step = -1;
    d->header_match = cnf ? header_match(cnf, cnf_name ? cnf_name : "the file", r, q, d) : -1;
    if (answer != CHOPSAT_YES) {
        snprintf(d->note, sizeof d->note, "NOT checked: this \"no\" rests on '%s' alone",
                 model_name ? model_name : "the solver's output");
        return;
    }
    chopsat_err e;
    if (chopsat_replay(r, q, path, n, &d->names, &e) == CHOPSAT_OK) {
        d->replays = true;
        snprintf(d->note, sizeof d->note, "the witness replays move by move");
        return;
    }
    replay_fault(r, path, n, t, d);
    if (!d->fault[0]) snprintf(d->fault, sizeof d->fault, "%s", e.msg);
    snprintf(d->note, sizeof d->note, "the witness does not replay: %s", d->fault);
}

static int decode_check_body(FILE *cnf, const char *cnf_name, const char *model_name,
                             const chopsat_rules *r, const chopsat_query *q, int answer,
                             const chopsat_pos *path, size_t n, const chopsat_frame_table *t,
                             chopsat_decoded **out, chopsat_err *err)
{
    *out = NULL;
    if (answer != CHOPSAT_YES && answer != CHOPSAT_NO)
        return fail(err, "decode check: the answer must be CHOPSAT_YES or CHOPSAT_NO (got %d)",
                    answer);
    if (answer == CHOPSAT_YES && (!path || !n))
        return fail(err, "decode check: a yes needs its witness (at least one position)");
    chopsat_decoded *d = xcalloc(1, sizeof *d);
    decode_check(cnf, cnf_name, model_name, r, q, answer, path, n, t, d);
    *out = d;
    return CHOPSAT_OK;
}

int chopsat_decode_check(FILE *cnf, const char *cnf_name, const char *model_name,
                         const chopsat_rules *rules, const chopsat_query *q, int answer,
                         const chopsat_pos *path, size_t n, const chopsat_frame_table *frames,
                         chopsat_decoded **out, chopsat_err *err)
{
    CS_GUARDED(
        int, CHOPSAT_NOMEM, err,
        decode_check_body(cnf, cnf_name, model_name, rules, q, answer, path, n, frames, out, err));
}

void chopsat_decoded_free(chopsat_decoded *d)
{
    if (!d) return;
    chopsat_moves_free(&d->names);
    free(d);
}

bool chopsat_decoded_checked(const chopsat_decoded *d)
{
    return d->replays;
}
const char *chopsat_decoded_note(const chopsat_decoded *d)
{
    return d->note;
}
const chopsat_moves *chopsat_decoded_witness(const chopsat_decoded *d)
{
    return &d->names;
}

int chopsat_decoded_header_match(const chopsat_decoded *d, size_t *extra, size_t *missing)
{
    if (extra) *extra = d->extra;
    if (missing) *missing = d->missing;
    return d->header_match;
}

const char *chopsat_decoded_fault(const chopsat_decoded *d, int *step, bool *detailed)
{
    if (step) *step = d->fault_step;
    if (detailed) *detailed = d->fault_detailed;
    return d->fault[0] ? d->fault : NULL;
}
