/* cli_pack.c: `chopsat pack DIR`, a benchmark family whose every answer is checked
 * (docs/benchmarks.md). The options span a grid: rule presets x finger counts x questions x
 * bounds, each question written in the formats that can say it (win1, win2, reach: DIMACS as
 * .cnf.xz, SMT-LIB 2 and AIGER; force1, force2: QDIMACS as .qdimacs.xz). Every answer is
 * established before its files are written (cli_pack_library.c: the explicit search, a replayed
 * witness, a checked certificate, a checked DRAT proof); a question whose answer cannot be
 * established is left out and counted. Each file is also given to its reference solver
 * (CaDiCaL, DepQBF, Z3, ABC's bmc3), whose CPU time goes into DIR/meta.csv and whose answer must
 * agree (else the pack stops, exit 3). --target-seconds A..B keeps the questions whose reference time lies in
 * A..B, climbing the bounds and finger counts until they pass B. DIR/README.md describes the
 * family as the SAT Competition asks of one. Files are staged and moved into DIR at the end
 * (cli_pack_io.c). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli_pack.h"

#define PACK_LIST_MAX 16

/* The defaults: the documented default pack (docs/benchmarks.md). */
#define DEFAULT_PRESETS "standard,rollover"
#define DEFAULT_FINGERS "5,1024,65536"
#define DEFAULT_QUESTIONS "win1,reach,force2"
#define DEFAULT_BOUNDS "min-1,min,40"
#define DEFAULT_FORMATS "cnf,qdimacs,smt2,aiger"
#define DEFAULT_TIMEOUT 300

/* A bound: relative to the least number of moves (min+offset) or absolute. */
typedef struct pack_bound {
    bool relative;
    int value;
} pack_bound;

/* One file written, for meta.csv and the README. */
typedef struct pack_row {
    char file[160], rules[256], question[256], how[96], hash[33], ref[32], kind[8];
    pack_format format;
    int k, answer;
    long vars, clauses; /* -1 for formats without clauses */
} pack_row;

typedef struct pack_plan {
    cli_opts o;
    const char *dir;
    char *lists[5];                          /* copies of the option texts, split in place */
    const char *presets[PACK_LIST_MAX], *kinds[PACK_LIST_MAX];
    long fingers[PACK_LIST_MAX];
    pack_bound bounds[PACK_LIST_MAX];
    bool formats[PF_COUNT];
    size_t npresets, nfingers, nkinds, nbounds;
    double lo, hi;                           /* --target-seconds, hi 0 when absent */
    double timeout;
    char date[16];
    pack_row *rows;
    size_t nrows, caprows;
    size_t left_out, outside, skipped;
    char notes[8][800];                      /* the first reasons for leaving questions out */
    size_t nnotes;
    pack_dir *d;
} pack_plan;

/* Splits a comma-separated list in place into at most PACK_LIST_MAX words; their number or -1. */
static int split(char *text, const char **words)
{
    int n = 0;
    for (char *w = strtok(text, ","); w; w = strtok(NULL, ",")) {
        if (n == PACK_LIST_MAX) return -1;
        words[n++] = w;
    }
    return n;
}

/* Parses a bound: min, min-N, min+N or N. */
static bool parse_bound(const char *w, pack_bound *b)
{
    const char *digits = w;
    b->relative = !strncmp(w, "min", 3);
    if (b->relative) {
        if (!w[3]) return b->value = 0, true;
        if (w[3] != '-' && w[3] != '+') return false;
        digits = w + 4;
    }
    if (!*digits || strspn(digits, "0123456789") != strlen(digits) || strlen(digits) > 6) return false;
    b->value = atoi(digits) * (b->relative && w[3] == '-' ? -1 : 1);
    return b->value <= CHOPSAT_MAX_K;
}

static bool word_in(const char *w, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(w, list[i])) return true;
    return false;
}

/* Reads the grid from the options; 0 or EXIT_USAGE (one line). */
static int read_grid(pack_plan *p)
{
    static const char *const kinds[] = {"win1", "win2", "reach", "force1", "force2"};
    const cli_opts *o = &p->o;
    const char *texts[5] = {o->presets ? o->presets : DEFAULT_PRESETS,
                            o->fingers ? o->fingers : DEFAULT_FINGERS,
                            o->questions ? o->questions : DEFAULT_QUESTIONS,
                            o->bounds ? o->bounds : DEFAULT_BOUNDS,
                            o->formats ? o->formats : DEFAULT_FORMATS};
    static const char *const flags[5] = {"--presets", "--fingers", "--questions", "--bounds", "--formats"};
    const char *words[5][PACK_LIST_MAX];
    for (int i = 0; i < 5; i++) {
        p->lists[i] = cli_strdup(texts[i]);
        int n = split(p->lists[i], words[i]);
        if (n <= 0)
            return cli_usage("pack: %s wants a comma-separated list of 1 to %d entries, not '%s'",
                             flags[i], PACK_LIST_MAX, texts[i]);
        for (int j = 0; j < n; j++) {
            const char *w = words[i][j];
            chopsat_err err;
            chopsat_rules *r = NULL;
            if (i == 0 && (strchr(w, '=') || !(r = chopsat_rules_parse(w, &err))))
                return cli_usage("pack: --presets: '%s' is no preset ('chopsat rules' lists them)", w);
            chopsat_rules_free(r);
            if (i == 0 && !word_in(w, p->presets, p->npresets)) p->presets[p->npresets++] = w;
            if (i == 1) {
                char *end;
                long f = strtol(w, &end, 10);
                if (*end || end == w || f < 2 || f > 1048576)
                    return cli_usage("pack: --fingers: '%s' is no finger count (2 .. 1048576)", w);
                p->fingers[p->nfingers++] = f;
            }
            if (i == 2 && !word_in(w, kinds, 5))
                return cli_usage("pack: --questions: '%s' is not offered (choose: win1 win2 reach force1 force2)", w);
            if (i == 2 && !word_in(w, p->kinds, p->nkinds)) p->kinds[p->nkinds++] = w;
            if (i == 3 && !parse_bound(w, &p->bounds[p->nbounds++]))
                return cli_usage("pack: --bounds: '%s' is no bound (min, min-N, min+N or N, N <= %d)", w, CHOPSAT_MAX_K);
            if (i == 4 && !word_in(w, pack_format_names, PF_COUNT))
                return cli_usage("pack: --formats: '%s' is not offered (choose: cnf qdimacs smt2 aiger)", w);
            for (int f = 0; i == 4 && f < PF_COUNT; f++)
                if (!strcmp(w, pack_format_names[f])) p->formats[f] = true;
        }
    }
    if (o->target_seconds) {
        const char *t = o->target_seconds, *dots = strstr(t, "..");
        char a[32] = "", *end = NULL, *end2 = NULL;
        if (dots && (size_t)(dots - t) < sizeof a) memcpy(a, t, (size_t)(dots - t));
        if (dots) p->lo = strtod(a, &end), p->hi = strtod(dots + 2, &end2);
        if (!dots || !*a || *end || !dots[2] || *end2 || !(p->lo >= 0) || !(p->hi > p->lo) || p->hi > 1e6)
            return cli_usage("pack: --target-seconds wants A..B with 0 <= A < B, not '%s'", o->target_seconds);
    }
    return 0;
}

/* Notes why a question was left out (the first few are kept for the summary). */
static void note(pack_plan *p, const char *what, const char *why)
{
    if (p->nnotes < sizeof p->notes / sizeof p->notes[0])
        snprintf(p->notes[p->nnotes++], sizeof p->notes[0], "%.300s: %.480s", what, why);
}

static pack_row *new_row(pack_plan *p)
{
    if (p->nrows == p->caprows) {
        p->caprows = p->caprows ? 2 * p->caprows : 64;
        pack_row *r = realloc(p->rows, p->caprows * sizeof *r);
        if (!r) exit(cli_error("out of memory"));
        p->rows = r;
    }
    pack_row *r = &p->rows[p->nrows];
    memset(r, 0, sizeof *r);
    return r;
}

/* The source text of an SMT-LIB benchmark (SMT-LIB's header: :source, :license, :category,
 * :status). */
static void smt2_info(const pack_plan *p, const pack_question *pq, int answer, const char *how,
                      char *buf, size_t size)
{
    char question[256];
    chopsat_query_describe(pq->rules, &pq->q, false, question, sizeof question);
    snprintf(buf, size,
             "(set-info :source |\nGenerated by: chopsat %s (chopsat pack)\nGenerated on: %s\n"
             "Application: a bounded question about a two-player finger game (the Chopsticks "
             "family), unrolled over bit-vectors from the game's rules\nTarget solver: any QF_BV "
             "solver\nQuestion: %s (rules %s)\nStatus: established by chopsat (%s)\n|)\n"
             "(set-info :license \"https://creativecommons.org/licenses/by/4.0/\")\n"
             "(set-info :category \"crafted\")\n(set-info :status %s)\n",
             CHOPSAT_VERSION, p->date, question, pq->rules_text, how, answer ? "sat" : "unsat");
}

/* Writes pq in format f, checks it with the reference solver and stages it. Returns 0 (*time:
 * the reference time, -1 when it timed out or is missing), or the exit status of a failure. */
static int emit(pack_plan *p, const pack_question *pq, const pack_status *st, pack_format f,
                bool stage, double *time)
{
    bool folded = f == PF_AIGER && p->o.no_constraints;
    char msg[600], info[1400], name[160];
    static const char *const ext[PF_COUNT] = {".cnf.xz", ".qdimacs.xz", ".smt2", ".aig"};
    snprintf(name, sizeof name, "%s-%s-k%d%s%s", pq->kind, pq->slug, pq->q.k, folded ? "-folded" : "",
             ext[f]);
    smt2_info(p, pq, st->answer, st->how, info, sizeof info);
    char *text, *norm = NULL, *xz = NULL;
    size_t len, nlen = 0, xlen = 0;
    if (pack_write(pq, f, folded, info, &text, &len, msg, sizeof msg))
        return cli_error("pack: %s: %s", name, msg);
    pack_cnf_info ci = {-1, -1, 0, 0, 0};
    char hash[33] = "";
    if (f == PF_CNF || f == PF_QDIMACS) {
        char cmd[600], l1[200], l3[400];
        pack_command(pq, f, folded, cmd, sizeof cmd);
        snprintf(l1, sizeof l1, "chopsat pack: family chopsat-%s, chopsat %s, generated on %s",
                 pq->kind, CHOPSAT_VERSION, p->date);
        snprintf(l3, sizeof l3, "parameters: rules=%s question=%s k=%d", pq->rules_text, pq->kind, pq->q.k);
        char l2[700];
        snprintf(l2, sizeof l2, "generator: %s", cmd);
        const char *first[] = {l1, l2, l3, "normalised: exact p line, variables 1..V all occurring, "
                                           "no repeated literal, no tautology"};
        int rc = pack_cnf_normalise(text, len, f == PF_QDIMACS, first, 4, &norm, &nlen, &ci, msg, sizeof msg);
        free(text);
        if (rc) return cli_error("pack: %s: %s", name, msg);
        text = norm, len = nlen;
        pack_gbd_hash(text, len, f == PF_QDIMACS, hash);
    }
    double secs;
    int ref = pack_reference(f, pq->q.k, text, len, p->timeout, &secs, msg, sizeof msg);
    *time = ref >= 0 ? secs : -1;
    int rc = 0;
    if (ref == -1) rc = cli_error("pack: %s: the reference solver failed: %s", name, msg);
    else if (ref >= 0 && ref != st->answer) {
        cli_error("pack: %s: the reference solver %s says %s, chopsat established %s (%s)", name,
                  pack_reference_names[f], ref ? "sat" : "unsat", st->answer ? "sat" : "unsat", st->how);
        rc = EXIT_MISMATCH;
    }
    if (!rc && stage && (f == PF_CNF || f == PF_QDIMACS)) {
        if (pack_xz(text, len, &xz, &xlen, msg, sizeof msg)) rc = cli_error("pack: %s: %s", name, msg);
    }
    if (!rc && stage) rc = pack_dir_add(p->d, name, xz ? xz : text, xz ? xlen : len);
    if (!rc && stage) {
        pack_row *r = new_row(p);
        snprintf(r->file, sizeof r->file, "%s", name);
        snprintf(r->rules, sizeof r->rules, "%s", pq->rules_text);
        chopsat_query_describe(pq->rules, &pq->q, pq->forced, r->question, sizeof r->question);
        snprintf(r->how, sizeof r->how, "%s", st->how);
        memcpy(r->hash, hash, sizeof r->hash);
        if (ref >= 0) snprintf(r->ref, sizeof r->ref, "%.3f", secs);
        else snprintf(r->ref, sizeof r->ref, "%s", ref == -2 ? "timeout" : "");
        snprintf(r->kind, sizeof r->kind, "%s", pq->kind);
        r->format = f;
        r->k = pq->q.k;
        r->answer = st->answer;
        r->vars = ci.vars, r->clauses = ci.clauses;
        p->nrows++;
    }
    free(text);
    free(xz);
    return rc;
}

/* Establishes pq's answer and writes its files. With --target-seconds the reference format's
 * time decides first: *above is set when it passes B (the climb stops). 0 or an exit status. */
static int write_question(pack_plan *p, pack_question *pq, const pack_least *l, bool *above)
{
    char what[300];
    snprintf(what, sizeof what, "%s %.256s k=%d", pq->kind, pq->rules_text, pq->q.k);
    cli_progress_phase("pack: %s, establishing the answer", what);
    pack_status st;
    int rc = pack_establish(pq, l, p->timeout, &st);
    if (rc == CHOPSAT_MISMATCH) return cli_error("pack: %s: %s", what, st.why), EXIT_MISMATCH;
    if (st.answer < 0) {
        p->left_out++;
        note(p, what, st.why);
        return 0;
    }
    pack_format lead = pq->forced ? PF_QDIMACS : PF_CNF;
    if (p->hi > 0) { /* calibration: the reference time of the question's lead format */
        double t;
        cli_progress_phase("pack: %s, timing %s", what, pack_reference_names[lead]);
        if ((rc = emit(p, pq, &st, lead, false, &t))) return rc;
        *above = t < 0 || t > p->hi;
        if (t < 0 || t < p->lo || t > p->hi) {
            p->outside++;
            return 0;
        }
    }
    for (int f = 0; f < PF_COUNT; f++) {
        if (!p->formats[f] || (f == PF_QDIMACS) != pq->forced) continue;
        double t;
        cli_progress_phase("pack: %s, %s", what, pack_format_names[f]);
        if ((rc = emit(p, pq, &st, (pack_format)f, true, &t))) return rc;
    }
    return 0;
}

/* The questions of one rule set and kind, bound by bound. *first_above: the first bound
 * already passed B (with --target-seconds: larger finger counts are not tried). */
static int write_kind(pack_plan *p, pack_question *pq, bool *first_above)
{
    char msg[600];
    if (pack_query(pq, 0, msg, sizeof msg)) {
        p->skipped++;
        return 0;
    }
    bool any = false;
    for (int f = 0; f < PF_COUNT; f++) any |= p->formats[f] && (f == PF_QDIMACS) == pq->forced;
    if (!any) return 0;
    cli_progress_phase("pack: %s %s, the least number of moves", pq->kind, pq->rules_text);
    pack_least l;
    if (pack_find_least(pq, p->timeout, &l, msg, sizeof msg)) { /* every bound of it left out */
        char what[300];
        snprintf(what, sizeof what, "%s %.256s (every bound)", pq->kind, pq->rules_text);
        p->left_out += p->nbounds;
        note(p, what, msg);
        return 0;
    }
    int rc = 0, done[PACK_LIST_MAX], ndone = 0;
    *first_above = false;
    for (size_t b = 0; !rc && b < p->nbounds; b++) {
        int k = p->bounds[b].relative ? l.moves + p->bounds[b].value : p->bounds[b].value;
        bool dup = false;
        for (int i = 0; i < ndone; i++) dup |= done[i] == k;
        if ((p->bounds[b].relative && l.moves < 0) || k < 0 || dup) continue;
        done[ndone++] = k;
        pq->q.k = k;
        bool above = false;
        rc = write_question(p, pq, &l, &above);
        if (above && b == 0) *first_above = true;
        if (above) break;
    }
    pack_least_free(&l);
    return rc;
}

/* Every rule set of the grid (finger counts ascending with --target-seconds) and kind. */
static int write_all(pack_plan *p)
{
    if (p->hi > 0) /* climb: small finger counts first */
        for (size_t i = 1; i < p->nfingers; i++)
            for (size_t j = i; j > 0 && p->fingers[j - 1] > p->fingers[j]; j--) {
                long t = p->fingers[j];
                p->fingers[j] = p->fingers[j - 1], p->fingers[j - 1] = t;
            }
    int rc = 0;
    for (size_t pi = 0; !rc && pi < p->npresets; pi++)
        for (size_t ki = 0; !rc && ki < p->nkinds; ki++)
            for (size_t fi = 0; !rc && fi < p->nfingers; fi++) {
                pack_question pq = {0};
                snprintf(pq.kind, sizeof pq.kind, "%s", p->kinds[ki]);
                chopsat_rules *r;
                char msg[600];
                if (pack_rules(p->presets[pi], 0, &r, pq.rules_text, sizeof pq.rules_text, msg, sizeof msg))
                    return cli_error("pack: %s", msg);
                bool chop = !strcmp(chopsat_rules_game(r), "chopsticks");
                if (chop) {
                    chopsat_rules_free(r);
                    if (pack_rules(p->presets[pi], p->fingers[fi], &r, pq.rules_text,
                                   sizeof pq.rules_text, msg, sizeof msg))
                        return cli_error("pack: %s", msg);
                    snprintf(pq.slug, sizeof pq.slug, "%s-f%ld", p->presets[pi], p->fingers[fi]);
                } else {
                    snprintf(pq.slug, sizeof pq.slug, "%s", p->presets[pi]);
                }
                pq.rules = r;
                bool first_above = false;
                if (chop || fi == 0) rc = write_kind(p, &pq, &first_above);
                chopsat_rules_free(r);
                if (p->hi > 0 && first_above) break; /* harder finger counts pass B too */
            }
    return rc;
}

/* DIR/meta.csv: one row per file. */
static int write_meta(pack_plan *p)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return cli_error("out of memory");
    fprintf(f, "file,format,family,rules,question,k,status,established,variables,clauses,"
               "gbd_hash,ref_solver,ref_seconds\n");
    for (size_t i = 0; i < p->nrows; i++) {
        const pack_row *r = &p->rows[i];
        fprintf(f, "%s,%s,chopsat-%s,", r->file, pack_format_names[r->format], r->kind);
        csv_field(f, r->rules);
        fputc(',', f);
        csv_field(f, r->question);
        fprintf(f, ",%d,%s,%s,", r->k, r->answer ? "sat" : "unsat", r->how);
        if (r->vars >= 0) fprintf(f, "%ld,%ld,%s,", r->vars, r->clauses, r->hash);
        else fprintf(f, ",,,");
        fprintf(f, "%s,%s\n", pack_reference_names[r->format], r->ref);
    }
    int rc = fclose(f) ? cli_error("out of memory") : pack_dir_add(p->d, "meta.csv", buf, len);
    free(buf);
    return rc;
}

/* Counts of the rows: by format and answer, and by how the answer was established. */
static void count_rows(const pack_plan *p, FILE *f)
{
    fprintf(f, "| format | files | sat | unsat |\n|---|---|---|---|\n");
    for (int fm = 0; fm < PF_COUNT; fm++) {
        size_t n = 0, sat = 0;
        for (size_t i = 0; i < p->nrows; i++)
            if (p->rows[i].format == (pack_format)fm) n++, sat += p->rows[i].answer == 1;
        if (n) fprintf(f, "| %s | %zu | %zu | %zu |\n", pack_format_names[fm], n, sat, n - sat);
    }
    fprintf(f, "\n| established by | files |\n|---|---|\n");
    for (size_t i = 0; i < p->nrows; i++) {
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++) seen = !strcmp(p->rows[j].how, p->rows[i].how);
        if (seen) continue;
        size_t n = 0;
        for (size_t j = i; j < p->nrows; j++) n += !strcmp(p->rows[j].how, p->rows[i].how);
        fprintf(f, "| %s | %zu |\n", p->rows[i].how, n);
    }
}

/* DIR/README.md: the family described as the SAT Competition asks (what is encoded, how, why
 * it is interesting, the parameters, the expected answers). */
static int write_readme(pack_plan *p)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return cli_error("out of memory");
    fprintf(f, "# chopsat benchmark family\n\nGenerated by chopsat %s (`chopsat pack`) on %s. "
               "Parameters: presets `%s`, fingers `%s`, questions `%s`, bounds `%s`, formats "
               "`%s`%s", CHOPSAT_VERSION, p->date,
            p->o.presets ? p->o.presets : DEFAULT_PRESETS, p->o.fingers ? p->o.fingers : DEFAULT_FINGERS,
            p->o.questions ? p->o.questions : DEFAULT_QUESTIONS, p->o.bounds ? p->o.bounds : DEFAULT_BOUNDS,
            p->o.formats ? p->o.formats : DEFAULT_FORMATS, p->o.no_constraints ? ", `--no-constraints`" : "");
    if (p->hi > 0) fprintf(f, ", `--target-seconds %s`", p->o.target_seconds);
    fprintf(f, ".\n\n## What is encoded\n\nBounded questions about Chopsticks (Magic Fingers), a "
               "two-player game in which each player has two hands holding 1 to N-1 fingers; a "
               "player taps an opponent's hand with one of theirs (the tapped hand gains that many "
               "fingers; at N or more it is dead, or wraps around in the `rollover` preset) or "
               "redistributes their own fingers; whoever has two dead hands has lost. The rule "
               "presets and the finger count N are in each file's header.\n\n"
               "- `win1`, `win2`: can player 1 (2) win from the start within K moves, both players "
               "cooperating? K = min-1 is the hardest \"no\" (min: the least number of moves).\n"
               "- `reach`: can the far corner (player 1 holding N-2 and N-1, player 2 a dead hand "
               "and N-1) be reached within K moves? In the standard game never, so every K is a "
               "\"no\" that gets harder as K grows.\n"
               "- `force1`, `force2`: can player 1 (2) force a win within K moves whatever the "
               "opponent does (a QBF with one quantifier block per move)?\n\n"
               "## How\n\nThe game's rules are written as a circuit over bit-vectors and unrolled "
               "K moves deep (one-hot move choice, a goal flag per frame); DIMACS by Tseitin's "
               "encoding, normalised (exact p line, variables 1..V all occurring, no repeated "
               "literal, no tautology) and compressed with xz; SMT-LIB 2 (QF_BV) with the "
               "benchmark header; AIGER 1.9 (binary) with the game as a transition system, a step "
               "counter bounding the goal to K moves, move legality as an invariant constraint%s; "
               "QDIMACS for the forced questions. Each DIMACS and QDIMACS file names every "
               "variable in `c var N NAME` lines and gives the generator's command in its first "
               "comment lines.\n\n"
               "## Why it is interesting\n\nEvery answer is known for certain, established by an "
               "engine that shares no code with the encoding, and the family spans trivial to hard "
               "instances of one structure: the unsatisfiable questions just below the least "
               "number of moves, and the `reach` questions with large K, where a solver must "
               "refute every play of K moves over 2 x 2 x log2(N)-bit hands.\n\n"
               "## Expected answers\n\n`meta.csv` has one row per file: the question, the status "
               "(`sat`: yes, satisfiable, true, a bad state reachable; `unsat`: no), how it was "
               "established (`explicit search`: the whole game searched explicitly; `replayed "
               "witness`: a solution replayed move by move by the explicit move generator; "
               "`checked certificate`: an inductive invariant proving the goal unreachable, checked "
               "by three fresh SAT calls; `checked DRAT proof`: PicoSAT's proof checked by "
               "chopsat's RUP checker), variables and clauses, the GBD instance hash, and the CPU "
               "seconds of the reference solver (cadical, depqbf, z3, ABC's bmc3 over K+1 frames; `timeout` past "
               "%g s), whose answer agreed with the status.\n\n",
            p->o.no_constraints ? " folded into the bad state (`--no-constraints`)" : "", p->timeout);
    count_rows(p, f);
    fprintf(f, "\n%zu question(s) left out because their answer could not be established",
            p->left_out);
    if (p->hi > 0) fprintf(f, "; %zu outside %g..%g s of the reference solver", p->outside, p->lo, p->hi);
    fprintf(f, ".\n");
    int rc = fclose(f) ? cli_error("out of memory") : pack_dir_add(p->d, "README.md", buf, len);
    free(buf);
    return rc;
}

int cli_pack(int argc, char **argv)
{
    pack_plan p;
    memset(&p, 0, sizeof p);
    int rc = cli_parse("pack", argc, argv, 1, &p.o);
    if (!rc && p.o.nargs != 1) rc = cli_usage("pack DIR [options] (see 'chopsat help pack')");
    if (!rc) rc = read_grid(&p);
    if (!rc) {
        cli_progress_setup(p.o.quiet);
        p.dir = p.o.args[0];
        p.timeout = p.o.given[OPT_TIMEOUT] ? p.o.timeout : DEFAULT_TIMEOUT;
        time_t t = time(NULL);
        strftime(p.date, sizeof p.date, "%Y-%m-%d", gmtime(&t));
        size_t cap = p.npresets * p.nfingers * p.nkinds * p.nbounds * PF_COUNT + 2;
        p.d = pack_dir_open(p.dir, p.o.force_write, cap);
        if (!p.d) rc = EXIT_ERROR;
    }
    if (!rc) rc = write_all(&p);
    if (!rc) rc = write_meta(&p);
    if (!rc) rc = write_readme(&p);
    cli_progress_end();
    if (p.d) rc = rc ? (pack_dir_abort(p.d), rc) : pack_dir_commit(p.d);
    if (!rc) {
        size_t n[PF_COUNT] = {0};
        for (size_t i = 0; i < p.nrows; i++) n[p.rows[i].format]++;
        printf("pack: wrote %zu files to %s (cnf %zu, qdimacs %zu, smt2 %zu, aiger %zu) with "
               "meta.csv and README.md; %zu question(s) left out (answer not established)",
               p.nrows, p.dir, n[PF_CNF], n[PF_QDIMACS], n[PF_SMT2], n[PF_AIGER], p.left_out);
        if (p.hi > 0) printf(", %zu outside %g..%g s", p.outside, p.lo, p.hi);
        printf("\n");
        for (size_t i = 0; i < p.nnotes; i++) printf("left out: %s\n", p.notes[i]);
    }
    for (int i = 0; i < 5; i++) free(p.lists[i]);
    free(p.rows);
    cli_opts_free(&p.o);
    return rc;
}
