/* grade_tree.c: the check of a strategy tree written by hand (exercise 11(c)): the JSON tree read
 * (chopsat_strategy_load, chopsat_tree_file_read) under the exercise's rules and checked for its
 * forced question (chopsat_tree_file_check): where it fails, the node and the reason, as `check
 * --strategy` says them. */
#include <stdio.h>
#include <string.h>

#include "core/util.h"
#include "grade/grade.h"

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
        } else {
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
