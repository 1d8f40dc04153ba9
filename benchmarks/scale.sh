#!/usr/bin/env bash
# benchmarks/scale.sh: wide hands. For fingers N = 2^k (k = 4, 8, .., 60, and 2^64 - 1 for k =
# 64) the minimum win of player 1 from the start (`chopsat win start -k 2k+10`: the incremental
# run proves every smaller bound "no" on the way) and, apart, its proof of minimality (`chopsat
# win start -k M-1`: the "no" at one move fewer), each with wall time, CPU time and peak memory
# (/usr/bin/time). A row past TIMEOUT seconds (default 600) is written as a timeout and the
# larger sizes are skipped. Writes benchmarks/scale.csv
#   k,fingers,question,answer,moves,wall_s,cpu_s,peak_mib
#   bash benchmarks/scale.sh                     # every k
#   KS="4 8 12 16" TIMEOUT=120 bash benchmarks/scale.sh
set -u
cd "$(dirname "$0")/.."
C=${CHOPSAT:-./chopsat}
KS=${KS:-"4 8 12 16 20 24 28 32 36 40 44 48 52 56 60 64"}
TIMEOUT=${TIMEOUT:-600}
out=benchmarks/scale.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# run NAME ARGS...: runs the command under time and timeout; sets ans, moves, wall, cpu, mib
run() {
    timeout "$TIMEOUT" /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$C" "$@" >"$tmp/out" 2>&1
    local rc=$?
    read -r wall user sys kb < <(tail -n 1 "$tmp/time" 2>/dev/null) || { wall=-; user=0; sys=0; kb=0; }
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.2f", u + s}')
    mib=$(awk -v k="$kb" 'BEGIN {printf "%.1f", k / 1024}')
    moves=$(sed -n 's/^answer: yes, in \([0-9]*\) move.*/\1/p' "$tmp/out")
    case $rc in
    10) ans=yes ;;
    20) ans=no ;;
    124) ans=timeout wall=">$TIMEOUT" ;;
    *) ans="error($rc)" ;;
    esac
}
echo "k,fingers,question,answer,moves,wall_s,cpu_s,peak_mib" >"$tmp/csv"
for k in $KS; do
    if [ "$k" -ge 64 ]; then N=18446744073709551615; else N=$(echo "2^$k" | bc); fi
    R="standard,fingers=$N"
    run win start -k $((2 * k + 10)) --rules "$R"
    echo "$k,$N,minimum,$ans,$moves,$wall,$cpu,$mib" | tee -a "$tmp/csv"
    [ "$ans" = yes ] || break
    m=$moves
    run win start -k $((m - 1)) --rules "$R"
    echo "$k,$N,no at $((m - 1)),$ans,,$wall,$cpu,$mib" | tee -a "$tmp/csv"
    [ "$ans" = no ] || break
done
cp "$tmp/csv" "$out"
echo "scale.sh: wrote $out"
