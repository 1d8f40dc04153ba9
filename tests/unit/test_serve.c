/* test_serve.c: the class server's pieces that need no network (src/serve/): the roster CSV
 * (header, quoted fields, refusals) and its codes, a student keeping their code when the roster
 * is loaded again, a submission stored and read back, and the exercise list read from grade's
 * JSON (an id that could not stand in a path refused). tests/cli/serve*.sh test the server. */
#define _DEFAULT_SOURCE /* fmemopen */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "serve/serve.h"

/* Loads csv into s; the status, with the counts. */
static int load(serve_store *s, const char *csv, size_t *added, size_t *kept, chopsat_err *err)
{
    FILE *in = fmemopen((void *)csv, strlen(csv), "r");
    int rc = roster_load(s, in, "roster.csv", added, kept, err);
    fclose(in);
    return rc;
}

/* The code of the student with this id ("" when none). */
static void code_of(serve_store *s, const char *id, char code[SERVE_CODE_LEN + 1])
{
    serve_student *st;
    size_t n;
    chopsat_err err;
    code[0] = '\0';
    CHECK(store_students(s, &st, &n, &err) == 0);
    for (size_t i = 0; i < n; i++) {
        if (!strcmp(st[i].id, id)) memcpy(code, st[i].code, SERVE_CODE_LEN + 1);
        store_student_free(&st[i]);
    }
    free(st);
}

TEST(serve_roster_read)
{
    chopsat_err err;
    serve_store *s = store_open(":memory:", &err);
    CHECK(s != NULL);
    size_t added, kept;
    CHECK(load(s, "mail,Name,ID\r\na@x,\"Okafor, Bo\",s1\r\n\r\nb@x,\"Say \"\"hi\"\"\",s2\n",
               &added, &kept, &err) == 0);
    CHECK(added == 2 && kept == 0);
    char c1[SERVE_CODE_LEN + 1], c2[SERVE_CODE_LEN + 1], again[SERVE_CODE_LEN + 1];
    code_of(s, "s1", c1);
    code_of(s, "s2", c2);
    CHECK(roster_code_valid(c1) && roster_code_valid(c2) && strcmp(c1, c2) != 0);
    serve_student st;
    CHECK(store_student_find(s, c2, &st, &err) == 1);
    CHECKF(!strcmp(st.name, "Say \"hi\""), "name '%s'", st.name);
    store_student_free(&st);
    /* loaded again: s1 keeps its code and takes the new name, s3 is new */
    CHECK(load(s, "id,name\ns1,Bo Okafor\ns3,Cy\n", &added, &kept, &err) == 0);
    CHECK(added == 1 && kept == 1);
    code_of(s, "s1", again);
    CHECK(!strcmp(c1, again));
    CHECK(store_student_find(s, "0123456789abcdef0123456789abcdef", &st, &err) == 0);
    store_close(s);
}

TEST(serve_roster_refused)
{
    chopsat_err err;
    serve_store *s = store_open(":memory:", &err);
    size_t added, kept;
    CHECK(load(s, "name,mail\nAnn,a@x\n", &added, &kept, &err) != 0);
    CHECKF(strstr(err.msg, "names no 'id' column") != NULL, "%s", err.msg);
    CHECK(load(s, "id,name\n\"s1,Ann\n", &added, &kept, &err) != 0);
    CHECKF(strstr(err.msg, "line 2 has a quote that is not closed") != NULL, "%s", err.msg);
    CHECK(load(s, "id,name\n,Ann\n", &added, &kept, &err) != 0);
    CHECKF(strstr(err.msg, "line 2 has no id") != NULL, "%s", err.msg);
    CHECK(load(s, "id,name\ns1,A\x01nn\n", &added, &kept, &err) != 0);
    CHECK(load(s, "", &added, &kept, &err) != 0);
    CHECK(!roster_code_valid("0123456789ABCDEF0123456789abcdef"));
    CHECK(!roster_code_valid("0123456789abcdef0123456789abcde"));
    store_close(s);
}

TEST(serve_submission_round_trip)
{
    chopsat_err err;
    serve_store *s = store_open(":memory:", &err);
    size_t added, kept;
    char code[SERVE_CODE_LEN + 1];
    CHECK(load(s, "id\ns1\n", &added, &kept, &err) == 0);
    code_of(s, "s1", code);
    serve_submission sub = {.student = code,
                            .exercise = "4",
                            .body = "tap 1>1",
                            .body_len = 7,
                            .feedback = "{\"score\": 2}",
                            .score = 2,
                            .max_score = 5,
                            .graded = true};
    long long n1, n2;
    CHECK(store_submission_add(s, &sub, &n1, &err) == 0);
    sub.score = 5;
    CHECK(store_submission_add(s, &sub, &n2, &err) == 0);
    CHECK(n2 == n1 + 1 && store_count(s) == 2);
    double best;
    CHECK(store_best(s, code, "4", &best, &err) == 1 && best == 5);
    CHECK(store_best(s, code, "3", &best, &err) == 0);
    serve_submission *subs;
    size_t n;
    CHECK(store_submissions(s, code, "4", 10, &subs, &n, &err) == 0 && n == 2);
    CHECK(subs[0].n == n2 && !strcmp(subs[0].body, "tap 1>1") && subs[0].graded);
    store_submissions_free(subs, n);
    sub.student = "no such code"; /* a submission belongs to a student */
    CHECK(store_submission_add(s, &sub, &n1, &err) != 0);
    store_close(s);
}

TEST(serve_exercises_read)
{
    serve_exercises e;
    chopsat_err err;
    const char *obj = "{\"exercises\": [{\"id\": \"3b\", \"title\": \"t\", \"file\": \"w.cnf\", "
                      "\"submit\": \"a file\", \"max_score\": 7}]}";
    CHECK(exercises_read(obj, strlen(obj), &e, &err) == 0);
    CHECK(e.n == 1 && exercises_find(&e, "3b") && exercises_find(&e, "3b")->max_score == 7);
    CHECK(!exercises_find(&e, "3"));
    exercises_free(&e);
    const char *arr = "[{\"id\": \"4\", \"max_score\": 5}]";
    CHECK(exercises_read(arr, strlen(arr), &e, &err) == 0 && e.n == 1);
    exercises_free(&e);
    const char *bad = "[{\"id\": \"../etc\"}]";
    CHECK(exercises_read(bad, strlen(bad), &e, &err) != 0);
    CHECK(exercises_read("[]", 2, &e, &err) != 0);
    CHECK(exercises_read("{", 1, &e, &err) != 0);
}

SCHEDULE_FILE(serve)
{
    SCHEDULE(serve_roster_read);
    SCHEDULE(serve_roster_refused);
    SCHEDULE(serve_submission_round_trip);
    SCHEDULE(serve_exercises_read);
}
