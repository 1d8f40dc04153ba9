/* cli_batch.h: what the files of `chopsat batch` share (docs/cli.md). cli_batch.c reads the
 * file of questions, decides what a line may do and writes each answer as one JSON line through
 * src/report/ (chopsat_report_batch_json); cli_batch_run.c runs one question in a process of
 * its own, with a time limit, stops it (and whatever it started) when batch itself is stopped,
 * and keeps its output. */
#ifndef CHOPSAT_CLI_BATCH_H
#define CHOPSAT_CLI_BATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/cli.h"

/* The most a question's standard output may hold (larger: an error object for its line). */
#define BATCH_MAX_OUTPUT ((size_t)256 << 20)
/* How long a question stopped by SIGTERM has to clean up before its process group is killed. */
#define BATCH_GRACE_SECONDS 5.0

/* What one question did. */
typedef struct batch_run {
    int status;     /* its exit status (128 + N: killed by signal N); -1: not run */
    bool timed_out; /* stopped at the time limit (status is then meaningless) */
    char *out;      /* its standard output, NUL-terminated (NULL: not kept, see failure) */
    size_t out_len;
    char err[1024];    /* the first line of its standard error ("" when none) */
    char failure[160]; /* why it could not run, or its output could not be kept ("": fine) */
} batch_run;

/* Runs argv (argv[0] the program's name, argv[argc] NULL) as chopsat would run it alone, in a
 * child process of its own process group, with standard input /dev/null (input_fd, the file of
 * questions, is closed to it) and its standard output and error kept; stops it after timeout
 * seconds. Fills r; the caller frees r->out. */
void batch_run_question(char **argv, int argc, int input_fd, double timeout, batch_run *r);

#endif
