/* cli_pack_library.c: every call `chopsat pack` makes into the library, one small function per
 * status source (explicit search, replayed witness, checked certificate, checked DRAT proof,
 * checked forced answer) and per format (DIMACS, QDIMACS, SMT-LIB, AIGER), so that a change of
 * the public API is met here alone. An answer is only ever taken from these sources; when none
 * of them establishes it, the question is left out of the pack (docs/benchmarks.md). */
#define _DEFAULT_SOURCE /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_pack.h"

int pack_rules(const char *preset, long fingers, chopsat_rules **rules, char *text, size_t tsize,
               char *msg, size_t size)
{
    char spec[128];
    if (fingers > 0) snprintf(spec, sizeof spec, "%s,fingers=%ld", preset, fingers);
    else snprintf(spec, sizeof spec, "%s", preset);
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
 * N-1, player 1 to move (never reachable in the standard game). */
static int far_corner(const chopsat_rules *r, chopsat_pos *p, char *msg, size_t size)
{
    if (strcmp(chopsat_rules_game(r), "chopsticks")) {
        snprintf(msg, size, "reach asks for the far corner of the chopsticks board");
        return -1;
    }
    chopsat_pos start;
    chopsat_pos_start(r, &start);
    /* the number of fingers is the one word of the description a pack sets */
    char desc[256], text[96];
    chopsat_rules_describe(r, desc, sizeof desc);
    const char *f = strstr(desc, "fingers=");
    long n = f ? strtol(f + 8, NULL, 10) : 5;
    snprintf(text, sizeof text, "%ld,%ld/0,%ld:1", n - 2, n - 1, n - 1);
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

int pack_find_least(const pack_question *pq, double timeout, pack_least *l, char *msg,
                    size_t size)
{
    memset(l, 0, sizeof *l);
    l->moves = -1;
    chopsat_err err;
    if (pq->forced) {
        chopsat_query q = pq->q;
        q.k = PACK_FORCE_LIMIT;
        chopsat_force_opts fo = {.solver = "bdd", .no_check = true, .no_check_why = "--no-check"};
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
    chopsat_unbounded_result res;
    if (chopsat_unbounded_solve(pq->rules, &pq->q, &uo, &res, &err) < 0) {
        snprintf(msg, size, "%s", err.msg);
        return -1;
    }
    if (res.answer) {
        l->moves = res.moves;
        l->path = res.path;
        res.path = NULL;
    } else {
        l->never = true;
        chopsat_invariant *inv = cli_calloc(1, sizeof *inv);
        *inv = res.inv;
        memset(&res.inv, 0, sizeof res.inv);
        l->invariant = inv;
    }
    chopsat_unbounded_result_free(&res);
    return 0;
}

void pack_least_free(pack_least *l)
{
    free(l->path);
    if (l->invariant) chopsat_invariant_free(l->invariant);
    free(l->invariant);
    memset(l, 0, sizeof *l);
}

/* Adds `source` to st->how ("a+b"). */
static void add_how(pack_status *st, const char *source)
{
    size_t n = strlen(st->how);
    snprintf(st->how + n, sizeof st->how - n, "%s%s", n ? "+" : "", source);
}

/* Source 1, the explicit search: 1 yes, 0 no, -1 not available (too large). */
static int by_explicit(const pack_question *pq)
{
    int moves;
    chopsat_err err;
    int ex = chopsat_explicit_answer(pq->rules, &pq->q, &moves, NULL, &err);
    return ex == CHOPSAT_YES ? 1 : ex == CHOPSAT_NO ? 0 : -1;
}

/* Source 2, a witness of the least number of moves replayed by the explicit move generator:
 * 0 when it replays within the bound, -1 with why. */
static int by_witness(const pack_question *pq, const pack_least *l, char *why, size_t size)
{
    chopsat_moves names = {0};
    chopsat_err err;
    int rc = chopsat_replay(pq->rules, &pq->q, l->path, (size_t)l->moves + 1, &names, &err);
    chopsat_moves_free(&names);
    if (rc) snprintf(why, size, "the witness does not replay: %s", err.msg);
    return rc;
}

/* Source 3, the "never" certificate: the invariant checked again by three fresh SAT calls. */
static int by_certificate(const pack_question *pq, const pack_least *l, double timeout,
                          char *why, size_t size)
{
    int calls;
    chopsat_err err;
    if (!chopsat_invariant_check(pq->rules, &pq->q, l->invariant, CHOPSAT_DEFAULT_SAT, timeout, &calls, &err))
        return 0;
    snprintf(why, size, "the invariant does not check: %s", err.msg);
    return -1;
}

/* Source 4, a DRAT proof of the bounded formula from PicoSAT, checked by the project's RUP
 * checker (chopsat_bmc_proof checks it before it hands it out): 0 when checked, 1 when the
 * formula is satisfiable after all, -1 with why. */
static int by_drat(const pack_question *pq, double timeout, char *why, size_t size)
{
    FILE *proof = tmpfile();
    if (!proof) {
        snprintf(why, size, "no temporary file for the proof");
        return -1;
    }
    chopsat_bmc_opts bo = {.solver = "picosat", .timeout = timeout};
    chopsat_err err;
    int rc = chopsat_bmc_proof(pq->rules, &pq->q, &bo, proof, &err);
    fclose(proof);
    if (rc == 20) return 0;
    if (rc == 10) return 1;
    snprintf(why, size, "no checked DRAT proof: %s", err.msg);
    return -1;
}

/* Source 5, a forced question answered by the BDD engine and checked against explicit bounded
 * forcing over the whole bound: 0 (st filled) or CHOPSAT_MISMATCH. */
static int by_force(const pack_question *pq, pack_status *st)
{
    chopsat_force_opts fo = {.solver = "bdd"};
    chopsat_force_result *res;
    chopsat_err err;
    int rc = chopsat_force(pq->rules, &pq->q, &fo, &res, &err);
    if (rc < 0) {
        snprintf(st->why, sizeof st->why, "%s", err.msg);
        return rc == CHOPSAT_MISMATCH ? rc : 0;
    }
    if (chopsat_force_checked(res)) {
        st->answer = rc == CHOPSAT_YES;
        add_how(st, "explicit search");
    } else {
        snprintf(st->why, sizeof st->why, "the forced answer is not checked over the whole bound: %s",
                 chopsat_force_check_note(res));
    }
    chopsat_force_free(res);
    return 0;
}

int pack_establish(const pack_question *pq, const pack_least *l, double timeout, pack_status *st)
{
    memset(st, 0, sizeof *st);
    st->answer = -1;
    if (pq->forced) return by_force(pq, st);
    int k = pq->q.k;
    int sat = l->moves >= 0 && l->moves <= k; /* what the engines say */
    int ex = by_explicit(pq);
    if (ex >= 0 && ex != sat) {
        snprintf(st->why, sizeof st->why, "the explicit search says %s, the SAT engines %s",
                 ex ? "yes" : "no", sat ? "yes" : "no");
        return CHOPSAT_MISMATCH;
    }
    if (sat) {
        if (by_witness(pq, l, st->why, sizeof st->why)) return CHOPSAT_MISMATCH;
        add_how(st, "replayed witness");
    } else if (l->never) {
        if (by_certificate(pq, l, timeout, st->why, sizeof st->why)) return CHOPSAT_MISMATCH;
        add_how(st, "checked certificate");
    } else if (ex < 0) {
        int d = by_drat(pq, timeout, st->why, sizeof st->why);
        if (d == 1) {
            snprintf(st->why, sizeof st->why, "the proof formula is satisfiable, the least number "
                     "of moves is %d", l->moves);
            return CHOPSAT_MISMATCH;
        }
        if (d < 0) return 0;
        add_how(st, "checked DRAT proof");
    }
    if (ex >= 0) add_how(st, "explicit search");
    st->answer = sat;
    return 0;
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

int pack_write(const pack_question *pq, pack_format f, bool folded, const char *smt2_info,
               char **text, size_t *len, char *msg, size_t size)
{
    static const writer_fn writers[PF_COUNT] = {write_dimacs, write_qdimacs, write_smt2, write_aiger};
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

void pack_command(const pack_question *pq, pack_format f, bool folded, char *buf, size_t size)
{
    static const char *const cmds[PF_COUNT] = {"dimacs", "qdimacs", "smt2", "aiger"};
    char from[CHOPSAT_POS_MAX], target[CHOPSAT_POS_MAX] = "";
    chopsat_pos_format(pq->rules, &pq->q.from, from, sizeof from);
    if (pq->q.kind == CHOPSAT_Q_REACH) chopsat_pos_format(pq->rules, &pq->q.target, target, sizeof target);
    snprintf(buf, size, "chopsat %s %s %s%s%s -k %d --player %d --rules %s%s", cmds[f],
             pq->forced ? "force" : pq->q.kind == CHOPSAT_Q_REACH ? "reach" : "win", from,
             *target ? " " : "", target, pq->q.k, pq->q.player, pq->rules_text,
             f == PF_AIGER ? (folded ? " --no-constraints -o F.aig" : " -o F.aig") : "");
}
