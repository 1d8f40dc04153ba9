/* test_report.c: the reports of src/report/ (chopsat_report_*) through the public calls: a
 * report goes to the FILE handed over and nowhere else, the tree's cut is named only by the
 * caller's words, and a write that fails comes back as -1 with a message. */
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "harness.h"

/* A small QBF's value, read from text. */
static int eval_of(const char *text, chopsat_qbf_eval *e)
{
    chopsat_err err;
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    int rc = chopsat_qbf_eval_file(f, "t.qdimacs", e, &err);
    fclose(f);
    return rc;
}

TEST(report_qbf_eval_to_the_file_given)
{
    chopsat_qbf_eval e;
    REQUIRE(eval_of("p cnf 2 2\ne 1 0\na 2 0\n1 2 0\n-1 -2 0\n", &e) == CHOPSAT_NO);
    char *buf = NULL;
    size_t size = 0;
    chopsat_err err;
    FILE *out = open_memstream(&buf, &size);
    REQUIRE(out);
    CHECK(chopsat_report_qbf_eval_text(out, &e, "t.qdimacs", &err) == 0);
    CHECK(chopsat_report_qbf_eval_json(out, &e, "t.qdimacs", &err) == 0);
    fclose(out);
    CHECKF(strstr(buf, "value: false (by expansion"), "%s", buf);
    CHECKF(strstr(buf, "  choice 1: reply 2\n"), "%s", buf);
    CHECKF(strstr(buf, "\"choice\": [1], \"reply\": [2]"), "%s", buf);
    CHECK(size > 0 && buf[size - 1] == '\n');
    free(buf);
    chopsat_qbf_eval_free(&e);
}

TEST(report_write_failure_is_an_error)
{
    chopsat_qbf_eval e;
    REQUIRE(eval_of("p cnf 1 1\na 1 0\n1 0\n", &e) == CHOPSAT_NO);
    char text[16] = "";
    FILE *ro = fmemopen(text, sizeof text, "r"); /* every write to it fails */
    REQUIRE(ro);
    chopsat_err err = {0};
    CHECK(chopsat_report_qbf_eval_text(ro, &e, "t.qdimacs", &err) == -1);
    CHECK(ferror(ro));
    CHECKF(strstr(err.msg, "cannot write the report"), "%s", err.msg);
    fclose(ro);
    chopsat_qbf_eval_free(&e);
}

/* The forced answer's text with its tree cut at depth 0, the cut named by cut_by. */
static char *force_text(const chopsat_rules *r, const chopsat_force_result *res, const char *cut_by)
{
    char *buf = NULL;
    size_t size = 0;
    chopsat_err err;
    chopsat_report_force_opts o = {.question = "q", .k = 3, .tree_depth = 0, .cut_by = cut_by};
    FILE *out = open_memstream(&buf, &size);
    if (!out) return NULL;
    CHECK(chopsat_report_force_text(out, r, res, &o, &err) == 0);
    fclose(out);
    return buf;
}

TEST(report_force_cut_named_by_the_caller)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .k = 3};
    chopsat_pos_start(r, &q.from);
    chopsat_force_opts fo = {.solver = "bdd"};
    chopsat_force_result *res;
    chopsat_err err;
    int rc = chopsat_force(r, &q, &fo, &res, &err);
    REQUIRE(rc == CHOPSAT_YES || rc == CHOPSAT_NO);
    char *plain = force_text(r, res, NULL), *named = force_text(r, res, "the depth");
    REQUIRE(plain && named);
    CHECKF(strstr(plain, "question: q\n") && strstr(plain, "(cut at depth 0: "), "%s", plain);
    CHECKF(strstr(named, "(cut at depth 0 by the depth: "), "%s", named);
    free(plain);
    free(named);
    chopsat_force_free(res);
    chopsat_rules_free(r);
}

/* The reports of a solved game written to a memory stream: what report(out) wrote, or NULL. */
static char *written(int (*report)(FILE *out, const chopsat_rules *r, const chopsat_solution *sol),
                     const chopsat_rules *r, const chopsat_solution *sol)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    if (!out) return NULL;
    CHECK(report(out, r, sol) == 0);
    fclose(out);
    return buf;
}

/* solve's value of the start, as text and JSON. */
static int solve_start(FILE *out, const chopsat_rules *r, const chopsat_solution *sol)
{
    chopsat_pos p;
    chopsat_err err;
    chopsat_pos_start(r, &p);
    int rc = chopsat_report_solve_text(out, r, sol, &p, &err);
    return rc ? rc : chopsat_report_solve_json(out, r, sol, &p, &err);
}

/* stats and moves of the start, as CSV. */
static int stats_moves_start(FILE *out, const chopsat_rules *r, const chopsat_solution *sol)
{
    chopsat_pos p;
    chopsat_err err;
    chopsat_stats st;
    chopsat_moves ms = {0};
    chopsat_pos_start(r, &p);
    if (chopsat_stats_compute(sol, &p, &st, &err) || chopsat_moves_list(r, &p, &ms, &err))
        return -1;
    int rc = chopsat_report_stats_csv(out, r, &p, &st, &err);
    if (!rc) rc = chopsat_report_moves_csv(out, r, &p, &ms, &err);
    if (!rc) rc = chopsat_report_moves_json(out, r, &p, &ms, &err);
    chopsat_moves_free(&ms);
    return rc;
}

TEST(report_solved_positions_to_the_file_given)
{
    chopsat_rules *r = test_rules("standard,fingers=12");
    REQUIRE(r);
    chopsat_err err;
    chopsat_solution *sol = chopsat_solve(r, NULL, NULL, &err);
    REQUIRE(sol);
    char *solve = written(solve_start, r, sol), *csv = written(stats_moves_start, r, sol);
    REQUIRE(solve && csv);
    CHECKF(strstr(solve, "1,1/1,1:1: ") && strstr(solve, "Every move, valued for player 1"), "%s",
           solve);
    CHECKF(strstr(solve, "{\"position\": \"1,1/1,1:1\", \"value\": "), "%s", solve);
    CHECKF(strstr(csv, "from,positions,") && strstr(csv, "\n\"1,1/1,1:1\","), "%s", csv);
    CHECKF(strstr(csv, "move,position\n"), "%s", csv);
    free(solve);
    free(csv);
    chopsat_solution_free(sol);
    chopsat_rules_free(r);
}

TEST(report_solved_write_failure_is_an_error)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_err err = {0};
    chopsat_solution *sol = chopsat_solve(r, NULL, NULL, &err);
    REQUIRE(sol);
    chopsat_pos p;
    chopsat_pos_start(r, &p);
    char text[16] = "";
    FILE *ro = fmemopen(text, sizeof text, "r"); /* every write to it fails */
    REQUIRE(ro);
    CHECK(chopsat_report_solve_text(ro, r, sol, &p, &err) == -1);
    CHECKF(strstr(err.msg, "cannot write the report"), "%s", err.msg);
    chopsat_stats st;
    REQUIRE(chopsat_stats_compute(sol, &p, &st, &err) == 0);
    err.msg[0] = 0;
    CHECK(chopsat_report_stats_json(ro, r, &p, &st, &err) == -1);
    CHECKF(strstr(err.msg, "cannot write the report"), "%s", err.msg);
    fclose(ro);
    chopsat_solution_free(sol);
    chopsat_rules_free(r);
}

/* One batch answer's JSON line, its output given as out. */
static char *batch_line(const char *out, bool json, const char *kind)
{
    char *buf = NULL;
    size_t size = 0;
    chopsat_err err;
    chopsat_report_batch_answer a = {
        3, "q.txt", "moves start", 0, out, strlen(out), json, kind, kind ? "it failed" : NULL};
    FILE *f = open_memstream(&buf, &size);
    if (!f) return NULL;
    CHECK(chopsat_report_batch_json(f, &a, &err) == 0);
    fclose(f);
    return buf;
}

TEST(report_batch_answer_as_one_line)
{
    char *doc = batch_line("{\"n\": 12345678901234567890, \"x\": [1.50]}", true, NULL);
    char *text = batch_line("a\tb", false, NULL), *bad = batch_line("{\"n\": ", true, NULL);
    char *own = batch_line("{", true, "usage");
    REQUIRE(doc && text && bad && own);
    CHECKF(!strcmp(doc, "{\"line\": 3, \"file\": \"q.txt\", \"command\": \"moves start\", "
                        "\"exit\": 0, \"result\": {\"n\": 12345678901234567890, \"x\": "
                        "[1.50]}, \"error\": null}\n"),
           "%s", doc);
    CHECKF(strstr(text, "\"result\": null, \"output\": \"a\\u0009b\", \"error\": null}"), "%s",
           text);
    CHECKF(strstr(bad, "\"kind\": \"error\", \"message\": \"the question's output is not one "
                       "JSON document"),
           "%s", bad);
    CHECKF(strstr(own, "{\"kind\": \"usage\", \"message\": \"it failed\"}"), "%s", own);
    free(doc);
    free(text);
    free(bad);
    free(own);
}

/* The moves "tap 1>1", "zz" checked from the start into c (moves: two items). */
static void typed_pair(const chopsat_rules *r, chopsat_typed_move *moves, chopsat_move_check *c,
                       char *why, size_t size)
{
    moves[0] = (chopsat_typed_move){.text = "tap 1>1", .move = "tap 1>1"};
    moves[1] = (chopsat_typed_move){.text = "zz", .move = "zz"};
    *c = (chopsat_move_check){.moves = moves, .given = 2, .win = 1};
    chopsat_pos_start(r, &c->start);
    c->end = c->start;
    while (c->legal < 2 && chopsat_typed_move_check(r, &c->end, NULL, &moves[c->legal], why, size))
        c->end = moves[c->legal++].m.to;
    c->reason = c->legal < 2 ? why : NULL;
}

TEST(report_check_to_the_file_given)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_typed_move moves[2];
    chopsat_move_check c;
    char why[700];
    typed_pair(r, moves, &c, why, sizeof why);
    CHECK(c.legal == 1 && c.reason);
    char *buf = NULL;
    size_t size = 0;
    chopsat_err err;
    FILE *out = open_memstream(&buf, &size);
    REQUIRE(out);
    CHECK(chopsat_report_check_text(out, r, &c, &err) == 0);
    CHECK(chopsat_report_check_json(out, r, &c, &err) == 0);
    fclose(out);
    CHECKF(strstr(buf, "illegal: move 2 'zz' at "), "%s", buf);
    CHECKF(strstr(buf, "win: no: the moves are not all legal\n"), "%s", buf);
    CHECKF(strstr(buf, "\"moves_legal\": 1"), "%s", buf);
    CHECK(size > 0 && buf[size - 1] == '\n');
    free(buf);
    chopsat_rules_free(r);
}

/* A hand-written strategy: player 1 taps once and has won (1 vs 11/11 is no win: it fails). */
static const char *const TREE_JSON =
    "{\"player\": 1, \"within\": 1, \"nodes\": [{\"id\": 7, \"position\": \"11/11:1\",\n"
    " \"moves\": [{\"to\": 8, \"move\": \"tap 1>1\"}]}, {\"id\": 8, \"position\": \"11/12:2\"}]}";

TEST(report_strategy_read_checked_and_reported)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_err err;
    FILE *in = fmemopen((void *)TREE_JSON, strlen(TREE_JSON), "r");
    REQUIRE(in);
    chopsat_strategy_doc *d = chopsat_strategy_load(in, "t.json", &err);
    fclose(in);
    REQUIRE(d);
    CHECK(chopsat_strategy_doc_rules(d) == NULL);
    chopsat_tree_file s;
    REQUIRE(chopsat_tree_file_read(d, r, &s, &err) == 0);
    CHECK(s.t.nnodes == 2 && s.ids[0] == 7 && s.within == 1 && s.player == 1);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .from = s.t.nodes[0].pos, .k = 1};
    chopsat_tree_verdict v;
    REQUIRE(chopsat_tree_file_check(r, &q, &s, &v, &err) == 0);
    CHECK(v.holds == 0);
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    REQUIRE(out);
    CHECK(chopsat_report_strategy_text(out, r, &q, &s, true, &v, &err) == 0);
    CHECK(chopsat_report_strategy_json(out, r, &q, &s, true, &v, &err) == 0);
    fclose(out);
    CHECKF(strstr(buf, "strategy: player 1 can force a win from 11/11:1 within 1 move (2 nodes)\n"
                       "holds: no: at node "),
           "%s", buf);
    CHECKF(strstr(buf, "\"holds\": false"), "%s", buf);
    free(buf);
    chopsat_tree_file_free(&s);
    chopsat_strategy_doc_free(d);
    chopsat_rules_free(r);
}

TEST(report_strategy_reader_names_the_line)
{
    const char *bad = "{\"player\": 1,\n \"nodes\": [}";
    chopsat_err err = {0};
    FILE *in = fmemopen((void *)bad, strlen(bad), "r");
    REQUIRE(in);
    CHECK(chopsat_strategy_load(in, "t.json", &err) == NULL);
    fclose(in);
    CHECKF(!strncmp(err.msg, "t.json: not JSON: line 2: ", 26), "%s", err.msg);
}

TEST(report_check_write_failure_is_an_error)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_typed_move moves[2];
    chopsat_move_check c;
    char why[700], text[16] = "";
    typed_pair(r, moves, &c, why, sizeof why);
    FILE *ro = fmemopen(text, sizeof text, "r"); /* every write to it fails */
    REQUIRE(ro);
    chopsat_err err = {0};
    CHECK(chopsat_report_check_json(ro, r, &c, &err) == -1);
    CHECKF(strstr(err.msg, "cannot write the report"), "%s", err.msg);
    fclose(ro);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(report)
{
    SCHEDULE(report_qbf_eval_to_the_file_given);
    SCHEDULE(report_write_failure_is_an_error);
    SCHEDULE(report_force_cut_named_by_the_caller);
    SCHEDULE(report_solved_positions_to_the_file_given);
    SCHEDULE(report_solved_write_failure_is_an_error);
    SCHEDULE(report_batch_answer_as_one_line);
    SCHEDULE(report_check_to_the_file_given);
    SCHEDULE(report_strategy_read_checked_and_reported);
    SCHEDULE(report_strategy_reader_names_the_line);
    SCHEDULE(report_check_write_failure_is_an_error);
}
