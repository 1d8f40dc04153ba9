/* game_options.h: how a game declares each of its options once. The game's own header
 * (src/games/<game>_options.h) lists them as one macro, LIST(NUMBER, CHOICE, YES_NO), a line
 * an option, in the order `chopsat rules` shows them:
 *
 *   NUMBER(key, field, default, lo, hi, needs, meaning)       a whole number lo .. hi (uint64_t)
 *   CHOICE(key, field, type, default, "a|b", needs, meaning)  word i of "a|b" held as (type)i;
 *                                                             the default is listed first
 *   YES_NO(key, field, default, needs, meaning)               "yes|no" held as a bool (yes: true)
 *   PAIR(key, field, default, lo, hi, needs, meaning)         "a" (meaning a/a) or "a/b", each
 *                                                             lo .. hi, held as a * 256 + b;
 *                                                             described only off its default
 *
 * key is the word of `--rules preset,key=value` and field the member of the game's rules struct;
 * needs is NULL or "other=word": the option means something only when option `other` is `word`
 * (rules.c then refuses it when given otherwise and leaves it out of the description); meaning
 * is the line of `chopsat rules` (a number's range is added to it). From that one list,
 * GAME_OPTION_FIELDS declares the fields of the rules struct and GAME_OPTION_FUNCTIONS defines
 * what the game table points at: the table of struct game_option and the defaults, get and set
 * functions. */
#ifndef CHOPSAT_GAME_OPTIONS_H
#define CHOPSAT_GAME_OPTIONS_H

#include "games/game.h"

/* The members of the rules struct, one per option. */
#define GAME_FIELD_NUMBER(key, field, def, lo, hi, needs, meaning)      uint64_t field;
#define GAME_FIELD_CHOICE(key, field, type, def, words, needs, meaning) type field;
#define GAME_FIELD_YES_NO(key, field, def, needs, meaning)              bool field;
#define GAME_FIELD_PAIR(key, field, def, lo, hi, needs, meaning)        uint64_t field;
#define GAME_OPTION_FIELDS(LIST)                                                                   \
    LIST(GAME_FIELD_NUMBER, GAME_FIELD_CHOICE, GAME_FIELD_YES_NO, GAME_FIELD_PAIR)

/* An option's index in the table: GAME_OPTION_<key>. */
#define GAME_OPTION_INDEX(key, ...) GAME_OPTION_##key,

#define GAME_ROW_NUMBER(key, field, def, lo, hi, needs, meaning)                                   \
    {#key, NULL, lo, hi, needs, meaning, false, 0},
#define GAME_ROW_PAIR(key, field, def, lo, hi, needs, meaning)                                     \
    {#key, NULL, lo, hi, needs, meaning, true, def},
#define GAME_ROW_CHOICE(key, field, type, def, words, needs, meaning)                              \
    {#key, words, 0, 0, needs, meaning, false, 0},
#define GAME_ROW_YES_NO(key, field, def, needs, meaning)                                           \
    {#key, "yes|no", 0, 0, needs, meaning, false, 0},

#define GAME_DEFAULT_NUMBER(key, field, def, ...)       r->field = def;
#define GAME_DEFAULT_CHOICE(key, field, type, def, ...) r->field = def;
#define GAME_DEFAULT_YES_NO(key, field, def, ...)       r->field = def;
#define GAME_DEFAULT_PAIR(key, field, def, ...)         r->field = def;

#define GAME_GET_NUMBER(key, field, ...)                                                           \
    case GAME_OPTION_##key:                                                                        \
        return r->field;
#define GAME_GET_CHOICE(key, field, ...)                                                           \
    case GAME_OPTION_##key:                                                                        \
        return (uint64_t)r->field;
#define GAME_GET_YES_NO(key, field, ...)                                                           \
    case GAME_OPTION_##key:                                                                        \
        return !r->field; /* yes is word 0 */
#define GAME_GET_PAIR GAME_GET_NUMBER

#define GAME_SET_NUMBER(key, field, ...)                                                           \
    case GAME_OPTION_##key:                                                                        \
        r->field = v;                                                                              \
        break;
#define GAME_SET_CHOICE(key, field, type, ...)                                                     \
    case GAME_OPTION_##key:                                                                        \
        r->field = (type)v;                                                                        \
        break;
#define GAME_SET_YES_NO(key, field, ...)                                                           \
    case GAME_OPTION_##key:                                                                        \
        r->field = v == 0;                                                                         \
        break;
#define GAME_SET_PAIR GAME_SET_NUMBER

/* Defines, for the game whose rules struct is `type` and whose options are LIST:
 * <prefix>_options[] (ended by a NULL key), <prefix>_defaults, <prefix>_get_option and
 * <prefix>_set_option (a choice as its word's index, a number as itself; rules.c has checked
 * the value). */
#define GAME_OPTION_FUNCTIONS(prefix, type, LIST)                                                  \
    enum { LIST(GAME_OPTION_INDEX, GAME_OPTION_INDEX, GAME_OPTION_INDEX, GAME_OPTION_INDEX) };     \
    const game_option prefix##_options[] = {                                                       \
        LIST(GAME_ROW_NUMBER, GAME_ROW_CHOICE, GAME_ROW_YES_NO,                                    \
             GAME_ROW_PAIR){NULL, NULL, 0, 0, NULL, NULL, false, 0}};                              \
    void prefix##_defaults(chopsat_rules *rules)                                                   \
    {                                                                                              \
        type *r = (type *)rules;                                                                   \
        LIST(GAME_DEFAULT_NUMBER, GAME_DEFAULT_CHOICE, GAME_DEFAULT_YES_NO, GAME_DEFAULT_PAIR)     \
    }                                                                                              \
    uint64_t prefix##_get_option(const chopsat_rules *rules, int k)                                \
    {                                                                                              \
        const type *r = (const type *)rules;                                                       \
        switch (k) {                                                                               \
            LIST(GAME_GET_NUMBER, GAME_GET_CHOICE, GAME_GET_YES_NO, GAME_GET_PAIR)                 \
        }                                                                                          \
        return 0;                                                                                  \
    }                                                                                              \
    void prefix##_set_option(chopsat_rules *rules, int k, uint64_t v)                              \
    {                                                                                              \
        type *r = (type *)rules;                                                                   \
        switch (k) {                                                                               \
            LIST(GAME_SET_NUMBER, GAME_SET_CHOICE, GAME_SET_YES_NO, GAME_SET_PAIR)                 \
        }                                                                                          \
    }

#endif
