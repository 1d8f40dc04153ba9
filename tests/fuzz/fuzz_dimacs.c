/* fuzz_dimacs.c: the strict DIMACS CNF reader (dimacs_read). What it accepts must be
 * consistent with its own header: every literal within the variables, exactly the clauses. */
#include "formats/dimacs.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fuzz_file(data, size);
    if (!f) return 0;
    dimacs_file d;
    chopsat_err err;
    if (dimacs_read(f, "fuzz.cnf", &d, &err) == 0) {
        size_t clauses = 0;
        for (size_t i = 0; i < d.nlits; i++) {
            int l = d.lits[i];
            FUZZ_ASSERT(l >= -d.nvars && l <= d.nvars);
            clauses += l == 0;
        }
        FUZZ_ASSERT(clauses == d.nclauses);
        FUZZ_ASSERT(!d.nlits || d.lits[d.nlits - 1] == 0);
        dimacs_file_free(&d);
    }
    fclose(f);
    return 0;
}
