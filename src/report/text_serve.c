/* text_serve.c: what `chopsat serve` prints when its server has started: where it listens, the
 * instructor's page and key, and the database. */
#include "report/text_write.h"

int chopsat_report_serve_text(FILE *out, chopsat_server *s, chopsat_err *err)
{
    const char *url = chopsat_serve_url(s);
    fprintf(out,
            "chopsat serve: the lab's %zu exercises for %zu students on %s/\n"
            "instructor: %s/instructor with the key %s\n"
            "database: %s (stop the server with Ctrl-C or SIGTERM)\n",
            chopsat_serve_exercises(s), chopsat_serve_students(s), url, url, chopsat_serve_key(s),
            chopsat_serve_database(s));
    fflush(out);
    return report_end(out, err);
}
