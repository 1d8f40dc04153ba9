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

/* A view of rules r at pos with its legal moves in all, both sides played by the computer. */
static chopsat_play_view play_view(const chopsat_rules *r, const chopsat_pos *pos,
                                   chopsat_moves *all)
{
    chopsat_moves_list(r, pos, all, NULL);
    chopsat_play_view v = {
        .rules = r, .pos = pos, .moves = all, .complete = true, .numbered = true};
    v.n.lo = all->n;
    v.human[1] = true;
    return v;
}

TEST(report_play_to_the_file_given)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_solution *sol = chopsat_solve(r, NULL, NULL, NULL);
    REQUIRE(sol);
    chopsat_pos pos = test_pos(r, "11/11:1");
    chopsat_moves all = {0};
    chopsat_play_view v = play_view(r, &pos, &all);
    char *buf = NULL;
    size_t size = 0;
    chopsat_err err;
    FILE *out = open_memstream(&buf, &size);
    REQUIRE(out);
    CHECK(chopsat_report_play_opening(out, &v, 0.25, 7, "-S", &err) == 0);
    CHECK(chopsat_report_play_turn(out, &v, 0, CHOPSAT_GAME_ON, 0, &err) == 0);
    CHECK(chopsat_report_play_moves(out, &v, &err) == 0);
    CHECK(chopsat_report_play_hint(out, &v, sol, NULL, &err) == 0);
    CHECK(chopsat_report_play_help(out, &v, &err) == 0);
    CHECK(chopsat_report_play_move(out, &v, &all.items[0], "plays", &err) == 0);
    CHECK(chopsat_report_play_abandoned(out, &v, 1, true, &err) == 0);
    fclose(out);
    CHECKF(strstr(buf, "you are player 1; the computer is player 2 (plays a random move with "
                       "probability 0.25).\nseed 7 (play the same game again with -S 7)."),
           "%s", buf);
    CHECKF(strstr(buf, "\nafter 0 moves: 11/11:1\n"), "%s", buf);
    CHECKF(strstr(buf, "moves:\n   1. "), "%s", buf);
    CHECKF(strstr(buf, "hint: the position is a loss for player 1 (you) in 26 moves"), "%s", buf);
    CHECKF(strstr(buf, "player 1 (you) plays "), "%s", buf);
    CHECKF(strstr(buf, "player 1 (you) quits; game abandoned after 1 move.\n"), "%s", buf);
    free(buf);
    chopsat_moves_free(&all);
    chopsat_solution_free(sol);
    chopsat_rules_free(r);
}

TEST(report_play_write_failure_is_an_error)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_pos pos = test_pos(r, "11/11:1");
    chopsat_moves all = {0};
    chopsat_play_view v = play_view(r, &pos, &all);
    char text[16] = "";
    FILE *ro = fmemopen(text, sizeof text, "r"); /* every write to it fails */
    REQUIRE(ro);
    chopsat_err err = {0};
    CHECK(chopsat_report_play_moves(ro, &v, &err) == -1);
    CHECKF(strstr(err.msg, "cannot write the report"), "%s", err.msg);
    fclose(ro);
    chopsat_moves_free(&all);
    chopsat_rules_free(r);
}

/* A report call `call` run on a memory stream: the text written (the caller frees it). */
#define REPORT_TO_MEMORY(buf, call)                                                                \
    do {                                                                                           \
        size_t size_ = 0;                                                                          \
        FILE *out = open_memstream(&(buf), &size_);                                                \
        REQUIRE(out);                                                                              \
        CHECK((call) == 0);                                                                        \
        fclose(out);                                                                               \
    } while (0)

TEST(report_answer_within_k_and_without_a_bound)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_REACH, .k = 3};
    chopsat_pos_start(r, &q.from);
    q.target = test_pos(r, "11/04:2");
    chopsat_ask_opts ao = {.bmc = {.solver = "cadical", .incremental = true}};
    chopsat_report_answer_opts o = {
        .question = "q", .solver = "cadical", .incremental = true, .engine = "ic3"};
    chopsat_answer *a;
    chopsat_err err;
    for (int bounded = 1; bounded >= 0; bounded--) {
        q.k = bounded ? 3 : CHOPSAT_NO_BOUND;
        REQUIRE(chopsat_ask(r, &q, &ao, &a, &err) == CHOPSAT_YES);
        char *text = NULL, *json = NULL;
        REPORT_TO_MEMORY(text, chopsat_report_answer_text(out, r, &q, a, &o, &err));
        REPORT_TO_MEMORY(json, chopsat_report_answer_json(out, r, &q, a, &o, &err));
        CHECKF(strstr(text, "question: q\nanswer: yes, in 3 moves (the minimum)\nwitness:\n"), "%s",
               text);
        CHECKF(strstr(text, bounded ? "formula: " : "engine: ic3, depth "), "%s", text);
        CHECKF(strstr(json, "\"answer\": \"yes\", \"moves\": 3"), "%s", json);
        CHECKF(strstr(json, bounded ? "\"over_at_start\": false" : "\"engine\": \"ic3\""), "%s",
               json);
        free(text);
        free(json);
        char ro_text[16] = "";
        FILE *ro = fmemopen(ro_text, sizeof ro_text, "r");
        REQUIRE(ro);
        CHECK(chopsat_report_answer_text(ro, r, &q, a, &o, &err) == -1);
        CHECKF(strstr(err.msg, "cannot write the report"), "%s", err.msg);
        fclose(ro);
        chopsat_answer_free(a);
    }
    chopsat_rules_free(r);
}

TEST(report_solve_bdd_counts_every_position)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_err err;
    chopsat_bdd *s = chopsat_bdd_solve(r, NULL, &err);
    REQUIRE(s);
    chopsat_pos p;
    chopsat_pos_start(r, &p);
    char *text = NULL, *json = NULL;
    REPORT_TO_MEMORY(text, chopsat_report_solve_bdd_text(out, r, s, &p, &err));
    REPORT_TO_MEMORY(json, chopsat_report_solve_bdd_json(out, r, s, &p, &err));
    CHECKF(strstr(text, "Every position, valued by BDD fixpoints") &&
               strstr(text, "distance  wins  losses\n0 "),
           "%s", text);
    CHECKF(strstr(json, "\"by_distance\": [[0, ") && json[strlen(json) - 1] == '\n', "%s", json);
    free(text);
    free(json);
    chopsat_bdd_free(s);
    chopsat_rules_free(r);
}

TEST(report_certify_verdict)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_REACH, .k = CHOPSAT_NO_BOUND};
    chopsat_pos_start(r, &q.from);
    q.target = test_pos(r, "11/34:1");
    chopsat_ask_opts ao = {0};
    chopsat_answer *a;
    chopsat_err err;
    REQUIRE(chopsat_ask(r, &q, &ao, &a, &err) == CHOPSAT_NO);
    const chopsat_unbounded_result *ub = chopsat_answer_unbounded(a);
    chopsat_certified *c = NULL;
    REQUIRE(chopsat_certify(r, &q, chopsat_unbounded_result_invariant(ub), NULL, 0, &c, &err) == 0);
    chopsat_report_certify_opts o = {.rules = "R", .question = "Q", .clauses = 7};
    char *text = NULL, *json = NULL;
    REPORT_TO_MEMORY(text, chopsat_report_certify_text(out, c, &o, &err));
    REPORT_TO_MEMORY(json, chopsat_report_certify_json(out, c, &o, &err));
    CHECKF(!strncmp(text, "rules: R\nquestion: Q\nanswer: never\nchecked: ", 44), "%s", text);
    CHECKF(strstr(json, "\"holds\": true, \"clauses\": 7"), "%s", json);
    free(text);
    free(json);
    chopsat_certified_free(c);
    chopsat_answer_free(a);
    chopsat_rules_free(r);
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
    SCHEDULE(report_play_to_the_file_given);
    SCHEDULE(report_play_write_failure_is_an_error);
    SCHEDULE(report_answer_within_k_and_without_a_bound);
    SCHEDULE(report_solve_bdd_counts_every_position);
    SCHEDULE(report_certify_verdict);
    SCHEDULE(report_check_to_the_file_given);
    SCHEDULE(report_strategy_read_checked_and_reported);
    SCHEDULE(report_strategy_reader_names_the_line);
    SCHEDULE(report_check_write_failure_is_an_error);
}
