/* test_query.c: a question's header lines, the one writer and the one reader of the
 * `chopsat-rules` / `chopsat-query` lines every file chopsat writes carries (games/query.c):
 * what the writer writes reads back as the same rules and question; a missing line is told
 * apart from a bad one; an empty rules line is refused (it would parse as the default rules).
 * And the goal on a position (games/goal.c) for both kinds of question. */
#include <stdlib.h>
#include <string.h>

#include "games/query.h"
#include "harness.h"

/* The lines of v as the reader takes them. */
static const char *const *lines(const str_vec *v)
{
    return (const char *const *)v->items;
}

TEST(query_header_lines_read_back)
{
    chopsat_rules *r = test_rules("standard,fingers=6,split=even-lone");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_REACH,
                       .player = 2,
                       .k = 17,
                       .exact = true,
                       .repeat = CHOPSAT_REPEAT_PATH};
    q.from = test_pos(r, "11/23:2");
    q.target = test_pos(r, "04/11:1");
    str_vec v = {0};
    str_vec_addf(&v, "chopsat 1");
    query_header_write(&v, r, "chopsat-force", &q);
    str_vec_addf(&v, "var 1 f0.p1.h0[0]");
    REQUIRE(v.n == 4);
    CHECK(!strncmp(v.items[1], "chopsat-rules ", 14));
    CHECK(!strncmp(v.items[2], "chopsat-force kind=reach ", 25));
    chopsat_rules *back = NULL;
    chopsat_query qb;
    chopsat_err err;
    REQUIRE(query_header_read(lines(&v), v.n, "chopsat-force", "f", &back, &qb, &err) == 0);
    char a[256], b[256];
    chopsat_rules_describe(r, a, sizeof a);
    chopsat_rules_describe(back, b, sizeof b);
    CHECKF(!strcmp(a, b), "rules %s read back as %s", a, b);
    CHECK(qb.kind == q.kind && qb.player == q.player && qb.k == q.k && qb.exact == q.exact &&
          qb.repeat == q.repeat && chopsat_pos_equal(&qb.from, &q.from) &&
          chopsat_pos_equal(&qb.target, &q.target));
    /* the other key is missing: the caller names its format */
    chopsat_rules *none = NULL;
    CHECK(query_header_read(lines(&v), v.n, "chopsat-query", "f", &none, &qb, &err) == 1);
    CHECK(!none);
    chopsat_rules_free(back);
    chopsat_rules_free(r);
    str_vec_free(&v);
}

TEST(query_header_bad_lines_refused)
{
    chopsat_err err;
    chopsat_rules *r = NULL;
    chopsat_query q;
    const char *empty[] = {"chopsat-rules ", "chopsat-query kind=win from=11/11:1 target=- "
                                             "player=1 k=3 repeat=off exact=no"};
    CHECK(query_header_read(empty, 2, "chopsat-query", "x.aag", &r, &q, &err) == -1);
    CHECKF(strstr(err.msg, "x.aag: the chopsat-rules line is empty"), "%s", err.msg);
    CHECK(!r);
    const char *badq[] = {"chopsat-rules standard", "chopsat-query kind=win from=11/11:1"};
    CHECK(query_header_read(badq, 2, "chopsat-query", "x", &r, &q, &err) == -1);
    CHECKF(strstr(err.msg, "lacks a field"), "%s", err.msg);
    CHECK(!r);
    const char *badr[] = {"chopsat-rules nonsense", "chopsat-query kind=win"};
    CHECK(query_header_read(badr, 2, "chopsat-query", "x", &r, &q, &err) == -1);
    CHECK(!r);
    /* a key must be followed by a blank: "chopsat-rulesX" is no rules line */
    const char *near[] = {"chopsat-rulesX standard", "chopsat-query kind=win"};
    CHECK(query_header_read(near, 2, "chopsat-query", "x", &r, &q, &err) == 1);
}

TEST(query_goal_reach_and_win)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query reach = {.kind = CHOPSAT_Q_REACH, .player = 1};
    reach.target = test_pos(r, "11/04:2");
    CHECK(query_goal(r, &reach, &reach.target));
    chopsat_pos other = test_pos(r, "11/04:1"); /* the same hands, the other player to move */
    CHECK(!query_goal(r, &reach, &other));
    chopsat_query win = {.kind = CHOPSAT_Q_WIN, .player = 1};
    chopsat_pos won = test_pos(r, "11/00:2"), lost = test_pos(r, "00/11:1");
    CHECK(query_goal(r, &win, &won));
    CHECK(!query_goal(r, &win, &lost));
    win.player = 2;
    CHECK(query_goal(r, &win, &lost));
    chopsat_pos start = test_pos(r, "start");
    CHECK(!query_goal(r, &win, &start));
    chopsat_rules_free(r);
}

SCHEDULE_FILE(query)
{
    SCHEDULE(query_header_lines_read_back);
    SCHEDULE(query_header_bad_lines_refused);
    SCHEDULE(query_goal_reach_and_win);
}
