/* var_map.h: the one reader of the variable map chopsat writes into every DIMACS file, one
 * `c var <n> <name>` comment per variable (chopsat diff, decode --frames, chopsat core, a
 * model's decoding, and through chopsat_var_map_line the HTML formula page). */
#ifndef CHOPSAT_VAR_MAP_H
#define CHOPSAT_VAR_MAP_H

#include "formats/dimacs.h"

/* One comment (its text after "c "): the variable n (1..max_var) it names, with *name the text
 * after the number and its spaces (possibly ""); 0 when it is no map entry, -1 when it is one
 * whose n is out of range (*name set all the same). */
int var_map_entry(const char *comment, int max_var, const char **name);

/* The names of variables 1..d->nvars from d's map (NULL where none; a later entry wins), an
 * array of d->nvars + 1; free it with var_map_free. */
char **var_map_names(const dimacs_file *d);
void var_map_free(char **names, int nvars);

#endif
