/* text_grade.c: graded lab exercises (chopsat_grade) as text for a student or an instructor:
 * per exercise its score, each test with its points and feedback, the hints; a folder's total;
 * and the list of the exercises, what to hand in and their points. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "report/text_write.h"

/* Points as people write them: 3, 2.5. */
static void points(FILE *out, double v)
{
    if (v == (double)(long long)v)
        fprintf(out, "%lld", (long long)v);
    else
        fprintf(out, "%.2f", v);
}

/* The lines of text, each indented by `indent`, every byte a terminal could take as a command
 * escaped (feedback quotes the student's own file). */
static void indented(FILE *out, const char *indent, const char *text)
{
    char *copy = xstrdup(text);
    for (char *line = copy, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = 0;
        fputs(indent, out);
        chopsat_report_escaped(out, line);
        fputc('\n', out);
    }
    free(copy);
}

/* One exercise: its score line, its tests and hints. */
static void exercise(FILE *out, const chopsat_graded *g)
{
    fprintf(out, "exercise %s (%s): ", chopsat_graded_exercise(g), chopsat_graded_title(g));
    points(out, chopsat_graded_score(g));
    fputs(" of ", out);
    points(out, chopsat_graded_max_score(g));
    fputs(chopsat_graded_submitted(g) ? "\n" : " (not submitted)\n", out);
    for (size_t i = 0; i < chopsat_graded_tests(g); i++) {
        const chopsat_grade_test *t = chopsat_graded_test(g, i);
        fputs(t->score >= t->max_score ? "  ok    " : "  FAIL  ", out);
        points(out, t->score);
        fputc('/', out);
        points(out, t->max_score);
        fputs("  ", out);
        chopsat_report_escaped(out, t->name);
        fputc('\n', out);
        if (t->output && *t->output) indented(out, "        ", t->output);
    }
    for (size_t i = 0; i < chopsat_graded_hints(g); i++)
        indented(out, "  hint: ", chopsat_graded_hint(g, i));
}

int chopsat_report_grade_text(FILE *out, chopsat_graded *const *g, size_t n, bool folder,
                              chopsat_err *err)
{
    double score = 0, max = 0;
    for (size_t i = 0; i < n; i++) {
        exercise(out, g[i]);
        score += chopsat_graded_score(g[i]);
        max += chopsat_graded_max_score(g[i]);
    }
    if (folder) {
        fputs("total: ", out);
        points(out, score);
        fputs(" of ", out);
        points(out, max);
        fputc('\n', out);
    }
    return report_end(out, err);
}

int chopsat_report_exercises_text(FILE *out, const chopsat_exercise_info *list, size_t n,
                                  chopsat_err *err)
{
    for (size_t i = 0; i < n; i++) {
        fprintf(out, "%-4s %s (", list[i].id, list[i].title);
        points(out, list[i].max_score);
        fprintf(out, " points)\n     hand in %s: %s\n", list[i].file, list[i].submit);
    }
    return report_end(out, err);
}
