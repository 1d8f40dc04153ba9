#!/usr/bin/env bash
# benchmarks/scale.sh: wide hands, chopsat beside Z3 and ABC. For fingers N = 2^k (k = 4, 8, ..,
# 60, and 2^64 - 1 for k = 64) two questions about player 1 from the start, standard rules:
#   minimum   the least number of moves of a win (K = 2k + 10, deepened from 0: every smaller
#             bound is proved "no" on the way, the first "yes" is the minimum M)
#   no at M-1 its proof of minimality, as a run of its own (K = M - 1, answer no)
# each asked of three tools, one after the other, on the same question:
#   chopsat   `chopsat win start -k K --rules standard,fingers=N --no-check` (incremental CaDiCaL;
#             --no-check: the solver's work alone, as for the peers; the default run adds the
#             explicit cross-check where the game fits, k <= 20, whose cost docs/reliability.md
#             and the memory table of RESULTS.md give)
#   z3        Z3 push/pop deepening (peers/z3_deepen.py) on the SMT-LIB model of peers/smt_model.py,
#             written from the rules at any width (hands of bit-length(N-1)+1 bits)
#   abc       ABC `bmc3 -F K+1` on chopsat's own AIGER (`chopsat aiger win start --no-constraints`)
# Every answer (the minimum, or no) must agree with chopsat's, or the script stops. A run past
# TIMEOUT seconds (default 600) is written as a timeout and that tool is skipped at the larger
# sizes. Wall and CPU time (user + sys of the process and its children) and peak resident memory
# come from /usr/bin/time. Writes benchmarks/scale.csv
#   k,fingers,question,tool,answer,moves,wall_s,cpu_s,peak_mib,load,commit
# and plots CPU time against k (benchmarks/scale.png, scale.svg; gnuplot).
# Then forced wins with the BDD engine: `chopsat force start -k K --rules standard,fingers=N` for
# K = 26 and 300 at N = 2^16, 2^20, 2^32 and 2^64 - 1, into benchmarks/scale-force.csv
#   fingers,k,answer,wall_s,cpu_s,peak_mib,build_s,layers_s,tree_s,load
# (the last three: the engine's own phases, from its "bdd:" line).
#   bash benchmarks/scale.sh                                   # every k, every tool, then force
#   KS="4 8 12 16" TOOLS="chopsat z3" TIMEOUT=120 bash benchmarks/scale.sh
#   PARTS=force bash benchmarks/scale.sh                       # the forced wins alone
#   PLOT_ONLY=1 bash benchmarks/scale.sh                       # the plot and table of the csv
set -u
cd "$(dirname "$0")/.."
KS=${KS:-"4 8 12 16 20 24 28 32 36 40 44 48 52 56 60 64"}
PARTS=${PARTS:-"win force"}
FORCE_FINGERS=${FORCE_FINGERS:-"65536 1048576 4294967296 18446744073709551615"}
FORCE_KS=${FORCE_KS:-"26 300"}
TOOLS=${TOOLS:-"chopsat z3 abc"}
TIMEOUT=${TIMEOUT:-600}
out=benchmarks/scale.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for t in gnuplot python3 bc; do
    command -v $t >/dev/null || { echo "scale.sh: $t is missing (make bench installs it)" >&2; exit 1; }
done

# plot: CPU seconds of each tool and question against k, log scale, from scale.csv
plot() {
    for t in chopsat z3 abc; do
        for q in minimum no; do
            awk -F, -v t=$t -v q=$q '$4 == t && index($3, q) == 1 && ($5 == "yes" || $5 == "no") {
                print $1, $8, $9 }' "$out" >"$tmp/$t-$q.dat"
        done
    done
    for term in "pngcairo size 900,560" "svg size 900,560"; do
        local ext=${term%% *}; ext=${ext%cairo}
        gnuplot <<EOF || exit 1
set terminal $term
set output "benchmarks/scale.$ext"
set title "Minimum win of player 1 from the start (standard rules, fingers 2^k) and its proof"
set xlabel "k (fingers = 2^k; at k = 64: 2^{64} - 1)"
set ylabel "CPU seconds (log scale)"
set logscale y
set key top left
set grid
set xtics 4
plot "$tmp/chopsat-minimum.dat" using 1:2 with linespoints lw 2 pt 7 title "chopsat, minimum", \
     "$tmp/chopsat-no.dat" using 1:2 with linespoints lw 2 pt 6 dt 2 title "chopsat, no at M-1", \
     "$tmp/z3-minimum.dat" using 1:2 with linespoints lw 2 pt 5 title "Z3, minimum", \
     "$tmp/z3-no.dat" using 1:2 with linespoints lw 2 pt 4 dt 2 title "Z3, no at M-1", \
     "$tmp/abc-minimum.dat" using 1:2 with linespoints lw 2 pt 9 title "ABC bmc3, minimum", \
     "$tmp/abc-no.dat" using 1:2 with linespoints lw 2 pt 8 dt 2 title "ABC bmc3, no at M-1"
EOF
    done
    echo "scale.sh: wrote benchmarks/scale.png and benchmarks/scale.svg"
}
# table: scale.csv as the Markdown table of RESULTS.md (benchmarks/results.py makes it, the same
# table as RESULTS.md's; CPU seconds and peak MiB of each tool, chopsat's CPU time over Z3's and ABC's)
table() { python3 benchmarks/results.py --print scale; }
if [ -n "${PLOT_ONLY:-}" ]; then plot; table; exit 0; fi
for t in $TOOLS; do
    case $t in
    z3) command -v z3 >/dev/null || { echo "scale.sh: z3 is missing (make bench installs it)" >&2; exit 1; } ;;
    abc) command -v berkeley-abc >/dev/null || { echo "scale.sh: berkeley-abc is missing (make bench installs it)" >&2; exit 1; } ;;
    chopsat) ;;
    *) echo "scale.sh: unknown tool $t (chopsat z3 abc)" >&2; exit 2 ;;
    esac
done
cp "${CHOPSAT:-./chopsat}" "$tmp/chopsat" || exit 1

# run TOOL N K: asks TOOL "can player 1 win within K moves" at fingers N; sets ans (yes, no,
# timeout or error), moves, wall, cpu, mib
run() {
    local tool=$1 n=$2 k=$3 cmd
    case $tool in
    chopsat) cmd=("$tmp/chopsat" win start -k "$k" --rules "standard,fingers=$n" --no-check) ;;
    chopsat-force) cmd=("$tmp/chopsat" force start -k "$k" --rules "standard,fingers=$n") ;;
    z3) python3 benchmarks/peers/smt_model.py "$n" "$k" >"$tmp/model.smt2" || exit 1
        cmd=(python3 benchmarks/peers/z3_deepen.py "$tmp/model.smt2") ;;
    abc) "$tmp/chopsat" aiger win start --rules "standard,fingers=$n" --no-constraints \
            -o "$tmp/model.aig" || exit 1
        cmd=(berkeley-abc -c "read $tmp/model.aig; bmc3 -F $((k + 1))") ;;
    esac
    timeout "$TIMEOUT" /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "${cmd[@]}" >"$tmp/out" 2>&1
    local rc=$? user sys kb
    read -r wall user sys kb < <(tail -n 1 "$tmp/time" 2>/dev/null) || { wall=-; user=0; sys=0; kb=0; }
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.2f", u + s}')
    mib=$(awk -v k="$kb" 'BEGIN {printf "%.1f", k / 1024}')
    moves= ans="error($rc)"
    if [ $rc = 124 ]; then ans=timeout wall=">$TIMEOUT" cpu=- mib=-; return; fi
    case $tool in
    chopsat | chopsat-force) moves=$(sed -n 's/^answer: yes, in \([0-9]*\) move.*/\1/p' "$tmp/out")
        case $rc in 10) ans=yes ;; 20) ans=no ;; esac ;;
    z3) [ $rc = 0 ] || return
        moves=$(tail -n 1 "$tmp/out")
        if [ "$moves" = no ]; then ans=no moves=; elif [[ $moves =~ ^[0-9]+$ ]]; then ans=yes; fi ;;
    abc) [ $rc = 0 ] || return
        moves=$(grep -o 'asserted in frame [0-9]*' "$tmp/out" | grep -o '[0-9]*$')
        if [ -n "$moves" ]; then ans=yes
        elif grep -q 'No output asserted in [0-9]* frames' "$tmp/out"; then ans=no; fi ;;
    esac
}

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown) # the source measured, on every row
# win_part: the minimum win and its proof at every k, every tool, into scale.csv
win_part() {
    echo "k,fingers,question,tool,answer,moves,wall_s,cpu_s,peak_mib,load,commit" >"$tmp/csv"
    declare -A gone
    for k in $KS; do
        if [ "$k" -ge 64 ]; then N=18446744073709551615; else N=$(echo "2^$k" | bc); fi
        M=
        for q in minimum no; do
            for t in $TOOLS; do
                [ -z "${gone[$t]:-}" ] || continue
                if [ $q = minimum ]; then K=$((2 * k + 10)); label=minimum; else K=$((M - 1)); label="no at $K"; fi
                load=$(cut -d' ' -f1 /proc/loadavg)
                run "$t" "$N" "$K"
                echo "$k,$N,$label,$t,$ans,$moves,$wall,$cpu,$mib,$load,$commit" | tee -a "$tmp/csv"
                case $ans in
                timeout) gone[$t]=1; continue ;;
                yes | no) ;;
                *) echo "scale.sh: $t failed at fingers=$N: $(tail -n 3 "$tmp/out")" >&2; exit 1 ;;
                esac
                if [ $q = minimum ] && [ -z "$M" ]; then M=$moves; fi
                want=yes; [ $q = no ] && want=no
                if [ "$ans" != $want ] || { [ $q = minimum ] && [ "$moves" != "$M" ]; }; then
                    echo "scale.sh: fingers=$N K=$K: $t says $ans $moves, the first tool said $M" >&2
                    exit 1
                fi
            done
            [ -n "$M" ] || break
        done
        [ -n "$M" ] || { echo "scale.sh: no tool found the minimum at fingers=$N; stopping"; break; }
        cp "$tmp/csv" "$out"
    done
    cp "$tmp/csv" "$out"
    echo "scale.sh: wrote $out"
    plot
    table
}

# force_part: forced wins by the BDD engine at wide hands, into scale-force.csv
force_part() {
    local csv=benchmarks/scale-force.csv n k
    echo "fingers,k,answer,wall_s,cpu_s,peak_mib,build_s,layers_s,tree_s,load,commit" >"$tmp/force.csv"
    for n in $FORCE_FINGERS; do
        for k in $FORCE_KS; do
            load=$(cut -d' ' -f1 /proc/loadavg)
            run chopsat-force "$n" "$k"
            read -r b l t < <(sed -n 's/^bdd: .*building \([0-9.]*\) s, layers \([0-9.]*\) s, tree \([0-9.]*\) s.*/\1 \2 \3/p' "$tmp/out")
            echo "$n,$k,$ans,$wall,$cpu,$mib,${b:-},${l:-},${t:-},$load,$commit" | tee -a "$tmp/force.csv"
            case $ans in yes | no | timeout) ;; *) echo "scale.sh: force failed at fingers=$n: $(tail -n 3 "$tmp/out")" >&2; exit 1 ;; esac
        done
    done
    cp "$tmp/force.csv" "$csv"
    echo "scale.sh: wrote $csv"
}

for part in $PARTS; do
    case $part in
    win) win_part ;;
    force) force_part ;;
    *) echo "scale.sh: unknown part $part (win force)" >&2; exit 2 ;;
    esac
done
