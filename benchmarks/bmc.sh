#!/usr/bin/env bash
# benchmarks/bmc.sh: the bounded model checker's benchmark: `chopsat win start -k K` (can player
# 1 win within K moves? a "no" below the minimum, a "yes" from it on) on standard chopsticks with
# fingers 5, 64, 2^10, 2^16, 2^20 and K = 10, 25, 50, 100, 200, with the linked-in CaDiCaL and
# PicoSAT, incremental deepening against a fresh encoding for every k (--no-incremental, run
# for K <= 50 only: above that it repeats the largest encodings too often for the time budget).
# Every run uses --format json --no-check (the explicit cross-check is not what is measured) and
# a time limit; a run past it is a row with answer "timeout". Writes benchmarks/bmc.csv:
#   fingers,k,question,solver,incremental,answer,moves,vars,clauses,encode_s,solve_s,total_s,calls,commit
# encode_s and solve_s are chopsat's own figures (building the circuit and CNF; the solver's
# calls); total_s is the wall-clock time of the whole process. It measures; it checks nothing
# (tests/cli/bmc.sh does). One run is one job (benchmarks/jobs.sh): JOBS=N runs N at a time
# (the times then include the other jobs' load), SSHLOGINFILE=FILE on many machines.
#
#   bash benchmarks/bmc.sh [--list | --count | --job N | --merge]     LIMIT=seconds per run (30)
set -u
cd "$(dirname "$0")/.."
. benchmarks/jobs.sh
SUITE=bmc
HEADER="fingers,k,question,solver,incremental,answer,moves,vars,clauses,encode_s,solve_s,total_s,calls"
limit=${LIMIT:-30}

job_list() {
    for fingers in 5 64 1024 65536 1048576; do
        for k in 10 25 50 100 200; do
            for solver in cadical picosat; do
                for inc in yes no; do
                    [ "$inc" = no ] && [ "$k" -gt 50 ] && continue
                    echo "$fingers $k $solver $inc"
                done
            done
        done
    done
}

# field FILE KEY: a top-level scalar of chopsat's JSON output.
field() { grep -o "\"$2\": [^,}]*" "$1" | head -n 1 | sed 's/^[^:]*: //; s/"//g'; }

job_run() {
    local fingers=$1 k=$2 solver=$3 inc=$4 tmp rc t0 t1 total row calls flags=()
    tmp=$(mktemp -d)
    # a private copy, so that a rebuild by someone else during the run does not change the binary
    cp "${CHOPSAT:-./chopsat}" "$tmp/chopsat" || return 1
    [ "$inc" = no ] && flags=(--no-incremental)
    t0=$(date +%s.%N)
    timeout -k 5 $((limit + 10)) "$tmp/chopsat" win start -k "$k" \
        --rules "standard,fingers=$fingers" --solver "$solver" --timeout "$limit" \
        --format json --no-check "${flags[@]+"${flags[@]}"}" >"$tmp/run.json" 2>"$tmp/run.err"
    rc=$?
    t1=$(date +%s.%N)
    total=$(echo "$t1 - $t0" | bc -l | sed 's/^\./0./')
    if [ "$rc" = 10 ] || [ "$rc" = 20 ]; then
        row="$(field "$tmp/run.json" answer),$(field "$tmp/run.json" moves),$(field "$tmp/run.json" vars),$(field "$tmp/run.json" clauses),$(field "$tmp/run.json" encode_seconds),$(field "$tmp/run.json" solve_seconds)"
        calls=$(field "$tmp/run.json" solver_calls)
    elif grep -q "timed out" "$tmp/run.err" || [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
        row="timeout,,,,,"
        calls=
    else
        echo "bmc.sh: fingers=$fingers k=$k $solver incremental=$inc: exit $rc: $(cat "$tmp/run.err")" >&2
        row="error,,,,,"
        calls=
    fi
    [ "$(field "$tmp/run.json" moves)" = null ] && row=${row/,null,/,,}
    rm -rf "$tmp"
    printf '%s,%s,win-p1,%s,%s,%s,%.3f,%s\n' "$fingers" "$k" "$solver" "$inc" "$row" "$total" "$calls"
}

jobs_main "$@"
