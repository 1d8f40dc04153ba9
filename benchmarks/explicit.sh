#!/usr/bin/env bash
# benchmarks/explicit.sh: time and peak memory of the explicit solver's full solves. For each
# finger count it runs `chopsat stats --rules standard,fingers=N --format json` (a retrograde
# solve of the whole index space, then a breadth-first search from the start) under
# /usr/bin/time -v and appends a row to benchmarks/explicit.csv:
#   fingers, index_space (positions the solver values), positions and edges (reachable from the
#   start), seconds (wall clock), cpu_seconds (user + system, all threads), peak_rss_mib (maximum
#   resident set size), load (the 1-minute load average when the run ended: other work on the
#   machine stretches the wall clock, much less the CPU time), commit (`git rev-parse --short
#   HEAD`: the source the binary was built from).
# Run with sizes, it replaces those sizes' rows and keeps the others (one row can be re-measured
# alone); then `python3 benchmarks/results.py` regenerates the tables of RESULTS.md.
# Needs GNU time (/usr/bin/time, Debian package `time`). Usage:
#   bash benchmarks/explicit.sh [N ...]     (default: 5 16 32 48 64 80 96 112 128)
# The tablebase solver needs about 3 bytes per index position (fingers=128: 136 million
# positions, about 400 MiB), the statistics' search afterwards about 2.4.
set -eu
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/time ] || ! /usr/bin/time -v true 2>/dev/null; then
    echo "benchmarks/explicit.sh needs GNU time: sudo apt-get install -y time" >&2
    exit 1
fi
[ -x ./chopsat ] || make chopsat >/dev/null
out=benchmarks/explicit.csv
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(5 16 32 48 64 80 96 112 128)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp ./chopsat "$tmp/chopsat" # the binary measured, even if the tree is rebuilt meanwhile
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
header="fingers,index_space,positions,edges,seconds,cpu_seconds,peak_rss_mib,load,commit"
echo "$header" >"$tmp/new.csv"
for n in "${sizes[@]}"; do
    /usr/bin/time -v "$tmp/chopsat" stats --rules "standard,fingers=$n" --format json \
        >"$tmp/out.json" 2>"$tmp/time.txt"
    num() { grep -o "\"$1\": [0-9]*" "$tmp/out.json" | grep -o '[0-9]*$'; }
    wall=$(grep 'Elapsed (wall clock)' "$tmp/time.txt" | awk '{print $NF}')
    secs=$(echo "$wall" | awk -F: '{ if (NF == 3) printf "%.2f", $1 * 3600 + $2 * 60 + $3; else printf "%.2f", $1 * 60 + $2 }')
    kib=$(grep 'Maximum resident set size' "$tmp/time.txt" | awk '{print $NF}')
    cpu=$(grep -E '(User|System) time' "$tmp/time.txt" | awk '{s += $NF} END {printf "%.2f", s}')
    load=$(awk '{print $1}' /proc/loadavg)
    index=$(( n * (n + 1) / 2 ))
    index=$(( 2 * index * index ))
    row="$n,$index,$(num positions),$(num edges),$secs,$cpu,$(awk -v k="$kib" 'BEGIN { printf "%.1f", k / 1024 }'),$load,$commit"
    echo "$row" | tee -a "$tmp/new.csv"
done
# The rows of the sizes not run, from the csv as it was, then all in order of fingers.
if [ $# -gt 0 ] && [ -f "$out" ]; then
    awk -F, 'NR == FNR { if (FNR > 1) ran[$1] = 1; next } FNR > 1 && !($1 in ran)' \
        "$tmp/new.csv" "$out" >>"$tmp/new.csv"
fi
{ echo "$header"; tail -n +2 "$tmp/new.csv" | sort -t, -k1,1n; } >"$tmp/all.csv"
mv "$tmp/all.csv" "$out"
