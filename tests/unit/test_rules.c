/* test_rules.c: the rules as the explicit move generator plays them. Every option of docs/rules.md
 * section 1 and the one-die game is checked by its effect on positions whose moves were worked
 * out by hand (the expected lists below), and the presets, the refusals of bad rules, and the
 * position notation (parse, normalise, print, refuse) are checked too. The tests of the option
 * tables themselves (round trips, defaults) are in test_options.c. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* The moves of pos under spec must be exactly `expected`: space-separated "name=position"
 * items, in any order. */
static void check_moves(const char *spec, const char *pos, const char *expected)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_pos p = test_pos(r, pos);
    chopsat_moves ms = {0};
    chopsat_moves_list(r, &p, &ms, NULL);
    char *want = strdup(expected), *save = NULL;
    size_t nwant = 0;
    bool *matched = calloc(ms.n + 1, sizeof *matched);
    for (char *tok = strtok_r(want, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        nwant++;
        char *eq = strchr(tok, '=');
        bool found = false;
        for (size_t i = 0; i < ms.n && eq; i++) {
            char to[CHOPSAT_POS_MAX], name[CHOPSAT_NAME_MAX];
            chopsat_pos_format(r, &ms.items[i].to, to, sizeof to);
            snprintf(name, sizeof name, "%s", ms.items[i].name);
            for (char *c = name; *c; c++) /* names are written without spaces here */
                if (*c == ' ') *c = '_';
            if (!strncmp(name, tok, (size_t)(eq - tok)) && strlen(name) == (size_t)(eq - tok) &&
                !strcmp(to, eq + 1))
                found = matched[i] = true;
        }
        CHECKF(found, "%s, %s: no move %s", spec, pos, tok);
    }
    for (size_t i = 0; i < ms.n; i++) {
        char to[64];
        chopsat_pos_format(r, &ms.items[i].to, to, sizeof to);
        CHECKF(matched[i], "%s, %s: unexpected move %s -> %s", spec, pos, ms.items[i].name, to);
    }
    CHECKF(ms.n == nwant, "%s, %s: %zu moves, expected %zu", spec, pos, ms.n, nwant);
    free(matched);
    free(want);
    chopsat_moves_free(&ms);
    chopsat_rules_free(r);
}

static int winner(const char *spec, const char *pos)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return -1;
    chopsat_pos p = test_pos(r, pos);
    int w = chopsat_pos_winner(r, &p);
    chopsat_rules_free(r);
    return w;
}

TEST(rules_standard_moves_by_hand)
{
    check_moves("standard", "start", "tap_1>1=11/12:2 split_0,2=02/11:2");
    /* 2>4 and 3>4 both reach 5 and cut the 4 off: one edge */
    check_moves("standard", "23/14",
                "tap_2>1=23/34:2 tap_2>4=23/01:2 tap_3>1=23/44:2 split_1,4=14/14:2");
    check_moves("standard", "04/11:2", "tap_1>4=00/11:1 split_0,2=04/02:1");
    check_moves("standard", "00/11", ""); /* terminal: no moves */
}

TEST(rules_fingers)
{
    check_moves("standard,fingers=2", "start", "tap_1>1=11/01:2"); /* 1+1 = 2 is cut off */
    check_moves("standard,fingers=3", "12/11", "tap_1>1=12/12:2 tap_2>1=12/01:2"); /* no 3 */
    /* one more finger: 3 is a hand, and the split (0,3) is allowed */
    check_moves("standard,fingers=4", "12/11", "tap_1>1=12/12:2 tap_2>1=12/13:2 split_0,3=03/11:2");
    check_moves("standard,fingers=12", "9,10/1,1",
                "tap_9>1=9,10/1,10:2 tap_10>1=9,10/1,11:2 split_8,11=8,11/1,1:2");
}

TEST(rules_overflow_rollover)
{
    check_moves(
        "standard,overflow=rollover", "23/14",
        "tap_2>1=23/34:2 tap_2>4=23/11:2 tap_3>1=23/44:2 tap_3>4=23/12:2 split_1,4=14/14:2");
    /* exactly N rolls over to 0: the hand dies */
    check_moves("rollover", "14/11:1", "tap_1>1=14/12:2 tap_4>1=14/01:2 split_2,3=23/11:2");
}

TEST(rules_hands_ordered)
{
    check_moves("standard,hands=ordered", "start",
                "tap_L>L=11/21:2 tap_L>R=11/12:2 split_0,2=02/11:2 split_2,0=20/11:2");
    /* no mere swap: (1,2) -> (2,1) is not a split when left and right differ */
    check_moves("standard,hands=ordered,tap=opponent", "12/01",
                "tap_L>R=12/02:2 tap_R>R=12/03:2 split_0,3=03/01:2 split_3,0=30/01:2");
}

TEST(rules_tap_self_add)
{
    check_moves("standard,tap=self-add", "start", "add_1+1=12/11:2 split_0,2=02/11:2");
    /* your own hand reaches 5 and is cut off */
    check_moves("standard,tap=self-add,split=none", "14/11", "add_1+1=24/11:2 add_4+1=01/11:2");
}

TEST(rules_split_variants)
{
    check_moves("no-split", "start", "tap_1>1=11/12:2");
    check_moves("standard,split=none", "04/11", "tap_4>1=04/01:2");
    check_moves("even-split", "04/11", "tap_4>1=04/01:2 split_2,2=22/11:2");
    check_moves("even-split", "03/11", "tap_3>1=03/14:2"); /* odd: no split */
    check_moves("even-split", "22/11", "tap_2>1=22/13:2"); /* both live: no split */
    check_moves("standard", "04/11", "tap_4>1=04/01:2 split_1,3=13/11:2 split_2,2=22/11:2");
}

TEST(rules_suicide_and_revive)
{
    check_moves("standard,suicide=no", "start", "tap_1>1=11/12:2");
    check_moves("standard", "13/11",
                "tap_1>1=13/12:2 tap_3>1=13/14:2 split_0,4=04/11:2 split_2,2=22/11:2");
    check_moves("standard,suicide=no", "13/11",
                "tap_1>1=13/12:2 tap_3>1=13/14:2 split_2,2=22/11:2");
    check_moves("standard,revive=no", "04/11", "tap_4>1=04/01:2");
    check_moves("standard,revive=no", "13/11",
                "tap_1>1=13/12:2 tap_3>1=13/14:2 split_0,4=04/11:2 split_2,2=22/11:2");
}

TEST(rules_win_condition)
{
    CHECK(winner("standard", "00/12:2") == 2);
    CHECK(winner("standard", "12/00:1") == 1);
    CHECK(winner("standard,win=finish", "00/12:2") == 1);
    CHECK(winner("standard,win=finish", "12/00:1") == 2);
    CHECK(winner("standard", "12/12") == 0);
    /* both players dead (never reached in play): the player who just moved has won */
    CHECK(winner("standard", "00/00:1") == 2);
    CHECK(winner("standard,win=finish", "00/00:2") == 1);
    chopsat_rules *r = test_rules("standard");
    chopsat_pos p = test_pos(r, "00/12:1");
    CHECK(chopsat_pos_outcome(r, &p) == CHOPSAT_LOSS);
    p = test_pos(r, "00/12:2");
    CHECK(chopsat_pos_outcome(r, &p) == CHOPSAT_WIN);
    chopsat_rules_free(r);
}

TEST(rules_chinese_preset)
{
    chopsat_rules *r = test_rules("chinese");
    REQUIRE(r);
    char buf[512];
    chopsat_rules_describe(r, buf, sizeof buf);
    CHECKF(strstr(buf, "fingers=10") && strstr(buf, "overflow=rollover") &&
               strstr(buf, "hands=ordered") && strstr(buf, "tap=self-add") &&
               strstr(buf, "split=none") && strstr(buf, "win=finish"),
           "%s", buf);
    chopsat_rules_free(r);
    /* 7 + 8 = 15 rolls over to 5; 9 + 1 = 10 rolls over to 0 and that hand is done */
    check_moves("chinese", "79/81",
                "add_L+L=59/81:2 add_L+R=89/81:2 add_R+L=77/81:2 add_R+R=70/81:2");
    CHECK(winner("chinese", "00/35:2") == 1);
}

TEST(rules_onedie_moves_and_target)
{
    check_moves("onedie", "start",
                "open_1=1@1:2 open_2=2@2:2 open_3=3@3:2 open_4=4@4:2 open_5=5@5:2 open_6=6@6:2");
    check_moves("onedie", "28@3", "turn_1=29@1:2 turn_2=30@2:2 turn_5=33@5:2 turn_6=34@6:2");
    check_moves("onedie", "31@3", "");
    CHECK(winner("onedie", "31@3:2") == 1); /* player 1 made it exactly 31 */
    CHECK(winner("onedie", "33@5:2") == 2); /* player 1 went past it */
    CHECK(winner("onedie", "30@2:2") == 0);
    CHECK(winner("onedie,target=10", "10@4:1") == 2);
    CHECK(winner("onedie,target=50", "31@3:2") == 0);
}

TEST(rules_presets_and_refusals)
{
    const char *good[] = {"standard",
                          "no-split",
                          "rollover",
                          "even-split",
                          "chinese",
                          "onedie",
                          "",
                          "standard,fingers=2",
                          "standard,fingers=1048576",
                          "onedie,target=1"};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        chopsat_err err;
        chopsat_rules *r = chopsat_rules_parse(good[i], &err);
        CHECKF(r != NULL, "'%s' refused: %s", good[i], r ? "" : err.msg);
        chopsat_rules_free(r);
    }
    struct {
        const char *spec, *msg;
    } bad[] = {
        {"nonsense", "unknown preset 'nonsense'"},
        {"standard,colour=red", "unknown key 'colour'"},
        {"standard,fingers=1", "fingers=1 is out of range"},
        {"standard,fingers=18446744073709551616", "out of range"},
        {"standard,fingers=five", "not a number"},
        {"standard,fingers=", "not a number"},
        {"standard,fingers=5,fingers=6", "given twice"},
        {"standard,overflow=wrap", "overflow=wrap is not allowed"},
        {"standard,split=none,suicide=no", "suicide applies only with split=free"},
        {"no-split,revive=yes", "revive applies only with split=free"},
        {"standard,target=31", "does not apply to the chopsticks game"},
        {"onedie,fingers=5", "does not apply to the onedie game"},
        {"onedie,target=0", "out of range"},
        {"standard,fingers", "not key=value"},
        {"fingers=5", "unknown preset"},
        {"standard, fingers=5", "white space"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        chopsat_err err = {{0}};
        chopsat_rules *r = chopsat_rules_parse(bad[i].spec, &err);
        CHECKF(r == NULL, "'%s' accepted", bad[i].spec);
        CHECKF(strstr(err.msg, bad[i].msg) != NULL, "'%s': '%s', wanted '%s'", bad[i].spec, err.msg,
               bad[i].msg);
        CHECKF(!strchr(err.msg, '\n'), "'%s': message of more than one line", bad[i].spec);
        chopsat_rules_free(r);
    }
}

/* Parses text under spec and prints it back; the result must be `want`. */
static void notation(const char *spec, const char *text, const char *want)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_pos p;
    chopsat_err err;
    int rc = chopsat_pos_parse(r, text, &p, &err);
    CHECKF(rc == 0, "%s: '%s' refused: %s", spec, text, rc ? err.msg : "");
    if (!rc) {
        char buf[64];
        chopsat_pos_format(r, &p, buf, sizeof buf);
        CHECKF(!strcmp(buf, want), "%s: '%s' printed as '%s', wanted '%s'", spec, text, buf, want);
    }
    chopsat_rules_free(r);
}

TEST(rules_notation_parse_normalise_print)
{
    notation("standard", "start", "11/11:1");
    notation("standard", "11/04", "11/04:1");
    notation("standard", "1,1/0,4:2", "11/04:2");
    notation("standard", "41/30", "14/03:1"); /* unordered: smaller first */
    notation("standard,hands=ordered", "41/30:2", "41/30:2");
    notation("standard,fingers=10", "99/09", "99/09:1");
    notation("standard,fingers=11", "10,1/0,4", "1,10/0,4:1"); /* comma form past ten fingers */
    notation("standard,fingers=1048576", "1048575,0/1,1:2", "0,1048575/1,1:2");
    notation("onedie", "start", "0@0:1");
    notation("onedie", "24@3", "24@3:1");
    notation("onedie", "24@3:2", "24@3:2");
    notation("onedie", "36@6", "36@6:1");
    notation("onedie,target=50", "55@6", "55@6:1");
}

TEST(rules_notation_refusals)
{
    struct {
        const char *spec, *text, *msg;
    } bad[] = {
        {"standard", "", "empty position"},
        {"standard", "1111", "has no '/'"},
        {"standard", "11/4", "bad hands '4'"},
        {"standard", "111/11", "bad hands '111'"},
        {"standard", "11/11/11", "bad hands"},
        {"standard", "/11", "bad hands"},
        {"standard", "11/", "bad hands"},
        {"standard", "11/11:3", "player to move '3'"},
        {"standard", "11/11:", "player to move ''"},
        {"standard", "11/11:12", "player to move '12'"},
        {"standard", "a1/11", "bad hands 'a1'"},
        {"standard", "15/11", "a hand of 5 fingers is out of range (0 .. 4)"},
        {"standard", "1,5/1,1", "out of range"},
        {"standard", "1,/1,1", "bad hands"},
        {"standard", ",1/1,1", "bad hands"},
        {"standard", "1,1,1/1,1", "bad hands"},
        {"standard", "-1,1/1,1", "bad hands"},
        {"standard", " 11/11", "bad hands"},
        {"standard", "99999999999999999999,1/1,1", "out of range"},
        {"standard,fingers=11", "11/11", "must be written a,b when fingers > 10"},
        {"standard", "Start", "has no '/'"},
        {"onedie", "24", "bad one-die position"},
        {"onedie", "@3", "bad one-die position"},
        {"onedie", "24@", "bad one-die position"},
        {"onedie", "24@3x", "bad one-die position"},
        {"onedie", "24@3:0", "player to move '0'"},
        {"onedie", "3@4", "no position of the one-die game"},
        {"onedie", "24@7", "no position of the one-die game"},
        {"onedie", "24@0", "no position of the one-die game"},
        {"onedie", "0@3", "no position of the one-die game"},
        {"onedie", "37@1", "no position of the one-die game"},
        {"onedie", "11/11", "bad one-die position"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        chopsat_rules *r = test_rules(bad[i].spec);
        if (!r) continue;
        chopsat_pos p;
        chopsat_err err = {{0}};
        int rc = chopsat_pos_parse(r, bad[i].text, &p, &err);
        CHECKF(rc == -1, "%s: '%s' accepted", bad[i].spec, bad[i].text);
        CHECKF(strstr(err.msg, bad[i].msg) != NULL, "%s: '%s': '%s', wanted '%s'", bad[i].spec,
               bad[i].text, err.msg, bad[i].msg);
        chopsat_rules_free(r);
    }
}

TEST(rules_move_lookup)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_pos p = test_pos(r, "23/14"), q = test_pos(r, "23/01:2");
    chopsat_move m;
    REQUIRE(chopsat_move_between(r, &p, &q, &m, NULL) == 0);
    CHECK(!strcmp(m.name, "tap 2>4") && m.kind == CHOPSAT_TAP);
    CHECK(chopsat_move_by_name(r, &p, "Split 1,4", &m, NULL) == 0 && m.kind == CHOPSAT_SPLIT);
    CHECK(chopsat_move_by_name(r, &p, "3>1", &m, NULL) == 0 && !strcmp(m.name, "tap 3>1"));
    CHECK(chopsat_move_by_name(r, &p, "tap 4>4", &m, NULL) == CHOPSAT_NO);
    q = test_pos(r, "23/14:2");
    CHECK(chopsat_move_between(r, &p, &q, &m, NULL) == CHOPSAT_NO);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(rules)
{
    SCHEDULE(rules_standard_moves_by_hand);
    SCHEDULE(rules_fingers);
    SCHEDULE(rules_overflow_rollover);
    SCHEDULE(rules_hands_ordered);
    SCHEDULE(rules_tap_self_add);
    SCHEDULE(rules_split_variants);
    SCHEDULE(rules_suicide_and_revive);
    SCHEDULE(rules_win_condition);
    SCHEDULE(rules_chinese_preset);
    SCHEDULE(rules_onedie_moves_and_target);
    SCHEDULE(rules_presets_and_refusals);
    SCHEDULE(rules_notation_parse_normalise_print);
    SCHEDULE(rules_notation_refusals);
    SCHEDULE(rules_move_lookup);
}
