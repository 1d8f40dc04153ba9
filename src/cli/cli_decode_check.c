/* cli_decode_check.c: why a decoded model may say nothing about the game (`chopsat decode`):
 * the file's clauses compared with those chopsat writes for the question of the file's own
 * header (an edited formula answers another question), and the first step of a witness that
 * does not replay, named by its frame, the move inputs the model sets there and the state
 * words that change. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* The encoding options of a DIMACS header (`c encoding: move-encoding=E polarity=P ...`, `c
 * annotated: ...`) into *bo; false when the file has no encoding line. */
static bool header_encoding(FILE *f, chopsat_bmc_opts *bo)
{
    char line[512];
    bool found = false;
    memset(bo, 0, sizeof *bo);
    while (fgets(line, sizeof line, f) && line[0] != 'p') {
        if (!strncmp(line, "c encoding: ", 12)) {
            found = true;
            bo->textbook = strstr(line, "move-encoding=textbook") != NULL;
            bo->binary_moves = strstr(line, "move-encoding=binary") != NULL;
            bo->plaisted_greenbaum = strstr(line, "polarity=plaisted-greenbaum") != NULL;
        } else if (!strncmp(line, "c annotated: ", 13)) {
            bo->annotate = true;
        }
    }
    return found;
}

int cli_decode_header_match(const char *path, const chopsat_rules *r, const chopsat_query *q,
                            size_t *extra, size_t *missing)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    int first = getc(f);
    rewind(f);
    chopsat_bmc_opts bo;
    FILE *own = NULL;
    int rc = -1;
    chopsat_err err;
    if (first == 'a' || first == ';' || first == '(' || !header_encoding(f, &bo)) goto out;
    own = tmpfile();
    if (!own || chopsat_bmc_dimacs(r, q, &bo, own, &err) || fflush(own) || ferror(own)) goto out;
    rewind(own);
    rewind(f);
    chopsat_cnf_diff d;
    if (chopsat_cnf_diff_files(f, path, own, "the header's question", NULL, &d, &err)) goto out;
    *extra = d.n_only_a, *missing = d.n_only_b;
    rc = !d.n_only_a && !d.n_only_b;
    chopsat_cnf_diff_free(&d);
out:
    if (own) fclose(own);
    fclose(f);
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

/* The move inputs the model sets at frame t and the state words that change from t to t+1. */
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

void cli_decode_replay_fault(const chopsat_rules *r, const chopsat_pos *path, size_t n,
                             const chopsat_frame_table *t, char *buf, size_t size)
{
    buf[0] = 0;
    for (size_t f = 0; f + 1 < n; f++) {
        chopsat_move m;
        if (chopsat_move_between(r, &path[f], &path[f + 1], &m, NULL) == CHOPSAT_OK) continue;
        char a[64], b[64];
        chopsat_pos_format(r, &path[f], a, sizeof a);
        chopsat_pos_format(r, &path[f + 1], b, sizeof b);
        snprintf(buf, size, "frame f%zu (%s) to f%zu (%s) is no legal move", f, a, f + 1, b);
        if (t && t->rows && (size_t)t->frames > f + 1) frame_facts(t, f, buf, size);
        else add(buf, size, " (--frames names the move inputs and the bits)");
        return;
    }
}
