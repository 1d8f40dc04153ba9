/* test_dimacs.c: tests of dimacs.c: DIMACS and QDIMACS output, the write/read round trip, the
 * reader's errors on malformed files (with line numbers), and the reader of SAT-competition
 * solver output (model_read). */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "formats/dimacs.h"
#include "harness.h"

/* Reads `text` as the file "t.cnf"; returns dimacs_read's result, the message in err. */
static int read_text(const char *text, dimacs_file *d, chopsat_err *err)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    int r = dimacs_read(f, "t.cnf", d, err);
    fclose(f);
    return r;
}

static int model_text(const char *text, int nvars, signed char *values, chopsat_err *err)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    int r = model_read(f, "out", nvars, values, err);
    fclose(f);
    return r;
}

TEST(dimacs_write_exact)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    const char *comments[] = {"var 1 a", "two\nlines", ""};
    int lits[] = {1, -2, 0, 3, 0, 0};
    chopsat_err err = {{0}};
    CHECK(dimacs_write(f, comments, 3, 3, lits, 6, &err) == 0);
    fclose(f);
    CHECKF(!strcmp(buf, "c var 1 a\nc two\nc lines\nc\np cnf 3 3\n1 -2 0\n3 0\n0\n"), "%s", buf);
    free(buf);

    f = open_memstream(&buf, &len);
    int bad[] = {1, 4, 0};
    CHECK(dimacs_write(f, NULL, 0, 3, bad, 3, &err) == -1);
    CHECKF(strstr(err.msg, "literal 4 in clause 1 beyond 3 variables"), "%s", err.msg);
    int open[] = {1, 2};
    CHECK(dimacs_write(f, NULL, 0, 3, open, 2, &err) == -1);
    CHECK(strstr(err.msg, "not terminated") != NULL);
    fclose(f);
    free(buf);
}

TEST(qdimacs_write_exact)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    /* Blocks: e{1,2}, e{} (dropped), e{3} (merged with the first), a{4}, e{5}. */
    bool exists[] = {true, true, true, false, true};
    int vars[] = {1, 2, 3, 4, 5};
    size_t start[] = {0, 2, 2, 3, 4, 5};
    int lits[] = {1, 4, 0, -5, 2, 3, 0};
    const char *comments[] = {"q"};
    chopsat_err err = {{0}};
    CHECK(qdimacs_write(f, comments, 1, 5, 5, exists, vars, start, lits, 7, &err) == 0);
    fclose(f);
    CHECKF(!strcmp(buf, "c q\np cnf 5 2\ne 1 2 3 0\na 4 0\ne 5 0\n1 4 0\n-5 2 3 0\n"), "%s", buf);
    free(buf);

    f = open_memstream(&buf, &len);
    int twice[] = {1, 2, 1};
    size_t st2[] = {0, 2, 3};
    bool ex2[] = {true, false};
    CHECK(qdimacs_write(f, NULL, 0, 5, 2, ex2, twice, st2, lits, 7, &err) == -1);
    CHECKF(strstr(err.msg, "variable 1 is quantified twice"), "%s", err.msg);
    int range[] = {6};
    size_t st3[] = {0, 1};
    CHECK(qdimacs_write(f, NULL, 0, 5, 1, ex2, range, st3, lits, 7, &err) == -1);
    CHECK(strstr(err.msg, "variable 6") != NULL);
    fclose(f);
    free(buf);
}

TEST(dimacs_round_trip)
{
    unsigned seed = 5;
    for (int round = 0; round < 20; round++) {
        VEC(int) lits = {0};
        int nvars = 1 + round * 3;
        int nclauses = round * 5;
        for (int c = 0; c < nclauses; c++) {
            seed = seed * 1103515245u + 12345u;
            int len = (int)((seed >> 10) % 5); /* empty clauses too */
            for (int k = 0; k < len; k++) {
                seed = seed * 1103515245u + 12345u;
                int v = (int)((seed >> 8) % (unsigned)nvars) + 1;
                VEC_PUSH(lits, (seed >> 20) & 1 ? v : -v);
            }
            VEC_PUSH(lits, 0);
        }
        const char *comments[] = {"round trip", "var 1 x"};
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        chopsat_err err = {{0}};
        REQUIRE(dimacs_write(f, comments, 2, nvars, lits.items, lits.n, &err) == 0);
        fclose(f);
        dimacs_file d;
        REQUIRE(read_text(buf, &d, &err) == 0);
        CHECK(d.nvars == nvars);
        CHECK(d.nclauses == (size_t)nclauses);
        CHECK(d.nlits == lits.n &&
              (lits.n == 0 || !memcmp(d.lits, lits.items, lits.n * sizeof(int))));
        CHECK(d.ncomments == 2 && !strcmp(d.comments[0], "round trip") &&
              !strcmp(d.comments[1], "var 1 x"));
        dimacs_file_free(&d);
        free(buf);
        VEC_FREE(lits);
    }
}

TEST(dimacs_read_accepts)
{
    dimacs_file d;
    chopsat_err err = {{0}};
    /* Clauses across lines, blank lines, comments after the header, SATLIB's "%" ending. */
    REQUIRE(read_text("c hi\n\np cnf 3 2\n1 -2\n 3 0 c\n-1 0\n%\n0\n", &d, &err) == -1);
    CHECKF(strstr(err.msg, "t.cnf:5: garbage token 'c'"), "%s", err.msg);
    REQUIRE(read_text("c hi\n\np  cnf  3 2 \n1 -2\n 3 0\nc later\n-1 0\n%\n0\n", &d, &err) == 0);
    CHECK(d.nvars == 3 && d.nclauses == 2 && d.nlits == 6 && d.lits[3] == 0 && d.lits[4] == -1);
    CHECK(d.ncomments == 2 && !strcmp(d.comments[1], "later"));
    dimacs_file_free(&d);
    REQUIRE(read_text("p cnf 0 0\n", &d, &err) == 0);
    CHECK(d.nvars == 0 && d.nclauses == 0 && d.nlits == 0);
    dimacs_file_free(&d);
    REQUIRE(read_text("p cnf 2 1\r\n1 2 0\r\n", &d, &err) == 0); /* DOS line ends */
    dimacs_file_free(&d);
}

TEST(dimacs_read_errors)
{
    static const struct {
        const char *text, *want;
    } cases[] = {
        {"p cnf 3\n1 0\n", "t.cnf:1: bad header 'p cnf 3'"},
        {"p dnf 3 1\n1 0\n", "t.cnf:1: bad header"},
        {"p cnf 3 1 7\n1 0\n", "t.cnf:1: bad header"},
        {"p cnf -3 1\n1 0\n", "t.cnf:1: bad header"},
        {"c x\n1 2 0\np cnf 2 1\n", "t.cnf:2: clause before the 'p cnf' header"},
        {"c only comments\n", "t.cnf:1: no 'p cnf' header"},
        {"p cnf 2 1\np cnf 2 1\n1 0\n", "t.cnf:2: a second header (the first is on line 1)"},
        {"p cnf 3 2\n1 2 0\n", "t.cnf:2: the header (line 1) says 2 clauses but there are 1"},
        {"p cnf 3 1\n1 2 0\n2 3 0\n", "t.cnf:3: more clauses than the 1 of the header (line 1)"},
        {"p cnf 3 1\n1 4 0\n", "t.cnf:2: literal 4 beyond the header's 3 variables"},
        {"p cnf 3 1\n-7 0\n", "t.cnf:2: literal -7 beyond"},
        {"p cnf 3 1\n1 2\n", "t.cnf:2: the last clause is not terminated by 0"},
        {"p cnf 3 1\n1 two 0\n", "t.cnf:2: garbage token 'two'"},
        {"p cnf 3 1\n1 2x 0\n", "t.cnf:2: garbage token '2x'"},
        {"p cnf 3 1\n1 99999999999 0\n", "t.cnf:2: garbage token"},
        {"p cnf 3 1\n\n\n+1 0\n", "t.cnf:4: garbage token '+1'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dimacs_file d;
        chopsat_err err = {{0}};
        int r = read_text(cases[i].text, &d, &err);
        CHECKF(r == -1, "case %zu accepted", i);
        CHECKF(strstr(err.msg, cases[i].want), "case %zu: '%s' lacks '%s'", i, err.msg,
               cases[i].want);
        if (r == 0) dimacs_file_free(&d);
    }
}

TEST(model_read_cases)
{
    signed char v[6];
    chopsat_err err = {{0}};
    CHECK(model_text("c hello\ns SATISFIABLE\nv 1 -2\nv 3 -4 0\n", 5, v, &err) == 10);
    CHECK(v[1] == 1 && v[2] == -1 && v[3] == 1 && v[4] == -1 && v[5] == 0);
    CHECK(model_text("s UNSATISFIABLE\n", 5, v, &err) == 20);
    CHECK(model_text("c a\n\ns UNSATISFIABLE\nc b\n", 5, v, &err) == 20);
    CHECK(model_text("v 1 0\ns SATISFIABLE\n", 5, v, &err) == 10);  /* order does not matter */
    CHECK(model_text("s SATISFIABLE\nv\nv 0\n", 5, v, &err) == 10); /* an empty model */

    static const struct {
        const char *text, *want;
    } bad[] = {
        {"s UNKNOWN\n", "out line 1: the solver answered UNKNOWN"},
        {"c nothing\n", "out: no 's SATISFIABLE' or 's UNSATISFIABLE' line (1 lines read)"},
        {"", "out: no 's SATISFIABLE'"},
        {"v 1 2 0\n", "no 's SATISFIABLE'"},
        {"s SATISFIABLE\nv 1 2\n", "out line 2: the model's v lines do not end with 0"},
        {"s SATISFIABLE\n", "out line 1: SATISFIABLE without a model"},
        {"s SATISFIABLE\ns SATISFIABLE\nv 0\n", "out line 2: a second s line"},
        {"s SATISFIABLE\nv 1 6 0\n", "out line 2: value 6 of a variable beyond the 5"},
        {"s SATISFIABLE\nv 1 -1 0\n", "out line 2: variable 1 given a value twice"},
        {"s SATISFIABLE\nv 1 0 2\n", "out line 2: value 2 after the model's final 0"},
        {"s SATISFIABLE\nv 1 x 0\n", "out line 2: unreadable value 'x'"},
        {"s SATISFIABLE\nhello\n", "out line 2: unreadable line 'hello'"},
        {"s SATISFIED\n", "out line 1: unreadable answer 's SATISFIED'"},
        {"s SATISFIABLE yes\n", "unreadable answer"},
        {"s UNSATISFIABLE\nv 1 0\n", "out line 2: v lines with an UNSATISFIABLE answer"},
        {"SATISFIABLE\n", "out line 1: unreadable line 'SATISFIABLE'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(v, 7, sizeof v);
        int r = model_text(bad[i].text, 5, v, &err);
        CHECKF(r == -1, "case %zu gave %d", i, r);
        CHECKF(strstr(err.msg, bad[i].want), "case %zu: '%s' lacks '%s'", i, err.msg, bad[i].want);
        CHECK(v[1] == 0 && v[5] == 0);
    }
}

SCHEDULE_FILE(dimacs)
{
    SCHEDULE(dimacs_write_exact);
    SCHEDULE(qdimacs_write_exact);
    SCHEDULE(dimacs_round_trip);
    SCHEDULE(dimacs_read_accepts);
    SCHEDULE(dimacs_read_errors);
    SCHEDULE(model_read_cases);
}
