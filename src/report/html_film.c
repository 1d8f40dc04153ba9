/* html_film.c: the pages whose heart is a line of play, shown as a film: one step per
 * position, the move that led there named, the position drawn; buttons, the arrow keys and a
 * slider step through it (assets/page.js), and without JavaScript or on paper every step
 * shows. win and reach (the replayed witness), decode (a solver's model), check (typed moves)
 * and solve (every move's value and distance, then the line of best play). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/oom.h"
#include "core/util.h"
#include "report/html.h"
#include "report/value_write.h"

/* One step of the film: step i, the move that led to it (NULL for the start) by player mover. */
static void film_step(FILE *f, const chopsat_rules *r, size_t i, const chopsat_pos *pos,
                      const char *move, unsigned mover, size_t n)
{
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, pos, buf, sizeof buf);
    html_printf(f,
                "<li class=\"step%s\" id=\"step-%zu\" data-step=\"%zu\" data-pos=\"%s\" "
                "data-move=\"%s\">\n",
                i ? "" : " current", i, i, buf, move ? move : "");
    if (move)
        html_printf(f,
                    "<h3 class=\"move\"><span class=\"num\">move %zu of %zu:</span> player "
                    "%u <b>%s</b></h3>\n",
                    i, n - 1, mover, move);
    else
        html_printf(f, "<h3 class=\"move\"><span class=\"num\">the start</span>%s</h3>\n",
                    n > 1 ? "" : " (no move)");
    html_draw_position(f, r, pos, 1);
    int w = chopsat_pos_winner(r, pos);
    html_printf(f, "\n<p class=\"pos\"><code>%s</code> ", buf);
    if (w)
        html_printf(f, "<span class=\"over\">game over: player %d has won</span>", w);
    else
        html_printf(f, "player %u to move", pos->mover);
    fputs("</p>\n</li>\n", f);
}

void html_film(FILE *f, const chopsat_rules *r, const chopsat_pos *path, size_t n,
               const chopsat_moves *names, const char *caption)
{
    html_printf(f, "<section class=\"film\" data-film aria-label=\"%s\">\n<h2>%s</h2>\n", caption,
                caption);
    html_printf(
        f,
        "<div class=\"controls\" role=\"group\" aria-label=\"step through the moves\">\n"
        "<button type=\"button\" data-go=\"first\" title=\"the start (Home)\">&laquo; "
        "start</button>\n"
        "<button type=\"button\" data-go=\"prev\" title=\"one move back (left arrow)\">&#9664; "
        "back</button>\n"
        "<input type=\"range\" min=\"0\" max=\"%zu\" value=\"0\" step=\"1\" data-slider "
        "aria-label=\"the step shown, 0 (the start) to %zu\">\n"
        "<button type=\"button\" data-go=\"next\" title=\"one move forward (right arrow)\">forward "
        "&#9654;</button>\n"
        "<button type=\"button\" data-go=\"last\" title=\"the end (End)\">end &raquo;</button>\n"
        "<output data-where aria-live=\"polite\">the start</output>\n</div>\n",
        n - 1, n - 1);
    fputs("<ol class=\"steps\">\n", f);
    for (size_t i = 0; i < n; i++)
        film_step(f, r, i, &path[i], i ? names->items[i - 1].name : NULL, i ? path[i - 1].mover : 0,
                  n);
    fputs("</ol>\n", f);
    /* the whole line as a table: an overview, and a way to jump to a step */
    fputs("<table class=\"line\">\n<caption>the whole line</caption>\n<thead><tr><th scope=\"col\">"
          "#</th><th scope=\"col\">player</th><th scope=\"col\">move</th><th scope=\"col\">"
          "position</th></tr></thead>\n<tbody>\n",
          f);
    for (size_t i = 0; i < n; i++) {
        char buf[CHOPSAT_POS_MAX];
        chopsat_pos_format(r, &path[i], buf, sizeof buf);
        if (i)
            html_printf(f,
                        "<tr data-row=\"%zu\"><td>%zu</td><td>%u</td><td><button type=\"button\" "
                        "data-goto=\"%zu\">%s</button></td><td><code>%s</code></td></tr>\n",
                        i, i, path[i - 1].mover, i, names->items[i - 1].name, buf);
        else
            html_printf(f,
                        "<tr data-row=\"0\"><td>0</td><td></td><td><button type=\"button\" "
                        "data-goto=\"0\">start</button></td><td><code>%s</code></td></tr>\n",
                        buf);
    }
    fputs("</tbody>\n</table>\n</section>\n", f);
}

/* A position drawn with a heading (the start, the target) outside a film. */
static void position_box(FILE *f, const chopsat_rules *r, const chopsat_pos *p, const char *heading)
{
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, p, buf, sizeof buf);
    html_printf(f, "<figure class=\"position\">\n<figcaption>%s: <code>%s</code></figcaption>\n",
                heading, buf);
    html_draw_position(f, r, p, 1);
    fputs("\n</figure>\n", f);
}

/* A paragraph of details (the formula, the solver), when text is not empty. */
static void details_para(FILE *f, const char *label, const char *text)
{
    if (text && *text) html_printf(f, "<p class=\"details\"><b>%s:</b> %s</p>\n", label, text);
}

/* chopsat_html_bmc under its recovery point: the page, then whether every write succeeded. */
static int html_bmc_body(FILE *f, const chopsat_rules *r, const char *kind, const chopsat_query *q,
                         const chopsat_bmc_result *res, const chopsat_moves *names,
                         const char *question, const char *check, const chopsat_bmc_opts *bo,
                         const char *proof_note, chopsat_err *err)
{
    const chopsat_pos *path;
    size_t n = chopsat_bmc_result_path(res, &path);
    int moves = chopsat_bmc_result_moves(res);
    char answer[200];
    if (n)
        snprintf(answer, sizeof answer, "yes, in %d move%s%s", moves, moves == 1 ? "" : "s",
                 q->exact ? " (exactly, as asked)" : " (the minimum)");
    else
        snprintf(answer, sizeof answer, "no%s",
                 strstr(check, "NOT cross-checked") ? " (NOT cross-checked, see below)" : "");
    html_begin(f, r, kind, question, answer, check);
    if (q->kind == CHOPSAT_Q_REACH) position_box(f, r, &q->target, "the position asked for");
    if (n) {
        char caption[100];
        snprintf(caption, sizeof caption, "The witness: %d move%s, replayed move by move", moves,
                 moves == 1 ? "" : "s");
        html_film(f, r, path, n, names, caption);
    } else {
        position_box(f, r, &q->from, "the start");
        html_printf(f, "<p class=\"no\">No sequence of %s%d move%s from here %s.</p>\n",
                    q->exact ? "exactly " : "at most ", q->k, q->k == 1 ? "" : "s",
                    q->kind == CHOPSAT_Q_REACH ? "reaches the position asked for"
                                               : "ends in a win of the player asked about");
    }
    html_graph_section(f, r, NULL, &q->from, path, n);
    int calls = chopsat_bmc_result_solver_calls(res);
    char formula[300];
    snprintf(formula, sizeof formula,
             "%d variables, %zu clauses; %s, %d solver call%s (%s); "
             "encoding %.3f s, solving %.3f s",
             chopsat_bmc_result_vars(res), chopsat_bmc_result_clauses(res), bo->solver, calls,
             calls == 1 ? "" : "s", bo->incremental ? "incremental" : "re-encoded for each k",
             chopsat_bmc_result_encode_seconds(res), chopsat_bmc_result_solve_seconds(res));
    fputs("<section class=\"about\"><h2>How it was answered</h2>\n", f);
    details_para(f, "formula", formula);
    details_para(f, "proof", proof_note);
    fputs("</section>\n", f);
    html_end(f);
    return html_written(f, err);
}

int chopsat_html_bmc(FILE *out, const chopsat_rules *r, const char *kind, const chopsat_query *q,
                     const chopsat_bmc_result *res, const chopsat_moves *names,
                     const char *question, const char *check, const chopsat_bmc_opts *bo,
                     const char *proof_note, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err,
               html_bmc_body(out, r, kind, q, res, names, question, check, bo, proof_note, err));
}

bool chopsat_html_decode_frames(const char *cnf_path)
{
    struct stat st; /* only a regular file is peeked at: a FIFO would lose the byte */
    if (stat(cnf_path, &st) || !S_ISREG(st.st_mode)) return false;
    FILE *cf = fopen(cnf_path, "r");
    if (!cf) return false;
    int first = getc(cf);
    fclose(cf);
    return first != 'a' && first != ';' && first != '(' && first != EOF;
}

/* chopsat_html_decoded under its recovery point: the page, then whether every write succeeded. */
static int html_decoded_body(FILE *f, const chopsat_rules *r, const chopsat_query *q, int answer,
                             const chopsat_pos *path, size_t n, const chopsat_moves *names,
                             const char *question, const char *check,
                             const chopsat_frame_table *table, const char *cnf_path,
                             const char *model_name, chopsat_err *err)
{
    bool yes = answer == 10;
    char ans[200];
    if (yes)
        snprintf(ans, sizeof ans,
                 "yes, in %zu move%s (this model's witness; not necessarily "
                 "the minimum)",
                 n - 1, n == 2 ? "" : "s");
    else
        snprintf(ans, sizeof ans, "no (the solver says unsatisfiable)");
    html_begin(f, r, "decode", question, ans, check);
    html_printf(f,
                "<p class=\"details\">The formula <code>%s</code> and the solver's output "
                "<code>%s</code>, read back into moves.</p>\n",
                cnf_path, model_name);
    if (yes) {
        html_film(f, r, path, n, names, "The model's witness, replayed move by move");
        if (table && table->rows)
            html_frames_table(f, r, table, path, n, cnf_path);
        else
            fputs("<p class=\"details\">The frames table is shown for a DIMACS file written by "
                  "<code>chopsat dimacs</code>; this file is an AIGER or SMT-LIB one.</p>\n",
                  f);
    } else {
        position_box(f, r, &q->from, "the start");
    }
    html_graph_section(f, r, NULL, &q->from, yes ? path : NULL, yes ? n : 0);
    html_end(f);
    return html_written(f, err);
}

int chopsat_html_decoded(FILE *out, const chopsat_rules *r, const chopsat_query *q, int answer,
                         const chopsat_pos *path, size_t n, const chopsat_moves *names,
                         const char *question, const char *check, const chopsat_frame_table *table,
                         const char *cnf_path, const char *model_name, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err,
               html_decoded_body(out, r, q, answer, path, n, names, question, check, table,
                                 cnf_path, model_name, err));
}

/* chopsat_html_checked under its recovery point: the page, then whether every write succeeded. */
static int html_checked_body(FILE *f, const chopsat_rules *r, const chopsat_pos *start,
                             const chopsat_moves *made, const char *const *typed, size_t ntyped,
                             const char *reason, chopsat_err *err)
{
    size_t n = made->n + 1;
    chopsat_pos *path = xcalloc(n, sizeof *path);
    path[0] = *start;
    for (size_t i = 0; i < made->n; i++)
        path[i + 1] = made->items[i].to;
    char question[200 + CHOPSAT_POS_MAX], sp[CHOPSAT_POS_MAX], answer[900], end[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, start, sp, sizeof sp);
    chopsat_pos_format(r, &path[n - 1], end, sizeof end);
    snprintf(question, sizeof question, "is this sequence of %zu move%s legal from %s?", ntyped,
             ntyped == 1 ? "" : "s", sp);
    int w = chopsat_pos_winner(r, &path[n - 1]);
    char after[120];
    if (w)
        snprintf(after, sizeof after, "the game is over: player %d has won", w);
    else
        snprintf(after, sizeof after, "the game goes on, player %u to move", path[n - 1].mover);
    if (reason)
        snprintf(answer, sizeof answer, "no: move %zu is illegal; %s after %zu move%s, %s",
                 made->n + 1, end, made->n, made->n == 1 ? "" : "s", after);
    else
        snprintf(answer, sizeof answer, "yes, %s%zu move%s; %s, %s", ntyped > 1 ? "all " : "",
                 ntyped, ntyped == 1 ? "" : "s", end, after);
    html_begin(f, r, "check", question, answer,
               "every move replayed by the explicit move generator");
    html_film(f, r, path, n, made, reason ? "The legal moves, replayed" : "The moves, replayed");
    if (reason) {
        html_printf(f,
                    "<section class=\"illegal\" role=\"note\"><h2>&#9888; The illegal move</h2>\n"
                    "<p>move %zu, typed <code>%s</code>, at <code>%s</code>: %s</p>\n</section>\n",
                    made->n + 1, typed[made->n], end, reason);
    }
    for (size_t i = 0; i < made->n; i++)
        if (strcmp(typed[i], made->items[i].name))
            html_printf(f,
                        "<p class=\"details\">move %zu was typed <code>%s</code>: it is "
                        "read as <code>%s</code>.</p>\n",
                        i + 1, typed[i], made->items[i].name);
    html_graph_section(f, r, NULL, start, path, n);
    free(path);
    html_end(f);
    return html_written(f, err);
}

int chopsat_html_checked(FILE *out, const chopsat_rules *r, const chopsat_pos *start,
                         const chopsat_moves *made, const char *const *typed, size_t ntyped,
                         const char *reason, chopsat_err *err)
{
    if (chopsat_pos_check(r, start, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err,
               html_checked_body(out, r, start, made, typed, ntyped, reason, err));
}

/* The table of every move of p with its value for the mover; best moves marked. */
static void move_table(FILE *f, const chopsat_rules *r, const chopsat_solution *sol,
                       const chopsat_pos *p, const chopsat_moves *best)
{
    chopsat_moves all = {0};
    chopsat_moves_list(r, p, &all, NULL);
    if (!all.n) {
        chopsat_moves_free(&all);
        return;
    }
    html_printf(f,
                "<section class=\"moves\"><h2>Every move, valued for player %u (who makes "
                "it)</h2>\n<table>\n<thead><tr><th scope=\"col\">move</th><th scope=\"col\">"
                "leads to</th><th scope=\"col\">value for player %u</th><th scope=\"col\">"
                "best</th></tr></thead>\n<tbody>\n",
                p->mover, p->mover);
    for (size_t i = 0; i < all.n; i++) {
        uint32_t d;
        int v = report_move_value(sol, &all.items[i], &d);
        bool is_best = report_is_best(best, &all.items[i]);
        char buf[CHOPSAT_POS_MAX], val[40];
        chopsat_pos_format(r, &all.items[i].to, buf, sizeof buf);
        if (v == CHOPSAT_DRAW)
            snprintf(val, sizeof val, "draw");
        else
            snprintf(val, sizeof val, "%s in %u", report_value_word(v), d);
        html_printf(f, "<tr class=\"%s%s\"><th scope=\"row\">%s</th><td>", report_value_word(v),
                    is_best ? " best" : "", all.items[i].name);
        html_draw_position(f, r, &all.items[i].to, 0);
        html_printf(f, " <code>%s</code></td><td><span class=\"badge %s\">%s</span></td>", buf,
                    report_value_word(v), val);
        fputs(is_best ? "<td>&#9733; best</td></tr>\n" : "<td></td></tr>\n", f);
    }
    fputs("</tbody>\n</table>\n</section>\n", f);
    chopsat_moves_free(&all);
}

/* chopsat_html_solve under its recovery point: the page, then whether every write succeeded. */
static int html_solve_body(FILE *f, const chopsat_rules *r, const chopsat_solution *sol,
                           const chopsat_pos *p, chopsat_err *err)
{
    report_solved s;
    report_solved_read(r, sol, p, &s);
    int v = s.value;
    uint32_t d = s.distance;
    char question[160 + CHOPSAT_POS_MAX], answer[200], checked[200];
    snprintf(question, sizeof question, "what is %s worth with best play?", s.text);
    int w = chopsat_pos_winner(r, p);
    if (w)
        snprintf(answer, sizeof answer, "the game is over; player %d has won", w);
    else if (v == CHOPSAT_DRAW)
        snprintf(answer, sizeof answer, "a draw; with best play neither player can force a win");
    else
        snprintf(answer, sizeof answer,
                 "a %s for player %u (the player to move) in %u move%s; "
                 "player %u wins with best play",
                 report_value_word(v), p->mover, d, d == 1 ? "" : "s",
                 v == CHOPSAT_WIN ? p->mover : 3 - p->mover);
    snprintf(checked, sizeof checked,
             "solved exactly by retrograde analysis over all %llu "
             "positions of the game",
             (unsigned long long)chopsat_position_count(r));
    html_begin(f, r, "solve", question, answer, checked);
    position_box(f, r, p, "the position");
    move_table(f, r, sol, p, &s.best);
    size_t n = s.line.n + 1;
    chopsat_pos *path = xcalloc(n, sizeof *path);
    path[0] = *p;
    for (size_t i = 0; i < s.line.n; i++)
        path[i + 1] = s.line.items[i].to;
    if (s.line.n)
        html_film(f, r, path, n, &s.line,
                  v == CHOPSAT_DRAW ? "The line of best play (until a position repeats)"
                                    : "The line of best play");
    html_graph_section(f, r, sol, p, path, n);
    free(path);
    html_end(f);
    report_solved_free(&s);
    return html_written(f, err);
}

int chopsat_html_solve(FILE *out, const chopsat_rules *r, const chopsat_solution *sol,
                       const chopsat_pos *p, chopsat_err *err)
{
    if (chopsat_pos_check(r, p, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, html_solve_body(out, r, sol, p, err));
}
