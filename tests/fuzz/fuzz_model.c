/* fuzz_model.c: the reader of SAT solvers' output (model_read: s and v lines). The first byte
 * is the number of variables of the problem; the rest is the output. A SATISFIABLE answer must
 * come with values only for variables 1..n; any other result leaves no values behind. */
#include "fuzz.h"
#include "solvers/dimacs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!size) return 0;
    int nvars = data[0];
    FILE *f = fuzz_file(data + 1, size - 1);
    if (!f) return 0;
    signed char values[257];
    chopsat_err err;
    int rc = model_read(f, "fuzz.out", nvars, values, &err);
    FUZZ_ASSERT(rc == 10 || rc == 20 || rc == -1);
    for (int v = 0; v <= nvars; v++) {
        FUZZ_ASSERT(values[v] >= -1 && values[v] <= 1);
        if (rc != 10 || v == 0) FUZZ_ASSERT(values[v] == 0);
    }
    fclose(f);
    return 0;
}
