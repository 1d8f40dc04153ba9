/* test_witness.c: witness replay (witness.c) accepts good witnesses and rejects each kind of
 * bad one (wrong start, too long, wrong exact length, an illegal step, a move from a terminal
 * position, a repetition the setting forbids, the wrong end) with a message naming it. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

typedef struct fixture {
    chopsat_rules *r;
    chopsat_query q;
    chopsat_pos path[16];
    size_t n;
} fixture;

/* A question in the standard game from the start, with the path given as position texts;
 * f->r is parsed once (f starts zeroed) and freed by the test. */
static void setup(fixture *f, chopsat_question kind, const char *target, int player, int k,
                  chopsat_repeat rep, bool exact, const char *const *texts)
{
    if (!f->r) f->r = test_rules("standard");
    f->q = (chopsat_query){.kind = kind, .player = player, .k = k, .repeat = rep, .exact = exact};
    chopsat_pos_start(f->r, &f->q.from);
    if (target) f->q.target = test_pos(f->r, target);
    for (f->n = 0; texts[f->n]; f->n++)
        f->path[f->n] = test_pos(f->r, texts[f->n]);
}

/* Replays the fixture; returns the message ("" when it is accepted). */
static const char *replay(fixture *f, chopsat_moves *names)
{
    static chopsat_err err;
    err.msg[0] = 0;
    if (chopsat_replay(f->r, &f->q, f->path, f->n, names, &err) == 0) return "";
    CHECK(err.msg[0] != 0);
    return err.msg;
}

/* Player 2 wins in 4: 1 splits to 02, 2 taps it to 03, 1 taps 3 on a 1, 4 kills the 3. */
static const char *const p2_win[] = {"11/11:1", "02/11:2", "03/11:1", "03/14:2", "00/14:1", NULL};

TEST(witness_accepts_good_paths)
{
    fixture f = {0};
    setup(&f, CHOPSAT_Q_WIN, NULL, 2, 4, CHOPSAT_REPEAT_PATH, true, p2_win);
    chopsat_moves names = {0};
    CHECK(!strcmp(replay(&f, &names), ""));
    CHECK(names.n == 4);
    CHECK(names.n == 4 && chopsat_pos_equal(&names.items[3].to, &f.path[4]));
    CHECK(names.n == 4 && names.items[0].kind == CHOPSAT_SPLIT &&
          names.items[1].kind == CHOPSAT_TAP);
    f.q.exact = false;
    f.q.k = 30;
    CHECK(!strcmp(replay(&f, NULL), ""));
    /* reach, zero moves */
    static const char *const only_start[] = {"start", NULL};
    setup(&f, CHOPSAT_Q_REACH, "11/11", 0, 0, CHOPSAT_REPEAT_PATH, true, only_start);
    CHECK(!strcmp(replay(&f, &names), ""));
    CHECK(names.n == 0);
    /* back to the start in 4 moves: allowed with off and immediate, not with path */
    static const char *const round[] = {"11/11", "02/11:2", "02/02", "11/02:2", "11/11", NULL};
    setup(&f, CHOPSAT_Q_REACH, "11/11", 0, 4, CHOPSAT_REPEAT_IMMEDIATE, true, round);
    CHECK(!strcmp(replay(&f, NULL), ""));
    f.q.repeat = CHOPSAT_REPEAT_PATH;
    CHECK(strstr(replay(&f, NULL), "move 4 repeats position 0") != NULL);
    chopsat_moves_free(&names);
    chopsat_rules_free(f.r);
}

TEST(witness_rejects_bad_paths)
{
    fixture f = {0};
    setup(&f, CHOPSAT_Q_WIN, NULL, 2, 4, CHOPSAT_REPEAT_OFF, false, p2_win);
    /* wrong start */
    f.q.from = test_pos(f.r, "11/12");
    CHECK(strstr(replay(&f, NULL), "is not the start 11/12:1") != NULL);
    chopsat_pos_start(f.r, &f.q.from);
    /* too long, and the wrong exact length */
    f.q.k = 3;
    CHECK(strstr(replay(&f, NULL), "at most 3") != NULL);
    f.q.k = 5;
    f.q.exact = true;
    CHECK(strstr(replay(&f, NULL), "exactly 5") != NULL);
    f.q.exact = false;
    /* an illegal step: 03/11:1 cannot become 03/15:2 */
    f.path[3] = test_pos(f.r, "03/12:2");
    CHECK(strstr(replay(&f, NULL), "move 3, from position 2 (03/11:1) to position 3 "
                                   "(03/12:2), is not a legal move") != NULL);
    /* the player to move is part of the position */
    f.path[3] = test_pos(f.r, "03/14:1");
    CHECK(strstr(replay(&f, NULL), "move 3") != NULL);
    f.path[3] = test_pos(f.r, "03/14:2");
    /* the wrong end: won by the other player, or not over */
    f.q.player = 1;
    CHECK(strstr(replay(&f, NULL), "won by player 2") != NULL);
    f.q.player = 2;
    f.n = 4;
    CHECK(strstr(replay(&f, NULL), "not over") != NULL);
    f.n = 5;
    /* a move from a terminal position */
    f.path[5] = test_pos(f.r, "00/24:2");
    f.n = 6;
    f.q.k = 6;
    CHECK(strstr(replay(&f, NULL), "move 5 leaves position 4 (00/14:1), where the game is "
                                   "already over") != NULL);
    /* reach: the wrong end */
    f.n = 5;
    f.q.kind = CHOPSAT_Q_REACH;
    f.q.target = test_pos(f.r, "00/14:2");
    CHECK(strstr(replay(&f, NULL), "not in the target 00/14:2") != NULL);
    f.q.target = test_pos(f.r, "00/14:1");
    CHECK(!strcmp(replay(&f, NULL), ""));
    /* empty */
    f.n = 0;
    CHECK(strstr(replay(&f, NULL), "empty") != NULL);
    chopsat_rules_free(f.r);
}

/* Repetitions: under immediate (the course report's rule) a sequence may come back to a
 * position but may not repeat a block of positions just played; a forged repetition is
 * reported before the illegal move that must follow it. */
TEST(witness_rejects_repetition)
{
    fixture f = {0};
    /* the report's example: 2,2 -> 0,4 -> 2,2 for both players, round twice */
    static const char *const twice[] = {"22/22",   "04/22:2", "04/04",   "22/04:2", "22/22",
                                        "04/22:2", "04/04",   "22/04:2", "22/22",   NULL};
    setup(&f, CHOPSAT_Q_REACH, "22/22", 0, 8, CHOPSAT_REPEAT_IMMEDIATE, true, twice);
    f.q.from = f.path[0];
    CHECK(strstr(replay(&f, NULL), "move 7, to position 7 (22/04:2), repeats positions 0..3 "
                                   "as 4..7 (repetition immediate)") != NULL);
    f.q.repeat = CHOPSAT_REPEAT_OFF;
    CHECK(!strcmp(replay(&f, NULL), ""));
    f.q.repeat = CHOPSAT_REPEAT_IMMEDIATE; /* once round is allowed */
    f.q.k = 4;
    f.n = 5;
    CHECK(!strcmp(replay(&f, NULL), ""));
    /* a forged block of one position, before the illegal move */
    static const char *const stay[] = {"11/11", "11/11", NULL};
    setup(&f, CHOPSAT_Q_REACH, "11/11", 0, 1, CHOPSAT_REPEAT_IMMEDIATE, false, stay);
    CHECK(strstr(replay(&f, NULL), "move 1, to position 1 (11/11:1), repeats positions 0..0 "
                                   "as 1..1 (repetition immediate)") != NULL);
    /* going back is no repeated block: the forged move back is reported as illegal */
    static const char *const back[] = {"11/11", "02/11:2", "11/11", NULL};
    setup(&f, CHOPSAT_Q_REACH, "11/11", 0, 2, CHOPSAT_REPEAT_IMMEDIATE, false, back);
    CHECK(strstr(replay(&f, NULL), "move 2, from position 1 (02/11:2) to position 2 (11/11:1), "
                                   "is not a legal move") != NULL);
    /* a later repetition under path, found by its first offending move */
    static const char *const loop[] = {"11/11", "02/11:2", "02/02", "11/02:2",
                                       "11/11", "02/11:2", NULL};
    setup(&f, CHOPSAT_Q_REACH, "02/11:2", 0, 6, CHOPSAT_REPEAT_PATH, false, loop);
    CHECK(strstr(replay(&f, NULL), "move 4 repeats position 0 in position 4 (11/11:1) "
                                   "(repetition path)") != NULL);
    f.q.repeat = CHOPSAT_REPEAT_OFF;
    CHECK(!strcmp(replay(&f, NULL), ""));
    chopsat_rules_free(f.r);
}

SCHEDULE_FILE(witness)
{
    SCHEDULE(witness_accepts_good_paths);
    SCHEDULE(witness_rejects_bad_paths);
    SCHEDULE(witness_rejects_repetition);
}
