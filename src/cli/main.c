/* main.c: the chopsat command. It looks up the subcommand and hands over (with a "did you
 * mean" for a name that is none); each subcommand lives in its own cli_<name>.c; the lists of
 * commands and options are cli_options.h, the manual page (--man) cli_man.c. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static int help(FILE *out)
{
    fprintf(out,
            "chopsat %s: two-player games as SAT and QBF problems\n\nusage: chopsat "
            "COMMAND [options]\n\ncommands:\n",
            CHOPSAT_VERSION);
    for (const cli_command *c = cli_commands; c->name; c++)
        fprintf(out, "  %-35s %s\n", c->usage, c->what);
    fprintf(out, "\ncommon options:");
    static const enum cli_opt_id common[] = {OPT_RULES, OPT_FORMAT, OPT_OUT};
    for (size_t i = 0; i < sizeof common / sizeof common[0]; i++) {
        char syn[128], text[1024];
        cli_option_text(NULL, common[i], syn, sizeof syn, text, sizeof text);
        fprintf(out, "%s%s", i ? "  " : " ", syn);
    }
    fprintf(out, "\n'chopsat help COMMAND' lists the options of one command, with the values it "
                 "takes; docs/cli.md and the manual page chopsat(1), docs/chopsat.1, describe "
                 "every command and option.\n");
    return 0;
}

/* The usage error for a command name that is none: the nearest command, if one is near. */
static int unknown_command(const char *prefix, const char *name)
{
    const char *names[CLI_COMMAND_COUNT + 1];
    size_t n = 0;
    for (const cli_command *c = cli_commands; c->name; c++)
        names[n++] = c->name;
    const char *near = chopsat_nearest(name, names, n);
    if (near)
        return cli_usage("%sunknown command '%s' (did you mean '%s'? see 'chopsat help')", prefix,
                         name, near);
    return cli_usage("%sunknown command '%s' (see 'chopsat help')", prefix, name);
}

int cli_dispatch(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage("chopsat COMMAND [options] (see 'chopsat help' for the commands)");
    const char *name = argv[1];
    if (!strcmp(name, "help") || !strcmp(name, "--help") || !strcmp(name, "-h")) {
        if (argc < 3) return help(stdout);
        const cli_command *c = cli_command_find(argv[2]);
        if (c) return cli_help_command(stdout, c);
        return unknown_command("help: ", argv[2]);
    }
    if (!strcmp(name, "--version")) {
        printf("chopsat %s\n", chopsat_version());
        return 0;
    }
    if (!strcmp(name, "--man")) return cli_man(stdout); /* docs/chopsat.1 (make) */
    const cli_command *c = cli_command_find(name);
    if (c && cli_help_asked(name, argc - 2, argv + 2)) return cli_help_command(stdout, c);
    if (c) return c->run(argc - 2, argv + 2);
    return unknown_command("", name);
}

int main(int argc, char **argv)
{
    cli_signals_install();
    cli_limit_memory();
    return cli_finish_stdout(cli_dispatch(argc, argv));
}
