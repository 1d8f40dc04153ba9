#!/usr/bin/env bash
# benchmarks/serve.sh: `chopsat serve` under load on loopback: graded submissions a second and the
# 50th and 99th percentile latencies at 1, 10 and 50 students at once (each submitting again as
# soon as it is answered), for a DIMACS exercise (exercise 3, the right mine.cnf of
# tests/fixtures/grade/) and a forced-win question (the tree page: force start -k 8,
# standard,fingers=3). Writes benchmarks/serve.csv and prints a Markdown table with the command,
# commit and machine (benchmarks/RESULTS.md, "The class server").
#   bash benchmarks/serve.sh [SECONDS]    (default 15 s a run; six runs)
set -eu
cd "$(dirname "$0")/.."
SECONDS_RUN=${1:-15}
CHOPSAT=${CHOPSAT:-$PWD/chopsat}
TMP=$(mktemp -d)
. tests/cli/serve_lib.sh
python3 -c 'import sys
print("id,name")
for i in range(50): print("b%02d,Student %d" % (i, i))' >"$TMP/roster.csv"
serve_start || { echo "benchmarks/serve.sh: the server did not start: $(cat "$TMP/serve.err")" >&2; exit 1; }
codes "$TMP/codes"
cnf=$(cat tests/fixtures/grade/right/mine.cnf)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "what,students,requests,failed,seconds,per_second,p50_ms,p99_ms,commit" >benchmarks/serve.csv
for what in dimacs force; do
    for n in 1 10 50; do
        if [ "$what" = dimacs ]; then
            $CLIENT load "$URL" "$TMP/codes" 3 "$cnf" "$SECONDS_RUN" "$n" >"$TMP/r.json"
        else
            $CLIENT load "$URL" "$TMP/codes" - - "$SECONDS_RUN" "$n" \
                --ask 'page=tree&rules=standard,fingers=3&position=start&k=8' >"$TMP/r.json"
        fi
        python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
print("%s,%s,%d,%d,%s,%s,%s,%s,%s" % (sys.argv[2], sys.argv[3], r["requests"], r["failed"], r["seconds"],
      r["per_second"], r["p50"], r["p99"], sys.argv[4]))' "$TMP/r.json" "$what" "$n" "$commit" >>benchmarks/serve.csv
    done
done
serve_stop || true
echo "command: bash benchmarks/serve.sh $SECONDS_RUN; commit $commit"
echo "machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
python3 benchmarks/results.py --print serve
