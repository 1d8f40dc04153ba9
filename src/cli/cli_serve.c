/* cli_serve.c: `chopsat serve --lab`, the lab for a class in a browser (docs/lab/instructor.md).
 * The command parses, hands the options to the library's server room (chopsat_serve_start,
 * src/serve/), prints where it listens and the instructor's key, and waits: the server runs in
 * its own threads until a signal stops the program (the clean-up registry then removes the
 * server's private folder and stops a grading in progress; every accepted submission is in the
 * database already). */
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

#define DEFAULT_DATABASE "chopsat-lab.db"

int cli_serve(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("serve", argc, argv, 0, &o);
    if (rc) return rc;
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return cli_error("serve: cannot find this program's file (/proc/self/exe)");
    self[n] = '\0';
    chopsat_serve_opts so = {.listen = o.listen,
                             .database = o.database ? o.database : DEFAULT_DATABASE,
                             .roster = o.roster,
                             .program = self};
    signal(SIGPIPE, SIG_IGN); /* a browser that goes away is no reason to stop */
    chopsat_err err;
    chopsat_server *s = chopsat_serve_start(&so, &err);
    if (!s) return cli_error("serve: %s", err.msg);
    const char *url = chopsat_serve_url(s);
    printf("chopsat serve: the lab's %zu exercises for %zu students on %s/\n"
           "instructor: %s/instructor with the key %s\n"
           "database: %s (stop the server with Ctrl-C or SIGTERM)\n",
           chopsat_serve_exercises(s), chopsat_serve_students(s), url, url, chopsat_serve_key(s),
           so.database);
    if (fflush(stdout) != 0) {
        chopsat_serve_stop(s);
        return cli_error("serve: cannot write to standard output");
    }
    for (;;)
        pause(); /* until a signal: its handler cleans up and ends the program */
}
