/* fuzz_solver_command.c: the splitter of "external:CMD" solver commands into words
 * (subprocess_split: quotes and backslashes, no shell). An accepted command has at least one
 * word, and no word is longer than the command itself. */
#include "fuzz.h"
#include "solvers/subprocess.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *cmd = fuzz_string(data, size);
    char **argv;
    chopsat_err err;
    int n = subprocess_split(cmd, &argv, &err);
    FUZZ_ASSERT(n == -1 || n >= 1);
    if (n >= 1) {
        int i = 0;
        for (; argv[i]; i++)
            FUZZ_ASSERT(strlen(argv[i]) <= strlen(cmd));
        FUZZ_ASSERT(i == n);
        subprocess_argv_free(argv);
    }
    free(cmd);
    return 0;
}
