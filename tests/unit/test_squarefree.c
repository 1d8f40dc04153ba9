/* test_squarefree.c: the explicit check of the course report's repetition rule
 * (squarefree.c): the shortest repeated block at the end of a sequence, over node ids and over
 * positions, against a brute-force count of the squares anywhere in a sequence. */
#include <string.h>

#include "explicit/squarefree.h"
#include "harness.h"

TEST(squarefree_suffix_by_hand)
{
    static const uint32_t s[] = {1, 2, 3, 4, 1, 2, 3, 4};
    CHECK(square_suffix_ids(s, 0) == 0);
    CHECK(square_suffix_ids(s, 1) == 0);
    CHECK(square_suffix_ids(s, 5) == 0); /* 1 2 3 4 1: one trip round a loop */
    CHECK(square_suffix_ids(s, 7) == 0);
    CHECK(square_suffix_ids(s, 8) == 4); /* the same loop twice */
    static const uint32_t aa[] = {5, 7, 7};
    CHECK(square_suffix_ids(aa, 3) == 1);
    static const uint32_t aba[] = {1, 2, 1};
    CHECK(square_suffix_ids(aba, 3) == 0); /* going back is no repeated block */
    static const uint32_t abab[] = {9, 1, 2, 1, 2};
    CHECK(square_suffix_ids(abab, 5) == 2);
    CHECK(square_suffix_ids(abab, 4) == 0);
    /* the shortest block is reported: 2 1 1 2 1 1 ends with 1 1 as well as with 2 1 1 twice */
    static const uint32_t both[] = {2, 1, 1, 2, 1, 1};
    CHECK(square_suffix_ids(both, 6) == 1);
    static const uint32_t three[] = {2, 1, 3, 2, 1, 3};
    CHECK(square_suffix_ids(three, 6) == 3);
    static const uint32_t shortest[] = {3, 2, 2, 3, 2, 2, 2};
    CHECK(square_suffix_ids(shortest, 7) == 1);
    /* a square not at the end is not the check's business (earlier moves caught it) */
    static const uint32_t early[] = {4, 4, 5};
    CHECK(square_suffix_ids(early, 3) == 0);
}

/* Whether s[0..n) has a square anywhere. */
static bool has_square(const uint32_t *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (size_t len = 1; i + 2 * len <= n; len++)
            if (!memcmp(s + i, s + i + len, len * sizeof *s)) return true;
    return false;
}

TEST(squarefree_all_ternary_sequences)
{
    /* checking every prefix, as replay does, finds exactly the sequences with a square */
    uint32_t s[10];
    int free_count = 0;
    for (uint32_t code = 0; code < 59049; code++) { /* 3^10 */
        uint32_t c = code;
        for (int i = 0; i < 10; i++)
            s[i] = c % 3, c /= 3;
        bool bad = false;
        for (size_t n = 1; n <= 10 && !bad; n++)
            bad = square_suffix_ids(s, n) != 0;
        CHECK(bad == has_square(s, 10));
        free_count += !bad;
    }
    /* square-free ternary words of length 10 (OEIS A006156: 144) */
    CHECKF(free_count == 144, "%d square-free sequences", free_count);
}

TEST(squarefree_positions)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    /* the course report's example: hands 2,2 -> 0,4 -> 2,2 over and over (both players) */
    static const char *const texts[] = {"22/22:1", "04/22:2", "04/04:1", "22/04:2",
                                        "22/22:1", "04/22:2", "04/04:1", "22/04:2"};
    chopsat_pos p[8];
    for (int i = 0; i < 8; i++)
        p[i] = test_pos(r, texts[i]);
    for (size_t n = 0; n < 8; n++)
        CHECK(square_suffix(p, n) == 0);
    CHECK(square_suffix(p, 8) == 4);
    p[7].mover = 1; /* the player to move is part of the position */
    CHECK(square_suffix(p, 8) == 0);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(squarefree)
{
    SCHEDULE(squarefree_suffix_by_hand);
    SCHEDULE(squarefree_all_ternary_sequences);
    SCHEDULE(squarefree_positions);
}
