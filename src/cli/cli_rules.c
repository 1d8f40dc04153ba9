/* cli_rules.c: `chopsat rules`: the presets and options of every game, or the rules that
 * --rules names, described in words. */
#include "cli/cli.h"

int cli_rules(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("rules", argc, argv, 0, &o);
    if (rc) return rc;
    if (o.rules) {
        char buf[256];
        chopsat_rules_describe(o.rules, buf, sizeof buf);
        printf("%s\n", buf);
    } else {
        printf("Presets (--rules PRESET[,key=value...]):\n");
        chopsat_rules_help(stdout);
    }
    cli_opts_free(&o);
    return 0;
}
