/* exercises.c: the exercises a class server offers, read (with jansson) from what `chopsat
 * grade --list --format json` prints: an array of objects (or an object whose "exercises" is
 * one) with id, title, submit (what to hand in, in words), file (its name in the handout) and
 * max_score. The reference answers are never in it: they stay with the grader. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "serve/serve.h"

#define EXERCISES_MAX 200

/* A string member of o, copied ("" when absent). */
static char *member(json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    return xstrdup(s ? s : "");
}

/* Whether id may stand in a URL path as it is: letters, digits, '-', '_', '.'. */
static bool plain_id(const char *id)
{
    if (!*id || strlen(id) > 64) return false;
    for (const char *p = id; *p; p++)
        if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') && !(*p >= '0' && *p <= '9') &&
            !strchr("-_.", *p))
            return false;
    return true;
}

int exercises_read(const char *text, size_t len, serve_exercises *out, chopsat_err *err)
{
    json_error_t je;
    memset(out, 0, sizeof *out);
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!root) return fail(err, "the exercise list: line %d: %s", je.line, je.text);
    json_t *list = json_is_array(root) ? root : json_object_get(root, "exercises");
    size_t n = json_array_size(list);
    int rc = 0;
    if (!json_is_array(list) || n == 0 || n > EXERCISES_MAX) {
        rc = fail(err, "the exercise list holds no exercises (or more than %d)", EXERCISES_MAX);
    } else {
        out->items = xcalloc(n, sizeof *out->items);
        for (size_t i = 0; i < n && rc == 0; i++) {
            json_t *o = json_array_get(list, i);
            serve_exercise *e = &out->items[out->n++];
            e->id = member(o, "id");
            e->title = member(o, "title");
            e->submit = member(o, "submit");
            e->file = member(o, "file");
            json_t *m = json_object_get(o, "max_score");
            e->max_score = json_is_number(m) ? json_number_value(m) : 0;
            if (!plain_id(e->id)) rc = fail(err, "the exercise list: an id that is not plain");
        }
    }
    json_decref(root);
    if (rc != 0) exercises_free(out);
    return rc;
}

const serve_exercise *exercises_find(const serve_exercises *e, const char *id)
{
    for (size_t i = 0; i < e->n; i++)
        if (!strcmp(e->items[i].id, id)) return &e->items[i];
    return NULL;
}

void exercises_free(serve_exercises *e)
{
    for (size_t i = 0; i < e->n; i++) {
        serve_exercise *x = &e->items[i];
        free(x->id), free(x->title), free(x->submit), free(x->file);
    }
    free(e->items);
    memset(e, 0, sizeof *e);
}
