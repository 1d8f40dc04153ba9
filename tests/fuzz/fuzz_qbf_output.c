/* fuzz_qbf_output.c: the reader of QBF solvers' output in the QDIMACS output format
 * (qdimacs_output_read: s cnf and V lines), as the external QBF back end reads it. The first
 * byte is the number of variables, the second the size of the outermost block (variables
 * 1..m); the rest is the output. Values may be set only for variables of that block, only to
 * 1 or -1; the answer is 10, 20 or an error. */
#include "formats/dimacs.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    int nvars = data[0], outer_n = data[1] < nvars ? data[1] : nvars;
    bool outer[256] = {0};
    for (int v = 1; v <= outer_n; v++)
        outer[v] = true;
    char *buf = malloc(size - 2 + 1);
    if (!buf) abort();
    memcpy(buf, data + 2, size - 2);
    buf[size - 2] = 0;
    signed char val[256] = {0};
    chopsat_err err;
    int rc = qdimacs_output_read(buf, size - 2, "fuzz", nvars, outer, val, &err);
    FUZZ_ASSERT(rc == 10 || rc == 20 || rc == -1);
    if (rc == -1) FUZZ_ASSERT(!strncmp(err.msg, "fuzz: ", 6));
    for (int v = 0; v < 256; v++) {
        FUZZ_ASSERT(val[v] >= -1 && val[v] <= 1);
        if (v == 0 || v > outer_n) FUZZ_ASSERT(val[v] == 0);
    }
    free(buf);
    return 0;
}
