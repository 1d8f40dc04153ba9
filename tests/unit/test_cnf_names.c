/* test_cnf_names.c: tests of cnf_names.c: two DIMACS files compared by the names of their
 * variables (chopsat_cnf_diff_files): the clauses only in one file, whether each file has a
 * variable map and names the `with` variable, and the names of both maps. */
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "harness.h"

/* Compares texts a and b as the files "a.cnf" and "b.cnf"; returns the call's status. */
static int diff_texts(const char *a, const char *b, const char *with, chopsat_cnf_diff *d)
{
    FILE *fa = fmemopen((void *)a, strlen(a), "r"), *fb = fmemopen((void *)b, strlen(b), "r");
    chopsat_err err = {{0}};
    int rc = chopsat_cnf_diff_files(fa, "a.cnf", fb, "b.cnf", with, d, &err);
    fclose(fa);
    fclose(fb);
    return rc;
}

static const char *MAPPED = "c var 1 x\nc var 2 move.m\np cnf 2 2\n-2 1 0\n1 0\n";
static const char *RENUMBERED = "c var 2 x\nc var 1 move.m\np cnf 2 2\n-1 2 0\n2 0\n";
static const char *UNMAPPED = "p cnf 2 2\n-2 1 0\n1 0\n";

TEST(cnf_diff_by_names)
{
    chopsat_cnf_diff d;
    CHECK(diff_texts(MAPPED, RENUMBERED, NULL, &d) == CHOPSAT_OK);
    CHECK(d.common == 2 && !d.n_only_a && !d.n_only_b);
    CHECK(d.map_a && d.map_b && !d.with_a && !d.with_b);
    CHECKF(d.n_names == 2 && !strcmp(d.names[0], "move.m") && !strcmp(d.names[1], "x"), "%zu names",
           d.n_names);
    chopsat_cnf_diff_free(&d);
}

TEST(cnf_diff_with_found_or_not)
{
    chopsat_cnf_diff d;
    CHECK(diff_texts(MAPPED, UNMAPPED, "move.m", &d) == CHOPSAT_OK);
    CHECK(d.map_a && !d.map_b && d.with_a && !d.with_b);
    CHECK(d.clauses_a == 1 && d.clauses_b == 0); /* B's variable 2 is only "v2" */
    CHECK(d.n_names == 2);
    chopsat_cnf_diff_free(&d);
    CHECK(diff_texts(MAPPED, MAPPED, "move.M", &d) == CHOPSAT_OK);
    CHECK(!d.with_a && !d.with_b && d.clauses_a == 0 && d.clauses_b == 0);
    chopsat_cnf_diff_free(&d);
    CHECK(diff_texts(UNMAPPED, UNMAPPED, "x", &d) == CHOPSAT_OK);
    CHECK(!d.map_a && !d.map_b && !d.with_a && !d.with_b && d.n_names == 0);
    chopsat_cnf_diff_free(&d);
}

SCHEDULE_FILE(cnf_names)
{
    SCHEDULE(cnf_diff_by_names);
    SCHEDULE(cnf_diff_with_found_or_not);
}
