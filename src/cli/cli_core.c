/* cli_core.c: `chopsat core FILE.cnf`: a minimal unsatisfiable core of a DIMACS file, printed
 * group by group with each clause's literals, names and note (and written with -o as a DIMACS
 * file); and `win`/`reach --why`: the core of a question's own formula, said in words (both
 * through src/report/). Exit 20 with a core, 10 when the file is satisfiable (it has none), 3
 * when the check of an external solver's core shows it wrong. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

/* The core listed on standard output as text or JSON (src/report/); 0 or the error's status. */
static int print_core(const cli_opts *o, const chopsat_core *c)
{
    chopsat_err err;
    bool by_clause = o->level == LEVEL_CLAUSE;
    const char *file = o->args[0];
    int rc = o->format == FMT_JSON ? chopsat_report_core_json(stdout, c, file, by_clause, &err)
                                   : chopsat_report_core_text(stdout, c, file, by_clause, &err);
    return rc < 0 && !ferror(stdout) ? cli_error("%s", err.msg) : 0;
}

int cli_core(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("core", argc, argv, 1, &o);
    if (rc) return rc;
    if ((rc = cli_need_args(&o, NULL))) {
        cli_opts_free(&o);
        return rc;
    }
    FILE *f = cli_open_in(o.args[0], 0);
    if (!f) {
        cli_opts_free(&o);
        return EXIT_ERROR;
    }
    chopsat_core c;
    chopsat_err err;
    int st =
        chopsat_core_file(f, o.args[0], o.level == LEVEL_CLAUSE, o.solver, o.timeout, &c, &err);
    fclose(f);
    if (st == CHOPSAT_YES) {
        fprintf(stderr, "chopsat: %s is satisfiable, so it has no unsatisfiable core\n", o.args[0]);
        cli_opts_free(&o);
        return EXIT_YES;
    }
    if (st != CHOPSAT_NO) {
        cli_opts_free(&o);
        rc = cli_error("%s", err.msg);
        return st == CHOPSAT_MISMATCH ? EXIT_MISMATCH : rc;
    }
    rc = 0;
    if (o.out_path) {
        cli_out out;
        rc = cli_out_open(&out, o.out_path);
        if (!rc) rc = cli_out_finish(&out, chopsat_core_write(&c, o.args[0], out.f, &err), &err);
    }
    bool listed = !o.out_path || strcmp(o.out_path, "-"); /* -o - : the core file alone */
    if (!rc && listed) rc = print_core(&o, &c);
    chopsat_core_free(&c);
    cli_opts_free(&o);
    return rc ? rc : EXIT_NO;
}

int cli_why(const cli_opts *o, const chopsat_query *q)
{
    chopsat_bmc_opts bo = cli_bmc_opts(o);
    chopsat_why w;
    chopsat_err err;
    int st = chopsat_why_core(o->rules, q, &bo, &w, &err);
    if (st == CHOPSAT_YES)
        return cli_error("--why: the question's formula is satisfiable after all: no core");
    if (st != CHOPSAT_NO) return cli_error("--why: %s", err.msg);
    int rc = chopsat_report_why_text(stdout, &w, q, &err);
    chopsat_why_free(&w);
    return rc < 0 && !ferror(stdout) ? cli_error("--why: %s", err.msg) : 0;
}
