/* pages.c: the class server's pages, written to a FILE * (routes.c hands a memory stream).
 * Every text that comes from outside (a student's name and id, a submission, the grader's
 * feedback, an exercise's words) goes through chopsat_html_escaped; the rest is this file's
 * own markup. A page fetches nothing and runs no script (the server's Content-Security-Policy
 * says so too). The CSV exports quote every field that needs it and defuse a leading = + - @
 * (a spreadsheet would take it for a formula). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "serve/serve.h"

#define esc chopsat_html_escaped

static const char style[] =
    "body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fafafa}"
    "header{background:#1d4f91;color:#fff;padding:.5em 1em}header a{color:#fff;margin-right:1em}"
    "main{max-width:60em;margin:0 auto;padding:1em}table{border-collapse:collapse}"
    "td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}"
    "pre{background:#f0f0f0;padding:.5em;overflow:auto;white-space:pre-wrap}"
    "textarea{width:100%;font-family:monospace}.ok{color:#1d6b2f}.bad{color:#a33}"
    ".box{border:2px solid #1d4f91;padding:.5em 1em;margin:1em 0;background:#fff}"
    "label{display:block;margin:.3em 0}";

void page_begin(FILE *f, const char *title)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          f);
    esc(f, title);
    fprintf(f, " &middot; chopsat lab</title>\n<style>%s</style>\n</head>\n<body>\n", style);
    fputs("<header><a href=\"/\">chopsat lab</a><a href=\"/rules\">rules</a></header>\n<main>\n"
          "<h1>",
          f);
    esc(f, title);
    fputs("</h1>\n", f);
}

void page_end(FILE *f)
{
    fputs("</main>\n</body>\n</html>\n", f);
}

void page_message(FILE *f, const char *title, const char *text)
{
    page_begin(f, title);
    fputs("<p id=\"message\">", f);
    esc(f, text);
    fputs("</p>\n", f);
    page_end(f);
}

void page_home(FILE *f)
{
    page_begin(f, "Welcome");
    fputs("<p>Your instructor gave you a link or a code. Follow the link, or type the code:</p>\n"
          "<form method=\"get\" action=\"/\"><label>code <input name=\"code\" size=\"36\" "
          "autocomplete=\"off\"></label><button type=\"submit\">go</button></form>\n"
          "<p>Instructors: <a href=\"/instructor\">the instructor's page</a>.</p>\n",
          f);
    page_end(f);
}

/* A score as people write it: 3, 2.5. */
static void score(FILE *f, double v)
{
    if (v == (double)(long long)v)
        fprintf(f, "%lld", (long long)v);
    else
        fprintf(f, "%.2f", v);
}

/* The form of a question for the viewer's pages. */
static void question_form(FILE *f)
{
    fputs("<h2>Ask a question, see its page</h2>\n<form method=\"get\" action=\"ask\">\n"
          "<label>page <select name=\"page\"><option value=\"film\">film: a winning line "
          "(win)</option><option value=\"tree\">tree: a strategy or refutation (force)</option>"
          "<option value=\"formula\">formula: the DIMACS file beside its frames (dimacs win)"
          "</option><option value=\"graph\">graph: every move's value (solve)</option>"
          "</select></label>\n<label>rules <input name=\"rules\" value=\"standard\"></label>\n"
          "<label>position <input name=\"position\" value=\"start\"></label>\n"
          "<label>K (moves, 1 to 20) <input name=\"k\" value=\"10\" size=\"3\"></label>\n"
          "<label>player <select name=\"player\"><option value=\"\">to move</option>"
          "<option>1</option><option>2</option></select></label>\n"
          "<button type=\"submit\">show</button>\n</form>\n",
          f);
}

void page_student(FILE *f, struct chopsat_server *S, const serve_student *st)
{
    page_begin(f, "Your exercises");
    fputs("<p>Signed in as <strong id=\"student\">", f);
    esc(f, st->name);
    fputs("</strong>. Keep your link to yourself: it is your key to this page.</p>\n"
          "<table>\n<tr><th>exercise</th><th>best score</th></tr>\n",
          f);
    for (size_t i = 0; i < S->ex.n; i++) {
        const serve_exercise *e = &S->ex.items[i];
        double best;
        chopsat_err err;
        fputs("<tr><td><a href=\"ex/", f);
        esc(f, e->id);
        fputs("\">", f);
        esc(f, e->id);
        fputs(". ", f);
        esc(f, e->title);
        fputs("</a></td><td>", f);
        if (store_best(S->store, st->code, e->id, &best, &err) == 1)
            score(f, best);
        else
            fputs("&ndash;", f);
        fputs(" of ", f);
        score(f, e->max_score);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
    question_form(f);
    page_end(f);
}

/* One test of the grader's JSON. */
static void feedback_test(FILE *f, json_t *t)
{
    const char *vis = json_string_value(json_object_get(t, "visibility"));
    bool shown = !vis || !strcmp(vis, "visible");
    double s = json_number_value(json_object_get(t, "score"));
    double m = json_number_value(json_object_get(t, "max_score"));
    fprintf(f, "<li class=\"%s\"><strong>", s >= m ? "ok" : "bad");
    esc(f, shown ? json_string_value(json_object_get(t, "name")) : "a hidden test");
    fputs("</strong>: ", f);
    score(f, s);
    fputs(" of ", f);
    score(f, m);
    const char *out = json_string_value(json_object_get(t, "output"));
    if (shown && out && *out) {
        fputs("<pre>", f);
        esc(f, out);
        fputs("</pre>", f);
    }
    fputs("</li>\n", f);
}

void page_feedback(FILE *f, const serve_submission *sub, bool visible_only)
{
    (void)visible_only;
    json_error_t je;
    json_t *o = json_loads(sub->feedback ? sub->feedback : "", 0, &je);
    const char *error = json_string_value(json_object_get(o, "error"));
    if (error || !o) {
        fputs("<p class=\"bad\" id=\"feedback\">", f);
        esc(f, error ? error : "no feedback");
        fputs("</p>\n", f);
        json_decref(o);
        return;
    }
    json_t *tests = json_object_get(o, "tests"), *hints = json_object_get(o, "hints");
    fputs("<ul id=\"feedback\">\n", f);
    for (size_t i = 0; i < json_array_size(tests); i++)
        feedback_test(f, json_array_get(tests, i));
    fputs("</ul>\n", f);
    if (json_array_size(hints)) {
        fputs("<h3>Hints</h3>\n<ul id=\"hints\">\n", f);
        for (size_t i = 0; i < json_array_size(hints); i++) {
            fputs("<li>", f);
            esc(f, json_string_value(json_array_get(hints, i)));
            fputs("</li>\n", f);
        }
        fputs("</ul>\n", f);
    }
    json_decref(o);
}

/* The box of a submission just accepted. */
static void accepted(FILE *f, const serve_submission *sub)
{
    fprintf(f, "<div class=\"box\" id=\"accepted\" data-submission=\"%lld\" data-score=\"", sub->n);
    score(f, sub->score);
    fputs("\" data-max=\"", f);
    score(f, sub->max_score);
    fprintf(f, "\">\n<p>Accepted: submission %lld, score <strong id=\"score\">", sub->n);
    score(f, sub->score);
    fputs("</strong> of ", f);
    score(f, sub->max_score);
    fputs(sub->graded ? ".</p>\n" : " (not graded).</p>\n", f);
    page_feedback(f, sub, true);
    fputs("</div>\n", f);
}

/* The student's last submissions to e. */
static void history(FILE *f, struct chopsat_server *S, const serve_student *st,
                    const serve_exercise *e)
{
    serve_submission *subs;
    size_t n;
    chopsat_err err;
    if (store_submissions(S->store, st->code, e->id, 10, &subs, &n, &err) != 0 || n == 0) {
        store_submissions_free(subs, n);
        return;
    }
    fputs("<h2>Your last submissions</h2>\n<table id=\"history\">\n"
          "<tr><th>#</th><th>when (UTC)</th><th>score</th></tr>\n",
          f);
    for (size_t i = 0; i < n; i++) {
        fprintf(f, "<tr><td>%lld</td><td>", subs[i].n);
        esc(f, subs[i].at);
        fputs("</td><td>", f);
        score(f, subs[i].score);
        fputs(" of ", f);
        score(f, subs[i].max_score);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
    store_submissions_free(subs, n);
}

void page_exercise(FILE *f, struct chopsat_server *S, const serve_student *st,
                   const serve_exercise *e, const serve_submission *fresh)
{
    char title[300];
    snprintf(title, sizeof title, "Exercise %s: %s", e->id, e->title);
    page_begin(f, title);
    fputs("<p><a href=\"../\">&larr; your exercises</a></p>\n", f);
    if (fresh) accepted(f, fresh);
    fputs("<p>What to hand in: ", f);
    esc(f, e->submit);
    if (*e->file) {
        fputs(" (the handout's <code>", f);
        esc(f, e->file);
        fputs("</code>)", f);
    }
    fputs(". Points: ", f);
    score(f, e->max_score);
    fputs(".</p>\n<form method=\"post\" enctype=\"multipart/form-data\">\n"
          "<label>a file <input type=\"file\" name=\"file\" id=\"file\"></label>\n"
          "<label>or the answer typed or pasted here<textarea name=\"answer\" id=\"answer\" "
          "rows=\"10\"></textarea></label>\n"
          "<button type=\"submit\" id=\"submit\">submit</button>\n</form>\n",
          f);
    history(f, S, st, e);
    page_end(f);
}

void page_rules(FILE *f, const char *text)
{
    page_begin(f, "The rules");
    fputs("<p>Every game chopsat knows, its presets and options, as <code>chopsat rules</code> "
          "lists them. A question's rules are a preset and key=value words: "
          "<code>standard,fingers=3</code>.</p>\n<pre id=\"rules\">",
          f);
    esc(f, text);
    fputs("</pre>\n", f);
    page_end(f);
}

void page_login(FILE *f, const char *problem)
{
    page_begin(f, "Instructor");
    if (problem) {
        fputs("<p class=\"bad\" id=\"message\">", f);
        esc(f, problem);
        fputs("</p>\n", f);
    }
    fputs("<form method=\"post\" action=\"/instructor\"><label>the instructor's key (printed "
          "when the server started) <input type=\"password\" name=\"key\" id=\"key\" "
          "size=\"36\"></label><button type=\"submit\" id=\"login\">sign in</button></form>\n",
          f);
    page_end(f);
}

/* The progress table: per exercise, how many tried, how many have full marks, the mean best. */
static void progress(FILE *f, struct chopsat_server *S, const serve_student *st, size_t n)
{
    fputs("<h2>Progress per exercise</h2>\n<table id=\"progress\">\n<tr><th>exercise</th>"
          "<th>tried</th><th>full marks</th><th>mean best score</th></tr>\n",
          f);
    for (size_t i = 0; i < S->ex.n; i++) {
        const serve_exercise *e = &S->ex.items[i];
        size_t tried = 0, full = 0;
        double sum = 0, best;
        chopsat_err err;
        for (size_t j = 0; j < n; j++)
            if (store_best(S->store, st[j].code, e->id, &best, &err) == 1)
                tried++, sum += best, full += best >= e->max_score;
        fputs("<tr><td>", f);
        esc(f, e->id);
        fputs(". ", f);
        esc(f, e->title);
        fprintf(f, "</td><td>%zu</td><td>%zu</td><td>", tried, full);
        if (tried) score(f, sum / (double)tried);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

/* The table of every student's best score per exercise. */
static void students(FILE *f, struct chopsat_server *S, const serve_student *st, size_t n)
{
    fputs("<h2>Students</h2>\n<table id=\"students\">\n<tr><th>id</th><th>name</th>", f);
    for (size_t i = 0; i < S->ex.n; i++) {
        fputs("<th>", f);
        esc(f, S->ex.items[i].id);
        fputs("</th>", f);
    }
    fputs("</tr>\n", f);
    for (size_t j = 0; j < n; j++) {
        fputs("<tr><td>", f);
        esc(f, st[j].id);
        fputs("</td><td>", f);
        esc(f, st[j].name);
        fputs("</td>", f);
        for (size_t i = 0; i < S->ex.n; i++) {
            double best;
            chopsat_err err;
            fputs("<td>", f);
            if (store_best(S->store, st[j].code, S->ex.items[i].id, &best, &err) == 1)
                score(f, best);
            fputs("</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
}

void page_instructor(FILE *f, struct chopsat_server *S)
{
    serve_student *st;
    size_t n;
    chopsat_err err;
    if (store_students(S->store, &st, &n, &err) != 0) n = 0;
    page_begin(f, "Instructor");
    fprintf(f,
            "<p>%zu students, %zu exercises, %lld submissions. "
            "<a href=\"/instructor/grades.csv\" id=\"grades\">grades (CSV)</a> &middot; "
            "<a href=\"/instructor/links.csv\" id=\"links\">each student's link (CSV)</a></p>\n",
            n, S->ex.n, store_count(S->store));
    progress(f, S, st, n);
    students(f, S, st, n);
    fputs("<h2>Load a roster</h2>\n<p>A CSV file with a header line naming an <code>id</code> "
          "column and a <code>name</code> column. A student already here keeps their link.</p>\n"
          "<form method=\"post\" action=\"/instructor/roster\" enctype=\"multipart/form-data\">"
          "<input type=\"file\" name=\"roster\"><button type=\"submit\">load</button></form>\n",
          f);
    page_end(f);
    for (size_t i = 0; i < n; i++)
        store_student_free(&st[i]);
    free(st);
}

/* One CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ defused. */
static void csv_field(FILE *f, const char *s)
{
    bool formula = *s && strchr("=+-@", *s);
    if (!formula && !strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    if (formula) fputc('\'', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

void csv_grades(FILE *f, struct chopsat_server *S)
{
    serve_student *st;
    size_t n;
    chopsat_err err;
    if (store_students(S->store, &st, &n, &err) != 0) n = 0;
    fputs("id,name", f);
    for (size_t i = 0; i < S->ex.n; i++)
        fputc(',', f), csv_field(f, S->ex.items[i].id);
    fputs(",total\n", f);
    for (size_t j = 0; j < n; j++) {
        double total = 0, best;
        csv_field(f, st[j].id);
        fputc(',', f);
        csv_field(f, st[j].name);
        for (size_t i = 0; i < S->ex.n; i++) {
            fputc(',', f);
            if (store_best(S->store, st[j].code, S->ex.items[i].id, &best, &err) == 1)
                score(f, best), total += best;
        }
        fputc(',', f);
        score(f, total);
        fputc('\n', f);
        store_student_free(&st[j]);
    }
    free(st);
}

void csv_links(FILE *f, struct chopsat_server *S, const char *base)
{
    serve_student *st;
    size_t n;
    chopsat_err err;
    if (store_students(S->store, &st, &n, &err) != 0) n = 0;
    fputs("id,name,code,link\n", f);
    for (size_t j = 0; j < n; j++) {
        csv_field(f, st[j].id);
        fputc(',', f);
        csv_field(f, st[j].name);
        fprintf(f, ",%s,%s/s/%s/\n", st[j].code, base, st[j].code);
        store_student_free(&st[j]);
    }
    free(st);
}
