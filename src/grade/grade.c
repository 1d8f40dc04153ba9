/* grade.c: one submission graded (chopsat_grade): the exercise's data read, the submission read
 * into memory (bounded), the exercise's check run, its tests scored, and the result's
 * accessors; a student's folder graded exercise by exercise (chopsat_grade_folder); the list of
 * the exercises (never their references). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/util.h"
#include "grade/grade.h"

/* The spec of the check's test `test` in ex, or NULL. */
static const grade_test_spec *spec_of(const grade_exercise *ex, const char *test)
{
    for (size_t i = 0; i < ex->ntests; i++)
        if (!strcmp(ex->tests[i].test, test)) return &ex->tests[i];
    return NULL;
}

void grade_partial(chopsat_graded *g, const grade_exercise *ex, const char *test, double fraction,
                   const char *output)
{
    const grade_test_spec *s = spec_of(ex, test);
    if (!s) return;
    chopsat_grade_test *t = &g->tests[s - ex->tests];
    t->score = s->points * (fraction < 0 ? 0 : fraction > 1 ? 1 : fraction);
    free(t->output);
    t->output = xstrdup(output);
    t->graded = true;
    if (fraction < 1 && s->hint && g->nhints < GRADE_TESTS_MAX)
        g->hints[g->nhints++] = xstrdup(s->hint);
}

void grade_result(chopsat_graded *g, const grade_exercise *ex, const char *test, bool passed,
                  const char *fmt, ...)
{
    char out[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out, sizeof out, fmt, ap);
    va_end(ap);
    grade_partial(g, ex, test, passed ? 1 : 0, out);
}

int grade_question(const grade_exercise *ex, const chopsat_rules *r, chopsat_query *q,
                   chopsat_err *err)
{
    memset(q, 0, sizeof *q);
    const char *kind = grade_data_string(ex, "question");
    const char *from = grade_data_string(ex, "from");
    q->kind = kind && !strcmp(kind, "reach") ? CHOPSAT_Q_REACH : CHOPSAT_Q_WIN;
    q->player = (int)grade_data_int(ex, "player", 1);
    q->k = (int)grade_data_int(ex, "k", 1);
    q->exact = grade_data_bool(ex, "exact", false);
    q->repeat = CHOPSAT_REPEAT_OFF;
    if (q->player < 1 || q->player > 2 || q->k < 0 || q->k > 1000)
        return fail(err, "exercise %s: \"player\" or \"k\" out of range", ex->id);
    if (!from || !strcmp(from, "start")) {
        chopsat_pos_start(r, &q->from);
        return 0;
    }
    return chopsat_pos_parse(r, from, &q->from, err) == CHOPSAT_OK ? 0 : -1;
}

/* A new result for ex: every test listed at 0 points, "not graded". */
static chopsat_graded *graded_new(const grade_exercise *ex)
{
    chopsat_graded *g = xcalloc(1, sizeof *g);
    g->exercise = xstrdup(ex->id);
    g->title = xstrdup(ex->title);
    g->file = xstrdup(ex->file);
    g->max_score = ex->max_score;
    g->ntests = ex->ntests;
    g->tests = xcalloc(ex->ntests ? ex->ntests : 1, sizeof *g->tests);
    g->hints = xcalloc(GRADE_TESTS_MAX, sizeof *g->hints);
    for (size_t i = 0; i < ex->ntests; i++) {
        g->tests[i].name = xstrdup(ex->tests[i].name);
        g->tests[i].max_score = ex->tests[i].points;
        g->tests[i].visibility = xstrdup(ex->tests[i].visibility);
    }
    return g;
}

/* Sums the scores; a test the check did not reach says so. */
static void graded_finish(chopsat_graded *g)
{
    g->score = 0;
    for (size_t i = 0; i < g->ntests; i++) {
        if (!g->tests[i].output) g->tests[i].output = xstrdup("not graded: an earlier test failed");
        g->score += g->tests[i].score;
    }
}

/* Runs ex's check on in into g. 0, or -1 with err. */
static int run_check(const grade_exercise *ex, const grade_input *in, chopsat_graded *g,
                     chopsat_err *err)
{
    static const struct {
        const char *name;
        int (*fn)(const grade_exercise *, const grade_input *, chopsat_graded *, chopsat_err *);
    } checks[] = {{"moves", grade_check_moves},           {"clauses", grade_check_clauses},
                  {"one-clause", grade_check_one_clause}, {"fix", grade_check_fix},
                  {"selector", grade_check_selector},     {"qbf", grade_check_qbf},
                  {"strategy", grade_check_strategy}};
    for (size_t i = 0; i < sizeof checks / sizeof *checks; i++)
        if (!strcmp(ex->check, checks[i].name)) return checks[i].fn(ex, in, g, err);
    return fail(err, "exercise %s: no check named '%s'", ex->id, ex->check);
}

int chopsat_grade_text(const char *dir, const char *id, const char *text, size_t len,
                       const char *shown, chopsat_graded **out, chopsat_err *err)
{
    *out = NULL;
    if (len > GRADE_SUBMISSION_MAX)
        return fail(err, "'%s' is larger than 1 MiB: no answer to this lab is", shown);
    grade_exercise ex;
    int st = grade_exercise_read(dir, id, &ex, err);
    if (st != CHOPSAT_OK) {
        grade_exercise_free(&ex);
        return st;
    }
    chopsat_graded *g = graded_new(&ex);
    g->submitted = true;
    char *copy = xmalloc(len + 1); /* NUL-terminated for the line readers */
    memcpy(copy, text, len);
    copy[len] = 0;
    grade_input in = {.text = copy, .len = len, .shown = shown};
    int rc = run_check(&ex, &in, g, err);
    free(copy);
    grade_exercise_free(&ex);
    if (rc < 0) {
        chopsat_graded_free(g);
        return CHOPSAT_ERROR;
    }
    graded_finish(g);
    *out = g;
    return CHOPSAT_OK;
}

/* The whole of the stream f (at most GRADE_SUBMISSION_MAX bytes; shown names it) as a new
 * buffer; NULL with err naming the problem in one line. */
static char *read_stream(FILE *f, const char *shown, size_t *len, chopsat_err *err)
{
    char *buf = xmalloc(GRADE_SUBMISSION_MAX + 2);
    *len = fread(buf, 1, GRADE_SUBMISSION_MAX + 1, f);
    if (ferror(f) || *len > GRADE_SUBMISSION_MAX) {
        fail(err,
             ferror(f) ? "cannot read '%s'" : "'%s' is larger than 1 MiB: no answer to this lab is",
             shown);
        free(buf);
        return NULL;
    }
    return buf;
}

/* The whole of the regular file path (at most GRADE_SUBMISSION_MAX bytes) as a new buffer;
 * NULL with err naming the problem in one line. */
static char *read_submission(const char *path, size_t *len, chopsat_err *err)
{
    /* opened without blocking, so a FIFO without a writer is refused, not waited on */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "rb");
    if (!f) {
        fail(err, "cannot read '%s': %s", path, strerror(errno));
        if (fd >= 0) close(fd);
        return NULL;
    }
    struct stat st;
    char *buf = NULL;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        fail(err, "cannot read '%s': not a file", path);
    else if ((size_t)st.st_size > GRADE_SUBMISSION_MAX)
        fail(err, "'%s' is larger than 1 MiB: no answer to this lab is", path);
    else
        buf = read_stream(f, path, len, err);
    fclose(f);
    return buf;
}

int chopsat_grade_stream(const char *dir, const char *id, FILE *in, const char *shown,
                         chopsat_graded **out, chopsat_err *err)
{
    *out = NULL;
    size_t len = 0;
    char *buf = read_stream(in, shown, &len, err);
    if (!buf) return CHOPSAT_ERROR;
    int st = chopsat_grade_text(dir, id, buf, len, shown, out, err);
    free(buf);
    return st;
}

int chopsat_grade(const char *dir, const char *id, const char *path, chopsat_graded **out,
                  chopsat_err *err)
{
    *out = NULL;
    grade_exercise ex; /* the exercise first: an unknown id is a usage error */
    int st = grade_exercise_read(dir, id, &ex, err);
    grade_exercise_free(&ex);
    if (st != CHOPSAT_OK) return st;
    size_t len = 0;
    char *buf = read_submission(path, &len, err);
    if (!buf) return CHOPSAT_ERROR;
    st = chopsat_grade_text(dir, id, buf, len, path, out, err);
    free(buf);
    return st;
}

/* A result for an exercise of which the folder has no file (why NULL), or one that cannot be
 * read (why says so): every test at 0. */
static chopsat_graded *not_submitted(const grade_exercise *ex, const char *why)
{
    chopsat_graded *g = graded_new(ex);
    g->submitted = why != NULL;
    for (size_t i = 0; i < g->ntests; i++) {
        char out[PATH_MAX + 600];
        if (why)
            snprintf(out, sizeof out, "not graded: %s", why);
        else
            snprintf(out, sizeof out, "not submitted: no file %s", ex->file);
        g->tests[i].output = xstrdup(out);
    }
    graded_finish(g);
    return g;
}

/* Grades the folder's file path for the exercise ex of dir into *out: a file that cannot be read
 * scores 0 with the reason, so that one bad file does not stop a student's grading. */
static int grade_file_in_folder(const char *dir, const grade_exercise *ex, const char *path,
                                chopsat_graded **out, chopsat_err *err)
{
    size_t len = 0;
    chopsat_err why;
    char *buf = read_submission(path, &len, &why);
    if (!buf) {
        *out = not_submitted(ex, why.msg);
        return CHOPSAT_OK;
    }
    int st = chopsat_grade_text(dir, ex->id, buf, len, path, out, err);
    free(buf);
    return st;
}

int chopsat_grade_folder(const char *dir, const char *folder, chopsat_graded ***out, size_t *n,
                         chopsat_err *err)
{
    *out = NULL;
    *n = 0;
    struct stat st;
    if (stat(folder, &st) != 0 || !S_ISDIR(st.st_mode))
        return fail(err, "cannot read the folder '%s'", folder);
    size_t nids = 0;
    char **ids = grade_exercise_ids(dir, &nids, err);
    if (!ids) return CHOPSAT_ERROR;
    chopsat_graded **all = xcalloc(nids + 1, sizeof *all);
    int rc = CHOPSAT_OK;
    for (size_t i = 0; i < nids && rc == CHOPSAT_OK; i++) {
        grade_exercise ex;
        rc = grade_exercise_read(dir, ids[i], &ex, err);
        char path[PATH_MAX];
        bool found = rc == CHOPSAT_OK &&
                     snprintf(path, sizeof path, "%s/%s", folder, ex.file) < (int)sizeof path &&
                     access(path, F_OK) == 0;
        if (rc == CHOPSAT_OK && !found) all[(*n)++] = not_submitted(&ex, NULL);
        if (rc == CHOPSAT_OK && found) {
            rc = grade_file_in_folder(dir, &ex, path, &all[*n], err);
            if (rc == CHOPSAT_OK) (*n)++;
        }
        grade_exercise_free(&ex);
    }
    grade_ids_free(ids, nids);
    if (rc != CHOPSAT_OK) {
        for (size_t i = 0; i < *n; i++)
            chopsat_graded_free(all[i]);
        free(all);
        *n = 0;
        return CHOPSAT_ERROR;
    }
    *out = all;
    return CHOPSAT_OK;
}

void chopsat_graded_free(chopsat_graded *g)
{
    if (!g) return;
    for (size_t i = 0; i < g->ntests; i++) {
        free(g->tests[i].name);
        free(g->tests[i].output);
        free(g->tests[i].visibility);
    }
    for (size_t i = 0; i < g->nhints; i++)
        free(g->hints[i]);
    free(g->tests);
    free(g->hints);
    free(g->exercise);
    free(g->title);
    free(g->file);
    free(g);
}

void chopsat_graded_list_free(chopsat_graded **g, size_t n)
{
    for (size_t i = 0; i < n; i++)
        chopsat_graded_free(g[i]);
    free(g);
}

const char *chopsat_graded_exercise(const chopsat_graded *g)
{
    return g->exercise;
}
const char *chopsat_graded_title(const chopsat_graded *g)
{
    return g->title;
}
const char *chopsat_graded_file(const chopsat_graded *g)
{
    return g->file;
}
bool chopsat_graded_submitted(const chopsat_graded *g)
{
    return g->submitted;
}
double chopsat_graded_score(const chopsat_graded *g)
{
    return g->score;
}
double chopsat_graded_max_score(const chopsat_graded *g)
{
    return g->max_score;
}
size_t chopsat_graded_tests(const chopsat_graded *g)
{
    return g->ntests;
}
const chopsat_grade_test *chopsat_graded_test(const chopsat_graded *g, size_t i)
{
    return i < g->ntests ? &g->tests[i] : NULL;
}
size_t chopsat_graded_hints(const chopsat_graded *g)
{
    return g->nhints;
}
const char *chopsat_graded_hint(const chopsat_graded *g, size_t i)
{
    return i < g->nhints ? g->hints[i] : NULL;
}

int chopsat_exercises_list(const char *dir, chopsat_exercise_info **out, size_t *n,
                           chopsat_err *err)
{
    *out = NULL;
    *n = 0;
    size_t nids = 0;
    char **ids = grade_exercise_ids(dir, &nids, err);
    if (!ids) return CHOPSAT_ERROR;
    chopsat_exercise_info *list = xcalloc(nids + 1, sizeof *list);
    int rc = CHOPSAT_OK;
    for (size_t i = 0; i < nids && rc == CHOPSAT_OK; i++) {
        grade_exercise ex;
        rc = grade_exercise_read(dir, ids[i], &ex, err);
        if (rc == CHOPSAT_OK)
            list[(*n)++] = (chopsat_exercise_info){.id = xstrdup(ex.id),
                                                   .title = xstrdup(ex.title),
                                                   .file = xstrdup(ex.file),
                                                   .submit = xstrdup(ex.submit),
                                                   .max_score = ex.max_score};
        grade_exercise_free(&ex);
    }
    grade_ids_free(ids, nids);
    if (rc != CHOPSAT_OK) {
        chopsat_exercises_list_free(list, *n);
        *n = 0;
        return CHOPSAT_ERROR;
    }
    *out = list;
    return CHOPSAT_OK;
}

void chopsat_exercises_list_free(chopsat_exercise_info *list, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(list[i].id);
        free(list[i].title);
        free(list[i].file);
        free(list[i].submit);
    }
    free(list);
}
