/* cli_grade.c: `chopsat grade`: a lab exercise's answer graded against its hidden reference
 * (the library's chopsat_grade, src/grade/; "-" reads it from standard input, at most 1 MiB), or
 * a student's folder of answers, or the list of the exercises; printed as text, JSON or
 * Gradescope's results.json (src/report/). Exit 0 when graded, whatever the score. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* The results (or the list) written to -o FILE or standard output; 0 or the error's status. */
static int print_graded(const cli_opts *o, chopsat_graded *const *g, size_t n, bool folder,
                        const chopsat_exercise_info *list)
{
    cli_out out;
    int rc = cli_out_open(&out, o->out_path);
    if (rc) return rc;
    chopsat_err err;
    int wrc = list ? (o->format == FMT_JSON ? chopsat_report_exercises_json(out.f, list, n, &err)
                                            : chopsat_report_exercises_text(out.f, list, n, &err))
              : o->format == FMT_GRADESCOPE ? chopsat_report_grade_gradescope(out.f, g, n, &err)
              : o->format == FMT_JSON       ? chopsat_report_grade_json(out.f, g, n, folder, &err)
                                            : chopsat_report_grade_text(out.f, g, n, folder, &err);
    return cli_out_finish(&out, wrc, &err);
}

/* Grades o's argument (a file with --exercise, "-" standard input, else a folder) from the
 * exercises in dir. */
static int grade(const cli_opts *o, const char *dir)
{
    chopsat_err err;
    chopsat_graded **all = NULL, *one = NULL;
    size_t n = 0;
    bool dash = !strcmp(o->args[0], "-");
    int st = o->exercise && dash
                 ? chopsat_grade_stream(dir, o->exercise, stdin, "standard input", &one, &err)
             : o->exercise ? chopsat_grade(dir, o->exercise, o->args[0], &one, &err)
                           : chopsat_grade_folder(dir, o->args[0], &all, &n, &err);
    if (st == CHOPSAT_NO)
        return cli_usage("grade: %s ('chopsat grade --list' lists them)", err.msg);
    if (st != CHOPSAT_OK) return cli_error("%s", err.msg);
    int rc = one ? print_graded(o, &one, 1, false, NULL) : print_graded(o, all, n, true, NULL);
    chopsat_graded_free(one);
    chopsat_graded_list_free(all, n);
    return rc;
}

int cli_grade(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("grade", argc, argv, 1, &o);
    if (rc) return rc;
    char dir[PATH_MAX];
    if (o.exercises)
        snprintf(dir, sizeof dir, "%s", o.exercises);
    else if (chopsat_exercises_default(dir, sizeof dir) != 0)
        rc = cli_error("grade: no exercises found beside chopsat; name their folder with "
                       "--exercises DIR");
    if (!rc && o.list) {
        if (o.nargs || o.exercise) {
            rc = cli_usage("grade: --list takes no submission and no --exercise");
        } else {
            chopsat_exercise_info *list = NULL;
            size_t n = 0;
            chopsat_err err;
            if (chopsat_exercises_list(dir, &list, &n, &err) != CHOPSAT_OK)
                rc = cli_error("%s", err.msg);
            else if (o.format == FMT_GRADESCOPE)
                rc = cli_usage("grade: --list is written as text or json");
            else
                rc = print_graded(&o, NULL, n, false, list);
            chopsat_exercises_list_free(list, n);
        }
    } else if (!rc) {
        rc = cli_need_args(&o, NULL);
        if (!rc) rc = grade(&o, dir);
    }
    cli_opts_free(&o);
    return rc;
}
