/* cli_batch.c: `chopsat batch FILE`: a file of questions, one per line (a chopsat command line
 * without the program's name: `win start -k 12 --rules standard`; `#` starts a comment), each
 * answered in a process of its own (cli_batch_run.c: a question that fails, crashes or hangs
 * cannot stop the others) as if it were run alone, with --format json added where the command
 * offers it and the line names no format and no output file. Each answer is one JSON line,
 * written by src/report/ (chopsat_report_batch_json): {"line", "file", "command", "exit",
 * "result" (the command's JSON document, or null), "output" (text output of a command without
 * JSON), "error" (null, or {"kind", "message"})}.
 * A line may not write files or run programs unless batch --allow-writes is given. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_batch.h"

#define BATCH_MAX_WORDS 64
#define BATCH_MAX_LINE  4096
#define BATCH_ENDLESS   ((size_t)1 << 20) /* a "line" this long without an end: not a text file */
#define BATCH_TIMEOUT   300.0             /* seconds a question may take, by default */

/* What batch knows while it answers: its file, its options. */
typedef struct batch {
    const char *file; /* FILE as given */
    int input_fd;     /* its descriptor, closed to the questions */
    double timeout;
    bool allow_writes;
} batch;

/* Writes one answer's JSON line to standard output (src/report/); a failed write is
 * cli_finish_stdout's to report. */
static void write_answer(const chopsat_report_batch_answer *a)
{
    chopsat_err err;
    chopsat_report_batch_json(stdout, a, &err);
}

/* Writes the JSON line of a line that was not run: an error of this kind, exit status (-1:
 * null; a command refused in a batch line: EXIT_USAGE, as for a usage error). */
static void refuse(const batch *b, long line, const char *command, int status, const char *kind,
                   const char *message)
{
    chopsat_report_batch_answer a = {line, b->file, command, status, NULL, 0, false, kind, message};
    write_answer(&a);
}

/* Splits line into words (blanks separate them; '...' and "..." quote; a word starting with
 * '#' begins a comment). Returns the count, or -1 with *why set. */
static int split_words(char *line, char **words, const char **why)
{
    int n = 0;
    char *p = line, *out;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            p++;
        if (!*p || *p == '#') return n;
        if (n == BATCH_MAX_WORDS) {
            *why = "more than 64 words";
            return -1;
        }
        words[n++] = out = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') {
            if (*p == '\'' || *p == '"') {
                char q = *p++;
                while (*p && *p != q)
                    *out++ = *p++;
                if (!*p) {
                    *why = "a quote is not closed";
                    return -1;
                }
                p++;
            } else {
                *out++ = *p++;
            }
        }
        bool end = !*p;
        *out = 0;
        if (end) return n;
        p++;
    }
}

/* Why a line of command c with options s would write a file or run a program, or NULL. */
static const char *writes(const cli_command *c, const cli_scan *s)
{
    if (WRITES_FILES >> c->id & 1) return "this command writes files";
    if (s->value[OPT_OUT] && strcmp(s->value[OPT_OUT], "-")) return "-o FILE writes a file";
    if (s->value[OPT_PROOF]) return "--proof writes a file";
    if (s->value[OPT_CERTIFICATE]) return "--certificate writes a file";
    if (s->value[OPT_SOLVER] && !strncmp(s->value[OPT_SOLVER], "external:", 9))
        return "--solver external:CMD runs a program";
    return NULL;
}

/* The error of a question that ran, from its run r (NULL kind: none); *message is set. */
static const char *run_error(const batch_run *r, const char **message)
{
    *message = r->err;
    if (r->timed_out) return "timeout";
    if (r->failure[0] && r->status < 0) return *message = r->failure, "error";
    if (!strncmp(r->err, "chopsat: error: ", 16)) return *message = r->err + 16, "error";
    if (!strncmp(r->err, "chopsat: usage: ", 16)) return *message = r->err + 16, "usage";
    if (r->status >= 128) return *message = strsignal(r->status - 128), "crash";
    if (r->status == EXIT_ERROR || r->status == EXIT_USAGE || r->status == EXIT_MISMATCH)
        return "error";
    if (r->failure[0]) return *message = r->failure, "error";
    return NULL;
}

/* Answers the question words[0 .. n) of line (already split); writes its JSON line. */
static void answer_line(const batch *b, long line, const char *command, char **words, int n)
{
    const cli_command *c = cli_command_find(words[0]);
    char msg[300];
    if (c && (c->id == CMD_batch || c->id == CMD_play || c->id == CMD_serve)) {
        snprintf(msg, sizeof msg, "command '%s' cannot run in a batch", c->name);
        refuse(b, line, command, EXIT_USAGE, "usage", msg);
        return;
    }
    cli_scan s;
    cli_scan_line(c, n - 1, words + 1, &s);
    bool help = c && s.value[OPT_HELP];
    const char *why = c && !help && !b->allow_writes ? writes(c, &s) : NULL;
    if (why) {
        snprintf(msg, sizeof msg, "%s: refused in a batch line (batch --allow-writes allows it)",
                 why);
        refuse(b, line, command, EXIT_USAGE, "usage", msg);
        return;
    }
    bool to_file = s.value[OPT_OUT] && strcmp(s.value[OPT_OUT], "-");
    bool add =
        c && !help && !s.dangling && cli_offers(c, FMT_JSON) && !s.value[OPT_FORMAT] && !to_file;
    bool json = add || (c && !help && s.value[OPT_FORMAT] && !strcmp(s.value[OPT_FORMAT], "json"));
    char program[] = "chopsat", fmt[] = "--format", js[] = "json";
    char *argv[BATCH_MAX_WORDS + 4];
    int argc = 0;
    argv[argc++] = program;
    for (int i = 0; i < n; i++)
        argv[argc++] = words[i];
    if (add) argv[argc++] = fmt, argv[argc++] = js;
    argv[argc] = NULL;

    batch_run r;
    batch_run_question(argv, argc, b->input_fd, b->timeout, &r);
    int status = r.timed_out ? -1 : r.status;
    chopsat_report_batch_answer a = {line, b->file, command, status, NULL, 0, json, NULL, NULL};
    a.kind = run_error(&r, &a.message);
    if (r.timed_out) {
        snprintf(msg, sizeof msg, "stopped after %g seconds (batch --timeout)", b->timeout);
        a.message = msg;
    }
    a.out_len = r.out ? r.out_len : 0;
    while (a.out_len && r.out[a.out_len - 1] == '\n')
        r.out[--a.out_len] = 0;
    a.out = r.out;
    write_answer(&a);
    free(r.out);
}

/* What reading one line gave. */
typedef enum { LINE_TEXT, LINE_NUL, LINE_LONG, LINE_ENDLESS, LINE_END, LINE_FAILED } line_kind;

/* The bounded line reader's buffer (chopsat_line_read_raw), kept from line to line. */
typedef struct line_buf {
    char *text;
    size_t cap;
} line_buf;

/* Reads the next line of f (through lb) into buf (BATCH_MAX_LINE + 1 bytes; its end of line and a
 * CR before it dropped, NUL-terminated). A line with a NUL byte (*nul_at: its column) or longer
 * than BATCH_MAX_LINE is read to its end all the same, so that the next line is the next question,
 * but no further than BATCH_ENDLESS bytes. */
static line_kind read_line(FILE *f, line_buf *lb, char *buf, size_t *nul_at)
{
    *nul_at = 0;
    long got = chopsat_line_read_raw(f, &lb->text, &lb->cap, BATCH_ENDLESS);
    if (got == CHOPSAT_LINE_LONG) return LINE_ENDLESS;
    if (got < 0) return ferror(f) ? LINE_FAILED : LINE_END;
    size_t n = (size_t)got;
    const char *text = lb->text;
    if (text[n - 1] == '\n') n--;
    const char *nul = memchr(text, 0, n);
    if (nul) *nul_at = (size_t)(nul - text) + 1;
    if (n <= BATCH_MAX_LINE && n && text[n - 1] == '\r') n--;
    size_t kept = n <= BATCH_MAX_LINE ? n : BATCH_MAX_LINE;
    memcpy(buf, text, kept);
    buf[kept] = 0;
    return *nul_at ? LINE_NUL : n > BATCH_MAX_LINE ? LINE_LONG : LINE_TEXT;
}

/* Answers every line of f, read through lb; 0, or the error when f cannot be read to its end. */
static int answer_lines(const batch *b, FILE *f, line_buf *lb)
{
    char buf[BATCH_MAX_LINE + 1], msg[120];
    long line = 0;
    for (;;) {
        size_t nul_at;
        line_kind k = read_line(f, lb, buf, &nul_at);
        if (k == LINE_END || ferror(stdout)) return 0;
        if (k == LINE_FAILED) return cli_error("cannot read '%s': %s", b->file, strerror(errno));
        line++;
        if (k == LINE_ENDLESS)
            return cli_error("'%s' line %ld: no end of line within %zu MiB: not a file of "
                             "questions",
                             b->file, line, BATCH_ENDLESS >> 20);
        const char *command = buf + strspn(buf, " \t");
        if (k == LINE_NUL) {
            snprintf(msg, sizeof msg, "a NUL byte at column %zu: a line of questions is text",
                     nul_at);
            refuse(b, line, command, -1, "usage", msg);
            continue;
        }
        if (k == LINE_LONG) {
            refuse(b, line, "", -1, "usage", "line longer than 4096 characters");
            continue;
        }
        char text[BATCH_MAX_LINE + 1], *words[BATCH_MAX_WORDS];
        memcpy(text, command, strlen(command) + 1);
        const char *why = NULL;
        int n = split_words(buf, words, &why);
        if (n < 0)
            refuse(b, line, text, -1, "usage", why);
        else if (n > 0)
            answer_line(b, line, text, words, n);
    }
}

/* Answers every line of f; 0, or the error when f cannot be read to its end. */
static int answer_all(const batch *b, FILE *f)
{
    line_buf lb = {0};
    int rc = answer_lines(b, f, &lb);
    free(lb.text);
    return rc;
}

int cli_batch(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("batch", argc, argv, 1, &o);
    if (rc) return rc;
    if ((rc = cli_need_args(&o, NULL))) {
        cli_opts_free(&o);
        return rc;
    }
    batch b = {.file = o.args[0],
               .timeout = o.given[OPT_TIMEOUT] ? o.timeout : BATCH_TIMEOUT,
               .allow_writes = o.allow_writes};
    FILE *f = cli_open_in(b.file, CLI_IN_DASH | CLI_IN_REASON);
    if (!f) {
        cli_opts_free(&o);
        return EXIT_ERROR;
    }
    b.input_fd = fileno(f);
    rc = answer_all(&b, f);
    cli_close_in(f);
    cli_opts_free(&o);
    return rc;
}
