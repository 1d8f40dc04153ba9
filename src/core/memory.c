/* memory.c: the memory the explicit engine may plan to use (util.h): the CHOPSAT_MEMORY setting
 * (chopsat_memory_setting, chopsat_tool.h), else the kernel's MemAvailable read from
 * /proc/meminfo through the one line reader. */
#include <stdio.h>
#include <stdlib.h>

#include "chopsat_tool.h"
#include "core/util.h"

int chopsat_memory_setting(uint64_t *bytes, chopsat_err *err)
{
    *bytes = 0;
    const char *env = getenv("CHOPSAT_MEMORY");
    if (!env || !*env) return 0;
    uint64_t mib = 0;
    for (const char *c = env; *c; c++) {
        if (*c < '0' || *c > '9' || c - env > 40)
            return fail(err, "CHOPSAT_MEMORY='%.40s' is not a whole number of MiB", env);
        mib = mib * 10 + (uint64_t)(*c - '0');
        if (mib > MEMORY_MAX_MIB)
            return fail(err,
                        "CHOPSAT_MEMORY='%.40s' MiB is past the largest memory a 64-bit "
                        "machine can address (%llu MiB)",
                        env, (unsigned long long)MEMORY_MAX_MIB);
    }
    if (mib == 0) return fail(err, "CHOPSAT_MEMORY=0: the memory must be at least 1 MiB");
    *bytes = mib << 20;
    return 1;
}

uint64_t memory_available(void)
{
    uint64_t set;
    if (chopsat_memory_setting(&set, NULL) > 0) return set;
    FILE *f = fopen("/proc/meminfo", "r");
    if (!f) return 0;
    char *line = NULL;
    size_t cap = 0;
    unsigned long long kib = 0;
    while (chopsat_line_read(f, &line, &cap, 4096) >= 0)
        if (sscanf(line, "MemAvailable: %llu kB", &kib) == 1) break;
    free(line);
    fclose(f);
    return (uint64_t)kib << 10;
}
