/* cli_pack_io.c: the files of `chopsat pack`: xz compression in process (liblzma), the
 * reference solvers run on each file (no shell: a program and its words, in a private temporary
 * folder, killed with their process group at the time limit), and the pack's folder. Files are
 * staged in a private folder inside DIR (created O_EXCL, written, synced) and moved into DIR only
 * when the whole pack is done; on an error or a signal the staged files, the staging folder and
 * DIR itself when this run made it are removed, so no partial file is ever left: each is in the
 * one clean-up registry (chopsat_cleanup_*) while it exists. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <errno.h>
#include <fcntl.h>
#include <lzma.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <dirent.h>
#include <unistd.h>

#include "cli/cli_pack.h"

const char *const pack_format_names[PF_COUNT] = {"cnf", "qdimacs", "smt2", "aiger"};
const char *const pack_reference_names[PF_COUNT] = {"cadical", "depqbf", "z3", "abc"};

int pack_xz(const char *data, size_t n, char **out, size_t *outlen, char *msg, size_t size)
{
    size_t cap = lzma_stream_buffer_bound(n);
    *out = malloc(cap ? cap : 1);
    *outlen = 0;
    if (!*out) return snprintf(msg, size, "out of memory"), -1;
    lzma_ret r = lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL, (const uint8_t *)data, n,
                                         (uint8_t *)*out, outlen, cap);
    if (r != LZMA_OK) {
        free(*out);
        *out = NULL;
        snprintf(msg, size, "xz compression failed (liblzma error %d)", (int)r);
        return -1;
    }
    return 0;
}

/* ---- reference solvers ---- */

/* Writes data to the new file dir/name; 0 or -1. */
static int write_new(const char *dir, const char *name, const void *data, size_t n)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) return -1;
    const char *p = data;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w <= 0) {
            close(fd);
            return -1;
        }
        p += w, n -= (size_t)w;
    }
    return close(fd);
}

static double cpu_children(void)
{
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
           ru.ru_stime.tv_usec / 1e6;
}

/* Runs argv in folder dir (standard output to dir/out, standard error discarded), its own
 * process group, killed at `timeout` seconds (0: none). Its exit status, 127 when it could not
 * be run, -2 when it timed out, -1 when fork failed; *cpu: its user+system time. */
static int run_in(const char *dir, char *const argv[], double timeout, double *cpu)
{
    double cpu0 = cpu_children(), start = chopsat_now();
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        setpgid(0, 0);
        char out[4200];
        snprintf(out, sizeof out, "%s/out", dir);
        int fo = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
        int fe = open("/dev/null", O_WRONLY);
        int fi = open("/dev/null", O_RDONLY);
        if (fo < 0 || fe < 0 || fi < 0 || chdir(dir) != 0) _exit(127);
        dup2(fi, 0), dup2(fo, 1), dup2(fe, 2);
        execvp(argv[0], argv);
        _exit(127);
    }
    setpgid(pid, pid);
    int slot = chopsat_cleanup_group((long)pid, 0);
    int status = 0;
    bool timed_out = false;
    for (;;) {
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid) break;
        if (w < 0 && errno != EINTR) break;
        if (timeout > 0 && chopsat_now() - start > timeout && !timed_out) {
            kill(-pid, SIGKILL);
            timed_out = true;
        }
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
    }
    kill(-pid, SIGKILL); /* anything the program left behind in its group */
    chopsat_cleanup_forget(slot);
    *cpu = cpu_children() - cpu0;
    if (timed_out) return -2;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* Whether dir/out holds `word` at the start of a line. */
static bool out_has(const char *dir, const char *word)
{
    char path[4200], line[512];
    snprintf(path, sizeof path, "%s/out", dir);
    FILE *f = fopen(path, "r");
    bool found = false;
    while (f && !found && fgets(line, sizeof line, f)) found = strstr(line, word) != NULL;
    if (f) fclose(f);
    return found;
}

/* Removes what run_in and pack_reference left in dir, then dir (async-signal-safe). */
static void remove_dir(const char *dir)
{
    static const char *const names[] = {"f.cnf", "f.qdimacs", "f.smt2", "f.aig", "out"};
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    for (size_t i = 0; fd >= 0 && i < sizeof names / sizeof *names; i++) unlinkat(fd, names[i], 0);
    if (fd >= 0) close(fd);
    rmdir(dir);
}

int pack_reference(pack_format f, int k, const char *text, size_t n, double timeout,
                   double *seconds, char *msg, size_t size)
{
    static const char *const files[PF_COUNT] = {"f.cnf", "f.qdimacs", "f.smt2", "f.aig"};
    const char *tmpdir = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/chopsat-pack-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    *seconds = 0;
    if (!mkdtemp(dir)) return snprintf(msg, size, "cannot make a temporary folder: %s", strerror(errno)), -1;
    char in_path[4200], out_path[4200]; /* removed by the signal handler too */
    snprintf(in_path, sizeof in_path, "%s/%s", dir, files[f]);
    snprintf(out_path, sizeof out_path, "%s/out", dir);
    int guard[3] = {chopsat_cleanup_folder(dir), chopsat_cleanup_file(in_path),
                    chopsat_cleanup_file(out_path)};
    int rc = -1;
    if (write_new(dir, files[f], text, n)) {
        snprintf(msg, size, "cannot write a temporary file: %s", strerror(errno));
    } else {
        char *cnf[] = {"cadical", "-q", "f.cnf", NULL};
        char *qbf[] = {"depqbf", "f.qdimacs", NULL};
        char *smt[] = {"z3", "f.smt2", NULL};
        char script[64]; /* bmc3 over frames 0..K: complete, the step counter bounds the goal */
        snprintf(script, sizeof script, "read f.aig; fold; bmc3 -F %d", k + 1);
        char *abc[] = {"berkeley-abc", "-c", script, NULL};
        char *const *argv[PF_COUNT] = {cnf, qbf, smt, abc};
        int st = run_in(dir, argv[f], timeout, seconds);
        if (st == -2 || st == 127) rc = st == -2 ? -2 : -3;
        else if (st < 0) snprintf(msg, size, "cannot run %s: %s", argv[f][0], strerror(errno));
        else if (f == PF_CNF || f == PF_QDIMACS) {
            if (st == 10 || st == 20) rc = st == 10;
            else snprintf(msg, size, "%s exited with status %d", argv[f][0], st);
        } else if (f == PF_SMT2) {
            if (out_has(dir, "unsat")) rc = 0;
            else if (out_has(dir, "sat")) rc = 1;
            else snprintf(msg, size, "z3 answered neither sat nor unsat (status %d)", st);
        } else {
            char all[64];
            snprintf(all, sizeof all, "No output asserted in %d frames", k + 1);
            if (out_has(dir, "was asserted in frame")) rc = 1;
            else if (out_has(dir, all)) rc = 0;
            else snprintf(msg, size, "ABC's bmc3 gave no answer (status %d)", st);
        }
    }
    for (int i = 0; i < 3; i++) chopsat_cleanup_forget(guard[i]);
    remove_dir(dir);
    return rc;
}

/* ---- the pack's folder ---- */

struct pack_dir {
    char *path;           /* DIR */
    char *stage;          /* DIR/.chopsat-pack-XXXXXX */
    bool created;         /* DIR was made by this run */
    char **names;         /* the staged files, in order */
    int *slots;           /* each one's entry in the clean-up registry */
    int path_slot, stage_slot; /* DIR's (when made by this run) and the staging folder's */
    size_t n, cap;
};

/* Removes the staged files and folders. */
static void clean_staged(pack_dir *d)
{
    int fd = open(d->stage, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    for (size_t i = 0; fd >= 0 && i < d->n; i++) unlinkat(fd, d->names[i], 0);
    if (fd >= 0) close(fd);
    rmdir(d->stage);
    if (d->created) rmdir(d->path);
}

/* Forgets the folder's entries in the clean-up registry. */
static void unguard(pack_dir *d)
{
    for (size_t i = 0; i < d->n; i++) chopsat_cleanup_forget(d->slots[i]);
    chopsat_cleanup_forget(d->stage_slot);
    chopsat_cleanup_forget(d->path_slot);
}

static void free_dir(pack_dir *d)
{
    for (size_t i = 0; i < d->n; i++) free(d->names[i]);
    free(d->names);
    free(d->slots);
    free(d->path);
    free(d->stage);
    free(d);
}

/* Whether folder path holds no entry but "." and "..". */
static bool empty_dir(const char *path)
{
    DIR *dir = opendir(path);
    if (!dir) return false;
    struct dirent *e;
    bool empty = true;
    while (empty && (e = readdir(dir)))
        empty = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
    closedir(dir);
    return empty;
}

pack_dir *pack_dir_open(const char *path, bool force, size_t capacity)
{
    struct stat st;
    bool created = false;
    if (lstat(path, &st) == 0) {
        if (S_ISLNK(st.st_mode)) return cli_error("pack: '%s' is a symbolic link; give the folder itself", path), NULL;
        if (!S_ISDIR(st.st_mode)) return cli_error("pack: '%s' exists and is not a folder", path), NULL;
        if (!force && !empty_dir(path))
            return cli_error("pack: '%s' is not empty (--force writes into it, replacing files of the same name)", path), NULL;
    } else if (errno != ENOENT) {
        return cli_error("pack: cannot use '%s': %s", path, strerror(errno)), NULL;
    } else if (mkdir(path, 0777) != 0) {
        return cli_error("pack: cannot make the folder '%s': %s", path, strerror(errno)), NULL;
    } else {
        created = true;
    }
    pack_dir *d = cli_calloc(1, sizeof *d);
    d->path = cli_strdup(path);
    d->created = created;
    d->cap = capacity;
    d->names = cli_calloc(capacity ? capacity : 1, sizeof *d->names);
    d->slots = cli_calloc(capacity ? capacity : 1, sizeof *d->slots);
    d->path_slot = created ? chopsat_cleanup_folder(path) : -1;
    size_t n = strlen(path) + 32;
    d->stage = cli_calloc(1, n);
    snprintf(d->stage, n, "%s/.chopsat-pack-XXXXXX", path);
    if (!mkdtemp(d->stage)) {
        cli_error("pack: cannot make a staging folder in '%s': %s", path, strerror(errno));
        if (created) rmdir(path);
        chopsat_cleanup_forget(d->path_slot);
        free_dir(d);
        return NULL;
    }
    d->stage_slot = chopsat_cleanup_folder(d->stage);
    return d;
}

int pack_dir_add(pack_dir *d, const char *name, const void *data, size_t n)
{
    if (d->n >= d->cap) return cli_error("pack: more files than planned (%zu)", d->cap);
    d->names[d->n] = cli_strdup(name);
    size_t len = strlen(d->stage) + strlen(name) + 2;
    char *staged = cli_calloc(len, 1);
    snprintf(staged, len, "%s/%s", d->stage, name);
    d->slots[d->n] = chopsat_cleanup_file(staged); /* before it exists: an interrupted write is
                                                      removed too */
    free(staged);
    d->n++;
    int fd = -1, e = 0;
    int dfd = open(d->stage, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) e = errno;
    const char *p = data;
    while (!e && n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) e = w < 0 ? errno : EIO;
        else p += w, n -= (size_t)w;
    }
    if (!e && fsync(fd) != 0 && errno != EINVAL) e = errno;
    if (fd >= 0 && close(fd) != 0 && !e) e = errno;
    if (dfd >= 0) close(dfd);
    if (e) return cli_error("pack: cannot write '%s/%s': %s", d->path, name, strerror(e));
    return 0;
}

int pack_dir_commit(pack_dir *d)
{
    int sfd = open(d->stage, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int dfd = open(d->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int rc = sfd < 0 || dfd < 0 ? cli_error("pack: cannot open '%s': %s", d->path, strerror(errno)) : 0;
    for (size_t i = 0; !rc && i < d->n; i++)
        if (renameat(sfd, d->names[i], dfd, d->names[i]) != 0)
            rc = cli_error("pack: cannot move '%s' into '%s': %s", d->names[i], d->path, strerror(errno));
    if (!rc && fsync(dfd) != 0) { /* not every file system syncs folders */ }
    if (sfd >= 0) close(sfd);
    if (dfd >= 0) close(dfd);
    if (rc) {
        clean_staged(d);
    } else {
        rmdir(d->stage);
    }
    unguard(d);
    free_dir(d);
    return rc;
}

void pack_dir_abort(pack_dir *d)
{
    clean_staged(d);
    unguard(d);
    free_dir(d);
}
