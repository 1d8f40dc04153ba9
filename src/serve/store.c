/* store.c: the class server's database (SQLite): the students (code, id, name) and every
 * submission (student, exercise, time, score, the body and the grader's feedback). The
 * journal is a write-ahead log with synchronous=FULL, so a submission is on the disk when
 * store_submission_add returns: the server answers "accepted" only then. One connection,
 * used by one thread at a time (the store's lock). */
#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "serve/serve.h"

struct serve_store {
    sqlite3 *db;
    pthread_mutex_t lock;
};

static const char schema[] =
    "PRAGMA journal_mode=WAL;"
    "PRAGMA synchronous=FULL;"
    "PRAGMA foreign_keys=ON;"
    "CREATE TABLE IF NOT EXISTS students ("
    "  code TEXT PRIMARY KEY, id TEXT UNIQUE NOT NULL, name TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS submissions ("
    "  n INTEGER PRIMARY KEY AUTOINCREMENT,"
    "  student TEXT NOT NULL REFERENCES students(code),"
    "  exercise TEXT NOT NULL,"
    "  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),"
    "  graded INTEGER NOT NULL, score REAL NOT NULL, max_score REAL NOT NULL,"
    "  body TEXT NOT NULL, feedback TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS by_student ON submissions(student, exercise);";

/* err gets what SQLite says about db, after what; -1. */
static int db_fail(sqlite3 *db, chopsat_err *err, const char *what)
{
    return fail(err, "database: %s: %s", what, db ? sqlite3_errmsg(db) : "out of memory");
}

serve_store *store_open(const char *path, chopsat_err *err)
{
    serve_store *s = xcalloc(1, sizeof *s);
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
    char *msg = NULL;
    if (sqlite3_open_v2(path, &s->db, flags, NULL) != SQLITE_OK) {
        fail(err, "database %s: %s", path, s->db ? sqlite3_errmsg(s->db) : "cannot open");
    } else if (sqlite3_busy_timeout(s->db, 10000),
               sqlite3_exec(s->db, schema, NULL, NULL, &msg) != SQLITE_OK) {
        fail(err, "database %s: %s", path, msg ? msg : "cannot set up the tables");
        sqlite3_free(msg);
    } else {
        pthread_mutex_init(&s->lock, NULL);
        return s;
    }
    sqlite3_close(s->db);
    free(s);
    return NULL;
}

void store_close(serve_store *s)
{
    if (!s) return;
    sqlite3_close(s->db);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

/* Prepares sql on s (locked by the caller); NULL with err. */
static sqlite3_stmt *prepare(serve_store *s, const char *sql, chopsat_err *err)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
        db_fail(s->db, err, "prepare");
        return NULL;
    }
    return st;
}

/* A column's text, copied ("" for NULL). */
static char *col_text(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return xstrdup(t ? (const char *)t : "");
}

int store_student_put(serve_store *s, const char *id, const char *name, const char *code,
                      bool *added, chopsat_err *err)
{
    pthread_mutex_lock(&s->lock);
    int rc = -1;
    sqlite3_stmt *st = prepare(s,
                               "INSERT INTO students(code, id, name) VALUES (?1, ?2, ?3) "
                               "ON CONFLICT(id) DO UPDATE SET name = excluded.name",
                               err);
    if (st) {
        sqlite3_bind_text(st, 1, code, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, id, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, name, -1, SQLITE_STATIC);
        if (sqlite3_step(st) != SQLITE_DONE) {
            db_fail(s->db, err, "adding a student");
        } else {
            rc = 0;
            /* an update keeps the old code: a new row is one whose code is the new one */
            sqlite3_stmt *q = prepare(s, "SELECT count(*) FROM students WHERE code = ?1", err);
            *added = false;
            if (q) {
                sqlite3_bind_text(q, 1, code, -1, SQLITE_STATIC);
                *added = sqlite3_step(q) == SQLITE_ROW && sqlite3_column_int(q, 0) == 1;
                sqlite3_finalize(q);
            }
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    return rc;
}

int store_student_find(serve_store *s, const char *code, serve_student *out, chopsat_err *err)
{
    pthread_mutex_lock(&s->lock);
    int rc = -1;
    sqlite3_stmt *st = prepare(s, "SELECT code, id, name FROM students WHERE code = ?1", err);
    if (st) {
        sqlite3_bind_text(st, 1, code, -1, SQLITE_STATIC);
        int step = sqlite3_step(st);
        if (step == SQLITE_ROW) {
            snprintf(out->code, sizeof out->code, "%s", (const char *)sqlite3_column_text(st, 0));
            out->id = col_text(st, 1);
            out->name = col_text(st, 2);
            rc = 1;
        } else if (step == SQLITE_DONE) {
            rc = 0;
        } else {
            db_fail(s->db, err, "finding a student");
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    return rc;
}

void store_student_free(serve_student *st)
{
    free(st->id);
    free(st->name);
    st->id = st->name = NULL;
}

int store_students(serve_store *s, serve_student **out, size_t *n, chopsat_err *err)
{
    VEC(serve_student) v = {0};
    pthread_mutex_lock(&s->lock);
    int rc = -1;
    sqlite3_stmt *st = prepare(s, "SELECT code, id, name FROM students ORDER BY id", err);
    if (st) {
        int step;
        while ((step = sqlite3_step(st)) == SQLITE_ROW) {
            serve_student one;
            snprintf(one.code, sizeof one.code, "%s", (const char *)sqlite3_column_text(st, 0));
            one.id = col_text(st, 1);
            one.name = col_text(st, 2);
            VEC_PUSH(v, one);
        }
        rc = step == SQLITE_DONE ? 0 : db_fail(s->db, err, "listing the students");
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    *out = v.items;
    *n = v.n;
    return rc;
}

int store_submission_add(serve_store *s, const serve_submission *sub, long long *n,
                         chopsat_err *err)
{
    pthread_mutex_lock(&s->lock);
    int rc = -1;
    sqlite3_stmt *st = prepare(s,
                               "INSERT INTO submissions(student, exercise, graded, score, "
                               "max_score, body, feedback) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                               err);
    if (st) {
        sqlite3_bind_text(st, 1, sub->student, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, sub->exercise, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 3, sub->graded);
        sqlite3_bind_double(st, 4, sub->score);
        sqlite3_bind_double(st, 5, sub->max_score);
        sqlite3_bind_text(st, 6, sub->body, (int)sub->body_len, SQLITE_STATIC);
        sqlite3_bind_text(st, 7, sub->feedback, -1, SQLITE_STATIC);
        if (sqlite3_step(st) == SQLITE_DONE) {
            *n = sqlite3_last_insert_rowid(s->db);
            rc = 0;
        } else {
            db_fail(s->db, err, "storing the submission");
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    return rc;
}

int store_submissions(serve_store *s, const char *student, const char *exercise, size_t max,
                      serve_submission **out, size_t *n, chopsat_err *err)
{
    VEC(serve_submission) v = {0};
    pthread_mutex_lock(&s->lock);
    int rc = -1;
    sqlite3_stmt *st = prepare(s,
                               "SELECT n, student, exercise, at, graded, score, max_score, body, "
                               "feedback FROM submissions WHERE student = ?1 AND exercise = ?2 "
                               "ORDER BY n DESC LIMIT ?3",
                               err);
    if (st) {
        sqlite3_bind_text(st, 1, student, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, exercise, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 3, (long long)max);
        int step;
        while ((step = sqlite3_step(st)) == SQLITE_ROW) {
            serve_submission one = {
                .n = sqlite3_column_int64(st, 0),
                .student = col_text(st, 1),
                .exercise = col_text(st, 2),
                .at = col_text(st, 3),
                .graded = sqlite3_column_int(st, 4) != 0,
                .score = sqlite3_column_double(st, 5),
                .max_score = sqlite3_column_double(st, 6),
                .body = col_text(st, 7),
                .feedback = col_text(st, 8),
            };
            VEC_PUSH(v, one);
        }
        rc = step == SQLITE_DONE ? 0 : db_fail(s->db, err, "listing the submissions");
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    *out = v.items;
    *n = v.n;
    return rc;
}

void store_submissions_free(serve_submission *subs, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        serve_submission *x = &subs[i];
        free(x->student), free(x->exercise), free(x->at), free(x->body), free(x->feedback);
    }
    free(subs);
}

int store_best(serve_store *s, const char *student, const char *exercise, double *best,
               chopsat_err *err)
{
    pthread_mutex_lock(&s->lock);
    int rc = -1;
    sqlite3_stmt *st = prepare(s,
                               "SELECT max(score), count(*) FROM submissions "
                               "WHERE student = ?1 AND exercise = ?2",
                               err);
    if (st) {
        sqlite3_bind_text(st, 1, student, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, exercise, -1, SQLITE_STATIC);
        if (sqlite3_step(st) == SQLITE_ROW) {
            rc = sqlite3_column_int(st, 1) > 0;
            *best = sqlite3_column_double(st, 0);
        } else {
            db_fail(s->db, err, "reading a score");
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    return rc;
}

long long store_count(serve_store *s)
{
    pthread_mutex_lock(&s->lock);
    long long n = -1;
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db, "SELECT count(*) FROM submissions", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    pthread_mutex_unlock(&s->lock);
    return n;
}
