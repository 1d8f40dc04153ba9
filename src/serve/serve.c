/* serve.c: the class server's life (chopsat_serve_start, chopsat_serve_stop): the database
 * opened, the roster loaded, the exercise list read from `chopsat grade --list` (in a child),
 * the instructor's key drawn, the private folder of the submissions' files made, and
 * libmicrohttpd started with its limits: one thread a connection (a grading that waits holds
 * only its own), at most SERVE_CONNECTIONS connections and SERVE_PER_IP from one address, a
 * connection idle for SERVE_IDLE_SECONDS closed (a slow or half-open client), the request's
 * header within MHD's memory limit (a header flood is answered 431 or closed). */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/util.h"
#include "serve/serve.h"

#define SERVE_CONNECTIONS   512
#define SERVE_PER_IP        128
#define SERVE_IDLE_SECONDS  10
#define SERVE_HEADER_MEMORY ((size_t)64 << 10)
#define SERVE_THREAD_STACK  ((size_t)512 << 10) /* 512 threads in 256 MiB of address space */

/* The children's address space by default: 1 GiB; none under AddressSanitizer, which reserves
 * terabytes of it for its shadow (the sanitizer build's children are sanitized too). */
#if defined(__SANITIZE_ADDRESS__)
#define SERVE_CHILD_MEMORY 0ull
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SERVE_CHILD_MEMORY 0ull
#endif
#endif
#ifndef SERVE_CHILD_MEMORY
#define SERVE_CHILD_MEMORY (1ull << 30)
#endif

/* libmicrohttpd's access handler: reads the body into the request's fields, then routes it. */
static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version, const char *data,
                                  size_t *size, void **con_cls)
{
    (void)version;
    struct chopsat_server *S = cls;
    serve_request *q = *con_cls;
    if (!q) {
        q = xcalloc(1, sizeof *q);
        *con_cls = q;
        if (!strcmp(method, "POST")) request_start(q, c);
        if (q->too_big) { /* Content-Length says so: answered before any of the body is read */
            q->answered = true;
            return (enum MHD_Result)respond_message(c, 413, "Too large",
                                                    "The request is larger than the server takes "
                                                    "(2 MiB): send a smaller file.");
        }
        return MHD_YES;
    }
    if (*size) {
        if (q->answered) return MHD_NO; /* the rest of a refused body: the connection closes */
        request_feed(q, data, *size);
        *size = 0;
        if (q->too_big) {
            q->answered = true;
            return (enum MHD_Result)respond_message(c, 413, "Too large",
                                                    "The request is larger than the server takes "
                                                    "(2 MiB): send a smaller file.");
        }
        return MHD_YES;
    }
    if (q->answered) return MHD_YES;
    q->answered = true;
    return (enum MHD_Result)route(S, c, url, method, q);
}

/* libmicrohttpd's end of a request: its fields freed. */
static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
                      enum MHD_RequestTerminationCode toe)
{
    (void)cls, (void)c, (void)toe;
    serve_request *q = *con_cls;
    if (!q) return;
    request_free(q);
    free(q);
    *con_cls = NULL;
}

/* Reads "ADDR:PORT" (an IPv4 address, or [IPv6]:PORT) into *sa. 0, or -1 with err. */
static int parse_listen(const char *text, struct sockaddr_storage *sa, bool *v6, chopsat_err *err)
{
    char host[128];
    const char *colon = strrchr(text, ':');
    if (!colon || (size_t)(colon - text) >= sizeof host)
        return fail(err, "listen address '%s' is not ADDR:PORT (127.0.0.1:8080)", text);
    memcpy(host, text, (size_t)(colon - text));
    host[colon - text] = '\0';
    char *end;
    long port = strtol(colon + 1, &end, 10);
    if (!colon[1] || *end || port < 0 || port > 65535)
        return fail(err, "listen address '%s': the port is not a number 0..65535", text);
    memset(sa, 0, sizeof *sa);
    size_t hl = strlen(host);
    *v6 = hl >= 2 && host[0] == '[' && host[hl - 1] == ']';
    if (*v6) {
        struct sockaddr_in6 *a = (struct sockaddr_in6 *)sa;
        host[hl - 1] = '\0';
        a->sin6_family = AF_INET6;
        a->sin6_port = htons((uint16_t)port);
        if (inet_pton(AF_INET6, host + 1, &a->sin6_addr) == 1) return 0;
    } else {
        struct sockaddr_in *a = (struct sockaddr_in *)sa;
        a->sin_family = AF_INET;
        a->sin_port = htons((uint16_t)port);
        if (inet_pton(AF_INET, host, &a->sin_addr) == 1) return 0;
    }
    return fail(err, "listen address '%s': '%s' is not an IP address", text, host);
}

/* Reads the exercise list from `chopsat grade --list --format json`. 0, or -1 with err. */
static int load_exercises(struct chopsat_server *S, chopsat_err *err)
{
    serve_child_out r;
    const char *args[] = {"grade", "--list", "--format", "json", NULL};
    child_run(S, args, NULL, 0, (size_t)4 << 20, &r);
    int rc;
    if (r.status != 0 || r.code != 0) {
        const char *why = r.err && *r.err ? r.err : "it failed";
        size_t n = strcspn(why, "\n");
        rc = fail(err, "cannot list the exercises (%s grade --list): %.*s", S->self, (int)n, why);
    } else {
        rc = exercises_read(r.out, r.out_len, &S->ex, err);
    }
    child_out_free(&r);
    return rc;
}

/* The private folder of the submissions' files, in TMPDIR (or /tmp). 0, or -1 with err. */
static int make_tmp(struct chopsat_server *S, chopsat_err *err)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir) dir = "/tmp";
    if (snprintf(S->tmp, sizeof S->tmp, "%s/chopsat-serve-XXXXXX", dir) >= (int)sizeof S->tmp)
        return fail(err, "TMPDIR is too long");
    if (!mkdtemp(S->tmp)) return fail(err, "cannot make a folder in %s", dir);
    S->tmp_slot = chopsat_cleanup_folder(S->tmp);
    return 0;
}

/* Starts libmicrohttpd on the address of o. 0, or -1 with err. */
static int start_daemon(struct chopsat_server *S, const char *listen, chopsat_err *err)
{
    struct sockaddr_storage sa;
    bool v6 = false;
    if (parse_listen(listen, &sa, &v6, err) != 0) return -1;
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD |
                     MHD_USE_POLL | (v6 ? MHD_USE_IPv6 : 0);
    S->daemon = MHD_start_daemon(
        flags, 0, NULL, NULL, on_request, S, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)SERVE_IDLE_SECONDS, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned)SERVE_CONNECTIONS, MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)SERVE_PER_IP,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, SERVE_HEADER_MEMORY, MHD_OPTION_THREAD_STACK_SIZE,
        SERVE_THREAD_STACK, MHD_OPTION_NOTIFY_COMPLETED, completed, S, MHD_OPTION_END);
    if (!S->daemon) return fail(err, "cannot listen on %s (in use, or not this machine's)", listen);
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(S->daemon, MHD_DAEMON_INFO_BIND_PORT);
    S->port = info ? info->port : 0;
    char host[128];
    snprintf(host, sizeof host, "%.*s", (int)(strrchr(listen, ':') - listen), listen);
    snprintf(S->url, sizeof S->url, "http://%s:%u", host, S->port);
    return 0;
}

/* This program's file (/proc/self/exe), or the name it was started as when that is unknown. */
static char *self_program(void)
{
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    buf[n > 0 ? n : 0] = '\0';
    return xstrdup(n > 0 ? buf : "chopsat");
}

chopsat_server *chopsat_serve_start(const chopsat_serve_opts *o, chopsat_err *err)
{
    struct chopsat_server *S = xcalloc(1, sizeof *S);
    S->tmp_slot = -1;
    S->self = o->program ? xstrdup(o->program) : self_program();
    S->child_seconds = o->child_seconds > 0 ? o->child_seconds : 20;
    S->child_memory = o->child_memory ? o->child_memory : SERVE_CHILD_MEMORY;
    pthread_mutex_init(&S->run_lock, NULL);
    pthread_mutex_init(&S->count_lock, NULL);
    const char *listen = o->listen ? o->listen : "127.0.0.1:8080";
    struct sockaddr_storage sa;
    bool v6;
    int rc = parse_listen(listen, &sa, &v6, err); /* a bad address before anything is made */
    if (rc == 0) rc = make_tmp(S, err);
    unsigned char raw[SERVE_CODE_BYTES];
    if (rc == 0) rc = chopsat_random_bytes(raw, sizeof raw, err);
    for (size_t i = 0; rc == 0 && i < sizeof raw; i++)
        snprintf(S->key + 2 * i, 3, "%02x", raw[i]);
    if (rc == 0) rc = load_exercises(S, err);
    S->database = xstrdup(o->database ? o->database : "chopsat-lab.db");
    struct stat db;
    bool made_db = lstat(S->database, &db) != 0 && errno == ENOENT;
    if (rc == 0 && !(S->store = store_open(S->database, err))) rc = -1;
    if (rc == 0 && o->roster) {
        FILE *in = fopen(o->roster, "r");
        size_t added, kept;
        rc = in ? roster_load(S->store, in, o->roster, &added, &kept, err)
                : fail(err, "cannot read the roster %s", o->roster);
        if (in) fclose(in);
    }
    if (rc == 0) rc = start_daemon(S, listen, err);
    if (rc == 0) return S;
    char *database = made_db && S->store ? xstrdup(S->database) : NULL;
    chopsat_serve_stop(S);
    if (database) unlink(database); /* a database this failed start made is not left behind */
    free(database);
    return NULL;
}

const char *chopsat_serve_url(const chopsat_server *S)
{
    return S->url;
}

const char *chopsat_serve_database(const chopsat_server *S)
{
    return S->database;
}

const char *chopsat_serve_key(const chopsat_server *S)
{
    return S->key;
}

size_t chopsat_serve_exercises(const chopsat_server *S)
{
    return S->ex.n;
}

size_t chopsat_serve_students(chopsat_server *S)
{
    serve_student *st;
    size_t n;
    chopsat_err err;
    if (store_students(S->store, &st, &n, &err) != 0) n = 0;
    for (size_t i = 0; i < n; i++)
        store_student_free(&st[i]);
    free(st);
    return n;
}

void chopsat_serve_stop(chopsat_server *S)
{
    if (!S) return;
    if (S->daemon) MHD_stop_daemon(S->daemon);
    store_close(S->store);
    exercises_free(&S->ex);
    if (S->tmp[0]) rmdir(S->tmp);
    if (S->tmp_slot >= 0) chopsat_cleanup_forget(S->tmp_slot);
    pthread_mutex_destroy(&S->run_lock);
    pthread_mutex_destroy(&S->count_lock);
    free(S->self);
    free(S->database);
    free(S);
}
