/* rules.c: the presets and options of RULES.md, parsed from "preset,key=value,..." strings,
 * described canonically and listed for `chopsat rules`. It knows which game a preset belongs to
 * but nothing about how either game is played. */
#include "rules.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "util.h"

#define MAX_FINGERS (1u << 20)
#define MAX_TARGET 1000000u

typedef struct preset {
    const char *name;
    const game *g;
    const char *overrides; /* applied on top of the defaults */
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

typedef struct option {
    const char *key;
    const game *g;
    const char *values; /* "|"-separated, or NULL for a number */
    const char *meaning;
} option;

static const option options[] = {
    {"fingers", &chop_game, NULL, "N: a hand holds 0..N-1 fingers (2 .. 1048576)"},
    {"overflow", &chop_game, "cutoff|rollover",
     "a hand reaching v >= N: cutoff makes it 0, rollover makes it v mod N"},
    {"hands", &chop_game, "unordered|ordered",
     "unordered: (a,b) and (b,a) are the same hands; ordered: left and right differ"},
    {"tap", &chop_game, "opponent|self-add",
     "opponent: your hand x makes their hand y into x+y; self-add: your hand x becomes x+y"},
    {"split", &chop_game, "free|none|even-lone",
     "free: redistribute your fingers; even-lone: a lone even hand 2m becomes (m,m); none"},
    {"suicide", &chop_game, "yes|no", "with split=free: may a split empty a live hand?"},
    {"revive", &chop_game, "yes|no", "with split=free: may a split put fingers on a dead hand?"},
    {"win", &chop_game, "eliminate|finish",
     "eliminate: a player with no live hand has lost; finish: a player whose hands are all 0 "
     "has won"},
    {"target", &onedie_game, NULL, "T: the total to reach exactly (1 .. 1000000)"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void set_defaults(chopsat_rules *r, const game *g)
{
    memset(r, 0, sizeof *r);
    r->game = g;
    r->fingers = 5;
    r->ordered = false;
    r->suicide = true;
    r->revive = true;
    r->overflow = OVERFLOW_CUTOFF;
    r->tap = TAP_OPPONENT;
    r->split = SPLIT_FREE;
    r->win = WIN_ELIMINATE;
    r->target = 31;
}

static int parse_number(const char *key, const char *val, uint32_t lo, uint32_t hi,
                        uint32_t *out, chopsat_err *err)
{
    char *end;
    if (!*val || !isdigit((unsigned char)*val))
        return fail(err, "rules: %s=%s is not a number", key, val);
    unsigned long long v = strtoull(val, &end, 10);
    if (*end) return fail(err, "rules: %s=%s is not a number", key, val);
    if (v < lo || v > hi)
        return fail(err, "rules: %s=%s is out of range (%u .. %u)", key, val, lo, hi);
    *out = (uint32_t)v;
    return 0;
}

/* Applies one key=value; `seen` marks keys given so far (to refuse repeats). */
static int apply(chopsat_rules *r, const char *key, const char *val, unsigned *seen,
                 chopsat_err *err)
{
    size_t k;
    for (k = 0; k < COUNT(options); k++)
        if (!strcmp(options[k].key, key)) break;
    if (k == COUNT(options)) return fail(err, "rules: unknown key '%s' (see 'chopsat rules')", key);
    if (options[k].g != r->game)
        return fail(err, "rules: key '%s' does not apply to the %s game", key, r->game->name);
    if (seen) {
        if (*seen & (1u << k)) return fail(err, "rules: key '%s' is given twice", key);
        *seen |= 1u << k;
    }
    if (!options[k].values) {
        if (!strcmp(key, "fingers")) return parse_number(key, val, 2, MAX_FINGERS, &r->fingers, err);
        return parse_number(key, val, 1, MAX_TARGET, &r->target, err);
    }
#define IS(s) (!strcmp(val, s))
    bool ok = true;
    if (!strcmp(key, "overflow")) {
        if (IS("cutoff")) r->overflow = OVERFLOW_CUTOFF;
        else if (IS("rollover")) r->overflow = OVERFLOW_ROLLOVER;
        else ok = false;
    } else if (!strcmp(key, "hands")) {
        if (IS("unordered")) r->ordered = false;
        else if (IS("ordered")) r->ordered = true;
        else ok = false;
    } else if (!strcmp(key, "tap")) {
        if (IS("opponent")) r->tap = TAP_OPPONENT;
        else if (IS("self-add")) r->tap = TAP_SELF_ADD;
        else ok = false;
    } else if (!strcmp(key, "split")) {
        if (IS("free")) r->split = SPLIT_FREE;
        else if (IS("none")) r->split = SPLIT_NONE;
        else if (IS("even-lone")) r->split = SPLIT_EVEN_LONE;
        else ok = false;
    } else if (!strcmp(key, "suicide") || !strcmp(key, "revive")) {
        bool *b = !strcmp(key, "suicide") ? &r->suicide : &r->revive;
        if (IS("yes")) *b = true;
        else if (IS("no")) *b = false;
        else ok = false;
    } else if (!strcmp(key, "win")) {
        if (IS("eliminate")) r->win = WIN_ELIMINATE;
        else if (IS("finish")) r->win = WIN_FINISH;
        else ok = false;
    }
#undef IS
    if (!ok)
        return fail(err, "rules: %s=%s is not allowed (choose %s)", key, val, options[k].values);
    return 0;
}

/* Applies a comma-separated list of key=value pairs. */
static int apply_list(chopsat_rules *r, const char *list, unsigned *seen, chopsat_err *err)
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
        rc = apply(r, tok, eq + 1, seen, err);
    }
    free(copy);
    return rc;
}

chopsat_rules *chopsat_rules_parse(const char *spec, chopsat_err *err)
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
        fail(err, "rules: unknown preset '%.*s' (see 'chopsat rules')", (int)plen, spec);
        return NULL;
    }
    chopsat_rules *r = xmalloc(sizeof *r);
    set_defaults(r, p->g);
    snprintf(r->preset, sizeof r->preset, "%s", p->name);
    unsigned seen = 0;
    if (apply_list(r, p->overrides, NULL, err) ||
        (spec[plen] && apply_list(r, spec + plen + 1, &seen, err))) {
        free(r);
        return NULL;
    }
    unsigned suicide_bit = 1u << 5, revive_bit = 1u << 6;
    if (r->split != SPLIT_FREE && (seen & (suicide_bit | revive_bit))) {
        fail(err, "rules: %s applies only with split=free",
             (seen & suicide_bit) ? "suicide" : "revive");
        free(r);
        return NULL;
    }
    return r;
}

void chopsat_rules_free(chopsat_rules *rules) { free(rules); }

const char *chopsat_rules_game(const chopsat_rules *rules) { return rules->game->name; }

void chopsat_rules_describe(const chopsat_rules *r, char *buf, size_t size)
{
    if (r->game == &onedie_game) {
        snprintf(buf, size, "%s,target=%u", r->preset, r->target);
        return;
    }
    static const char *ov[] = {"cutoff", "rollover"}, *tp[] = {"opponent", "self-add"},
                      *sp[] = {"free", "none", "even-lone"}, *wn[] = {"eliminate", "finish"};
    snprintf(buf, size,
             "%s,fingers=%u,overflow=%s,hands=%s,tap=%s,split=%s,suicide=%s,revive=%s,win=%s",
             r->preset, r->fingers, ov[r->overflow], r->ordered ? "ordered" : "unordered",
             tp[r->tap], sp[r->split], r->suicide ? "yes" : "no", r->revive ? "yes" : "no",
             wn[r->win]);
}

void chopsat_rules_help(FILE *out)
{
    fprintf(out, "Presets (--rules PRESET[,key=value...]):\n");
    for (size_t i = 0; i < COUNT(presets); i++) {
        fprintf(out, "  %-11s %s\n", presets[i].name, presets[i].origin);
        fprintf(out, "  %-11s game=%s%s%s\n", "", presets[i].g->name,
                *presets[i].overrides ? ", " : "", presets[i].overrides);
    }
    fprintf(out, "\nOptions of the chopsticks family (default of 'standard' first):\n");
    for (size_t k = 0; k < COUNT(options); k++) {
        if (options[k].g != &chop_game) continue;
        fprintf(out, "  %-9s %-22s %s\n", options[k].key,
                options[k].values ? options[k].values : "5", options[k].meaning);
    }
    fprintf(out, "\nOptions of the one-die game:\n");
    for (size_t k = 0; k < COUNT(options); k++) {
        if (options[k].g != &onedie_game) continue;
        fprintf(out, "  %-9s %-22s %s\n", options[k].key, "31", options[k].meaning);
    }
}
