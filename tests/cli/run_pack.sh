#!/usr/bin/env bash
# tests/cli/run_pack.sh: benchmarks/run-pack.sh and benchmarks/pack-report.py on hand-made tiny
# packs, with a stand-in solver (`sh -c 'exit 20'`): no peer solver, no chopsat. A meta.csv row
# whose file or k is not plain (code in bash arithmetic, a path out of the pack, an absolute
# path) is refused with one line naming it before anything runs, also when a job reads a
# tampered jobs.tsv; a plain row runs. pack-report.py: names go into gnuplot as strings (a
# stand-in gnuplot records the script), and without gnuplot one line, no traceback. Needs python3.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
RUN=$ROOT/benchmarks/run-pack.sh
command -v python3 >/dev/null || { echo "FAIL cli_run_pack: python3 is missing"; finish; exit 1; }
HEAD=file,format,family,rules,question,k,status,established,variables,clauses,gbd_hash,ref_solver,ref_seconds
FAKE="fake=cnf:sh:-c:exit 20" # answers unsat

# pack NAME ROW...: a pack folder $TMP/NAME with meta.csv of these rows and a file ok.cnf
pack() {
    local d=$TMP/$1
    shift
    mkdir -p "$d"
    printf 'p cnf 1 2\n1 0\n-1 0\n' >"$d/ok.cnf"
    { echo "$HEAD"; printf '%s\n' "$@"; } >"$d/meta.csv"
}
row() { echo "$1,$2,fam,standard,q?,\"$3\",$4,explicit search,,,,,"; } # row FILE FORMAT K STATUS

pack kcode "$(row ok.cnf aiger "OUT[\$(touch $TMP/pwned)]" unsat)"
expect run-pack-k-code 1 --err "meta.csv line 2: k 'OUT[" --err "is not a number; refused" -- bash "$RUN" "$TMP/kcode" abc
expect run-pack-k-code-not-run 1 -- test -e "$TMP/pwned"
expect run-pack-k-code-list 1 --err "is not a number" -- bash "$RUN" --list "$TMP/kcode" abc

echo SECRET >"$TMP/secret.cnf"
pack outside "$(row ok.cnf cnf 3 unsat)" "$(row ../secret.cnf cnf 3 unsat)"
expect run-pack-file-outside 1 --err "line 3: file '../secret.cnf' is not a plain name" -- bash "$RUN" "$TMP/outside" "$FAKE"
expect run-pack-file-outside-no-results 1 -- test -e "$TMP/outside/results/results.csv"
pack absolute "$(row "$TMP/secret.cnf" cnf 3 unsat)"
expect run-pack-file-absolute 1 --err "is not a plain name" -- bash "$RUN" --list "$TMP/absolute" "$FAKE"
pack status "$(row ok.cnf cnf 3 'unsat;x')"
expect run-pack-status 1 --err "status 'unsat;x' is neither sat nor unsat" -- bash "$RUN" --list "$TMP/status" "$FAKE"

# a job reads jobs.tsv again: a tampered line is refused there too
pack tampered "$(row ok.cnf aiger 3 unsat)"
mkdir -p "$TMP/tampered/results"
printf 'abc\taiger\tok.cnf\tunsat\tOUT[$(touch %s/pwned2)]\n' "$TMP" >"$TMP/tampered/results/jobs.tsv"
expect run-pack-job-tampered 1 --err "is not plain; refused" -- bash "$RUN" --job 1 "$TMP/tampered" abc
expect run-pack-job-tampered-not-run 1 -- test -e "$TMP/pwned2"

# a plain row runs (the report without gnuplot: one line, no traceback)
mkdir -p "$TMP/bin"
PY=$(python3 -c 'import sys; print(sys.executable)')
for t in bash sh cp mktemp rm mv cat sed wc tr tail awk grep hostname dirname mkdir printf timeout xz; do
    p=$(command -v "$t") && [ "${p#/}" != "$p" ] && ln -sf "$p" "$TMP/bin/$t"
done
ln -sf "$PY" "$TMP/bin/python3"
[ -x /usr/bin/time ] || echo "note: /usr/bin/time is missing; the times are 0"
pack plain "$(row ok.cnf cnf 3 unsat)"
expect run-pack-plain 0 --out "| fake | cnf | 1 | 1 | 0 |" --err "gnuplot is missing: no plots" -- \
    env PATH="$TMP/bin" bash "$RUN" "$TMP/plain" "$FAKE"
cp "$TMP/err" "$TMP/plain.err" 2>/dev/null
expect run-pack-plain-no-traceback 1 -- grep -q Traceback "$TMP/plain.err"
expect run-pack-plain-row 0 --out "fake,cnf,ok.cnf,unsat,unsat,solved" -- cat "$TMP/plain/results/results.csv"
expect run-pack-plain-no-leftover 0 -- sh -c "! ls '$TMP/plain/results' | grep -q '\.dat\$'"

# pack-report.py: a folder and solver names with quotes reach gnuplot as data
if selected pack-report-quoted; then
    mkdir -p "$TMP/gp" "$TMP/we'ird\"dir"
    printf '#!/bin/sh\ncat >>"%s/script"\n' "$TMP/gp" >"$TMP/gp/gnuplot"
    chmod +x "$TMP/gp/gnuplot"
    {
        echo "solver,format,file,expected,answer,result,cpu_s,wall_s,max_rss_kb,host"
        echo "a'\");system(\"touch $TMP/pwned3\");#,cnf,ok.cnf,unsat,unsat,solved,0.5,0.5,1,h"
        echo "b,cnf,ok.cnf,unsat,unsat,solved,0.7,0.7,1,h"
    } >"$TMP/r.csv"
    PATH="$TMP/gp:$PATH" python3 "$ROOT/benchmarks/pack-report.py" "$TMP/r.csv" "$TMP/we'ird\"dir" 60 >/dev/null 2>"$TMP/err"
    why=""
    grep -qF "set output '$TMP/we''ird\"dir/cactus-cnf.png'" "$TMP/gp/script" 2>/dev/null ||
        why="the cactus output is not one quoted string"
    grep -qF "title 'a''\");system(\"touch" "$TMP/gp/script" 2>/dev/null || why="$why; a solver name is not one quoted string"
    grep -qF "set xlabel 'a''\");" "$TMP/gp/script" 2>/dev/null || why="$why; the scatter label is not one quoted string"
    [ ! -s "$TMP/err" ] || why="$why; stderr: $(head -c 200 "$TMP/err")"
    verdict pack-report-quoted "${why#; }"
fi

finish
