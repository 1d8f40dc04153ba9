/* cli_pack.c: `chopsat pack DIR`, a benchmark family whose every answer is checked
 * (docs/benchmarks.md). The command reads the grid from the options (rule presets x finger
 * counts x questions x bounds x formats, --target-seconds A..B), hands it to the library's pack
 * room (chopsat_pack, src/pack/), and prints what was written and why questions were left out.
 * A signal during the pack has the clean-up registry remove everything the library staged
 * (chopsat_cleanup_run, from the command's signal handler). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* The defaults: the documented default pack (docs/benchmarks.md). */
#define DEFAULT_PRESETS   "standard,rollover"
#define DEFAULT_FINGERS   "5,1024,65536"
#define DEFAULT_QUESTIONS "win1,reach,force2"
#define DEFAULT_BOUNDS    "min-1,min,40"
#define DEFAULT_FORMATS   "cnf,qdimacs,smt2,aiger"
#define DEFAULT_TIMEOUT   300

enum { LIST_MAX = CHOPSAT_PACK_LIST_MAX };

/* Splits a comma-separated list in place into at most LIST_MAX words; their number or -1. */
static int split(char *text, const char **words)
{
    int n = 0;
    for (char *w = strtok(text, ","); w; w = strtok(NULL, ",")) {
        if (n == LIST_MAX) return -1;
        words[n++] = w;
    }
    return n;
}

/* Parses a bound: min, min-N, min+N or N. */
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

static bool word_in(const char *w, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(w, list[i])) return true;
    return false;
}

/* Takes word w of list i (0 presets, 1 fingers, 2 questions, 3 bounds, 4 formats) into g;
 * 0 or EXIT_USAGE (one line). */
static int take_word(chopsat_pack_opts *g, int i, const char *w)
{
    static const char *const kinds[] = {"win1", "win2", "reach", "force1", "force2"};
    chopsat_err err;
    chopsat_rules *r = NULL;
    if (i == 0 && (strchr(w, '=') || !(r = chopsat_rules_parse(w, &err))))
        return cli_usage("pack: --presets: '%s' is no preset ('chopsat rules' lists them)", w);
    chopsat_rules_free(r);
    if (i == 0 && !word_in(w, g->presets, g->npresets)) g->presets[g->npresets++] = w;
    if (i == 1) {
        char *end;
        long f = strtol(w, &end, 10);
        if (*end || end == w || f < 2 || f > 1048576)
            return cli_usage("pack: --fingers: '%s' is no finger count (2 .. 1048576)", w);
        g->fingers[g->nfingers++] = f;
    }
    if (i == 2 && !word_in(w, kinds, 5))
        return cli_usage("pack: --questions: '%s' is not offered (choose: win1 win2 reach "
                         "force1 force2)",
                         w);
    if (i == 2 && !word_in(w, g->questions, g->nquestions)) g->questions[g->nquestions++] = w;
    if (i == 3 && !parse_bound(w, &g->bounds[g->nbounds++]))
        return cli_usage("pack: --bounds: '%s' is no bound (min, min-N, min+N or N, N <= %d)", w,
                         CHOPSAT_MAX_K);
    bool known = false;
    for (int f = 0; i == 4 && f < CHOPSAT_PACK_FORMATS; f++)
        if (!strcmp(w, chopsat_pack_format_name((chopsat_pack_format)f)))
            g->formats[f] = known = true;
    if (i == 4 && !known)
        return cli_usage("pack: --formats: '%s' is not offered (choose: cnf qdimacs smt2 aiger)",
                         w);
    return 0;
}

/* Reads --target-seconds A..B into g; 0 or EXIT_USAGE. */
static int read_target(const cli_opts *o, chopsat_pack_opts *g)
{
    const char *t = o->target_seconds, *dots = strstr(t, "..");
    char a[32] = "", *end = NULL, *end2 = NULL;
    if (dots && (size_t)(dots - t) < sizeof a) memcpy(a, t, (size_t)(dots - t));
    if (dots) g->lo = strtod(a, &end), g->hi = strtod(dots + 2, &end2);
    if (!dots || !*a || *end || !dots[2] || *end2 || !(g->lo >= 0) || !(g->hi > g->lo) ||
        g->hi > 1e6)
        return cli_usage("pack: --target-seconds wants A..B with 0 <= A < B, not '%s'", t);
    g->text_target = t;
    return 0;
}

/* Reads the grid from the options into g (its words point into lists[], copies of the option
 * texts split in place); 0 or EXIT_USAGE (one line). */
static int read_grid(const cli_opts *o, chopsat_pack_opts *g, char **lists)
{
    static const char *const flags[5] = {"--presets", "--fingers", "--questions", "--bounds",
                                         "--formats"};
    g->text_presets = o->presets ? o->presets : DEFAULT_PRESETS;
    g->text_fingers = o->fingers ? o->fingers : DEFAULT_FINGERS;
    g->text_questions = o->questions ? o->questions : DEFAULT_QUESTIONS;
    g->text_bounds = o->bounds ? o->bounds : DEFAULT_BOUNDS;
    g->text_formats = o->formats ? o->formats : DEFAULT_FORMATS;
    const char *texts[5] = {g->text_presets, g->text_fingers, g->text_questions, g->text_bounds,
                            g->text_formats};
    for (int i = 0; i < 5; i++) {
        const char *words[LIST_MAX];
        lists[i] = cli_strdup(texts[i]);
        int n = split(lists[i], words);
        if (n <= 0)
            return cli_usage("pack: %s wants a comma-separated list of 1 to %d entries, not '%s'",
                             flags[i], LIST_MAX, texts[i]);
        for (int j = 0; j < n; j++) {
            int rc = take_word(g, i, words[j]);
            if (rc) return rc;
        }
    }
    return o->target_seconds ? read_target(o, g) : 0;
}

/* The library's progress, shown as the command's phases ("pack: ..."). */
static void progress(void *ctx, const char *phase, double done)
{
    (void)ctx, (void)done;
    cli_progress_phase("pack: %s", phase);
}

/* Prints what was written and the first reasons for leaving questions out. */
static void print_summary(const char *dir, const chopsat_pack_opts *g,
                          const chopsat_pack_summary *s)
{
    const size_t *n = s->by_format;
    printf("pack: wrote %zu files to %s (cnf %zu, qdimacs %zu, smt2 %zu, aiger %zu) with "
           "meta.csv and README.md; %zu question(s) left out (answer not established)",
           s->files, dir, n[CHOPSAT_PACK_CNF], n[CHOPSAT_PACK_QDIMACS], n[CHOPSAT_PACK_SMT2],
           n[CHOPSAT_PACK_AIGER], s->left_out);
    if (g->hi > 0) printf(", %zu outside %g..%g s", s->outside, g->lo, g->hi);
    printf("\n");
    for (size_t i = 0; i < s->nnotes; i++)
        printf("left out: %s\n", s->notes[i]);
}

/* Runs the pack of grid g into dir; 0 or the exit status of a failure (one line). */
static int run_pack(const char *dir, const chopsat_pack_opts *g)
{
    chopsat_pack_summary s;
    chopsat_err err;
    int rc = chopsat_pack(dir, g, &s, &err);
    cli_progress_end();
    if (rc == CHOPSAT_MISMATCH) return cli_error("%s", err.msg), EXIT_MISMATCH;
    if (rc < 0 && s.not_empty)
        return cli_error("%s (--force writes into it, replacing files of the same name)", err.msg);
    if (rc < 0) return cli_error("%s", err.msg);
    print_summary(dir, g, &s);
    return 0;
}

int cli_pack(int argc, char **argv)
{
    cli_opts o;
    chopsat_pack_opts g;
    memset(&g, 0, sizeof g);
    char *lists[5] = {0};
    int rc = cli_parse("pack", argc, argv, 1, &o);
    if (!rc && o.nargs != 1) rc = cli_usage("pack DIR [options] (see 'chopsat help pack')");
    if (!rc) rc = read_grid(&o, &g, lists);
    if (!rc) {
        cli_progress_setup(o.quiet);
        g.timeout = o.given[OPT_TIMEOUT] ? o.timeout : DEFAULT_TIMEOUT;
        g.no_constraints = o.no_constraints;
        g.force = o.force_write;
        g.progress = progress;
        rc = run_pack(o.args[0], &g);
    }
    for (int i = 0; i < 5; i++)
        free(lists[i]);
    cli_opts_free(&o);
    return rc;
}
