/* subprocess.h: external SAT and QBF solvers given as "external:CMD", run by the one process
 * runner (chopsat_run, chopsat_tool.h; runner.c). No shell is involved: CMD is split into words
 * here and the program is executed directly with the problem file's path appended as its last
 * argument.
 *
 * Word splitting (the whole quoting language, nothing more): words are separated by spaces and
 * tabs; inside '...' every character is literal; inside "..." a backslash escapes only " and \;
 * outside quotes a backslash makes the next character literal. Quotes may join parts of one word
 * (a'b c'd is the word "ab cd"). There is no variable, command or tilde expansion, no globbing,
 * no redirection and no ';', '|' or '&': those characters are ordinary. An unterminated quote
 * or a trailing backslash is an error. The first word is the program: looked up in PATH unless
 * it contains a '/'; a script without "#!" runs under /bin/sh, as execvp does.
 *
 * The child runs in a process group of its own, with stdin from /dev/null, its stdout captured
 * (at most SUBPROCESS_OUTPUT_CAP bytes; more is an error, never a truncated answer) and its
 * stderr captured (never shown to the user; the first line is kept, escaped, for messages).
 * At the deadline, and whenever the program itself exits, the whole group is killed.
 *
 * Temporary files come from subprocess_temp: mkstemp in $TMPDIR (else /tmp), mode 0600, and
 * registered in the one clean-up registry so that chopsat_cleanup_run (chopsat_tool.h; for a
 * signal handler) removes them. */
#ifndef CHOPSAT_SUBPROCESS_H
#define CHOPSAT_SUBPROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "chopsat_tool.h"

#define SUBPROCESS_OUTPUT_CAP ((size_t)256 << 20) /* stdout beyond this is an error */

typedef struct subprocess_out {
    char *out; /* everything the program wrote on stdout, NUL-terminated (owned) */
    size_t out_len;
    char err_line[256]; /* the first non-empty line of its stderr, escaped; "" if none */
    int status;         /* as waitpid */
    bool timed_out;     /* killed at the deadline */
    bool too_long;      /* killed for printing more than SUBPROCESS_OUTPUT_CAP bytes */
} subprocess_out;

/* Splits cmd into words as described above. Returns the number of words (at least 1) with
 * *argv a NULL-terminated array the caller frees with subprocess_argv_free, or -1 with a
 * message (no word at all, an unterminated quote, a trailing backslash). */
int subprocess_split(const char *cmd, char ***argv, chopsat_err *err);
void subprocess_argv_free(char **argv);

/* Creates an empty temporary file (mkstemp, mode 0600) in $TMPDIR or /tmp, named
 * chopsat-<what>-XXXXXX, open for writing in *f; *path receives its name. Returns 0, or -1 with
 * a message. Remove it with subprocess_temp_remove on every path. */
int subprocess_temp(const char *what, char **path, FILE **f, chopsat_err *err);
/* Unlinks the file, forgets it and frees path (NULL is fine). */
void subprocess_temp_remove(char *path);

/* Runs CMD (split as above) with `file` appended as its last argument, until it exits or the
 * deadline (an absolute now_seconds() time (util.h); 0 = none) passes. Returns 0 with *r filled
 * (free it with subprocess_out_free) whatever the program did, or -1 with a message when it could
 * not be run at all (a bad CMD, no pipe). A program that cannot be executed exits with status 127
 * and "PROGRAM: not found" or "cannot execute PROGRAM: REASON" as its stderr line. */
int subprocess_run(const char *cmd, const char *file, double deadline, subprocess_out *r,
                   chopsat_err *err);
void subprocess_out_free(subprocess_out *r);

/* "SIGSEGV" and the like, "signal" for an unusual one. */
const char *subprocess_signame(int sig);

#endif
