/* cleanup.c: the one clean-up registry (chopsat_tool.h): temporary files, folders and running
 * child process groups, removed and stopped by chopsat_cleanup_run from a signal handler.
 *
 * A signal handler can reach nothing but global state, so the table is the library's one
 * process-wide registry (a named exception of the layout test): an entry's fields are written
 * before it is marked live, and the handler reads live entries with async-signal-safe calls
 * only. Entries are registered and forgotten by one thread at a time. */
#include "core/cleanup.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/oom.h"
#include "core/util.h"

enum { KIND_FILE = 1, KIND_FOLDER, KIND_GROUP };

typedef struct entry {
    volatile sig_atomic_t live;
    int kind;
    bool owned;        /* the library's own: also undone when a call unwinds (core/oom.h) */
    unsigned long seq; /* registration order: folders are removed newest first */
    char *path;        /* KIND_FILE, KIND_FOLDER (owned copy) */
    pid_t pid;         /* KIND_GROUP: the group's leader */
    double grace;      /* KIND_GROUP: seconds after SIGTERM before SIGKILL; 0 none */
} entry;

static entry registry[CHOPSAT_CLEANUP_SLOTS];
static unsigned long registry_seq;

/* The unwind of a public call that ran out of memory: its owned entries undone. */
static void undo_owned(void *arg);
static cs_unwind owned_unwind = {.fn = undo_owned};

/* Keeps owned_unwind registered exactly while an owned entry is live. */
static void track_owned(void)
{
    bool any = false;
    for (int i = 0; i < CHOPSAT_CLEANUP_SLOTS && !any; i++)
        any = registry[i].live && registry[i].owned;
    if (any)
        cs_unwind_add(&owned_unwind);
    else
        cs_unwind_remove(&owned_unwind);
}

/* Fills a free slot and marks it live; its index or -1 when the table is full. */
static int add(int kind, const char *path, pid_t pid, double grace, bool owned)
{
    if (path && strlen(path) >= PATH_MAX) return -1;
    for (int i = 0; i < CHOPSAT_CLEANUP_SLOTS; i++) {
        entry *e = &registry[i];
        if (e->live || e->path) continue;
        e->kind = kind;
        e->owned = owned;
        e->seq = ++registry_seq;
        e->path = path ? xstrdup(path) : NULL;
        e->pid = pid;
        e->grace = grace;
        atomic_signal_fence(memory_order_seq_cst);
        e->live = 1;
        if (owned) track_owned();
        return i;
    }
    return -1;
}

int chopsat_cleanup_file(const char *path)
{
    return add(KIND_FILE, path, 0, 0, false);
}
int chopsat_cleanup_folder(const char *path)
{
    return add(KIND_FOLDER, path, 0, 0, false);
}
int chopsat_cleanup_group(long pid, double grace)
{
    return pid > 0 ? add(KIND_GROUP, NULL, (pid_t)pid, grace, false) : -1;
}
int cleanup_owned_file(const char *path)
{
    return add(KIND_FILE, path, 0, 0, true);
}
int cleanup_owned_group(long pid, double grace)
{
    return pid > 0 ? add(KIND_GROUP, NULL, (pid_t)pid, grace, true) : -1;
}

void chopsat_cleanup_forget(int slot)
{
    if (slot < 0 || slot >= CHOPSAT_CLEANUP_SLOTS) return;
    entry *e = &registry[slot];
    bool owned = e->owned;
    e->live = 0;
    atomic_signal_fence(memory_order_seq_cst);
    free(e->path);
    e->path = NULL;
    if (owned) track_owned();
}

void cleanup_forget_file(const char *path)
{
    for (int i = 0; i < CHOPSAT_CLEANUP_SLOTS; i++)
        if (registry[i].live && registry[i].kind == KIND_FILE && !strcmp(registry[i].path, path))
            chopsat_cleanup_forget(i);
}

/* Nothing is freed: after a fork the allocator may be in the state another thread left. The
 * entries' paths stay (their slots are not reused), so the memory stays reachable. */
void chopsat_cleanup_reset(void)
{
    for (int i = 0; i < CHOPSAT_CLEANUP_SLOTS; i++)
        registry[i].live = 0;
    cs_unwind_remove(&owned_unwind);
}

bool cleanup_ends_within(long pid, double seconds)
{
    double end = chopsat_now() + seconds;
    int nap = 1;
    for (;;) {
        siginfo_t si;
        memset(&si, 0, sizeof si);
        int rc = waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT);
        if (rc != 0 && errno != EINTR) return true; /* not our child any more: nothing to wait */
        if (rc == 0 && si.si_pid == (pid_t)pid) return true;
        double left = end - chopsat_now();
        if (left <= 0) return false;
        poll(NULL, 0, left * 1000 < nap ? (int)(left * 1000) + 1 : nap);
        nap = nap * 2 > 10 ? 10 : nap * 2;
    }
}

/* Stops a group: SIGTERM to its leader and the grace period first when it has one. */
static void stop_group(const entry *e)
{
    if (e->grace > 0) {
        kill(e->pid, SIGTERM);
        cleanup_ends_within(e->pid, e->grace);
    }
    kill(-e->pid, SIGKILL);
}

/* Undoes the live entries (only the owned ones when owned_only): groups, files, then folders
 * newest first. Async-signal-safe. */
static void undo(bool owned_only, bool reap)
{
    for (int pass = KIND_GROUP; pass >= KIND_FILE; pass--) {
        if (pass == KIND_FOLDER) continue;
        for (int i = 0; i < CHOPSAT_CLEANUP_SLOTS; i++) {
            entry *e = &registry[i];
            if (!e->live || e->kind != pass || (owned_only && !e->owned)) continue;
            if (pass == KIND_GROUP) {
                stop_group(e);
                if (reap) waitpid(e->pid, NULL, 0);
            } else {
                unlink(e->path);
            }
            e->live = 0;
        }
    }
    for (;;) {
        entry *newest = NULL;
        for (int i = 0; i < CHOPSAT_CLEANUP_SLOTS; i++) {
            entry *e = &registry[i];
            if (e->live && e->kind == KIND_FOLDER && (!owned_only || e->owned) &&
                (!newest || e->seq > newest->seq))
                newest = e;
        }
        if (!newest) break;
        rmdir(newest->path);
        newest->live = 0;
    }
}

void chopsat_cleanup_run(void)
{
    undo(false, false);
}

static void undo_owned(void *arg)
{
    (void)arg;
    undo(true, true);
    for (int i = 0; i < CHOPSAT_CLEANUP_SLOTS; i++)
        if (!registry[i].live && registry[i].path) {
            free(registry[i].path);
            registry[i].path = NULL;
        }
}
