/* query.c: printing and parsing the written form of bounded questions, and the header lines
 * that carry rules and question in the files chopsat writes. */
#include "games/query.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

const char *repeat_name(chopsat_repeat rep)
{
    return rep == CHOPSAT_REPEAT_PATH        ? "path"
           : rep == CHOPSAT_REPEAT_IMMEDIATE ? "immediate"
                                             : "off";
}

void query_format(const chopsat_rules *r, const chopsat_query *q, char *buf, size_t size)
{
    char from[CHOPSAT_POS_MAX], target[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, &q->from, from, sizeof from);
    chopsat_pos_format(r, &q->target, target, sizeof target);
    snprintf(buf, size, "kind=%s from=%s target=%s player=%d k=%d repeat=%s exact=%s",
             q->kind == CHOPSAT_Q_WIN ? "win" : "reach", from,
             q->kind == CHOPSAT_Q_WIN ? "-" : target, q->player, q->k, repeat_name(q->repeat),
             q->exact ? "yes" : "no");
}

size_t chopsat_query_describe(const chopsat_rules *r, const chopsat_query *q, bool forced,
                              char *buf, size_t size)
{
    char from[CHOPSAT_POS_MAX], target[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, &q->from, from, sizeof from);
    chopsat_pos_format(r, &q->target, target, sizeof target);
    const char *rep = q->repeat == CHOPSAT_REPEAT_PATH        ? ", no position twice"
                      : q->repeat == CHOPSAT_REPEAT_IMMEDIATE ? ", no immediate repetition"
                                                              : "";
    if (q->k == CHOPSAT_NO_BOUND && !forced) {
        if (q->kind == CHOPSAT_Q_REACH)
            return (size_t)snprintf(buf, size, "is %s ever reachable from %s (no bound)?", target,
                                    from);
        return (size_t)snprintf(buf, size, "can player %d ever win from %s (no bound)?", q->player,
                                from);
    }
    char bound[64];
    snprintf(bound, sizeof bound, "%s %d move%s", q->exact ? "in exactly" : "within", q->k,
             q->k == 1 ? "" : "s");
    if (forced && q->kind == CHOPSAT_Q_WIN)
        return (size_t)snprintf(buf, size, "can player %d force a win from %s %s?", q->player, from,
                                bound);
    if (forced)
        return (size_t)snprintf(buf, size, "can player %d force the game from %s into %s %s?",
                                q->player, from, target, bound);
    if (q->kind == CHOPSAT_Q_WIN)
        return (size_t)snprintf(buf, size, "can player %d win from %s %s%s?", q->player, from,
                                bound, rep);
    return (size_t)snprintf(buf, size, "is %s reachable from %s %s%s?", target, from, bound, rep);
}

/* The value of key in "k1=v1 k2=v2 ...", copied into out. */
static bool field(const char *text, const char *key, char *out, size_t size)
{
    size_t n = strlen(key);
    for (const char *p = text; (p = strstr(p, key)); p += n) {
        if ((p != text && p[-1] != ' ') || p[n] != '=') continue;
        size_t len = strcspn(p + n + 1, " ");
        if (len >= size) return false;
        memcpy(out, p + n + 1, len);
        out[len] = 0;
        return true;
    }
    return false;
}

/* Parses a whole decimal number in lo..hi (no sign, no blanks, no trailing characters). */
static bool whole_number(const char *s, long lo, long hi, int *out)
{
    if (!*s || strlen(s) > 9) return false;
    long v = 0;
    for (const char *c = s; *c; c++) {
        if (*c < '0' || *c > '9') return false;
        v = v * 10 + (*c - '0');
    }
    if (v < lo || v > hi) return false;
    *out = (int)v;
    return true;
}

int query_parse(const chopsat_rules *r, const char *text, chopsat_query *q, chopsat_err *err)
{
    char kind[16], from[CHOPSAT_POS_MAX], target[CHOPSAT_POS_MAX];
    char player[8], k[16], rep[16], exact[8];
    memset(q, 0, sizeof *q);
    if (!field(text, "kind", kind, sizeof kind) || !field(text, "from", from, sizeof from) ||
        !field(text, "target", target, sizeof target) ||
        !field(text, "player", player, sizeof player) || !field(text, "k", k, sizeof k) ||
        !field(text, "repeat", rep, sizeof rep) || !field(text, "exact", exact, sizeof exact))
        return fail(err, "question '%s' lacks a field", text);
    if (!strcmp(kind, "win"))
        q->kind = CHOPSAT_Q_WIN;
    else if (!strcmp(kind, "reach"))
        q->kind = CHOPSAT_Q_REACH;
    else
        return fail(err, "question: unknown kind '%s'", kind);
    if (chopsat_pos_parse(r, from, &q->from, err)) return -1;
    if (q->kind == CHOPSAT_Q_REACH && chopsat_pos_parse(r, target, &q->target, err)) return -1;
    if (!whole_number(player, 1, 2, &q->player))
        return fail(err, "question: player=%s is not 1 or 2", player);
    if (!whole_number(k, 0, CHOPSAT_MAX_K, &q->k))
        return fail(err, "question: k=%s is not a bound from 0 to %d", k, CHOPSAT_MAX_K);
    if (!strcmp(rep, "off"))
        q->repeat = CHOPSAT_REPEAT_OFF;
    else if (!strcmp(rep, "immediate"))
        q->repeat = CHOPSAT_REPEAT_IMMEDIATE;
    else if (!strcmp(rep, "path"))
        q->repeat = CHOPSAT_REPEAT_PATH;
    else
        return fail(err, "question: unknown repeat '%s'", rep);
    if (strcmp(exact, "yes") && strcmp(exact, "no"))
        return fail(err, "question: exact=%s is not yes or no", exact);
    q->exact = !strcmp(exact, "yes");
    return 0;
}

void query_header_write(str_vec *lines, const chopsat_rules *r, const char *key,
                        const chopsat_query *q)
{
    char buf[2 * CHOPSAT_POS_MAX + 512]; /* the rules, or the question with two positions */
    chopsat_rules_describe(r, buf, sizeof buf);
    str_vec_addf(lines, "chopsat-rules %s", buf);
    query_format(r, q, buf, sizeof buf);
    str_vec_addf(lines, "%s %s", key, buf);
}

/* The text after "key " of the first line that starts with it, or NULL. */
static const char *header_line(const char *const *lines, size_t n, const char *key)
{
    size_t len = strlen(key);
    for (size_t i = 0; i < n; i++)
        if (!strncmp(lines[i], key, len) && lines[i][len] == ' ') return lines[i] + len + 1;
    return NULL;
}

int query_header_read(const char *const *lines, size_t n, const char *key, const char *name,
                      chopsat_rules **r, chopsat_query *q, chopsat_err *err)
{
    *r = NULL;
    const char *rs = header_line(lines, n, "chopsat-rules"), *qs = header_line(lines, n, key);
    if (!rs || !qs) return 1;
    if (!*rs) return fail(err, "%s: the chopsat-rules line is empty", name);
    if (!(*r = chopsat_rules_parse(rs, err))) return -1;
    if (!query_parse(*r, qs, q, err)) return 0;
    chopsat_rules_free(*r);
    *r = NULL;
    return -1;
}
