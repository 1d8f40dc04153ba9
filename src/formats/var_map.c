/* var_map.c: the one reader of DIMACS variable maps (`c var <n> <name>`, var_map.h). */
#include "formats/var_map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/util.h"

int var_map_entry(const char *comment, int max_var, const char **name)
{
    int v, len = 0;
    if (sscanf(comment, "var %d %n", &v, &len) != 1 || !len) return 0;
    *name = comment + len;
    return v < 1 || v > max_var ? -1 : v;
}

int chopsat_var_map_line(const char *line, int max_var, const char **name)
{
    if (strncmp(line, "c ", 2)) return 0;
    int v = var_map_entry(line + 2, max_var, name);
    return v > 0 ? v : 0;
}

char **var_map_names(const dimacs_file *d)
{
    char **names = xcalloc((size_t)d->nvars + 1, sizeof *names);
    for (size_t i = 0; i < d->ncomments; i++) {
        const char *name;
        int v = var_map_entry(d->comments[i], d->nvars, &name);
        if (v <= 0) continue;
        free(names[v]);
        names[v] = xstrdup(name);
    }
    return names;
}

void var_map_free(char **names, int nvars)
{
    if (!names) return;
    for (int v = 0; v <= nvars; v++)
        free(names[v]);
    free(names);
}
