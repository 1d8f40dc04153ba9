/* test_posmap.c: the library's one position hash (core/posmap.c): every position put in the map
 * is found with its last number, positions that differ in any field (the player to move
 * included) are different keys, the map keeps working as it grows; the index finds each id
 * over the caller's array; the occurrence counter counts. */
#include <string.h>

#include "chopsat_tool.h"
#include "core/posmap.h"
#include "harness.h"

TEST(posmap_put_get_grow)
{
    posmap m = {0};
    size_t v;
    chopsat_pos p = {{0}, 1, 0};
    CHECK(!posmap_get(&m, &p, &v)); /* empty, no table yet */
    /* 20000 keys, many differing only in the mover or in one high word */
    for (uint32_t i = 0; i < 10000; i++) {
        chopsat_pos a = {{i, i * 7u, 0, i % 3 ? 0 : 1u << 31}, 1, 0}, b = a;
        b.mover = 2;
        posmap_put(&m, &a, i);
        posmap_put(&m, &b, 100000 + i);
    }
    CHECK(m.n == 20000);
    bool ok = true;
    for (uint32_t i = 0; i < 10000 && ok; i++) {
        chopsat_pos a = {{i, i * 7u, 0, i % 3 ? 0 : 1u << 31}, 1, 0}, b = a;
        b.mover = 2;
        ok = posmap_get(&m, &a, &v) && v == i && posmap_get(&m, &b, &v) && v == 100000 + i;
    }
    CHECK(ok);
    chopsat_pos absent = {{1, 7, 0, 0}, 2, 0};
    absent.v[2] = 5;
    CHECK(!posmap_get(&m, &absent, &v));
    posmap_put(&m, &p, 42); /* replacing keeps one entry */
    posmap_put(&m, &p, 43);
    CHECK(posmap_get(&m, &p, &v) && v == 43);
    CHECK(m.n == 20001);
    posmap_free(&m);
    CHECK(m.ix.cap == 0 && m.n == 0 && !posmap_get(&m, &p, &v));
}

TEST(posindex_over_callers_array)
{
    enum { N = 5000 };
    static chopsat_pos keys[N];
    posindex x = {0};
    CHECK(posindex_find(&x, keys, &keys[0]) == -1);
    for (uint32_t i = 0; i < N; i++) {
        keys[i] = (chopsat_pos){{i / 2, 3, 0, 0}, 1 + i % 2, 0};
        posindex_add(&x, keys, i + 1, i);
    }
    bool ok = true;
    for (uint32_t i = 0; i < N && ok; i++)
        ok = posindex_find(&x, keys, &keys[i]) == (int64_t)i;
    CHECK(ok);
    chopsat_pos absent = {{N, 3, 0, 0}, 1, 0};
    CHECK(posindex_find(&x, keys, &absent) == -1);
    posindex_free(&x);
}

TEST(pos_counter_counts_repetitions)
{
    chopsat_pos_counter *c = chopsat_pos_counter_new();
    REQUIRE(c);
    chopsat_pos a = {{1, 1, 1, 1}, 1, 0}, b = a;
    b.mover = 2;
    CHECK(chopsat_pos_count_add(c, &a) == 1);
    CHECK(chopsat_pos_count_add(c, &b) == 1);
    CHECK(chopsat_pos_count_add(c, &a) == 2);
    CHECK(chopsat_pos_count_add(c, &a) == 3);
    chopsat_pos_counter_free(c);
}

SCHEDULE_FILE(posmap)
{
    SCHEDULE(posmap_put_get_grow);
    SCHEDULE(posindex_over_callers_array);
    SCHEDULE(pos_counter_counts_repetitions);
}
