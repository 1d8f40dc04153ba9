/* fuzz_rules.c: the rules parser (chopsat_rules_parse). Whatever it accepts must describe
 * itself canonically: parsing the description gives the same description back. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *spec = fuzz_string(data, size);
    chopsat_err err;
    chopsat_rules *r = chopsat_rules_parse(spec, &err);
    if (r) {
        char a[256], b[256];
        chopsat_rules_describe(r, a, sizeof a);
        chopsat_rules *again = chopsat_rules_parse(a, &err);
        FUZZ_ASSERT(again);
        chopsat_rules_describe(again, b, sizeof b);
        FUZZ_ASSERT(!strcmp(a, b));
        chopsat_rules_free(again);
        chopsat_rules_free(r);
    } else {
        FUZZ_ASSERT(err.msg[0]);
    }
    free(spec);
    return 0;
}
