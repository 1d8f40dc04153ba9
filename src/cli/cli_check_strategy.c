/* cli_check_strategy.c: `chopsat check --strategy FILE`, a strategy or refutation tree in the
 * JSON form `force --format json` writes (its "strategy" object, or the whole report), or
 * written by hand in that form, checked by chopsat_tree_check with the explicit move generator:
 * every move legal, every reply of the other side covered, every leaf a win within the bound;
 * the first node where it fails (breadth-first from the root) and why. docs/cli.md has the
 * fields a hand-written file needs. The JSON is read with jansson. */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* The whole of FILE (or standard input for "-"), at most 64 MiB: a new string, or NULL with
 * the error printed. */
static char *slurp(const char *path)
{
    FILE *f = cli_open_in(path, CLI_IN_DASH);
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0, limit = (size_t)64 << 20;
    char *buf = cli_calloc(cap, 1);
    for (;;) {
        if (n + 1 >= cap) {
            if (cap >= limit) {
                cli_error("'%s' is larger than 64 MiB: no strategy file is", path);
                free(buf);
                buf = NULL;
                break;
            }
            char *grown = cli_calloc(cap * 2, 1);
            memcpy(grown, buf, n);
            free(buf);
            buf = grown;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, f);
        n += got;
        if (!got) break;
    }
    if (buf && ferror(f)) {
        cli_error("cannot read '%s'", path);
        free(buf);
        buf = NULL;
    }
    cli_close_in(f);
    if (buf) buf[n] = 0;
    if (buf && strlen(buf) != n) {
        cli_error("'%s' holds a NUL byte: it is no JSON text", path);
        free(buf);
        buf = NULL;
    }
    return buf;
}

/* A whole number held by v (a JSON number without a fraction, within range); false if not. */
static bool whole(const json_t *v, long lo, long hi, long *out)
{
    double x = json_number_value(v); /* every number a double: JSON_DECODE_INT_AS_REAL */
    if (!json_is_number(v) || x != floor(x) || x < (double)lo || x > (double)hi) return false;
    *out = (long)x;
    return true;
}

/* The string member key of object o, or NULL. */
static const char *text_of(const json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

/* What was read from the file. */
typedef struct tree_file {
    chopsat_tree t;
    long *ids;          /* ids[i]: the file's id of node i (node 0 is the root) */
    const char **names; /* per edge: the move's name in the file, or NULL */
    bool refutation;
    long player, within; /* within: -1 when the file does not say */
    const char *rules, *target; /* strings in the JSON tree, or NULL */
} tree_file;

static void tree_file_free(tree_file *f)
{
    free(f->t.nodes);
    free(f->t.child);
    free(f->ids);
    free(f->names);
}

/* The tree's own fields: "kind", "player", "within", "rules", "target", and that "nodes" is a
 * non-empty array; 0, or EXIT_ERROR with the message. */
static int read_fields(const char *path, const json_t *root, tree_file *f)
{
    const json_t *kind = json_object_get(root, "kind"), *player = json_object_get(root, "player");
    const json_t *nodes = json_object_get(root, "nodes"), *within = json_object_get(root, "within");
    const char *ks = json_string_value(kind);
    f->refutation = false;
    if (kind && (!ks || (strcmp(ks, "strategy") && strcmp(ks, "refutation"))))
        return cli_error("%s: \"kind\" must be \"strategy\" or \"refutation\"", path);
    f->refutation = ks && !strcmp(ks, "refutation");
    if (!whole(player, 1, 2, &f->player)) return cli_error("%s: \"player\" must be 1 or 2", path);
    f->within = -1;
    if (within && !json_is_null(within) && !whole(within, 0, CHOPSAT_MAX_K, &f->within))
        return cli_error("%s: \"within\" must be a whole number of moves, 0 .. %d", path,
                         CHOPSAT_MAX_K);
    if (!json_is_array(nodes) || !json_array_size(nodes))
        return cli_error("%s: \"nodes\" must be a non-empty array of nodes", path);
    f->rules = text_of(root, "rules");
    f->target = text_of(root, "target");
    return 0;
}

/* Every node's "id" into fid (file order), all different, and where the node with the id
 * "root" names is (the first node when there is no "root"); 0, or EXIT_ERROR. */
static int read_ids(const char *path, const json_t *root, const json_t *nodes, long *fid,
                    size_t *root_at)
{
    const json_t *rootid = json_object_get(root, "root");
    long want_root = -1;
    if (rootid && !whole(rootid, 0, 2147483647L, &want_root))
        return cli_error("%s: \"root\" must be a node's id", path);
    *root_at = 0;
    for (size_t i = 0; i < json_array_size(nodes); i++) {
        const json_t *nd = json_array_get(nodes, i);
        if (!json_is_object(nd) || !whole(json_object_get(nd, "id"), 0, 2147483647L, &fid[i]))
            return cli_error("%s: node %zu of \"nodes\" needs an \"id\" (a whole number)", path,
                             i + 1);
        for (size_t j = 0; j < i; j++)
            if (fid[j] == fid[i]) return cli_error("%s: two nodes have the id %ld", path, fid[i]);
        if (rootid && fid[i] == want_root) *root_at = i;
    }
    if (rootid && fid[*root_at] != want_root)
        return cli_error("%s: no node has the root's id %ld", path, want_root);
    return 0;
}

/* Numbers the n nodes (slot: file order -> tree index, the root first) and allocates the tree
 * for them and for every move the file lists. */
static void lay_out(tree_file *f, const json_t *nodes, const long *fid, size_t root_at,
                    size_t *slot)
{
    size_t n = json_array_size(nodes);
    f->ids = cli_calloc(n, sizeof *f->ids);
    for (size_t i = 0, k = 1; i < n; i++) slot[i] = i == root_at ? 0 : k++;
    for (size_t i = 0; i < n; i++) f->ids[slot[i]] = fid[i];
    f->t.refutation = f->refutation;
    f->t.nnodes = n;
    f->t.nodes = cli_calloc(n, sizeof *f->t.nodes);
    size_t edges = 0;
    for (size_t i = 0; i < n; i++) {
        edges += json_array_size(json_object_get(json_array_get(nodes, i), "moves"));
    }
    f->t.child = cli_calloc(edges + 1, sizeof *f->t.child);
    f->names = cli_calloc(edges + 1, sizeof *f->names);
}

/* A node's "position" and "mover" (which must agree when the position names one) into tn;
 * 0, or EXIT_ERROR. */
static int read_position(const char *path, const chopsat_rules *r, const json_t *nd, long id,
                         chopsat_tree_node *tn)
{
    const char *pos = text_of(nd, "position");
    const json_t *mover = json_object_get(nd, "mover");
    chopsat_err err;
    long m = 0;
    if (!pos)
        return cli_error("%s: node %ld needs a \"position\" (a string such as \"11/04:2\")",
                         path, id);
    if (chopsat_pos_parse(r, pos, &tn->pos, &err))
        return cli_error("%s: node %ld: %s", path, id, err.msg);
    if (mover && !json_is_null(mover)) {
        if (!whole(mover, 1, 2, &m))
            return cli_error("%s: node %ld: \"mover\" must be 1 or 2", path, id);
        if (!strchr(pos, ':')) tn->pos.mover = (uint32_t)m; /* "11/04" and "mover": 2 */
        else if (tn->pos.mover != (uint32_t)m)
            return cli_error("%s: node %ld: \"mover\" %ld, but the position %s says player %u",
                             path, id, m, pos, tn->pos.mover);
    }
    return 0;
}

/* Node i's "moves" as the tree's next edges (each "to" an id in fid, its "move" name kept);
 * 0, or EXIT_ERROR. */
static int read_moves(const char *path, tree_file *f, const json_t *nodes, size_t i,
                      const long *fid, const size_t *slot)
{
    const json_t *mv = json_object_get(json_array_get(nodes, i), "moves");
    chopsat_tree_node *tn = &f->t.nodes[slot[i]];
    size_t n = json_array_size(nodes);
    if (mv && !json_is_array(mv) && !json_is_null(mv))
        return cli_error("%s: node %ld: \"moves\" must be an array", path, fid[i]);
    for (size_t e = 0; e < json_array_size(mv); e++) {
        const json_t *ed = json_array_get(mv, e);
        long to;
        if (!json_is_object(ed) || !whole(json_object_get(ed, "to"), 0, 2147483647L, &to))
            return cli_error("%s: node %ld: move %zu needs \"to\", the id of the node it leads to",
                             path, fid[i], e + 1);
        size_t c = n;
        for (size_t j = 0; j < n && c == n; j++)
            if (fid[j] == to) c = j;
        if (c == n)
            return cli_error("%s: node %ld: a move to node %ld, which is not in \"nodes\"", path,
                             fid[i], to);
        f->names[f->t.nedges] = text_of(ed, "move");
        f->t.child[f->t.nedges++] = slot[c];
        tn->n++;
    }
    return 0;
}

/* Reads the tree of root (a strategy object) for rules r; 0, or EXIT_ERROR with the message. */
static int read_tree(const char *path, const json_t *root, const chopsat_rules *r,
                     tree_file *f)
{
    int rc = read_fields(path, root, f);
    if (rc) return rc;
    const json_t *nodes = json_object_get(root, "nodes");
    size_t n = json_array_size(nodes), root_at = 0;
    long *fid = cli_calloc(n, sizeof *fid); /* the ids, in file order */
    rc = read_ids(path, root, nodes, fid, &root_at);
    if (rc) {
        free(fid);
        return rc;
    }
    size_t *slot = cli_calloc(n, sizeof *slot); /* file order -> tree index */
    lay_out(f, nodes, fid, root_at, slot);
    for (size_t i = 0; i < n && !rc; i++) {
        chopsat_tree_node *tn = &f->t.nodes[slot[i]];
        rc = read_position(path, r, json_array_get(nodes, i), fid[i], tn);
        if (rc) break;
        tn->bound = -1;
        tn->end = -1;
        tn->first = f->t.nedges;
        rc = read_moves(path, f, nodes, i, fid, slot);
    }
    free(fid);
    free(slot);
    return rc;
}

/* Each move's name, where the file gives one, must be the move from its node to its child:
 * 1, or 0 with *bad and the reason. */
static int check_names(const chopsat_rules *r, const tree_file *f, size_t *bad, char *why, size_t size)
{
    for (size_t i = 0; i < f->t.nnodes; i++) {
        const chopsat_tree_node *n = &f->t.nodes[i];
        for (size_t e = n->first; e < n->first + n->n; e++) {
            if (!f->names[e]) continue;
            chopsat_move m;
            chopsat_err err;
            const chopsat_pos *to = &f->t.nodes[f->t.child[e]].pos;
            char want[CHOPSAT_POS_MAX], got[CHOPSAT_POS_MAX];
            chopsat_pos_format(r, to, want, sizeof want);
            *bad = i;
            if (chopsat_move_parse(r, &n->pos, f->names[e], &m, NULL, &err) < 0) {
                snprintf(why, size, "the move '%s' to node %ld: %s", f->names[e], f->ids[f->t.child[e]], err.msg);
                return 0;
            }
            if (!chopsat_pos_equal(&m.to, to)) {
                chopsat_pos_format(r, &m.to, got, sizeof got);
                snprintf(why, size, "the move '%s' leads to %s, but it points to node %ld, %s",
                         f->names[e], got, f->ids[f->t.child[e]], want);
                return 0;
            }
        }
    }
    return 1;
}

#define STRATEGY_DEPTH_MAX 64 /* arrays and objects in one another: a tree needs 4 */

/* The line where text first nests more than STRATEGY_DEPTH_MAX arrays and objects deep
 * (outside strings), or 0. */
static int too_deep(const char *text)
{
    int depth = 0, line = 1;
    for (const char *p = text; *p; p++) {
        if (*p == '"') {
            for (p++; *p && *p != '"'; p++) {
                line += *p == '\n';
                p += p[0] == '\\' && p[1];
            }
            if (!*p) break;
        }
        line += *p == '\n';
        if ((*p == '[' || *p == '{') && ++depth > STRATEGY_DEPTH_MAX) return line;
        if (*p == ']' || *p == '}') depth--;
    }
    return 0;
}

/* The document in FILE (standard input for "-") into *doc (every number a double, a repeated
 * key refused: a hand-written file must not say two things); 0, or EXIT_ERROR with the message
 * naming the line of the first error. */
static int load_json(const char *path, json_t **doc)
{
    char *text = slurp(path);
    if (!text) return EXIT_ERROR;
    int deep = too_deep(text);
    if (deep) {
        free(text);
        return cli_error("%s: not JSON: line %d: nested more than %d levels deep", path, deep,
                         STRATEGY_DEPTH_MAX);
    }
    json_error_t e;
    *doc = json_loads(text, JSON_DECODE_ANY | JSON_DECODE_INT_AS_REAL | JSON_REJECT_DUPLICATES, &e);
    free(text);
    if (!*doc) return cli_error("%s: not JSON: line %d: %s", path, e.line, e.text);
    return 0;
}

/* The rules the tree is checked under: the file's "rules" (parsed into *own) when it has them,
 * else --rules or the default; --rules that differ from the file's are refused (a tree
 * checked under other rules than its own proves nothing). 0, or EXIT_ERROR. */
static int tree_rules(const cli_opts *o, const json_t *root, chopsat_rules **own,
                      const chopsat_rules **r)
{
    const char *rv = text_of(root, "rules");
    *r = o->rules;
    if (!rv) return 0;
    chopsat_err err;
    *own = chopsat_rules_parse(rv, &err);
    if (!*own) return cli_error("%s: \"rules\": %s", o->strategy, err.msg);
    *r = *own;
    char mine[256], theirs[256];
    chopsat_rules_describe(*own, theirs, sizeof theirs);
    chopsat_rules_describe(o->rules, mine, sizeof mine);
    if (o->given[OPT_RULES] && strcmp(mine, theirs))
        return cli_error("%s is a tree for the rules %s, not for --rules %s", o->strategy, theirs,
                         mine);
    return 0;
}

/* The question the tree answers, from the file and the options (-k and --to win over the
 * file's "within" and "target"); 0, or EXIT_ERROR / EXIT_USAGE. */
static int tree_query(const cli_opts *o, const chopsat_rules *r, const tree_file *f,
                      chopsat_query *q)
{
    int rc = 0;
    q->kind = o->to || f->target ? CHOPSAT_Q_REACH : CHOPSAT_Q_WIN;
    q->player = (int)f->player;
    q->from = f->t.nodes[0].pos;
    q->k = o->k >= 0 ? (int)o->k : f->within >= 0 ? (int)f->within : -1;
    if (o->to || f->target) {
        chopsat_err err;
        if (chopsat_pos_parse(r, o->to ? o->to : f->target, &q->target, &err))
            rc = cli_error("%s", err.msg);
    }
    if (!rc && q->k < 0 && f->refutation)
        rc = cli_usage("check: a refutation is of a bound: give \"within\" in the file or -k K");
    if (q->k < 0) q->k = (int)(f->t.nnodes < CHOPSAT_MAX_K ? f->t.nnodes : CHOPSAT_MAX_K);
    return rc;
}

/* The outcome of a check: holds (1 yes, 0 no), the longest line, and where and why it fails. */
typedef struct verdict {
    int holds, depth;
    size_t bad;
    char why[700];
} verdict;

/* The sentence that says what the tree claims ("strategy: player 1 can force a win from ..."). */
static void claim(const chopsat_rules *r, const chopsat_query *q, const tree_file *f,
                  bool bound_given, char *question, size_t size)
{
    char start[CHOPSAT_POS_MAX], goal[CHOPSAT_POS_MAX + 40];
    int P = q->player, O = 3 - P;
    chopsat_pos_format(r, &q->from, start, sizeof start);
    if (q->kind == CHOPSAT_Q_REACH) {
        char tb[CHOPSAT_POS_MAX];
        chopsat_pos_format(r, &q->target, tb, sizeof tb);
        snprintf(goal, sizeof goal, "force the game into %s", tb);
    } else
        snprintf(goal, sizeof goal, "force a win");
    if (f->refutation) /* "refutation: player 2 keeps player 1 from forcing a win ..." */
        snprintf(question, size, "refutation: player %d keeps player %d from being "
                 "able to %s from %s within %d move%s",
                 O, P, goal, start, q->k, q->k == 1 ? "" : "s");
    else if (bound_given)
        snprintf(question, size, "strategy: player %d can %s from %s within %d "
                 "move%s", P, goal, start, q->k, q->k == 1 ? "" : "s");
    else
        snprintf(question, size, "strategy: player %d can %s from %s", P, goal, start);
}

/* The verdict as one JSON object on standard output. */
static void print_json(const chopsat_rules *r, const chopsat_query *q, const tree_file *f,
                       bool bound_given, const verdict *v)
{
    char desc[256], start[CHOPSAT_POS_MAX], at[CHOPSAT_POS_MAX];
    chopsat_rules_describe(r, desc, sizeof desc);
    chopsat_pos_format(r, &q->from, start, sizeof start);
    chopsat_pos_format(r, &f->t.nodes[v->bad].pos, at, sizeof at);
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "rules", desc);
    chopsat_json_kstring(&j, "kind", f->refutation ? "refutation" : "strategy");
    chopsat_json_kint(&j, "player", q->player);
    chopsat_json_kstring(&j, "start", start);
    chopsat_json_key(&j, "within");
    if (bound_given) chopsat_json_int(&j, q->k);
    else chopsat_json_null(&j);
    chopsat_json_kint(&j, "nodes", (long long)f->t.nnodes);
    chopsat_json_kbool(&j, "holds", v->holds == 1);
    chopsat_json_key(&j, "depth");
    if (v->holds == 1 && !f->refutation) chopsat_json_int(&j, v->depth);
    else chopsat_json_null(&j);
    chopsat_json_key(&j, "node");
    if (v->holds == 1) chopsat_json_null(&j);
    else chopsat_json_int(&j, f->ids[v->bad]);
    chopsat_json_kstring(&j, "position", v->holds == 1 ? NULL : at);
    chopsat_json_kstring(&j, "reason", v->holds == 1 ? NULL : v->why);
    chopsat_json_end(&j);
    putchar('\n');
}

/* The verdict as text: the rules, the claim, and "holds: yes" or where and why not. */
static void print_text(const chopsat_rules *r, const chopsat_query *q, const tree_file *f,
                       bool bound_given, const verdict *v)
{
    char desc[256], at[CHOPSAT_POS_MAX], question[512];
    int P = q->player, O = 3 - P;
    chopsat_rules_describe(r, desc, sizeof desc);
    chopsat_pos_format(r, &f->t.nodes[v->bad].pos, at, sizeof at);
    claim(r, q, f, bound_given, question, sizeof question);
    printf("rules: %s\n%s (%zu nodes)\n", desc, question, f->t.nnodes);
    if (v->holds == 1 && f->refutation)
        printf("holds: yes: every move of player %d answered, no line reaches player %d's "
               "goal within %d moves\n", P, P, q->k);
    else if (v->holds == 1)
        printf("holds: yes: every move of player %d answered, every line a %s for player %d, "
               "the longest after %d move%s\n", O,
               q->kind == CHOPSAT_Q_REACH ? "reach of the target" : "win", P, v->depth,
               v->depth == 1 ? "" : "s");
    else {
        printf("holds: no: at node %ld (%s): ", f->ids[v->bad], at);
        cli_escaped(stdout, v->why);
        printf("\n");
    }
}

/* Checks the moves' names, then the tree itself, and prints the verdict: 0 (holds), EXIT_NO,
 * or EXIT_ERROR when the check could not be made. */
static int check_tree(const cli_opts *o, const chopsat_rules *r, const chopsat_query *q,
                      const tree_file *f)
{
    verdict v = {.why = ""};
    chopsat_err err;
    v.holds = check_names(r, f, &v.bad, v.why, sizeof v.why);
    if (v.holds) {
        int rc = chopsat_tree_check(r, q, &f->t, &v.depth, &v.bad, &err);
        if (rc < 0) return cli_error("%s: %s", o->strategy, err.msg);
        v.holds = rc == CHOPSAT_YES;
        if (!v.holds) snprintf(v.why, sizeof v.why, "%s", err.msg);
    }
    bool bound_given = o->k >= 0 || f->within >= 0;
    if (o->format == FMT_JSON) print_json(r, q, f, bound_given, &v);
    else print_text(r, q, f, bound_given, &v);
    return v.holds == 1 ? 0 : EXIT_NO;
}

int cli_check_strategy(cli_opts *o)
{
    if (o->nargs)
        return cli_usage("check: --strategy FILE takes no position or moves (the tree's root is "
                         "its start)");
    json_t *doc;
    int rc = load_json(o->strategy, &doc);
    if (rc) return rc;
    /* the whole report of `force --format json`, or its strategy object alone */
    const json_t *root = json_object_get(doc, "strategy") ? json_object_get(doc, "strategy") : doc;
    if (!json_is_object(root)) {
        json_decref(doc);
        return cli_error("%s: no strategy object (force wrote none: its tree was not built)",
                         o->strategy);
    }
    tree_file f;
    memset(&f, 0, sizeof f);
    chopsat_rules *own = NULL;
    const chopsat_rules *r = NULL;
    chopsat_query q;
    memset(&q, 0, sizeof q);
    rc = tree_rules(o, root, &own, &r);
    if (!rc) rc = read_tree(o->strategy, root, r, &f);
    if (!rc) rc = tree_query(o, r, &f, &q);
    if (!rc) rc = check_tree(o, r, &q, &f);
    tree_file_free(&f);
    chopsat_rules_free(own);
    json_decref(doc);
    return rc;
}
