/* grade_tree.c: the check of a strategy tree written by hand (exercise 11(c)): the JSON tree read
 * (chopsat_strategy_load, chopsat_tree_file_read) under the exercise's rules and checked for its
 * forced question (chopsat_tree_file_check): where it fails, the node and the reason, as `check
 * --strategy` says them; when the exercise names the first move (a strategy the tool's own
 * answer does not show), a tree that opens otherwise is not checked further. */
#include <stdio.h>
#include <string.h>

#include "core/util.h"
#include "grade/grade.h"

/* Scores "first-move": the root's one move must be the exercise's "first_move" (the strategy
 * the handout asks for, which the tool's own answer does not show). */
static bool score_first_move(const grade_exercise *ex, const chopsat_rules *r,
                             const chopsat_tree_file *s, chopsat_graded *g)
{
    const char *want = grade_data_string(ex, "first_move");
    if (!want) return true;
    const chopsat_tree_node *root = &s->t.nodes[0];
    chopsat_move m;
    bool one = root->n == 1 &&
               chopsat_move_between(r, &root->pos, &s->t.nodes[s->t.child[root->first]].pos, &m,
                                    NULL) == CHOPSAT_OK;
    if (!one)
        grade_result(g, ex, "first-move", false,
                     "the root has %zu moves: a strategy makes one move where its player moves",
                     root->n);
    else if (!strcmp(m.name, want))
        grade_result(g, ex, "first-move", true, "the tree opens with the move asked for");
    else
        grade_result(g, ex, "first-move", false,
                     "the tree opens with %s, not with the opening the exercise asks for", m.name);
    return one && !strcmp(m.name, want);
}

int grade_check_strategy(const grade_exercise *ex, const grade_input *in, chopsat_graded *g,
                         chopsat_err *err)
{
    chopsat_rules *r = chopsat_rules_parse(grade_data_string(ex, "rules"), err);
    if (!r) return -1;
    chopsat_query q;
    if (grade_question(ex, r, &q, err) != 0) {
        chopsat_rules_free(r);
        return -1;
    }
    chopsat_err why;
    FILE *f = fmemopen((void *)in->text, in->len ? in->len : 1, "r");
    chopsat_strategy_doc *doc = f ? chopsat_strategy_load(f, in->shown, &why) : NULL;
    if (f) fclose(f);
    if (!f) fail(&why, "no memory to read %s", in->shown);
    chopsat_tree_file s;
    memset(&s, 0, sizeof s);
    bool read = doc && chopsat_tree_file_read(doc, r, &s, &why) == 0;
    if (!read) {
        grade_result(g, ex, "readable", false, "%s", why.msg);
    } else {
        grade_result(g, ex, "readable", true, "a tree of %zu nodes", s.t.nnodes);
        bool claim = !s.refutation && s.player == q.player;
        if (!claim) {
            grade_result(g, ex, "holds", false,
                         "the file claims %s for player %d: the exercise asks for player %d's "
                         "strategy",
                         s.refutation ? "a refutation" : "a strategy", s.player, q.player);
        } else if (score_first_move(ex, r, &s, g)) {
            chopsat_tree_verdict v;
            if (chopsat_tree_file_check(r, &q, &s, &v, &why) != 0)
                grade_result(g, ex, "holds", false, "%s", why.msg);
            else if (v.holds)
                grade_result(g, ex, "holds", true, "the strategy wins within %d moves", q.k);
            else
                grade_result(g, ex, "holds", false, "%s", v.why);
        }
    }
    if (doc) chopsat_tree_file_free(&s);
    chopsat_strategy_doc_free(doc);
    chopsat_rules_free(r);
    return 0;
}
