/* grade.h: the grading room's inside (src/grade/): an exercise read from its data file, the
 * graded result being filled, and one function per kind of check. The public side is
 * chopsat_grade and its accessors (include/chopsat_tool.h). */
#ifndef CHOPSAT_GRADE_GRADE_H
#define CHOPSAT_GRADE_GRADE_H

#include <stdbool.h>
#include <stddef.h>

#include "chopsat_tool.h"

/* The largest submission read (a student's file or a form's text). */
#define GRADE_SUBMISSION_MAX CHOPSAT_GRADE_SUBMISSION_MAX
/* The largest exercise data file. */
#define GRADE_EXERCISE_MAX ((size_t)1 << 20)
#define GRADE_TESTS_MAX    16

/* One test of an exercise as its data gives it: the check's test it scores (`test`), its name
 * shown to the student, its points, the hint shown when it fails, its visibility. */
typedef struct grade_test_spec {
    char *test, *name, *hint, *visibility;
    double points;
} grade_test_spec;

/* An exercise as its data file gives it; the fields a check reads beside the common ones are
 * in `data` (a jansson object, kept whole). */
typedef struct grade_exercise {
    char *id, *title, *file, *submit, *check;
    grade_test_spec tests[GRADE_TESTS_MAX];
    size_t ntests;
    double max_score;
    void *data; /* json_t *: the whole document */
} grade_exercise;

struct chopsat_graded {
    char *exercise, *title, *file;
    bool submitted;
    double score, max_score;
    chopsat_grade_test *tests;
    size_t ntests;
    char **hints;
    size_t nhints;
};

/* A submission in memory (at most GRADE_SUBMISSION_MAX bytes, NUL added), with the name shown
 * in messages. */
typedef struct grade_input {
    const char *text;
    size_t len;
    const char *shown;
} grade_input;

/* Reads the exercise `id` from dir/<id>.json into *ex (grade_exercise_free). CHOPSAT_OK,
 * CHOPSAT_NO (no such exercise: err names the nearest) or CHOPSAT_ERROR (broken data). */
int grade_exercise_read(const char *dir, const char *id, grade_exercise *ex, chopsat_err *err);
void grade_exercise_free(grade_exercise *ex);
/* The ids of every exercise of dir (the names of its *.json files without the suffix), sorted
 * as people number them ("3" before "3b" before "10"); NULL with err when dir cannot be read. */
char **grade_exercise_ids(const char *dir, size_t *n, chopsat_err *err);
void grade_ids_free(char **ids, size_t n);

/* A string field of the exercise's data, or NULL. */
const char *grade_data_string(const grade_exercise *ex, const char *key);
/* An integer field of the exercise's data, or def. */
long grade_data_int(const grade_exercise *ex, const char *key, long def);
/* A boolean field of the exercise's data, or def. */
bool grade_data_bool(const grade_exercise *ex, const char *key, bool def);

/* Records the result of the check's test `test`: full points when passed, none otherwise, with
 * output (the feedback, never the reference) and, when it failed, the test's hint among the
 * hints. A test the data does not list is not scored. */
void grade_result(chopsat_graded *g, const grade_exercise *ex, const char *test, bool passed,
                  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* The same with a part of the points (fraction 0..1). */
void grade_partial(chopsat_graded *g, const grade_exercise *ex, const char *test, double fraction,
                   const char *output);

/* The question of the exercise's data ("question": {"kind": "win"|"reach"|"force", "from",
 * "player", "k", "exact"}) under rules r: 0, or -1 with err. */
int grade_question(const grade_exercise *ex, const chopsat_rules *r, chopsat_query *q,
                   chopsat_err *err);

/* The exercise's reference formula (its question written by chopsat_bmc_dimacs), as DIMACS text
 * (a new string, *len bytes); NULL with err. */
char *grade_reference_cnf(const grade_exercise *ex, size_t *len, chopsat_err *err);
/* The two DIMACS texts compared by chopsat_cnf_diff_files (with: NULL or a variable's name; b is
 * named "the reference"). The status it returned; *d filled when CHOPSAT_OK. */
int grade_diff_texts(const char *a, size_t alen, const char *a_name, const char *b, size_t blen,
                     const char *with, chopsat_cnf_diff *d, chopsat_err *err);
/* Is the DIMACS text unsatisfiable? CHOPSAT_NO (yes: it has a core), CHOPSAT_YES (satisfiable),
 * or a negative status with err. */
int grade_unsatisfiable(const char *text, size_t len, chopsat_err *err);

/* The checks, one per kind: each grades the submission in into g. 0, or -1 with err when the
 * check itself could not run (broken exercise data, a solver that failed): never a wrong
 * answer, which is a score. */
int grade_check_moves(const grade_exercise *ex, const grade_input *in, chopsat_graded *g,
                      chopsat_err *err);
int grade_check_clauses(const grade_exercise *ex, const grade_input *in, chopsat_graded *g,
                        chopsat_err *err);
int grade_check_one_clause(const grade_exercise *ex, const grade_input *in, chopsat_graded *g,
                           chopsat_err *err);
int grade_check_fix(const grade_exercise *ex, const grade_input *in, chopsat_graded *g,
                    chopsat_err *err);
int grade_check_qbf(const grade_exercise *ex, const grade_input *in, chopsat_graded *g,
                    chopsat_err *err);
int grade_check_strategy(const grade_exercise *ex, const grade_input *in, chopsat_graded *g,
                         chopsat_err *err);

#endif
