/* fuzz_aiger.c: the AIGER reader (aiger_read: ASCII `aag` and binary `aig`). An accepted file
 * is written back in the binary form, which must read again, and write again to the same
 * bytes (the writer's numbering is canonical). */
#include "formats/aiger.h"
#include "fuzz.h"

/* g written in the binary form, in a new buffer (*len bytes). */
static char *written(const aig *g, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f) abort();
    chopsat_err err;
    FUZZ_ASSERT(aiger_write(g, f, true, &err) == 0);
    fclose(f);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fuzz_file(data, size);
    if (!f) return 0;
    chopsat_err err;
    aig *g = aiger_read(f, "fuzz.aag", &err);
    fclose(f);
    if (!g) return 0;
    size_t n1, n2;
    char *first = written(g, &n1);
    aig_free(g);
    f = fmemopen(first, n1, "r");
    if (!f) abort();
    aig *again = aiger_read(f, "again.aig", &err);
    fclose(f);
    FUZZ_ASSERT(again);
    char *second = written(again, &n2);
    FUZZ_ASSERT(n1 == n2 && !memcmp(first, second, n1));
    aig_free(again);
    free(first);
    free(second);
    return 0;
}
