/* subprocess.c: the external solvers' side of the one process runner (see subprocess.h): word
 * splitting, safe temporaries (in the one clean-up registry, core/cleanup.c), and a solver run
 * through chopsat_run (runner.c) with its stderr's first line kept for messages. */
#include "solvers/subprocess.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/cleanup.h"
#include "core/util.h"

typedef VEC(char) char_vec;

/* ---- word splitting ---- */

/* Appends one character to the word being built. */
static void put(char_vec *w, char c)
{
    VEC_PUSH(*w, c);
}

int subprocess_split(const char *cmd, char ***argv, chopsat_err *err)
{
    VEC(char *) words = {0};
    char_vec w = {0};
    const char *p = cmd;
    int rc = 0;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p) break;
        w.n = 0;
        while (!rc && *p && *p != ' ' && *p != '\t') {
            char c = *p++;
            if (c == '\'') {
                while (*p && *p != '\'')
                    put(&w, *p++);
                if (!*p)
                    rc = fail(err, "unterminated ' in the command '%s'", cmd);
                else
                    p++;
            } else if (c == '"') {
                while (*p && *p != '"') {
                    if (*p == '\\' && (p[1] == '"' || p[1] == '\\')) p++;
                    put(&w, *p++);
                }
                if (!*p)
                    rc = fail(err, "unterminated \" in the command '%s'", cmd);
                else
                    p++;
            } else if (c == '\\') {
                if (!*p)
                    rc = fail(err, "a trailing backslash in the command '%s'", cmd);
                else
                    put(&w, *p++);
            } else {
                put(&w, c);
            }
        }
        if (rc) break;
        put(&w, 0);
        VEC_PUSH(words, xstrdup(w.items));
    }
    VEC_FREE(w);
    if (!rc && !words.n) rc = fail(err, "no command after 'external:'");
    VEC_PUSH(words, NULL);
    if (rc) {
        subprocess_argv_free(words.items);
        return -1;
    }
    *argv = words.items;
    return (int)words.n - 1;
}

void subprocess_argv_free(char **argv)
{
    if (!argv) return;
    for (char **a = argv; *a; a++)
        free(*a);
    free(argv);
}

/* ---- temporaries ---- */

int subprocess_temp(const char *what, char **path, FILE **f, chopsat_err *err)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir) dir = "/tmp";
    size_t n = strlen(dir) + strlen(what) + 32;
    char *p = xmalloc(n);
    snprintf(p, n, "%s/chopsat-%s-XXXXXX", dir, what);
    int fd = mkstemp(p); /* mode 0600, O_EXCL */
    if (fd < 0) {
        fail(err, "cannot create a temporary file in %s: %s", dir, strerror(errno));
        free(p);
        return -1;
    }
    cleanup_owned_file(p);
    *path = p;
    *f = fdopen(fd, "w");
    if (!*f) {
        close(fd);
        fail(err, "cannot write %s: %s", p, strerror(errno));
        subprocess_temp_remove(p);
        return -1;
    }
    return 0;
}

void subprocess_temp_remove(char *path)
{
    if (!path) return;
    cleanup_forget_file(path);
    unlink(path);
    free(path);
}

/* ---- running ---- */

/* The first non-empty line of e, with every byte outside printable ASCII written \xNN. */
static void first_line(const char *e, size_t n, char *out, size_t size)
{
    size_t i = 0, used = 0;
    while (i < n && (e[i] == '\n' || e[i] == '\r' || e[i] == ' '))
        i++;
    size_t end = i;
    while (end < n && e[end] != '\n')
        end++;
    while (end > i && (e[end - 1] == '\r' || e[end - 1] == ' '))
        end--;
    for (; i < end && used + 8 < size; i++) {
        unsigned char c = (unsigned char)e[i];
        if (c >= ' ' && c < 127)
            out[used++] = (char)c;
        else
            used += (size_t)snprintf(out + used, size - used, "\\x%02x", c);
    }
    if (i < end) used += (size_t)snprintf(out + used, size - used, "...");
    out[used] = 0;
}

int subprocess_run(const char *cmd, const char *file, double deadline, subprocess_out *r,
                   chopsat_err *err)
{
    memset(r, 0, sizeof *r);
    char **argv;
    int n = subprocess_split(cmd, &argv, err);
    if (n < 0) return -1;
    argv = xrealloc(argv, ((size_t)n + 2) * sizeof *argv);
    argv[n] = xstrdup(file);
    argv[n + 1] = NULL;
    chopsat_run_spec spec = {.argv = argv, .deadline = deadline, .out_cap = SUBPROCESS_OUTPUT_CAP};
    chopsat_run_result res;
    int rc = chopsat_run(&spec, &res, err);
    subprocess_argv_free(argv);
    if (rc) return -1;
    first_line(res.err, res.err_len, r->err_line, sizeof r->err_line);
    free(res.err);
    r->out = res.out;
    r->out_len = res.out_len;
    r->status = res.status;
    r->timed_out = res.timed_out;
    r->too_long = res.too_long;
    return 0;
}

void subprocess_out_free(subprocess_out *r)
{
    free(r->out);
    r->out = NULL;
    r->out_len = 0;
}

const char *subprocess_signame(int sig)
{
    switch (sig) {
    case SIGSEGV:
        return "SIGSEGV";
    case SIGABRT:
        return "SIGABRT";
    case SIGKILL:
        return "SIGKILL";
    case SIGTERM:
        return "SIGTERM";
    case SIGBUS:
        return "SIGBUS";
    case SIGFPE:
        return "SIGFPE";
    case SIGILL:
        return "SIGILL";
    case SIGINT:
        return "SIGINT";
    case SIGPIPE:
        return "SIGPIPE";
    case SIGXCPU:
        return "SIGXCPU";
    default:
        return "signal";
    }
}
