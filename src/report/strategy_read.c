/* strategy_read.c: a strategy or refutation tree from outside (`check --strategy FILE`), in the
 * JSON form `force --format json` writes (its "strategy" object, or the whole report) or written
 * by hand in that form, read with jansson into a chopsat_tree for chopsat_tree_file_check: the
 * document first (chopsat_strategy_load), then its tree under the rules the caller chose
 * (chopsat_tree_file_read). Every message names the file as the caller showed it. */
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"

#define STRATEGY_FILE_MAX  ((size_t)64 << 20)
#define STRATEGY_DEPTH_MAX 64 /* arrays and objects in one another: a tree needs 4 */
#define ID_MAX             2147483647L

struct chopsat_strategy_doc {
    json_t *doc;
    const json_t *root; /* the strategy object */
    char *shown;
};

/* Writes the message fmt into err (cut at its size, as every library message); returns -1. */
static int say(chopsat_err *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int say(chopsat_err *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err) vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return -1;
}

/* The whole of in, at most STRATEGY_FILE_MAX bytes and no NUL byte: a new string, or NULL with
 * err. */
static char *slurp(FILE *in, const char *shown, chopsat_err *err)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = xcalloc(cap, 1);
    for (;;) {
        if (n + 1 >= cap) {
            if (cap >= STRATEGY_FILE_MAX) {
                say(err, "'%s' is larger than 64 MiB: no strategy file is", shown);
                free(buf);
                return NULL;
            }
            char *grown = xcalloc(cap * 2, 1);
            memcpy(grown, buf, n);
            free(buf);
            buf = grown;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, in);
        n += got;
        if (!got) break;
    }
    buf[n] = 0;
    if (ferror(in) || strlen(buf) != n) {
        if (ferror(in))
            say(err, "cannot read '%s'", shown);
        else
            say(err, "'%s' holds a NUL byte: it is no JSON text", shown);
        free(buf);
        return NULL;
    }
    return buf;
}

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

/* The document in `in` (every number a double, a repeated key refused: a hand-written file must
 * not say two things) and its strategy object; NULL with err naming the line of the first
 * error. */
static chopsat_strategy_doc *load_body(FILE *in, const char *shown, chopsat_err *err)
{
    char *text = slurp(in, shown, err);
    if (!text) return NULL;
    int deep = too_deep(text);
    if (deep) {
        free(text);
        say(err, "%s: not JSON: line %d: nested more than %d levels deep", shown, deep,
            STRATEGY_DEPTH_MAX);
        return NULL;
    }
    json_error_t e;
    json_t *doc =
        json_loads(text, JSON_DECODE_ANY | JSON_DECODE_INT_AS_REAL | JSON_REJECT_DUPLICATES, &e);
    free(text);
    if (!doc) { /* jansson's words for a \u0000, the reader's own before it */
        bool nul = json_error_code(&e) == json_error_null_character;
        say(err, "%s: not JSON: line %d: %s", shown, e.line,
            nul ? "a \\u0000 escape (a NUL byte) in a string" : e.text);
        return NULL;
    }
    const json_t *root = json_object_get(doc, "strategy") ? json_object_get(doc, "strategy") : doc;
    if (!json_is_object(root)) {
        json_decref(doc);
        say(err, "%s: no strategy object (force wrote none: its tree was not built)", shown);
        return NULL;
    }
    chopsat_strategy_doc *d = xcalloc(1, sizeof *d);
    d->doc = doc;
    d->root = root;
    d->shown = xstrdup(shown);
    return d;
}

chopsat_strategy_doc *chopsat_strategy_load(FILE *in, const char *shown, chopsat_err *err)
{
    CS_GUARDED(chopsat_strategy_doc *, NULL, err, load_body(in, shown, err));
}

/* The string member key of object o, or NULL. */
static const char *text_of(const json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

const char *chopsat_strategy_doc_rules(const chopsat_strategy_doc *d)
{
    return text_of(d->root, "rules");
}

void chopsat_strategy_doc_free(chopsat_strategy_doc *d)
{
    if (!d) return;
    json_decref(d->doc);
    free(d->shown);
    free(d);
}

/* A whole number held by v (a JSON number without a fraction, within lo .. hi); false if not. */
static bool whole(const json_t *v, long lo, long hi, long *out)
{
    double x = json_number_value(v); /* every number a double: JSON_DECODE_INT_AS_REAL */
    if (!json_is_number(v) || x != floor(x) || x < (double)lo || x > (double)hi) return false;
    *out = (long)x;
    return true;
}

/* The tree's own fields: "kind", "player", "within", "target", and that "nodes" is a non-empty
 * array; 0, or -1 with err. */
static int read_fields(const chopsat_strategy_doc *d, chopsat_tree_file *s, chopsat_err *err)
{
    const json_t *root = d->root, *kind = json_object_get(root, "kind");
    const json_t *nodes = json_object_get(root, "nodes"), *within = json_object_get(root, "within");
    const char *ks = json_string_value(kind);
    long player, bound = -1;
    if (kind && (!ks || (strcmp(ks, "strategy") && strcmp(ks, "refutation"))))
        return say(err, "%s: \"kind\" must be \"strategy\" or \"refutation\"", d->shown);
    s->refutation = ks && !strcmp(ks, "refutation");
    if (!whole(json_object_get(root, "player"), 1, 2, &player))
        return say(err, "%s: \"player\" must be 1 or 2", d->shown);
    s->player = (int)player;
    if (within && !json_is_null(within) && !whole(within, 0, CHOPSAT_MAX_K, &bound))
        return say(err, "%s: \"within\" must be a whole number of moves, 0 .. %d", d->shown,
                   CHOPSAT_MAX_K);
    s->within = (int)bound;
    if (!json_is_array(nodes) || !json_array_size(nodes))
        return say(err, "%s: \"nodes\" must be a non-empty array of nodes", d->shown);
    s->target = text_of(root, "target");
    return 0;
}

/* Every node's "id" into fid (file order), all different, and where the node with the id
 * "root" names is (the first node when there is no "root"); 0, or -1 with err. */
static int read_ids(const chopsat_strategy_doc *d, const json_t *nodes, long *fid, size_t *root_at,
                    chopsat_err *err)
{
    const json_t *rootid = json_object_get(d->root, "root");
    long want_root = -1;
    if (rootid && !whole(rootid, 0, ID_MAX, &want_root))
        return say(err, "%s: \"root\" must be a node's id", d->shown);
    *root_at = 0;
    for (size_t i = 0; i < json_array_size(nodes); i++) {
        const json_t *nd = json_array_get(nodes, i);
        if (!json_is_object(nd) || !whole(json_object_get(nd, "id"), 0, ID_MAX, &fid[i]))
            return say(err, "%s: node %zu of \"nodes\" needs an \"id\" (a whole number)", d->shown,
                       i + 1);
        for (size_t j = 0; j < i; j++)
            if (fid[j] == fid[i])
                return say(err, "%s: two nodes have the id %ld", d->shown, fid[i]);
        if (rootid && fid[i] == want_root) *root_at = i;
    }
    if (rootid && fid[*root_at] != want_root)
        return say(err, "%s: no node has the root's id %ld", d->shown, want_root);
    return 0;
}

/* Numbers the nodes (slot: file order -> tree index, the root first) and allocates the tree
 * for them and for every move the file lists. */
static void lay_out(chopsat_tree_file *s, const json_t *nodes, const long *fid, size_t root_at,
                    size_t *slot)
{
    size_t n = json_array_size(nodes), edges = 0;
    s->ids = xcalloc(n, sizeof *s->ids);
    for (size_t i = 0, k = 1; i < n; i++)
        slot[i] = i == root_at ? 0 : k++;
    for (size_t i = 0; i < n; i++)
        s->ids[slot[i]] = fid[i];
    s->t.refutation = s->refutation;
    s->t.nnodes = n;
    s->t.nodes = xcalloc(n, sizeof *s->t.nodes);
    for (size_t i = 0; i < n; i++)
        edges += json_array_size(json_object_get(json_array_get(nodes, i), "moves"));
    s->t.child = xcalloc(edges + 1, sizeof *s->t.child);
    s->names = xcalloc(edges + 1, sizeof *s->names);
}

/* A node's "position" and "mover" (which must agree when the position names one) into tn;
 * 0, or -1 with err. */
static int read_position(const char *shown, const chopsat_rules *r, const json_t *nd, long id,
                         chopsat_tree_node *tn, chopsat_err *err)
{
    const char *pos = text_of(nd, "position");
    const json_t *mover = json_object_get(nd, "mover");
    chopsat_err perr;
    long m = 0;
    if (!pos)
        return say(err, "%s: node %ld needs a \"position\" (a string such as \"11/04:2\")", shown,
                   id);
    if (chopsat_pos_parse(r, pos, &tn->pos, &perr))
        return say(err, "%s: node %ld: %s", shown, id, perr.msg);
    if (mover && !json_is_null(mover)) {
        if (!whole(mover, 1, 2, &m))
            return say(err, "%s: node %ld: \"mover\" must be 1 or 2", shown, id);
        if (!strchr(pos, ':'))
            tn->pos.mover = (uint32_t)m; /* "11/04" and "mover": 2 */
        else if (tn->pos.mover != (uint32_t)m)
            return say(err, "%s: node %ld: \"mover\" %ld, but the position %s says player %u",
                       shown, id, m, pos, tn->pos.mover);
    }
    return 0;
}

/* Node i's "moves" as the tree's next edges (each "to" an id in fid, its "move" name kept);
 * 0, or -1 with err. */
static int read_moves(const char *shown, chopsat_tree_file *s, const json_t *nodes, size_t i,
                      const long *fid, const size_t *slot, chopsat_err *err)
{
    const json_t *mv = json_object_get(json_array_get(nodes, i), "moves");
    chopsat_tree_node *tn = &s->t.nodes[slot[i]];
    size_t n = json_array_size(nodes);
    if (mv && !json_is_array(mv) && !json_is_null(mv))
        return say(err, "%s: node %ld: \"moves\" must be an array", shown, fid[i]);
    for (size_t e = 0; e < json_array_size(mv); e++) {
        const json_t *ed = json_array_get(mv, e);
        long to;
        if (!json_is_object(ed) || !whole(json_object_get(ed, "to"), 0, ID_MAX, &to))
            return say(err, "%s: node %ld: move %zu needs \"to\", the id of the node it leads to",
                       shown, fid[i], e + 1);
        size_t c = n;
        for (size_t j = 0; j < n && c == n; j++)
            if (fid[j] == to) c = j;
        if (c == n)
            return say(err, "%s: node %ld: a move to node %ld, which is not in \"nodes\"", shown,
                       fid[i], to);
        s->names[s->t.nedges] = text_of(ed, "move");
        s->t.child[s->t.nedges++] = slot[c];
        tn->n++;
    }
    return 0;
}

/* Reads d's tree under r into s; 0, or -1 with err. */
static int read_body(const chopsat_strategy_doc *d, const chopsat_rules *r, chopsat_tree_file *s,
                     chopsat_err *err)
{
    int rc = read_fields(d, s, err);
    if (rc) return rc;
    const json_t *nodes = json_object_get(d->root, "nodes");
    size_t n = json_array_size(nodes), root_at = 0;
    long *fid = xcalloc(n, sizeof *fid);     /* the ids, in file order */
    size_t *slot = xcalloc(n, sizeof *slot); /* file order -> tree index */
    rc = read_ids(d, nodes, fid, &root_at, err);
    if (!rc) lay_out(s, nodes, fid, root_at, slot);
    for (size_t i = 0; i < n && !rc; i++) {
        chopsat_tree_node *tn = &s->t.nodes[slot[i]];
        rc = read_position(d->shown, r, json_array_get(nodes, i), fid[i], tn, err);
        if (rc) break;
        tn->bound = -1;
        tn->end = -1;
        tn->first = s->t.nedges;
        rc = read_moves(d->shown, s, nodes, i, fid, slot, err);
    }
    free(fid);
    free(slot);
    return rc;
}

int chopsat_tree_file_read(const chopsat_strategy_doc *d, const chopsat_rules *r,
                           chopsat_tree_file *s, chopsat_err *err)
{
    memset(s, 0, sizeof *s);
    CS_GUARDED(int, CHOPSAT_NOMEM, err, read_body(d, r, s, err));
}

void chopsat_tree_file_free(chopsat_tree_file *s)
{
    free(s->t.nodes);
    free(s->t.child);
    free(s->ids);
    free(s->names);
    memset(s, 0, sizeof *s);
}
