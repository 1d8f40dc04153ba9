/* test_position.c: positions and moves at every hand width (position.c and the chopsticks
 * game's parse, format and step_to). Hands of 2^32 - 1, 2^32, 2^63 and 2^64 - 2 fingers are
 * parsed, printed and played in exact arithmetic (a sum of two hands may pass 2^64, a number
 * past 2^64 - 1 is refused, never wrapped); chopsat_move_between, which decides a move
 * directly from the rules without listing the position's moves, agrees with the move list at
 * every pair of positions of small games. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"

/* Parses text under r, prints it back and checks the text is `printed`. */
static void round_trip(const chopsat_rules *r, const char *text, const char *printed)
{
    chopsat_pos p = test_pos(r, text);
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, &p, buf, sizeof buf);
    CHECKF(!strcmp(buf, printed), "'%s' printed as '%s', wanted '%s'", text, buf, printed);
}

/* Refuses text under r with a message containing `why`. */
static void refused(const chopsat_rules *r, const char *text, const char *why)
{
    chopsat_pos p;
    chopsat_err err = {""};
    CHECKF(chopsat_pos_parse(r, text, &p, &err) == CHOPSAT_ERROR, "'%s' accepted", text);
    CHECKF(strstr(err.msg, why) != NULL, "'%s': '%s' does not say '%s'", text, err.msg, why);
}

/* Plays the typed move at `from` under r and checks where it leads and its name. */
static void plays(const chopsat_rules *r, const char *from, const char *move, const char *to,
                  const char *name)
{
    chopsat_pos p = test_pos(r, from), want = test_pos(r, to);
    chopsat_move m, between;
    chopsat_err err = {""};
    int rc = chopsat_move_parse(r, &p, move, &m, NULL, &err);
    CHECKF(rc == CHOPSAT_OK, "%s at %s: %s", move, from, err.msg);
    if (rc) return;
    char got[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, &m.to, got, sizeof got);
    CHECKF(chopsat_pos_equal(&m.to, &want), "%s at %s led to %s, wanted %s", move, from, got, to);
    CHECKF(!strcmp(m.name, name), "%s at %s is named '%s', wanted '%s'", move, from, m.name, name);
    CHECK(chopsat_move_between(r, &p, &want, &between, NULL) == CHOPSAT_OK &&
          !strcmp(between.name, name) && between.kind == m.kind);
}

/* The move typed at `from` is refused with a reason containing `why`. */
static void forbidden(const chopsat_rules *r, const char *from, const char *move, const char *why)
{
    chopsat_pos p = test_pos(r, from);
    chopsat_move m;
    chopsat_err err = {""};
    CHECKF(chopsat_move_parse(r, &p, move, &m, NULL, &err) == CHOPSAT_ERROR, "%s at %s played",
           move, from);
    CHECKF(strstr(err.msg, why) != NULL, "%s at %s: '%s' does not say '%s'", move, from, err.msg,
           why);
}

TEST(positions_at_32_bits)
{
    /* fingers = 2^32: hands up to 2^32 - 1; a sum reaching 2^32 overflows */
    chopsat_rules *r = test_rules("standard,fingers=4294967296");
    round_trip(r, "4294967295,1/0,4294967295:2", "1,4294967295/0,4294967295:2");
    refused(r, "4294967296,1/1,1",
            "a hand of 4294967296 fingers is out of range (0 .. 4294967295)");
    plays(r, "1,4294967295/1,1:1", "4294967295>1", "1,4294967295/0,1:2", "tap 4294967295>1");
    plays(r, "1,4294967295/1,1:1", "split 2147483648,2147483648", "2147483648,2147483648/1,1:2",
          "split 2147483648,2147483648");
    chopsat_rules_free(r);
    /* fingers = 2^32 + 1: the sum 2^32 is a hand, not a wrap to 0 */
    r = test_rules("standard,fingers=4294967297");
    plays(r, "1,4294967295/1,1:1", "4294967295>1", "1,4294967295/1,4294967296:2",
          "tap 4294967295>1");
    round_trip(r, "4294967296,4294967296/1,0:1", "4294967296,4294967296/0,1:1");
    chopsat_rules_free(r);
    r = test_rules("rollover,fingers=4294967296");
    plays(r, "3,4294967295/2,7:2", "7>4294967295", "3,6/2,7:1", "tap 7>4294967295");
    chopsat_rules_free(r);
}

TEST(positions_at_64_bits)
{
    const char *max = "18446744073709551614"; /* 2^64 - 2, the largest hand at 2^64 - 1 */
    chopsat_rules *r = test_rules("standard,fingers=18446744073709551615");
    char text[CHOPSAT_POS_MAX], want[CHOPSAT_POS_MAX];
    snprintf(text, sizeof text, "%s,9223372036854775808/1,%s:2", max, max);
    snprintf(want, sizeof want, "9223372036854775808,%s/1,%s:2", max, max);
    round_trip(r, text, want);
    refused(r, "18446744073709551615,1/1,1", "out of range (0 .. 18446744073709551614)");
    refused(r, "18446744073709551616,1/1,1", "a hand of 18446744073709551616 fingers");
    refused(r, "99999999999999999999999,1/1,1", "out of range");
    /* 2^63 + 2^63 = 2^64 passes 2^64 - 1 fingers: cutoff kills the hand */
    plays(r, "1,9223372036854775808/1,9223372036854775808:1",
          "tap 9223372036854775808>9223372036854775808", "1,9223372036854775808/0,1:2",
          "tap 9223372036854775808>9223372036854775808");
    /* a split of 2^63 + 2^63: the sum 2^64 shared out exactly */
    snprintf(want, sizeof want, "2,%s/1,1:2", max);
    plays(r, "9223372036854775808,9223372036854775808/1,1:1", "split 2,18446744073709551614", want,
          "split 2,18446744073709551614");
    forbidden(r, "9223372036854775808,9223372036854775808/1,1:1", "split 1,18446744073709551615",
              "a hand holds at most 18446744073709551614 fingers");
    forbidden(r, "9223372036854775808,9223372036854775808/1,1:1", "split 3,18446744073709551614",
              "holds 18446744073709551617, your hands 9223372036854775808 and "
              "9223372036854775808 hold 18446744073709551616");
    chopsat_rules_free(r);
    /* rollover at 2^64 - 1: (2^64 - 2) + (2^64 - 2) - (2^64 - 1) = 2^64 - 3 */
    r = test_rules("rollover,fingers=18446744073709551615");
    snprintf(text, sizeof text, "1,%s/1,%s:1", max, max);
    snprintf(want, sizeof want, "1,%s/1,18446744073709551613:2", max);
    plays(r, text, "18446744073709551614>18446744073709551614", want,
          "tap 18446744073709551614>18446744073709551614");
    chopsat_rules_free(r);
    /* the rules themselves: 2^64 - 1 is the largest finger count */
    chopsat_err err;
    CHECK(chopsat_rules_parse("standard,fingers=18446744073709551616", &err) == NULL &&
          strstr(err.msg, "out of range (2 .. 18446744073709551615)"));
}

/* Every pair of positions of the game: chopsat_move_between finds exactly the listed moves,
 * with their names. */
static void between_everywhere(const char *spec)
{
    chopsat_solution *sol;
    chopsat_rules *r = test_solved(spec, &sol);
    if (!r) return;
    uint64_t n = chopsat_solution_size(sol);
    chopsat_moves ms = {0};
    bool ok = true;
    for (uint64_t i = 0; i < n && ok; i++) {
        chopsat_pos p, q;
        if (!chopsat_solution_position(sol, i, &p)) continue;
        chopsat_moves_list(r, &p, &ms, NULL);
        for (uint64_t j = 0; j < n && ok; j++) {
            if (!chopsat_solution_position(sol, j, &q)) continue;
            const chopsat_move *listed = NULL;
            for (size_t k = 0; k < ms.n && !listed; k++)
                if (chopsat_pos_equal(&ms.items[k].to, &q)) listed = &ms.items[k];
            chopsat_move m;
            int rc = chopsat_move_between(r, &p, &q, &m, NULL);
            ok = listed ? rc == CHOPSAT_OK && !strcmp(m.name, listed->name) &&
                              m.kind == listed->kind && chopsat_pos_equal(&m.to, &q)
                        : rc == CHOPSAT_NO;
            if (!ok) {
                char a[CHOPSAT_POS_MAX], b[CHOPSAT_POS_MAX];
                chopsat_pos_format(r, &p, a, sizeof a);
                chopsat_pos_format(r, &q, b, sizeof b);
                CHECKF(ok, "%s: %s -> %s: between says %d '%s', the list %s", spec, a, b, rc,
                       rc ? "" : m.name, listed ? listed->name : "has no such move");
            }
        }
    }
    chopsat_moves_free(&ms);
    chopsat_solution_free(sol);
    chopsat_rules_free(r);
}

TEST(move_between_matches_the_list)
{
    static const char *specs[] = {
        "standard,fingers=4",
        "no-split,fingers=4",
        "rollover,fingers=4",
        "even-split,fingers=5",
        "standard,fingers=4,hands=ordered",
        "standard,fingers=4,tap=self-add",
        "standard,fingers=4,tap=self-add,hands=ordered",
        "rollover,fingers=3,tap=self-add,win=finish",
        "standard,fingers=4,suicide=no",
        "standard,fingers=4,revive=no",
        "chinese,fingers=4",
        "onedie,target=12",
    };
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
        between_everywhere(specs[i]);
}

SCHEDULE_FILE(position)
{
    SCHEDULE(positions_at_32_bits);
    SCHEDULE(positions_at_64_bits);
    SCHEDULE(move_between_matches_the_list);
}
