#!/usr/bin/env bash
# benchmarks/deepening.sh: the whole minimum-win question against its hardest single call. For
# fingers 2^k (k in KS; 64 means 2^64 - 1), standard rules, player 1 from the start:
#   chopsat   `chopsat win start -k 2k+10 --rules standard,fingers=N --no-check`: the deepening
#             from k = 0, every bound below the minimum M refuted, the first "yes" at M
#   cadical   the cadical program on the formula of the call at M alone, as `chopsat dimacs win
#             start -k M --exact` writes it (the satisfiable call that ends the deepening), and
#             on the call at M - 2 (the last unsatisfiable bound of the right parity)
# run in turn, A B C A B C ..., PAIRS times (default 3), and the ratio taken round by round
# against the larger of the two calls (the hardest call), so that the machine's drift cancels;
# the script prints the median ratio of each k. CPU seconds are user + system of /usr/bin/time,
# the peak its resident maximum. Appends to benchmarks/deepening.csv (COMMIT names the binary
# measured; default the checkout's HEAD; rows before the M - 2 column have it empty, and their
# ratio is against the call at M):
#   k,fingers,moves,pair,chopsat_cpu_s,cadical_cpu_s,ratio,chopsat_peak_mib,load,cadical_m2_cpu_s,commit
#   bash benchmarks/deepening.sh
#   KS="20 32" PAIRS=5 CHOPSAT=/path/to/other/chopsat COMMIT=abc1234 bash benchmarks/deepening.sh
set -u
cd "$(dirname "$0")/.."
KS=${KS:-"16 20 32 48"}
PAIRS=${PAIRS:-3}
CHOPSAT=${CHOPSAT:-./chopsat}
COMMIT=${COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
out=benchmarks/deepening.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for t in cadical bc python3; do
    command -v $t >/dev/null || { echo "deepening.sh: $t is missing (make bench installs it)" >&2; exit 1; }
done
[ -s "$out" ] ||
    echo "k,fingers,moves,pair,chopsat_cpu_s,cadical_cpu_s,ratio,chopsat_peak_mib,load,cadical_m2_cpu_s,commit" >"$out"

# cpu COMMAND...: "CPU-seconds peak-MiB" of one run (its output thrown away)
cpu() {
    /usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" >/dev/null 2>&1
    tail -n 1 "$tmp/time" | awk '{ printf "%.2f %.1f\n", $1 + $2, $3 / 1024 }'
}

for k in $KS; do
    if [ "$k" = 64 ]; then n=18446744073709551615; else n=$(echo "2^$k" | bc); fi
    K=$((2 * k + 10))
    rules=standard,fingers=$n
    m=$($CHOPSAT win start -k $K --rules $rules --no-check --format json |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["moves"])')
    $CHOPSAT dimacs win start -k "$m" --exact --rules $rules -o "$tmp/hard.cnf" || exit 1
    $CHOPSAT dimacs win start -k "$((m - 2))" --exact --rules $rules -o "$tmp/below.cnf" || exit 1
    for p in $(seq "$PAIRS"); do
        read -r a peak < <(cpu $CHOPSAT win start -k $K --rules $rules --no-check)
        read -r b _ < <(cpu cadical -q "$tmp/hard.cnf")
        read -r c _ < <(cpu cadical -q "$tmp/below.cnf")
        ratio=$(awk -v a="$a" -v b="$b" -v c="$c" 'BEGIN { printf "%.3f", a / (b > c ? b : c) }')
        load=$(cut -d' ' -f1 /proc/loadavg)
        echo "$k,$n,$m,$p,$a,$b,$ratio,$peak,$load,$c,$COMMIT" >>"$out"
    done
    awk -F, -v c="$COMMIT" -v k="$k" '$11 == c && $1 == k { print $7 }' "$out" | sort -n |
        awk -v k="$k" -v m="$m" '{ r[NR] = $1 } END {
            printf "deepening.sh: 2^%s, minimum %s: whole/hardest call %s (median of %d pairs)\n",
                k, m, r[int((NR + 1) / 2)], NR }'
done
