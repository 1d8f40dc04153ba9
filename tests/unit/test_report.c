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

/* A report call `call` run on a memory stream: the text written (the caller frees it). */
#define REPORT_TO_MEMORY(buf, call)                                                            \
    do {                                                                                       \
        size_t size_ = 0;                                                                      \
        FILE *out = open_memstream(&(buf), &size_);                                            \
        REQUIRE(out);                                                                          \
        CHECK((call) == 0);                                                                    \
        fclose(out);                                                                           \
    } while (0)

TEST(report_answer_within_k_and_without_a_bound)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_REACH, .k = 3};
    chopsat_pos_start(r, &q.from);
    q.target = test_pos(r, "11/04:2");
    chopsat_ask_opts ao = {.bmc = {.solver = "cadical", .incremental = true}};
    chopsat_report_answer_opts o = {.question = "q", .solver = "cadical", .incremental = true,
                                    .engine = "ic3"};
    chopsat_answer *a;
    chopsat_err err;
    for (int bounded = 1; bounded >= 0; bounded--) {
        q.k = bounded ? 3 : CHOPSAT_NO_BOUND;
        REQUIRE(chopsat_ask(r, &q, &ao, &a, &err) == CHOPSAT_YES);
        char *text = NULL, *json = NULL;
        REPORT_TO_MEMORY(text, chopsat_report_answer_text(out, r, &q, a, &o, &err));
        REPORT_TO_MEMORY(json, chopsat_report_answer_json(out, r, &q, a, &o, &err));
        CHECKF(strstr(text, "question: q\nanswer: yes, in 3 moves (the minimum)\nwitness:\n"),
               "%s", text);
        CHECKF(strstr(text, bounded ? "formula: " : "engine: ic3, depth "), "%s", text);
        CHECKF(strstr(json, "\"answer\": \"yes\", \"moves\": 3"), "%s", json);
        CHECKF(strstr(json, bounded ? "\"over_at_start\": false" : "\"engine\": \"ic3\""),
               "%s", json);
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
    CHECKF(strstr(json, "\"by_distance\": [[0, ") && json[strlen(json) - 1] == '\n', "%s",
           json);
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
    REQUIRE(chopsat_certify(r, &q, &ub->inv, NULL, 0, &c, &err) == 0);
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

SCHEDULE_FILE(report)
{
    SCHEDULE(report_qbf_eval_to_the_file_given);
    SCHEDULE(report_write_failure_is_an_error);
    SCHEDULE(report_force_cut_named_by_the_caller);
    SCHEDULE(report_answer_within_k_and_without_a_bound);
    SCHEDULE(report_solve_bdd_counts_every_position);
    SCHEDULE(report_certify_verdict);
}
