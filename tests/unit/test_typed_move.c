/* test_typed_move.c: chopsat_move_parse, the reader of moves as people type them (chopsat
 * check, chopsat play), against the move generator. The typed reader plays moves physically
 * from the rules (chop_typed.c, onedie_typed.c), the generator lists one move per result: at
 * every position of many rule sets, every name the generator gives reads back as that move,
 * every physical move typed reads as a listed move, and together the typed moves reach every
 * listed move. Then the cases of issue 11 and the reasons given for illegal moves. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* Types every candidate move at p (taps/adds with every pair of operands, splits with every
 * x,y, faces 0..8) and checks each accepted one is a listed move; returns in reached[i]
 * whether listed move i was reached. */
static void type_everything(const chopsat_rules *r, const chopsat_pos *p, const chopsat_moves *ms,
                            bool *reached, unsigned fingers, const char *spec)
{
    char text[64];
    const char *hands = "lr";
    for (int kind = 0; kind < 6; kind++)
        for (unsigned a = 0; a <= fingers; a++)
            for (unsigned b = 0; b <= fingers; b++) {
                if (kind == 0)
                    snprintf(text, sizeof text, "%u>%u", a, b);
                else if (kind == 1)
                    snprintf(text, sizeof text, "add %u+%u", a, b);
                else if (kind == 2)
                    snprintf(text, sizeof text, "split %u,%u", a, b);
                else if (kind == 3 && a < 2 && b < 2)
                    snprintf(text, sizeof text, "%c>%c", hands[a], hands[b]);
                else if (kind == 4 && a < 2 && b < 2)
                    snprintf(text, sizeof text, "%c+%c", hands[a], hands[b]);
                else if (kind == 5 && b == 0)
                    snprintf(text, sizeof text, "%u", a);
                else
                    continue;
                chopsat_move m;
                chopsat_err err;
                int rc = chopsat_move_parse(r, p, text, &m, NULL, &err);
                if (rc < 0) {
                    CHECKF(strlen(err.msg) > 10, "%s: '%s': a reason", spec, text);
                    continue;
                }
                bool found = false;
                for (size_t i = 0; i < ms->n; i++)
                    if (chopsat_pos_equal(&ms->items[i].to, &m.to) &&
                        !strcmp(ms->items[i].name, m.name)) {
                        reached[i] = found = true;
                    }
                CHECKF(found, "%s: '%s' read as '%s', which is no listed move", spec, text, m.name);
            }
}

static void sweep(const char *spec, unsigned fingers)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_solution *sol = chopsat_solve(r, NULL, NULL, NULL);
    REQUIRE(sol);
    chopsat_pos p;
    chopsat_moves ms = {0};
    for (uint64_t i = 0; i < chopsat_solution_size(sol); i++) {
        if (!chopsat_solution_position(sol, i, &p)) continue;
        chopsat_moves_list(r, &p, &ms, NULL);
        chopsat_move m;
        chopsat_err err;
        if (!ms.n) {
            CHECK(chopsat_move_parse(r, &p, "1>1", &m, NULL, &err) == CHOPSAT_ERROR &&
                  strstr(err.msg, "over"));
            continue;
        }
        bool *reached = calloc(ms.n, sizeof *reached);
        for (size_t k = 0; k < ms.n; k++) {
            const char *name = ms.items[k].name, *sp = strchr(name, ' ');
            bool renamed = true;
            CHECKF(chopsat_move_parse(r, &p, name, &m, &renamed, &err) == CHOPSAT_OK &&
                       !strcmp(m.name, name) && !renamed,
                   "%s: '%s' does not read back", spec, name);
            CHECKF(chopsat_move_parse(r, &p, sp + 1, &m, &renamed, &err) == CHOPSAT_OK &&
                       !strcmp(m.name, name) && !renamed,
                   "%s: '%s' does not read back", spec, sp + 1);
        }
        type_everything(r, &p, &ms, reached, fingers, spec);
        for (size_t k = 0; k < ms.n; k++)
            CHECKF(reached[k], "%s: no typed move reaches %s", spec, ms.items[k].name);
        free(reached);
    }
    chopsat_moves_free(&ms);
    chopsat_solution_free(sol);
    chopsat_rules_free(r);
}

TEST(typed_moves_match_the_generator)
{
    static const char *presets[] = {"standard",
                                    "no-split",
                                    "rollover",
                                    "even-split",
                                    "chinese",
                                    "standard,suicide=no",
                                    "standard,revive=no",
                                    "standard,hands=ordered",
                                    "standard,tap=self-add",
                                    "rollover,hands=ordered,tap=self-add,win=finish"};
    for (size_t i = 0; i < sizeof presets / sizeof *presets; i++)
        for (unsigned n = 2; n <= 5; n++) {
            char spec[128];
            snprintf(spec, sizeof spec, "%s,fingers=%u", presets[i], n);
            sweep(spec, n);
        }
    sweep("onedie,target=12", 9);
}

/* What text reads as at pos under spec: the move's name, or the reason; returns 0 (the move
 * typed), 1 (another physical move leading to the same position: renamed), -1 (no legal move:
 * CHOPSAT_ERROR) or -2 (no move in the notation: CHOPSAT_NOTATION). */
static int typed(const char *spec, const char *pos, const char *text, char *out, size_t size)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return -9;
    chopsat_pos p = test_pos(r, pos);
    chopsat_move m;
    chopsat_err err;
    bool renamed = false;
    int rc = chopsat_move_parse(r, &p, text, &m, &renamed, &err);
    snprintf(out, size, "%s", rc < 0 ? err.msg : m.name);
    chopsat_rules_free(r);
    return rc == CHOPSAT_OK ? renamed : rc == CHOPSAT_ERROR ? -1 : rc == CHOPSAT_NOTATION ? -2 : -9;
}

TEST(typed_moves_of_issue_11)
{
    char got[512];
    /* a number is a die face in the one-die game */
    CHECK(typed("onedie", "5@1", "4", got, sizeof got) == 0 && !strcmp(got, "turn 4"));
    CHECK(typed("onedie", "5@1", " Turn 3 ", got, sizeof got) == 0 && !strcmp(got, "turn 3"));
    CHECK(typed("onedie", "0@0", "6", got, sizeof got) == 0 && !strcmp(got, "open 6"));
    CHECK(typed("onedie", "5@1", "1", got, sizeof got) < 0 && strstr(got, "on top already"));
    CHECK(typed("onedie", "5@1", "6", got, sizeof got) < 0 && strstr(got, "on the bottom"));
    CHECK(typed("onedie", "5@1", "7", got, sizeof got) < 0 && strstr(got, "faces 1 .. 6"));
    CHECK(typed("onedie", "31@3:1", "4", got, sizeof got) < 0 && strstr(got, "game is over"));
    /* a physical move the list names otherwise */
    CHECK(typed("standard", "34/24", "4>4", got, sizeof got) == 1 && !strcmp(got, "tap 3>4"));
    CHECK(typed("standard", "34/24", "tap 4>2", got, sizeof got) == 1 && !strcmp(got, "tap 3>2"));
    CHECK(typed("standard", "34/24", "TAP 3 > 4", got, sizeof got) == 0 && !strcmp(got, "tap 3>4"));
    CHECK(typed("standard", "11/11", "split 2,0", got, sizeof got) == 1 &&
          !strcmp(got, "split 0,2"));
    /* why a move is illegal */
    CHECK(typed("standard", "34/24", "1>2", got, sizeof got) < 0 &&
          strstr(got, "player 1 (to move) has no hand of 1"));
    CHECK(typed("standard", "34/24", "3>3", got, sizeof got) < 0 &&
          strstr(got, "player 2 has no hand of 3"));
    CHECK(typed("standard", "04/11", "0>1", got, sizeof got) < 0 && strstr(got, "dead hand"));
    CHECK(typed("standard", "13/11", "split 2,3", got, sizeof got) < 0 &&
          strstr(got, "your own fingers"));
    CHECK(typed("standard", "13/11", "split 3,1", got, sizeof got) < 0 && strstr(got, "swaps"));
    CHECK(typed("standard", "13/11", "split 0,5", got, sizeof got) < 0 && strstr(got, "at most 4"));
    CHECK(typed("standard,suicide=no", "11/11", "0,2", got, sizeof got) < 0 &&
          strstr(got, "suicide=no"));
    CHECK(typed("standard,revive=no", "04/11", "1,3", got, sizeof got) < 0 &&
          strstr(got, "revive=no"));
    CHECK(typed("no-split", "11/11", "0,2", got, sizeof got) < 0 && strstr(got, "split=none"));
    CHECK(typed("even-split", "13/11", "2,2", got, sizeof got) < 0 && strstr(got, "even-lone"));
    CHECK(typed("even-split", "04/11", "2,2", got, sizeof got) == 0 && !strcmp(got, "split 2,2"));
    CHECK(typed("standard", "11/11", "1+1", got, sizeof got) < 0 && strstr(got, "tap=opponent"));
    CHECK(typed("chinese", "11/11", "L>R", got, sizeof got) < 0 && strstr(got, "tap=self-add"));
    CHECK(typed("chinese", "11/11", "l+r", got, sizeof got) == 1 &&
          !strcmp(got, "add L+L")); /* both make 21 */
    CHECK(typed("standard", "11/11", "banana", got, sizeof got) == -2 &&
          strstr(got, "no move in this game's notation"));
    CHECK(typed("standard", "11/11", "", got, sizeof got) < 0 && strstr(got, "empty"));
    CHECK(typed("standard", "11/11", "2", got, sizeof got) == -2); /* a menu number in play */
    CHECK(typed("onedie", "5@1", "1", got, sizeof got) == -1);     /* a face, not legal here */
}

SCHEDULE_FILE(typed_move)
{
    SCHEDULE(typed_moves_match_the_generator);
    SCHEDULE(typed_moves_of_issue_11);
}
