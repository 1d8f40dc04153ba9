/* cleanup.h: the library's side of the one clean-up registry (chopsat_cleanup_* in
 * chopsat_tool.h). Entries the library itself makes (the runner's child groups, the external
 * solvers' temporary files) are "owned": when a public call runs out of memory and unwinds
 * (core/oom.h), its owned groups are killed and reaped and its owned files removed, as a signal
 * handler's chopsat_cleanup_run would. */
#ifndef CHOPSAT_CLEANUP_H
#define CHOPSAT_CLEANUP_H

#include "chopsat_tool.h"

/* As chopsat_cleanup_file and chopsat_cleanup_group, the entry owned by the library. */
int cleanup_owned_file(const char *path);
int cleanup_owned_group(long pid, double grace);

/* Forgets the live file entry of path, if any (the owned temporaries are known by path). */
void cleanup_forget_file(const char *path);

/* Whether process pid (a child, left unreaped) ends within `seconds`: polls with naps growing
 * from 1 to 10 ms. Async-signal-safe. */
bool cleanup_ends_within(long pid, double seconds);

#endif
