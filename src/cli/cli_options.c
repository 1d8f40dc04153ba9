/* cli_options.c: the tables of commands, options and choices, made from the lists of
 * cli_options.h (each option declared there once: flag, value, kind, default, range or
 * choices, the commands that take it, its one-line help), and what is driven by them: parsing
 * and validation, the defaults, `chopsat help CMD` and `CMD --help`. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

enum opt_kind {
    KIND_SWITCH, /* no value: sets a bool */
    KIND_TEXT,   /* any text: a const char * */
    KIND_CHOICE, /* one of the option's words in CLI_CHOICES: an enum cli_choice */
    KIND_WHOLE,  /* a whole number in lo .. hi: a long */
    KIND_REAL,   /* a decimal number in lo .. hi: a double */
};

/* An option as CLI_OPTIONS declares it, and where its value goes in struct cli_opts. */
typedef struct cli_option {
    const char *flag;  /* "--rules" */
    const char *value; /* what the value is called in help ("FILE"), NULL for a switch */
    enum opt_kind kind;
    double lo, hi;          /* KIND_WHOLE, KIND_REAL: the accepted range */
    unsigned long commands; /* a bit per enum cli_command_id: the commands that take it */
    size_t field;           /* offsetof(cli_opts, ...) */
    const char *help;       /* one line */
} cli_option;

static const cli_option options[CLI_OPT_COUNT] = {
#define OPTION(ID, field, flag, value, kind, def, lo, hi, cmds, help)                             \
    [OPT_##ID] = {flag, value, KIND_##kind, lo, hi, cmds, offsetof(cli_opts, field), help},
    CLI_OPTIONS
#undef OPTION
};

/* A word of a CHOICE option as CLI_CHOICES declares it. */
typedef struct cli_choice_row {
    enum cli_opt_id option;
    const char *word;
    unsigned long commands; /* of those that take the option, the ones that take this word */
} cli_choice_row;

static const cli_choice_row choices[CLI_CHOICE_COUNT] = {
#define CHOICE(opt, NAME, word, cmds) [NAME] = {OPT_##opt, word, cmds},
    CLI_CHOICES
#undef CHOICE
};

const cli_command cli_commands[] = {
#define COMMAND(name, usage, what) {CMD_##name, #name, cli_##name, usage, what},
    CLI_COMMANDS
#undef COMMAND
    {CLI_COMMAND_COUNT, NULL, NULL, NULL, NULL},
};

const cli_command *cli_command_find(const char *name)
{
    for (const cli_command *c = cli_commands; c->name; c++)
        if (!strcmp(c->name, name)) return c;
    return NULL;
}

/* Whether command c takes option id. */
static bool takes(const cli_command *c, enum cli_opt_id id)
{
    return options[id].commands >> c->id & 1;
}

bool cli_offers(const cli_command *c, enum cli_choice w)
{
    return takes(c, choices[w].option) && (choices[w].commands >> c->id & 1);
}

const char *cli_choice_word(enum cli_choice w) { return choices[w].word; }

/* The choice of option id named `word` that command c takes, or -1. */
static int choice_named(const cli_command *c, enum cli_opt_id id, const char *word)
{
    for (int w = 0; w < CLI_CHOICE_COUNT; w++)
        if (choices[w].option == id && cli_offers(c, (enum cli_choice)w) &&
            !strcmp(choices[w].word, word))
            return w;
    return -1;
}

/* The words of option id that command c takes, separated by sep, into buf ("text json"). */
static void choice_list(const cli_command *c, enum cli_opt_id id, const char *sep, char *buf,
                        size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int w = 0; w < CLI_CHOICE_COUNT && n < size; w++)
        if (choices[w].option == id && cli_offers(c, (enum cli_choice)w))
            n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? sep : "", choices[w].word);
}

/* Whether command c takes the option whose flag is `a`; its id, or -1. -h is --help. */
static int option_id(const cli_command *c, const char *a)
{
    if (!strcmp(a, "-h")) a = "--help";
    for (int id = 0; id < CLI_OPT_COUNT; id++)
        if (!strcmp(options[id].flag, a)) return takes(c, (enum cli_opt_id)id) ? id : -1;
    return -1;
}

/* The option whose flag is `a`, whichever commands take it, or -1. */
static int any_option_id(const char *a)
{
    for (int id = 0; id < CLI_OPT_COUNT; id++)
        if (!strcmp(options[id].flag, a)) return id;
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
        int w = choice_named(c, id, v);
        if (w < 0) {
            char list[256];
            choice_list(c, id, " ", list, sizeof list);
            return cli_usage("%s: %s %s is not offered (choose: %s)", cmd, flag, *v ? v : "''",
                             list);
        }
        *(enum cli_choice *)field = (enum cli_choice)w;
    } else if (id == OPT_K && !strcmp(v, "inf") && takes(c, OPT_UNBOUNDED)) {
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

/* Every field of o at its default (CLI_OPTIONS), nothing given, no arguments. */
static void set_defaults(cli_opts *o)
{
    memset(o, 0, sizeof *o);
#define OPTION(ID, field, flag, value, kind, def, lo, hi, cmds, help) o->field = def;
    CLI_OPTIONS
#undef OPTION
}

/* The rules named by the options; 0 or EXIT_ERROR. */
static int finish(const cli_command *c, cli_opts *o)
{
    if (c->id == CMD_rules && !o->rules_text) return 0;
    chopsat_err err;
    o->rules = chopsat_rules_parse(o->rules_text, &err);
    if (!o->rules) return cli_error("%s", err.msg);
    return 0;
}

int cli_parse(const char *cmd, int argc, char **argv, int max_args, cli_opts *o)
{
    set_defaults(o);
    o->cmd = cmd;
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
        if (id < 0 && any_option_id(a) == OPT_NO_REPEAT)
            return cli_usage("%s: --no-repeat is not offered: a repetition rule constrains one "
                             "sequence of moves (reach, win), and %s decides over positions, not "
                             "over the moves that led to them", cmd, cmd);
        if (id < 0) return cli_usage("%s: unknown option '%s' (see 'chopsat help %s')", cmd, a, cmd);
        o->given[id] = true;
        if (options[id].kind == KIND_SWITCH) {
            *(bool *)((char *)o + options[id].field) = true;
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
        size_t n = (size_t)snprintf(buf, size, "%s ", op->flag);
        if (n < size) choice_list(c, id, "|", buf + n, size - n);
    } else if (op->value) snprintf(buf, size, "%s %s", op->flag, op->value);
    else snprintf(buf, size, "%s", op->flag);
}

int cli_help_command(FILE *out, const cli_command *c)
{
    fprintf(out, "usage: chopsat %s\n%s\n\noptions:\n", c->usage, c->what);
    for (int id = 0; id < CLI_OPT_COUNT; id++) {
        if (!takes(c, (enum cli_opt_id)id)) continue;
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
