/* cli_options.c: every option of the chopsat command, declared once. One table says each
 * option's flag, value, kind, range or choices, where it is stored and its one-line help; a
 * second table says, for each subcommand, its synopsis, which options it takes and which output
 * formats it offers. Parsing, validation, `chopsat help`, `chopsat help CMD` and `CMD --help`
 * are all driven by these two tables (docs/cli.md describes the same options; tests/
 * cli_options.sh checks that it names every option of every command). */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

enum opt_kind {
    KIND_SWITCH, /* no value: sets a bool */
    KIND_TEXT,   /* any text: a const char * */
    KIND_CHOICE, /* one word of `choices`: a const char * */
    KIND_WHOLE,  /* a whole number in lo .. hi: a long */
    KIND_REAL,   /* a decimal number in lo .. hi: a double */
};

typedef struct cli_option {
    const char *flag;    /* "--rules" */
    const char *value;   /* what the value is called in help ("FILE"), NULL for a switch */
    enum opt_kind kind;
    const char *choices; /* KIND_CHOICE: the offered words, space separated */
    double lo, hi;       /* KIND_WHOLE, KIND_REAL: the accepted range */
    size_t field;        /* where the value goes: offsetof(cli_opts, ...) */
    const char *help;    /* one line */
} cli_option;

#define F(name) offsetof(cli_opts, name)
#define NONE ((size_t)-1)

/* Indexed by enum cli_opt_id. -k's maximum is the documented one (docs/cli.md). */
static const cli_option options[CLI_OPT_COUNT] = {
    [OPT_RULES] = {"--rules", "PRESET[,key=value...]", KIND_TEXT, NULL, 0, 0, F(rules_text),
                   "the game and its options (default standard; 'chopsat rules' lists them)"},
    [OPT_FORMAT] = {"--format", "F", KIND_CHOICE, "text json csv", 0, 0, F(format_name),
                    "the output format (default text; json and csv are for scripts)"},
    [OPT_OUT] = {"-o", "FILE", KIND_TEXT, NULL, 0, 0, F(out_path),
                 "write to FILE (it appears only when complete; - is standard output)"},
    [OPT_K] = {"-k", "K", KIND_WHOLE, NULL, 0, 100000, F(k),
               "the bound on the number of moves, plies of both players (required, except by check); reach and win also take inf"},
    [OPT_PLAYER] = {"--player", "P", KIND_WHOLE, NULL, 1, 2, F(player),
                    "the player asked about, default 1"},
    [OPT_FROM] = {"--from", "POS", KIND_TEXT, NULL, 0, 0, F(from),
                  "the starting position (default start)"},
    [OPT_TO] = {"--to", "B", KIND_TEXT, NULL, 0, 0, F(to),
                "the position P must force the game into, instead of a win"},
    [OPT_ALL] = {"--all", NULL, KIND_SWITCH, NULL, 0, 0, F(all),
                 "every position of the game as a table, instead of one position"},
    [OPT_SOLVER] = {"--solver", "NAME", KIND_TEXT, NULL, 0, 0, F(solver),
                    "the solver: a linked-in one by name or external:CMD (docs/solvers.md)"},
    [OPT_TIMEOUT] = {"--timeout", "S", KIND_REAL, NULL, 0.001, 1e7, F(timeout),
                     "a wall-clock limit in seconds for each solver call, default none"},
    [OPT_NO_REPEAT] = {"--no-repeat", "R", KIND_CHOICE, "off immediate path", 0, 0, F(no_repeat),
                       "off (default); immediate: no block of positions repeated at once; path: no position twice"},
    [OPT_EXACT] = {"--exact", NULL, KIND_SWITCH, NULL, 0, 0, F(exact),
                   "exactly K moves instead of at most K (one solver call)"},
    [OPT_NO_INCREMENTAL] = {"--no-incremental", NULL, KIND_SWITCH, NULL, 0, 0, F(no_incremental),
                            "encode the formula afresh for every k instead of deepening one"},
    [OPT_NO_CHECK] = {"--no-check", NULL, KIND_SWITCH, NULL, 0, 0, F(no_check),
                      "skip the cross-check against the explicit engine (the output says so)"},
    [OPT_MOVE_ENCODING] = {"--move-encoding", "E", KIND_CHOICE, "onehot binary textbook", 0, 0,
                           F(move_encoding),
                           "one variable per move (default), the move's number in binary, or textbook: plain clauses per move (small games)"},
    [OPT_POLARITY] = {"--polarity", NULL, KIND_SWITCH, NULL, 0, 0, F(polarity),
                      "Plaisted-Greenbaum clauses: only the implications each gate needs"},
    [OPT_PROOF] = {"--proof", "FILE", KIND_TEXT, NULL, 0, 0, F(proof),
                   "for a no, write a DRAT proof to FILE and check it"},
    [OPT_PREFIX] = {"--prefix", "P", KIND_CHOICE, "levelled innermost", 0, 0, F(prefix),
                    "where state and gate variables go in the quantifier prefix (default levelled)"},
    [OPT_HUMAN] = {"--human", "H", KIND_CHOICE, "1 2 both none", 0, 0, F(human),
                   "who types the moves (default 1; both: two people, none: a demonstration)"},
    [OPT_BLUNDER] = {"--blunder", "P", KIND_REAL, NULL, 0, 1, F(blunder),
                     "the probability that the computer plays a random move, default 0"},
    [OPT_SEED] = {"--seed", "S", KIND_WHOLE, NULL, 0, 2147483647.0, F(seed),
                  "the seed of the random generator, default from the clock (printed)"},
    [OPT_SYMBOLIC] = {"--symbolic", NULL, KIND_SWITCH, NULL, 0, 0, F(symbolic),
                      "the BDD engine (docs/forced.md) instead of the explicit solver: larger games"},
    [OPT_STRATEGY] = {"--strategy", "FILE", KIND_TEXT, NULL, 0, 0, F(strategy),
                      "check the strategy (or refutation) in FILE, JSON as force writes it (- is standard input)"},
    [OPT_QUIET] = {"--quiet", NULL, KIND_SWITCH, NULL, 0, 0, F(quiet),
                   "no progress lines on standard error (shown only when it is a terminal)"},
    [OPT_TREE_DEPTH] = {"--tree-depth", "D", KIND_WHOLE, NULL, 0, 100000, F(tree_depth),
                        "print the tree only to depth D (the rest is counted, not shown)"},
    [OPT_UNBOUNDED] = {"--unbounded", NULL, KIND_SWITCH, NULL, 0, 0, F(unbounded),
                       "no bound: reachable ever, or never (the same as -k inf)"},
    [OPT_ENGINE] = {"--engine", "E", KIND_CHOICE, "ic3 kind", 0, 0, F(engine),
                    "the unbounded engine: ic3 (default, IC3/PDR) or kind (k-induction)"},
    [OPT_CERTIFICATE] = {"--certificate", "FILE", KIND_TEXT, NULL, 0, 0, F(certificate),
                         "for a never, write the checked inductive invariant to FILE"},
    [OPT_ANNOTATE] = {"--annotate", NULL, KIND_SWITCH, NULL, 0, 0, F(annotate),
                      "a comment before every clause saying what it encodes, and stable names"},
    [OPT_FRAMES] = {"--frames", NULL, KIND_SWITCH, NULL, 0, 0, F(frames),
                    "also a table of every named variable's value per frame"},
    [OPT_WITH] = {"--with", "NAME", KIND_TEXT, NULL, 0, 0, F(with),
                  "compare only the clauses that have the variable NAME (e.g. f0.move.tap_LR)"},
    [OPT_NO_CONSTRAINTS] = {"--no-constraints", NULL, KIND_SWITCH, NULL, 0, 0, F(no_constraints),
                            "AIGER without the constraint: folded into the bad state, for tools that read none"},
    [OPT_FORCE] = {"--force", NULL, KIND_SWITCH, NULL, 0, 0, F(force_write),
                   "write into DIR even when it is not empty (files of the same name are replaced)"},
    [OPT_PRESETS] = {"--presets", "LIST", KIND_TEXT, NULL, 0, 0, F(presets),
                     "the rule presets, comma-separated (docs/benchmarks.md has the defaults)"},
    [OPT_FINGERS] = {"--fingers", "LIST", KIND_TEXT, NULL, 0, 0, F(fingers),
                     "the finger counts of the chopsticks presets, comma-separated"},
    [OPT_QUESTIONS] = {"--questions", "LIST", KIND_TEXT, NULL, 0, 0, F(questions),
                       "of win1 win2 reach force1 force2, comma-separated"},
    [OPT_BOUNDS] = {"--bounds", "LIST", KIND_TEXT, NULL, 0, 0, F(bounds),
                    "the bounds K: min, min-N, min+N (from the least number of moves) or a number"},
    [OPT_FORMATS] = {"--formats", "LIST", KIND_TEXT, NULL, 0, 0, F(formats),
                     "of cnf qdimacs smt2 aiger, comma-separated (default all four)"},
    [OPT_TARGET_SECONDS] = {"--target-seconds", "A..B", KIND_TEXT, NULL, 0, 0, F(target_seconds),
                            "keep the instances that CaDiCaL solves in A to B seconds, climbing the bounds"},
    [OPT_HELP] = {"--help", NULL, KIND_SWITCH, NULL, 0, 0, NONE,
                  "this help"},
};

#define O(id) (1ull << (id))
_Static_assert(CLI_OPT_COUNT <= 64, "cli_command.options has a bit per option");
#define BMC_OPTS                                                                               \
    (O(OPT_RULES) | O(OPT_FORMAT) | O(OPT_K) | O(OPT_PLAYER) | O(OPT_SOLVER) | O(OPT_TIMEOUT) |  \
     O(OPT_NO_REPEAT) | O(OPT_EXACT) | O(OPT_NO_INCREMENTAL) | O(OPT_NO_CHECK) |                  \
     O(OPT_MOVE_ENCODING) | O(OPT_POLARITY) | O(OPT_PROOF) | O(OPT_UNBOUNDED) | O(OPT_ENGINE) |      \
     O(OPT_CERTIFICATE) | O(OPT_QUIET))

/* The subcommands in the order `chopsat help` lists them. */
const cli_command cli_commands[] = {
    {"rules", cli_rules, "rules", "list presets and options", O(OPT_RULES), "text"},
    {"moves", cli_moves, "moves POS", "the legal moves of a position",
     O(OPT_RULES) | O(OPT_FORMAT), "text json csv"},
    {"solve", cli_solve, "solve [POS] | solve --all", "exact value, distance, best moves, line",
     O(OPT_RULES) | O(OPT_FORMAT) | O(OPT_ALL) | O(OPT_OUT) | O(OPT_SYMBOLIC) | O(OPT_QUIET),
     "text json csv"},
    {"stats", cli_stats, "stats [--from POS]", "state-graph statistics",
     O(OPT_RULES) | O(OPT_FORMAT) | O(OPT_FROM) | O(OPT_SYMBOLIC) | O(OPT_QUIET), "text json csv"},
    {"chart", cli_chart, "chart", "the best-move chart (+ win, - loss, blank draw)",
     O(OPT_RULES) | O(OPT_FORMAT) | O(OPT_OUT) | O(OPT_QUIET), "text json csv"},
    {"graph", cli_graph, "graph [--from POS] [-o F]", "the reachable game graph as Graphviz DOT",
     O(OPT_RULES) | O(OPT_FROM) | O(OPT_OUT) | O(OPT_QUIET), ""},
    {"play", cli_play, "play [--human 1|2|both|none]", "play the computer (--blunder P, --seed S)",
     O(OPT_RULES) | O(OPT_HUMAN) | O(OPT_BLUNDER) | O(OPT_SEED) | O(OPT_FROM), "text"},
    {"reach", cli_reach, "reach A B -k K", "can B be reached from A within K moves?", BMC_OPTS,
     "text json"},
    {"win", cli_win, "win A -k K [--player P]", "can P win from A within K moves (cooperative)?",
     BMC_OPTS, "text json"},
    {"dimacs", cli_dimacs, "dimacs reach|win ... [-o F]", "the question as DIMACS with a variable map",
     O(OPT_RULES) | O(OPT_K) | O(OPT_PLAYER) | O(OPT_NO_REPEAT) | O(OPT_EXACT) |
         O(OPT_MOVE_ENCODING) | O(OPT_POLARITY) | O(OPT_ANNOTATE) | O(OPT_OUT),
     "text"},
    {"decode", cli_decode, "decode FILE MODEL [--frames]", "a solver's model of a dimacs, aiger or smt2 file as moves",
     O(OPT_FORMAT) | O(OPT_FRAMES), "text json"},
    {"diff", cli_diff, "diff A.cnf B.cnf [--with NAME]", "two formulas compared clause by clause, by names",
     O(OPT_FORMAT) | O(OPT_WITH), "text json"},
    {"aiger", cli_aiger, "aiger reach|win ... [-k K] [-o F]",
     "the game as an AIGER transition system, the question as its bad state",
     O(OPT_RULES) | O(OPT_FORMAT) | O(OPT_K) | O(OPT_PLAYER) | O(OPT_NO_REPEAT) | O(OPT_EXACT) |
         O(OPT_MOVE_ENCODING) | O(OPT_OUT) | O(OPT_NO_CONSTRAINTS),
     "aag aig"},
    {"smt2", cli_smt2, "smt2 reach|win ... -k K [-o F]", "the question as an SMT-LIB 2 (QF_BV) unrolling",
     O(OPT_RULES) | O(OPT_K) | O(OPT_PLAYER) | O(OPT_NO_REPEAT) | O(OPT_EXACT) |
         O(OPT_MOVE_ENCODING) | O(OPT_OUT),
     "text"},
    {"batch", cli_batch, "batch FILE", "answer a file of questions, one per line, as JSON lines", 0, ""},
    {"force", cli_force, "force A [--to B] -k K [--player P]", "can P force a win (or B) within K? (BDD, QBF)",
     O(OPT_RULES) | O(OPT_FORMAT) | O(OPT_K) | O(OPT_PLAYER) | O(OPT_TO) | O(OPT_SOLVER) |
         O(OPT_TIMEOUT) | O(OPT_NO_CHECK) | O(OPT_MOVE_ENCODING) | O(OPT_POLARITY) | O(OPT_PREFIX) |
         O(OPT_TREE_DEPTH) | O(OPT_QUIET),
     "text json"},
    {"qdimacs", cli_qdimacs, "qdimacs force ... [-o F]", "the forced question as QDIMACS with a variable map",
     O(OPT_RULES) | O(OPT_K) | O(OPT_PLAYER) | O(OPT_TO) | O(OPT_MOVE_ENCODING) | O(OPT_POLARITY) |
         O(OPT_PREFIX) | O(OPT_OUT),
     "text"},
    {"check", cli_check, "check A MOVES... | check --strategy FILE",
     "is a typed move sequence legal (who won)? is a strategy winning?",
     O(OPT_RULES) | O(OPT_FORMAT) | O(OPT_STRATEGY) | O(OPT_K) | O(OPT_TO), "text json"},
    {"certify", cli_certify, "certify FILE", "check a certificate of a never (an inductive invariant)",
     O(OPT_FORMAT) | O(OPT_SOLVER) | O(OPT_TIMEOUT), "text json"},
    {"pack", cli_pack, "pack DIR [--presets L] [--questions L] ...",
     "a benchmark family with checked answers (CNF, QDIMACS, SMT-LIB, AIGER)",
     O(OPT_PRESETS) | O(OPT_FINGERS) | O(OPT_QUESTIONS) | O(OPT_BOUNDS) | O(OPT_FORMATS) |
         O(OPT_NO_CONSTRAINTS) | O(OPT_TARGET_SECONDS) | O(OPT_FORCE) | O(OPT_TIMEOUT) | O(OPT_QUIET),
     ""},
    {NULL, NULL, NULL, NULL, 0, NULL},
};

const cli_command *cli_command_find(const char *name)
{
    for (const cli_command *c = cli_commands; c->name; c++)
        if (!strcmp(c->name, name)) return c;
    return NULL;
}

/* Whether `word` is one of the space-separated words of `list` (the empty word never is). */
static bool one_of(const char *list, const char *word)
{
    size_t n = strlen(word);
    if (!n) return false;
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, " ");
        if (len == n && !strncmp(p, word, n)) return true;
        p += len;
        p += strspn(p, " ");
    }
    return false;
}

/* The choices offered for option id by command c ("text json" for a --format). */
static const char *choices_of(const cli_command *c, enum cli_opt_id id)
{
    return id == OPT_FORMAT ? c->formats : options[id].choices;
}

/* Whether command c takes the option whose flag is `a`; its id, or -1. -h is --help. */
static int option_id(const cli_command *c, const char *a)
{
    if (!strcmp(a, "-h")) a = "--help";
    for (int id = 0; id < CLI_OPT_COUNT; id++)
        if (!strcmp(options[id].flag, a))
            return id == OPT_HELP || (c->options & O(id)) ? id : -1;
    return -1;
}

/* Whether argument a is an option (else a positional argument, "-" and "-3" included). */
static bool is_option(const char *a)
{
    return a[0] == '-' && a[1] && !(a[1] >= '0' && a[1] <= '9');
}

/* Whether v is a whole number written plainly: an optional '-' and digits, nothing else. */
static bool plain_whole(const char *v)
{
    if (*v == '-') v++;
    if (!*v) return false;
    return strspn(v, "0123456789") == strlen(v);
}

/* Whether v is a decimal number written plainly: [-]digits[.digits][e[-+]digits] or
 * [-].digits...: no space, no '+', no hexadecimal, inf or nan. */
static bool plain_real(const char *v)
{
    if (*v == '-') v++;
    size_t whole = strspn(v, "0123456789");
    v += whole;
    size_t frac = 0;
    if (*v == '.') {
        frac = strspn(v + 1, "0123456789");
        v += 1 + frac;
    }
    if (!whole && !frac) return false;
    if (*v == 'e' || *v == 'E') {
        v++;
        if (*v == '-' || *v == '+') v++;
        size_t exp = strspn(v, "0123456789");
        if (!exp) return false;
        v += exp;
    }
    return !*v;
}

/* Checks value v of option id for command c and stores it in o; 0 or EXIT_USAGE. */
static int take_value(const cli_command *c, enum cli_opt_id id, const char *v, cli_opts *o)
{
    const cli_option *op = &options[id];
    char *field = (char *)o + op->field;
    const char *cmd = c->name, *flag = op->flag;
    if (op->kind == KIND_TEXT) {
        *(const char **)field = v;
    } else if (op->kind == KIND_CHOICE) {
        if (!one_of(choices_of(c, id), v))
            return cli_usage("%s: %s %s is not offered (choose: %s)", cmd, flag, *v ? v : "''",
                             choices_of(c, id));
        *(const char **)field = v;
    } else if (id == OPT_K && !strcmp(v, "inf") && (c->options & O(OPT_UNBOUNDED))) {
        o->unbounded = true; /* -k inf: no bound */
    } else if (op->kind == KIND_WHOLE) {
        if (!plain_whole(v)) return cli_usage("%s: %s wants a whole number, not '%s'", cmd, flag, v);
        errno = 0;
        long x = strtol(v, NULL, 10);
        if (errno || x < (long)op->lo || x > (long)op->hi)
            return cli_usage("%s: %s %s is out of range (%ld .. %ld)", cmd, flag, v, (long)op->lo,
                             (long)op->hi);
        *(long *)field = x;
    } else {
        double x = plain_real(v) ? strtod(v, NULL) : 0;
        if (!plain_real(v) || !(x >= op->lo && x <= op->hi))
            return cli_usage("%s: %s wants a number from %g to %g, not '%s'", cmd, flag, op->lo,
                             op->hi, v);
        *(double *)field = x;
    }
    return 0;
}

/* The rules and the output format named by the options; 0 or EXIT_ERROR. */
static int finish(const cli_command *c, cli_opts *o)
{
    o->format = !o->format_name                  ? FMT_TEXT
                : !strcmp(o->format_name, "json") ? FMT_JSON
                : !strcmp(o->format_name, "csv")  ? FMT_CSV
                                                  : FMT_TEXT;
    if (!strcmp(c->name, "rules") && !o->rules_text) return 0;
    chopsat_err err;
    o->rules = chopsat_rules_parse(o->rules_text, &err);
    if (!o->rules) return cli_error("%s", err.msg);
    return 0;
}

int cli_parse(const char *cmd, int argc, char **argv, int max_args, cli_opts *o)
{
    memset(o, 0, sizeof *o);
    o->cmd = cmd;
    o->k = -1;
    o->player = 1;
    o->no_repeat = "off";
    o->tree_depth = -1;
    const cli_command *c = cli_command_find(cmd);
    if (!c) return cli_usage("unknown command '%s' (see 'chopsat help')", cmd);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!is_option(a)) {
            if (o->nargs >= max_args || o->nargs >= CLI_MAX_ARGS)
                return cli_usage("%s: unexpected argument '%s' (see 'chopsat help')", cmd, a);
            o->args[o->nargs++] = a;
            continue;
        }
        int id = option_id(c, a);
        if (id < 0 && !strcmp(a, "--no-repeat"))
            return cli_usage("%s: --no-repeat is not offered: a repetition rule constrains one "
                             "sequence of moves (reach, win), and %s decides over positions, not "
                             "over the moves that led to them", cmd, cmd);
        if (id < 0) return cli_usage("%s: unknown option '%s' (see 'chopsat help %s')", cmd, a, cmd);
        o->given[id] = true;
        if (options[id].kind == KIND_SWITCH) {
            if (options[id].field != NONE) *(bool *)((char *)o + options[id].field) = true;
            continue;
        }
        if (i + 1 >= argc) return cli_usage("%s: %s needs a value", cmd, a);
        int rc = take_value(c, (enum cli_opt_id)id, argv[++i], o);
        if (rc) return rc;
    }
    cli_progress_setup(o->quiet);
    return finish(c, o);
}

bool cli_help_asked(const char *cmd, int argc, char **argv)
{
    const cli_command *c = cli_command_find(cmd);
    for (int i = 0; c && i < argc; i++) {
        if (!is_option(argv[i])) continue;
        int id = option_id(c, argv[i]);
        if (id == OPT_HELP) return true;
        if (id >= 0 && options[id].kind != KIND_SWITCH) i++; /* its value, whatever it looks like */
    }
    return false;
}

/* The flag and value of option id as help shows them: "--format text|json", "-k K". */
static void option_synopsis(const cli_command *c, enum cli_opt_id id, char *buf, size_t size)
{
    const cli_option *op = &options[id];
    if (id == OPT_HELP) snprintf(buf, size, "-h, --help");
    else if (op->kind == KIND_CHOICE) {
        snprintf(buf, size, "%s ", op->flag);
        size_t n = strlen(buf);
        for (const char *s = choices_of(c, id); *s && n + 1 < size; s++) buf[n++] = *s == ' ' ? '|' : *s;
        buf[n] = 0;
    } else if (op->value) snprintf(buf, size, "%s %s", op->flag, op->value);
    else snprintf(buf, size, "%s", op->flag);
}

int cli_help_command(FILE *out, const cli_command *c)
{
    fprintf(out, "usage: chopsat %s\n%s\n\noptions:\n", c->usage, c->what);
    for (int id = 0; id < CLI_OPT_COUNT; id++) {
        if (id != OPT_HELP && !(c->options & O(id))) continue;
        const cli_option *op = &options[id];
        char syn[96];
        option_synopsis(c, (enum cli_opt_id)id, syn, sizeof syn);
        fprintf(out, "  %-31s %s", syn, op->help);
        if (op->kind == KIND_WHOLE || op->kind == KIND_REAL)
            fprintf(out, " (%.15g .. %.15g)", op->lo, op->hi);
        fputc('\n', out);
    }
    fprintf(out, "(docs/cli.md describes every command and option)\n");
    return 0;
}

void cli_opts_free(cli_opts *o)
{
    chopsat_rules_free(o->rules);
    o->rules = NULL;
}
