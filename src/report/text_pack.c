/* text_pack.c: what `chopsat pack` prints once its pack is written: the files per format, the
 * questions left out (and those outside the seconds asked for) and the first reasons. */
#include "report/text_write.h"

int chopsat_report_pack_text(FILE *out, const char *dir, const chopsat_pack_opts *g,
                             const chopsat_pack_summary *s, chopsat_err *err)
{
    const size_t *n = s->by_format;
    fprintf(out,
            "pack: wrote %zu files to %s (cnf %zu, qdimacs %zu, smt2 %zu, aiger %zu) with "
            "meta.csv and README.md; %zu question(s) left out (answer not established)",
            s->files, dir, n[CHOPSAT_PACK_CNF], n[CHOPSAT_PACK_QDIMACS], n[CHOPSAT_PACK_SMT2],
            n[CHOPSAT_PACK_AIGER], s->left_out);
    if (g->hi > 0) fprintf(out, ", %zu outside %g..%g s", s->outside, g->lo, g->hi);
    fputc('\n', out);
    for (size_t i = 0; i < s->nnotes; i++)
        fprintf(out, "left out: %s\n", s->notes[i]);
    return report_end(out, err);
}
