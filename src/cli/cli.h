/* cli.h: what the subcommands of the chopsat command share: the option parser, the output
 * file that appears only when complete, and the error conventions (`chopsat: error: ...`,
 * exit 1; `chopsat: usage: ...`, exit 2). Only the CLI prints and exits; the library never. */
#ifndef CHOPSAT_CLI_H
#define CHOPSAT_CLI_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "chopsat.h"

enum { EXIT_YES = 10, EXIT_NO = 20, EXIT_ERROR = 1, EXIT_USAGE = 2, EXIT_MISMATCH = 3 };
enum output_format { FMT_TEXT, FMT_JSON, FMT_CSV };

#define CLI_MAX_ARGS 1000 /* `check A MOVES...` takes one argument per move */

/* The options of the command (cli_options.c declares each once: flag, value, range, help). */
enum cli_opt_id {
    OPT_RULES, OPT_FORMAT, OPT_OUT, OPT_K, OPT_PLAYER, OPT_FROM, OPT_TO, OPT_ALL, OPT_SOLVER,
    OPT_TIMEOUT, OPT_NO_REPEAT, OPT_EXACT, OPT_NO_INCREMENTAL, OPT_NO_CHECK, OPT_MOVE_ENCODING,
    OPT_POLARITY, OPT_PROOF, OPT_PREFIX, OPT_HUMAN, OPT_BLUNDER, OPT_SEED, OPT_SYMBOLIC, OPT_STRATEGY, OPT_QUIET, OPT_TREE_DEPTH,
    OPT_UNBOUNDED, OPT_ENGINE, OPT_CERTIFICATE, OPT_ANNOTATE, OPT_FRAMES, OPT_WITH,
    OPT_NO_CONSTRAINTS, OPT_FORCE, OPT_PRESETS, OPT_FINGERS, OPT_QUESTIONS, OPT_BOUNDS, OPT_FORMATS,
    OPT_TARGET_SECONDS, OPT_HELP,
    CLI_OPT_COUNT
};

/* The values of every option any subcommand takes, as parsed and checked by cli_parse. */
typedef struct cli_opts {
    const char *cmd;
    chopsat_rules *rules;   /* from --rules (NULL only for `rules` without it) */
    const char *rules_text; /* --rules PRESET[,key=value...] */
    enum output_format format;
    const char *format_name; /* --format text|json|csv, NULL when absent */
    const char *out_path;   /* -o FILE */
    long k;                 /* -k K, -1 when absent (and for -k inf) */
    bool unbounded;         /* --unbounded or -k inf (reach, win) */
    const char *engine;     /* --engine ic3|kind */
    const char *certificate; /* --certificate FILE */
    long player;            /* --player P, 1 by default */
    const char *from;       /* --from POS */
    const char *to;         /* --to POS */
    bool all;               /* --all */
    bool symbolic;          /* --symbolic: the BDD engine instead of the explicit solver */
    const char *solver;     /* --solver NAME */
    double timeout;         /* --timeout SECONDS, 0 = none */
    const char *no_repeat;  /* --no-repeat off|immediate|path */
    bool exact;             /* --exact */
    bool no_incremental;    /* --no-incremental */
    bool no_check;          /* --no-check */
    const char *move_encoding; /* --move-encoding onehot|binary|textbook */
    bool annotate;          /* dimacs --annotate */
    bool frames;            /* decode --frames */
    const char *with;       /* diff --with NAME */
    bool polarity;          /* --polarity (Plaisted-Greenbaum) */
    const char *proof;      /* --proof FILE */
    const char *prefix;     /* --prefix levelled|innermost (QBF variable placement) */
    const char *human;      /* --human 1|2|both|none */
    double blunder;         /* --blunder P */
    long seed;              /* --seed S */
    const char *strategy;   /* --strategy FILE (check) */
    bool quiet;             /* --quiet: no progress on standard error */
    long tree_depth;        /* --tree-depth D (force), -1 when absent */
    bool no_constraints;    /* --no-constraints: AIGER without constraints (folded into bad) */
    bool force_write;       /* pack --force: write into a folder that is not empty */
    const char *presets, *fingers, *questions, *bounds, *formats; /* pack: the family's grid */
    const char *target_seconds; /* pack --target-seconds A..B */
    bool given[CLI_OPT_COUNT]; /* which options appeared */
    int nargs;
    const char *args[CLI_MAX_ARGS];
} cli_opts;

/* A subcommand: its name, what runs it, its synopsis and question for `chopsat help`, the
 * options it takes (a bit per enum cli_opt_id) and the --format values it offers. */
typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *usage;
    const char *what;
    unsigned long long options; /* a bit per option: room for 64 */
    const char *formats;
} cli_command;
extern const cli_command cli_commands[]; /* ends with a NULL name */
const cli_command *cli_command_find(const char *name);

/* Parses argv (after the subcommand's name) for subcommand cmd: the options its table entry
 * takes, each value checked (whole numbers plain and in range, choices exact), and at most
 * max_args positional arguments; then parses the rules (except for `rules` without --rules).
 * Returns 0, or prints one usage line and returns EXIT_USAGE (EXIT_ERROR for bad rules). */
int cli_parse(const char *cmd, int argc, char **argv, int max_args, cli_opts *o);
void cli_opts_free(cli_opts *o);
/* Whether argv (after cmd's name) asks for help: -h or --help where an option may stand. */
bool cli_help_asked(const char *cmd, int argc, char **argv);
/* Prints the synopsis and every option of c, one line each, to out; returns 0. */
int cli_help_command(FILE *out, const cli_command *c);

/* Prints `chopsat: error: <msg>` and returns EXIT_ERROR. */
int cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints `chopsat: usage: <msg>` and returns EXIT_USAGE. */
int cli_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Parses a position for these rules, printing the error. Returns 0 or EXIT_ERROR. */
int cli_position(const cli_opts *o, const char *text, chopsat_pos *out);

/* Output files (cli_output.c, docs/reliability.md): path NULL or "-" is standard output; a
 * regular file (or a new one) is written to an unpredictable temporary beside it that replaces
 * it, mode kept, only when cli_out_close(ok) finds every write, flush, fsync and close
 * succeeded (else the temporary is removed); a FIFO or character device is written directly;
 * anything else is refused. Both print their one error line and return EXIT_ERROR. */
typedef struct cli_out {
    FILE *f;
    char *shown;      /* the name as given, for messages */
    char *path, *tmp; /* the file replaced (a symlink resolved) and its temporary */
    int slot;         /* the temporary's entry in the signal registry, -1 none */
    bool direct;      /* writing straight into a FIFO or device */
} cli_out;
int cli_out_open(cli_out *out, const char *path);
int cli_out_close(cli_out *out, bool ok);
/* Closes out after a library writer returned wrc (0, or -1 with a message in err): a write
 * error is reported with the file's name and reason, any other failure with err's message. */
int cli_out_finish(cli_out *out, int wrc, const chopsat_err *err);
/* Flushes and closes standard output at the end of a command: rc, or EXIT_ERROR with one line
 * when a write to it failed (a full disk, a closed descriptor). */
int cli_finish_stdout(int rc);

/* The signal registry (cli_signal.c): temporaries to remove and a child process group to kill
 * when chopsat is interrupted (SIGINT, SIGTERM, SIGHUP, SIGPIPE) or runs out of memory. */
void cli_signals_install(void);
/* Caps the address space (RLIMIT_AS) at the physical memory, so that what cannot fit fails
 * as an allocation instead of drawing the OOM killer (not under AddressSanitizer). */
void cli_limit_memory(void);
int cli_guard_file(const char *path); /* a slot, or -1 when the registry is full */
void cli_unguard_file(int slot);
void cli_guard_child(long pgid);
void cli_unguard_child(long pgid);
/* A command's own clean-up, run by the handler first (only async-signal-safe calls); NULL none. */
void cli_guard_hook(void (*hook)(void));

/* calloc for the command: on out-of-memory it prints one error line and exits (the library's
 * allocation helpers are its own; the command uses only chopsat.h and its own files). */
void *cli_calloc(size_t count, size_t size);
char *cli_strdup(const char *s);

/* Writes s to f with every control character, invalid UTF-8 byte and C1 control escaped
 * (\n, \t, \x1b ...), so echoed input stays on one line and sends the terminal nothing. */
void cli_escaped(FILE *f, const char *s);

/* Writes s as one CSV field: as it is, or in double quotes (inner quotes doubled) when it holds
 * a comma, a quote or a line break ("split 1,3", "1,10/0,4:1"). */
void csv_field(FILE *f, const char *s);
/* Progress on standard error (cli_progress.c): only when it is a terminal (or
 * CHOPSAT_PROGRESS=1), never after cli_progress_setup(true) (--quiet). A phase is shown with
 * the elapsed time, refreshed every second until cli_progress_end clears it, which a command
 * calls before it prints its answer. cli_progress is the library's callback; ctx names the
 * command (NULL: "solve"). */
void cli_progress_setup(bool quiet);
/* Set while a progress line is on the terminal (the signal handler clears it first). */
extern volatile sig_atomic_t cli_progress_line_shown;
void cli_progress_phase(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_progress_end(void);
void cli_progress(void *ctx, const char *phase, double done);

/* A JSON value read from a file (cli_json_read.c), for `check --strategy`: the writer is the
 * library's (chopsat_json_*); reading is the command's own. */
typedef enum { JV_NULL, JV_BOOL, JV_NUMBER, JV_STRING, JV_ARRAY, JV_OBJECT } json_kind;
typedef struct json_value {
    json_kind kind;
    bool boolean;
    double number;
    char *string;               /* JV_STRING (UTF-8, escapes decoded) */
    size_t n;                   /* JV_ARRAY, JV_OBJECT: how many members */
    struct json_value *items;   /* their values */
    char **keys;                /* JV_OBJECT: their keys */
} json_value;
/* Parses the whole of text (one value, white space around it); 0, or -1 with a message naming
 * the line and what was expected in msg. */
int json_parse(const char *text, json_value *out, char *msg, size_t size);
void json_value_free(json_value *v);
/* The member key of object v (the first, when repeated), or NULL. */
const json_value *json_member(const json_value *v, const char *key);

int cli_rules(int argc, char **argv);
int cli_moves(int argc, char **argv);
int cli_solve(int argc, char **argv);
int cli_stats(int argc, char **argv);
/* solve --symbolic (cli_symbolic.c): values and counts from the BDD engine. */
int cli_solve_symbolic(cli_opts *o, const chopsat_pos *p);
int cli_chart(int argc, char **argv);
int cli_graph(int argc, char **argv);
int cli_reach(int argc, char **argv);
int cli_win(int argc, char **argv);
int cli_dimacs(int argc, char **argv);
int cli_decode(int argc, char **argv);
int cli_diff(int argc, char **argv);
int cli_play(int argc, char **argv);
int cli_force(int argc, char **argv);
int cli_qdimacs(int argc, char **argv);
int cli_check(int argc, char **argv);
/* check --strategy FILE (cli_check_strategy.c): a strategy or refutation tree from a file. */
int cli_check_strategy(cli_opts *o);
int cli_certify(int argc, char **argv);
int cli_aiger(int argc, char **argv);
int cli_smt2(int argc, char **argv);
int cli_batch(int argc, char **argv);
int cli_pack(int argc, char **argv);

/* Shared by the bounded and unbounded answers (cli_bmc.c): the question from the options and
 * positional arguments (0 or EXIT_USAGE/EXIT_ERROR), the encoding options, and a replayed
 * witness (names from chopsat_replay) in JSON (null without a path) and as numbered moves. */
int cli_build_query(const cli_opts *o, chopsat_question kind, chopsat_query *q);
chopsat_bmc_opts cli_bmc_opts(const cli_opts *o);
void cli_witness_json(chopsat_json *j, const chopsat_rules *r, const chopsat_pos *path,
                      const chopsat_moves *names);
void cli_witness_text(const chopsat_rules *r, const chopsat_pos *path, const chopsat_moves *names);
/* reach/win with --unbounded or -k inf (cli_unbounded.c); the exit status. */
int cli_ask_unbounded(cli_opts *o, chopsat_question kind);

#endif
