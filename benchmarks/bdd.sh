#!/usr/bin/env bash
# benchmarks/bdd.sh: the BDD engine (docs/forced.md) against the explicit solver and DepQBF.
#  1. sweep: every position of every preset at fingers 2..32 valued by both engines (the
#     unit test bdd_sweep_every_preset_2_to_32, which make test skips; it runs here);
#  2. solve, force: per finger count, the explicit full solve (`solve`, up to 64), the BDD full
#     valuation (`solve --bdd`), and `force start -k 26 --player 2` with the BDD engine;
#  3. force-k: per K (standard rules), `force start -k K --player 2` with the BDD engine and with
#     DepQBF (up to KQ, default 26: the whole standard game; about 2 minutes for DepQBF in all);
#  4. force-300: the least forced win from the start at fingers=65536 with K = 300.
# Times are user+sys CPU seconds and peaks the maximum resident set (GNU time -v); the machine's
# load and the commit (`git rev-parse --short HEAD`) are recorded with each row.
# Writes benchmarks/bdd.csv.   benchmarks/bdd.sh [KQ]
# PARTS="solve force" (default: all four) and FINGERS="64 1024" (the finger counts of solve and
# force) run some rows alone: they replace the rows of the same what, rules and k in bdd.csv and
# keep the others; then `python3 benchmarks/results.py` regenerates RESULTS.md's tables.
set -u
cd "$(dirname "$0")/.."
kq=${1:-26}
out=benchmarks/bdd.csv
cpu() { # cpu FILE CMD...: runs CMD, prints its exit status; user+sys into FILE, peak MiB into FILE.mib
    /usr/bin/time -v -o "$1.t" "${@:2}" >/dev/null 2>&1
    local rc=$?
    awk -F': ' '/(User|System) time/ {s += $2} END {printf "%.3f", s}' "$1.t" >"$1"
    awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2 / 1024}' "$1.t" >"$1.mib"
    echo $rc
}
parts=${PARTS:-sweep solve force force-k force-300}
part() { case " $parts " in *" $1 "*) return 0 ;; esac; return 1; }
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if part sweep; then
    echo "== agreement sweep (fingers 2..32, every preset, every position)"
    make -s build/release/unit-tests >/dev/null
    CHOPSAT_BDD_SWEEP=1 build/release/unit-tests bdd_sweep | tail -n 2
fi
header="what,rules,k,answer,explicit_cpu,bdd_cpu,depqbf_cpu,explicit_peak_mib,bdd_peak_mib,load,commit"
new=$tmp/new.csv
echo "$header" >"$new"
load() { cut -d' ' -f1 /proc/loadavg; }
yesno() { if [ "$1" = 10 ]; then echo yes; else echo no; fi; }
if part solve; then
    for f in ${FINGERS:-5 16 32 64 256 1024}; do
        r=standard,fingers=$f
        e="" em=""
        if [ "$f" -le 64 ]; then
            cpu "$tmp/e" ./chopsat solve --rules "$r" >/dev/null
            e=$(cat "$tmp/e") em=$(cat "$tmp/e.mib")
        fi
        cpu "$tmp/b" ./chopsat solve --bdd --rules "$r" >/dev/null
        echo "solve,\"$r\",,,$e,$(cat "$tmp/b"),,$em,$(cat "$tmp/b.mib"),$(load),$commit" | tee -a "$new"
    done
fi
if part force; then
    for f in ${FINGERS:-5 64 1024 65536}; do
        r=standard,fingers=$f
        rc=$(cpu "$tmp/b" ./chopsat force start -k 26 --player 2 --rules "$r")
        echo "force,\"$r\",26,$(yesno "$rc"),,$(cat "$tmp/b"),,,$(cat "$tmp/b.mib"),$(load),$commit" | tee -a "$new"
    done
fi
if part force-k; then
    for k in 4 8 12 16 20 24 25 26; do
        rc=$(cpu "$tmp/b" ./chopsat force start -k "$k" --player 2)
        q=""
        if [ "$k" -le "$kq" ]; then
            cpu "$tmp/q" ./chopsat force start -k "$k" --player 2 --solver depqbf --no-check >/dev/null
            q=$(cat "$tmp/q")
        fi
        echo "force-k,standard,$k,$(yesno "$rc"),,$(cat "$tmp/b"),$q,,$(cat "$tmp/b.mib"),$(load),$commit" | tee -a "$new"
    done
fi
if part force-300; then
    rc=$(cpu "$tmp/b" ./chopsat force start -k 300 --player 2 --rules standard,fingers=65536)
    echo "force,\"standard,fingers=65536\",300,$(yesno "$rc"),,$(cat "$tmp/b"),,,$(cat "$tmp/b.mib"),$(load),$commit" | tee -a "$new"
fi
# The csv as it was, each row measured now in place of the old row of the same what, rules and k
# (a row not there before goes at the end).
python3 - "$new" "$out" <<'PY'
import csv, os, sys
new, out = sys.argv[1], sys.argv[2]
fresh = list(csv.reader(open(new)))
old = list(csv.reader(open(out))) if os.path.exists(out) else [fresh[0]]
key = lambda r: tuple(r[:3])
rows = {key(r): r for r in fresh[1:]}
merged = [fresh[0]] + [rows.pop(key(r), r) for r in old[1:]]
merged += [r for r in fresh[1:] if key(r) in rows]
with open(out + '.tmp', 'w', newline='') as f:
    csv.writer(f, lineterminator='\n').writerows(merged)
os.replace(out + '.tmp', out)
PY
