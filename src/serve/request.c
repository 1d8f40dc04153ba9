/* request.c: one request's form read by libmicrohttpd's post processor (urlencoded or
 * multipart/form-data, a file upload or a textarea alike): the fields the server knows, each
 * at most SERVE_FIELD_MAX bytes, the whole body at most SERVE_BODY_MAX; past either the
 * request is marked too big and its fields are dropped (the route answers 413). */
#include <microhttpd.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "serve/serve.h"

/* The fields a form of the server has; any other is ignored. */
static const char *const known[] = {"answer", "file",   "rules", "position", "k",
                                    "page",   "player", "key",   "roster",   "code"};

/* Whether name is a field the server reads. */
static bool is_known(const char *name)
{
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (!strcmp(name, known[i])) return true;
    return false;
}

/* The field called name, made when it is not there yet. */
static serve_field *field_of(serve_request *q, const char *name)
{
    for (size_t i = 0; i < q->nfields; i++)
        if (!strcmp(q->fields[i].name, name)) return &q->fields[i];
    q->fields = xrealloc(q->fields, (q->nfields + 1) * sizeof *q->fields);
    serve_field *f = &q->fields[q->nfields++];
    f->name = xstrdup(name);
    f->value = xcalloc(1, 1);
    f->len = 0;
    return f;
}

/* The post processor's iterator: appends a piece of a field's value. */
static enum MHD_Result piece(void *cls, enum MHD_ValueKind kind, const char *key,
                             const char *filename, const char *content_type,
                             const char *transfer_encoding, const char *data, uint64_t off,
                             size_t size)
{
    (void)kind, (void)filename, (void)content_type, (void)transfer_encoding, (void)off;
    serve_request *q = cls;
    if (!key || !is_known(key) || q->too_big) return MHD_YES;
    serve_field *f = field_of(q, key);
    if (f->len + size > SERVE_FIELD_MAX) {
        q->too_big = true;
        return MHD_YES;
    }
    f->value = xrealloc(f->value, f->len + size + 1);
    memcpy(f->value + f->len, data, size);
    f->len += size;
    f->value[f->len] = '\0';
    return MHD_YES;
}

int request_start(serve_request *q, struct MHD_Connection *c)
{
    memset(q, 0, sizeof *q);
    const char *len = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
    if (len && strtoull(len, NULL, 10) > SERVE_BODY_MAX) q->too_big = true;
    q->pp = MHD_create_post_processor(c, 16 * 1024, piece, q);
    return 0;
}

void request_feed(serve_request *q, const char *data, size_t size)
{
    q->body += size;
    if (q->body > SERVE_BODY_MAX) q->too_big = true;
    if (q->too_big || q->bad_form) return;
    if (!q->pp || MHD_post_process(q->pp, data, size) != MHD_YES) q->bad_form = true;
}

const char *request_field(const serve_request *q, const char *name, size_t *len)
{
    for (size_t i = 0; i < q->nfields; i++)
        if (!strcmp(q->fields[i].name, name)) {
            if (len) *len = q->fields[i].len;
            return q->fields[i].value;
        }
    return NULL;
}

void request_free(serve_request *q)
{
    if (q->pp) MHD_destroy_post_processor(q->pp);
    for (size_t i = 0; i < q->nfields; i++)
        free(q->fields[i].name), free(q->fields[i].value);
    free(q->fields);
    memset(q, 0, sizeof *q);
}
