/* fuzz_proof.c: the DRAT/RUP proof checker (drat_check), text and binary. The formula is fixed
 * and satisfiable (x1 = x2 = x3 = true satisfies it), so no proof may ever be accepted: an
 * accepted one is a soundness bug. The input is the proof. */
#include "fuzz.h"
#include "solvers/drat_check.h"

static const int formula[] = {1, 2, 0, -1, 2, 0, 1, -2, 3, 0, 2, 3, 0, -3, 1, 2, 0};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *proof = fuzz_file(data, size);
    if (!proof) return 0;
    chopsat_err err;
    int rc = drat_check(formula, sizeof formula / sizeof formula[0], proof, &err);
    FUZZ_ASSERT(rc != 1);
    fclose(proof);
    return 0;
}
