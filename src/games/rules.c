/* rules.c: the presets of docs/rules.md and the parsing of "preset,key=value,..." strings, their
 * canonical description and the list `chopsat rules` prints. It knows the presets and, through
 * them, the games; every option (its key, choices or range, default, meaning, and when it
 * matters) is the game's own, declared once in its list (src/games/<game>_options.h) and read
 * from the game table. It knows nothing about how a game is played. */
#include "games/rules.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"
#include "games/game.h"

typedef struct preset {
    const char *name;
    const game *g;
    const char *overrides; /* applied on top of the game's defaults */
    const char *origin;
} preset;

static const preset presets[] = {
    {"standard", &chop_game, "", "Magic Fingers as solved in the Ruby Quiz #120 discussion"},
    {"no-split", &chop_game, "split=none", "the plain attack game"},
    {"rollover", &chop_game, "overflow=rollover", "the modular variant"},
    {"even-split", &chop_game, "split=even-lone", "\"split a lone even hand\" variant"},
    {"chinese", &chop_game,
     "fingers=10,overflow=rollover,hands=ordered,tap=self-add,split=none,win=finish",
     "the Chinese finger game used to practise addition within 10"},
    {"onedie", &onedie_game, "", "one die, a running total, the race to exactly 31"},
};

#define COUNT(a)    (sizeof(a) / sizeof((a)[0]))
#define MAX_OPTIONS 32

/* The games, in the order their first preset appears; returns how many. */
static size_t games(const game **out)
{
    size_t n = 0;
    for (size_t i = 0; i < COUNT(presets); i++) {
        size_t j = 0;
        while (j < n && out[j] != presets[i].g)
            j++;
        if (j == n) out[n++] = presets[i].g;
    }
    return n;
}

/* The index of option `key` in g's table, or -1. */
static int option_index(const game *g, const char *key)
{
    for (int k = 0; g->options[k].key; k++)
        if (!strcmp(g->options[k].key, key)) return k;
    return -1;
}

/* The index of `val` among the "|"-separated choices, or -1. */
static int choice_index(const char *choices, const char *val)
{
    size_t len = strlen(val);
    int i = 0;
    for (const char *c = choices;; i++) {
        size_t n = strcspn(c, "|");
        if (n == len && !strncmp(c, val, len)) return i;
        if (!c[n]) return -1;
        c += n + 1;
    }
}

/* Writes choice i of the "|"-separated choices into buf. */
static void choice_name(const char *choices, uint32_t i, char *buf, size_t size)
{
    const char *c = choices;
    for (; i > 0 && strchr(c, '|'); i--)
        c = strchr(c, '|') + 1;
    snprintf(buf, size, "%.*s", (int)strcspn(c, "|"), c);
}

/* Reads val as a decimal number in opt's range: exact up to 2^64 - 1, anything longer is out
 * of range (never wrapped). */
static int parse_number(const game_option *opt, const char *val, uint64_t *out, chopsat_err *err)
{
    if (!*val || !isdigit((unsigned char)*val))
        return fail(err, "rules: %s=%s is not a number", opt->key, val);
    uint64_t v = 0;
    bool over = false;
    const char *c = val;
    for (; isdigit((unsigned char)*c); c++) {
        unsigned d = (unsigned)(*c - '0');
        if (v > (UINT64_MAX - d) / 10)
            over = true;
        else
            v = v * 10 + d;
    }
    if (*c) return fail(err, "rules: %s=%s is not a number", opt->key, val);
    if (over || v < opt->lo || v > opt->hi)
        return fail(err, "rules: %s=%s is out of range (%" PRIu64 " .. %" PRIu64 ")", opt->key, val,
                    opt->lo, opt->hi);
    *out = v;
    return 0;
}

/* Reads val as "a" (a/a) or "a/b", each a number in opt's range, into a * 256 + b. */
static int parse_pair(const game_option *opt, const char *val, uint64_t *out, chopsat_err *err)
{
    size_t n = strcspn(val, "/");
    char first[24];
    if (n == 0 || n >= sizeof first || (val[n] && (!val[n + 1] || strchr(val + n + 1, '/'))))
        return fail(err, "rules: %s=%s is not A or A/B (numbers %" PRIu64 " .. %" PRIu64 ")",
                    opt->key, val, opt->lo, opt->hi);
    snprintf(first, sizeof first, "%.*s", (int)n, val);
    uint64_t a = 0, b = 0;
    if (parse_number(opt, first, &a, err) ||
        parse_number(opt, val[n] ? val + n + 1 : first, &b, err))
        return -1;
    *out = a << 8 | b;
    return 0;
}

/* Applies one key=value; given (NULL for a preset's overrides) marks the keys the user gave,
 * to refuse repeats. */
static int apply(chopsat_rules *r, const char *key, const char *val, bool *given, chopsat_err *err)
{
    const game *g = r->game;
    int k = option_index(g, key);
    if (k < 0) {
        const game *all[COUNT(presets)];
        size_t n = games(all);
        for (size_t i = 0; i < n; i++)
            if (all[i] != g && option_index(all[i], key) >= 0)
                return fail(err, "rules: key '%s' does not apply to the %s game", key, g->name);
        const char *keys[MAX_OPTIONS];
        size_t nkeys = 0;
        for (int j = 0; g->options[j].key && nkeys < MAX_OPTIONS; j++)
            keys[nkeys++] = g->options[j].key;
        const char *near = chopsat_nearest(key, keys, nkeys);
        if (near)
            return fail(err, "rules: unknown key '%s' (did you mean '%s'? see 'chopsat rules')",
                        key, near);
        return fail(err, "rules: unknown key '%s' (see 'chopsat rules')", key);
    }
    if (given) {
        if (given[k]) return fail(err, "rules: key '%s' is given twice", key);
        given[k] = true;
    }
    const game_option *opt = &g->options[k];
    uint64_t v = 0;
    if (opt->pair) {
        if (parse_pair(opt, val, &v, err)) return -1;
    } else if (!opt->values) {
        if (parse_number(opt, val, &v, err)) return -1;
    } else {
        int c = choice_index(opt->values, val);
        if (c < 0)
            return fail(err, "rules: %s=%s is not allowed (choose %s)", key, val, opt->values);
        v = (uint64_t)c;
    }
    g->set_option(r, k, v);
    return 0;
}

/* Applies a comma-separated list of key=value pairs. */
static int apply_list(chopsat_rules *r, const char *list, bool *given, chopsat_err *err)
{
    char *copy = xstrdup(list), *save = NULL;
    int rc = 0;
    for (char *tok = strtok_r(copy, ",", &save); tok && !rc; tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq) {
            rc = fail(err, "rules: '%s' is not key=value (the preset must come first)", tok);
            break;
        }
        *eq = 0;
        rc = apply(r, tok, eq + 1, given, err);
    }
    free(copy);
    return rc;
}

/* Writes the value of option k of r ("5", "cutoff") into buf. */
static void option_value(const chopsat_rules *r, int k, char *buf, size_t size)
{
    const game_option *opt = &r->game->options[k];
    uint64_t v = r->game->get_option(r, k);
    if (opt->values)
        choice_name(opt->values, (uint32_t)v, buf, size);
    else if (opt->pair && v >> 8 == (v & 0xff))
        snprintf(buf, size, "%" PRIu64, v >> 8);
    else if (opt->pair)
        snprintf(buf, size, "%" PRIu64 "/%" PRIu64, v >> 8, v & 0xff);
    else
        snprintf(buf, size, "%" PRIu64, v);
}

/* NULL when option k matters under r; else the setting it needs ("split=free", the option's
 * `needs`), which r does not have. */
static const char *option_needs(const chopsat_rules *r, int k)
{
    const char *needs = r->game->options[k].needs;
    if (!needs) return NULL;
    size_t n = strcspn(needs, "=");
    for (int j = 0; r->game->options[j].key; j++) {
        if (strlen(r->game->options[j].key) != n || strncmp(r->game->options[j].key, needs, n))
            continue;
        char val[64];
        option_value(r, j, val, sizeof val);
        return needs[n] && !strcmp(val, needs + n + 1) ? NULL : needs;
    }
    return needs; /* names no option: never met (tests/unit/test_options.c checks every needs) */
}

/* Refuses an option the user gave where it means nothing. */
static int check_given(const chopsat_rules *r, const bool *given, chopsat_err *err)
{
    for (int k = 0; r->game->options[k].key; k++) {
        const char *needs = option_needs(r, k);
        if (given[k] && needs)
            return fail(err, "rules: %s applies only with %s", r->game->options[k].key, needs);
    }
    return 0;
}

static chopsat_rules *rules_parse_body(const char *spec, chopsat_err *err)
{
    if (!spec || !*spec) spec = "standard";
    for (const char *c = spec; *c; c++)
        if (isspace((unsigned char)*c)) {
            fail(err, "rules: '%s' contains white space", spec);
            return NULL;
        }
    size_t plen = strcspn(spec, ",");
    const preset *p = NULL;
    for (size_t i = 0; i < COUNT(presets); i++)
        if (strlen(presets[i].name) == plen && !strncmp(presets[i].name, spec, plen))
            p = &presets[i];
    if (!p) {
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)plen, spec);
        const char *names[COUNT(presets)];
        for (size_t i = 0; i < COUNT(presets); i++)
            names[i] = presets[i].name;
        const char *near = chopsat_nearest(name, names, COUNT(presets));
        if (near)
            fail(err, "rules: unknown preset '%.*s' (did you mean '%s'? see 'chopsat rules')",
                 (int)plen, spec, near);
        else
            fail(err, "rules: unknown preset '%.*s' (see 'chopsat rules')", (int)plen, spec);
        return NULL;
    }
    chopsat_rules *r = xcalloc(1, p->g->rules_size);
    r->game = p->g;
    snprintf(r->preset, sizeof r->preset, "%s", p->name);
    p->g->defaults(r);
    bool given[MAX_OPTIONS] = {false};
    if (apply_list(r, p->overrides, NULL, err) ||
        (spec[plen] && apply_list(r, spec + plen + 1, given, err)) || check_given(r, given, err) ||
        (r->game->check && r->game->check(r, err))) {
        free(r);
        return NULL;
    }
    if (r->game->variant) r->game = r->game->variant(r);
    return r;
}

chopsat_rules *chopsat_rules_parse(const char *spec, chopsat_err *err)
{
    CS_GUARDED(chopsat_rules *, NULL, err, rules_parse_body(spec, err));
}

void chopsat_rules_free(chopsat_rules *rules)
{
    free(rules);
}

const char *chopsat_rules_game(const chopsat_rules *rules)
{
    return rules->game->name;
}

int chopsat_rules_hands(const chopsat_rules *rules, int player)
{
    return rules->game->hands && (player == 1 || player == 2) ? rules->game->hands(rules, player)
                                                              : 0;
}

/* The preset, then every option that matters under r as key=value: parsing it gives r back. */
size_t chopsat_rules_describe(const chopsat_rules *r, char *buf, size_t size)
{
    size_t len = (size_t)snprintf(buf, size, "%s", r->preset);
    for (int k = 0; r->game->options[k].key; k++) {
        if (option_needs(r, k)) continue;
        if (r->game->options[k].pair && r->game->get_option(r, k) == r->game->options[k].pair_def)
            continue;
        char val[64];
        option_value(r, k, val, sizeof val);
        bool room = len < size; /* past the end: only counted */
        len += (size_t)snprintf(room ? buf + len : NULL, room ? size - len : 0, ",%s=%s",
                                r->game->options[k].key, val);
    }
    return len;
}

static void rules_help_body(FILE *out)
{
    for (size_t i = 0; i < COUNT(presets); i++) {
        fprintf(out, "  %-11s %s\n", presets[i].name, presets[i].origin);
        fprintf(out, "  %-11s game=%s%s%s\n", "", presets[i].g->name,
                *presets[i].overrides ? ", " : "", presets[i].overrides);
    }
    const game *all[COUNT(presets)];
    size_t n = games(all);
    for (size_t i = 0; i < n; i++) {
        /* the defaults, to show a number's default (a choice's default is listed first) */
        chopsat_rules *d = xcalloc(1, all[i]->rules_size);
        d->game = all[i];
        all[i]->defaults(d);
        fprintf(out, "\nOptions of %s (default first):\n", all[i]->title);
        for (int k = 0; all[i]->options[k].key; k++) {
            char val[64];
            option_value(d, k, val, sizeof val);
            const game_option *opt = &all[i]->options[k];
            fprintf(out, "  %-9s %-22s %s", opt->key, opt->values ? opt->values : val,
                    opt->meaning);
            if (!opt->values) fprintf(out, " (%" PRIu64 " .. %" PRIu64 ")", opt->lo, opt->hi);
            fputc('\n', out);
        }
        free(d);
    }
}

void chopsat_rules_help(FILE *out)
{
    CS_GUARDED_VOID(rules_help_body(out));
}
