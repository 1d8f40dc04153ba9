/* quiet.c: standard error hidden while a linked solver runs (see quiet.h). */
#include "solvers/quiet.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int quiet_begin(void)
{
    fflush(stderr);
    int saved = fcntl(2, F_DUPFD_CLOEXEC, 3), null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (saved < 0 || null < 0 || dup2(null, 2) < 0) {
        if (saved >= 0) close(saved);
        if (null >= 0) close(null);
        return -1;
    }
    close(null);
    return saved;
}

void quiet_end(int saved)
{
    if (saved < 0) return;
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
}
