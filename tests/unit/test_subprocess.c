/* test_subprocess.c: external solvers (src/solvers/subprocess.c, on the one process runner,
 * runner.c), through the SAT and QBF back ends: word splitting without a shell, a hostile TMPDIR,
 * the output cap, stderr kept from the user, and temporaries removed. */
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/util.h"
#include "harness.h"
#include "solvers/qbf_solver.h"
#include "solvers/sat.h"
#include "solvers/subprocess.h"

/* Splits cmd and checks the words against want (NULL-terminated). */
static void split_is(const char *cmd, const char *const *want)
{
    char **argv;
    chopsat_err err = {{0}};
    int n = subprocess_split(cmd, &argv, &err);
    REQUIRE(n > 0);
    int i = 0;
    for (; want[i] && argv[i]; i++)
        CHECKF(!strcmp(argv[i], want[i]), "'%s': word %d is '%s', not '%s'", cmd, i, argv[i],
               want[i]);
    CHECKF(!want[i] && !argv[i] && n == i, "'%s': %d words", cmd, n);
    subprocess_argv_free(argv);
}

TEST(subprocess_split_words)
{
    split_is("cadical -q", (const char *[]){"cadical", "-q", NULL});
    split_is("  a\t 'b c'  ", (const char *[]){"a", "b c", NULL});
    split_is("a'b c'd \"e\\\"f\\\\\" g\\ h", (const char *[]){"ab cd", "e\"f\\", "g h", NULL});
    split_is("x $(touch y); z|w `q` ~ *",
             (const char *[]){"x", "$(touch", "y);", "z|w", "`q`", "~", "*", NULL});
    split_is("'$HOME' \"$HOME\"", (const char *[]){"$HOME", "$HOME", NULL});
    char **argv;
    chopsat_err err = {{0}};
    CHECK(subprocess_split("", &argv, &err) == -1);
    CHECK(subprocess_split(" \t ", &argv, &err) == -1);
    CHECK(subprocess_split("a 'b", &argv, &err) == -1 && strstr(err.msg, "unterminated"));
    CHECK(subprocess_split("a \"b", &argv, &err) == -1 && strstr(err.msg, "unterminated"));
    CHECK(subprocess_split("a b\\", &argv, &err) == -1 && strstr(err.msg, "backslash"));
}

/* Counts the entries of dir other than . and .. */
static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
    closedir(d);
    return n;
}

/* x and not x: unsatisfiable for SAT; "exists x. x and not x": false for QBF; each call may
 * take timeout seconds. */
static int sat_run_for(const char *backend, double timeout, chopsat_err *err)
{
    sat *s = sat_new(backend, err);
    if (!s) return -2;
    sat_add(s, 1), sat_add(s, 0), sat_add(s, -1), sat_add(s, 0);
    int rc = sat_solve(s, timeout, err);
    sat_release(s);
    return rc;
}

static int qbf_run_for(const char *solver, double timeout, chopsat_err *err)
{
    static const bool exists[] = {true};
    static const int vars[] = {1}, lits[] = {1, 0, -1, 0};
    static const size_t start[] = {0, 1};
    qbf_problem p = {.nvars = 1,
                     .nblocks = 1,
                     .exists = exists,
                     .vars = vars,
                     .start = start,
                     .lits = lits,
                     .nlits = 4};
    signed char val[2];
    return qbf_solver_solve(solver, &p, timeout, val, err);
}

static int sat_run(const char *backend, chopsat_err *err)
{
    return sat_run_for(backend, 20, err);
}
static int qbf_run(const char *solver, chopsat_err *err)
{
    return qbf_run_for(solver, 20, err);
}

TEST(subprocess_hostile_tmpdir_runs_nothing)
{
    char base[] = "/tmp/chopsat-test-XXXXXX";
    REQUIRE(mkdtemp(base));
    char dir[256], marker[300];
    snprintf(dir, sizeof dir, "%s/a'b\"c $(touch X) `touch Y`", base);
    REQUIRE(mkdir(dir, 0700) == 0);
    char *cwd = getcwd(NULL, 0);
    const char *old = getenv("TMPDIR");
    char *saved = old ? xstrdup(old) : NULL;
    setenv("TMPDIR", dir, 1);
    REQUIRE(chdir(base) == 0); /* a command substitution would create X here */
    chopsat_err err = {{0}};
    int s = sat_run("external:picosat", &err);
    CHECKF(s == 20, "sat: %d %s", s, err.msg);
    int q = qbf_run("external:depqbf --qdo", &err);
    CHECKF(q == 20, "qbf: %d %s", q, err.msg);
    REQUIRE(chdir(cwd) == 0);
    free(cwd);
    if (saved)
        setenv("TMPDIR", saved, 1), free(saved);
    else
        unsetenv("TMPDIR");
    snprintf(marker, sizeof marker, "%s/X", base);
    CHECKF(access(marker, F_OK) != 0, "a command in TMPDIR ran");
    snprintf(marker, sizeof marker, "%s/Y", base);
    CHECKF(access(marker, F_OK) != 0, "a command in TMPDIR ran");
    CHECKF(entries(dir) == 0, "%d temporaries left", entries(dir));
    CHECKF(entries(base) == 1, "%d files in %s", entries(base), base);
    rmdir(dir);
    rmdir(base);
}

/* The cap, not a time-out, must stop the babbler: the time-out is generous (reading 256 MiB
 * under the sanitizers on a busy machine took over 20 s), and no time is measured here. */
TEST(subprocess_babbling_solver_cut_at_cap)
{
    chopsat_err err = {{0}};
    CHECK(sat_run_for("external:tests/fake-solvers/babble.sh", 900, &err) == -1);
    CHECKF(strstr(err.msg, "printed more than 256 MiB"), "sat: %s", err.msg);
    CHECK(qbf_run_for("external:tests/fake-solvers/babble.sh", 900, &err) == -1);
    CHECKF(strstr(err.msg, "printed more than 256 MiB"), "qbf: %s", err.msg);
}

/* Runs f with stderr into a temporary file; returns how many bytes reached it. */
static long stderr_bytes(int (*f)(const char *, chopsat_err *), const char *arg, int *rc,
                         chopsat_err *err)
{
    char path[] = "/tmp/chopsat-stderr-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return -1;
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    *rc = f(arg, err);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    struct stat st;
    fstat(fd, &st);
    close(fd);
    unlink(path);
    return (long)st.st_size;
}

TEST(subprocess_solver_stderr_kept_from_user)
{
    chopsat_err err = {{0}};
    int rc;
    long n = stderr_bytes(sat_run, "external:tests/fake-solvers/noisy.sh sat", &rc, &err);
    CHECKF(rc == 20 && n == 0, "sat: answer %d, %ld bytes on stderr (%s)", rc, n, err.msg);
    n = stderr_bytes(qbf_run, "external:tests/fake-solvers/noisy.sh qbf", &rc, &err);
    CHECKF(rc == 20 && n == 0, "qbf: answer %d, %ld bytes on stderr (%s)", rc, n, err.msg);
    /* a failing solver's first stderr line is quoted, escaped, in the message */
    CHECK(sat_run("external:sh tests/fake-solvers/bad-status.sh", &err) == -1);
    CHECKF(strstr(err.msg, "(stderr: fake: cannot parse the options)"), "%s", err.msg);
}

TEST(subprocess_long_lines_stay_whole)
{
    chopsat_err err = {{0}};
    int rc = sat_run("external:tests/fake-solvers/long-comment.sh sat", &err);
    CHECKF(rc == 20, "sat: %d %s", rc, err.msg);
    rc = qbf_run("external:tests/fake-solvers/long-comment.sh qbf", &err);
    CHECKF(rc == 20, "qbf: %d %s", rc, err.msg);
}

SCHEDULE_FILE(subprocess)
{
    SCHEDULE(subprocess_split_words);
    SCHEDULE(subprocess_hostile_tmpdir_runs_nothing);
    SCHEDULE(subprocess_babbling_solver_cut_at_cap);
    SCHEDULE(subprocess_solver_stderr_kept_from_user);
    SCHEDULE(subprocess_long_lines_stay_whole);
}
