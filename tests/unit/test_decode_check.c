/* test_decode_check.c: an answer read back from another solver checked through the public API
 * (chopsat_decode_check): a witness that replays, one whose first illegal step is named (with
 * the model's frame table: the move inputs set and the state words that change), a "no" that
 * nothing can check, and the file's clauses compared with those of its header's question (the
 * lab's files, tests/fixtures/lab/: one with a clause missing, one with a clause added). */
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "harness.h"

#define LAB "tests/fixtures/lab/"

/* Decodes the lab's cnf and model (LAB names) into *r, *q, *path and *n; returns the answer. */
static int lab_decode(const char *cnf, const char *model, chopsat_rules **r, chopsat_query *q,
                      chopsat_pos **path, size_t *n)
{
    FILE *cf = fopen(cnf, "r"), *mf = fopen(model, "r");
    chopsat_err err;
    int rc = cf && mf ? chopsat_decode(cf, cnf, mf, model, r, q, path, n, &err) : -100;
    if (cf) fclose(cf);
    if (mf) fclose(mf);
    return rc;
}

TEST(decode_check_witness_replays)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .k = 5};
    chopsat_pos_start(r, &q.from);
    int moves;
    chopsat_pos *path = NULL;
    chopsat_err err;
    REQUIRE(chopsat_explicit_answer(r, &q, &moves, &path, &err) == CHOPSAT_YES && path);
    chopsat_decoded *d = NULL;
    REQUIRE(chopsat_decode_check(NULL, NULL, "m.out", r, &q, CHOPSAT_YES, path, (size_t)moves + 1,
                                 NULL, &d, &err) == CHOPSAT_OK &&
            d);
    CHECK(chopsat_decoded_checked(d));
    CHECK(!strcmp(chopsat_decoded_note(d), "the witness replays move by move"));
    CHECK(chopsat_decoded_witness(d)->n == (size_t)moves);
    CHECK(chopsat_decoded_header_match(d, NULL, NULL) == -1);
    CHECK(chopsat_decoded_fault(d, NULL, NULL) == NULL);
    chopsat_decoded_free(d);
    /* the second position replaced by one no move reaches: frame f0 to f1 is at fault */
    path[1] = test_pos(r, "23/01:2");
    int step = -9;
    bool detailed = true;
    REQUIRE(chopsat_decode_check(NULL, NULL, "m.out", r, &q, CHOPSAT_YES, path, (size_t)moves + 1,
                                 NULL, &d, &err) == CHOPSAT_OK &&
            d);
    CHECK(!chopsat_decoded_checked(d));
    const char *fault = chopsat_decoded_fault(d, &step, &detailed);
    CHECK(fault && !strcmp(fault, "frame f0 (11/11:1) to f1 (23/01:2) is no legal move"));
    CHECK(step == 0 && !detailed);
    CHECK(!strncmp(chopsat_decoded_note(d), "the witness does not replay: frame f0", 37));
    chopsat_decoded_free(d);
    /* a first position that is not the question's: no illegal step, the replay's message */
    path[0] = test_pos(r, "11/11:2");
    REQUIRE(chopsat_decode_check(NULL, NULL, "m.out", r, &q, CHOPSAT_YES, path, 1, NULL, &d,
                                 &err) == CHOPSAT_OK &&
            d);
    CHECK(!chopsat_decoded_checked(d) && chopsat_decoded_fault(d, &step, NULL) && step == -1);
    chopsat_decoded_free(d);
    free(path);
    chopsat_rules_free(r);
}

TEST(decode_check_no_rests_on_the_file)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .k = 2};
    chopsat_pos_start(r, &q.from);
    chopsat_decoded *d = NULL;
    chopsat_err err;
    REQUIRE(chopsat_decode_check(NULL, NULL, "m.out", r, &q, CHOPSAT_NO, NULL, 0, NULL, &d, &err) ==
                CHOPSAT_OK &&
            d);
    CHECK(!chopsat_decoded_checked(d) && chopsat_decoded_fault(d, NULL, NULL) == NULL);
    CHECK(!strcmp(chopsat_decoded_note(d), "NOT checked: this \"no\" rests on 'm.out' alone"));
    chopsat_decoded_free(d);
    d = (chopsat_decoded *)&err;
    CHECK(chopsat_decode_check(NULL, NULL, "m.out", r, &q, 0, NULL, 0, NULL, &d, &err) ==
              CHOPSAT_ERROR &&
          !d);
    CHECK(chopsat_decode_check(NULL, NULL, "m.out", r, &q, CHOPSAT_YES, NULL, 0, NULL, &d, &err) ==
              CHOPSAT_ERROR &&
          !d);
    chopsat_rules_free(r);
}

TEST(decode_check_header_question_and_frames)
{
    chopsat_rules *r = NULL;
    chopsat_query q;
    chopsat_pos *path = NULL;
    size_t n = 0, extra = 9, missing = 9;
    chopsat_err err;
    /* a clause added: the answer is the edited formula's */
    REQUIRE(lab_decode(LAB "forbid.cnf", LAB "forbid.out", &r, &q, &path, &n) == CHOPSAT_NO);
    FILE *cf = fopen(LAB "forbid.cnf", "r");
    REQUIRE(cf);
    chopsat_decoded *d = NULL;
    REQUIRE(chopsat_decode_check(cf, "forbid.cnf", "forbid.out", r, &q, CHOPSAT_NO, NULL, 0, NULL,
                                 &d, &err) == CHOPSAT_OK);
    CHECK(chopsat_decoded_header_match(d, &extra, &missing) == 0 && extra == 1 && missing == 0);
    chopsat_decoded_free(d);
    /* the question's own formula matches */
    FILE *own = tmpfile();
    REQUIRE(own);
    chopsat_bmc_opts bo = {.textbook = true, .annotate = true};
    REQUIRE(chopsat_bmc_dimacs(r, &q, &bo, own, &err) == CHOPSAT_OK);
    REQUIRE(chopsat_decode_check(own, "own.cnf", "m.out", r, &q, CHOPSAT_NO, NULL, 0, NULL, &d,
                                 &err) == CHOPSAT_OK);
    CHECK(chopsat_decoded_header_match(d, NULL, NULL) == 1);
    chopsat_decoded_free(d);
    fclose(own);
    fclose(cf);
    chopsat_rules_free(r);
    /* a clause missing, and a model that is no game: the frame table names the fault */
    REQUIRE(lab_decode(LAB "noalo.cnf", LAB "noalo.out", &r, &q, &path, &n) == CHOPSAT_YES);
    cf = fopen(LAB "noalo.cnf", "r");
    FILE *mf = fopen(LAB "noalo.out", "r");
    REQUIRE(cf && mf);
    chopsat_frame_table t;
    REQUIRE(chopsat_frame_table_read(cf, "noalo.cnf", mf, "noalo.out", &t, &err) == CHOPSAT_YES);
    int step;
    bool detailed;
    REQUIRE(chopsat_decode_check(cf, "noalo.cnf", "noalo.out", r, &q, CHOPSAT_YES, path, n, &t, &d,
                                 &err) == CHOPSAT_OK);
    CHECK(chopsat_decoded_header_match(d, &extra, &missing) == 0 && extra == 0 && missing == 1);
    const char *fault = chopsat_decoded_fault(d, &step, &detailed);
    CHECK(fault && step == 0 && detailed);
    CHECK(fault && strstr(fault, "is no legal move; the move inputs of f0 set: none") &&
          strstr(fault, "p1.h0 1 -> 2 (bits [0] [1])"));
    chopsat_decoded_free(d);
    chopsat_frame_table_free(&t);
    fclose(mf);
    fclose(cf);
    free(path);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(decode_check)
{
    SCHEDULE(decode_check_witness_replays);
    SCHEDULE(decode_check_no_rests_on_the_file);
    SCHEDULE(decode_check_header_question_and_frames);
}
