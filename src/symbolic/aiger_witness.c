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

#include "core/query.h"
#include "core/util.h"
#include "games/game_sym.h"
#include "symbolic/aiger.h"
#include "symbolic/decode.h"

/* The comment line that starts with `key `, or NULL. */
static const char *comment(const aig *g, const char *key)
{
    size_t n = strlen(key);
    for (size_t i = 0; i < g->comments.n; i++)
        if (!strncmp(g->comments.items[i], key, n) && g->comments.items[i][n] == ' ')
            return g->comments.items[i] + n + 1;
    return NULL;
}

/* Reads the next witness line into buf without its comment and trailing blanks; 1, 0 at the
 * end (or a `.` line), -1 too long. Blank lines are skipped. */
static int witness_line(FILE *f, char *buf, size_t size, int *line)
{
    while (fgets(buf, (int)size, f)) {
        (*line)++;
        size_t n = strlen(buf);
        if (n && buf[n - 1] != '\n' && !feof(f)) return -1;
        buf[strcspn(buf, "#\r\n")] = 0;
        n = strlen(buf);
        while (n && (buf[n - 1] == ' ' || buf[n - 1] == '\t')) buf[--n] = 0;
        if (!n) continue;
        return strcmp(buf, ".") ? 1 : 0;
    }
    return 0;
}

static bool bits_only(const char *s) { return strspn(s, "01x") == strlen(s); }

int aiger_decode(FILE *file, const char *name, FILE *model, const char *model_name,
                 chopsat_rules **rules_out, chopsat_query *q, chopsat_pos **path, size_t *n,
                 chopsat_err *err)
{
    *rules_out = NULL;
    *path = NULL;
    *n = 0;
    aig *g = aiger_read(file, name, err);
    if (!g) return -1;
    int rc = -1;
    chopsat_rules *r = NULL;
    uint8_t *val = NULL, *latch = NULL;
    VEC(chopsat_pos) frames = {0};
    char *buf = xmalloc(1 << 20);
    const char *rs = comment(g, "chopsat-rules"), *qs = comment(g, "chopsat-query"),
               *bs = comment(g, "chopsat-bound");
    if (!rs || !qs || !bs) {
        fail(err, "%s: not an AIGER file written by 'chopsat aiger' (no chopsat-rules, "
                  "chopsat-query and chopsat-bound comments)", name);
        goto out;
    }
    if (!(r = chopsat_rules_parse(rs, err)) || query_parse(r, qs, q, err)) goto out;
    bool bounded = strcmp(bs, "none") != 0;
    if (g->bad.n != 1 || g->outputs.n) {
        fail(err, "%s: chopsat's AIGER files have one bad property and no outputs", name);
        goto out;
    }
    /* the latches that hold the state words and the player to move */
    int widths[4];
    const char *names[4];
    int nwords = r->game->sym->words(r, widths, names);
    size_t ni = g->inputs.n, nl = g->latches.n;
    int *word_of = xcalloc(nl, sizeof *word_of), *bit_of = xcalloc(nl, sizeof *bit_of);
    long turn = -1;
    for (size_t i = 0; i < nl; i++) {
        const char *ln = g->latches.items[i].name;
        char wname[64];
        int bit, len = 0;
        word_of[i] = -1;
        if (!ln) continue;
        if (!strcmp(ln, "turn")) turn = (long)i;
        else if (sscanf(ln, "%63[^[][%d]%n", wname, &bit, &len) == 2 && !ln[len] && bit >= 0 &&
                 bit < 32)
            for (int w = 0; w < nwords; w++)
                if (!strcmp(wname, names[w])) word_of[i] = w, bit_of[i] = bit;
    }
    if (turn < 0) {
        free(word_of), free(bit_of);
        fail(err, "%s: no latch named 'turn'", name);
        goto out;
    }
    /* the witness: status, properties, initial latches, inputs */
    int line = 0, got;
    got = witness_line(model, buf, 1 << 20, &line);
    if (got > 0 && (!strcmp(buf, "0") || !strcmp(buf, "2")) && nl > 1) {
        if (!strcmp(buf, "2")) fail(err, "%s: the model checker gave no answer (status 2)", model_name);
        else rc = 20;
        free(word_of), free(bit_of);
        goto out;
    }
    if (got > 0 && !strcmp(buf, "1") && nl > 1) got = witness_line(model, buf, 1 << 20, &line);
    while (got > 0 && (buf[0] == 'b' || buf[0] == 'j') && strlen(buf) > 1 &&
           strspn(buf + 1, "0123456789") == strlen(buf + 1))
        got = witness_line(model, buf, 1 << 20, &line);
    if (got <= 0 || !bits_only(buf) || strlen(buf) < nl) {
        free(word_of), free(bit_of);
        fail(err, "%s:%d: expected the initial values of the %zu latches (0, 1 or x)%s",
             model_name, line, nl, got < 0 ? ": line too long" : "");
        goto out;
    }
    latch = xmalloc(nl + 1);
    /* a latch with a reset value starts there whatever the line says: ABC writes 0 for every
     * latch (its latches start at 0 internally, a reset value of 1 being an inverter) */
    for (size_t i = 0; i < nl; i++) {
        int reset = g->latches.items[i].init;
        latch[i] = (uint8_t)(reset >= 0 ? reset : buf[i] == '1');
    }
    val = xcalloc(aig_maxvar(g) + 1, 1);
    int bad_at = -1;
    for (int t = 0; bad_at < 0; t++) {
        got = witness_line(model, buf, 1 << 20, &line);
        if (got <= 0) break;
        if (!bits_only(buf) || strlen(buf) != ni) {
            free(word_of), free(bit_of);
            fail(err, "%s:%d: expected %zu input values (0, 1 or x) for frame %d", model_name,
                 line, ni, t);
            goto out;
        }
        for (size_t i = 0; i < ni; i++) val[i + 1] = buf[i] == '1';
        for (size_t i = 0; i < nl; i++) val[ni + 1 + i] = latch[i];
        aig_eval(g, val);
        chopsat_pos p;
        memset(&p, 0, sizeof p);
        p.mover = latch[turn] ? 2 : 1;
        for (size_t i = 0; i < nl; i++)
            if (word_of[i] >= 0 && latch[i]) p.v[word_of[i]] |= 1u << bit_of[i];
        VEC_PUSH(frames, p);
        for (size_t c = 0; c < g->constraints.n; c++)
            if (!aig_value(val, g->constraints.items[c].l)) {
                free(word_of), free(bit_of);
                fail(err, "%s: the witness breaks constraint c%zu of %s in frame %d (an illegal "
                          "move)", model_name, c, name, t);
                goto out;
            }
        if (aig_value(val, g->bad.items[0].l)) bad_at = t;
        for (size_t i = 0; i < nl; i++) latch[i] = aig_value(val, g->latches.items[i].next);
    }
    free(word_of), free(bit_of);
    if (got < 0) {
        fail(err, "%s:%d: line too long", model_name, line);
        goto out;
    }
    if (bad_at < 0) {
        fail(err, "%s: the witness never reaches the bad state (b0) of %s", model_name, name);
        goto out;
    }
    if (!bounded) q->k = bad_at;
    else if (bad_at > q->k) {
        fail(err, "%s: the witness reaches the bad state in frame %d, past the file's bound "
                  "k=%d", model_name, bad_at, q->k);
        goto out;
    }
    *path = frames.items;
    frames.items = NULL;
    *n = (size_t)bad_at + 1;
    rc = 10;
out:
    VEC_FREE(frames);
    free(val);
    free(latch);
    free(buf);
    aig_free(g);
    if (rc < 0) chopsat_rules_free(r);
    else *rules_out = r;
    return rc;
}
