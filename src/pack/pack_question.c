/* pack_question.c: the calls the pack makes into the library for its questions: rules and
 * questions from the grid, the least number of moves of a question's goal (the unbounded SAT
 * engines, or the BDD engine for forced questions), and the writers of each format (DIMACS,
 * QDIMACS, SMT-LIB, AIGER), so that a change of the public API is met here alone. The answers
 * are settled elsewhere, from checked sources only (chopsat_settle, src/checked/settle.c). */
#define _DEFAULT_SOURCE /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "pack/pack.h"

int pack_rules(const char *preset, long fingers, const char *count, chopsat_rules **rules,
               char *text, size_t tsize, char *msg, size_t size)
{
    char spec[160];
    if (fingers > 0)
        snprintf(spec, sizeof spec, "%s,fingers=%ld%s%.16s", preset, fingers,
                 count ? ",count=" : "", count ? count : "");
    else
        snprintf(spec, sizeof spec, "%s", preset);
    chopsat_err err;
    *rules = chopsat_rules_parse(spec, &err);
    if (!*rules) {
        snprintf(msg, size, "%s", err.msg);
        return -1;
    }
    chopsat_rules_describe(*rules, text, tsize);
    return 0;
}

/* The far corner of the chopsticks board: player 1 holds N-2 and N-1, player 2 a dead hand and
 * N-1, player 1 to move (never reachable in the standard game). With another hand count: player
 * 1 holds N-2 and N-1 on every other hand, player 2 a dead hand and N-1 on every other hand (a
 * lone hand: N-2, and N-1). */
static int far_corner(const chopsat_rules *r, chopsat_pos *p, char *msg, size_t size)
{
    if (strcmp(chopsat_rules_game(r), "chopsticks")) {
        snprintf(msg, size, "reach asks for the far corner of the chopsticks board");
        return -1;
    }
    chopsat_pos start;
    chopsat_pos_start(r, &start);
    /* the number of fingers is the one word of the description a pack sets */
    char desc[256], text[CHOPSAT_POS_MAX];
    chopsat_rules_describe(r, desc, sizeof desc);
    const char *f = strstr(desc, "fingers=");
    long n = f ? strtol(f + 8, NULL, 10) : 5;
    int a = chopsat_rules_hands(r, 1), b = chopsat_rules_hands(r, 2);
    size_t len = (size_t)snprintf(text, sizeof text, "%ld", n - 2);
    for (int i = 1; i < a; i++)
        len += (size_t)snprintf(text + len, sizeof text - len, ",%ld", n - 1);
    len += (size_t)snprintf(text + len, sizeof text - len, "/%ld", b > 1 ? 0L : n - 1);
    for (int i = 1; i < b; i++)
        len += (size_t)snprintf(text + len, sizeof text - len, ",%ld", n - 1);
    snprintf(text + len, sizeof text - len, ":1");
    chopsat_err err;
    if (chopsat_pos_parse(r, text, p, &err)) {
        snprintf(msg, size, "%s", err.msg);
        return -1;
    }
    return 0;
}

int pack_query(pack_question *pq, int k, char *msg, size_t size)
{
    chopsat_query *q = &pq->q;
    memset(q, 0, sizeof *q);
    pq->forced = !strncmp(pq->kind, "force", 5);
    q->kind = !strcmp(pq->kind, "reach") ? CHOPSAT_Q_REACH : CHOPSAT_Q_WIN;
    chopsat_pos_start(pq->rules, &q->from);
    q->player = pq->kind[strlen(pq->kind) - 1] == '2' ? 2 : 1;
    q->k = k;
    if (q->kind == CHOPSAT_Q_REACH) return far_corner(pq->rules, &q->target, msg, size);
    return 0;
}

int pack_find_least(const pack_question *pq, double timeout, pack_least *l, char *msg, size_t size)
{
    memset(l, 0, sizeof *l);
    l->moves = -1;
    chopsat_err err;
    if (pq->forced) {
        chopsat_query q = pq->q;
        q.k = PACK_FORCE_LIMIT;
        chopsat_force_opts fo = {.solver = "bdd", .no_check = true};
        chopsat_force_result *res;
        int rc = chopsat_force(pq->rules, &q, &fo, &res, &err);
        if (rc < 0) {
            snprintf(msg, size, "%s", err.msg);
            return -1;
        }
        if (rc == CHOPSAT_YES) l->moves = chopsat_force_moves(res);
        chopsat_force_free(res);
        return 0;
    }
    chopsat_unbounded_opts uo = {.bmc = {.solver = CHOPSAT_DEFAULT_SAT, .timeout = timeout}};
    if (chopsat_unbounded_solve(pq->rules, &pq->q, &uo, &l->ub, &err) < 0) {
        snprintf(msg, size, "%s", err.msg);
        return -1;
    }
    l->moves = chopsat_unbounded_result_moves(l->ub);
    chopsat_unbounded_result_path(l->ub, &l->path);
    l->invariant = chopsat_unbounded_result_invariant(l->ub);
    l->never = chopsat_unbounded_result_value(l->ub) == CHOPSAT_NO;
    return 0;
}

void pack_least_free(pack_least *l)
{
    chopsat_unbounded_result_free(l->ub);
    memset(l, 0, sizeof *l);
}

/* Writes with `write` into a memory buffer; 0 or -1 with msg. */
typedef int (*writer_fn)(const pack_question *pq, bool folded, const char *info, FILE *out,
                         chopsat_err *err);

static int write_dimacs(const pack_question *pq, bool folded, const char *info, FILE *out,
                        chopsat_err *err)
{
    (void)folded, (void)info;
    chopsat_bmc_opts bo = {.solver = CHOPSAT_DEFAULT_SAT};
    return chopsat_bmc_dimacs(pq->rules, &pq->q, &bo, out, err);
}

static int write_qdimacs(const pack_question *pq, bool folded, const char *info, FILE *out,
                         chopsat_err *err)
{
    (void)folded, (void)info;
    chopsat_force_opts fo = {.solver = "depqbf"};
    return chopsat_force_qdimacs(pq->rules, &pq->q, &fo, out, err);
}

static int write_smt2(const pack_question *pq, bool folded, const char *info, FILE *out,
                      chopsat_err *err)
{
    (void)folded;
    chopsat_export_opts eo = {.bounded = true, .smt2_benchmark = info};
    return chopsat_smt2(pq->rules, &pq->q, &eo, out, err);
}

static int write_aiger(const pack_question *pq, bool folded, const char *info, FILE *out,
                       chopsat_err *err)
{
    (void)info;
    chopsat_export_opts eo = {.binary = true, .bounded = true, .no_constraints = folded};
    return chopsat_aiger(pq->rules, &pq->q, &eo, out, err);
}

int pack_write(const pack_question *pq, chopsat_pack_format f, bool folded, const char *smt2_info,
               char **text, size_t *len, char *msg, size_t size)
{
    static const writer_fn writers[CHOPSAT_PACK_FORMATS] = {write_dimacs, write_qdimacs, write_smt2,
                                                            write_aiger};
    *text = NULL;
    *len = 0;
    FILE *out = open_memstream(text, len);
    if (!out) {
        snprintf(msg, size, "out of memory");
        return -1;
    }
    chopsat_err err;
    int rc = writers[f](pq, folded, smt2_info, out, &err);
    if (fclose(out) != 0 && !rc) {
        rc = -1;
        snprintf(err.msg, sizeof err.msg, "out of memory");
    }
    if (rc) {
        snprintf(msg, size, "%s", err.msg);
        free(*text);
        *text = NULL;
    }
    return rc;
}

void pack_command(const pack_question *pq, chopsat_pack_format f, bool folded, char *buf,
                  size_t size)
{
    static const char *const cmds[CHOPSAT_PACK_FORMATS] = {"dimacs", "qdimacs", "smt2", "aiger"};
    char from[CHOPSAT_POS_MAX], target[CHOPSAT_POS_MAX] = "";
    chopsat_pos_format(pq->rules, &pq->q.from, from, sizeof from);
    if (pq->q.kind == CHOPSAT_Q_REACH)
        chopsat_pos_format(pq->rules, &pq->q.target, target, sizeof target);
    snprintf(buf, size, "chopsat %s %s %s%s%s -k %d --player %d --rules %s%s", cmds[f],
             pq->forced                      ? "force"
             : pq->q.kind == CHOPSAT_Q_REACH ? "reach"
                                             : "win",
             from, *target ? " " : "", target, pq->q.k, pq->q.player, pq->rules_text,
             f == CHOPSAT_PACK_AIGER ? (folded ? " --no-constraints -o F.aig" : " -o F.aig") : "");
}
