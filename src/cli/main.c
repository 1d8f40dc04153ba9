/* main.c: the chopsat command. It looks up the subcommand and hands over; each subcommand
 * lives in its own cli_<name>.c; the table of commands and options is cli_options.c. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static int help(FILE *out)
{
    fprintf(out, "chopsat %s: two-player games as SAT and QBF problems\n\nusage: chopsat "
                 "COMMAND [options]\n\ncommands:\n", CHOPSAT_VERSION);
    for (const cli_command *c = cli_commands; c->name; c++)
        fprintf(out, "  %-35s %s\n", c->usage, c->what);
    fprintf(out, "\ncommon options: --rules PRESET[,key=value...]  --format text|json|csv  -o FILE\n"
                 "'chopsat help COMMAND' lists the options of one command; docs/cli.md describes "
                 "every command and option.\n");
    return 0;
}

/* Finds and runs the subcommand; its exit status. */
static int dispatch(int argc, char **argv)
{
    if (argc < 2) return cli_usage("chopsat COMMAND [options] (see 'chopsat help' for the commands)");
    const char *name = argv[1];
    if (!strcmp(name, "help") || !strcmp(name, "--help") || !strcmp(name, "-h")) {
        if (argc < 3) return help(stdout);
        const cli_command *c = cli_command_find(argv[2]);
        if (c) return cli_help_command(stdout, c);
        return cli_usage("help: unknown command '%s' (see 'chopsat help')", argv[2]);
    }
    if (!strcmp(name, "--version")) {
        printf("chopsat %s\n", CHOPSAT_VERSION);
        return 0;
    }
    const cli_command *c = cli_command_find(name);
    if (c && cli_help_asked(name, argc - 2, argv + 2)) return cli_help_command(stdout, c);
    if (c) return c->run(argc - 2, argv + 2);
    return cli_usage("unknown command '%s' (see 'chopsat help')", name);
}

int main(int argc, char **argv)
{
    cli_signals_install();
    cli_limit_memory();
    return cli_finish_stdout(dispatch(argc, argv));
}
