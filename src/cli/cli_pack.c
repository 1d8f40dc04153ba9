/* cli_pack.c: `chopsat pack DIR`, a benchmark family whose every answer is checked
 * (docs/benchmarks.md): the grid read from the options (presets x fingers x counts x questions x
 * bounds x formats, --target-seconds A..B), handed to the pack room (chopsat_pack, src/pack/),
 * and what was written printed (chopsat_report_pack_text). A signal during the pack has the
 * clean-up registry remove all the library staged (chopsat_cleanup_run, from the handler). */
#include <string.h>

#include "cli/cli.h"

/* The lists' defaults, in the grid's order: the documented default pack (docs/benchmarks.md). */
static const char *const defaults[CHOPSAT_PACK_LISTS] = {"standard,rollover",      "5,1024,65536",
                                                         "win1,reach,force2",      "min-1,min,40",
                                                         "cnf,qdimacs,smt2,aiger", "2"};
#define DEFAULT_TIMEOUT 300

/* Reads the grid from the options into g (chopsat_pack_grid; the defaults for lists not
 * given); 0 or EXIT_USAGE, one line naming the option at fault. */
static int read_grid(const cli_opts *o, chopsat_pack_opts *g)
{
    static const char *const flags[CHOPSAT_PACK_LISTS + 1] = {
        "--presets", "--fingers", "--questions",     "--bounds",
        "--formats", "--counts",  "--target-seconds"};
    const char *texts[CHOPSAT_PACK_LISTS] = {o->presets, o->fingers, o->questions,
                                             o->bounds,  o->formats, o->counts};
    for (int i = 0; i < CHOPSAT_PACK_LISTS; i++)
        texts[i] = texts[i] ? texts[i] : defaults[i];
    int list;
    chopsat_err err;
    if (chopsat_pack_grid(g, texts, o->target_seconds, &list, &err) == CHOPSAT_OK) return 0;
    bool whole = !strncmp(err.msg, "wants ", 6); /* the list itself, not one entry */
    return cli_usage("pack: %s%s%s", flags[list], whole ? " " : ": ", err.msg);
}

/* The library's progress, shown as the command's phases ("pack: ..."). */
static void progress(void *ctx, const char *phase, double done)
{
    (void)ctx, (void)done;
    cli_progress_phase("pack: %s", phase);
}

/* Runs the pack of grid g into dir; 0 or the exit status of a failure (one line). */
static int run_pack(const char *dir, const chopsat_pack_opts *g)
{
    chopsat_pack_summary s;
    chopsat_err err;
    int rc = chopsat_pack(dir, g, &s, &err);
    cli_progress_end();
    if (rc == CHOPSAT_MISMATCH) return cli_error("%s", err.msg), EXIT_MISMATCH;
    if (rc < 0 && s.not_empty)
        return cli_error("%s (--force writes into it, replacing files of the same name)", err.msg);
    if (rc < 0 || chopsat_report_pack_text(stdout, dir, g, &s, &err) != CHOPSAT_OK)
        return cli_error("%s", err.msg);
    return 0;
}

int cli_pack(int argc, char **argv)
{
    cli_opts o;
    chopsat_pack_opts g;
    memset(&g, 0, sizeof g);
    int rc = cli_parse("pack", argc, argv, 1, &o);
    if (!rc && o.nargs != 1) rc = cli_usage("pack DIR [options] (see 'chopsat help pack')");
    if (!rc) rc = read_grid(&o, &g);
    if (!rc) {
        cli_progress_setup(o.quiet);
        g.timeout = o.given[OPT_TIMEOUT] ? o.timeout : DEFAULT_TIMEOUT;
        g.no_constraints = o.no_constraints;
        g.force = o.force_write;
        g.progress = progress;
        rc = run_pack(o.args[0], &g);
    }
    chopsat_pack_grid_free(&g);
    cli_opts_free(&o);
    return rc;
}
