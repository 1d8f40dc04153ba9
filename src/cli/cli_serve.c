/* cli_serve.c: `chopsat serve --lab` (docs/lab/instructor.md): the server room started
 * (src/serve/), its address printed, then a wait until a signal ends the program. */
#include <signal.h>
#include <unistd.h>

#include "cli/cli.h"

int cli_serve(int argc, char **argv)
{
    cli_opts o;
    chopsat_err err;
    int rc = cli_parse("serve", argc, argv, 0, &o);
    if (rc) return rc;
    chopsat_serve_opts so = {.listen = o.listen, .roster = o.roster, .database = o.database};
    signal(SIGPIPE, SIG_IGN); /* a browser that goes away is no reason to stop */
    chopsat_server *s = chopsat_serve_start(&so, &err);
    if (!s) return cli_error("serve: %s", err.msg);
    if (chopsat_report_serve_text(stdout, s, &err) != CHOPSAT_OK)
        return chopsat_serve_stop(s), cli_error("serve: %s", err.msg);
    for (;;) /* until a signal: its handler cleans up and ends the program */
        pause();
}
