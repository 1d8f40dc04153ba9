/* version.c: the version of the library linked in (chopsat_version in chopsat.h). */
#include "chopsat.h"

const char *chopsat_version(void)
{
    return CHOPSAT_VERSION;
}
