/* json_grade.c: graded lab exercises (chopsat_grade) as JSON: one exercise's document, a
 * student's folder of them with the total, Gradescope's results.json (its tests with name,
 * score, max_score, output and visibility), and the list of the exercises. No reference answer
 * is in a graded result, so none can be written here. */
#include <stdio.h>
#include <string.h>

#include "report/text_write.h"

/* A score as a JSON number: whole points without decimals, else two. */
static void points(chopsat_json *j, const char *key, double v)
{
    char buf[64];
    int n = v == (double)(long long)v ? snprintf(buf, sizeof buf, "%lld", (long long)v)
                                      : snprintf(buf, sizeof buf, "%.2f", v);
    chopsat_json_key(j, key);
    chopsat_json_number(j, buf, (size_t)n);
}

/* One test: name, score, max_score, output, visibility (prefix: before the name, or NULL). */
static void test(chopsat_json *j, const chopsat_grade_test *t, const char *prefix)
{
    chopsat_json_object(j);
    if (prefix) {
        char name[512];
        snprintf(name, sizeof name, "%s: %s", prefix, t->name);
        chopsat_json_kstring(j, "name", name);
    } else {
        chopsat_json_kstring(j, "name", t->name);
    }
    points(j, "score", t->score);
    points(j, "max_score", t->max_score);
    chopsat_json_kstring(j, "output", t->output ? t->output : "");
    chopsat_json_kstring(j, "visibility", t->visibility ? t->visibility : "visible");
    chopsat_json_end(j);
}

/* One exercise's document. */
static void exercise(chopsat_json *j, const chopsat_graded *g)
{
    chopsat_json_object(j);
    chopsat_json_kstring(j, "exercise", chopsat_graded_exercise(g));
    chopsat_json_kstring(j, "title", chopsat_graded_title(g));
    chopsat_json_kbool(j, "submitted", chopsat_graded_submitted(g));
    points(j, "score", chopsat_graded_score(g));
    points(j, "max_score", chopsat_graded_max_score(g));
    chopsat_json_key(j, "tests");
    chopsat_json_array(j, false);
    for (size_t i = 0; i < chopsat_graded_tests(g); i++)
        test(j, chopsat_graded_test(g, i), NULL);
    chopsat_json_end(j);
    chopsat_json_key(j, "hints");
    chopsat_json_array(j, false);
    for (size_t i = 0; i < chopsat_graded_hints(g); i++)
        chopsat_json_string(j, chopsat_graded_hint(g, i));
    chopsat_json_end(j);
    chopsat_json_end(j);
}

/* The total score and maximum of n results. */
static void total(chopsat_graded *const *g, size_t n, double *score, double *max)
{
    *score = *max = 0;
    for (size_t i = 0; i < n; i++) {
        *score += chopsat_graded_score(g[i]);
        *max += chopsat_graded_max_score(g[i]);
    }
}

int chopsat_report_grade_json(FILE *out, chopsat_graded *const *g, size_t n, bool folder,
                              chopsat_err *err)
{
    chopsat_json j;
    chopsat_json_init(&j, out);
    if (!folder && n == 1) {
        exercise(&j, g[0]);
    } else {
        double score, max;
        total(g, n, &score, &max);
        chopsat_json_object(&j);
        points(&j, "score", score);
        points(&j, "max_score", max);
        chopsat_json_key(&j, "exercises");
        chopsat_json_array(&j, false);
        for (size_t i = 0; i < n; i++)
            exercise(&j, g[i]);
        chopsat_json_end(&j);
        chopsat_json_end(&j);
    }
    fputc('\n', out);
    return report_end(out, err);
}

int chopsat_report_grade_gradescope(FILE *out, chopsat_graded *const *g, size_t n, chopsat_err *err)
{
    double score, max;
    total(g, n, &score, &max);
    chopsat_json j;
    chopsat_json_init(&j, out);
    chopsat_json_object(&j);
    points(&j, "score", score);
    chopsat_json_kstring(&j, "visibility", "visible");
    chopsat_json_kstring(&j, "stdout_visibility", "hidden");
    chopsat_json_key(&j, "tests");
    chopsat_json_array(&j, true);
    for (size_t i = 0; i < n; i++) {
        char prefix[256];
        snprintf(prefix, sizeof prefix, "Exercise %s", chopsat_graded_exercise(g[i]));
        for (size_t t = 0; t < chopsat_graded_tests(g[i]); t++)
            test(&j, chopsat_graded_test(g[i], t), prefix);
    }
    chopsat_json_end(&j);
    chopsat_json_end(&j);
    fputc('\n', out);
    return report_end(out, err);
}

int chopsat_report_exercises_json(FILE *out, const chopsat_exercise_info *list, size_t n,
                                  chopsat_err *err)
{
    chopsat_json j;
    chopsat_json_init(&j, out);
    chopsat_json_object(&j);
    chopsat_json_key(&j, "exercises");
    chopsat_json_array(&j, true);
    for (size_t i = 0; i < n; i++) {
        chopsat_json_object(&j);
        chopsat_json_kstring(&j, "id", list[i].id);
        chopsat_json_kstring(&j, "title", list[i].title);
        chopsat_json_kstring(&j, "file", list[i].file);
        chopsat_json_kstring(&j, "submit", list[i].submit);
        points(&j, "max_score", list[i].max_score);
        chopsat_json_end(&j);
    }
    chopsat_json_end(&j);
    chopsat_json_end(&j);
    fputc('\n', out);
    return report_end(out, err);
}
