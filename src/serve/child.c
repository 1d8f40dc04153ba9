/* child.c: every grading and every question of the class server runs in a child process of
 * this same program (the one runner, chopsat_run), never in the server: with a wall-clock
 * limit (SIGKILL to its group at it), an address-space limit (RLIMIT_AS), no file writes
 * (RLIMIT_FSIZE 0) and stdout capped. One child runs at a time (the runner and the clean-up
 * registry serve one thread): the others wait their turn, and past SERVE_WAITING_MAX waiting
 * the request is told the server is busy. A submission reaches `chopsat grade` as a file the
 * server writes in its private folder (mode 0600) and removes after the grading. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/util.h"
#include "serve/serve.h"

#define CHILD_ARGS 16

/* Takes a place in the queue; false when SERVE_WAITING_MAX are waiting already. */
static bool queue_enter(struct chopsat_server *S)
{
    pthread_mutex_lock(&S->count_lock);
    bool ok = S->waiting < SERVE_WAITING_MAX;
    if (ok) S->waiting++;
    pthread_mutex_unlock(&S->count_lock);
    return ok;
}

/* Leaves the queue. */
static void queue_leave(struct chopsat_server *S)
{
    pthread_mutex_lock(&S->count_lock);
    S->waiting--;
    pthread_mutex_unlock(&S->count_lock);
}

/* Runs one child under the server's limits, the run lock held by the caller. */
static void run_locked(struct chopsat_server *S, const char *const *args, const char *input,
                       size_t input_len, size_t out_cap, serve_child_out *r)
{
    char *argv[CHILD_ARGS + 2];
    size_t n = 0;
    argv[n++] = S->self;
    for (size_t i = 0; args[i] && n <= CHILD_ARGS; i++)
        argv[n++] = (char *)args[i];
    argv[n] = NULL;
    chopsat_run_spec spec = {
        .argv = argv,
        .dir = S->tmp,
        .input = input,
        .input_len = input_len,
        .out_cap = out_cap,
        .timeout = S->child_seconds,
        .memory_limit = S->child_memory,
        .no_file_writes = true,
    };
    chopsat_run_result res;
    chopsat_err err;
    if (chopsat_run(&spec, &res, &err) != CHOPSAT_OK) {
        r->status = -1;
        r->err = xstrdup(err.msg);
        return;
    }
    r->status = 0;
    r->code = res.exited ? res.exit_code : -1;
    r->killed = !res.exited;
    r->timed_out = res.timed_out;
    r->too_long = res.too_long;
    r->out = res.out ? res.out : xstrdup("");
    r->out_len = res.out ? res.out_len : 0;
    r->err = res.err ? res.err : xstrdup("");
    res.out = res.err = NULL;
    chopsat_run_result_free(&res);
}

void child_run(struct chopsat_server *S, const char *const *args, const char *input,
               size_t input_len, size_t out_cap, serve_child_out *r)
{
    memset(r, 0, sizeof *r);
    if (!queue_enter(S)) {
        r->status = -2;
        return;
    }
    pthread_mutex_lock(&S->run_lock);
    run_locked(S, args, input, input_len, out_cap, r);
    pthread_mutex_unlock(&S->run_lock);
    queue_leave(S);
}

/* Writes len bytes of body to a new file at path (0600, never an existing one). 0 or -1. */
static int write_new(const char *path, const char *body, size_t len)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) return -1;
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(fd, body + done, len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;
        done += (size_t)w;
    }
    int rc = close(fd);
    return done == len && rc == 0 ? 0 : -1;
}

/* The suffix of the handout's file name (".cnf"), when it is short and plain; else "". */
static const char *suffix(const char *file)
{
    const char *dot = file ? strrchr(file, '.') : NULL;
    if (!dot || strlen(dot) > 10) return "";
    for (const char *p = dot + 1; *p; p++)
        if (!(*p >= 'a' && *p <= 'z') && !(*p >= '0' && *p <= '9')) return "";
    return dot;
}

void child_grade(struct chopsat_server *S, const char *ex, const char *body, size_t len,
                 serve_child_out *r)
{
    memset(r, 0, sizeof *r);
    if (!queue_enter(S)) {
        r->status = -2;
        return;
    }
    pthread_mutex_lock(&S->run_lock);
    const serve_exercise *e = exercises_find(&S->ex, ex);
    char path[640];
    snprintf(path, sizeof path, "%s/submission-%lu%s", S->tmp, ++S->seq,
             suffix(e ? e->file : NULL));
    if (write_new(path, body, len) != 0) {
        r->status = -1;
        r->err = xstrdup("cannot write the submission for its grading");
    } else {
        int slot = chopsat_cleanup_file(path);
        const char *args[] = {"grade", "--exercise", ex, path, "--format", "json", NULL};
        run_locked(S, args, NULL, 0, (size_t)1 << 20, r);
        unlink(path);
        if (slot >= 0) chopsat_cleanup_forget(slot);
    }
    pthread_mutex_unlock(&S->run_lock);
    queue_leave(S);
}

void child_out_free(serve_child_out *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}
