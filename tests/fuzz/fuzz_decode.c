/* fuzz_decode.c: decoding a solver's answer to a file that chopsat exported (chopsat_decode:
 * the file's own chopsat-rules/chopsat-query header, then by the file's first character a
 * DIMACS CNF with its variable map and a model, an AIGER file with a witness (aigsim, ABC's
 * write_cex -a), or an SMT-LIB script with Z3's output). The input is the file, a line "%%",
 * then the answer. A "yes" must come with a path of at most k+1 positions (which replay then
 * judges). */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t cnf_size = size, model_at = size;
    for (size_t i = 0; i + 4 <= size; i++)
        if (!memcmp(data + i, "\n%%\n", 4)) {
            cnf_size = i + 1;
            model_at = i + 4;
            break;
        }
    const uint8_t *model = data + model_at;
    size_t model_size = size - model_at;
    FILE *cnf = fuzz_file(data, cnf_size), *mf = fuzz_file(model, model_size);
    if (cnf && mf) {
        chopsat_rules *r;
        chopsat_query q;
        chopsat_pos *path;
        size_t n;
        chopsat_err err;
        int rc = chopsat_decode(cnf, "fuzz.cnf", mf, "fuzz.model", &r, &q, &path, &n, &err);
        FUZZ_ASSERT(rc == 10 || rc == 20 || rc == -1);
        if (rc == 10) {
            FUZZ_ASSERT(n >= 1 && n <= (size_t)q.k + 1);
            chopsat_replay(r, &q, path, n, NULL, &err);
        }
        if (rc >= 0) {
            free(path);
            chopsat_rules_free(r);
        }
    }
    if (cnf) fclose(cnf);
    if (mf) fclose(mf);
    return 0;
}
