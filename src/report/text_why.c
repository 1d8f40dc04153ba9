/* text_why.c: the core of a question's own formula (chopsat_why_core) said in words: "why no:
 * the start, player 1's taps at frames 0 and 2 and the goal (met by frame 3) already contradict
 * each other; ... play no part", and how large the core is. */
#include <stdlib.h>
#include <string.h>

#include "core/oom.h"
#include "core/util.h"
#include "report/text_write.h"

/* The frames of the groups like g (same kind, player and move) with in_core == want, as "frame
 * 2", "frames 0-3" or "frames 0, 2 and 4", into buf; marks them done. */
static void frames_text(const chopsat_why *w, size_t g, bool want, bool *done, char *buf,
                        size_t size)
{
    const chopsat_why_group *a = &w->groups[g];
    int *fr = xcalloc(w->ngroups + 1, sizeof *fr);
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
    for (size_t i = 1; i < n; i++)
        run &= fr[i] == fr[i - 1] + 1;
    size_t p = (size_t)snprintf(buf, size, "frame%s ", n > 1 ? "s" : "");
    if (run) snprintf(buf + p, size - p, "%d-%d", fr[0], fr[n - 1]);
    for (size_t i = 0; !run && i < n && p < size; i++)
        p += (size_t)snprintf(buf + p, size - p, "%s%d",
                              i == 0       ? ""
                              : i + 1 == n ? " and "
                                           : ", ",
                              fr[i]);
    free(fr);
}

/* "taps", "moves", "choice of one move" */
static void moves_word(const char *move, char *buf, size_t size)
{
    if (!move[0])
        snprintf(buf, size, "moves");
    else if (!strcmp(move, "choice"))
        snprintf(buf, size, "choice of one move");
    else if (!strcmp(move, "other"))
        snprintf(buf, size, "other clauses");
    else
        snprintf(buf, size, "%ss", move);
}

/* The phrase of group g (and of the groups like it, marked done) into phrase. */
static void phrase_of(const chopsat_why *w, const chopsat_query *q, size_t g, bool want, bool *done,
                      char *phrase, size_t size)
{
    const chopsat_why_group *a = &w->groups[g];
    char frames[100], word[40];
    if (a->kind == CHOPSAT_WHY_START) {
        snprintf(phrase, size, "the start");
        done[g] = true;
    } else if (a->kind == CHOPSAT_WHY_GOAL) {
        snprintf(phrase, size, "the goal (met %s frame %d)", q->exact ? "at" : "by", a->frame);
        done[g] = true;
    } else if (a->kind == CHOPSAT_WHY_REPEAT) {
        frames_text(w, g, want, done, frames, sizeof frames);
        snprintf(phrase, size, "the repetition rule at %s", frames);
    } else {
        moves_word(a->move, word, sizeof word);
        frames_text(w, g, want, done, frames, sizeof frames);
        snprintf(phrase, size, "player %d's %s at %s", a->player, word, frames);
    }
}

/* The groups with in_core == want as a list in words ("the start, player 1's taps at frames
 * 0 and 2 and the goal"); the number of phrases. */
static int groups_text(const chopsat_why *w, const chopsat_query *q, bool want, char *buf,
                       size_t size)
{
    bool *done = xcalloc(w->ngroups + 1, 1);
    char phrases[64][160];
    int n = 0;
    for (size_t g = 0; g < w->ngroups && n < 64; g++)
        if (!done[g] && w->groups[g].in_core == want)
            phrase_of(w, q, g, want, done, phrases[n++], sizeof *phrases);
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

/* The report, under the public call's recovery point. */
static int why_text(FILE *out, const chopsat_why *w, const chopsat_query *q, chopsat_err *err)
{
    char in[4000], rest[4000];
    int n_in = groups_text(w, q, true, in, sizeof in);
    int n_out = groups_text(w, q, false, rest, sizeof rest);
    fprintf(out, "why no: %s %s each other", in, n_in > 1 ? "already contradict" : "contradicts");
    if (n_out)
        fprintf(out, "; %s play%s no part", rest,
                n_out == 1 && (!strncmp(rest, "the ", 4)) ? "s" : "");
    size_t core = 0;
    for (size_t g = 0; g < w->ngroups; g++)
        core += w->groups[g].in_core;
    fprintf(out,
            ".\ncore: %zu of the formula's %zu groups of clauses (the gates' definitions always "
            "kept), %d solver calls; without any one of them the rest is satisfiable.\n",
            core, w->ngroups, w->solver_calls);
    return report_end(out, err);
}

int chopsat_report_why_text(FILE *out, const chopsat_why *w, const chopsat_query *q,
                            chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, why_text(out, w, q, err));
}
