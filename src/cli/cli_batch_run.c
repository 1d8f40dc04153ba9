/* cli_batch_run.c: one question of `chopsat batch` in a process of its own. The child is the
 * leader of its own process group, so that a Ctrl-C on the terminal reaches batch alone (batch
 * then stops the question: one line, not one from each); its standard input is /dev/null and
 * it holds no descriptor of the file of questions (whose offset is batch's: a child that closed
 * its copy of standard input moved it); its standard output and error go to temporary files,
 * and it prints its own error lines, signal lines and out-of-memory lines there, so that they
 * become the question's error object and never reach batch's standard error.
 *
 * Stopping a question (its time limit, or batch itself interrupted, terminated or out of
 * memory): SIGTERM to the question's process, whose own handler removes its temporaries and
 * stops the solver it runs; after BATCH_GRACE_SECONDS, SIGKILL to its process group. The one
 * process runner (chopsat_run) does all of it: the child's group is in the one clean-up
 * registry, with its grace period, while it runs. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli_batch.h"

/* What the child needs to run the question. */
typedef struct question {
    char **argv;
    int argc;
    int input_fd; /* the file of questions, closed to the child */
} question;

/* The child (chopsat_run's child_main): runs the question with the descriptors described at the
 * top, its own handlers installed before its signals are let in. */
static int child(void *ctx, const void *mask)
{
    const question *q = ctx;
    int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null < 0) return EXIT_ERROR;
    if (q->input_fd > STDERR_FILENO && q->input_fd != null && dup2(null, q->input_fd) < 0)
        return EXIT_ERROR;
    if (null > STDERR_FILENO) close(null);
    /* closes stdin's stream (its read-ahead of the file of questions is dropped; the offset it
     * sets on closing is /dev/null's) and opens /dev/null as it */
    if (!freopen("/dev/null", "r", stdin)) return EXIT_ERROR;
    cli_signals_install(); /* its lines go to its own standard error, the question's */
    sigprocmask(SIG_SETMASK, mask, NULL);
    return cli_finish_stdout(cli_dispatch(q->argc, q->argv));
}

/* Reads the first line of the question's standard error into r->err. */
static void keep_error(int fd, batch_run *r)
{
    ssize_t n = pread(fd, r->err, sizeof r->err - 1, 0);
    r->err[n > 0 ? n : 0] = 0;
    r->err[strcspn(r->err, "\n")] = 0;
}

/* Reads the question's whole standard output into r->out, or says in r->failure why not: too
 * large, or no memory for it (never a part of it). */
static void keep_output(int fd, batch_run *r)
{
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(r->failure, sizeof r->failure, "cannot read the question's output: %s",
                 strerror(errno));
        return;
    }
    size_t size = (size_t)st.st_size;
    if (size > BATCH_MAX_OUTPUT) {
        snprintf(r->failure, sizeof r->failure,
                 "the question printed %zu bytes, more than the "
                 "%zu MiB a line may hold (run it alone, or write it with -o)",
                 size, BATCH_MAX_OUTPUT >> 20);
        return;
    }
    char *s = malloc(size + 1);
    if (!s) {
        snprintf(r->failure, sizeof r->failure,
                 "out of memory for the question's output "
                 "(%zu bytes)",
                 size);
        return;
    }
    size_t got = 0;
    while (got < size) {
        ssize_t n = pread(fd, s + got, size - got, (off_t)got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            snprintf(r->failure, sizeof r->failure, "cannot read the question's output: %s",
                     n < 0 ? strerror(errno) : "it ended early");
            free(s);
            return;
        }
        got += (size_t)n;
    }
    s[size] = 0;
    r->out = s;
    r->out_len = size;
}

void batch_run_question(char **argv, int argc, int input_fd, double timeout, batch_run *r)
{
    memset(r, 0, sizeof *r);
    r->status = -1;
    FILE *out = tmpfile(), *err = tmpfile();
    if (!out || !err) {
        snprintf(r->failure, sizeof r->failure,
                 "could not run the question: no temporary file "
                 "(%s)",
                 strerror(errno));
        if (out) fclose(out);
        if (err) fclose(err);
        return;
    }
    question q = {.argv = argv, .argc = argc, .input_fd = input_fd};
    chopsat_run_spec spec = {.child_main = child,
                             .child_ctx = &q,
                             .out = CHOPSAT_RUN_FD,
                             .out_fd = fileno(out),
                             .err = CHOPSAT_RUN_FD,
                             .err_fd = fileno(err),
                             .timeout = timeout,
                             .grace = BATCH_GRACE_SECONDS};
    chopsat_run_result res;
    chopsat_err e;
    if (chopsat_run(&spec, &res, &e) != CHOPSAT_OK) {
        snprintf(r->failure, sizeof r->failure, "could not run the question: %.120s", e.msg);
    } else {
        r->timed_out = res.timed_out;
        r->status = res.exited ? res.exit_code : 128 + res.signal;
        keep_error(fileno(err), r);
        if (!r->timed_out) keep_output(fileno(out), r);
        chopsat_run_result_free(&res);
    }
    fclose(out);
    fclose(err);
}
