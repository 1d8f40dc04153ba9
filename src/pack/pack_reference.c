/* pack_reference.c: the reference solver of each format run on a pack's file (CaDiCaL on
 * DIMACS, DepQBF on QDIMACS, Z3 on SMT-LIB, ABC's bmc3 on AIGER) by the one process runner
 * (chopsat_run: no shell, a process group of its own killed at the time limit), in a private
 * temporary folder that the one clean-up registry removes on a signal; its answer and its CPU
 * time. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chopsat_tool.h"
#include "pack/pack.h"

static const char *const format_names[CHOPSAT_PACK_FORMATS] = {"cnf", "qdimacs", "smt2", "aiger"};
static const char *const reference_names[CHOPSAT_PACK_FORMATS] = {"cadical", "depqbf", "z3", "abc"};

const char *chopsat_pack_format_name(chopsat_pack_format f)
{
    return f < CHOPSAT_PACK_FORMATS ? format_names[f] : "";
}

const char *chopsat_pack_reference_name(chopsat_pack_format f)
{
    return f < CHOPSAT_PACK_FORMATS ? reference_names[f] : "";
}

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

/* Whether dir/out holds `word` in a line (lines read with the one bounded line reader). */
static bool out_has(const char *dir, const char *word)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/out", dir);
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    bool found = false;
    while (f && !found && chopsat_line_read(f, &line, &cap, CHOPSAT_LINE_MAX) >= 0)
        found = strstr(line, word) != NULL;
    free(line);
    if (f) fclose(f);
    return found;
}

static const char *const files[CHOPSAT_PACK_FORMATS] = {"f.cnf", "f.qdimacs", "f.smt2", "f.aig"};

/* The temporary folder's entries in the clean-up registry: its file, the output, itself. */
typedef struct tmp_guard {
    int slot[3];
} tmp_guard;

/* Registers folder dir and what pack_reference writes in it for format f. */
static void guard_tmp(tmp_guard *g, const char *dir, chopsat_pack_format f)
{
    char path[4200];
    g->slot[0] = chopsat_cleanup_folder(dir);
    snprintf(path, sizeof path, "%s/%s", dir, files[f]);
    g->slot[1] = chopsat_cleanup_file(path);
    snprintf(path, sizeof path, "%s/out", dir);
    g->slot[2] = chopsat_cleanup_file(path);
}

/* Removes what pack_reference left in its temporary folder dir, then dir, and forgets them. */
static void remove_tmp(tmp_guard *g, const char *dir, chopsat_pack_format f)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) unlinkat(fd, files[f], 0), unlinkat(fd, "out", 0), close(fd);
    rmdir(dir);
    for (int i = 0; i < 3; i++)
        chopsat_cleanup_forget(g->slot[i]);
}

/* The answer in the program's exit status st (SAT and QBF solvers: 10, 20) or in dir/out (Z3:
 * "sat"/"unsat"; ABC: a frame asserted, or none in k+1 frames): 1, 0, or -1 with msg. */
static int answer_of(chopsat_pack_format f, int k, const char *dir, const char *prog, int st,
                     char *msg, size_t size)
{
    if (f == CHOPSAT_PACK_CNF || f == CHOPSAT_PACK_QDIMACS) {
        if (st == 10 || st == 20) return st == 10;
        snprintf(msg, size, "%s exited with status %d", prog, st);
    } else if (f == CHOPSAT_PACK_SMT2) {
        if (out_has(dir, "unsat")) return 0;
        if (out_has(dir, "sat")) return 1;
        snprintf(msg, size, "z3 answered neither sat nor unsat (status %d)", st);
    } else {
        char all[64];
        snprintf(all, sizeof all, "No output asserted in %d frames", k + 1);
        if (out_has(dir, "was asserted in frame")) return 1;
        if (out_has(dir, all)) return 0;
        snprintf(msg, size, "ABC's bmc3 gave no answer (status %d)", st);
    }
    return -1;
}

/* Runs the reference solver of f on dir's file: as pack_reference. */
static int run_reference(chopsat_pack_format f, int k, const char *dir, double timeout,
                         double *seconds, char *msg, size_t size)
{
    char *cnf[] = {"cadical", "-q", "f.cnf", NULL};
    char *qbf[] = {"depqbf", "f.qdimacs", NULL};
    char *smt[] = {"z3", "f.smt2", NULL};
    char script[64]; /* bmc3 over frames 0..K: complete, the step counter bounds the goal */
    snprintf(script, sizeof script, "read f.aig; fold; bmc3 -F %d", k + 1);
    char *abc[] = {"berkeley-abc", "-c", script, NULL};
    char *const *argv[CHOPSAT_PACK_FORMATS] = {cnf, qbf, smt, abc};
    char out[4200];
    snprintf(out, sizeof out, "%s/out", dir);
    chopsat_run_spec spec = {.argv = argv[f],
                             .dir = dir,
                             .out = CHOPSAT_RUN_PATH,
                             .out_path = out,
                             .err = CHOPSAT_RUN_DISCARD,
                             .timeout = timeout};
    chopsat_run_result r;
    chopsat_err err;
    if (chopsat_run(&spec, &r, &err) < 0) {
        snprintf(msg, size, "cannot run %s: %s", argv[f][0], err.msg);
        return -1;
    }
    *seconds = r.cpu_seconds;
    int st = r.exited ? r.exit_code : 128 + r.signal;
    bool timed_out = r.timed_out;
    chopsat_run_result_free(&r);
    if (timed_out) return -2;
    if (st == 127) return -3; /* not installed (or it could not be executed) */
    return answer_of(f, k, dir, argv[f][0], st, msg, size);
}

int pack_reference(chopsat_pack_format f, int k, const char *text, size_t n, double timeout,
                   double *seconds, char *msg, size_t size)
{
    const char *tmpdir = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/chopsat-pack-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    *seconds = 0;
    if (!mkdtemp(dir))
        return snprintf(msg, size, "cannot make a temporary folder: %s", strerror(errno)), -1;
    tmp_guard g;
    guard_tmp(&g, dir, f); /* removed on a signal too */
    int rc = -1;
    if (write_new(dir, files[f], text, n))
        snprintf(msg, size, "cannot write a temporary file: %s", strerror(errno));
    else
        rc = run_reference(f, k, dir, timeout, seconds, msg, size);
    remove_tmp(&g, dir, f);
    return rc;
}
