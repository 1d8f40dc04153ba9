/* fuzz_decode.c: decoding a solver's model of a CNF that 'chopsat dimacs' wrote
 * (chopsat_decode: the DIMACS reader, the file's own chopsat-rules/chopsat-query header and
 * variable map, the model reader). The input is the CNF, a line "%%", then the model. A "yes"
 * must come with a path of at most k+1 positions (which replay then judges). */
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
