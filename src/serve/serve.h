/* serve.h: what the parts of the class server share (chopsat serve, src/serve/,
 * docs/lab/instructor.md). serve.c starts and stops the server (libmicrohttpd, one thread a
 * connection, its limits); request.c reads one request (the form's fields, the body's cap);
 * routes.c answers it; pages.c writes the pages (every text from outside through
 * chopsat_html_escaped); store.c keeps students and submissions in SQLite; roster.c reads the
 * roster CSV and makes the codes; child.c runs each grading and each question in a child
 * process of this same program (chopsat_run: a time limit, a memory limit, no file writes);
 * exercises.c reads the exercise list. */
#ifndef CHOPSAT_SERVE_SERVE_H
#define CHOPSAT_SERVE_SERVE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "chopsat.h"

struct MHD_Connection;
struct MHD_Daemon;
struct MHD_PostProcessor;
#include "chopsat_tool.h"

/* The caps (docs/reliability.md, "chopsat serve"). */
#define SERVE_BODY_MAX      ((size_t)2 << 20) /* a request body: a form with its file */
#define SERVE_FIELD_MAX     ((size_t)2 << 20) /* one field of it (a submitted file) */
#define SERVE_SHORT_MAX     200               /* rules, position, code, key: one short line */
#define SERVE_ROSTER_MAX    5000              /* students in a roster */
#define SERVE_QUESTION_K    20                /* the largest K of a question */
#define SERVE_QUESTION_FING 6                 /* the most fingers of a question's rules */
#define SERVE_RULES_MAX     160               /* a question's rules: every option, count=8/8 too */
#define SERVE_POS_MAX       64                /* a question's position: 8+8 hands, commas */
#define SERVE_PAGE_MAX      ((size_t)8 << 20) /* a question's page */
#define SERVE_WAITING_MAX   200               /* requests waiting for a child before "busy" */
#define SERVE_CODE_BYTES    16                /* random bytes of a student code or the key */
#define SERVE_CODE_LEN      (2 * SERVE_CODE_BYTES)

/* ---- exercises.c ---- */
typedef struct serve_exercise {
    char *id, *title, *submit; /* submit: what the student hands in, in words */
    char *file;                /* the file's name in the handout (w.cnf), or "" */
    double max_score;
} serve_exercise;

typedef struct serve_exercises {
    serve_exercise *items;
    size_t n;
} serve_exercises;

/* Reads the exercise list from the JSON of `chopsat grade --list --format json` (an array, or
 * an object with "exercises"). 0, or -1 with err. */
int exercises_read(const char *json, size_t len, serve_exercises *out, chopsat_err *err);
const serve_exercise *exercises_find(const serve_exercises *e, const char *id);
void exercises_free(serve_exercises *e);

/* ---- store.c ---- */
typedef struct serve_store serve_store;

typedef struct serve_student {
    char code[SERVE_CODE_LEN + 1];
    char *id, *name;
} serve_student;

typedef struct serve_submission {
    long long n;
    char *student, *exercise, *at, *body, *feedback; /* feedback: the grader's JSON or a note */
    size_t body_len;                                 /* body's bytes, when storing */
    double score, max_score;
    bool graded;
} serve_submission;

/* Opens (creating) the database at path: WAL, synchronous FULL, the tables. NULL with err. */
serve_store *store_open(const char *path, chopsat_err *err);
void store_close(serve_store *s);
/* Adds a student (id unique; an id already there keeps its code and takes the new name);
 * *added says which. 0, or -1 with err. */
int store_student_put(serve_store *s, const char *id, const char *name, const char *code,
                      bool *added, chopsat_err *err);
/* The student of code: 1 found (*st filled, free with store_student_free), 0 none, -1 err. */
int store_student_find(serve_store *s, const char *code, serve_student *st, chopsat_err *err);
void store_student_free(serve_student *st);
/* Every student, in id order (free each, then the array). 0, or -1 with err. */
int store_students(serve_store *s, serve_student **out, size_t *n, chopsat_err *err);
/* Stores one submission in its own transaction, synced before it returns: its number in *n.
 * 0, or -1 with err (nothing stored). */
int store_submission_add(serve_store *s, const serve_submission *sub, long long *n,
                         chopsat_err *err);
/* A student's submissions to an exercise, newest first, at most max (free with
 * store_submissions_free). 0, or -1 with err. */
int store_submissions(serve_store *s, const char *student, const char *exercise, size_t max,
                      serve_submission **out, size_t *n, chopsat_err *err);
void store_submissions_free(serve_submission *subs, size_t n);
/* The best score of (student, exercise): 1 and *best, 0 none yet, -1 err. */
int store_best(serve_store *s, const char *student, const char *exercise, double *best,
               chopsat_err *err);
/* How many submissions are stored. */
long long store_count(serve_store *s);

/* ---- roster.c ---- */
/* A new code: SERVE_CODE_LEN lowercase hex digits of kernel randomness. 0, or -1 with err. */
int roster_code(char code[SERVE_CODE_LEN + 1], chopsat_err *err);
/* Reads a roster CSV from in (a header line with an "id" column and an optional "name" column;
 * quoted fields as RFC 4180 writes them) and puts each student in the store (new students get
 * a new code); shown names the input in messages. *added and *kept count them. 0, or -1 with
 * err naming the line. */
int roster_load(serve_store *s, FILE *in, const char *shown, size_t *added, size_t *kept,
                chopsat_err *err);
/* Whether code is SERVE_CODE_LEN lowercase hex digits. */
bool roster_code_valid(const char *code);

/* ---- the server ---- */
struct chopsat_server {
    struct MHD_Daemon *daemon;
    serve_store *store;
    serve_exercises ex;
    char key[SERVE_CODE_LEN + 1]; /* the instructor's secret */
    char *self;                   /* this program, run for gradings and questions */
    char *database;               /* the database file's name */
    char tmp[512];                /* the private folder of the submissions' files */
    int tmp_slot;                 /* its entry in the clean-up registry */
    double child_seconds;
    unsigned long long child_memory;
    pthread_mutex_t run_lock; /* one child at a time (the runner serves one thread) */
    pthread_mutex_t count_lock;
    int waiting;
    unsigned long seq;
    char url[192];
    unsigned port;
};

/* ---- child.c ---- */
typedef struct serve_child_out {
    int status; /* 0 ran (exit code in code), -1 could not be run, -2 busy */
    int code;
    bool timed_out, too_long, killed;
    char *out, *err; /* owned */
    size_t out_len;
} serve_child_out;

/* Runs this program with argv (argv[0] left to it) and input on standard input, under the
 * server's limits (time, memory, no file writes), one at a time. out_cap caps stdout. */
void child_run(struct chopsat_server *S, const char *const *args, const char *input,
               size_t input_len, size_t out_cap, serve_child_out *r);
/* Grades body for exercise ex: writes it to a private file and runs `grade`. */
void child_grade(struct chopsat_server *S, const char *ex, const char *body, size_t len,
                 serve_child_out *r);
void child_out_free(serve_child_out *r);

/* ---- request.c ---- */
typedef struct serve_field {
    char *name, *value;
    size_t len;
} serve_field;

typedef struct serve_request {
    struct MHD_PostProcessor *pp;
    serve_field *fields;
    size_t nfields;
    size_t body; /* bytes of body seen */
    bool too_big, bad_form, answered;
} serve_request;

/* Starts reading the request of connection c (a POST's form); 0. */
int request_start(serve_request *q, struct MHD_Connection *c);
/* Hands size bytes of the body to the form's reader (marks the request too big past the cap). */
void request_feed(serve_request *q, const char *data, size_t size);
/* The field called name (NULL: none); its length in *len when len is not NULL. */
const char *request_field(const serve_request *q, const char *name, size_t *len);
void request_free(serve_request *q);

/* ---- pages.c: each writes a whole page to f ---- */
void page_begin(FILE *f, const char *title);
void page_end(FILE *f);
void page_message(FILE *f, const char *title, const char *text);
void page_home(FILE *f);
void page_student(FILE *f, struct chopsat_server *S, const serve_student *st);
void page_exercise(FILE *f, struct chopsat_server *S, const serve_student *st,
                   const serve_exercise *e, const serve_submission *fresh);
void page_feedback(FILE *f, const serve_submission *sub, bool visible_only);
void page_rules(FILE *f, const char *text);
void page_login(FILE *f, const char *problem);
void page_instructor(FILE *f, struct chopsat_server *S);
/* CSV: every student's best score per exercise; every student's link under base
 * (http://HOST:PORT). */
void csv_grades(FILE *f, struct chopsat_server *S);
void csv_links(FILE *f, struct chopsat_server *S, const char *base);

/* ---- routes.c ---- */
/* Answers one request whose body has been read: the MHD status (MHD_YES/MHD_NO). */
int route(struct chopsat_server *S, struct MHD_Connection *c, const char *url, const char *method,
          serve_request *q);
/* Answers with a page: status, content type and the bytes of buf (copied). */
int respond(struct MHD_Connection *c, unsigned status, const char *type, const char *buf,
            size_t len, const char *csp);
int respond_message(struct MHD_Connection *c, unsigned status, const char *title, const char *text);

#endif
