/* cli_progress.c: progress lines on standard error for what can take more than a second (the k
 * being tried and the solver calls of win/reach, the phases of force, the explicit solver),
 * with the elapsed time, refreshed every second by a ticker thread while a phase runs. Shown
 * only when standard error is a terminal (one line, rewritten in place and cleared before the
 * answer is printed), never with --quiet. CHOPSAT_PROGRESS=1 shows them on any standard error,
 * one line each (for tests); CHOPSAT_PROGRESS=0 never. The library only calls back
 * (chopsat_progress_fn); everything printed is printed here. */
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"

static struct {
    pthread_mutex_t lock;
    int mode;        /* -1 not decided yet, 0 off, 1 a terminal, 2 lines (CHOPSAT_PROGRESS=1) */
    bool shown;      /* a line is on the terminal */
    bool active;     /* a phase is running */
    char what[256];  /* the phase, as last reported */
    double t0;       /* when the command started */
    double shown_at; /* when a line was last printed */
    char name[64];   /* the phase name of the library's last callback */
    bool ticker;     /* the ticker thread runs */
    FILE *out;       /* standard error as it was when progress began: a linked solver's
                        quiet spell (solvers/quiet.c) sends fd 2 to /dev/null meanwhile */
    pthread_t thread;
} P = {.lock = PTHREAD_MUTEX_INITIALIZER, .mode = -1};

volatile sig_atomic_t cli_progress_line_shown;

static int decide(void)
{
    if (P.mode < 0) {
        const char *env = getenv("CHOPSAT_PROGRESS");
        P.mode = env && !strcmp(env, "1") ? 2 : env && !strcmp(env, "0") ? 0 : isatty(2) ? 1 : 0;
        P.t0 = chopsat_now();
        int fd = P.mode ? fcntl(2, F_DUPFD_CLOEXEC, 3) : -1;
        P.out = fd >= 0 ? fdopen(fd, "w") : NULL;
        if (!P.out) {
            if (fd >= 0) close(fd);
            P.out = stderr;
        }
    }
    return P.mode;
}

int cli_progress_setting_check(char *msg, size_t size)
{
    const char *env = getenv("CHOPSAT_PROGRESS");
    if (!env || !*env || !strcmp(env, "0") || !strcmp(env, "1")) return 0;
    snprintf(msg, size,
             "CHOPSAT_PROGRESS='%.40s' is neither 0 nor 1 (1 shows progress lines, 0 never)", env);
    return 1;
}

void cli_progress_setup(bool quiet)
{
    pthread_mutex_lock(&P.lock);
    decide();
    if (quiet) P.mode = 0;
    pthread_mutex_unlock(&P.lock);
}

/* Prints the current phase with the elapsed time (the lock held). */
static void show(void)
{
    char line[400];
    snprintf(line, sizeof line, "chopsat: %s (%.1f s)", P.what, chopsat_now() - P.t0);
    P.shown_at = chopsat_now();
    if (P.mode == 1) {
        fprintf(P.out, "\r\033[K%.*s", 200, line); /* one terminal line, rewritten in place */
        P.shown = true;
        cli_progress_line_shown = 1;
    } else {
        fprintf(P.out, "%s\n", line);
    }
    fflush(P.out);
}

static void *tick(void *arg)
{
    (void)arg;
    for (;;) {
        struct timespec ts = {1, 0};
        nanosleep(&ts, NULL);
        pthread_mutex_lock(&P.lock);
        if (P.active) show();
        pthread_mutex_unlock(&P.lock);
    }
    return NULL;
}

/* Sets the phase to what fmt says and prints it now when `now` is set, else at most ten times a
 * second on a terminal (the ticker shows it within a second either way). */
static void set_phase(bool now, const char *fmt, va_list ap)
{
    pthread_mutex_lock(&P.lock);
    if (decide()) {
        vsnprintf(P.what, sizeof P.what, fmt, ap);
        P.active = true;
        if (now || (P.mode == 1 && chopsat_now() - P.shown_at >= 0.1)) show();
        if (!P.ticker && pthread_create(&P.thread, NULL, tick, NULL) == 0) {
            pthread_detach(P.thread);
            P.ticker = true;
        }
    }
    pthread_mutex_unlock(&P.lock);
}

void cli_progress_phase(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_phase(true, fmt, ap);
    va_end(ap);
}

static void set_phase_f(bool now, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_phase_f(bool now, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_phase(now, fmt, ap);
    va_end(ap);
}

void cli_progress_end(void)
{
    pthread_mutex_lock(&P.lock);
    P.active = false;
    if (P.shown) {
        fputs("\r\033[K", P.out);
        fflush(P.out);
        P.shown = false;
        cli_progress_line_shown = 0;
    }
    pthread_mutex_unlock(&P.lock);
}

/* The library's callback (chopsat_solve, chopsat_bmc_solve): ctx is the command's name. Each
 * k of a deepening is a line of its own with CHOPSAT_PROGRESS=1; a percentage only when its
 * phase changes (the ticker and the terminal line show the rest). */
void cli_progress(void *ctx, const char *phase, double done)
{
    const char *cmd = ctx ? (const char *)ctx : "solve";
    bool fresh = strncmp(P.name, phase, sizeof P.name - 1) != 0;
    snprintf(P.name, sizeof P.name, "%s", phase);
    if (!strncmp(phase, "k = ", 4)) /* a deepening's k */
        set_phase_f(P.mode == 2, "%s: %s", cmd, phase);
    else if (done == 0.0) /* a phase starts (force's phases, the solver's) */
        set_phase_f(fresh, "%s: %s", cmd, phase);
    else
        set_phase_f(fresh, "%s: %s %.0f%%", cmd, phase, done * 100);
}
