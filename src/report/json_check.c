/* json_check.c: `check`'s JSON: a move sequence checked move by move, and a strategy or
 * refutation tree from outside checked, each as one JSON object (docs/cli.md has the fields). */
#include "report/text_check.h"
#include "report/text_write.h"

/* "moves": the legal moves, each as typed and as read. */
static void legal_moves(const chopsat_rules *rules, const chopsat_move_check *c, chopsat_json *j)
{
    char buf[CHOPSAT_POS_MAX];
    chopsat_json_key(j, "moves");
    chopsat_json_array(j, false);
    for (size_t i = 0; i < c->legal; i++) {
        const chopsat_typed_move *t = &c->moves[i];
        chopsat_json_object(j);
        chopsat_json_kstring(j, "typed", t->move);
        chopsat_json_kint(j, "player", t->player);
        chopsat_json_kstring(j, "move", t->m.name);
        chopsat_pos_format(rules, &t->m.to, buf, sizeof buf);
        chopsat_json_kstring(j, "position", buf);
        chopsat_json_kbool(j, "same_as", t->same_as);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
}

/* "illegal": the first illegal move, where and why, or null. */
static void illegal_move(const chopsat_rules *rules, const chopsat_move_check *c, chopsat_json *j)
{
    char buf[CHOPSAT_POS_MAX];
    chopsat_json_key(j, "illegal");
    if (!c->reason) {
        chopsat_json_null(j);
        return;
    }
    chopsat_json_object(j);
    chopsat_json_kint(j, "index", (long long)c->legal + 1);
    chopsat_json_kstring(j, "typed", c->moves[c->legal].text);
    chopsat_pos_format(rules, &c->end, buf, sizeof buf);
    chopsat_json_kstring(j, "position", buf);
    chopsat_json_kstring(j, "reason", c->reason);
    chopsat_json_end(j);
}

int chopsat_report_check_json(FILE *out, const chopsat_rules *rules, const chopsat_move_check *c,
                              chopsat_err *err)
{
    char buf[CHOPSAT_POS_MAX + 80], desc[256];
    chopsat_json j;
    chopsat_rules_describe(rules, desc, sizeof desc);
    chopsat_json_init(&j, out);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "rules", desc);
    chopsat_pos_format(rules, &c->start, buf, sizeof buf);
    chopsat_json_kstring(&j, "start", buf);
    chopsat_json_kbool(&j, "legal", c->reason == NULL);
    chopsat_json_kint(&j, "moves_given", (long long)c->given);
    chopsat_json_kint(&j, "moves_legal", (long long)c->legal);
    legal_moves(rules, c, &j);
    illegal_move(rules, c, &j);
    chopsat_pos_format(rules, &c->end, buf, sizeof buf);
    chopsat_json_kstring(&j, "end", buf);
    int w = chopsat_pos_winner(rules, &c->end);
    chopsat_json_kbool(&j, "over", w != 0);
    chopsat_json_key(&j, "winner");
    if (w)
        chopsat_json_int(&j, w);
    else
        chopsat_json_null(&j);
    chopsat_json_key(&j, "to_move");
    if (w)
        chopsat_json_null(&j);
    else
        chopsat_json_int(&j, c->end.mover);
    if (c->win) {
        chopsat_json_kint(&j, "win_player", c->win);
        chopsat_json_kbool(&j, "won", !c->reason && w == c->win);
        chopsat_json_kstring(&j, "win_check", report_win_verdict(c, w, buf, sizeof buf));
    }
    chopsat_json_end(&j);
    fputc('\n', out);
    return report_end(out, err);
}

/* Writes "first_move": the root's one move when the root's mover is the tree's own side (P for
 * a strategy, the opponent for a refutation), else null. */
static void first_move(const chopsat_rules *rules, const chopsat_query *q,
                       const chopsat_tree_file *s, chopsat_json *j)
{
    const chopsat_tree_node *root = &s->t.nodes[0];
    int side = s->refutation ? 3 - q->player : q->player;
    chopsat_move m;
    chopsat_json_key(j, "first_move");
    if (root->n == 1 && (int)root->pos.mover == side &&
        chopsat_move_between(rules, &root->pos, &s->t.nodes[s->t.child[root->first]].pos, &m,
                             NULL) == CHOPSAT_OK)
        chopsat_json_string(j, m.name);
    else
        chopsat_json_null(j);
}

int chopsat_report_strategy_json(FILE *out, const chopsat_rules *rules, const chopsat_query *q,
                                 const chopsat_tree_file *s, bool bound_given,
                                 const chopsat_tree_verdict *v, chopsat_err *err)
{
    char desc[256], start[CHOPSAT_POS_MAX], at[CHOPSAT_POS_MAX];
    bool holds = v->holds == 1;
    chopsat_json j;
    chopsat_rules_describe(rules, desc, sizeof desc);
    chopsat_pos_format(rules, &q->from, start, sizeof start);
    chopsat_pos_format(rules, &s->t.nodes[v->bad].pos, at, sizeof at);
    chopsat_json_init(&j, out);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "rules", desc);
    chopsat_json_kstring(&j, "kind", s->refutation ? "refutation" : "strategy");
    chopsat_json_kint(&j, "player", q->player);
    chopsat_json_kstring(&j, "start", start);
    chopsat_json_key(&j, "within");
    if (bound_given)
        chopsat_json_int(&j, q->k);
    else
        chopsat_json_null(&j);
    chopsat_json_kint(&j, "nodes", (long long)s->t.nnodes);
    chopsat_json_kbool(&j, "holds", holds);
    chopsat_json_key(&j, "depth");
    if (holds && !s->refutation)
        chopsat_json_int(&j, v->depth);
    else
        chopsat_json_null(&j);
    chopsat_json_key(&j, "node");
    if (holds)
        chopsat_json_null(&j);
    else
        chopsat_json_int(&j, s->ids[v->bad]);
    chopsat_json_kstring(&j, "position", holds ? NULL : at);
    chopsat_json_kstring(&j, "reason", holds ? NULL : v->why);
    first_move(rules, q, s, &j);
    chopsat_json_end(&j);
    fputc('\n', out);
    return report_end(out, err);
}
