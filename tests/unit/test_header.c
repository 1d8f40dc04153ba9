/* test_header.c: the conventions written at the top of include/chopsat.h, each where it can
 * fail: every status is negative or one of 0, 10, 20 and no two are equal; every game value is
 * positive and none is a status; "no such move" is CHOPSAT_NO, not an error; a call that fails
 * says why in its chopsat_err; a writer into a caller's buffer returns the length it needed,
 * so a text cut short is seen. */
#include <string.h>

#include "chopsat_tool.h"
#include "harness.h"

/* The statuses and the values, as the header numbers them. */
static const int statuses[] = {CHOPSAT_OK,    CHOPSAT_YES,      CHOPSAT_NO,    CHOPSAT_ERROR,
                               CHOPSAT_LIMIT, CHOPSAT_MISMATCH, CHOPSAT_NOMEM, CHOPSAT_NOTATION};
static const int values[] = {CHOPSAT_WIN, CHOPSAT_LOSS, CHOPSAT_DRAW, CHOPSAT_UNKNOWN};

_Static_assert(CHOPSAT_ERROR < 0 && CHOPSAT_LIMIT < 0 && CHOPSAT_MISMATCH < 0 &&
                   CHOPSAT_NOMEM < 0 && CHOPSAT_NOTATION < 0,
               "every failure is negative");
_Static_assert(CHOPSAT_WIN > 0 && CHOPSAT_LOSS > 0 && CHOPSAT_DRAW > 0 && CHOPSAT_UNKNOWN > 0,
               "every value is positive");

TEST(header_statuses_and_values_are_apart)
{
    size_t ns = sizeof statuses / sizeof *statuses, nv = sizeof values / sizeof *values;
    for (size_t i = 0; i < ns; i++) {
        int s = statuses[i];
        CHECKF(s < 0 || s == CHOPSAT_OK || s == CHOPSAT_YES || s == CHOPSAT_NO, "status %d", s);
        for (size_t j = i + 1; j < ns; j++)
            CHECKF(s != statuses[j], "status %d twice", s);
        for (size_t j = 0; j < nv; j++)
            CHECKF(s != values[j], "status %d is a value", s);
    }
    for (size_t i = 0; i < nv; i++)
        for (size_t j = i + 1; j < nv; j++)
            CHECKF(values[i] != values[j], "value %d twice", values[i]);
    CHECK(chopsat_value_other(CHOPSAT_WIN) == CHOPSAT_LOSS);
    CHECK(chopsat_value_other(CHOPSAT_LOSS) == CHOPSAT_WIN);
    CHECK(chopsat_value_other(CHOPSAT_DRAW) == CHOPSAT_DRAW);
    CHECK(chopsat_value_other(CHOPSAT_UNKNOWN) == CHOPSAT_UNKNOWN);
}

/* No such move is an answer (CHOPSAT_NO, err untouched); more moves than a list holds is a
 * failure with a message. */
TEST(header_no_such_move_is_no_error)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_pos p = test_pos(r, "11/11"), q = test_pos(r, "44/44:2");
    chopsat_move m;
    chopsat_err err = {"untouched"};
    CHECK(chopsat_move_between(r, &p, &q, &m, &err) == CHOPSAT_NO && !strcmp(err.msg, "untouched"));
    CHECK(chopsat_move_by_name(r, &p, "tap 4>4", &m, &err) == CHOPSAT_NO &&
          !strcmp(err.msg, "untouched"));
    CHECK(chopsat_move_by_name(r, &p, "tap 1>1", &m, &err) == CHOPSAT_OK);
    chopsat_rules_free(r);

    r = test_rules("standard,fingers=18446744073709551615");
    REQUIRE(r);
    p = test_pos(r, "1,1099511627776/1,1");
    chopsat_moves ms = {0};
    CHECK(chopsat_moves_list(r, &p, &ms, &err) == CHOPSAT_LIMIT && ms.n == 0 &&
          strstr(err.msg, "too many to list"));
    chopsat_moves_free(&ms);
    chopsat_rules_free(r);
}

/* Each writer into a caller's buffer returns the whole text's length, whatever the room. */
TEST(header_writers_report_a_text_cut_short)
{
    chopsat_rules *r = test_rules("standard,fingers=7");
    REQUIRE(r);
    char whole[256], cut[8];
    size_t n = chopsat_rules_describe(r, whole, sizeof whole);
    CHECK(n == strlen(whole) && n >= sizeof cut);
    CHECK(chopsat_rules_describe(r, cut, sizeof cut) == n && strlen(cut) == sizeof cut - 1 &&
          !strncmp(cut, whole, sizeof cut - 1));
    CHECK(chopsat_rules_describe(r, NULL, 0) == n);

    chopsat_pos p = test_pos(r, "11/11");
    n = chopsat_pos_format(r, &p, whole, sizeof whole);
    CHECK(n == strlen(whole) && !strcmp(whole, "11/11:1"));
    CHECK(chopsat_pos_format(r, &p, cut, 4) == n && !strcmp(cut, "11/"));

    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .k = 12, .from = p};
    n = chopsat_query_describe(r, &q, false, whole, sizeof whole);
    CHECK(n == strlen(whole) && chopsat_query_describe(r, &q, false, cut, sizeof cut) == n);

    n = chopsat_chart_legend(r, whole, sizeof whole);
    CHECK(n == strlen(whole) && chopsat_chart_legend(r, cut, sizeof cut) == n);
    n = chopsat_chart_label(r, 0, 3, whole, sizeof whole);
    CHECK(n == strlen(whole) && chopsat_chart_label(r, 0, 3, cut, 1) == n && !*cut);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(header)
{
    SCHEDULE(header_statuses_and_values_are_apart);
    SCHEDULE(header_no_such_move_is_no_error);
    SCHEDULE(header_writers_report_a_text_cut_short);
}
