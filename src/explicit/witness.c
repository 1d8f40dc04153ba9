/* witness.c: replays a witness of a bounded question (a sequence of positions, wherever it
 * came from: a SAT model decoded into positions, or the explicit search) move by move with the
 * explicit move generator, and checks everything the question asks of it: the start and the
 * length, then along the path no move from a terminal position, the repetition rule (path: no
 * position twice; immediate: after every move, no block of positions ending there repeats the
 * block just before it, squarefree.c; a move that breaks the rule is reported as a repetition
 * even when it is also illegal) and every move's legality, then the end. It does not decide whether
 * the witness is the shortest: comparing the move count with the explicit answer is the caller's
 * cross-check. */
#include <stdio.h>
#include <string.h>

#include "core/oom.h"
#include "core/util.h"
#include "explicit/squarefree.h"
#include "games/query.h"

/* Writes "position i (X)" into buf for messages. */
static void name_pos(const chopsat_rules *r, const chopsat_pos *path, size_t i, char *buf,
                     size_t size)
{
    char p[128];
    chopsat_pos_format(r, &path[i], p, sizeof p);
    snprintf(buf, size, "position %zu (%s)", i, p);
}

/* Under path, the first earlier position equal to path[i], or -1 when none. */
static long repeated(const chopsat_query *q, const chopsat_pos *path, size_t i)
{
    if (q->repeat == CHOPSAT_REPEAT_PATH)
        for (size_t j = 0; j < i; j++)
            if (chopsat_pos_equal(&path[i], &path[j])) return (long)j;
    return -1;
}

/* The replay: 0, or -1 with a message naming the first bad step. */
static int replay(const chopsat_rules *r, const chopsat_query *q, const chopsat_pos *path, size_t n,
                  chopsat_moves *names, chopsat_err *err)
{
    char a[160], b[160];
    if (names) names->n = 0;
    if (n == 0) return fail(err, "witness: it is empty (not even the start position)");
    if (!chopsat_pos_equal(&path[0], &q->from)) {
        name_pos(r, path, 0, a, sizeof a);
        chopsat_pos_format(r, &q->from, b, sizeof b);
        return fail(err, "witness: %s is not the start %s", a, b);
    }
    size_t k = q->k < 0 ? 0 : (size_t)q->k;
    if (q->exact && n - 1 != k)
        return fail(err, "witness: it has %zu move%s, the question asks for exactly %zu", n - 1,
                    n - 1 == 1 ? "" : "s", k);
    if (n - 1 > k)
        return fail(err, "witness: it has %zu move%s, the question allows at most %zu", n - 1,
                    n - 1 == 1 ? "" : "s", k);
    for (size_t i = 0; i + 1 < n; i++) {
        chopsat_move m;
        name_pos(r, path, i, a, sizeof a);
        name_pos(r, path, i + 1, b, sizeof b);
        if (chopsat_pos_winner(r, &path[i]))
            return fail(err, "witness: move %zu leaves %s, where the game is already over", i + 1,
                        a);
        long j = repeated(q, path, i + 1);
        if (j >= 0)
            return fail(err, "witness: move %zu repeats position %ld in %s (repetition path)",
                        i + 1, j, b);
        size_t len = q->repeat == CHOPSAT_REPEAT_IMMEDIATE ? square_suffix(path, i + 2) : 0;
        if (len)
            return fail(err,
                        "witness: move %zu, to %s, repeats positions %zu..%zu as %zu..%zu "
                        "(repetition immediate)",
                        i + 1, b, i + 2 - 2 * len, i + 1 - len, i + 2 - len, i + 1);
        if (chopsat_move_between(r, &path[i], &path[i + 1], &m, NULL) != CHOPSAT_OK)
            return fail(err, "witness: move %zu, from %s to %s, is not a legal move", i + 1, a, b);
        if (names) VEC_PUSH(*names, m);
    }
    name_pos(r, path, n - 1, a, sizeof a);
    if (query_goal(r, q, &path[n - 1])) return 0;
    if (q->kind == CHOPSAT_Q_REACH) {
        chopsat_pos_format(r, &q->target, b, sizeof b);
        return fail(err, "witness: it ends in %s, not in the target %s", a, b);
    }
    int w = chopsat_pos_winner(r, &path[n - 1]);
    if (w) return fail(err, "witness: it ends in %s, won by player %d", a, w);
    return fail(err, "witness: it ends in %s, where the game is not over", a);
}

static int replay_body(const chopsat_rules *r, const chopsat_query *q, const chopsat_pos *path,
                       size_t n, chopsat_moves *names, chopsat_err *err)
{
    return replay(r, q, path, n, names, err) ? CHOPSAT_MISMATCH : CHOPSAT_OK;
}

int chopsat_replay(const chopsat_rules *r, const chopsat_query *q, const chopsat_pos *path,
                   size_t n, chopsat_moves *names, chopsat_err *err)
{
    if (chopsat_query_check(r, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, replay_body(r, q, path, n, names, err));
}
