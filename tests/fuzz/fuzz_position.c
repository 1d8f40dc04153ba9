/* fuzz_position.c: the position parser of every game (chopsat_pos_parse). The first byte picks
 * the rules; the rest is the position. An accepted position must print and parse back to
 * itself, and listing its moves must not fail. */
#include "fuzz.h"

static const char *const rules[] = {
    "standard",
    "standard,hands=ordered",
    "chinese",
    "onedie",
    "onedie,target=1000000",
    "standard,fingers=1048576",
    "rollover,fingers=11",
    "even-split",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!size) return 0;
    chopsat_err err;
    chopsat_rules *r = chopsat_rules_parse(rules[data[0] % (sizeof rules / sizeof rules[0])], &err);
    FUZZ_ASSERT(r);
    char *text = fuzz_string(data + 1, size - 1);
    chopsat_pos p, q;
    if (chopsat_pos_parse(r, text, &p, &err) == 0) {
        char buf[128];
        chopsat_pos_format(r, &p, buf, sizeof buf);
        FUZZ_ASSERT(chopsat_pos_parse(r, buf, &q, &err) == 0);
        FUZZ_ASSERT(chopsat_pos_equal(&p, &q));
        chopsat_moves ms = {0};
        chopsat_moves_list(r, &p, &ms, NULL);
        chopsat_moves_free(&ms);
    }
    free(text);
    chopsat_rules_free(r);
    return 0;
}
