#!/usr/bin/env bash
# benchmarks/bdd.sh: the BDD engine (docs/forced.md) against the explicit solver and DepQBF.
#  1. agreement: every position of every preset at fingers 2..32 valued by both engines (the
#     unit test bdd_sweep_every_preset_2_to_32, which make test skips; it runs here);
#  2. per finger count: the explicit full solve (`solve`, up to 64), the BDD full valuation
#     (`solve --bdd`), and `force start -k 26 --player 2` with the BDD engine;
#  3. per K (standard rules): `force start -k K --player 2` with the BDD engine and with DepQBF
#     (up to KQ, default 26: the whole standard game; about 2 minutes for DepQBF in all);
#  4. the least forced win from the start at fingers=65536 with K = 300.
# Times are user+sys CPU seconds (GNU time), the machine's load is recorded with each run.
# Writes benchmarks/bdd.csv.   benchmarks/bdd.sh [KQ]
set -u
cd "$(dirname "$0")/.."
kq=${1:-26}
out=benchmarks/bdd.csv
cpu() { # cpu SECONDS-FILE CMD...: runs CMD, prints its exit status; user+sys into the file
    /usr/bin/time -f "%U %S" -o "$1.t" "${@:2}" >/dev/null 2>&1
    local rc=$?
    awk 'END {printf "%.3f", $1 + $2}' "$1.t" >"$1" # the last line: GNU time puts a status line first
    echo $rc
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "== agreement sweep (fingers 2..32, every preset, every position)"
make -s build/release/unit-tests >/dev/null
CHOPSAT_BDD_SWEEP=1 build/release/unit-tests bdd_sweep | tail -n 2
echo "what,rules,k,answer,explicit_cpu,bdd_cpu,depqbf_cpu,load" >"$out"
load() { cut -d' ' -f1 /proc/loadavg; }
for f in 5 16 32 64 256 1024; do
    r=standard,fingers=$f
    e=""; if [ "$f" -le 64 ]; then cpu "$tmp/e" ./chopsat solve --rules "$r" >/dev/null; e=$(cat "$tmp/e"); fi
    cpu "$tmp/b" ./chopsat solve --bdd --rules "$r" >/dev/null
    echo "solve,\"$r\",,,$e,$(cat "$tmp/b"),,$(load)" | tee -a "$out"
done
for f in 5 64 1024 65536; do
    r=standard,fingers=$f
    rc=$(cpu "$tmp/b" ./chopsat force start -k 26 --player 2 --rules "$r")
    echo "force,\"$r\",26,$([ "$rc" = 10 ] && echo yes || echo no),,$(cat "$tmp/b"),,$(load)" | tee -a "$out"
done
for k in 4 8 12 16 20 24 25 26; do
    rc=$(cpu "$tmp/b" ./chopsat force start -k "$k" --player 2)
    q=""; if [ "$k" -le "$kq" ]; then cpu "$tmp/q" ./chopsat force start -k "$k" --player 2 --solver depqbf --no-check >/dev/null; q=$(cat "$tmp/q"); fi
    echo "force-k,standard,$k,$([ "$rc" = 10 ] && echo yes || echo no),,$(cat "$tmp/b"),$q,$(load)" | tee -a "$out"
done
rc=$(cpu "$tmp/b" ./chopsat force start -k 300 --player 2 --rules standard,fingers=65536)
echo "force,\"standard,fingers=65536\",300,$([ "$rc" = 10 ] && echo yes || echo no),,$(cat "$tmp/b"),,$(load)" | tee -a "$out"
