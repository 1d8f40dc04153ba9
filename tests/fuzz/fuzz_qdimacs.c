/* fuzz_qdimacs.c: the strict QDIMACS reader of `chopsat qbf-eval` (qdimacs_read). The input is
 * written to a temporary regular file, as a formula on disk is, so that the header's counts are
 * measured against the bytes after it. What it accepts keeps its header's promises: every
 * literal and quantified variable within the variables, each variable in at most one block, no
 * empty block, exactly the clauses. */
#include "formats/qdimacs.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = tmpfile();
    if (!f) return 0;
    if (fwrite(data, 1, size, f) != size || fflush(f) || fseek(f, 0, SEEK_SET)) {
        fclose(f);
        return 0;
    }
    qdimacs_file q;
    chopsat_err err;
    if (qdimacs_read(f, "fuzz.qdimacs", &q, &err) == 0) {
        FUZZ_ASSERT(q.nvars >= 0 && (size_t)q.nvars <= (size > 1u << 20 ? size : 1u << 20));
        size_t clauses = 0;
        for (size_t i = 0; i < q.nlits; i++) {
            FUZZ_ASSERT(q.lits[i] >= -q.nvars && q.lits[i] <= q.nvars);
            clauses += q.lits[i] == 0;
        }
        FUZZ_ASSERT(clauses == q.nclauses);
        FUZZ_ASSERT(!q.nlits || q.lits[q.nlits - 1] == 0);
        FUZZ_ASSERT(q.start[0] == 0);
        char *seen = calloc((size_t)q.nvars + 1, 1);
        if (!seen) abort();
        for (size_t b = 0; b < q.nblocks; b++) {
            FUZZ_ASSERT(q.start[b] < q.start[b + 1]);
            for (size_t i = q.start[b]; i < q.start[b + 1]; i++) {
                FUZZ_ASSERT(q.vars[i] >= 1 && q.vars[i] <= q.nvars && !seen[q.vars[i]]);
                seen[q.vars[i]] = 1;
            }
        }
        free(seen);
        qdimacs_file_free(&q);
    }
    fclose(f);
    return 0;
}
