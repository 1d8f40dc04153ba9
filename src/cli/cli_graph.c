/* cli_graph.c: `chopsat graph [--from POS] [-o FILE]`, the reachable game graph as Graphviz
 * DOT (render it with `dot -Tsvg`). The picture itself is drawn by src/dot.c; --highlight
 * draws a line of play on it (cli_html.c, chopsat_dot_highlight in src/report/). */
#include "cli/cli_html.h"

int cli_graph(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("graph", argc, argv, 0, &o);
    if (rc) return rc;
    chopsat_pos from;
    rc = cli_position(&o, o.from ? o.from : "start", &from);
    chopsat_solution *sol = NULL;
    chopsat_err err;
    if (!rc) {
        sol = chopsat_solve(o.rules, cli_progress, NULL, &err);
        cli_progress_end();
        if (!sol) rc = cli_error("%s", err.msg);
    }
    cli_out out;
    if (!rc && o.highlight)
        rc = cli_graph_highlight(&o, sol, &from);
    else if (!rc && !(rc = cli_out_open(&out, o.out_path)))
        rc = cli_out_finish(&out, chopsat_write_dot(sol, &from, out.f, &err), &err);
    chopsat_solution_free(sol);
    cli_opts_free(&o);
    return rc;
}
