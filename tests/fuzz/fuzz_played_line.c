/* fuzz_played_line.c: a line of play given from outside (chopsat_played_line_read, `graph
 * --highlight FILE`): moves typed or printed by another command, as text or as JSON (read with
 * jansson). An accepted line played from the start of the standard rules gives one position
 * more than it has moves, and each is a legal move from the one before. */
#include "chopsat_tool.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    chopsat_err err;
    chopsat_rules *r = chopsat_rules_parse("standard", &err);
    FUZZ_ASSERT(r);
    FILE *f = fuzz_file(data, size);
    FUZZ_ASSERT(f);
    chopsat_played_line *pl = chopsat_played_line_read(f, NULL, "input", &err);
    fclose(f);
    if (pl) {
        chopsat_pos start, *path = NULL;
        size_t n = 0;
        const char *given = chopsat_played_line_start(pl);
        if (!given || chopsat_pos_parse(r, given, &start, &err)) chopsat_pos_start(r, &start);
        if (!chopsat_played_line_positions(pl, r, &start, &path, &n, &err)) {
            FUZZ_ASSERT(n == chopsat_played_line_moves(pl) + 1);
            for (size_t i = 0; i + 1 < n; i++) {
                chopsat_moves ms = {0};
                bool legal = false;
                chopsat_moves_list(r, &path[i], &ms, NULL);
                for (size_t m = 0; m < ms.n && !legal; m++)
                    legal = chopsat_pos_equal(&ms.items[m].to, &path[i + 1]);
                chopsat_moves_free(&ms);
                FUZZ_ASSERT(legal);
            }
            free(path);
        }
        chopsat_played_line_free(pl);
    }
    chopsat_rules_free(r);
    return 0;
}
