/* test_grade.c: the grading room (src/grade/, chopsat_grade_text and its accessors) on an
 * exercise written by the test into a folder of its own: a right, a short and an illegal line of
 * moves scored test by test, with the hints of the failed tests only; unknown and path-like ids
 * (CHOPSAT_NO), a submission over the cap and broken data (CHOPSAT_ERROR); the folder list; and
 * the Gradescope report's shape. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chopsat_tool.h"
#include "harness.h"

static const char EXERCISE[] =
    "{\"title\": \"t\", \"file\": \"m.txt\", \"submit\": \"moves\", \"check\": \"moves\",\n"
    " \"rules\": \"standard,fingers=3\", \"question\": \"win\", \"player\": 1, \"k\": 6,\n"
    " \"tests\": [{\"test\": \"legal\", \"name\": \"legal\", \"points\": 2, \"hint\": \"H1\"},\n"
    "  {\"test\": \"won\", \"name\": \"won\", \"points\": 2, \"hint\": \"H2\"},\n"
    "  {\"test\": \"shortest\", \"name\": \"shortest\", \"points\": 1, \"hint\": \"H3\",\n"
    "   \"visibility\": \"after_published\"}]}\n";

/* A new folder holding the exercise as 4.json (and, with broken, 5.json without its tests). */
static char *folder(bool broken)
{
    char *dir = strdup("/tmp/chopsat-grade-XXXXXX");
    if (!dir || !mkdtemp(dir)) return NULL;
    char path[256];
    snprintf(path, sizeof path, "%s/4.json", dir);
    FILE *f = fopen(path, "w");
    if (!f) return NULL;
    fputs(EXERCISE, f);
    fclose(f);
    if (broken) {
        snprintf(path, sizeof path, "%s/5.json", dir);
        f = fopen(path, "w");
        if (!f) return NULL;
        fputs("{\"title\": \"t\", \"file\": \"f\", \"submit\": \"s\", \"check\": \"moves\"}\n", f);
        fclose(f);
    }
    return dir;
}

/* Removes the folder and its files. */
static void unfolder(char *dir)
{
    char path[256];
    snprintf(path, sizeof path, "%s/4.json", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/5.json", dir);
    unlink(path);
    rmdir(dir);
    free(dir);
}

/* Grades text as exercise 4 of dir: the score, or -1 when it was not graded. */
static double score_of(const char *dir, const char *text, size_t *hints)
{
    chopsat_graded *g = NULL;
    chopsat_err err;
    if (chopsat_grade_text(dir, "4", text, strlen(text), "m.txt", &g, &err) != CHOPSAT_OK)
        return -1;
    double s = chopsat_graded_score(g);
    *hints = chopsat_graded_hints(g);
    chopsat_graded_free(g);
    return s;
}

TEST(grade_moves_scored_by_test)
{
    char *dir = folder(false);
    REQUIRE(dir);
    size_t hints = 9;
    CHECK(score_of(dir, "0,2 0,2 tap 2>2\n", &hints) == 5 && hints == 0);
    CHECK(score_of(dir, "0,2; 0,2", &hints) == 2 && hints == 1);
    CHECK(score_of(dir, "0,3", &hints) == 0 && hints == 1);
    CHECK(score_of(dir, "tap 1>1; tap 2>1; tap 1>2; tap 1>1; tap 2>1", &hints) == 4 && hints == 1);
    chopsat_graded *g = NULL;
    chopsat_err err;
    REQUIRE(chopsat_grade_text(dir, "4", "0,2", 3, "m.txt", &g, &err) == CHOPSAT_OK);
    CHECK(chopsat_graded_max_score(g) == 5 && chopsat_graded_tests(g) == 3);
    CHECK(!strcmp(chopsat_graded_test(g, 2)->visibility, "after_published"));
    CHECK(!strcmp(chopsat_graded_test(g, 2)->output, "not graded: an earlier test failed"));
    CHECK(chopsat_graded_test(g, 3) == NULL && chopsat_graded_hint(g, 1) == NULL);
    CHECK(!strcmp(chopsat_graded_hint(g, 0), "H2"));
    chopsat_graded_free(g);
    unfolder(dir);
}

TEST(grade_refuses_what_it_cannot_grade)
{
    char *dir = folder(true);
    REQUIRE(dir);
    chopsat_graded *g = NULL;
    chopsat_err err;
    CHECK(chopsat_grade_text(dir, "44", "x", 1, "m", &g, &err) == CHOPSAT_NO && !g);
    CHECKF(strstr(err.msg, "did you mean 4?") != NULL, "%s", err.msg);
    CHECK(chopsat_grade_text(dir, "../4", "x", 1, "m", &g, &err) == CHOPSAT_NO && !g);
    CHECK(chopsat_grade_text(dir, "5", "x", 1, "m", &g, &err) == CHOPSAT_ERROR && !g);
    size_t big = CHOPSAT_GRADE_SUBMISSION_MAX + 1;
    char *text = calloc(big, 1);
    REQUIRE(text);
    memset(text, '1', big);
    CHECK(chopsat_grade_text(dir, "4", text, big, "m", &g, &err) == CHOPSAT_ERROR && !g);
    free(text);
    CHECK(chopsat_grade(dir, "4", "/nonexistent/m.txt", &g, &err) == CHOPSAT_ERROR && !g);
    chopsat_exercise_info *list = NULL;
    size_t n = 0;
    CHECK(chopsat_exercises_list(dir, &list, &n, &err) == CHOPSAT_ERROR && !list && !n);
    unfolder(dir);
}

TEST(grade_list_and_gradescope_report)
{
    char *dir = folder(false);
    REQUIRE(dir);
    chopsat_exercise_info *list = NULL;
    size_t n = 0;
    chopsat_err err;
    REQUIRE(chopsat_exercises_list(dir, &list, &n, &err) == CHOPSAT_OK);
    CHECK(n == 1 && !strcmp(list[0].id, "4") && !strcmp(list[0].file, "m.txt") &&
          list[0].max_score == 5);
    chopsat_exercises_list_free(list, n);
    chopsat_graded *g = NULL;
    REQUIRE(chopsat_grade_text(dir, "4", "0,2", 3, "m.txt", &g, &err) == CHOPSAT_OK);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    REQUIRE(f);
    CHECK(chopsat_report_grade_gradescope(f, &g, 1, &err) == CHOPSAT_OK);
    fclose(f);
    CHECKF(strstr(buf, "{\"score\": 2, ") == buf, "%s", buf);
    CHECK(strstr(buf, "\"name\": \"Exercise 4: won\", \"score\": 0, \"max_score\": 2, ") != NULL);
    CHECK(strstr(buf, "\"visibility\": \"after_published\"") != NULL);
    free(buf);
    chopsat_graded_free(g);
    unfolder(dir);
}

SCHEDULE_FILE(grade)
{
    SCHEDULE(grade_moves_scored_by_test);
    SCHEDULE(grade_refuses_what_it_cannot_grade);
    SCHEDULE(grade_list_and_gradescope_report);
}
