/* test_cnf_export.c: a bounded question's formula in memory (chopsat_bmc_cnf) is the file
 * chopsat_bmc_dimacs writes for it, read back: the same counts, the same clauses literal by
 * literal and the same variable names, under each encoding; and bad questions are refused with
 * a message and no handle. */
#include <stdlib.h>
#include <string.h>

#include "chopsat.h"
#include "formats/dimacs.h"
#include "formats/var_map.h"
#include "harness.h"

/* Checks that chopsat_bmc_cnf gives the clauses and names chopsat_bmc_dimacs writes for q, o. */
static void same_as_the_file(const chopsat_rules *r, const chopsat_query *q,
                             const chopsat_bmc_opts *o)
{
    chopsat_err err;
    FILE *f = tmpfile();
    REQUIRE(f);
    REQUIRE(chopsat_bmc_dimacs(r, q, o, f, &err) == CHOPSAT_OK);
    rewind(f);
    dimacs_file d;
    REQUIRE(dimacs_read(f, "q.cnf", &d, &err) == 0);
    fclose(f);
    chopsat_cnf *c = NULL;
    REQUIRE(chopsat_bmc_cnf(r, q, o, &c, &err) == CHOPSAT_OK && c);
    CHECK(chopsat_cnf_vars(c) == d.nvars);
    CHECK(chopsat_cnf_clauses(c) == d.nclauses);
    const int *lits = NULL;
    CHECK(chopsat_cnf_lits(c, &lits) == d.nlits);
    CHECK(lits && !memcmp(lits, d.lits, d.nlits * sizeof *lits));
    char **names = var_map_names(&d);
    int differ = 0;
    for (int v = 1; v <= d.nvars; v++)
        differ += !names[v] || !chopsat_cnf_name(c, v) || strcmp(names[v], chopsat_cnf_name(c, v));
    CHECK(differ == 0);
    CHECK(chopsat_cnf_name(c, 0) == NULL && chopsat_cnf_name(c, d.nvars + 1) == NULL);
    var_map_free(names, d.nvars);
    dimacs_file_free(&d);
    chopsat_cnf_free(c);
}

TEST(cnf_export_memory_is_the_file)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 2, .k = 4};
    chopsat_pos_start(r, &q.from);
    same_as_the_file(r, &q, &(chopsat_bmc_opts){0});
    same_as_the_file(r, &q, &(chopsat_bmc_opts){.binary_moves = true, .plaisted_greenbaum = true});
    same_as_the_file(r, &q, &(chopsat_bmc_opts){.textbook = true});
    q.kind = CHOPSAT_Q_REACH;
    q.exact = true;
    q.repeat = CHOPSAT_REPEAT_PATH;
    REQUIRE(chopsat_pos_parse(r, "11/04:2", &q.target, NULL) == CHOPSAT_OK);
    same_as_the_file(r, &q, &(chopsat_bmc_opts){0});
    chopsat_rules_free(r);
}

TEST(cnf_export_memory_refuses_bad_questions)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .k = -5};
    chopsat_pos_start(r, &q.from);
    chopsat_err err = {{0}};
    chopsat_cnf *c = (chopsat_cnf *)&q;
    CHECK(chopsat_bmc_cnf(r, &q, NULL, &c, &err) == CHOPSAT_ERROR && !c && err.msg[0]);
    q.k = 3;
    q.from.v[0] = 99;
    err.msg[0] = 0;
    c = (chopsat_cnf *)&q;
    CHECK(chopsat_bmc_cnf(r, &q, NULL, &c, &err) == CHOPSAT_ERROR && !c && err.msg[0]);
    chopsat_pos_start(r, &q.from);
    REQUIRE(chopsat_bmc_cnf(r, &q, NULL, &c, &err) == CHOPSAT_OK && c);
    CHECK(chopsat_cnf_vars(c) > 0 && chopsat_cnf_clauses(c) > 0);
    chopsat_cnf_free(c);
    chopsat_cnf_free(NULL);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(cnf_export)
{
    SCHEDULE(cnf_export_memory_is_the_file);
    SCHEDULE(cnf_export_memory_refuses_bad_questions);
}
