#!/usr/bin/env bash
# benchmarks/reference.sh: chopsat's explicit engine against the independent Python reference
# solver (benchmarks/reference.py) on the standard game at N fingers (default 24). Both print
# the statistics of the positions reachable from the start after solving the whole game; the
# outputs must be identical. Prints each one's wall clock and user+sys CPU seconds (GNU time)
# and the speed-up in both (CPU time is the fairer figure on a loaded machine; chopsat's CPU
# time adds up its threads; it is timed over 20 runs). Usage: bash benchmarks/reference.sh [N]
set -eu
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/time ]; then
    echo "benchmarks/reference.sh needs GNU time: sudo apt-get install -y time" >&2
    exit 1
fi
[ -x ./chopsat ] || make chopsat >/dev/null
n=${1:-24}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fmt='%e %U %S'
/usr/bin/time -f "$fmt" -o "$tmp/py.t" python3 benchmarks/reference.py "$n" >"$tmp/py.json"
./chopsat stats --rules "standard,fingers=$n" --format json >"$tmp/c.json"
# chopsat takes a few hundredths of a second: time $runs runs together and divide
runs=20
/usr/bin/time -f "$fmt" -o "$tmp/c.t" bash -c 'for i in $(seq "$1"); do "$2" stats --rules "standard,fingers=$3" --format json >/dev/null; done' _ "$runs" ./chopsat "$n"
if ! cmp -s "$tmp/py.json" "$tmp/c.json"; then
    echo "reference and chopsat disagree at fingers=$n:" >&2
    cat "$tmp/py.json" "$tmp/c.json" >&2
    exit 1
fi
echo "fingers=$n: both print $(cat "$tmp/c.json")"
echo "load: $(uptime | sed 's/.*load average/load average/')"
read -r pw pu ps <"$tmp/py.t"
read -r cw cu cs <"$tmp/c.t"
awk -v r="$runs" -v pw="$pw" -v pu="$pu" -v ps="$ps" -v cw="$cw" -v cu="$cu" -v cs="$cs" 'BEGIN {
    pc = pu + ps; cc = (cu + cs) / r; cw = cw / r
    printf "python reference: %.2f s wall, %.2f s cpu\n", pw, pc
    printf "chopsat:          %.4f s wall, %.4f s cpu (mean of %d runs)\n", cw, cc, r
    printf "speed-up:         %.0fx wall, %.0fx cpu\n", pw / cw, pc / cc
}'
