/* pack_dir.c: the pack's folder. Files are staged in a private folder inside DIR (created
 * O_EXCL, written, synced) and moved into DIR only when the whole pack is done; on an error or
 * a signal the staged files, the staging folder and DIR itself when this run made it are
 * removed, so no partial file is ever left. On a signal the one clean-up registry
 * (chopsat_cleanup_*) removes them: DIR when this run made it, the staging folder and each
 * staged file are registered while they exist (a file past the registry's
 * CHOPSAT_CLEANUP_SLOTS entries is not guarded). With --force DIR may hold an old pack: every
 * destination is checked before the first move, and a move that fails puts back the ones before
 * it (each old file waits in the staging folder until the whole pack is in). */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/util.h"
#include "pack/pack.h"

struct pack_dir {
    char *path;   /* DIR */
    char *stage;  /* DIR/.chopsat-pack-XXXXXX */
    bool created; /* DIR was made by this run */
    char **names; /* the staged files, in order */
    int *slots;   /* their entries in the clean-up registry */
    size_t n, cap;
    int dir_slot, stage_slot; /* DIR's (when made here) and the staging folder's entries */
};

/* Removes the staged files, the staging folder and DIR when this run made it. */
static void clean(pack_dir *d)
{
    int fd = open(d->stage, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    for (size_t i = 0; fd >= 0 && i < d->n; i++)
        unlinkat(fd, d->names[i], 0);
    if (fd >= 0) close(fd);
    rmdir(d->stage);
    if (d->created) rmdir(d->path);
}

/* Forgets d's entries in the clean-up registry and frees it. */
static void free_dir(pack_dir *d)
{
    for (size_t i = 0; i < d->n; i++) {
        chopsat_cleanup_forget(d->slots[i]);
        free(d->names[i]);
    }
    chopsat_cleanup_forget(d->stage_slot);
    chopsat_cleanup_forget(d->dir_slot);
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

/* Takes path as DIR (an empty folder, any folder with force) or makes it (*created): 0, or -1
 * with err. */
static int take_dir(const char *path, bool force, bool *created, bool *not_empty, chopsat_err *err)
{
    struct stat st;
    *created = false;
    if (lstat(path, &st) == 0) {
        if (S_ISLNK(st.st_mode))
            return fail(err, "pack: '%s' is a symbolic link; give the folder itself", path);
        if (!S_ISDIR(st.st_mode)) return fail(err, "pack: '%s' exists and is not a folder", path);
        if (!force && !empty_dir(path)) {
            *not_empty = true;
            return fail(err, "pack: '%s' is not empty", path);
        }
        return 0;
    }
    if (errno != ENOENT) return fail(err, "pack: cannot use '%s': %s", path, strerror(errno));
    if (mkdir(path, 0777) != 0)
        return fail(err, "pack: cannot make the folder '%s': %s", path, strerror(errno));
    *created = true;
    return 0;
}

pack_dir *pack_dir_open(const char *path, bool force, size_t capacity, bool *not_empty,
                        chopsat_err *err)
{
    bool created;
    /* "lnk/" names the folder lnk points to (lstat follows the link), so the trailing slashes
     * go first: lnk/ is refused as lnk is. */
    char *bare = xstrdup(path);
    for (size_t len = strlen(bare); len > 1 && bare[len - 1] == '/'; len--)
        bare[len - 1] = '\0';
    if (take_dir(bare, force, &created, not_empty, err)) {
        free(bare);
        return NULL;
    }
    pack_dir *d = xcalloc(1, sizeof *d);
    d->path = bare;
    d->created = created;
    d->cap = capacity;
    d->names = xcalloc(capacity ? capacity : 1, sizeof *d->names);
    d->slots = xcalloc(capacity ? capacity : 1, sizeof *d->slots);
    d->dir_slot = created ? chopsat_cleanup_folder(d->path) : -1;
    size_t n = strlen(d->path) + 32;
    d->stage = xcalloc(1, n);
    snprintf(d->stage, n, "%s/.chopsat-pack-XXXXXX", d->path);
    if (!mkdtemp(d->stage)) {
        fail(err, "pack: cannot make a staging folder in '%s': %s", d->path, strerror(errno));
        d->stage_slot = -1;
        if (created) rmdir(d->path);
        free_dir(d);
        return NULL;
    }
    d->stage_slot = chopsat_cleanup_folder(d->stage);
    return d;
}

/* Writes n bytes of data to the new file name in folder dfd: 0 or an errno value. */
static int write_file(int dfd, const char *name, const void *data, size_t n)
{
    int fd = dfd < 0
                 ? -1
                 : openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    int e = fd < 0 ? errno : 0;
    const char *p = data;
    while (!e && n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0)
            e = w < 0 ? errno : EIO;
        else
            p += w, n -= (size_t)w;
    }
    if (!e && fsync(fd) != 0 && errno != EINVAL) e = errno;
    if (fd >= 0 && close(fd) != 0 && !e) e = errno;
    return e;
}

int pack_dir_add(pack_dir *d, const char *name, const void *data, size_t n, chopsat_err *err)
{
    if (d->n >= d->cap) return fail(err, "pack: more files than planned (%zu)", d->cap);
    size_t len = strlen(d->stage) + strlen(name) + 2;
    char *path = xmalloc(len);
    snprintf(path, len, "%s/%s", d->stage, name);
    d->names[d->n] = xstrdup(name);
    d->slots[d->n] = chopsat_cleanup_file(path); /* before it exists: an interrupted write */
    d->n++;                                      /* is removed too */
    free(path);
    int dfd = open(d->stage, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int e = dfd < 0 ? errno : write_file(dfd, name, data, n);
    if (dfd >= 0) close(dfd);
    if (e) return fail(err, "pack: cannot write '%s/%s': %s", d->path, name, strerror(e));
    return 0;
}

/* 0 when every destination DIR/name is missing or something a rename replaces (a file, a
 * link); else -1 with err naming the first that is not (a folder), before anything moves. */
static int check_destinations(const pack_dir *d, int dfd, chopsat_err *err)
{
    for (size_t i = 0; i < d->n; i++) {
        struct stat st;
        if (fstatat(dfd, d->names[i], &st, AT_SYMLINK_NOFOLLOW) != 0) {
            if (errno == ENOENT) continue;
            return fail(err, "pack: cannot use '%s/%s': %s (nothing was moved)", d->path,
                        d->names[i], strerror(errno));
        }
        if (S_ISDIR(st.st_mode))
            return fail(err,
                        "pack: '%s/%s' is a folder, which the pack's file cannot replace "
                        "(nothing was moved)",
                        d->path, d->names[i]);
    }
    return 0;
}

/* The name in the staging folder that keeps DIR's old file i while the pack moves in. */
static void old_name(size_t i, char *buf, size_t size)
{
    snprintf(buf, size, ".old-%zu", i);
}

/* Moves staged file i into DIR, its old file (if any, *had_old) into the staging folder
 * first: 0, or an errno value with everything of file i as it was. */
static int move_in(const pack_dir *d, int sfd, int dfd, size_t i, bool *had_old)
{
    char old[32];
    old_name(i, old, sizeof old);
    *had_old = renameat(dfd, d->names[i], sfd, old) == 0;
    if (!*had_old && errno != ENOENT) return errno;
    if (renameat(sfd, d->names[i], dfd, d->names[i]) == 0) return 0;
    int e = errno;
    if (*had_old) renameat(sfd, old, dfd, d->names[i]);
    return e;
}

/* Undoes move_in of files n-1 down to 0: each new file back into the staging folder, each old
 * one back into DIR. The number of renames that failed. */
static int move_out(const pack_dir *d, int sfd, int dfd, size_t n, const bool *had_old)
{
    int failed = 0;
    char old[32];
    for (size_t i = n; i-- > 0;) {
        old_name(i, old, sizeof old);
        failed += renameat(dfd, d->names[i], sfd, d->names[i]) != 0;
        if (had_old[i]) failed += renameat(sfd, old, dfd, d->names[i]) != 0;
    }
    return failed;
}

/* Removes the old files move_in kept in the staging folder (the pack is in). */
static void drop_old(const pack_dir *d, int sfd, const bool *had_old)
{
    char old[32];
    for (size_t i = 0; i < d->n; i++) {
        old_name(i, old, sizeof old);
        if (had_old[i]) unlinkat(sfd, old, 0);
    }
}

int pack_dir_commit(pack_dir *d, chopsat_err *err)
{
    int sfd = open(d->stage, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int dfd = open(d->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int rc =
        sfd < 0 || dfd < 0 ? fail(err, "pack: cannot open '%s': %s", d->path, strerror(errno)) : 0;
    /* every destination first, then all or nothing: a move that fails puts back the ones
     * before it, so DIR holds the old pack or the new one, never a mix */
    if (!rc) rc = check_destinations(d, dfd, err);
    bool *had_old = xcalloc(d->n ? d->n : 1, sizeof *had_old);
    for (size_t i = 0; !rc && i < d->n; i++) {
        int e = move_in(d, sfd, dfd, i, &had_old[i]);
        if (!e) continue;
        int lost = move_out(d, sfd, dfd, i, had_old);
        rc = fail(err, "pack: cannot move '%s' into '%s': %s (%s)", d->names[i], d->path,
                  strerror(e),
                  lost ? "and the files moved before it could not all be put back"
                       : "the files moved before it were put back; nothing changed");
    }
    if (!rc) {
        drop_old(d, sfd, had_old);
        if (fsync(dfd) != 0) { /* not every file system syncs folders */
        }
    }
    free(had_old);
    if (sfd >= 0) close(sfd);
    if (dfd >= 0) close(dfd);
    if (rc)
        clean(d);
    else
        rmdir(d->stage);
    free_dir(d);
    return rc;
}

void pack_dir_abort(pack_dir *d)
{
    clean(d);
    free_dir(d);
}
