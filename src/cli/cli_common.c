/* cli_common.c: option parsing, error printing and all-or-nothing output files, shared by the
 * subcommands. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/util.h"

int cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "chopsat: error: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    return EXIT_ERROR;
}

int cli_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "chopsat: usage: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    return EXIT_USAGE;
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

int cli_out_open(cli_out *out, const char *path)
{
    memset(out, 0, sizeof *out);
    if (!path || !strcmp(path, "-")) {
        out->f = stdout;
        return 0;
    }
    out->path = xstrdup(path);
    size_t n = strlen(path) + 32;
    out->tmp = xmalloc(n);
    snprintf(out->tmp, n, "%s.tmp.%ld", path, (long)getpid());
    out->f = fopen(out->tmp, "w");
    if (!out->f) {
        int rc = cli_error("cannot write '%s': %s", path, strerror(errno));
        free(out->path);
        free(out->tmp);
        out->path = out->tmp = NULL;
        return rc;
    }
    return 0;
}

int cli_out_close(cli_out *out, bool ok)
{
    int rc = 0;
    if (out->f == stdout) {
        fflush(stdout);
        return 0;
    }
    if (!out->f) return 0;
    if (fclose(out->f) != 0 && ok) rc = cli_error("cannot write '%s': %s", out->path, strerror(errno));
    if (ok && !rc && rename(out->tmp, out->path) != 0)
        rc = cli_error("cannot write '%s': %s", out->path, strerror(errno));
    if (!ok || rc) unlink(out->tmp);
    free(out->path);
    free(out->tmp);
    out->f = NULL;
    return rc;
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
