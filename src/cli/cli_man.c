/* cli_man.c: the manual page chopsat(1), written in roff by `chopsat --man` (the Makefile makes
 * docs/chopsat.1 with it). Every command and every option comes from the tables of
 * cli_options.c, so the page says what `chopsat help CMD` says and cannot drift from the
 * parser: the commands with their synopsis, question, options and exit statuses, the options
 * with their words (and which commands take which), defaults, ranges and the commands that
 * take and need them. Around them, the fixed parts of a manual page: exit statuses, the
 * environment, files, examples. */
#include <string.h>

#include "cli/cli.h"

/* Writes s as roff text: a backslash as \e, a '-' as \- when `minus` (flags, commands), a
 * line that would begin with '.' or '\'' protected by \&. */
static void text(FILE *out, const char *s, bool minus)
{
    if (*s == '.' || *s == '\'') fputs("\\&", out);
    for (; *s; s++) {
        if (*s == '\\')
            fputs("\\e", out);
        else if (*s == '-' && minus)
            fputs("\\-", out);
        else
            fputc(*s, out);
    }
}

/* A line of roff text, ended. */
static void line(FILE *out, const char *s)
{
    text(out, s, false);
    fputc('\n', out);
}

/* The fixed sections before the commands. */
static void head(FILE *out)
{
    fprintf(out, ".\\\" chopsat(1), written by `chopsat --man` from the command's option table;\n"
                 ".\\\" edit src/cli/cli_options.h or src/cli/cli_man.c, not this file.\n");
    fprintf(out, ".TH CHOPSAT 1 \"\" \"chopsat %s\" \"User Commands\"\n.nh\n", CHOPSAT_VERSION);
    fprintf(out, ".SH NAME\nchopsat \\- two\\-player games as SAT and QBF problems\n");
    fprintf(out, ".SH SYNOPSIS\n.B chopsat\n.I COMMAND\n.RI [ options ]\n.br\n");
    fprintf(out, ".B chopsat help\n.RI [ COMMAND ]\n.br\n.B chopsat \\-\\-version\n");
    fprintf(out, ".SH DESCRIPTION\n");
    line(out, "chopsat answers questions about small two-player games of perfect information "
              "(the Chopsticks family of finger games and a one-die race to a total, with their "
              "options and presets: see chopsat rules) by turning them into SAT and QBF problems, "
              "solving them with linked-in solvers (CaDiCaL, PicoSAT, DepQBF) or a BDD engine, "
              "and checking every symbolic answer with an independent explicit engine. It also "
              "writes the formulas for other tools (DIMACS, QDIMACS, AIGER, SMT-LIB 2) and reads "
              "their answers back.");
    fprintf(out, ".PP\n");
    line(out, "Positions are written P1/P2 with an optional :M for the player to move (11/04, "
              "1,1/0,4:2), TOTAL@TOP[:M] in the one-die game (24@3), or start. A bound K counts "
              "the moves (plies) of both players. The answers of reach, win and force are exit "
              "statuses, as SAT solvers give them: 10 for yes, 20 for no.");
}

/* One command: its synopsis, question, options and exit statuses. */
static void command(FILE *out, const cli_command *c)
{
    fprintf(out, ".TP\n.B chopsat ");
    text(out, c->usage, true);
    fputc('\n', out);
    line(out, c->what);
    fprintf(out, ".br\nOptions:");
    const char *sep = " ";
    for (int id = 0; id < CLI_OPT_COUNT; id++) {
        if (!cli_takes(c, (enum cli_opt_id)id)) continue;
        fprintf(out, "%s\\fB", sep);
        text(out, cli_options[id].flag, true);
        fprintf(out, "\\fR");
        sep = ", ";
    }
    fprintf(out, ".\n.br\nExit status: ");
    text(out, c->exits, false);
    fprintf(out, "; 1 an error; 2 bad usage.\n");
}

/* One option: its flag and value (every word), what it means for each command, which
 * commands take it. */
static void option(FILE *out, enum cli_opt_id id)
{
    char syn[256], help[2048], names[512];
    cli_option_text(NULL, id, syn, sizeof syn, help, sizeof help);
    const cli_option *op = &cli_options[id];
    size_t flag = strcspn(syn, " ");
    if (id == OPT_HELP || !syn[flag]) {
        fprintf(out, ".TP\n.B \"");
        text(out, syn, true);
    } else { /* the flag in bold, the value in italics */
        char flag_only[64];
        snprintf(flag_only, sizeof flag_only, "%.*s", (int)flag, syn);
        fprintf(out, ".TP\n.BI \"");
        text(out, flag_only, true);
        fprintf(out, " \" \"");
        text(out, syn + flag + 1, false);
    }
    fprintf(out, "\"\n");
    line(out, help);
    if (id == OPT_HELP) return;
    cli_command_names(op->commands, names, sizeof names);
    fprintf(out, ".br\nCommands: ");
    text(out, names, false);
    fprintf(out, ".\n");
    if (op->refused) {
        fprintf(out, ".br\nThe other commands refuse it: ");
        text(out, op->refused, false);
        fprintf(out, ".\n");
    }
}

/* The fixed sections after the options. */
static void tail(FILE *out)
{
    fprintf(out, ".SH \"EXIT STATUS\"\n");
    static const char *const statuses[][2] = {
        {"0", "done (for check: legal, or the strategy holds; for diff: the same clauses)"},
        {"10", "yes: satisfiable, reachable, a forced win (reach, win, force, decode); diff: "
               "the formulas differ"},
        {"20", "no: unsatisfiable, unreachable, never; check: an illegal move or a tree that "
               "does not hold"},
        {"1", "an error: bad rules or a bad position, a file that cannot be read or written, a "
              "solver that failed or timed out, a game too large; one line on standard error, "
              "chopsat: error: ..."},
        {"2", "bad usage: an unknown command or option, a missing or extra argument, a value "
              "not offered; one line on standard error, chopsat: usage: ..."},
        {"3", "a failed cross-check: the explicit engine disagrees with a symbolic answer, or "
              "a witness or certificate does not hold, or the linked solver shows an external "
              "solver's core wrong"},
        {"4", "certify: the certificate holds by an external solver's word alone, which no "
              "explicit search confirmed (NOT cross-checked)"},
        {"128+N", "interrupted by signal N (SIGINT, SIGTERM, SIGHUP): temporary files are "
                  "removed and a solver chopsat runs is stopped first"},
    };
    for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++) {
        fprintf(out, ".TP\n.B %s\n", statuses[i][0]);
        line(out, statuses[i][1]);
    }
    fprintf(out, ".SH ENVIRONMENT\n");
    static const char *const env[][2] = {
        {"CHOPSAT_MEMORY", "the MiB the explicit engine may plan to use (default MemAvailable "
                           "of /proc/meminfo): a game that does not fit is refused up front or "
                           "searched another way; 1 to 17592186044415 (else refused)"},
        {"CHOPSAT_BDD_NODES", "the BDD engine's node limit (default 16777216: about 320 MiB "
                              "and caches); 65536 to 1073741824 (else refused)"},
        {"CHOPSAT_PROGRESS", "1: progress lines on standard error even when it is not a "
                             "terminal, one line per update; 0: never (by default only on a "
                             "terminal, and never with --quiet; anything else is refused with one "
                             "line; empty is unset)"},
        {"TMPDIR", "where the files for external solvers (--solver external:CMD) are made "
                   "(default /tmp)"},
    };
    for (size_t i = 0; i < sizeof env / sizeof env[0]; i++) {
        fprintf(out, ".TP\n.B %s\n", env[i][0]);
        line(out, env[i][1]);
    }
    fprintf(out, ".SH FILES\n");
    line(out, "An output file (-o FILE, --proof FILE, --certificate FILE) appears only when "
              "complete: chopsat writes a temporary beside it, .FILE.chopsat-XXXXXXXXXXXX, and "
              "renames it over FILE after every write, flush and sync succeeded; on any failure "
              "FILE is untouched and the temporary removed. A FIFO or a character device is "
              "written into as it is; a directory, a block device, a socket or a link to "
              "nothing is refused. - is standard output.");
    fprintf(out, ".SH EXAMPLES\n");
    static const char *const examples[][2] = {
        {"chopsat solve start", "who wins the standard game from the start, with best play"},
        {"chopsat win start \\-k 30", "can player 1 win within 30 moves (both players "
                                      "cooperating)? A witness, replayed and cross-checked"},
        {"chopsat force 01/11 \\-k 4 \\-\\-player 2", "can player 2 force a win within 4 "
                                                      "moves? Yes, with the strategy tree"},
        {"chopsat dimacs win start \\-k 10 \\-o w.cnf", "the question as DIMACS with a "
                                                        "variable map, for any SAT solver"},
        {"chopsat decode w.cnf w.out", "that solver's model (w.out) as moves"},
        {"chopsat win 11/11 \\-k inf \\-\\-rules no\\-split", "can player 1 ever win? (IC3)"},
        {"chopsat help force", "the options of one command"},
    };
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        fprintf(out, ".TP\n.B %s\n", examples[i][0]);
        line(out, examples[i][1]);
    }
    fprintf(out, ".SH \"SEE ALSO\"\n");
    line(out, "The documentation in the source tree: README.md, docs/cli.md (every command and "
              "option, with output formats), docs/rules.md (the games), docs/questions.md, "
              "docs/encoding.md, docs/solvers.md, docs/library.md (the library libchopsat, "
              "installed by make install beside this page: pkg-config chopsat gives its flags).");
}

int cli_man(FILE *out)
{
    head(out);
    fprintf(out, ".SH COMMANDS\n");
    for (const cli_command *c = cli_commands; c->name; c++)
        command(out, c);
    fprintf(out, ".SH OPTIONS\n");
    line(out, "Each command takes the options its entry above lists, and of an option's words "
              "those marked for it; chopsat help COMMAND lists them for one command. A value is "
              "checked strictly: a number written plainly and in range, a word exactly.");
    for (int id = 0; id < CLI_OPT_COUNT; id++)
        option(out, (enum cli_opt_id)id);
    tail(out);
    return 0;
}
