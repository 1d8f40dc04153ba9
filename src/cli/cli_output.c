/* cli_output.c: where answers and files go (docs/reliability.md).
 *
 * An output file (-o FILE, --proof FILE) that is a regular file, or does not exist yet, appears
 * only when complete: the text goes to a new temporary beside it (created with O_CREAT|O_EXCL|
 * O_NOFOLLOW under an unpredictable name, so a link planted there is never followed), which
 * takes the mode (and, for root, the owner) of the file it replaces, and is renamed over FILE
 * only after every write, the flush, fsync and close succeeded; otherwise it is removed and
 * FILE is untouched. A symbolic link is kept: the file it points to is the one replaced. A FIFO
 * or a character device (/dev/null, a terminal) is never replaced: the text is written straight
 * into it, as the shell's `>` would (a proof can be piped to a checker that way). Directories,
 * block devices, sockets and links to nothing are refused. Standard output is checked the same
 * way: cli_finish_stdout turns a failed write, flush or close into one error line. */
#define _DEFAULT_SOURCE /* realpath, getrandom */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"

#if defined(__linux__)
#include <sys/random.h>
#endif

/* Frees what cli_out_open allocated and reports the failure to open `shown`. */
static int open_failed(cli_out *out, const char *why)
{
    int rc = cli_error("cannot write '%s': %s", out->shown, why);
    free(out->shown);
    free(out->path);
    free(out->tmp);
    memset(out, 0, sizeof *out);
    out->slot = -1;
    return rc;
}

/* Twelve unpredictable characters for a temporary's name. */
static void random_suffix(char *buf)
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    unsigned char r[12];
    size_t got = 0;
#if defined(__linux__)
    ssize_t n = getrandom(r, sizeof r, GRND_NONBLOCK);
    if (n > 0) got = (size_t)n;
#endif
    if (got < sizeof r) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        unsigned long long x =
            (unsigned long long)ts.tv_nsec ^ ((unsigned long long)ts.tv_sec << 30) ^
            ((unsigned long long)getpid() << 16) ^ (unsigned long long)(size_t)buf;
        for (size_t i = got; i < sizeof r; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            r[i] = (unsigned char)(x >> 33);
        }
    }
    for (size_t i = 0; i < sizeof r; i++)
        buf[i] = alphabet[r[i] % (sizeof alphabet - 1)];
    buf[sizeof r] = 0;
}

/* Creates the temporary ".NAME.chopsat-XXXXXXXXXXXX" in the directory of target; its fd or -1. */
static int create_temp(const char *target, char **tmp)
{
    const char *slash = strrchr(target, '/');
    size_t dirlen = slash ? (size_t)(slash - target) + 1 : 0;
    const char *base = slash ? slash + 1 : target;
    size_t n = strlen(target) + 32;
    *tmp = cli_calloc(1, n);
    for (int attempt = 0; attempt < 100; attempt++) {
        char suffix[16];
        random_suffix(suffix);
        snprintf(*tmp, n, "%.*s.%s.chopsat-%s", (int)dirlen, target, base, suffix);
        int fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    errno = EEXIST;
    return -1;
}

static mode_t current_umask(void)
{
    mode_t m = umask(022);
    umask(m);
    return m;
}

/* Opens a FIFO or character device for writing, as it is. */
static int open_special(cli_out *out, const char *path)
{
    int fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return open_failed(out, strerror(errno));
    out->f = fdopen(fd, "w");
    if (!out->f) {
        close(fd);
        return open_failed(out, strerror(errno));
    }
    out->direct = true;
    return 0;
}

int cli_out_open(cli_out *out, const char *path)
{
    memset(out, 0, sizeof *out);
    out->slot = -1;
    if (!path || !strcmp(path, "-")) {
        out->f = stdout;
        return 0;
    }
    out->shown = cli_strdup(path);
    struct stat st, lst;
    bool exists = stat(path, &st) == 0;
    if (!exists && errno != ENOENT) return open_failed(out, strerror(errno));
    bool link = lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode);
    if (!exists && link) return open_failed(out, "it is a symbolic link to a missing file");
    if (exists && S_ISDIR(st.st_mode)) return open_failed(out, "it is a directory");
    if (exists && (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))) return open_special(out, path);
    if (exists && !S_ISREG(st.st_mode))
        return open_failed(out, "it is not a regular file, a FIFO or a character device");
    if (exists && access(path, W_OK) != 0) return open_failed(out, strerror(errno));
    if (link) {
        out->path = realpath(path, NULL);
        if (!out->path) return open_failed(out, strerror(errno));
    } else {
        out->path = cli_strdup(path);
    }
    /* no signal between the temporary's creation and its registration: it would be left */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    int fd = create_temp(out->path, &out->tmp);
    int e = errno;
    if (fd >= 0) out->slot = chopsat_cleanup_file(out->tmp);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (fd < 0) return open_failed(out, strerror(e));
    if (exists && fchown(fd, st.st_uid, st.st_gid) != 0) { /* only root can: fine */
    }
    mode_t mode = exists ? (st.st_mode & 07777) : (0666 & ~current_umask());
    if (fchmod(fd, mode) != 0 || !(out->f = fdopen(fd, "w"))) {
        int e = errno;
        close(fd);
        unlink(out->tmp);
        chopsat_cleanup_forget(out->slot);
        return open_failed(out, strerror(e));
    }
    return 0;
}

/* Flushes and syncs f; 0, or the errno of the first failure (EIO when none was set). */
static int flush_all(FILE *f, bool sync)
{
    errno = 0;
    if (fflush(f) != 0) return errno ? errno : EIO;
    if (ferror(f)) return EIO;
    if (sync && fsync(fileno(f)) != 0 && errno != EINVAL && errno != EROFS) return errno;
    return 0;
}

/* fsyncs the directory of path, so the rename itself is durable (best effort). */
static void sync_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? cli_strdup(path) : cli_strdup(".");
    if (slash) dir[slash - path + 1] = 0;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        if (fsync(fd) != 0) { /* not every file system syncs directories */
        }
        close(fd);
    }
    free(dir);
}

/* cli_out_close, with `why` (when not NULL) as the reason of a write error already seen. */
static int close_out(cli_out *out, bool ok, const char *why)
{
    if (!out->f) return 0;
    if (out->f == stdout) {
        out->f = NULL;
        int e = flush_all(stdout, false);
        return ok && e ? cli_error("cannot write standard output: %s", why ? why : strerror(e)) : 0;
    }
    int rc = 0, e = flush_all(out->f, !out->direct);
    if (fclose(out->f) != 0 && !e) e = errno ? errno : EIO;
    out->f = NULL;
    if (ok && e) rc = cli_error("cannot write '%s': %s", out->shown, why ? why : strerror(e));
    if (ok && !rc && out->tmp && rename(out->tmp, out->path) != 0)
        rc = cli_error("cannot write '%s': %s", out->shown, strerror(errno));
    if (out->tmp && (!ok || rc)) unlink(out->tmp);
    if (out->tmp && ok && !rc) sync_dir(out->path);
    chopsat_cleanup_forget(out->slot);
    free(out->shown);
    free(out->path);
    free(out->tmp);
    memset(out, 0, sizeof *out);
    out->slot = -1;
    return rc;
}

int cli_out_close(cli_out *out, bool ok)
{
    return close_out(out, ok, NULL);
}

int cli_out_finish(cli_out *out, int wrc, const chopsat_err *err)
{
    if (wrc == 0) return close_out(out, true, NULL);
    if (ferror(out->f)) return close_out(out, true, err->msg);
    close_out(out, false, NULL);
    return cli_error("%s", err->msg);
}

int cli_finish_stdout(int rc)
{
    int e = flush_all(stdout, false);
    if (fclose(stdout) != 0 && !e) e = errno ? errno : EIO;
    if (!e) return rc;
    if (rc != 0 && rc != EXIT_YES && rc != EXIT_NO) return rc; /* its one line is out already */
    return cli_error("cannot write standard output: %s", strerror(e));
}
