/* cli_help.c: the help texts made from the tables of cli_options.c: an option's synopsis and
 * line (`chopsat help`, `help CMD`, `CMD --help`, the manual page) and a command's help. */
#include <string.h>

#include "cli/cli.h"

/* The first word of option id that command c takes (its default), or -1 when none. */
static int first_word(const cli_command *c, enum cli_opt_id id)
{
    for (int w = 0; w < CLI_CHOICE_COUNT; w++)
        if (cli_choices[w].option == id && cli_offers(c, (enum cli_choice)w)) return w;
    return -1;
}

void cli_option_text(const cli_command *c, enum cli_opt_id id, char *syn, size_t syn_size,
                     char *text, size_t text_size)
{
    const cli_option *op = &cli_options[id];
    char words[256];
    cli_word_list(c, id, "|", words, sizeof words);
    if (id == OPT_HELP)
        snprintf(syn, syn_size, "-h, --help");
    else if (op->kind == KIND_CHOICE)
        snprintf(syn, syn_size, "%s %s", op->flag, words);
    else if (words[0])
        snprintf(syn, syn_size, "%s %s|%s", op->flag, words, op->value);
    else if (op->value)
        snprintf(syn, syn_size, "%s %s", op->flag, op->value);
    else
        snprintf(syn, syn_size, "%s", op->flag);
    size_t n = cli_append(text, text_size, 0, "%s", op->help);
    for (size_t i = 0; i < CLI_ALIAS_COUNT; i++)
        if (cli_aliases[i].option == id)
            n = cli_append(text, text_size, n, " (also %s, its former name)", cli_aliases[i].flag);
    if (op->kind == KIND_WHOLE || op->kind == KIND_REAL)
        n = cli_append(text, text_size, n, " (%.15g .. %.15g)", op->lo, op->hi);
    const char *sep = ": ";
    for (int w = 0; w < CLI_CHOICE_COUNT; w++) {
        const cli_choice_row *ch = &cli_choices[w];
        if (ch->option != id || !cli_offers(c, (enum cli_choice)w)) continue;
        n = cli_append(text, text_size, n, "%s%s: %s", sep, ch->word, ch->help);
        sep = "; ";
        unsigned long def = 0, takers = ch->commands & op->commands; /* where it is the default */
        for (const cli_command *d = cli_commands; d->name; d++)
            if (cli_takes(d, id) && first_word(d, id) == w && (!c || d == c)) def |= 1ul << d->id;
        char names[256];
        if (c || def == takers) { /* the default wherever it is taken */
            if (def) n = cli_append(text, text_size, n, " (default)");
        } else if (def) {
            cli_command_names(def, names, sizeof names);
            n = cli_append(text, text_size, n, " (default for %s)", names);
        }
        if (c || takers == op->commands) continue;
        bool fewer = __builtin_popcountl(takers) <= __builtin_popcountl(op->commands & ~takers);
        cli_command_names(fewer ? takers : op->commands & ~takers, names, sizeof names);
        n = cli_append(text, text_size, n, fewer ? " [%s only]" : " [not %s]", names);
    }
    if (op->needed && c)
        n = cli_append(text, text_size, n, "%s",
                       op->needed >> c->id & 1 ? "; required" : "; optional");
    if (op->needed && !c) {
        char names[256];
        cli_command_names(op->needed, names, sizeof names);
        n = cli_append(text, text_size, n, "; required by %s", names);
    }
    if (id == OPT_K && cli_takes(c, OPT_UNBOUNDED)) { /* take_value's -k inf */
        char names[256];
        cli_command_names(cli_options[OPT_UNBOUNDED].commands, names, sizeof names);
        n = c ? cli_append(text, text_size, n, ", or inf: no bound (as --unbounded)")
              : cli_append(text, text_size, n, "; %s also take inf: no bound (as --unbounded)",
                           names);
    }
}

int cli_help_command(FILE *out, const cli_command *c)
{
    fprintf(out, "usage: chopsat %s\n%s\nexit status: %s; 1 an error; 2 bad usage\n\noptions:\n",
            c->usage, c->what, c->exits);
    for (int id = 0; id < CLI_OPT_COUNT; id++) {
        if (!cli_takes(c, (enum cli_opt_id)id)) continue;
        char syn[128], text[1024];
        cli_option_text(c, (enum cli_opt_id)id, syn, sizeof syn, text, sizeof text);
        fprintf(out, "  %-31s %s\n", syn, text);
    }
    fprintf(out, "(docs/cli.md describes every command and option, and so does the manual page "
                 "chopsat(1), docs/chopsat.1)\n");
    return 0;
}
