#!/usr/bin/env bash
# benchmarks/nfingers.sh: who wins the start of standard, rollover and no-split Chopsticks with N
# fingers, by both engines, cross-checked (docs/nfingers.md is the table and what it shows).
#   explicit  for every N from 2 to MAXN: `chopsat solve --rules P,fingers=N start --format json`
#             (the retrograde solve of the whole index space): win, loss or draw for player 1,
#             and the distance (moves to the end under best play; none for a draw)
#   bdd       for N = 2, 4, 8, ... up to BDD_MAX: the same question by the BDD engine
#             (`chopsat solve --bdd ...`: both players' forcing layers to their fixpoints), each
#             call with BDD_BUDGET CPU seconds (`ulimit -t`; a wall-clock guard of 10 x that); the
#             first N past the budget (or BuDDy's node limit) ends that preset's walk
# Where both engines answered the same rules and N (N = 2, 4, 8, ... <= MAXN) the value and the
# distance must be equal: the script stops with exit 1 and one line per difference when not.
# Each call is timed by /usr/bin/time (CPU = user + system of all threads, peak resident memory)
# and written at once to benchmarks/nfingers.csv (a run stopped half-way keeps what it measured):
#   rules,fingers,engine,value,distance,cpu_s,wall_s,peak_mib,load,budget_s,commit
# value is win, loss or draw, or what ended the walk: over-budget, node-limit, refused (the
# explicit solve did not fit in memory); budget_s is the BDD call's CPU budget. It resumes: a
# row already in the CSV for the same rules, N and engine is kept, not computed again, when it
# holds an answer (win, loss or draw, whatever commit gave it: the row names that commit), or
# when it ended a walk at a commit whose src/, include/ and Makefile are HEAD's (an over-budget
# row only when BDD_BUDGET is not larger than the budget it had); REMEASURE=1 measures every row
# again. Then the plot (benchmarks/nfingers.png, .svg; gnuplot) and the tables
# (benchmarks/results.py writes them into docs/nfingers.md and benchmarks/RESULTS.md).
#   bash benchmarks/nfingers.sh [MAXN]        (default 128)
#   PRESETS="standard" BDD_BUDGET=600 BDD_MAX=1048576 PARTS="explicit bdd" (the defaults: all
#   three presets, 120 s, 2^20, both engines)
#   PLOT_ONLY=1 bash benchmarks/nfingers.sh   the cross-check, plot and tables of the CSV alone
# Time (CPU, on the 2-core machine of RESULTS.md, at 2d900fa): the explicit solves 170..256 of
# standard about 50 minutes, 153..256 of rollover about 20 (256 alone 62 and 26 s); at 93ab1f3
# no-split (every position resolved) 198..256 about 71 minutes on both cores (256 alone 210 s
# of CPU, 3.1 GiB); the BDD walks 2.5 to 4 minutes a preset at the 120 s budget, and 65536
# about 400 s of CPU for standard and rollover.
set -eu
cd "$(dirname "$0")/.."
MAXN=${1:-128}
PRESETS=${PRESETS:-"standard rollover no-split"}
BDD_BUDGET=${BDD_BUDGET:-120}
BDD_MAX=${BDD_MAX:-1048576}
PARTS=${PARTS:-"explicit bdd"}
out=benchmarks/nfingers.csv
header="rules,fingers,engine,value,distance,cpu_s,wall_s,peak_mib,load,budget_s,commit"
case $MAXN in '' | *[!0-9]*) echo "nfingers.sh: MAXN must be a number of fingers, not '$MAXN'" >&2; exit 2 ;; esac
case $BDD_BUDGET in '' | *[!0-9]*) echo "nfingers.sh: BDD_BUDGET must be whole seconds" >&2; exit 2 ;; esac
command -v python3 >/dev/null || { echo "nfingers.sh: python3 is missing" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -f "$out" ] || echo "$header" >"$out"

# csv ACTION ARGS: the one reader and writer of the CSV (python3, standard library).
#   csv keep RULES ENGINE N... prints for each N, in order, the kept row's value when that row
#                              need not be measured again (the resume rule above), else -
#   csv put ROW                replaces the row of ROW's rules, N and engine by ROW, in order
#   csv check                  the cross-check of the two engines over the whole CSV
#   csv plot DIR               one data file per preset for gnuplot
csv() {
    python3 - "$out" "$BDD_BUDGET" "$@" <<'PY'
import csv, os, subprocess, sys

path, budget, action, args = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4:]
remeasure = os.environ.get('REMEASURE', '') not in ('', '0')
HEAD = ['rules', 'fingers', 'engine', 'value', 'distance', 'cpu_s', 'wall_s', 'peak_mib', 'load', 'budget_s',
        'commit']
ORDER = {'standard': 0, 'rollover': 1, 'no-split': 2}
rows = list(csv.DictReader(open(path, newline='')))


SAME = {}


def same_source(commit):
    """Whether COMMIT's src/, include/ and Makefile are HEAD's (its figures still hold)."""
    if commit not in SAME:
        SAME[commit] = commit != 'unknown' and subprocess.run(
            ['git', 'diff', '--quiet', commit, 'HEAD', '--', 'src', 'include', 'Makefile'],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
    return SAME[commit]


def key(r):
    return (ORDER.get(r['rules'], 9), r['rules'], r['engine'] != 'explicit', int(r['fingers']))


if action == 'keep':
    rules, engine = args[:2]
    have = {r['fingers']: r for r in rows if (r['rules'], r['engine']) == (rules, engine)}
    for n in args[2:]:
        r = have.get(n)
        if r is None or remeasure:
            kept = False
        elif r['value'] in ('win', 'loss', 'draw'):
            kept = True  # an answer stands whatever commit gave it (its row names that commit)
        else:
            # a refused row is tried again (memory may have been freed since), an over-budget row
            # when the budget is larger than the one it had, any of them when the source changed
            kept = same_source(r['commit']) and r['value'] != 'refused' and not (
                r['value'] == 'over-budget' and float(r['budget_s']) < budget)
        print(r['value'] if kept else '-')
elif action == 'put':
    new = dict(zip(HEAD, args[0].split(',')))
    rows = [r for r in rows if (r['rules'], r['fingers'], r['engine']) !=
            (new['rules'], new['fingers'], new['engine'])] + [new]
    rows.sort(key=key)
    with open(path + '.tmp', 'w', newline='') as f:
        w = csv.DictWriter(f, HEAD, lineterminator='\n')
        w.writeheader()
        w.writerows(rows)
    os.replace(path + '.tmp', path)
elif action == 'check':
    answered = {}
    for r in rows:
        if r['value'] in ('win', 'loss', 'draw'):
            answered.setdefault((r['rules'], r['fingers']), {})[r['engine']] = r
    bad = both = 0
    for (rules, n), by in sorted(answered.items(), key=lambda kv: (kv[0][0], int(kv[0][1]))):
        if 'explicit' in by and 'bdd' in by:
            both += 1
            e, b = by['explicit'], by['bdd']
            if (e['value'], e['distance']) != (b['value'], b['distance']):
                bad += 1
                print('nfingers.sh: THE ENGINES DISAGREE at %s,fingers=%s: explicit %s %s (commit %s), '
                      'BDD %s %s (commit %s)' % (rules, n, e['value'], e['distance'] or '-', e['commit'],
                                                 b['value'], b['distance'] or '-', b['commit']), file=sys.stderr)
    print('cross-check: %d (rules, N) answered by both engines, %d disagree' % (both, bad))
    sys.exit(1 if bad else 0)
elif action == 'plot':
    for rules in ORDER:
        with open('%s/%s.dat' % (args[0], rules), 'w') as f:
            for r in sorted((r for r in rows if r['rules'] == rules and r['engine'] == 'explicit'), key=key):
                if r['value'] in ('win', 'loss', 'draw'):
                    # fingers, win distance, loss distance, draw (at 0), CPU s
                    d = r['distance'] or 'NaN'
                    f.write('%s %s %s %s %s\n' % (r['fingers'], d if r['value'] == 'win' else 'NaN',
                                                  d if r['value'] == 'loss' else 'NaN',
                                                  '0' if r['value'] == 'draw' else 'NaN', r['cpu_s']))
PY
}

# measure ENGINE RULES N: one call, its row written to the CSV; sets value
measure() {
    local engine=$1 rules=$2 n=$3 args=(solve --rules "$2,fingers=$3" start --format json) rc=0
    local limit=unlimited guard=0 budget=""
    if [ "$engine" = bdd ]; then args+=(--bdd); limit=$BDD_BUDGET; guard=$((10 * BDD_BUDGET)); budget=$BDD_BUDGET; fi
    # time counts timeout's child too, whichever of the two limits ends it
    (
        ulimit -t "$limit"
        exec /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" timeout "$guard" "$tmp/chopsat" "${args[@]}"
    ) >"$tmp/out.json" 2>"$tmp/err" || rc=$?
    local wall user sys kb
    read -r wall user sys kb < <(tail -n 1 "$tmp/time") || true
    local cpu mib
    cpu=$(awk -v u="${user:-0}" -v s="${sys:-0}" 'BEGIN { printf "%.2f", u + s }')
    mib=$(awk -v k="${kb:-0}" 'BEGIN { printf "%.1f", k / 1024 }')
    local distance=""
    if [ $rc = 0 ]; then
        read -r value distance < <(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(d["value"], "" if d["distance"] is None else d["distance"])' "$tmp/out.json")
    elif [ $rc = 124 ] || [ $rc = 137 ] || [ $rc = 152 ]; then
        # 124: past the wall-clock guard; 152, 137: past the CPU budget (SIGXCPU, then SIGKILL)
        value=over-budget
    elif [ "$engine" = bdd ] && grep -q 'node limit' "$tmp/err"; then
        value=node-limit
    elif [ "$engine" = explicit ] && grep -qi 'memory\|too large' "$tmp/err"; then
        value=refused
    else
        echo "nfingers.sh: $engine $rules,fingers=$n failed (exit $rc): $(head -n 1 "$tmp/err")" >&2
        exit 1
    fi
    local row="$rules,$n,$engine,$value,$distance,$cpu,$wall,$mib,$(awk '{print $1}' /proc/loadavg),$budget,$commit"
    echo "$row"
    csv put "$row"
    csv check >/dev/null
}

# walk ENGINE RULES N...: measure each N in turn (or keep its row) until one is not answered
walk() {
    local engine=$1 rules=$2 n kept
    shift 2
    csv keep "$rules" "$engine" "$@" >"$tmp/kept"
    exec 3<"$tmp/kept"
    for n in "$@"; do
        read -r kept <&3
        if [ "$kept" != - ]; then
            value=$kept
            echo "$rules,$n,$engine: $kept (kept from the CSV)"
        else
            measure "$engine" "$rules" "$n"
        fi
        case $value in win | loss | draw) ;; *) echo "$rules $engine: stops at fingers=$n ($value)"; break ;; esac
    done
    exec 3<&-
}

if [ -z "${PLOT_ONLY:-}" ]; then
    if [ ! -x /usr/bin/time ] || ! /usr/bin/time -v true 2>/dev/null; then
        echo "nfingers.sh: needs GNU time (Debian package time; make bench installs it)" >&2
        exit 1
    fi
    [ -x ./chopsat ] || make chopsat >/dev/null
    cp ./chopsat "$tmp/chopsat" # the binary measured, even if the tree is rebuilt meanwhile
    commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
    for rules in $PRESETS; do
        for part in $PARTS; do
            case $part in
            explicit) walk explicit "$rules" $(seq 2 "$MAXN") ;;
            bdd) walk bdd "$rules" $(n=2; while [ "$n" -le "$BDD_MAX" ]; do echo $n; n=$((2 * n)); done) ;;
            *) echo "nfingers.sh: unknown part $part (explicit bdd)" >&2; exit 2 ;;
            esac
        done
    done
fi
csv check

# The plot: the distance of the start under best play against N, one panel a preset (a win of
# player 1 above, a loss, a draw drawn at 0), and the explicit solve's CPU time.
command -v gnuplot >/dev/null || { echo "nfingers.sh: gnuplot is missing (make bench installs it)" >&2; exit 1; }
csv plot "$tmp"
for term in "pngcairo size 900,900" "svg size 900,900"; do
    ext=${term%% *}
    ext=${ext%cairo}
    gnuplot <<EOF
set terminal $term
set output "benchmarks/nfingers.$ext"
set multiplot layout 4,1 title "The start position with N fingers under best play (explicit solver)"
set grid
set key outside right top
set ylabel "moves to the end"
set xrange [1:*]
set yrange [-4:*]
do for [p in "standard rollover no-split"] {
    set title p
    plot "$tmp/".p.".dat" using 1:2 with points pt 7 ps 0.6 lc rgb "#1a9850" title "player 1 wins", \
         "" using 1:3 with points pt 9 ps 0.7 lc rgb "#d73027" title "player 1 loses", \
         "" using 1:4 with points pt 2 ps 0.6 lc rgb "#555555" title "draw (at 0)"
}
set title "explicit solve, CPU seconds (log scale; below the clock's 0.01 s drawn at 0.005)"
set ylabel "CPU s"
set xlabel "fingers N"
set logscale y
set yrange [*:*]
cpu(s) = s > 0.005 ? s : 0.005
plot "$tmp/standard.dat" using 1:(cpu(\$5)) with lines lw 2 title "standard", \
     "$tmp/rollover.dat" using 1:(cpu(\$5)) with lines lw 2 title "rollover", \
     "$tmp/no-split.dat" using 1:(cpu(\$5)) with lines lw 2 title "no-split"
unset multiplot
EOF
done
echo "nfingers.sh: wrote $out, benchmarks/nfingers.png and benchmarks/nfingers.svg"
python3 benchmarks/results.py
