#!/usr/bin/env bash
# benchmarks/peers.sh: chopsat beside generic tools on the same question, `chopsat win start -k K
# --rules standard,fingers=N --no-check` (can player 1 win within K moves?) with K = the minimum
# + 5, for N = 64, 1024, 65536, 2^20:
#   chopsat   this tree's ./chopsat (incremental deepening, CaDiCaL)
#   z3        Z3 incremental (push/pop deepening) on peers/smt_model.py's SMT-LIB model
#   abc       ABC bmc3 -F K+1 on an AIGER that yosys builds from peers/verilog_model.py's Verilog
#   naive     chopsat at commit 233d5ae (the one-hot encoding that computed every candidate
#             successor), built from git history into build/naive (skipped outside a git clone)
# The models are written into benchmarks/peers/ (fingers-N-k-K.smt2, fingers-N.v, fingers-N.aig).
# Before timing, every tool's answer (the minimum number of moves) must agree with chopsat's, or
# the script stops. Runs are paired: each repetition runs the tools one after the other. Writes
# benchmarks/peers.csv (fingers,k,tool,rep,wall_s,cpu_s,moves,load,commit: cpu = user+sys of the
# process and its children; load = the 1-minute load average before the run; commit = the source
# measured, `git rev-parse --short HEAD`), prints medians and
# ratios, and plots median CPU and wall time against fingers (peers.png, peers.svg; gnuplot).
#
#   bash benchmarks/peers.sh        REPS=3 repetitions, LIMIT=600 s per run, FINGERS="64 1024 ..."
#   PLOT_ONLY=1 bash benchmarks/peers.sh     medians, ratios and plot of the existing peers.csv
set -u
cd "$(dirname "$0")/.."
reps=${REPS:-3}
limit=${LIMIT:-600}
fingers_list=${FINGERS:-64 1024 65536 1048576}
dir=benchmarks/peers
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for tool in z3 yosys berkeley-abc gnuplot python3; do
    command -v $tool >/dev/null || { echo "peers.sh: $tool is missing (make bench installs it)" >&2; exit 1; }
done
cp "${CHOPSAT:-./chopsat}" "$tmp/chopsat" || exit 1

# the naive encoding, from history
. benchmarks/naive.sh
naive_build

# run TOOL N K: runs one tool on the question, printing "MOVES WALL CPU" (MOVES: a number, no,
# or timeout).
run() {
    local tool=$1 n=$2 k=$3 out="$tmp/out" cmd
    case $tool in
    chopsat | naive)
        local bin="$tmp/chopsat"; [ "$tool" = naive ] && bin=$naive
        cmd=("$bin" win start -k "$k" --rules "standard,fingers=$n" --no-check --format json) ;;
    z3) cmd=(python3 $dir/z3_deepen.py "$dir/fingers-$n-k-$k.smt2") ;;
    abc) cmd=(berkeley-abc -c "read $dir/fingers-$n.aig; bmc3 -F $((k + 1))") ;;
    esac
    /usr/bin/time -f "%e %U %S" -o "$tmp/time" timeout "$limit" "${cmd[@]}" >"$out" 2>"$tmp/err"
    local rc=$? moves
    if [ $rc = 124 ]; then moves=timeout
    else
        case $tool in
        chopsat | naive) moves=$(grep -o '"moves": [0-9]*' "$out" | grep -o '[0-9]*$' || echo no) ;;
        z3) moves=$(cat "$out") ;;
        abc) moves=$(grep -o 'asserted in frame [0-9]*' "$out" | grep -o '[0-9]*$' || echo no) ;;
        esac
    fi
    echo "${moves:-error} $(tail -n 1 "$tmp/time" | awk '{printf "%s %.3f", $1, $2 + $3}')"
}

csv=benchmarks/peers.csv
if [ -z "${PLOT_ONLY:-}" ]; then
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown) # the source measured, on every row
echo "fingers,k,tool,rep,wall_s,cpu_s,moves,load,commit" >"$tmp/peers.csv"
tools="chopsat z3 abc${naive:+ naive}"
for n in $fingers_list; do
    min=$("$tmp/chopsat" win start -k 60 --rules "standard,fingers=$n" --no-check --format json |
        grep -o '"moves": [0-9]*' | grep -o '[0-9]*$')
    [ -n "$min" ] || { echo "peers.sh: no win within 60 at fingers=$n" >&2; exit 1; }
    k=$((min + 5))
    python3 $dir/smt_model.py "$n" "$k" >"$dir/fingers-$n-k-$k.smt2"
    python3 $dir/verilog_model.py "$n" >"$dir/fingers-$n.v"
    yosys -q -p "read_verilog $dir/fingers-$n.v; hierarchy -top chop; proc; flatten; opt; dffunmap;
        techmap; opt; abc -g AND; opt_clean; dffunmap; aigmap; write_aiger -zinit $dir/fingers-$n.aig" ||
        exit 1
    for rep in $(seq "$reps"); do
        for tool in $tools; do
            load=$(cut -d' ' -f1 /proc/loadavg)
            set -- $(run $tool "$n" "$k")
            if [ "$1" != "$min" ] && [ "$1" != timeout ]; then
                echo "peers.sh: fingers=$n k=$k: $tool says $1, chopsat $min" >&2
                exit 1
            fi
            echo "$n,$k,$tool,$rep,$2,$3,$1,$load,$commit" >>"$tmp/peers.csv"
            echo "fingers=$n k=$k $tool #$rep: moves $1, wall $2 s, cpu $3 s (load $load)"
        done
    done
done
cp "$tmp/peers.csv" "$csv"
fi

# medians per fingers and tool, in columns for gnuplot
python3 - "$csv" "$tmp/medians.dat" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
tools = ["chopsat", "z3", "abc", "naive"]
med = {}
for r in rows:
    if r["moves"] == "timeout": continue
    med.setdefault((int(r["fingers"]), r["tool"]), []).append((float(r["wall_s"]), float(r["cpu_s"])))
with open(sys.argv[2], "w") as out:
    out.write("# fingers " + " ".join("%s_wall %s_cpu" % (t, t) for t in tools) + "\n")
    for n in sorted({k[0] for k in med}):
        cols = []
        for t in tools:
            v = med.get((n, t))
            cols += ["%.3f" % statistics.median(x[0] for x in v), "%.3f" % statistics.median(x[1] for x in v)] if v else ["NaN", "NaN"]
        out.write("%d %s\n" % (n, " ".join(cols)))
        m = {t: med.get((n, t)) for t in tools}
        if m["chopsat"]:
            cw = statistics.median(x[0] for x in m["chopsat"]); cc = statistics.median(x[1] for x in m["chopsat"])
            for t in tools[1:]:
                if m[t]:
                    tw = statistics.median(x[0] for x in m[t]); tc = statistics.median(x[1] for x in m[t])
                    print("fingers=%d: chopsat/%s = %.2f wall, %.2f cpu (medians)" % (n, t, cw / tw, cc / tc))
PY
for term in "pngcairo size 800,500" "svg size 800,500"; do
    ext=png; [ "${term%% *}" = svg ] && ext=svg
    gnuplot <<GP
set terminal $term
set output "benchmarks/peers.$ext"
set title "win start -k (minimum + 5), standard rules: median time of $reps paired runs"
set xlabel "fingers"
set ylabel "seconds"
set logscale xy 2
set logscale y 10
set xrange [32:2097152]
set xtics ("64" 64, "1024" 1024, "65536" 65536, "2^20" 1048576)
set key top left
set grid
plot "$tmp/medians.dat" using 1:3 with linespoints lw 2 title "chopsat (CPU)", \
     "" using 1:5 with linespoints title "Z3 push/pop (CPU)", \
     "" using 1:7 with linespoints title "ABC bmc3 (CPU)", \
     "" using 1:9 with linespoints title "naive one-hot chopsat (CPU)", \
     "" using 1:2 with lines dt 2 lc 1 title "chopsat (wall)", \
     "" using 1:4 with lines dt 2 lc 2 title "Z3 (wall)", \
     "" using 1:6 with lines dt 2 lc 3 title "ABC (wall)", \
     "" using 1:8 with lines dt 2 lc 4 title "naive (wall)"
GP
done
echo "wrote $csv, benchmarks/peers.png, benchmarks/peers.svg"
