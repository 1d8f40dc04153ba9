#!/usr/bin/env bash
# benchmarks/memory.sh: the peak memory of each explicit search over the whole index space
# against the estimate the program refuses by (chopsat_explicit_memory, include/chopsat.h).
# For each search and finger count it runs the command under /usr/bin/time -v and appends a row
# to benchmarks/memory.csv: search, fingers, index_space (2 x (N(N+1)/2)^2 positions),
# estimate_mib (index_space x the search's bytes + its extra + 64 MiB, rounded up), peak_mib
# (maximum resident set size), ratio (peak / estimate: at most 1 is the promise), seconds, commit
# (`git rev-parse --short HEAD`: the source measured).
#   solve      chopsat solve --rules standard,fingers=N                  3 bytes + 40 MiB
#   stats      chopsat stats --rules standard,fingers=N --format json    3 bytes + 40 MiB
#   solve-all  chopsat solve --all --rules standard,fingers=N (to /dev/null)   10 bytes + 40 MiB
#   ever       chopsat win start -k inf --rules standard,fingers=N       8 bytes (the explicit
#              cross-check's breadth-first search; the command's peak includes IC3's)
#   within     chopsat win start -k 12 --rules standard,fingers=N        8 bytes + 32 MiB (the
#              flat "within K" check; the peak includes the SAT solver's)
# Needs GNU time (/usr/bin/time, Debian package `time`). Usage:
#   bash benchmarks/memory.sh [SEARCH:N ...]   (default: every search at 16 32 64, solve and
#                                               stats also at 128)
set -eu
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/time ] || ! /usr/bin/time -v true 2>/dev/null; then
    echo "benchmarks/memory.sh needs GNU time: sudo apt-get install -y time" >&2
    exit 1
fi
[ -x ./chopsat ] || make chopsat >/dev/null
out=benchmarks/memory.csv
runs=("$@")
if [ ${#runs[@]} -eq 0 ]; then
    for n in 16 32 64; do runs+=(solve:$n stats:$n solve-all:$n ever:$n within:$n); done
    runs+=(solve:128 stats:128)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp ./chopsat "$tmp/chopsat" # the binary measured, even if the tree is rebuilt meanwhile
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "search,fingers,index_space,estimate_mib,peak_mib,ratio,seconds,commit" >"$out"
for run in "${runs[@]}"; do
    search=${run%%:*} n=${run##*:} rules="standard,fingers=${run##*:}"
    case $search in
    solve) bytes=3 extra=40 cmd=(solve --rules "$rules") ;;
    stats) bytes=3 extra=40 cmd=(stats --rules "$rules" --format json) ;;
    solve-all) bytes=10 extra=40 cmd=(solve --all --rules "$rules") ;;
    ever) bytes=8 extra=0 cmd=(win start -k inf --rules "$rules") ;;
    within) bytes=8 extra=32 cmd=(win start -k 12 --rules "$rules") ;;
    *) echo "benchmarks/memory.sh: no search '$search'" >&2; exit 2 ;;
    esac
    index=$(( n * (n + 1) / 2 ))
    index=$(( 2 * index * index ))
    estimate=$(( (index * bytes + (extra + 64) * 1048576 + 1048575) / 1048576 ))
    rc=0
    /usr/bin/time -v "$tmp/chopsat" "${cmd[@]}" >/dev/null 2>"$tmp/time.txt" || rc=$?
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 10 ] && [ "$rc" -ne 20 ]; then
        echo "benchmarks/memory.sh: $search at fingers=$n failed (exit $rc)" >&2
        sed 's/^/    /' "$tmp/time.txt" | head -5 >&2
        continue
    fi
    kib=$(grep 'Maximum resident set size' "$tmp/time.txt" | awk '{print $NF}')
    wall=$(grep 'Elapsed (wall clock)' "$tmp/time.txt" | awk '{print $NF}')
    secs=$(echo "$wall" | awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')
    row=$(awk -v s="$search" -v n="$n" -v i="$index" -v e="$estimate" -v k="$kib" -v t="$secs" \
        'BEGIN { printf "%s,%s,%s,%s,%.1f,%.2f,%s", s, n, i, e, k / 1024, k / 1024 / e, t }'),$commit
    echo "$row" | tee -a "$out"
done
