/* fuzz_certificate.c: the certificate reader (chopsat_certificate_read) and, for what it
 * accepts, the invariant check (chopsat_invariant_check). Soundness oracle: when the check
 * accepts an invariant for a game small enough to explore, the explicit breadth-first search
 * must agree that the goal is never reached; an accepted certificate of a false claim is a bug.
 * The input is the certificate file. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fuzz_file(data, size);
    if (!f) return 0;
    chopsat_rules *r;
    chopsat_query q;
    chopsat_invariant inv;
    chopsat_err err;
    int rc = chopsat_certificate_read(f, "fuzz", &r, &q, &inv, &err);
    fclose(f);
    if (rc) return 0;
    /* large games and long invariants are legal but slow: leave them to the CLI tests */
    if (chopsat_position_count(r) <= 100000 && inv.nlits <= 4096 &&
        !chopsat_invariant_check(r, &q, &inv, "cadical", 0, NULL, &err)) {
        chopsat_reach_set *set = chopsat_explore(r, &q.from, &err);
        FUZZ_ASSERT(set);
        for (uint64_t k = 0; k < chopsat_reach_count(set); k++) {
            chopsat_pos p;
            chopsat_reach_at(set, k, &p);
            FUZZ_ASSERT(q.kind == CHOPSAT_Q_REACH ? !chopsat_pos_equal(&p, &q.target)
                                                  : chopsat_pos_winner(r, &p) != q.player);
        }
        chopsat_reach_set_free(set);
    }
    chopsat_invariant_free(&inv);
    chopsat_rules_free(r);
    return 0;
}
