/* test_pack_gbd.c: the GBD instance hash of the pack room (src/pack/pack_gbd.c, MD5 from
 * libmd): RFC 1321's vector for the empty message through the hash's own path (a text with no
 * clause, or only comments and a p line), and formulas whose normalised stream's MD5 was
 * computed independently (Python's hashlib): spacing, line breaks, comments, a '+' sign and
 * QDIMACS quantifier lines must not change it. */
#include <string.h>

#include "harness.h"
#include "pack/pack.h"

/* The GBD hash of text (qbf: QDIMACS) equals want. */
static void check_hash(const char *text, bool qbf, const char *want)
{
    char hex[33];
    pack_gbd_hash(text, strlen(text), qbf, hex);
    CHECKF(!strcmp(hex, want), "GBD hash of '%s': %s, wanted %s", text, hex, want);
}

TEST(pack_gbd_rfc1321_empty_message)
{
    check_hash("", false, "d41d8cd98f00b204e9800998ecf8427e");
    check_hash("c only a comment\np cnf 0 0\n", false, "d41d8cd98f00b204e9800998ecf8427e");
}

TEST(pack_gbd_known_formulas)
{
    /* the stream "1 -2 0 3 0" */
    check_hash("p cnf 3 2\n1 -2 0\n3 0\n", false, "e8f7bd612409cfb57be740d3ecddfb6f");
    check_hash("c x\np cnf 3 2\n  1   -2\n0 c\n+3 0", false, "e8f7bd612409cfb57be740d3ecddfb6f");
    /* the stream "12 0", and QDIMACS "e 1 2 0 a 3 0 1 -3 0 -2 3 0" */
    check_hash("12 0\n", false, "683046e6c37d594f9b2e372ed9565921");
    check_hash("p cnf 3 2\ne 1 2 0\na 3 0\n1 -3 0\n-2 3 0\n", true,
               "eeddd6eac50cae51d3a6bba39c942833");
}

SCHEDULE_FILE(pack_gbd)
{
    SCHEDULE(pack_gbd_rfc1321_empty_message);
    SCHEDULE(pack_gbd_known_formulas);
}
