/* cli_common.c: option parsing, error printing and all-or-nothing output files, shared by the
 * subcommands. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

/* Prints `chopsat: <kind>: <message>` as one line, the message escaped (cli_escaped). */
static void print_line(const char *kind, const char *fmt, va_list ap)
{
    char msg[2048];
    vsnprintf(msg, sizeof msg, fmt, ap);
    fprintf(stderr, "chopsat: %s: ", kind);
    cli_escaped(stderr, msg);
    fputc('\n', stderr);
}

int cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    print_line("error", fmt, ap);
    va_end(ap);
    return EXIT_ERROR;
}

int cli_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    print_line("usage", fmt, ap);
    va_end(ap);
    return EXIT_USAGE;
}

/* The length of the valid UTF-8 sequence at s that is not a C1 control, or 0. */
static size_t utf8_ok(const unsigned char *s)
{
    size_t n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
    if (!n || s[0] > 0xf4) return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    unsigned cp = n == 2 ? (s[0] & 0x1fu) << 6 | (s[1] & 0x3fu)
                : n == 3 ? (s[0] & 0x0fu) << 12 | (s[1] & 0x3fu) << 6 | (s[2] & 0x3fu)
                         : (s[0] & 0x07u) << 18 | (s[1] & 0x3fu) << 12 | (s[2] & 0x3fu) << 6 | (s[3] & 0x3fu);
    bool overlong = (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000);
    if (overlong || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0x80 && cp <= 0x9f))
        return 0;
    return n;
}

void cli_escaped(FILE *f, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    while (*s) {
        size_t n = *s >= 0x80 ? utf8_ok(s) : (*s >= 0x20 && *s != 0x7f);
        if (n) {
            fwrite(s, 1, n, f);
            s += n;
            continue;
        }
        if (*s == '\n') fputs("\\n", f);
        else if (*s == '\t') fputs("\\t", f);
        else if (*s == '\r') fputs("\\r", f);
        else fprintf(f, "\\x%02x", *s);
        s++;
    }
}

static bool accepts(const char *accepted, const char *flag)
{
    size_t n = strlen(flag);
    for (const char *p = accepted; (p = strstr(p, flag)); p += n)
        if ((p == accepted || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0)) return true;
    return false;
}

static int parse_long(const char *cmd, const char *flag, const char *v, long lo, long hi,
                      long *out)
{
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (!*v || *end || errno) return cli_usage("%s: %s wants a whole number, not '%s'", cmd, flag, v);
    if (x < lo || x > hi) return cli_usage("%s: %s %s is out of range (%ld .. %ld)", cmd, flag, v, lo, hi);
    *out = x;
    return 0;
}

static int parse_double(const char *cmd, const char *flag, const char *v, double lo, double hi,
                        double *out)
{
    char *end;
    double x = strtod(v, &end);
    if (!*v || *end || !(x >= lo && x <= hi))
        return cli_usage("%s: %s wants a number from %g to %g, not '%s'", cmd, flag, lo, hi, v);
    *out = x;
    return 0;
}

int cli_parse(const char *cmd, int argc, char **argv, const char *accepted, const char *formats,
              int max_args, cli_opts *o)
{
    memset(o, 0, sizeof *o);
    o->cmd = cmd;
    o->k = -1;
    o->player = 1;
    o->no_repeat = "off";
    const char *rules = NULL;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1] || (a[1] >= '0' && a[1] <= '9' && strcmp(a, "-k"))) {
            if (o->nargs >= max_args) {
                cli_opts_free(o);
                return cli_usage("%s: unexpected argument '%s' (see 'chopsat help')", cmd, a);
            }
            o->args[o->nargs++] = a;
            continue;
        }
        if (!accepts(accepted, a)) {
            cli_opts_free(o);
            return cli_usage("%s: unknown option '%s' (see 'chopsat help %s')", cmd, a, cmd);
        }
        bool flag_only = !strcmp(a, "--all") || !strcmp(a, "--exact") ||
                         !strcmp(a, "--no-incremental") || !strcmp(a, "--no-check") ||
                         !strcmp(a, "--polarity");
        if (flag_only) {
            if (!strcmp(a, "--all")) o->all = true;
            else if (!strcmp(a, "--exact")) o->exact = true;
            else if (!strcmp(a, "--no-incremental")) o->no_incremental = true;
            else if (!strcmp(a, "--no-check")) o->no_check = true;
            else o->polarity = true;
            continue;
        }
        if (i + 1 >= argc) {
            cli_opts_free(o);
            return cli_usage("%s: %s needs a value", cmd, a);
        }
        const char *v = argv[++i];
        int rc = 0;
        long l;
        if (!strcmp(a, "--rules")) rules = v;
        else if (!strcmp(a, "--format")) {
            if (!accepts(formats, v)) rc = cli_usage("%s: --format %s is not offered (choose: %s)", cmd, v, formats);
            o->format = !strcmp(v, "json") ? FMT_JSON : !strcmp(v, "csv") ? FMT_CSV : FMT_TEXT;
        } else if (!strcmp(a, "-o")) o->out_path = v;
        else if (!strcmp(a, "-k")) rc = parse_long(cmd, "-k", v, 0, 100000, &o->k);
        else if (!strcmp(a, "--player")) {
            rc = parse_long(cmd, "--player", v, 1, 2, &l);
            o->player = (int)l;
        } else if (!strcmp(a, "--from")) o->from = v;
        else if (!strcmp(a, "--to")) o->to = v;
        else if (!strcmp(a, "--solver")) o->solver = v;
        else if (!strcmp(a, "--timeout")) rc = parse_double(cmd, "--timeout", v, 0.001, 1e7, &o->timeout);
        else if (!strcmp(a, "--no-repeat")) {
            if (strcmp(v, "off") && strcmp(v, "immediate") && strcmp(v, "path"))
                rc = cli_usage("%s: --no-repeat %s is not offered (choose: off immediate path)", cmd, v);
            o->no_repeat = v;
        } else if (!strcmp(a, "--move-encoding")) {
            if (strcmp(v, "onehot") && strcmp(v, "binary"))
                rc = cli_usage("%s: --move-encoding %s is not offered (choose: onehot binary)", cmd, v);
            o->move_encoding = v;
        } else if (!strcmp(a, "--prefix")) {
            if (strcmp(v, "levelled") && strcmp(v, "innermost"))
                rc = cli_usage("%s: --prefix %s is not offered (choose: levelled innermost)", cmd, v);
            o->prefix = v;
        } else if (!strcmp(a, "--proof")) o->proof = v;
        else if (!strcmp(a, "--model")) o->model = v;
        else if (!strcmp(a, "--human")) {
            if (strcmp(v, "1") && strcmp(v, "2") && strcmp(v, "both") && strcmp(v, "none"))
                rc = cli_usage("%s: --human %s is not offered (choose: 1 2 both none)", cmd, v);
            o->human = v;
        } else if (!strcmp(a, "--blunder")) rc = parse_double(cmd, "--blunder", v, 0, 1, &o->blunder);
        else if (!strcmp(a, "--seed")) {
            rc = parse_long(cmd, "--seed", v, 0, 2147483647L, &o->seed);
            o->seed_set = true;
        }
        if (rc) {
            cli_opts_free(o);
            return rc;
        }
    }
    if (!strcmp(cmd, "rules") && !rules) return 0;
    chopsat_err err;
    o->rules = chopsat_rules_parse(rules, &err);
    if (!o->rules) {
        cli_error("%s", err.msg);
        return EXIT_ERROR;
    }
    return 0;
}

void cli_opts_free(cli_opts *o)
{
    chopsat_rules_free(o->rules);
    o->rules = NULL;
}

int cli_position(const cli_opts *o, const char *text, chopsat_pos *out)
{
    chopsat_err err;
    if (chopsat_pos_parse(o->rules, text, out, &err)) return cli_error("%s", err.msg);
    return 0;
}

void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20) fprintf(f, "\\u%04x", *s);
        else fputc(*s, f);
    }
    fputc('"', f);
}

void cli_progress(void *ctx, const char *phase, double done)
{
    (void)ctx;
    if (!isatty(2)) return;
    fprintf(stderr, "\r%-24s %5.1f%%%s", phase, done * 100, done >= 1.0 ? "\n" : "");
}

void *cli_calloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p) {
        cli_error("out of memory (asked for %zu bytes)", count * size);
        exit(EXIT_ERROR);
    }
    return p;
}

char *cli_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(cli_calloc(n, 1), s, n);
}
