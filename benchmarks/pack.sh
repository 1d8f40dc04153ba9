#!/usr/bin/env bash
# benchmarks/pack.sh: the default pack (`chopsat pack` with its defaults, docs/benchmarks.md)
# written to build/pack (not committed: tens of MB; `PACK=DIR` elsewhere), then the peer
# solvers over it with benchmarks/run-pack.sh: CaDiCaL, PicoSAT, MiniSat and CryptoMiniSat on
# the DIMACS part, DepQBF on the QDIMACS part, Z3 and cvc5 on the SMT-LIB part, ABC on the AIGER
# part, LIMIT CPU seconds each (default 60; also the pack's reference-solver limit). Writes
# benchmarks/pack-meta.csv (the pack's meta.csv), benchmarks/pack-results.csv (every run),
# benchmarks/pack-summary.md and the plots benchmarks/pack-cactus-FORMAT.png/.svg and
# benchmarks/pack-scatter.png/.svg (CaDiCaL against MiniSat). JOBS and SSHLOGINFILE go to
# run-pack.sh. About an hour on the 2-core machine; PACK_ONLY=1 stops after the pack, REUSE=1
# runs the solvers over the pack already in PACK.
set -eu
cd "$(dirname "$0")/.."
pack=${PACK:-build/pack}
limit=${LIMIT:-60}
# a private copy, so that a rebuild during the long run neither changes nor blocks the binary
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "${CHOPSAT:-./chopsat}" "$tmp/chopsat"
chopsat=$tmp/chopsat
if [ -z "${REUSE:-}" ]; then
    rm -rf "$pack" build/pack-results
    /usr/bin/time -f "pack: %e s wall, %U s user, %S s system, %M KB" "$chopsat" pack "$pack" --timeout "$limit" --quiet
fi
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown) # the source measured, on every row
# the pack's meta.csv and the runs' results.csv, each row with the commit (RESULTS.md's tables)
with_commit() { awk -v c="$commit" '{ print $0 "," (NR == 1 ? "commit" : c) }' "$1" >"$2"; }
with_commit "$pack/meta.csv" benchmarks/pack-meta.csv
[ -z "${PACK_ONLY:-}" ] || exit 0
OUT=build/pack-results LIMIT=$limit SCATTER="cadical minisat" bash benchmarks/run-pack.sh "$pack" \
    cadical picosat minisat cryptominisat depqbf z3 cvc5 abc
with_commit build/pack-results/results.csv benchmarks/pack-results.csv
cp build/pack-results/summary.md benchmarks/pack-summary.md
for f in build/pack-results/cactus-*.png build/pack-results/cactus-*.svg build/pack-results/scatter.*; do
    cp "$f" "benchmarks/pack-$(basename "$f")"
done
