/* main.c: the chopsat command. It looks up the subcommand and hands over; each subcommand
 * lives in its own cli_<name>.c. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *usage; /* the command and its arguments */
    const char *what;  /* what it answers */
} command;

static const command commands[] = {
    {"rules", cli_rules, "rules", "list presets and options"},
    {"moves", cli_moves, "moves POS", "the legal moves of a position"},
    {"solve", cli_solve, "solve [POS] | solve --all", "exact value, distance, best moves, line"},
    {"stats", cli_stats, "stats [--from POS]", "state-graph statistics"},
    {"chart", cli_chart, "chart", "the best-move chart (+ win, - loss, blank draw)"},
    {"graph", cli_graph, "graph [--from POS] [-o F]", "the reachable game graph as Graphviz DOT"},
    {"play", cli_play, "play [--human 1|2|both|none]", "play the computer (--blunder P, --seed S)"},
    {"reach", cli_reach, "reach A B -k K", "can B be reached from A within K moves?"},
    {"win", cli_win, "win A -k K [--player P]", "can P win from A within K moves (cooperative)?"},
    {"dimacs", cli_dimacs, "dimacs reach|win ... [-o F]", "the question as DIMACS with a variable map"},
    {"decode", cli_decode, "decode FILE.cnf MODEL", "a solver's model of such a file as moves"},
    {"force", cli_force, "force A [--to B] -k K [--player P]", "can P force a win (or B) within K? (QBF)"},
    {"qdimacs", cli_qdimacs, "qdimacs force ... [-o F]", "the forced question as QDIMACS with a variable map"},
};

static int help(FILE *out)
{
    fprintf(out, "chopsat %s: two-player games as SAT and QBF problems\n\nusage: chopsat "
                 "COMMAND [options]\n\ncommands:\n", CHOPSAT_VERSION);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-35s %s\n", commands[i].usage, commands[i].what);
    fprintf(out, "\ncommon options: --rules PRESET[,key=value...]  --format text|json|csv  -o FILE\n"
                 "docs/cli.md describes every command and option.\n");
    return 0;
}

/* Finds and runs the subcommand; its exit status. */
static int dispatch(int argc, char **argv)
{
    if (argc < 2) return cli_usage("chopsat COMMAND [options] (see 'chopsat help' for the commands)");
    const char *name = argv[1];
    if (!strcmp(name, "help") || !strcmp(name, "--help") || !strcmp(name, "-h")) {
        if (argc < 3) return help(stdout);
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            if (!strcmp(commands[i].name, argv[2])) {
                printf("usage: chopsat %s\n%s\n(docs/cli.md describes every option)\n",
                       commands[i].usage, commands[i].what);
                return 0;
            }
        return cli_usage("help: unknown command '%s' (see 'chopsat help')", argv[2]);
    }
    if (!strcmp(name, "--version")) {
        printf("chopsat %s\n", CHOPSAT_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(commands[i].name, name)) return commands[i].run(argc - 2, argv + 2);
    return cli_usage("unknown command '%s' (see 'chopsat help')", name);
}

int main(int argc, char **argv)
{
    cli_signals_install();
    return cli_finish_stdout(dispatch(argc, argv));
}
