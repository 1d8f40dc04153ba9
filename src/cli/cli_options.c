/* cli_options.c: the tables of commands, options and choices, made from the lists of
 * cli_options.h (each option declared there once: flag, value, kind, default, range or words,
 * the commands that take it and need it, its one-line help), and what is driven by them:
 * parsing and validation, the defaults, and the usage errors that name what is missing or what
 * was meant (`chopsat help CMD` / `CMD --help` are cli_help.c's). The manual page (cli_man.c)
 * reads the same tables; tests/lint/options.sh checks docs/cli.md against them. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

_Static_assert(CLI_COMMAND_COUNT <= 8 * sizeof(unsigned long), "a bit per command");

const cli_option cli_options[CLI_OPT_COUNT] = {
#define OPTION(ID, field, flag, value, kind, def, lo, hi, cmds, needed, help, refused)             \
    [OPT_##ID] = {flag, value,  KIND_##kind, lo, hi, cmds, needed, offsetof(cli_opts, field),      \
                  help, refused},
    CLI_OPTIONS
#undef OPTION
};

const cli_choice_row cli_choices[CLI_CHOICE_COUNT] = {
#define CHOICE(opt, NAME, word, cmds, help, refused)                                               \
    [NAME] = {OPT_##opt, word, cmds, help, refused},
    CLI_CHOICES
#undef CHOICE
};

const cli_alias cli_aliases[CLI_ALIAS_COUNT] = {
#define ALIAS(ID, flag) {OPT_##ID, flag},
    CLI_ALIASES
#undef ALIAS
};

/* The flag of the option that `a` is another name of, else a itself. */
static const char *own_flag(const char *a)
{
    for (size_t i = 0; i < CLI_ALIAS_COUNT; i++)
        if (!strcmp(cli_aliases[i].flag, a)) return cli_options[cli_aliases[i].option].flag;
    return a;
}

const cli_command cli_commands[] = {
#undef COMMAND_WORD
#define COMMAND_WORD(name, word, args, usage, what, exits)                                         \
    {CMD_##name, word, cli_##name, args, usage, what, exits},
#define COMMAND(name, args, usage, what, exits) COMMAND_WORD(name, #name, args, usage, what, exits)
    CLI_COMMANDS
#undef COMMAND
#undef COMMAND_WORD
#define COMMAND_WORD(name, word, args, usage, what, exits) COMMAND(name, args, usage, what, exits)
    {CLI_COMMAND_COUNT, NULL, NULL, NULL, NULL, NULL, NULL},
};

const cli_command *cli_command_find(const char *name)
{
    for (const cli_command *c = cli_commands; c->name; c++)
        if (!strcmp(c->name, name)) return c;
    return NULL;
}

bool cli_takes(const cli_command *c, enum cli_opt_id id)
{
    return c ? cli_options[id].commands >> c->id & 1 : cli_options[id].commands != 0;
}

bool cli_offers(const cli_command *c, enum cli_choice w)
{
    if (!c)
        return cli_takes(NULL, cli_choices[w].option) &&
               (cli_choices[w].commands & cli_options[cli_choices[w].option].commands);
    return cli_takes(c, cli_choices[w].option) && (cli_choices[w].commands >> c->id & 1);
}

const char *cli_choice_word(enum cli_choice w)
{
    return cli_choices[w].word;
}

void cli_command_names(unsigned long mask, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (const cli_command *c = cli_commands; c->name && n < size; c++)
        if (mask >> c->id & 1)
            n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? ", " : "", c->name);
}

/* The choice of option id named `word` (whichever commands take it), or -1. */
static int choice_named(enum cli_opt_id id, const char *word)
{
    for (int w = 0; w < CLI_CHOICE_COUNT; w++)
        if (cli_choices[w].option == id && !strcmp(cli_choices[w].word, word)) return w;
    return -1;
}

size_t cli_append(char *buf, size_t size, size_t n, const char *fmt, ...)
{
    if (n + 1 >= size) return n;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + n, size - n, fmt, ap);
    va_end(ap);
    n += k > 0 ? (size_t)k : 0;
    return n < size ? n : size - 1;
}

void cli_word_list(const cli_command *c, enum cli_opt_id id, const char *sep, char *buf,
                   size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int w = 0; w < CLI_CHOICE_COUNT; w++)
        if (cli_choices[w].option == id && cli_offers(c, (enum cli_choice)w))
            n = cli_append(buf, size, n, "%s%s", n ? sep : "", cli_choices[w].word);
}

/* Whether command c takes the option whose flag (or other name) is `a`; its id, or -1. -h is
 * --help. */
static int option_id(const cli_command *c, const char *a)
{
    if (!strcmp(a, "-h")) a = "--help";
    a = own_flag(a);
    for (int id = 0; id < CLI_OPT_COUNT; id++)
        if (!strcmp(cli_options[id].flag, a)) return cli_takes(c, (enum cli_opt_id)id) ? id : -1;
    return -1;
}

/* The option whose flag (or other name) is `a`, whichever commands take it, or -1. */
static int any_option_id(const char *a)
{
    a = own_flag(a);
    for (int id = 0; id < CLI_OPT_COUNT; id++)
        if (!strcmp(cli_options[id].flag, a)) return id;
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

/* The usage error for a word v of option id that command c does not take: why, when the table
 * says, and the words it does take. */
static int word_refused(const cli_command *c, enum cli_opt_id id, const char *v)
{
    char list[256];
    cli_word_list(c, id, " ", list, sizeof list);
    int w = choice_named(id, v);
    const char *why = w >= 0 ? cli_choices[w].refused : NULL;
    bool open = cli_options[id].kind == KIND_TEXT; /* --solver also takes external:CMD */
    return cli_usage("%s: %s %s is not offered%s%s (choose: %s%s%s)", c->name, cli_options[id].flag,
                     *v ? v : "''", why ? ": " : "", why ? why : "", list, open ? " " : "",
                     open ? cli_options[id].value : "");
}

/* Checks value v of option id for command c and stores it in o; 0 or EXIT_USAGE. */
static int take_value(const cli_command *c, enum cli_opt_id id, const char *v, cli_opts *o)
{
    const cli_option *op = &cli_options[id];
    char *field = (char *)o + op->field;
    const char *cmd = c->name, *flag = op->flag;
    if (op->kind == KIND_TEXT) {
        int w = choice_named(id, v);
        if (w >= 0 && !cli_offers(c, (enum cli_choice)w)) return word_refused(c, id, v);
        *(const char **)field = v;
    } else if (op->kind == KIND_CHOICE) {
        int w = choice_named(id, v);
        if (w < 0 || !cli_offers(c, (enum cli_choice)w)) return word_refused(c, id, v);
        *(enum cli_choice *)field = (enum cli_choice)w;
    } else if (id == OPT_K && !strcmp(v, "inf") && cli_takes(c, OPT_UNBOUNDED)) {
        o->unbounded = true; /* -k inf: no bound */
    } else if (op->kind == KIND_WHOLE) {
        if (!plain_whole(v))
            return cli_usage("%s: %s wants a whole number, not '%s'", cmd, flag, v);
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

/* The usage error for an option `a` that command c does not take: why (the table's reason, or
 * the commands that take it), or the option it likely meant. */
static int option_refused(const cli_command *c, const char *a)
{
    int id = any_option_id(a);
    if (id >= 0 && cli_options[id].refused)
        return cli_usage("%s: %s is not offered: %s", c->name, a, cli_options[id].refused);
    if (id >= 0) {
        char names[256];
        cli_command_names(cli_options[id].commands, names, sizeof names);
        return cli_usage("%s: unknown option '%s' (an option of %s; see 'chopsat help %s')",
                         c->name, a, names, c->name);
    }
    const char *flags[CLI_OPT_COUNT + CLI_ALIAS_COUNT + 1];
    size_t n = 0;
    for (int i = 0; i < CLI_OPT_COUNT; i++)
        if (cli_takes(c, (enum cli_opt_id)i)) flags[n++] = cli_options[i].flag;
    for (size_t i = 0; i < CLI_ALIAS_COUNT; i++)
        if (cli_takes(c, cli_aliases[i].option)) flags[n++] = cli_aliases[i].flag;
    const char *near = chopsat_nearest(a, flags, n);
    if (near)
        return cli_usage("%s: unknown option '%s' (did you mean '%s'? see 'chopsat help %s')",
                         c->name, a, near, c->name);
    return cli_usage("%s: unknown option '%s' (see 'chopsat help %s')", c->name, a, c->name);
}

/* Every field of o at its default (CLI_OPTIONS), nothing given, no arguments. */
static void set_defaults(cli_opts *o)
{
    memset(o, 0, sizeof *o);
#define OPTION(ID, field, flag, value, kind, def, lo, hi, cmds, needed, help, refused)             \
    o->field = def;
    CLI_OPTIONS
#undef OPTION
}

/* The options command c needs that o lacks (-k inf and --unbounded stand for -k): the usage
 * error for the first, or 0. */
static int check_needed(const cli_command *c, const cli_opts *o)
{
    for (int id = 0; id < CLI_OPT_COUNT; id++) {
        const cli_option *op = &cli_options[id];
        if (!(op->needed >> c->id & 1) || o->given[id] || (id == OPT_K && o->unbounded)) continue;
        return cli_usage("%s: %s %s is required (%s)", c->name, op->flag, op->value, op->help);
    }
    return 0;
}

/* -o FILE where only a page may go there, then the rules named by the options: 0, or the
 * exit status of the error. */
static int finish(const cli_command *c, cli_opts *o)
{
    if (o->given[OPT_OUT] && o->format != FMT_HTML && (HTML_OUT_ONLY >> c->id & 1))
        return cli_usage("%s: -o FILE goes with --format html (the other formats go to standard "
                         "output)",
                         c->name);
    chopsat_err err;
    uint64_t memory;
    if (chopsat_memory_setting(&memory, &err) < 0) return cli_error("%s", err.msg);
    if (cli_progress_setting_check(err.msg, sizeof err.msg)) return cli_error("%s", err.msg);
    if (o->rules_text && !*o->rules_text)
        return cli_usage("--rules: empty (name a preset, e.g. --rules standard; see 'chopsat "
                         "rules')");
    if (c->id == CMD_rules && !o->rules_text) return 0;
    o->rules = chopsat_rules_parse(o->rules_text, &err);
    if (!o->rules) return cli_error("%s", err.msg);
    return 0;
}

int cli_parse(const char *cmd, int argc, char **argv, int max_args, cli_opts *o)
{
    const cli_command *c = cli_command_find(cmd);
    set_defaults(o);
    o->cmd = cmd;
    if (!c) return cli_usage("unknown command '%s' (see 'chopsat help')", cmd);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!is_option(a)) {
            if (o->nargs >= max_args || o->nargs >= CLI_MAX_ARGS)
                return cli_usage("%s: unexpected argument '%s' (see 'chopsat help %s')", cmd, a,
                                 cmd);
            o->args[o->nargs++] = a;
            continue;
        }
        int id = option_id(c, a);
        if (id < 0) return option_refused(c, a);
        o->given[id] = true;
        if (cli_options[id].kind == KIND_SWITCH) {
            *(bool *)((char *)o + cli_options[id].field) = true;
            continue;
        }
        if (i + 1 >= argc)
            return cli_usage("%s: %s needs a value %s", cmd, a, cli_options[id].value);
        int rc = take_value(c, (enum cli_opt_id)id, argv[++i], o);
        if (rc) return rc;
    }
    int rc = check_needed(c, o);
    if (rc) return rc;
    cli_progress_setup(o->quiet);
    return finish(c, o);
}

int cli_need_args(const cli_opts *o, const char *question)
{
    const cli_command *c = cli_command_find(question ? question : o->cmd);
    const char *a = c ? c->args : "";
    for (int i = 0; *a && i < o->nargs; i++)
        a += strcspn(a, "|") + (a[strcspn(a, "|")] == '|');
    if (!*a) return 0;
    char shown[64];
    snprintf(shown, sizeof shown, "%s%s%s", o->cmd, question && strcmp(question, o->cmd) ? " " : "",
             question && strcmp(question, o->cmd) ? question : "");
    return cli_usage("%s needs %.*s (see 'chopsat help %s')", shown, (int)strcspn(a, "|"), a,
                     o->cmd);
}

const char *cli_question(const char *cmd, int argc, char **argv, const char *const *words, size_t n)
{
    const cli_command *c = cli_command_find(cmd);
    for (size_t i = 0; argc >= 1 && i < n; i++)
        if (!strcmp(argv[0], words[i])) return words[i];
    const char *near = argc >= 1 ? chopsat_nearest(argv[0], words, n) : NULL;
    if (argc < 1 || is_option(argv[0]))
        cli_usage("%s needs %s, first (see 'chopsat help %s')", cmd, c ? c->args : "a question",
                  cmd);
    else if (near)
        cli_usage("%s: '%s' is not a question (did you mean '%s'? see 'chopsat help %s')", cmd,
                  argv[0], near, cmd);
    else {
        char list[64] = "";
        for (size_t i = 0, len = 0; i < n && len < sizeof list; i++)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
                                    i == 0      ? ""
                                    : i + 1 < n ? ", "
                                                : " or ",
                                    words[i]);
        cli_usage("%s: '%s' is not a question: %s comes first (see 'chopsat help %s')", cmd,
                  argv[0], list, cmd);
    }
    return NULL;
}

bool cli_help_asked(const char *cmd, int argc, char **argv)
{
    const cli_command *c = cli_command_find(cmd);
    for (int i = 0; c && i < argc; i++) {
        if (!is_option(argv[i])) continue;
        int id = option_id(c, argv[i]);
        if (id == OPT_HELP) return true;
        if (id >= 0 && cli_options[id].kind != KIND_SWITCH) i++; /* its value, whatever it is */
    }
    return false;
}

void cli_scan_line(const cli_command *c, int argc, char **argv, cli_scan *s)
{
    memset(s, 0, sizeof *s);
    for (int i = 0; c && i < argc; i++) {
        int id = is_option(argv[i]) ? option_id(c, argv[i]) : -1;
        if (id < 0) continue;
        if (cli_options[id].kind == KIND_SWITCH)
            s->value[id] = argv[i];
        else if (i + 1 < argc)
            s->value[id] = argv[++i];
        else
            s->dangling = true;
    }
}

void cli_opts_free(cli_opts *o)
{
    chopsat_rules_free(o->rules);
    o->rules = NULL;
}
