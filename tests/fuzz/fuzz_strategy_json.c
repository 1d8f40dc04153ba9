/* fuzz_strategy_json.c: a strategy or refutation tree from outside (chopsat_strategy_load and
 * chopsat_tree_file_read, `check --strategy FILE`): JSON read with jansson, then the tree under
 * the file's rules (or the standard ones). An accepted tree has every edge inside it and as many
 * edges as its nodes count; its check (chopsat_tree_file_check) either answers, naming a node
 * of the tree when it fails, or refuses the tree with a message. */
#include "chopsat_tool.h"
#include "fuzz.h"

/* Checks an accepted tree's shape, then checks the tree itself. */
static void check_tree(const chopsat_rules *r, const chopsat_tree_file *s)
{
    size_t edges = 0;
    FUZZ_ASSERT(s->t.nnodes > 0 && (s->player == 1 || s->player == 2));
    for (size_t i = 0; i < s->t.nnodes; i++) {
        FUZZ_ASSERT(s->t.nodes[i].first + s->t.nodes[i].n <= s->t.nedges);
        edges += s->t.nodes[i].n; /* in file order: the root's need not come first */
    }
    FUZZ_ASSERT(edges == s->t.nedges);
    for (size_t e = 0; e < s->t.nedges; e++)
        FUZZ_ASSERT(s->t.child[e] < s->t.nnodes);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = s->player, .from = s->t.nodes[0].pos};
    q.k = s->within >= 0 ? s->within : 20;
    chopsat_tree_verdict v;
    chopsat_err err;
    if (!chopsat_tree_file_check(r, &q, s, &v, &err))
        FUZZ_ASSERT(v.holds == 1 || (v.holds == 0 && v.bad < s->t.nnodes));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    chopsat_err err;
    FILE *f = fuzz_file(data, size);
    FUZZ_ASSERT(f);
    chopsat_strategy_doc *d = chopsat_strategy_load(f, "input", &err);
    fclose(f);
    if (!d) return 0;
    const char *spec = chopsat_strategy_doc_rules(d);
    chopsat_rules *r = spec ? chopsat_rules_parse(spec, &err) : NULL;
    if (!r) r = chopsat_rules_parse("standard", &err);
    FUZZ_ASSERT(r);
    chopsat_tree_file s;
    if (!chopsat_tree_file_read(d, r, &s, &err)) check_tree(r, &s);
    chopsat_tree_file_free(&s);
    chopsat_rules_free(r);
    chopsat_strategy_doc_free(d);
    return 0;
}
