/* cli_batch.c: `chopsat batch FILE`: a file of questions, one per line (a chopsat command line
 * without the program's name: `win start -k 12 --rules standard`; `#` starts a comment), each
 * answered in a child process of its own (a question that fails or crashes cannot stop the
 * others) with --format json added where the command offers it, and written as one JSON line:
 * {"line", "file", "command", "exit", "result" (the command's JSON object, or null), "output"
 * (text output of a command without JSON), "error" (null, or {"kind", "message"})}. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"

#define BATCH_MAX_WORDS 64
#define BATCH_MAX_LINE 4096

/* Splits line into words (blanks separate them; '...' and "..." quote; a word starting with
 * '#' begins a comment). Returns the count, or -1 with *why set. */
static int split_words(char *line, char **words, const char **why)
{
    int n = 0;
    char *p = line, *out;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
        if (!*p || *p == '#') return n;
        if (n == BATCH_MAX_WORDS) {
            *why = "more than 64 words";
            return -1;
        }
        words[n++] = out = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') {
            if (*p == '\'' || *p == '"') {
                char q = *p++;
                while (*p && *p != q) *out++ = *p++;
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

/* Reads all of f (rewound) into a new string. */
static char *slurp(FILE *f)
{
    rewind(f);
    size_t n = 0, cap = 4096;
    char *s = cli_calloc(cap, 1);
    for (size_t got; (got = fread(s + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (n + 1 == cap) {
            char *t = realloc(s, cap *= 2);
            if (!t) break;
            s = t;
        }
    }
    s[n] = 0;
    return s;
}

/* Runs the command words[0] with the rest in a child process whose standard output and error
 * go to out and err; its exit status (128 + the signal when it was killed), or -1. */
static int run_child(char **words, int n, FILE *out, FILE *err)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        FILE *in = freopen("/dev/null", "r", stdin);
        (void)in;
        if (dup2(fileno(out), STDOUT_FILENO) < 0 || dup2(fileno(err), STDERR_FILENO) < 0) _exit(EXIT_ERROR);
        const cli_command *c = cli_command_find(words[0]);
        int rc = c->run(n - 1, words + 1);
        _exit(cli_finish_stdout(rc));
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* One question's JSON line. */
static void answer_line(chopsat_json *j, long line, const char *file, const char *command,
                        int status, const char *result, const char *output, const char *kind,
                        const char *message)
{
    printf("{\"line\": %ld, \"file\": ", line);
    chopsat_json_init(j, stdout);
    chopsat_json_string(j, file);
    printf(", \"command\": ");
    chopsat_json_init(j, stdout);
    chopsat_json_string(j, command);
    if (status >= 0) printf(", \"exit\": %d", status);
    else printf(", \"exit\": null");
    printf(", \"result\": %s", result ? result : "null");
    if (output) {
        printf(", \"output\": ");
        chopsat_json_init(j, stdout);
        chopsat_json_string(j, output);
    }
    printf(", \"error\": ");
    if (!kind) printf("null");
    else {
        chopsat_json_init(j, stdout);
        chopsat_json_object(j);
        chopsat_json_kstring(j, "kind", kind);
        chopsat_json_kstring(j, "message", message);
        chopsat_json_end(j);
    }
    printf("}\n");
}

/* Answers one line (already split); writes its JSON line. */
static void answer(long line, const char *file, const char *command, char **words, int n)
{
    chopsat_json j;
    const cli_command *c = cli_command_find(words[0]);
    if (!c || !strcmp(words[0], "batch") || !strcmp(words[0], "play")) {
        char msg[300];
        snprintf(msg, sizeof msg, "%s '%.200s' %s", c ? "command" : "unknown command", words[0],
                 c ? "cannot run in a batch" : "(see 'chopsat help')");
        answer_line(&j, line, file, command, EXIT_USAGE, NULL, NULL, "usage", msg);
        return;
    }
    bool json = cli_offers(c, FMT_JSON), given = false;
    for (int i = 1; i < n; i++)
        if (!strcmp(words[i], "--format")) given = true;
    char *argv[BATCH_MAX_WORDS + 3];
    memcpy(argv, words, (size_t)n * sizeof *argv);
    int argc = n;
    char fmt[] = "--format", js[] = "json";
    if (json && !given) {
        argv[argc++] = fmt;
        argv[argc++] = js;
    }
    argv[argc] = NULL;
    FILE *out = tmpfile(), *err = tmpfile();
    int status = out && err ? run_child(argv, argc, out, err) : -1;
    if (status < 0) {
        if (out) fclose(out);
        if (err) fclose(err);
        answer_line(&j, line, file, command, -1, NULL, NULL, "error",
                    "could not run the question (fork or temporary file failed)");
        return;
    }
    char *o = slurp(out), *e = slurp(err);
    fclose(out);
    fclose(err);
    size_t on = strlen(o);
    while (on && o[on - 1] == '\n') o[--on] = 0;
    /* the command's one JSON object (chopsat's JSON is always valid), or its text */
    bool object = on && o[0] == '{' && o[on - 1] == '}' && !strchr(o, '\n');
    const char *kind = NULL;
    char *message = e;
    e[strcspn(e, "\n")] = 0;
    if (!strncmp(e, "chopsat: error: ", 16)) kind = "error", message = e + 16;
    else if (!strncmp(e, "chopsat: usage: ", 16)) kind = "usage", message = e + 16;
    else if (status >= 128) kind = "crash", message = (char *)strsignal(status - 128);
    else if (status == EXIT_ERROR || status == EXIT_USAGE || status == EXIT_MISMATCH)
        kind = "error", message = e;
    answer_line(&j, line, file, command, status, object ? o : NULL, !object && on ? o : NULL,
                kind, message);
    free(o);
    free(e);
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
    const char *name = o.args[0];
    FILE *f = strcmp(name, "-") ? fopen(name, "r") : stdin;
    if (!f) {
        rc = cli_error("cannot read '%s': %s", name, strerror(errno));
        cli_opts_free(&o);
        return rc;
    }
    char *buf = cli_calloc(BATCH_MAX_LINE + 2, 1);
    long line = 0;
    while (fgets(buf, BATCH_MAX_LINE + 2, f)) {
        line++;
        size_t len = strlen(buf);
        bool whole = len && buf[len - 1] == '\n';
        if (!whole && !feof(f)) {
            int ch;
            while ((ch = getc(f)) != EOF && ch != '\n') {}
            chopsat_json j;
            answer_line(&j, line, name, "", -1, NULL, NULL, "usage", "line longer than 4096 characters");
            continue;
        }
        buf[strcspn(buf, "\r\n")] = 0;
        char command[BATCH_MAX_LINE + 1];
        snprintf(command, sizeof command, "%s", buf + strspn(buf, " \t"));
        char *words[BATCH_MAX_WORDS];
        const char *why = NULL;
        int n = split_words(buf, words, &why);
        if (n == 0) continue;
        if (n < 0) {
            chopsat_json j;
            answer_line(&j, line, name, command, -1, NULL, NULL, "usage", why);
            continue;
        }
        answer(line, name, command, words, n);
        if (ferror(stdout)) break;
    }
    bool bad = ferror(f);
    if (f != stdin) fclose(f);
    free(buf);
    cli_opts_free(&o);
    if (bad) return cli_error("cannot read '%s'", name);
    return 0;
}
