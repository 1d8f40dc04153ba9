/* banner.c: what `chopsat serve` prints when its server has started: where it listens, the
 * instructor's page and key, and the database. In the server's room (not src/report/) because
 * the installed library, which holds the report room, leaves the server out (Makefile). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/util.h"
#include "serve/serve.h"

int chopsat_report_serve_text(FILE *out, chopsat_server *s, chopsat_err *err)
{
    const char *url = chopsat_serve_url(s);
    fprintf(out,
            "chopsat serve: the lab's %zu exercises for %zu students on %s/\n"
            "instructor: %s/instructor with the key %s\n"
            "database: %s (stop the server with Ctrl-C or SIGTERM)\n",
            chopsat_serve_exercises(s), chopsat_serve_students(s), url, url, chopsat_serve_key(s),
            chopsat_serve_database(s));
    if (fflush(out) == 0 && !ferror(out)) return 0;
    return fail(err, "cannot write the report%s%s", errno ? ": " : "",
                errno ? strerror(errno) : "");
}
