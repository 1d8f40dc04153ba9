/* cli_common.c: error printing, escaping and small helpers shared by the subcommands (the
 * options are in cli_options.c, output files in cli_output.c). */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

/* Writes the n bytes of s to standard error with as few write calls as the system allows (one,
 * unless interrupted or short), so that the line never interleaves with another program's. */
static void write_stderr(const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(STDERR_FILENO, s, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return; /* nowhere left to say it */
        s += w, n -= (size_t)w;
    }
}

/* Prints `chopsat: <kind>: <message>` as one line in one write, the message escaped
 * (chopsat_report_escaped). */
static void print_line(const char *kind, const char *fmt, va_list ap)
{
    char msg[2048];
    cli_progress_end(); /* the message on a line of its own */
    vsnprintf(msg, sizeof msg, fmt, ap);
    char *line = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&line, &len);
    if (f) {
        fprintf(f, "chopsat: %s: ", kind);
        chopsat_report_escaped(f, msg);
        fputc('\n', f);
    }
    if (f && fclose(f) == 0) {
        write_stderr(line, len);
    } else { /* out of memory: the line in pieces rather than not at all */
        fprintf(stderr, "chopsat: %s: ", kind);
        chopsat_report_escaped(stderr, msg);
        fputc('\n', stderr);
    }
    free(line);
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

FILE *cli_open_in(const char *path, unsigned flags)
{
    if ((flags & CLI_IN_DASH) && !strcmp(path, "-")) return stdin;
    FILE *f = fopen(path, "r");
    if (f) return f;
    if (flags & CLI_IN_REASON)
        cli_error("cannot read '%s': %s", path, strerror(errno));
    else
        cli_error("cannot read '%s'", path);
    return NULL;
}

void cli_close_in(FILE *f)
{
    if (f && f != stdin) fclose(f);
}

int cli_position(const cli_opts *o, const char *text, chopsat_pos *out)
{
    chopsat_err err;
    if (chopsat_pos_parse(o->rules, text, out, &err)) return cli_error("%s", err.msg);
    return 0;
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
