/* pack_grid.c: the grid of a pack as a person writes it, read into chopsat_pack_opts: six
 * comma-separated lists (rule presets, finger counts, questions, bounds, formats, hand counts),
 * each of 1 to CHOPSAT_PACK_LIST_MAX entries (none empty), repeated presets, finger counts,
 * questions and hand counts kept once, and a target A..B of reference seconds. A message names the
 * entry at fault, never the option that carried it: the caller adds that. */
#include <stdlib.h>
#include <string.h>

#include "core/oom.h"
#include "core/util.h"
#include "pack/pack.h"

/* Splits a comma-separated list in place into at most CHOPSAT_PACK_LIST_MAX words; their number
 * or -1 (also for an empty entry: "4,,5", ",4" or "4,"). */
static int split(char *text, const char **words)
{
    size_t len = strlen(text);
    if (text[0] == ',' || (len && text[len - 1] == ',') || strstr(text, ",,")) return -1;
    int n = 0;
    char *save = NULL;
    for (char *w = strtok_r(text, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        if (n == CHOPSAT_PACK_LIST_MAX) return -1;
        words[n++] = w;
    }
    return n;
}

/* Parses a bound: min, min-N, min+N or N (N <= CHOPSAT_MAX_K). */
static bool parse_bound(const char *w, chopsat_pack_bound *b)
{
    const char *digits = w;
    b->relative = !strncmp(w, "min", 3);
    if (b->relative) {
        if (!w[3]) return b->value = 0, true;
        if (w[3] != '-' && w[3] != '+') return false;
        digits = w + 4;
    }
    if (!*digits || strspn(digits, "0123456789") != strlen(digits) || strlen(digits) > 6)
        return false;
    b->value = atoi(digits) * (b->relative && w[3] == '-' ? -1 : 1);
    return b->value <= CHOPSAT_MAX_K;
}

/* True when w is one of the n words of list. */
static bool word_in(const char *w, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(w, list[i])) return true;
    return false;
}

/* Takes a rule preset w into g: 0, or -1 with a message. */
static int take_preset(chopsat_pack_opts *g, const char *w, chopsat_err *err)
{
    chopsat_err e;
    chopsat_rules *r = strchr(w, '=') ? NULL : chopsat_rules_parse(w, &e);
    if (!r) return fail(err, "'%s' is no preset ('chopsat rules' lists them)", w);
    chopsat_rules_free(r);
    if (!word_in(w, g->presets, g->npresets)) g->presets[g->npresets++] = w;
    return 0;
}

/* Takes a finger count w into g: 0, or -1 with a message. */
static int take_fingers(chopsat_pack_opts *g, const char *w, chopsat_err *err)
{
    char *end;
    long f = strtol(w, &end, 10);
    if (*end || end == w || f < 2 || f > 1048576)
        return fail(err, "'%s' is no finger count (2 .. 1048576)", w);
    for (size_t i = 0; i < g->nfingers; i++)
        if (g->fingers[i] == f) return 0; /* "4,4", "4,04": one count, written once */
    g->fingers[g->nfingers++] = f;
    return 0;
}

/* Takes a question kind w into g: 0, or -1 with a message. */
static int take_question(chopsat_pack_opts *g, const char *w, chopsat_err *err)
{
    static const char *const kinds[] = {"win1", "win2", "reach", "force1", "force2"};
    if (!word_in(w, kinds, 5))
        return fail(err, "'%s' is not offered (choose: win1 win2 reach force1 force2)", w);
    if (!word_in(w, g->questions, g->nquestions)) g->questions[g->nquestions++] = w;
    return 0;
}

/* Takes a hand count w ("3", "3/2": the rules option count) into g: 0, or -1 with a message. */
static int take_count(chopsat_pack_opts *g, const char *w, chopsat_err *err)
{
    char spec[64];
    chopsat_err e;
    snprintf(spec, sizeof spec, "standard,count=%.40s", w);
    chopsat_rules *r = strchr(w, ',') ? NULL : chopsat_rules_parse(spec, &e);
    if (!r)
        return fail(err, "'%s' is no hand count (A or A/B, each 1 .. %d)", w, CHOPSAT_HANDS_MAX);
    int a = chopsat_rules_hands(r, 1), b = chopsat_rules_hands(r, 2);
    chopsat_rules_free(r);
    for (size_t i = 0; i < g->ncounts; i++) { /* "3,3/3": one count, written once */
        snprintf(spec, sizeof spec, "standard,count=%.40s", g->counts[i]);
        r = chopsat_rules_parse(spec, &e);
        bool same = r && chopsat_rules_hands(r, 1) == a && chopsat_rules_hands(r, 2) == b;
        chopsat_rules_free(r);
        if (same) return 0;
    }
    g->counts[g->ncounts++] = w;
    return 0;
}

/* Takes word w of list i (CHOPSAT_PACK_LIST_PRESETS ...) into g: 0, or -1 with a message. */
static int take_word(chopsat_pack_opts *g, int i, const char *w, chopsat_err *err)
{
    if (i == CHOPSAT_PACK_LIST_PRESETS) return take_preset(g, w, err);
    if (i == CHOPSAT_PACK_LIST_FINGERS) return take_fingers(g, w, err);
    if (i == CHOPSAT_PACK_LIST_QUESTIONS) return take_question(g, w, err);
    if (i == CHOPSAT_PACK_LIST_COUNTS) return take_count(g, w, err);
    if (i == CHOPSAT_PACK_LIST_BOUNDS) {
        if (parse_bound(w, &g->bounds[g->nbounds++])) return 0;
        return fail(err, "'%s' is no bound (min, min-N, min+N or N, N <= %d)", w, CHOPSAT_MAX_K);
    }
    for (int f = 0; f < CHOPSAT_PACK_FORMATS; f++)
        if (!strcmp(w, chopsat_pack_format_name((chopsat_pack_format)f)))
            return g->formats[f] = true, 0;
    return fail(err, "'%s' is not offered (choose: cnf qdimacs smt2 aiger)", w);
}

/* Reads a target A..B into g: 0, or -1 with a message. */
static int read_target(chopsat_pack_opts *g, const char *t, chopsat_err *err)
{
    const char *dots = strstr(t, "..");
    char a[32] = "", *end = NULL, *end2 = NULL;
    if (dots && (size_t)(dots - t) < sizeof a) memcpy(a, t, (size_t)(dots - t));
    if (dots) g->lo = strtod(a, &end), g->hi = strtod(dots + 2, &end2);
    if (!dots || !*a || *end || !dots[2] || *end2 || !(g->lo >= 0) || !(g->hi > g->lo) ||
        g->hi > 1e6)
        return fail(err, "wants A..B with 0 <= A < B, not '%s'", t);
    g->text_target = t;
    return 0;
}

/* chopsat_pack_grid outside its recovery point. */
static int grid_read(chopsat_pack_opts *g, const char *const *texts, const char *target, int *list,
                     chopsat_err *err)
{
    const char **text[CHOPSAT_PACK_LISTS] = {&g->text_presets, &g->text_fingers, &g->text_questions,
                                             &g->text_bounds,  &g->text_formats, &g->text_counts};
    for (int i = 0; i < CHOPSAT_PACK_LISTS; i++) {
        const char *words[CHOPSAT_PACK_LIST_MAX];
        *list = i;
        *text[i] = texts[i];
        g->grid_words[i] = xstrdup(texts[i]);
        int n = split(g->grid_words[i], words);
        if (n <= 0)
            return fail(err,
                        "wants a comma-separated list of 1 to %d entries, none empty, not '%s'",
                        CHOPSAT_PACK_LIST_MAX, texts[i]);
        for (int j = 0; j < n; j++)
            if (take_word(g, i, words[j], err)) return -1;
    }
    *list = CHOPSAT_PACK_LISTS;
    return target ? read_target(g, target, err) : 0;
}

int chopsat_pack_grid(chopsat_pack_opts *g, const char *const texts[CHOPSAT_PACK_LISTS],
                      const char *target, int *list, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, grid_read(g, texts, target, list, err));
}

void chopsat_pack_grid_free(chopsat_pack_opts *g)
{
    for (int i = 0; i < CHOPSAT_PACK_LISTS; i++) {
        free(g->grid_words[i]);
        g->grid_words[i] = NULL;
    }
}
