/* quiet.h: standard error hidden while a linked solver runs. DepQBF, CaDiCaL (through the C++
 * runtime) and PicoSAT print to standard error on their own: a time limit reached, or, just
 * before they abort, running out of memory. Their lines would come beside chopsat's own one
 * line, in their own words. While a linked solver loads a formula or solves, standard error
 * points at /dev/null; the command's signal handler (src/cli/cli_signal.c) writes through a
 * copy of the real standard error it took at start-up, so its line still reaches the user,
 * and on an abort while standard error is hidden it says that the solver aborted. */
#ifndef CHOPSAT_QUIET_H
#define CHOPSAT_QUIET_H

/* Points standard error at /dev/null; returns the saved descriptor (or -1: nothing was
 * changed), to give to quiet_end. */
int quiet_begin(void);
/* Restores standard error (-1: nothing to do). */
void quiet_end(int saved);

#endif
