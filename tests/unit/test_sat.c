/* test_sat.c: tests of the SAT shim (sat.c and its three back ends) and of the proof checker
 * (drat_check.c): small and incremental problems on every back end, pigeonhole formulas,
 * PicoSAT against CaDiCaL on seeded random 3-SAT, the real picosat and cadical programs through
 * the external back end, fake solvers (tests/fake-solvers/) that misbehave, timeouts, and
 * proofs from PicoSAT and from the cadical program, intact and corrupted. Run from the
 * repository root (the fake solvers are found by relative path). */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/util.h"
#include "formats/dimacs.h"
#include "harness.h"
#include "solvers/drat_check.h"
#include "solvers/sat.h"

static const char *const all_backends[] = {"picosat", "cadical", "external:picosat",
                                           "external:cadical -q"};
#define NBACKENDS (sizeof all_backends / sizeof all_backends[0])

typedef VEC(int) intvec;

static void add_clause(sat *s, intvec *copy, const int *lits)
{
    for (; *lits; lits++) {
        sat_add(s, *lits);
        if (copy) VEC_PUSH(*copy, *lits);
    }
    sat_add(s, 0);
    if (copy) VEC_PUSH(*copy, 0);
}
#define CLAUSE(s, copy, ...) add_clause(s, copy, (const int[]){__VA_ARGS__, 0})

/* Does the model of s satisfy every clause of f? */
static bool model_satisfies(sat *s, const intvec *f)
{
    bool sat_clause = false;
    for (size_t i = 0; i < f->n; i++) {
        int l = f->items[i];
        if (l == 0) {
            if (!sat_clause) return false;
            sat_clause = false;
        } else if (sat_value(s, abs(l)) == (l > 0 ? 1 : -1)) {
            sat_clause = true;
        }
    }
    return true;
}

/* The pigeonhole formula: p pigeons in h holes; variable (i*h + j + 1) = pigeon i in hole j. */
static void pigeonhole(int p, int h, intvec *out)
{
    for (int i = 0; i < p; i++) {
        for (int j = 0; j < h; j++)
            VEC_PUSH(*out, i * h + j + 1);
        VEC_PUSH(*out, 0);
    }
    for (int j = 0; j < h; j++)
        for (int a = 0; a < p; a++)
            for (int b = a + 1; b < p; b++) {
                VEC_PUSH(*out, -(a * h + j + 1));
                VEC_PUSH(*out, -(b * h + j + 1));
                VEC_PUSH(*out, 0);
            }
}

static void add_all(sat *s, const intvec *f)
{
    for (size_t i = 0; i < f->n; i++)
        sat_add(s, f->items[i]);
}

static unsigned lcg(unsigned *state)
{
    *state = *state * 1103515245u + 12345u;
    return (*state >> 8) & 0xffffff;
}

/* A random 3-SAT formula with n variables and round(4.26 n) clauses (distinct variables in a
 * clause). */
static void random_3sat(unsigned *seed, int n, intvec *out)
{
    int m = (int)(4.26 * n + 0.5);
    for (int c = 0; c < m; c++) {
        int v[3];
        for (int k = 0; k < 3; k++) {
            bool again;
            do {
                v[k] = (int)(lcg(seed) % (unsigned)n) + 1;
                again = false;
                for (int q = 0; q < k; q++)
                    again |= v[q] == v[k];
            } while (again);
            VEC_PUSH(*out, lcg(seed) & 1 ? v[k] : -v[k]);
        }
        VEC_PUSH(*out, 0);
    }
}

TEST(sat_unknown_backend)
{
    chopsat_err err = {{0}};
    CHECK(sat_new("minisat", &err) == NULL);
    CHECK(strstr(err.msg, "unknown solver 'minisat'") != NULL);
    CHECK(sat_new("external:", &err) == NULL);
    CHECK(strstr(err.msg, "no command") != NULL);
    CHECK(sat_new("external:   ", &err) == NULL);
    CHECK(sat_new_with_proof("cadical", &err) == NULL);
    CHECKF(strstr(err.msg, "cannot write proofs") != NULL, "message: %s", err.msg);
    sat *s = sat_new("external:picosat", &err);
    REQUIRE(s);
    CHECK(!strcmp(sat_backend_name(s), "external:picosat"));
    sat_release(s);
}

TEST(sat_small_every_backend)
{
    for (size_t b = 0; b < NBACKENDS; b++) {
        chopsat_err err = {{0}};
        sat *s = sat_new(all_backends[b], &err);
        REQUIRE(s);
        CHECK(!strcmp(sat_backend_name(s), all_backends[b]));
        intvec f = {0};
        CLAUSE(s, &f, 1, 2);
        CLAUSE(s, &f, -1, 2);
        CLAUSE(s, &f, 1, -2, 3);
        CHECK(sat_max_var(s) == 3);
        int r = sat_solve(s, 0, &err);
        CHECKF(r == 10, "%s: %d %s", all_backends[b], r, err.msg);
        CHECK(sat_value(s, 2) == 1);
        CHECK(sat_value(s, -2) == 1); /* the variable, whatever the sign */
        CHECK(model_satisfies(s, &f));
        CLAUSE(s, &f, -2);
        CHECK(sat_value(s, 2) == 0); /* adding invalidated the model */
        r = sat_solve(s, 0, &err);
        CHECKF(r == 20, "%s: %d %s", all_backends[b], r, err.msg);
        r = sat_solve(s, 0, &err); /* unsatisfiable stays so */
        CHECK(r == 20);
        VEC_FREE(f);
        sat_release(s);
    }
}

TEST(sat_incremental_assumptions)
{
    for (size_t b = 0; b < NBACKENDS; b++) {
        const char *name = all_backends[b];
        chopsat_err err = {{0}};
        sat *s = sat_new(name, &err);
        REQUIRE(s);
        intvec f = {0};
        CLAUSE(s, &f, 1, 2);
        CLAUSE(s, &f, -1, 3);
        sat_assume(s, -2);
        CHECKF(sat_solve(s, 0, &err) == 10, "%s: %s", name, err.msg);
        CHECK(sat_value(s, 1) == 1 && sat_value(s, 2) == -1 && sat_value(s, 3) == 1);
        sat_assume(s, -2);
        sat_assume(s, -3);
        CHECKF(sat_solve(s, 0, &err) == 20, "%s: %s", name, err.msg);
        /* The assumptions are gone: satisfiable again. */
        CHECKF(sat_solve(s, 0, &err) == 10, "%s: %s", name, err.msg);
        CHECK(model_satisfies(s, &f));
        CLAUSE(s, &f, -3);
        sat_assume(s, 1);
        CHECKF(sat_solve(s, 0, &err) == 20, "%s: %s", name, err.msg);
        CHECKF(sat_solve(s, 0, &err) == 10, "%s: %s", name, err.msg);
        CHECK(sat_value(s, 1) == -1 && sat_value(s, 2) == 1 && sat_value(s, 3) == -1);
        /* An assumption on a variable that no clause mentions. */
        sat_assume(s, 7);
        CHECKF(sat_solve(s, 0, &err) == 10, "%s: %s", name, err.msg);
        CHECK(sat_value(s, 7) == 1);
        CHECK(sat_max_var(s) == 7);
        sat_assume(s, -7);
        CHECKF(sat_solve(s, 0, &err) == 10, "%s: %s", name, err.msg);
        CHECK(sat_value(s, 7) == -1);
        /* Variables never mentioned have a fixed value. */
        CHECK(sat_value(s, 5) == sat_value(s, 5) && sat_value(s, 5) != 0);
        CHECK(sat_value(s, 1000) == -1);
        CLAUSE(s, &f, -2);
        CHECKF(sat_solve(s, 0, &err) == 20, "%s: %s", name, err.msg);
        VEC_FREE(f);
        sat_release(s);
    }
}

TEST(sat_pigeonhole_unsat)
{
    intvec f = {0};
    pigeonhole(6, 5, &f);
    for (size_t b = 0; b < NBACKENDS; b++) {
        chopsat_err err = {{0}};
        sat *s = sat_new(all_backends[b], &err);
        REQUIRE(s);
        add_all(s, &f);
        CHECKF(sat_solve(s, 10, &err) == 20, "%s: %s", all_backends[b], err.msg);
        sat_release(s);
    }
    /* 5 pigeons in 5 holes fit. */
    f.n = 0;
    pigeonhole(5, 5, &f);
    for (size_t b = 0; b < NBACKENDS; b++) {
        chopsat_err err = {{0}};
        sat *s = sat_new(all_backends[b], &err);
        REQUIRE(s);
        add_all(s, &f);
        CHECKF(sat_solve(s, 10, &err) == 10, "%s: %s", all_backends[b], err.msg);
        CHECK(model_satisfies(s, &f));
        sat_release(s);
    }
    VEC_FREE(f);
}

/* PicoSAT and CaDiCaL (and, for every tenth instance, the picosat program) agree on 200 random
 * 3-SAT formulas at the threshold; every model satisfies its formula. */
TEST(sat_random_agreement)
{
    unsigned seed = 20240531;
    int counts[2] = {0, 0};
    for (int inst = 0; inst < 200; inst++) {
        int n = 20 + (int)(lcg(&seed) % 21);
        intvec f = {0};
        random_3sat(&seed, n, &f);
        int answer = 0;
        for (size_t b = 0; b < 3; b++) {
            if (b == 2 && inst % 10) continue;
            chopsat_err err = {{0}};
            sat *s = sat_new(all_backends[b], &err);
            REQUIRE(s);
            add_all(s, &f);
            int r = sat_solve(s, 10, &err);
            CHECKF(r == 10 || r == 20, "instance %d %s: %s", inst, all_backends[b], err.msg);
            if (b == 0)
                answer = r;
            else
                CHECKF(r == answer, "instance %d: %s says %d, picosat %d", inst, all_backends[b], r,
                       answer);
            if (r == 10)
                CHECKF(model_satisfies(s, &f), "instance %d %s: bad model", inst, all_backends[b]);
            sat_release(s);
        }
        counts[answer == 10 ? 0 : 1]++;
        VEC_FREE(f);
    }
    /* At the threshold both answers must be common, or the test tests little. */
    CHECKF(counts[0] > 40 && counts[1] > 40, "%d satisfiable, %d unsatisfiable", counts[0],
           counts[1]);
}

/* Runs one fake solver (a script of tests/fake-solvers/, or a whole command when `script`
 * starts with "cmd:") on a small formula and checks for an error containing `want`, given
 * well before the fakes that sleep would end on their own (60 s): the back end stopped the
 * fake rather than waited for it. The bound is half the fake's sleep, not a speed target. */
enum { FAKE_SLEEP = 60 }; /* seconds: sleep.sh and background.sh's sleep */

static void fake(const char *script, double timeout, bool unsat_formula, const char *want)
{
    char backend[256];
    if (!strncmp(script, "cmd:", 4)) {
        snprintf(backend, sizeof backend, "external:%s", script + 4);
    } else {
        snprintf(backend, sizeof backend, "external:sh tests/fake-solvers/%s", script);
        if (access(backend + 12, R_OK) != 0) {
            test_fail(__FILE__, __LINE__, "%s not found (run from the repository root)",
                      backend + 12);
            return;
        }
    }
    chopsat_err err = {{0}};
    sat *s = sat_new(backend, &err);
    if (!s) {
        test_fail(__FILE__, __LINE__, "%s", err.msg);
        return;
    }
    sat_add(s, 1);
    sat_add(s, 2);
    sat_add(s, 0);
    sat_add(s, -1);
    sat_add(s, 3);
    sat_add(s, 0);
    if (unsat_formula) {
        sat_add(s, -2);
        sat_add(s, 0);
        sat_add(s, -3);
        sat_add(s, 0);
    }
    double t0 = now_seconds();
    int r = sat_solve(s, timeout, &err);
    double t = now_seconds() - t0;
    CHECKF(r == -1, "%s answered %d", script, r);
    CHECKF(!strncmp(err.msg, "solver ", 7) && !strncmp(err.msg + 7, backend, strlen(backend)),
           "%s: message '%s' does not name the solver", script, err.msg);
    CHECKF(strstr(err.msg, want) != NULL, "%s: message '%s' lacks '%s'", script, err.msg, want);
    CHECKF(t < FAKE_SLEEP / 2, "%s took %.2f s: waited for the fake", script, t);
    CHECK(sat_value(s, 1) == 0);
    sat_release(s);
}

TEST(sat_external_fake_solvers)
{
    fake("garbage.sh", 5, false, "unreadable line 'hello, I am not a SAT solver'");
    fake("wrong-model.sh", 5, false, "falsifies clause #1 (1 2 0)");
    fake("missing-vars.sh", 5, false, "no value to variable 3 (clause #2)");
    fake("crash.sh", 5, false, "crashed with signal 11 (SIGSEGV)");
    fake("sleep.sh", 0.3, false, "timed out after 0.3 s");
    fake("unknown.sh", 5, false, "answered UNKNOWN");
    fake("no-s-line.sh", 5, false, "no 's SATISFIABLE' or 's UNSATISFIABLE' line");
    fake("inconsistent-exit.sh", 5, false, "exited with status 10 but printed 's UNSATISFIABLE'");
    fake("bad-status.sh", 5, false,
         "exited with status 3 (stderr: fake: cannot parse the options)");
    fake("cmd:chopsat-no-such-solver", 5, false, "exited with status 127 (stderr: ");
    fake("cmd:chopsat-no-such-solver", 5, false, "not found)");
}

TEST(sat_external_kills_leftovers_and_cleans_up)
{
    /* A private TMPDIR shows that the DIMACS files are removed. */
    char dir[] = "/tmp/chopsat-test-XXXXXX";
    REQUIRE(mkdtemp(dir));
    const char *old = getenv("TMPDIR");
    char *saved = old ? xstrdup(old) : NULL;
    setenv("TMPDIR", dir, 1);
    chopsat_err err = {{0}};
    sat *s = sat_new("external:sh tests/fake-solvers/background.sh", &err);
    REQUIRE(s);
    CLAUSE(s, NULL, 1);
    CLAUSE(s, NULL, -1);
    double t0 = now_seconds();
    CHECKF(sat_solve(s, 5, &err) == 20, "%s", err.msg);
    /* Its leftover holds the output open for 60 s: the back end killed it, not waited. */
    CHECKF(now_seconds() - t0 < FAKE_SLEEP / 2, "took %.2f s: waited for the leftover",
           now_seconds() - t0);
    sat_release(s);
    s = sat_new("external:sh tests/fake-solvers/sleep.sh", &err);
    REQUIRE(s);
    CLAUSE(s, NULL, 1);
    CHECK(sat_solve(s, 0.2, &err) == -1);
    sat_release(s);
    if (saved) {
        setenv("TMPDIR", saved, 1);
        free(saved);
    } else {
        unsetenv("TMPDIR");
    }
    DIR *d = opendir(dir);
    REQUIRE(d);
    int left = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) left++;
    closedir(d);
    CHECKF(left == 0, "%d files left in %s", left, dir);
    rmdir(dir);
}

/* The processor time this process has used, in seconds. */
static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The in-process back ends stop at the deadline with an error, not an answer, and soon after
 * it: they use at most a second of processor time on a 0.25 s deadline (processor time, not
 * the clock, so that a busy machine, which gives the solver less of the deadline, never fails
 * it; a solver that looked at the deadline too seldom would). */
TEST(sat_timeout_in_process)
{
    intvec f = {0};
    pigeonhole(12, 11, &f);
    for (size_t b = 0; b < 2; b++) {
        chopsat_err err = {{0}};
        sat *s = sat_new(all_backends[b], &err);
        REQUIRE(s);
        add_all(s, &f);
        double t0 = cpu_seconds();
        int r = sat_solve(s, 0.25, &err);
        double t = cpu_seconds() - t0;
        CHECKF(r == -1, "%s answered %d", all_backends[b], r);
        char want[64];
        snprintf(want, sizeof want, "solver %s: timed out after 0.25 s", all_backends[b]);
        CHECKF(!strcmp(err.msg, want), "message '%s'", err.msg);
        CHECKF(t < 1.0, "%s used %.2f s of processor time", all_backends[b], t);
        CHECK(sat_value(s, 1) == 0);
        /* The instance is still usable after the interruption. */
        CLAUSE(s, NULL, 1);
        CLAUSE(s, NULL, -1);
        CHECKF(sat_solve(s, 5, &err) == 20, "%s after a timeout: %s", all_backends[b], err.msg);
        sat_release(s);
    }
    VEC_FREE(f);
}

/* ---------------------------------------------------------------------------------------- */
/* Proofs                                                                                   */
/* ---------------------------------------------------------------------------------------- */

/* Writes the PicoSAT proof of f into a memory buffer; returns it (caller frees) or NULL. */
static char *picosat_proof(const intvec *f, size_t *len)
{
    chopsat_err err = {{0}};
    sat *s = sat_new_with_proof("picosat", &err);
    if (!s) {
        test_fail(__FILE__, __LINE__, "%s", err.msg);
        return NULL;
    }
    add_all(s, f);
    char *buf = NULL;
    int r = sat_solve(s, 10, &err);
    if (r != 20) {
        test_fail(__FILE__, __LINE__, "picosat answered %d: %s", r, err.msg);
    } else {
        FILE *m = open_memstream(&buf, len);
        if (sat_write_proof(s, m, &err)) test_fail(__FILE__, __LINE__, "%s", err.msg);
        fclose(m);
    }
    sat_release(s);
    return buf;
}

static int check_text_proof(const intvec *f, const char *proof, chopsat_err *err)
{
    FILE *p = *proof ? fmemopen((void *)proof, strlen(proof), "r") : fopen("/dev/null", "r");
    int r = drat_check(f->items, f->n, p, err);
    fclose(p);
    return r;
}

/* Runs the cadical program on f with a proof file (text or binary); returns the proof's
 * contents and length, or NULL. */
static char *cadical_proof(const intvec *f, bool binary, size_t *len)
{
    char cnf[] = "/tmp/chopsat-cnf-XXXXXX", prf[] = "/tmp/chopsat-proof-XXXXXX";
    int fd1 = mkstemp(cnf), fd2 = mkstemp(prf);
    if (fd1 < 0 || fd2 < 0) return NULL;
    close(fd2);
    FILE *c = fdopen(fd1, "w");
    int maxv = 0;
    for (size_t i = 0; i < f->n; i++)
        maxv = abs(f->items[i]) > maxv ? abs(f->items[i]) : maxv;
    chopsat_err err;
    dimacs_write(c, NULL, 0, maxv, f->items, f->n, &err);
    fclose(c);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "cadical -q %s %s %s >/dev/null", binary ? "" : "--no-binary", cnf,
             prf);
    int st = system(cmd);
    char *buf = NULL;
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 20) {
        test_fail(__FILE__, __LINE__, "'%s' gave status %d", cmd, st);
    } else {
        FILE *p = fopen(prf, "rb");
        FILE *m = open_memstream(&buf, len);
        int ch;
        while ((ch = fgetc(p)) != EOF)
            fputc(ch, m);
        fclose(m);
        fclose(p);
    }
    unlink(cnf);
    unlink(prf);
    return buf;
}

TEST(proof_picosat_pigeonhole)
{
    intvec f = {0};
    pigeonhole(6, 5, &f);
    size_t len = 0;
    char *proof = picosat_proof(&f, &len);
    REQUIRE(proof);
    CHECK(strchr(proof, '%') == NULL); /* the RUPD header is dropped */
    CHECK(len >= 2 && !strcmp(proof + len - 2, "0\n") && (len == 2 || proof[len - 3] == '\n'));
    chopsat_err err = {{0}};
    CHECKF(check_text_proof(&f, proof, &err) == 1, "%s", err.msg);

    /* Corruptions: a bogus first lemma, the proof cut short, nothing at all, garbage. */
    char *bad = xmalloc(len + 16);
    snprintf(bad, len + 16, "1 0\n%s", proof);
    CHECK(check_text_proof(&f, bad, &err) == 0);
    CHECKF(strstr(err.msg, "lemma 1 (line 1) '1 0' is not RUP"), "%s", err.msg);
    const char *third = proof;
    for (int k = 0; k < 3 && third; k++)
        third = strchr(third, '\n') ? strchr(third, '\n') + 1 : NULL;
    REQUIRE(third);
    memcpy(bad, proof, (size_t)(third - proof));
    bad[third - proof] = 0;
    CHECK(check_text_proof(&f, bad, &err) == 0);
    CHECKF(strstr(err.msg, "without deriving the empty clause"), "%s", err.msg);
    CHECK(check_text_proof(&f, "", &err) == 0);
    CHECK(check_text_proof(&f, "0\n", &err) == 0);
    CHECKF(strstr(err.msg, "'0' is not RUP"), "%s", err.msg);
    CHECK(check_text_proof(&f, "1 x 0\n", &err) == 0);
    CHECKF(strstr(err.msg, "line 1: unreadable token 'x'"), "%s", err.msg);
    free(bad);
    free(proof);
    VEC_FREE(f);
}

TEST(proof_picosat_incremental_and_assumptions)
{
    chopsat_err err = {{0}};
    sat *s = sat_new_with_proof("picosat", &err);
    REQUIRE(s);
    intvec f = {0};
    pigeonhole(5, 5, &f);
    add_all(s, &f);
    CHECK(sat_solve(s, 10, &err) == 10);
    CHECK(sat_write_proof(s, stdout, &err) == -1); /* not unsatisfiable: nothing written */
    CHECK(strstr(err.msg, "did not answer unsatisfiable") != NULL);
    /* Unsatisfiable only under the assumption that pigeon 1 is in no hole. */
    for (int j = 1; j <= 5; j++)
        sat_assume(s, -j);
    CHECK(sat_solve(s, 10, &err) == 20);
    CHECK(sat_write_proof(s, stdout, &err) == -1);
    CHECKF(strstr(err.msg, "relied on assumptions") != NULL, "%s", err.msg);
    /* Now a sixth pigeon, added incrementally: unsatisfiable outright. */
    for (int j = 0; j < 5; j++)
        VEC_PUSH(f, 26 + j);
    VEC_PUSH(f, 0);
    for (int j = 0; j < 5; j++)
        for (int a = 0; a < 5; a++) {
            VEC_PUSH(f, -(a * 5 + j + 1));
            VEC_PUSH(f, -(26 + j));
            VEC_PUSH(f, 0);
        }
    size_t old = 0;
    for (size_t i = 0, clauses = 0; i < f.n; i++) /* the clauses added since the first solve */
        if (f.items[i] == 0 && ++clauses == 5 + 5 * 10) old = i + 1;
    for (size_t i = old; i < f.n; i++)
        sat_add(s, f.items[i]);
    CHECK(sat_solve(s, 10, &err) == 20);
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    CHECKF(sat_write_proof(s, m, &err) == 0, "%s", err.msg);
    fclose(m);
    CHECKF(check_text_proof(&f, buf, &err) == 1, "%s", err.msg);
    free(buf);
    sat_release(s);

    /* Clauses that contradict each other at once: the proof is just the empty clause. */
    s = sat_new_with_proof("picosat", &err);
    REQUIRE(s);
    intvec g = {0};
    CLAUSE(s, &g, 1);
    CLAUSE(s, &g, -1);
    CHECK(sat_solve(s, 0, &err) == 20);
    buf = NULL;
    m = open_memstream(&buf, &len);
    CHECK(sat_write_proof(s, m, &err) == 0);
    fclose(m);
    CHECKF(check_text_proof(&g, buf, &err) == 1, "%s", err.msg);
    free(buf);
    sat_release(s);
    VEC_FREE(g);
    VEC_FREE(f);
}

TEST(proof_random_unsat)
{
    unsigned seed = 77;
    int checked = 0, cadical_checked = 0;
    for (int inst = 0; inst < 300 && checked < 25; inst++) {
        intvec f = {0};
        random_3sat(&seed, 40, &f);
        chopsat_err err = {{0}};
        sat *s = sat_new("cadical", &err);
        add_all(s, &f);
        int r = sat_solve(s, 10, &err);
        sat_release(s);
        if (r == 20) {
            size_t len;
            char *proof = picosat_proof(&f, &len);
            if (proof)
                CHECKF(check_text_proof(&f, proof, &err) == 1, "instance %d: %s", inst, err.msg);
            free(proof);
            checked++;
            if (checked % 5 == 0) {
                proof = cadical_proof(&f, checked % 10 == 0, &len);
                if (proof) {
                    FILE *p = fmemopen(proof, len, "r");
                    CHECKF(drat_check(f.items, f.n, p, &err) == 1, "instance %d cadical: %s", inst,
                           err.msg);
                    fclose(p);
                    cadical_checked++;
                }
                free(proof);
            }
        }
        VEC_FREE(f);
    }
    CHECKF(checked == 25 && cadical_checked == 5, "%d picosat proofs, %d cadical proofs", checked,
           cadical_checked);
}

TEST(proof_cadical_program)
{
    intvec f = {0};
    pigeonhole(7, 6, &f);
    for (int binary = 0; binary < 2; binary++) {
        size_t len = 0;
        char *proof = cadical_proof(&f, binary, &len);
        REQUIRE(proof);
        chopsat_err err = {{0}};
        FILE *p = fmemopen(proof, len, "r");
        CHECKF(drat_check(f.items, f.n, p, &err) == 1, "binary=%d: %s", binary, err.msg);
        fclose(p);
        /* A bogus lemma in front: "1 0" (pigeon 1 in hole 1) is not implied. */
        char *bad = xmalloc(len + 8);
        size_t blen;
        if (binary) {
            memcpy(bad, "a\x02\x00", 3); /* add, literal 1 (2*1+0), end */
            blen = 3;
        } else {
            memcpy(bad, "1 0\n", 4);
            blen = 4;
        }
        memcpy(bad + blen, proof, len);
        p = fmemopen(bad, blen + len, "r");
        CHECK(drat_check(f.items, f.n, p, &err) == 0);
        CHECKF(strstr(err.msg, "is not RUP"), "binary=%d: %s", binary, err.msg);
        fclose(p);
        /* Cut in the middle of a step. */
        if (binary) {
            p = fmemopen(proof, 2, "r");
            CHECK(drat_check(f.items, f.n, p, &err) == 0);
            CHECKF(strstr(err.msg, "truncated"), "%s", err.msg);
            fclose(p);
        }
        free(bad);
        free(proof);
    }
    VEC_FREE(f);
}

TEST(proof_checker_deletions)
{
    /* (1 2) (1 -2) (-1 2) (-1 -2): the lemma 1 is RUP, and then the empty clause. */
    intvec f = {0};
    int cl[] = {1, 2, 0, 1, -2, 0, -1, 2, 0, -1, -2, 0};
    for (size_t i = 0; i < sizeof cl / sizeof cl[0]; i++)
        VEC_PUSH(f, cl[i]);
    chopsat_err err = {{0}};
    CHECKF(check_text_proof(&f, "1 0\nd 1 2 0\n0\n", &err) == 1, "%s", err.msg);
    /* Deleting (-1 2) (twice: the second finds nothing) leaves the empty clause underivable;
     * deleting (-1 -2), the reason of the unit -2, is ignored but does not help. */
    CHECK(check_text_proof(&f, "d -1 2 0\nd 2 -1 0\n1 0\nd -1 -2 0\n0\n", &err) == 0);
    CHECKF(strstr(err.msg, "'0' is not RUP"), "%s", err.msg);
    /* Comments and a RUPD header are skipped; duplicate literals are fine. */
    CHECKF(check_text_proof(&f, "%RUPD32 2 4   \nc hello\n1 1 0\n0\n", &err) == 1, "%s", err.msg);
    CHECK(check_text_proof(&f, "1 0\n0", &err) == 1);
    CHECK(check_text_proof(&f, "1 0\n2", &err) == 0);
    CHECKF(strstr(err.msg, "not ended by 0"), "%s", err.msg);
    VEC_FREE(f);
}

SCHEDULE_FILE(sat)
{
    SCHEDULE(sat_unknown_backend);
    SCHEDULE(sat_small_every_backend);
    SCHEDULE(sat_incremental_assumptions);
    SCHEDULE(sat_pigeonhole_unsat);
    SCHEDULE(sat_random_agreement);
    SCHEDULE(sat_external_fake_solvers);
    SCHEDULE(sat_external_kills_leftovers_and_cleans_up);
    SCHEDULE(sat_timeout_in_process);
    SCHEDULE(proof_picosat_pigeonhole);
    SCHEDULE(proof_picosat_incremental_and_assumptions);
    SCHEDULE(proof_random_unsat);
    SCHEDULE(proof_cadical_program);
    SCHEDULE(proof_checker_deletions);
}
