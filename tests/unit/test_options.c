/* test_options.c: the rules strings through the games' option tables (rules.c with
 * src/<game>_options.c): every description parses back to the same rules (the header of a
 * dumped CNF depends on it), every choice and number survives set and get, the default of every
 * choice option is listed first (as `chopsat rules` claims), `chopsat rules` lists every option
 * of every game, and bad specifications are refused with a message that names the problem. */
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "games/game.h"
#include "harness.h"

/* Parses spec, describes it, parses the description and describes that: both descriptions must
 * be equal and the two rules must play the same game with the same options. */
static void round_trip(const char *spec)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    char d1[512], d2[512];
    chopsat_rules_describe(r, d1, sizeof d1);
    chopsat_err err;
    chopsat_rules *r2 = chopsat_rules_parse(d1, &err);
    CHECKF(r2 != NULL, "'%s' describes as '%s', which does not parse: %s", spec, d1,
           r2 ? "" : err.msg);
    if (r2) {
        chopsat_rules_describe(r2, d2, sizeof d2);
        CHECKF(!strcmp(d1, d2), "'%s': '%s' then '%s'", spec, d1, d2);
        CHECK(r2->game == r->game);
        for (int k = 0; r->game->options[k].key; k++)
            CHECKF(r->game->get_option(r, k) == r2->game->get_option(r2, k),
                   "'%s': option %s changed", spec, r->game->options[k].key);
        chopsat_rules_free(r2);
    }
    chopsat_rules_free(r);
}

TEST(options_descriptions_parse_back)
{
    static const char *specs[] = {
        "standard",
        "no-split",
        "rollover",
        "even-split",
        "chinese",
        "onedie",
        "onedie,target=1",
        "onedie,target=1000000",
        "standard,suicide=no,revive=no",
        "no-split,split=free,revive=no",
        "chinese,split=even-lone",
        "standard,fingers=1048576,hands=ordered,win=finish",
        "rollover,tap=self-add,split=none",
        "even-split,fingers=2",
    };
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
        round_trip(specs[i]);
}

TEST(options_description_leaves_out_what_does_not_apply)
{
    chopsat_rules *r = test_rules("no-split");
    REQUIRE(r);
    char d[512];
    chopsat_rules_describe(r, d, sizeof d);
    CHECKF(!strcmp(d, "no-split,fingers=5,overflow=cutoff,hands=unordered,tap=opponent,split=none,"
                      "win=eliminate"),
           "%s", d);
    chopsat_rules_free(r);
    r = test_rules("onedie,target=50");
    REQUIRE(r);
    chopsat_rules_describe(r, d, sizeof d);
    CHECKF(!strcmp(d, "onedie,target=50"), "%s", d);
    chopsat_rules_free(r);
}

/* A copy of rules r of game g (each game's rules are g->rules_size bytes). */
static chopsat_rules *rules_copy(const game *g, const chopsat_rules *r)
{
    chopsat_rules *t = malloc(g->rules_size);
    memcpy(t, r, g->rules_size);
    return t;
}

TEST(options_set_get_every_value_default_first)
{
    static const game *games[] = {&chop_game, &onedie_game};
    for (int g = 0; g < 2; g++) {
        CHECK(games[g]->rules_size >= sizeof(chopsat_rules));
        chopsat_rules *r = calloc(1, games[g]->rules_size);
        r->game = games[g];
        games[g]->defaults(r);
        int n = 0;
        for (int k = 0; games[g]->options[k].key; k++, n++) {
            const game_option *o = &games[g]->options[k];
            if (o->values) {
                CHECKF(games[g]->get_option(r, k) == 0, "%s: the default is not listed first",
                       o->key);
                uint32_t choices = 1;
                for (const char *c = o->values; *c; c++)
                    choices += *c == '|';
                for (uint32_t v = 0; v < choices; v++) {
                    chopsat_rules *t = rules_copy(games[g], r);
                    games[g]->set_option(t, k, v);
                    CHECKF(games[g]->get_option(t, k) == v, "%s: choice %u", o->key, v);
                    free(t);
                }
            } else if (o->pair) { /* a * 256 + b, each lo .. hi */
                uint64_t def = games[g]->get_option(r, k);
                CHECKF(def == o->pair_def && def >> 8 >= o->lo && def >> 8 <= o->hi &&
                           (def & 0xff) >= o->lo && (def & 0xff) <= o->hi,
                       "%s: default pair %llu", o->key, (unsigned long long)def);
                chopsat_rules *t = rules_copy(games[g], r);
                games[g]->set_option(t, k, o->lo << 8 | o->hi);
                CHECK(games[g]->get_option(t, k) == (o->lo << 8 | o->hi));
                free(t);
            } else {
                uint32_t def = games[g]->get_option(r, k);
                CHECKF(def >= o->lo && def <= o->hi, "%s: default %u out of range", o->key, def);
                uint32_t vals[3] = {o->lo, o->hi, (o->lo + o->hi) / 2};
                for (int i = 0; i < 3; i++) {
                    chopsat_rules *t = rules_copy(games[g], r);
                    games[g]->set_option(t, k, vals[i]);
                    CHECK(games[g]->get_option(t, k) == vals[i]);
                    free(t);
                }
            }
        }
        CHECK(n >= 1 && n <= 32);
        free(r);
    }
}

TEST(options_help_lists_every_option_of_every_game)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    REQUIRE(f);
    chopsat_rules_help(f);
    fclose(f);
    static const game *games[] = {&chop_game, &onedie_game};
    for (int g = 0; g < 2; g++) {
        CHECKF(strstr(text, games[g]->title) != NULL, "no section for %s", games[g]->name);
        for (int k = 0; games[g]->options[k].key; k++)
            CHECKF(strstr(text, games[g]->options[k].meaning) != NULL, "%s missing",
                   games[g]->options[k].key);
    }
    CHECK(strstr(text, "target    31") != NULL);
    CHECK(strstr(text, "fingers   5") != NULL);
    free(text);
}

TEST(options_bad_specifications)
{
    static const struct {
        const char *spec, *msg;
    } bad[] = {
        {"onedie,fingers=3", "key 'fingers' does not apply to the onedie game"},
        {"standard,target=3", "key 'target' does not apply to the chopsticks game"},
        {"standard,bogus=1", "unknown key 'bogus'"},
        {"standard,tap=x", "tap=x is not allowed (choose opponent|self-add)"},
        {"standard,fingers=1", "fingers=1 is out of range (2 .. 18446744073709551615)"},
        {"onedie,target=0", "target=0 is out of range (1 .. 1000000)"},
        {"onedie,target=3x", "target=3x is not a number"},
        {"standard,win=finish,win=finish", "key 'win' is given twice"},
        {"no-split,suicide=no", "suicide applies only with split=free"},
        {"standard,split=even-lone,revive=no", "revive applies only with split=free"},
        {"nosuch", "unknown preset 'nosuch' (see 'chopsat rules')"},
        {"standrad", "unknown preset 'standrad' (did you mean 'standard'?"},
        {"onedie,targte=5", "unknown key 'targte' (did you mean 'target'?"},
        {"standard,finger=3", "unknown key 'finger' (did you mean 'fingers'?"},
        {"standard,bogus=1", "unknown key 'bogus' (see 'chopsat rules')"},
        {"standard,fingers", "'fingers' is not key=value"},
        {"standard, fingers=3", "contains white space"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        chopsat_err err;
        memset(&err, 0, sizeof err);
        chopsat_rules *r = chopsat_rules_parse(bad[i].spec, &err);
        CHECKF(r == NULL, "'%s' accepted", bad[i].spec);
        chopsat_rules_free(r);
        CHECKF(strstr(err.msg, bad[i].msg) != NULL, "'%s': '%s'", bad[i].spec, err.msg);
    }
}

/* Whether word is one of the "|"-separated choices. */
static bool among(const char *choices, const char *word)
{
    size_t n = strlen(word);
    for (const char *c = choices;; c++) {
        size_t len = strcspn(c, "|");
        if (len == n && !strncmp(c, word, n)) return true;
        c += len;
        if (!*c) return false;
    }
}

/* Each option's `needs` ("split=free") names another option of the same game and one of its
 * words: the list of options (games/game_options.h) can say when an option matters only if it
 * is spelled right. */
TEST(options_needs_name_an_option_and_its_word)
{
    static const game *games[] = {&chop_game, &onedie_game};
    int with_needs = 0;
    for (int g = 0; g < 2; g++)
        for (int k = 0; games[g]->options[k].key; k++) {
            const char *needs = games[g]->options[k].needs;
            if (!needs) continue;
            with_needs++;
            const char *eq = strchr(needs, '=');
            REQUIRE(eq != NULL);
            int found = -1;
            for (int j = 0; games[g]->options[j].key; j++)
                if (strlen(games[g]->options[j].key) == (size_t)(eq - needs) &&
                    !strncmp(games[g]->options[j].key, needs, (size_t)(eq - needs)))
                    found = j;
            CHECKF(found >= 0 && found != k, "%s: needs '%s' names no other option",
                   games[g]->options[k].key, needs);
            if (found >= 0)
                CHECKF(games[g]->options[found].values &&
                           among(games[g]->options[found].values, eq + 1),
                       "%s: needs '%s', not a word of %s", games[g]->options[k].key, needs,
                       games[g]->options[found].key);
        }
    CHECK(with_needs == 2); /* suicide and revive */
}

/* chopsat_nearest, the "did you mean" of the rules and of the command: one slip (a letter
 * more, less, changed, or two swapped) or two in a long word is found, a stranger is not. */
TEST(options_nearest_word)
{
    static const char *const commands[] = {"rules", "moves", "solve", "stats", "win", "reach"};
    static const char *const flags[] = {"--polarity", "--player", "--prefix", "-k"};
    size_t nc = sizeof commands / sizeof commands[0], nf = sizeof flags / sizeof flags[0];
    static const struct {
        const char *word, *want;
    } cases[] = {
        {"slove", "solve"}, {"solv", "solve"},  {"solvee", "solve"}, {"sovle", "solve"},
        {"wn", "win"},      {"raech", "reach"}, {"stat", "stats"},   {"rule", "rules"},
        {"xyz", NULL},      {"", NULL},         {"s", NULL},         {"check", NULL},
        {"solve", NULL}, /* the word itself is no slip */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *got = chopsat_nearest(cases[i].word, commands, nc);
        CHECKF(cases[i].want ? got && !strcmp(got, cases[i].want) : !got, "'%s': got '%s'",
               cases[i].word, got ? got : "(none)");
    }
    const char *p = chopsat_nearest("--polarty", flags, nf);
    CHECKF(p && !strcmp(p, "--polarity"), "%s", p ? p : "(none)");
    p = chopsat_nearest("--playr", flags, nf);
    CHECKF(p && !strcmp(p, "--player"), "%s", p ? p : "(none)");
    p = chopsat_nearest("--k", flags, nf);
    CHECKF(p && !strcmp(p, "-k"), "%s", p ? p : "(none)");
    CHECK(chopsat_nearest("--quiet", flags, nf) == NULL);
    CHECK(chopsat_nearest("--frobnicate", flags, nf) == NULL);
}

SCHEDULE_FILE(options)
{
    SCHEDULE(options_descriptions_parse_back);
    SCHEDULE(options_description_leaves_out_what_does_not_apply);
    SCHEDULE(options_set_get_every_value_default_first);
    SCHEDULE(options_help_lists_every_option_of_every_game);
    SCHEDULE(options_bad_specifications);
    SCHEDULE(options_needs_name_an_option_and_its_word);
    SCHEDULE(options_nearest_word);
}
