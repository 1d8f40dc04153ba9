/* exercise.c: the lab's exercises as data, one JSON file per exercise (src/grade/exercises/,
 * installed to share/chopsat/exercises), read with jansson: what the student submits, which
 * check grades it, its tests with points and hints, and the question the hidden reference is
 * computed from. The list of a folder's exercises, and the default folder. */
#include <dirent.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/util.h"
#include "grade/grade.h"

#ifndef CHOPSAT_EXERCISES_DIR /* the Makefile gives $(PREFIX)/share/chopsat/exercises */
#define CHOPSAT_EXERCISES_DIR "/usr/local/share/chopsat/exercises"
#endif

/* An id is letters, digits, '-' and '_', at most 32 of them (it names a file). */
static bool id_ok(const char *id)
{
    size_t n = strlen(id);
    return n && n <= 32 && strspn(id, "abcdefghijklmnopqrstuvwxyz0123456789-_") == n;
}

/* A string member of obj as a new string, or NULL when absent or not a string. */
static char *member_dup(const json_t *obj, const char *key)
{
    const char *s = json_string_value(json_object_get(obj, key));
    return s ? xstrdup(s) : NULL;
}

/* The "tests" array of the document into ex: 0, or -1 with err. */
static int read_tests(const json_t *doc, const char *path, grade_exercise *ex, chopsat_err *err)
{
    const json_t *tests = json_object_get(doc, "tests");
    if (!json_is_array(tests) || !json_array_size(tests) ||
        json_array_size(tests) > GRADE_TESTS_MAX)
        return fail(err, "%s: \"tests\" must be an array of 1 to %d tests", path, GRADE_TESTS_MAX);
    for (size_t i = 0; i < json_array_size(tests); i++) {
        const json_t *t = json_array_get(tests, i);
        const json_t *pts = json_object_get(t, "points");
        grade_test_spec *s = &ex->tests[ex->ntests++];
        s->test = member_dup(t, "test");
        s->name = member_dup(t, "name");
        s->hint = member_dup(t, "hint");
        s->visibility = member_dup(t, "visibility");
        if (!s->visibility) s->visibility = xstrdup("visible");
        if (!s->test || !s->name || !json_is_number(pts) || json_number_value(pts) < 0)
            return fail(err, "%s: test %zu needs \"test\", \"name\" and \"points\" >= 0", path,
                        i + 1);
        s->points = json_number_value(pts);
        ex->max_score += s->points;
    }
    return 0;
}

int grade_exercise_read(const char *dir, const char *id, grade_exercise *ex, chopsat_err *err)
{
    memset(ex, 0, sizeof *ex);
    if (!id_ok(id)) {
        fail(err, "'%s' is no exercise (ids are like 3, 8-a, 11c)", id);
        return CHOPSAT_NO;
    }
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/%s.json", dir, id) >= (int)sizeof path)
        return fail(err, "the exercises folder's name is too long");
    struct stat st;
    if (stat(path, &st) != 0) {
        size_t n = 0;
        char **ids = grade_exercise_ids(dir, &n, err);
        if (!ids) return CHOPSAT_ERROR;
        const char *near = chopsat_nearest(id, (const char *const *)ids, n);
        fail(err, "no exercise '%s'%s%s%s", id, near ? " (did you mean " : "", near ? near : "",
             near ? "?)" : "");
        grade_ids_free(ids, n);
        return CHOPSAT_NO;
    }
    if (!S_ISREG(st.st_mode) || (size_t)st.st_size > GRADE_EXERCISE_MAX)
        return fail(err, "%s: not an exercise file (at most 1 MiB)", path);
    json_error_t je;
    json_t *doc = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
    if (!doc) return fail(err, "%s:%d: %s", path, je.line, je.text);
    ex->data = doc;
    ex->id = xstrdup(id);
    ex->title = member_dup(doc, "title");
    ex->file = member_dup(doc, "file");
    ex->submit = member_dup(doc, "submit");
    ex->check = member_dup(doc, "check");
    if (!ex->title || !ex->file || !ex->submit || !ex->check)
        return fail(err, "%s: an exercise needs \"title\", \"file\", \"submit\" and \"check\"",
                    path);
    if (strchr(ex->file, '/') || ex->file[0] == '.')
        return fail(err, "%s: \"file\" is a file name, not a path", path);
    return read_tests(doc, path, ex, err);
}

void grade_exercise_free(grade_exercise *ex)
{
    for (size_t i = 0; i < ex->ntests; i++) {
        free(ex->tests[i].test);
        free(ex->tests[i].name);
        free(ex->tests[i].hint);
        free(ex->tests[i].visibility);
    }
    free(ex->id);
    free(ex->title);
    free(ex->file);
    free(ex->submit);
    free(ex->check);
    json_decref(ex->data);
    memset(ex, 0, sizeof *ex);
}

const char *grade_data_string(const grade_exercise *ex, const char *key)
{
    return json_string_value(json_object_get(ex->data, key));
}

long grade_data_int(const grade_exercise *ex, const char *key, long def)
{
    const json_t *v = json_object_get(ex->data, key);
    return json_is_integer(v) ? (long)json_integer_value(v) : def;
}

bool grade_data_bool(const grade_exercise *ex, const char *key, bool def)
{
    const json_t *v = json_object_get(ex->data, key);
    return json_is_boolean(v) ? json_is_true(v) : def;
}

/* Compares ids as people number exercises: by their leading number, then as text. */
static int id_cmp(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    long nx = strtol(x, NULL, 10), ny = strtol(y, NULL, 10);
    if (nx != ny) return nx < ny ? -1 : 1;
    return strcmp(x, y);
}

char **grade_exercise_ids(const char *dir, size_t *n, chopsat_err *err)
{
    DIR *d = opendir(dir);
    if (!d) {
        fail(err, "cannot read the exercises folder '%s'", dir);
        return NULL;
    }
    VEC(char *) ids = {0};
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len <= 5 || strcmp(e->d_name + len - 5, ".json")) continue;
        char *id = xstrdup(e->d_name);
        id[len - 5] = 0;
        if (id_ok(id) && ids.n < 1000)
            VEC_PUSH(ids, id);
        else
            free(id);
    }
    closedir(d);
    if (ids.n) qsort(ids.items, ids.n, sizeof *ids.items, id_cmp);
    *n = ids.n;
    VEC_PUSH(ids, NULL);
    return ids.items;
}

void grade_ids_free(char **ids, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(ids[i]);
    free(ids);
}

/* dir when it holds exercise files (a file named 1.json or any *.json). */
static bool has_exercises(const char *dir)
{
    size_t n = 0;
    char **ids = grade_exercise_ids(dir, &n, NULL);
    grade_ids_free(ids, ids ? n : 0);
    return ids && n;
}

int chopsat_exercises_default(char *buf, size_t size)
{
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        exe[len] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) *slash = 0;
        /* installed: PREFIX/bin/chopsat next to PREFIX/share/chopsat/exercises */
        if ((size_t)snprintf(buf, size, "%s/../share/chopsat/exercises", exe) < size &&
            has_exercises(buf))
            return 0;
        /* the build tree: ./chopsat or build/<variant>/chopsat beside src/grade/exercises */
        const char *ups[] = {"", "/../..", "/../../.."};
        for (size_t i = 0; i < sizeof ups / sizeof *ups; i++)
            if ((size_t)snprintf(buf, size, "%s%s/src/grade/exercises", exe, ups[i]) < size &&
                has_exercises(buf))
                return 0;
    }
    if ((size_t)snprintf(buf, size, "%s", CHOPSAT_EXERCISES_DIR) < size && has_exercises(buf))
        return 0;
    return -1;
}
