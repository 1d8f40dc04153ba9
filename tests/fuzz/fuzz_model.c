/* fuzz_model.c: the readers of SAT solvers' output: model_read (SAT-competition s and v lines,
 * as the external back end reads them) and model_read_any (decode: also MiniSat's result file
 * and Glucose's output). The first byte is the number of variables of the problem; the rest is
 * the output, given to both readers. A SATISFIABLE answer must come with values only for
 * variables 1..n; any other result leaves no values behind; whatever model_read accepts,
 * model_read_any reads the same way. */
#include "formats/dimacs.h"
#include "fuzz.h"

/* Runs one reader; its answer, with the values checked. */
static int run(int (*reader)(FILE *, const char *, int, signed char *, chopsat_err *),
               const uint8_t *data, size_t size, int nvars, signed char *values)
{
    FILE *f = fuzz_file(data, size);
    if (!f) abort();
    chopsat_err err;
    int rc = reader(f, "fuzz.out", nvars, values, &err);
    FUZZ_ASSERT(rc == 10 || rc == 20 || rc == -1);
    for (int v = 0; v <= nvars; v++) {
        FUZZ_ASSERT(values[v] >= -1 && values[v] <= 1);
        if (rc != 10 || v == 0) FUZZ_ASSERT(values[v] == 0);
    }
    fclose(f);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!size) return 0;
    int nvars = data[0];
    signed char strict[257], any[257];
    int rc = run(model_read, data + 1, size - 1, nvars, strict);
    int rc_any = run(model_read_any, data + 1, size - 1, nvars, any);
    if (rc != -1) {
        FUZZ_ASSERT(rc_any == rc);
        FUZZ_ASSERT(!memcmp(strict, any, (size_t)nvars + 1));
    }
    return 0;
}
