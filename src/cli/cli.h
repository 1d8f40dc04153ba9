/* cli.h: what the subcommands of the chopsat command share: the option parser, the output
 * file that appears only when complete, and the error conventions (`chopsat: error: ...`,
 * exit 1; `chopsat: usage: ...`, exit 2). Only the CLI prints and exits; the library never. */
#ifndef CHOPSAT_CLI_H
#define CHOPSAT_CLI_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "chopsat.h"
#include "chopsat_tool.h"
#include "cli/cli_options.h"

enum { EXIT_YES = 10, EXIT_NO = 20, EXIT_ERROR = 1, EXIT_USAGE = 2, EXIT_MISMATCH = 3 };
/* certify: the certificate holds by an external solver's word alone (docs/cli.md) */
enum { EXIT_UNCHECKED = 4 };

#define CLI_MAX_ARGS 1000 /* `check A MOVES...` takes one argument per move */

/* The values of every option any subcommand takes, as parsed and checked by cli_parse: a field
 * per option of CLI_OPTIONS (cli_options.h), its default when the option is absent. */
typedef struct cli_opts {
    const char *cmd;
    chopsat_rules *rules; /* from --rules (NULL only for `rules` without it) */
#define OPTION(ID, field, flag, value, kind, def, lo, hi, cmds, needed, help, refused)             \
    CLI_TYPE_##kind field;
    CLI_OPTIONS
#undef OPTION
    bool given[CLI_OPT_COUNT]; /* which options appeared */
    int nargs;
    const char *args[CLI_MAX_ARGS];
} cli_opts;

/* The tables made from the lists of cli_options.h (cli_options.c), which help and the manual
 * page (cli_man.c) read. A command of CLI_COMMANDS: */
typedef struct cli_command {
    enum cli_command_id id;
    const char *name;
    int (*run)(int argc, char **argv);
    const char *args;  /* its required positional arguments, '|' between them */
    const char *usage; /* its synopsis and question, for help */
    const char *what;
    const char *exits; /* its exit statuses besides 1 and 2 */
} cli_command;
extern const cli_command cli_commands[]; /* ends with a NULL name */

enum cli_opt_kind { KIND_SWITCH, KIND_TEXT, KIND_CHOICE, KIND_WHOLE, KIND_REAL };
/* An option of CLI_OPTIONS, and where its value goes in struct cli_opts. */
typedef struct cli_option {
    const char *flag;  /* "--rules" */
    const char *value; /* what the value is called in help ("FILE"), NULL for a switch */
    enum cli_opt_kind kind;
    double lo, hi;          /* KIND_WHOLE, KIND_REAL: the accepted range */
    unsigned long commands; /* a bit per enum cli_command_id: the commands that take it */
    unsigned long needed;   /* ... and those that need it */
    size_t field;           /* offsetof(cli_opts, ...) */
    const char *help;       /* one line, without its words, default or range */
    const char *refused;    /* why the other commands do not take it, or NULL */
} cli_option;
extern const cli_option cli_options[CLI_OPT_COUNT];

/* A word of CLI_CHOICES. */
typedef struct cli_choice_row {
    enum cli_opt_id option;
    const char *word;
    unsigned long commands; /* of those that take the option, the ones that take this word */
    const char *help;       /* what it means */
    const char *refused;    /* why the other commands do not take it, or NULL */
} cli_choice_row;
extern const cli_choice_row cli_choices[CLI_CHOICE_COUNT];

/* Finds and runs the subcommand argv[1] (help, --version and --man too), as main does; its exit
 * status (main.c; batch runs each line through it). */
int cli_dispatch(int argc, char **argv);
const cli_command *cli_command_find(const char *name);
/* Whether command c takes option id; whether it takes choice w (of its option): `batch` asks
 * for FMT_JSON. c NULL: any command. */
bool cli_takes(const cli_command *c, enum cli_opt_id id);
bool cli_offers(const cli_command *c, enum cli_choice w);
/* The word of choice w ("ic3"), as the user writes it. */
const char *cli_choice_word(enum cli_choice w);
/* An option's other name (CLI_ALIASES), all of them in cli_aliases. */
typedef struct cli_alias {
    enum cli_opt_id option;
    const char *flag;
} cli_alias;
enum {
    CLI_ALIAS_COUNT = 0
#define ALIAS(ID, flag) +1
    CLI_ALIASES
#undef ALIAS
};
extern const cli_alias cli_aliases[CLI_ALIAS_COUNT];
/* Appends to buf (size, n used) as snprintf would; the new length, capped at size - 1. */
size_t cli_append(char *buf, size_t size, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The words of option id that command c takes (NULL: any), separated by sep, into buf. */
void cli_word_list(const cli_command *c, enum cli_opt_id id, const char *sep, char *buf,
                   size_t size);
/* Option id as help shows it for command c (NULL: for every command that takes it): its flag
 * and value ("--format text|json", "-k K") in syn, its line (the words with what they mean,
 * the default, required or optional, the range) in text. */
void cli_option_text(const cli_command *c, enum cli_opt_id id, char *syn, size_t syn_size,
                     char *text, size_t text_size);
/* The names of the commands in mask, ", " between them, in buf ("reach, win"). */
void cli_command_names(unsigned long mask, char *buf, size_t size);
/* Writes the manual page chopsat(1), in roff, to out (cli_man.c; `chopsat --man`); 0. */
int cli_man(FILE *out);
/* Prints the usage line for o's command (or, with question, for `CMD QUESTION`: "dimacs
 * reach") when o has fewer positional arguments than it needs, naming the first one missing
 * ("reach needs a target position B"), and returns EXIT_USAGE; 0 when none is missing. */
int cli_need_args(const cli_opts *o, const char *question);
/* For a command that begins with a question word (dimacs reach|win, qdimacs force): the one of
 * the n words that argv[0] is, else NULL after printing the usage line. */
const char *cli_question(const char *cmd, int argc, char **argv, const char *const *words,
                         size_t n);

/* Parses argv (after the subcommand's name) for subcommand cmd: the options its table entry
 * takes, each value checked (whole numbers plain and in range, choices exact), and at most
 * max_args positional arguments; then parses the rules (except for `rules` without --rules).
 * Returns 0, or prints one usage line and returns EXIT_USAGE (EXIT_ERROR for bad rules). */
int cli_parse(const char *cmd, int argc, char **argv, int max_args, cli_opts *o);
void cli_opts_free(cli_opts *o);
/* Whether argv (after cmd's name) asks for help: -h or --help where an option may stand. */
bool cli_help_asked(const char *cmd, int argc, char **argv);
/* The options a command line gives, read as the parser reads them but with no value checked
 * (for batch, before it runs a line): value[id] is the last value of option id (a switch: its
 * flag; NULL: absent); dangling says the line ends with an option that wants a value. */
typedef struct cli_scan {
    const char *value[CLI_OPT_COUNT];
    bool dangling;
} cli_scan;
void cli_scan_line(const cli_command *c, int argc, char **argv, cli_scan *s);
/* Prints the synopsis and every option of c, one line each, to out; returns 0. */
int cli_help_command(FILE *out, const cli_command *c);

/* Prints `chopsat: error: <msg>` and returns EXIT_ERROR. */
int cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints `chopsat: usage: <msg>` and returns EXIT_USAGE. */
int cli_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The one open-the-argument prologue: opens the file named by a command's argument for reading
 * (with CLI_IN_DASH, "-" is standard input). NULL after one line, "cannot read 'PATH'" (with
 * CLI_IN_REASON, ": REASON" after it): the command then returns EXIT_ERROR. cli_close_in closes
 * it unless it is standard input (NULL is fine). */
enum { CLI_IN_DASH = 1, CLI_IN_REASON = 2 };
FILE *cli_open_in(const char *path, unsigned flags);
void cli_close_in(FILE *f);

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
    int slot;         /* the temporary's entry in the clean-up registry, -1 none */
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

/* The signal handling (cli_signal.c): the one clean-up registry (chopsat_cleanup_*,
 * chopsat_tool.h) run when chopsat is interrupted (SIGINT, SIGTERM, SIGHUP, SIGPIPE) or runs out
 * of memory (the library's out-of-memory handler, installed here: one line, exit 1). */
void cli_signals_install(void);
/* Caps the address space (RLIMIT_AS) at the physical memory, so that what cannot fit fails
 * as an allocation instead of drawing the OOM killer (not under AddressSanitizer). */
void cli_limit_memory(void);

/* calloc for the command: on out-of-memory it prints one error line and exits (the library's
 * allocation helpers are its own; the command uses only chopsat.h and its own files). */
void *cli_calloc(size_t count, size_t size);
char *cli_strdup(const char *s);

/* Progress on standard error (cli_progress.c): only when it is a terminal (or
 * CHOPSAT_PROGRESS=1), never after cli_progress_setup(true) (--quiet). A phase is shown with
 * the elapsed time, refreshed every second until cli_progress_end clears it, which a command
 * calls before it prints its answer. cli_progress is the library's callback; ctx names the
 * command (NULL: "solve"). */
void cli_progress_setup(bool quiet);
/* CHOPSAT_PROGRESS is unset, empty, 0 or 1: 0, else 1 with its one line in msg. */
int cli_progress_setting_check(char *msg, size_t size);
/* Set while a progress line is on the terminal (the signal handler clears it first). */
extern volatile sig_atomic_t cli_progress_line_shown;
void cli_progress_phase(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_progress_end(void);
void cli_progress(void *ctx, const char *phase, double done);

int cli_rules(int argc, char **argv);
int cli_moves(int argc, char **argv);
int cli_solve(int argc, char **argv);
int cli_stats(int argc, char **argv);
/* solve --bdd (cli_solve_bdd.c): values and counts from the BDD engine. */
int cli_solve_bdd(cli_opts *o, const chopsat_pos *p);
/* Solves o's rules for `search` (CHOPSAT_SEARCH_*: the solve and what follows it, whose memory
 * is checked before anything starts); NULL after printing the error. */
chopsat_solution *cli_solve_checked(const cli_opts *o, int search);
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
int cli_serve(int argc, char **argv);
int cli_core(int argc, char **argv);
int cli_qbf_eval(int argc, char **argv);
int cli_grade(int argc, char **argv);
/* win/reach --why after a no within K (cli_core.c): the question's core in words; the exit
 * status (0, or EXIT_ERROR when the core could not be found). */
int cli_why(const cli_opts *o, const chopsat_query *q);

/* Shared by the bounded and unbounded answers (cli_query.c): the question from the options and
 * positional arguments (0 or EXIT_USAGE/EXIT_ERROR; -k inf gives k = CHOPSAT_NO_BOUND) and the
 * encoding options. */
int cli_build_query(const cli_opts *o, chopsat_question kind, chopsat_query *q);
chopsat_bmc_opts cli_bmc_opts(const cli_opts *o);
/* Parses `CMD reach A B ...` or `CMD win A ...` (dimacs, aiger, smt2; -k K where the option
 * table says it is needed, else a question without a bound and k = 0): 0 with *o and *q
 * filled, else the status (*o is to be freed either way). */
int cli_question_query(const char *cmd, int argc, char **argv, cli_opts *o, chopsat_query *q);

#endif
