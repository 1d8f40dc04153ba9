/* routes.c: what the class server answers. Every path is matched here against a fixed list;
 * none is ever joined to a file name (the server reads no file for a request: its pages are
 * written from memory), so a path such as /../../etc/passwd is simply not one of them (404).
 *
 *   GET  /                     the way in: a form for a student's code
 *   GET  /rules                the games' rules (`chopsat rules`, in a child)
 *   GET  /s/CODE/              a student's exercises and scores, and the question form
 *   GET  /s/CODE/ex/ID         an exercise with its form and the student's last submissions
 *   POST /s/CODE/ex/ID         a submission: graded in a child, stored (synced), then answered
 *   GET  /s/CODE/ask?...       a question's page (film, tree, formula, graph), in a child
 *   GET  /instructor           progress per exercise and per student (the key's cookie), or
 *                              the form for the key
 *   POST /instructor           the key: a cookie on the right one, 403 on a wrong one
 *   POST /instructor/roster    a roster CSV loaded
 *   GET  /instructor/grades.csv, /instructor/links.csv
 */
#define _DEFAULT_SOURCE /* open_memstream, fmemopen */
#include <jansson.h>
#include <microhttpd.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "serve/serve.h"

/* The pages' policy: nothing fetched, no script, forms only to this server. */
static const char csp_page[] = "default-src 'none'; style-src 'unsafe-inline'; "
                               "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
/* A question's page: the viewer's own inline style and script, nothing fetched. */
static const char csp_view[] = "default-src 'none'; style-src 'unsafe-inline'; "
                               "script-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
                               "form-action 'none'; frame-ancestors 'none'";

int respond(struct MHD_Connection *c, unsigned status, const char *type, const char *buf,
            size_t len, const char *csp)
{
    struct MHD_Response *r =
        MHD_create_response_from_buffer(len, (void *)buf, MHD_RESPMEM_MUST_COPY);
    if (!r) return MHD_NO;
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Content-Security-Policy", csp ? csp : csp_page);
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    int rc = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return rc;
}

/* A page being written to memory. */
typedef struct page {
    char *buf;
    size_t len;
    FILE *f;
} page;

/* Opens a page in memory (p->f, or NULL when there is no memory for it). */
static FILE *page_open(page *p)
{
    memset(p, 0, sizeof *p);
    p->f = open_memstream(&p->buf, &p->len);
    return p->f;
}

/* Sends the page written to p with status (the page freed). */
static int page_send(struct MHD_Connection *c, page *p, unsigned status, const char *type)
{
    if (!p->f) return MHD_NO;
    bool ok = fclose(p->f) == 0;
    int rc = ok ? respond(c, status, type, p->buf, p->len, NULL) : MHD_NO;
    free(p->buf);
    return rc;
}

int respond_message(struct MHD_Connection *c, unsigned status, const char *title, const char *text)
{
    page p;
    if (!page_open(&p)) return MHD_NO;
    page_message(p.f, title, text);
    return page_send(c, &p, status, "text/html; charset=utf-8");
}

/* Sends "303 See Other" to location, with a cookie to set (or NULL). */
static int redirect(struct MHD_Connection *c, const char *location, const char *cookie)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    if (!r) return MHD_NO;
    MHD_add_response_header(r, "Location", location);
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    if (cookie) MHD_add_response_header(r, "Set-Cookie", cookie);
    int rc = MHD_queue_response(c, 303, r);
    MHD_destroy_response(r);
    return rc;
}

/* Whether a and b are equal, in a time that does not depend on where they differ. */
static bool same_secret(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    unsigned char d = la != lb;
    for (size_t i = 0; i < lb; i++)
        d |= (unsigned char)(a[i < la ? i : 0] ^ b[i]);
    return d == 0;
}

/* Whether the request carries the instructor's key (cookie chopsat_key). */
static bool instructor(struct chopsat_server *S, struct MHD_Connection *c)
{
    const char *k = MHD_lookup_connection_value(c, MHD_COOKIE_KIND, "chopsat_key");
    return k && same_secret(k, S->key);
}

/* The student whose code starts path (CODE/...), with the rest of the path in *rest: 1, or 0
 * when there is none (a code that is not one: the same answer as a code no one has). */
static int student_of(struct chopsat_server *S, const char *path, serve_student *st,
                      const char **rest)
{
    char code[SERVE_CODE_LEN + 1];
    size_t n = strcspn(path, "/");
    if (n != SERVE_CODE_LEN) return 0;
    memcpy(code, path, n);
    code[n] = '\0';
    *rest = path + n;
    chopsat_err err;
    return roster_code_valid(code) && store_student_find(S->store, code, st, &err) == 1;
}

/* A text field of the request: a query argument (GET) or a form field (POST). */
static const char *arg(struct MHD_Connection *c, const serve_request *q, const char *name)
{
    const char *v = request_field(q, name, NULL);
    return v ? v : MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, name);
}

/* The score and maximum of the grader's JSON; false when it is not one. */
static bool read_score(const char *json, size_t len, double *score, double *max)
{
    json_error_t je;
    json_t *o = json_loadb(json, len, 0, &je);
    json_t *s = json_object_get(o, "score"), *m = json_object_get(o, "max_score");
    bool ok = json_is_number(s) && json_is_number(m);
    if (ok) *score = json_number_value(s), *max = json_number_value(m);
    json_decref(o);
    return ok;
}

/* {"error": text} as a new string (the stored feedback of a grading that did not finish). */
static char *error_json(const char *text)
{
    json_t *o = json_pack("{s:s}", "error", text);
    char *s = o ? json_dumps(o, 0) : NULL;
    json_decref(o);
    char *copy = xstrdup(s ? s : "{\"error\": \"the grading failed\"}");
    free(s);
    return copy;
}

/* The first line of a child's stderr, without "chopsat: error: ". */
static void first_line(const char *err, char *buf, size_t size)
{
    const char *s = err ? err : "";
    if (!strncmp(s, "chopsat: error: ", 16)) s += 16;
    if (!strncmp(s, "chopsat: usage: ", 16)) s += 16;
    snprintf(buf, size, "%.*s", (int)strcspn(s, "\n"), s);
}

/* Grades a submission, stores it and answers with the exercise's page. */
static int submit(struct chopsat_server *S, struct MHD_Connection *c, const serve_student *st,
                  const serve_exercise *e, const serve_request *q)
{
    size_t len = 0;
    const char *body = request_field(q, "file", &len);
    if (!body || !len) body = request_field(q, "answer", &len);
    if (!body || !len)
        return respond_message(c, 400, "Nothing submitted",
                               "Choose a file or type your answer in the box, then submit.");
    serve_child_out r;
    child_grade(S, e->id, body, len, &r);
    if (r.status == -2)
        return respond_message(c, 503, "Busy",
                               "The server is grading many submissions: yours was not taken. "
                               "Submit it again in a minute.");
    serve_submission sub = {.student = (char *)st->code,
                            .exercise = e->id,
                            .body = (char *)body,
                            .body_len = len,
                            .max_score = e->max_score};
    char line[512];
    first_line(r.err, line, sizeof line);
    if (r.status == 0 && r.code == 0 && read_score(r.out, r.out_len, &sub.score, &sub.max_score)) {
        sub.graded = true;
        sub.feedback = xstrdup(r.out);
    } else if (r.status == 0 && r.code == 1) {
        sub.graded = true; /* unreadable: graded 0, with the reason */
        sub.feedback = error_json(*line ? line : "the submission cannot be read");
    } else if (r.timed_out) {
        snprintf(line, sizeof line, "the grading was stopped after %g s", S->child_seconds);
        sub.feedback = error_json(line);
    } else {
        sub.feedback = error_json(*line ? line : "the grading failed");
    }
    child_out_free(&r);
    chopsat_err err;
    long long n;
    int rc;
    if (store_submission_add(S->store, &sub, &n, &err) != 0) {
        char msg[700];
        snprintf(msg, sizeof msg, "Your submission was not stored (%s): submit it again.", err.msg);
        rc = respond_message(c, 500, "Not stored", msg);
    } else {
        page p;
        sub.n = n;
        sub.at = "";
        if (!page_open(&p)) {
            rc = MHD_NO;
        } else {
            page_exercise(p.f, S, st, e, &sub);
            rc = page_send(c, &p, 200, "text/html; charset=utf-8");
        }
    }
    free(sub.feedback);
    return rc;
}

/* Whether s is at most max bytes of the characters in allowed (and not empty). */
static bool plain_text(const char *s, size_t max, const char *allowed)
{
    if (!s || !*s || strlen(s) > max) return false;
    for (; *s; s++)
        if (!strchr(allowed, *s)) return false;
    return true;
}

/* Why a question's fields are refused, or NULL when they are fine. */
static const char *question_problem(const char *page, const char *rules, const char *pos,
                                    const char *k, const char *player)
{
    static const char *const pages[] = {"film", "tree", "formula", "graph"};
    bool known = false;
    for (size_t i = 0; i < 4; i++)
        known |= page && !strcmp(page, pages[i]);
    if (!known) return "choose a page: film, tree, formula or graph";
    if (!plain_text(rules, SERVE_RULES_MAX, "abcdefghijklmnopqrstuvwxyz0123456789,=_-./"))
        return "the rules: a preset and key=value words (standard,fingers=3,count=3/2), at most "
               "160 characters";
    const char *f = strstr(rules, "fingers=");
    if (f && atol(f + 8) > SERVE_QUESTION_FING)
        return "the rules: at most 16 fingers here (the command line takes more)";
    if (!plain_text(pos, SERVE_POS_MAX, "abcdefghijklmnopqrstuvwxyz0123456789/:,"))
        return "the position: as the command takes it (start, 11/11:1), at most 64 characters";
    if (strcmp(page, "graph") &&
        (!plain_text(k, 2, "0123456789") || atoi(k) < 1 || atoi(k) > SERVE_QUESTION_K))
        return "K: a number of moves from 1 to 20";
    if (player && *player && strcmp(player, "1") && strcmp(player, "2"))
        return "the player: 1 or 2";
    return NULL;
}

/* A question's page (film, tree, formula, graph) from a child, or a page saying why not. */
static int question(struct chopsat_server *S, struct MHD_Connection *c, const serve_request *q)
{
    const char *pg = arg(c, q, "page"), *rules = arg(c, q, "rules"), *pos = arg(c, q, "position"),
               *k = arg(c, q, "k"), *player = arg(c, q, "player");
    const char *why = question_problem(pg, rules, pos, k, player);
    if (why) return respond_message(c, 400, "Not a question this server answers", why);
    const char *args[16];
    size_t n = 0;
    if (!strcmp(pg, "film")) args[n++] = "win";
    if (!strcmp(pg, "tree")) args[n++] = "force";
    if (!strcmp(pg, "formula")) args[n++] = "dimacs", args[n++] = "win";
    if (!strcmp(pg, "graph")) args[n++] = "solve";
    args[n++] = pos;
    if (strcmp(pg, "graph")) args[n++] = "-k", args[n++] = k;
    if (strcmp(pg, "graph") && player && *player) args[n++] = "--player", args[n++] = player;
    args[n++] = "--rules", args[n++] = rules, args[n++] = "--format", args[n++] = "html";
    args[n] = NULL;
    serve_child_out r;
    child_run(S, args, NULL, 0, SERVE_PAGE_MAX, &r);
    int rc;
    char line[512];
    first_line(r.err, line, sizeof line);
    if (r.status == -2)
        rc = respond_message(c, 503, "Busy", "The server is busy: ask again in a minute.");
    else if (r.status != 0)
        rc = respond_message(c, 500, "Not answered", line);
    else if (r.timed_out)
        rc = respond_message(c, 422, "Too large a question",
                             "It took longer than the server gives a question: ask a smaller "
                             "one (a smaller K, fewer fingers).");
    else if (r.too_long)
        rc = respond_message(c, 422, "Too large a page",
                             "Its page is larger than 8 MiB: ask a smaller K.");
    else if (r.killed)
        rc = respond_message(c, 422, "Too large a question",
                             "It needed more memory than the server gives a question: ask a "
                             "smaller one.");
    else if (r.code == 1 || r.code == 2 || r.code == 3 || !r.out_len)
        rc = respond_message(c, 400, "Not answered", *line ? line : "no page came back");
    else
        rc = respond(c, 200, "text/html; charset=utf-8", r.out, r.out_len, csp_view);
    child_out_free(&r);
    return rc;
}

/* The rules page: `chopsat rules` in a child. */
static int rules_page(struct chopsat_server *S, struct MHD_Connection *c)
{
    serve_child_out r;
    const char *args[] = {"rules", NULL};
    child_run(S, args, NULL, 0, (size_t)1 << 20, &r);
    page p;
    int rc = MHD_NO;
    if (r.status == 0 && r.code == 0 && page_open(&p)) {
        page_rules(p.f, r.out);
        rc = page_send(c, &p, 200, "text/html; charset=utf-8");
    } else if (r.status == -2) {
        rc = respond_message(c, 503, "Busy", "The server is busy: try again in a minute.");
    } else {
        rc = respond_message(c, 500, "No rules", "The rules could not be listed.");
    }
    child_out_free(&r);
    return rc;
}

/* A student's pages: /s/CODE/... */
static int student_route(struct chopsat_server *S, struct MHD_Connection *c, const char *path,
                         const char *method, const serve_request *q)
{
    serve_student st;
    const char *rest;
    if (!student_of(S, path, &st, &rest))
        return respond_message(c, 404, "No such student",
                               "No student has this code. Check the link your instructor gave "
                               "you.");
    int rc;
    page p;
    bool post = !strcmp(method, "POST");
    const serve_exercise *e = !strncmp(rest, "/ex/", 4) ? exercises_find(&S->ex, rest + 4) : NULL;
    if ((!*rest || !strcmp(rest, "/")) && !post) {
        rc = page_open(&p)
                 ? (page_student(p.f, S, &st), page_send(c, &p, 200, "text/html; charset=utf-8"))
                 : MHD_NO;
    } else if (e && post) {
        rc = submit(S, c, &st, e, q);
    } else if (e) {
        rc = page_open(&p) ? (page_exercise(p.f, S, &st, e, NULL),
                              page_send(c, &p, 200, "text/html; charset=utf-8"))
                           : MHD_NO;
    } else if (!strcmp(rest, "/ask") && !post) {
        rc = question(S, c, q);
    } else {
        rc = respond_message(c, 404, "Not found", "There is no such page.");
    }
    store_student_free(&st);
    return rc;
}

/* Loads the roster of the instructor's form. */
static int roster_post(struct chopsat_server *S, struct MHD_Connection *c, const serve_request *q)
{
    size_t len = 0;
    const char *csv = request_field(q, "roster", &len);
    if (!csv || !len) return respond_message(c, 400, "No roster", "Choose a roster CSV file.");
    FILE *in = fmemopen((void *)csv, len, "r");
    if (!in) return MHD_NO;
    size_t added, kept;
    chopsat_err err;
    int rc = roster_load(S->store, in, "the roster", &added, &kept, &err);
    fclose(in);
    if (rc != 0) return respond_message(c, 400, "Roster refused", err.msg);
    return redirect(c, "/instructor", NULL);
}

/* The address students are sent to: the one the instructor reached the server by (its Host
 * header, and https behind a proxy that says X-Forwarded-Proto: https), when it is a plain
 * host[:port]; else the address the server listens on. */
static const char *link_base(struct chopsat_server *S, struct MHD_Connection *c, char *buf,
                             size_t size)
{
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    const char *proto = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Forwarded-Proto");
    if (!plain_text(host, 200,
                    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]"))
        return S->url;
    snprintf(buf, size, "%s://%s", proto && !strcmp(proto, "https") ? "https" : "http", host);
    return buf;
}

/* The instructor's pages: /instructor... */
static int instructor_route(struct chopsat_server *S, struct MHD_Connection *c, const char *rest,
                            const char *method, const serve_request *q)
{
    bool post = !strcmp(method, "POST");
    page p;
    if (!*rest && post) {
        const char *k = request_field(q, "key", NULL);
        if (!k || !same_secret(k, S->key)) {
            if (!page_open(&p)) return MHD_NO;
            page_login(p.f, "That is not the instructor's key.");
            return page_send(c, &p, 403, "text/html; charset=utf-8");
        }
        char cookie[128];
        snprintf(cookie, sizeof cookie,
                 "chopsat_key=%s; Path=/instructor; HttpOnly; SameSite=Strict", S->key);
        return redirect(c, "/instructor", cookie);
    }
    if (!instructor(S, c)) {
        if (!page_open(&p)) return MHD_NO;
        page_login(p.f, NULL);
        return page_send(c, &p, *rest ? 403 : 200, "text/html; charset=utf-8");
    }
    if (!*rest && !post) {
        if (!page_open(&p)) return MHD_NO;
        page_instructor(p.f, S);
        return page_send(c, &p, 200, "text/html; charset=utf-8");
    }
    if (!strcmp(rest, "/roster") && post) return roster_post(S, c, q);
    bool grades = !strcmp(rest, "/grades.csv"), links = !strcmp(rest, "/links.csv");
    if ((grades || links) && !post) {
        char base[300];
        if (!page_open(&p)) return MHD_NO;
        if (grades)
            csv_grades(p.f, S);
        else
            csv_links(p.f, S, link_base(S, c, base, sizeof base));
        return page_send(c, &p, 200, "text/csv; charset=utf-8");
    }
    return respond_message(c, 404, "Not found", "There is no such page.");
}

int route(struct chopsat_server *S, struct MHD_Connection *c, const char *url, const char *method,
          serve_request *q)
{
    bool get = !strcmp(method, "GET") || !strcmp(method, "HEAD"), post = !strcmp(method, "POST");
    if (!get && !post) return respond_message(c, 405, "Not allowed", "Only GET and POST.");
    if (q->bad_form)
        return respond_message(c, 400, "Not a form", "The request's body is not a form.");
    page p;
    if (!strcmp(url, "/") && get) {
        const char *code = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "code");
        if (code && roster_code_valid(code)) {
            char to[64];
            snprintf(to, sizeof to, "/s/%s/", code);
            return redirect(c, to, NULL);
        }
        if (!page_open(&p)) return MHD_NO;
        page_home(p.f);
        return page_send(c, &p, code ? 404 : 200, "text/html; charset=utf-8");
    }
    if (!strcmp(url, "/rules") && get) return rules_page(S, c);
    if (!strncmp(url, "/s/", 3)) return student_route(S, c, url + 3, method, q);
    if (!strncmp(url, "/instructor", 11) && (!url[11] || url[11] == '/'))
        return instructor_route(S, c, url + 11, method, q);
    return respond_message(c, 404, "Not found", "There is no such page.");
}
