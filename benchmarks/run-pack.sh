#!/usr/bin/env bash
# benchmarks/run-pack.sh: runs solvers over a pack that `chopsat pack` wrote (docs/benchmarks.md).
#
#   bash benchmarks/run-pack.sh PACK SOLVER...
#
# SOLVER is one of the known ones, each for the files of its format:
#   cadical picosat minisat cryptominisat   DIMACS (.cnf.xz, decompressed first)
#   depqbf                                  QDIMACS (.qdimacs.xz)
#   z3 cvc5                                 SMT-LIB 2 (.smt2)
#   abc abc-pdr                             AIGER (.aig): berkeley-abc 'read; fold; bmc3 -F K+1'
#                                           (complete: the files' step counter bounds the goal
#                                           to K moves), or 'read; fold; pdr'
# or NAME=FORMAT:PROGRAM[:WORD...] for any other program: run as PROGRAM WORD... FILE (no shell),
# answering by exit status 10/20, an `s SATISFIABLE`/`s UNSATISFIABLE` line, or `sat`/`unsat`.
#
# PACK/meta.csv is data, never code: a row whose file is not a plain name in the pack, whose k is
# not a number or whose status is not sat/unsat is refused, one line naming it, before any job.
# One job per solver and file of its format (the files from PACK/meta.csv, in its order). Each
# job runs in a private temporary folder with a CPU-time limit of LIMIT seconds (default 60;
# `ulimit -t`, and a wall-clock guard of 3 x LIMIT) and an address-space limit of MEM MiB
# (default 4096; `ulimit -v`), and writes one row to OUT/rows/N.row, first to a temporary in
# that folder, renamed when complete. The answer is compared with meta.csv's status: a wrong
# answer is flagged `wrong`, never counted as solved. Then the rows are merged into
# OUT/results.csv (a missing row is named, the merge fails), and benchmarks/pack-report.py
# writes OUT/summary.md (solved, wrong, PAR-2 per solver, and the virtual best solver per
# format), a cactus plot per format (OUT/cactus-FORMAT.png and .svg) and a log-log scatter plot
# of two solvers of one format (OUT/scatter.png and .svg; SCATTER="A B" picks them).
#
# Where the jobs run:
#   JOBS=N               N at a time on this machine (GNU parallel), default 1 (one after the other)
#   SSHLOGINFILE=FILE    on the machines FILE names, over ssh (parallel --sshloginfile; the
#                        repository, chopsat and PACK at the same paths on every machine)
#   SLURM=1              as a Slurm job array (sbatch --wait --array=1-N, one task per job;
#                        SBATCH_ARGS: more sbatch options, words), then the merge here
# OUT defaults to PACK/results. Also:
#   --list PACK SOLVER...        the jobs, one a line: solver, format, file, status
#   --job N PACK SOLVER...       run job N and write its row (what parallel, ssh and Slurm run)
#   --merge PACK SOLVER...       merge the rows and write the report
set -u
here=$(cd "$(dirname "$0")" && pwd)
LIMIT=${LIMIT:-60}
MEM=${MEM:-4096}

usage() {
    echo "usage: bash benchmarks/run-pack.sh [--list | --job N | --merge] PACK SOLVER..." >&2
    echo "  SOLVER: cadical picosat minisat cryptominisat depqbf z3 cvc5 abc abc-pdr, or NAME=FORMAT:PROGRAM[:WORD...]" >&2
    exit 2
}

# solver_format NAME: the format a solver reads (empty for an unknown solver).
solver_format() {
    case $1 in
    cadical | picosat | minisat | cryptominisat) echo cnf ;;
    depqbf) echo qdimacs ;;
    z3 | cvc5) echo smt2 ;;
    abc | abc-pdr) echo aiger ;;
    *=cnf:* | *=qdimacs:* | *=smt2:* | *=aiger:*) local f=${1#*=}; echo "${f%%:*}" ;;
    esac
}

# solver_name SPEC: the name in results (NAME of NAME=FORMAT:...).
solver_name() { echo "${1%%=*}"; }

# jobs_list: one line per job: solver spec, format, file, status, k (tab-separated); from
# OUT/jobs.tsv once the run has written it (every job reads its line there).
jobs_list() {
    [ -f "$OUT/jobs.tsv" ] && { cat "$OUT/jobs.tsv"; return; }
    jobs_make
}

jobs_make() {
    local spec format
    for spec in "${SOLVERS[@]}"; do
        format=$(solver_format "$spec")
        python3 - "$PACK/meta.csv" "$format" "$spec" <<'EOF' || return 1
import csv, re, sys
meta, fmt, spec = sys.argv[1:4]
# A pack is shared: a field that reaches a path or bash arithmetic must be plain (a name in the
# pack, a small number), else the row is refused before anything runs.
for n, r in enumerate(csv.DictReader(open(meta)), 2):
    if r.get('format') != fmt:
        continue
    f, st, k = r.get('file') or '', r.get('status') or '', r.get('k') or ''
    why = None
    if not re.fullmatch(r'[A-Za-z0-9_][A-Za-z0-9_.,=+-]*', f) or '..' in f:
        why = "file %r is not a plain name in the pack" % f
    elif not re.fullmatch(r'0|[1-9][0-9]{0,8}', k):
        why = "k %r is not a number" % k
    elif st not in ('sat', 'unsat'):
        why = "status %r is neither sat nor unsat" % st
    if why:
        print("run-pack: %s line %d: %s; refused" % (meta, n, why), file=sys.stderr)
        sys.exit(1)
    print('\t'.join([spec, fmt, f, st, k]))
EOF
    done
}

# row_ok FILE K: true when a job's fields are plain (as jobs_make checks them; jobs.tsv is
# read again by every job).
row_ok() {
    [[ $1 =~ ^[A-Za-z0-9_][A-Za-z0-9_.,=+-]*$ && $1 != *..* && $2 =~ ^(0|[1-9][0-9]{0,8})$ ]]
}

# command_for SPEC FILE K: the solver's words into the array CMD (the file as its own word).
command_for() {
    local spec=$1 file=$2 k=$3
    case $spec in
    cadical) CMD=(cadical -q "$file") ;;
    picosat) CMD=(picosat "$file") ;;
    minisat) CMD=(minisat -verb=0 "$file") ;;
    cryptominisat) CMD=(cryptominisat5 --verb 0 "$file") ;;
    depqbf) CMD=(depqbf "$file") ;;
    z3) CMD=(z3 "$file") ;;
    cvc5) CMD=(cvc5 "$file") ;;
    abc) CMD=(berkeley-abc -c "read f.aig; fold; bmc3 -F $((k + 1))") ;; # in the job's folder
    abc-pdr) CMD=(berkeley-abc -c "read f.aig; fold; pdr") ;;
    *)
        local rest=${spec#*=}
        rest=${rest#*:}
        IFS=: read -r -a CMD <<<"$rest"
        CMD+=("$file") ;;
    esac
}

# answer_of SPEC STATUS OUT K: sat, unsat or unknown from the exit status and the output.
answer_of() {
    local spec=$1 st=$2 out=$3 k=$4
    if [ "$spec" = abc ] || [ "$spec" = abc-pdr ]; then
        grep -q "Property proved" "$out" && { echo unsat; return; }
        grep -q "No output asserted in $((k + 1)) frames" "$out" && { echo unsat; return; }
        grep -q "was asserted in frame" "$out" && { echo sat; return; }
        echo unknown
        return
    fi
    case $st in 10) echo sat; return ;; 20) echo unsat; return ;; esac
    if grep -qE '^s (UN)?SATISFIABLE' "$out"; then
        grep -q '^s UNSATISFIABLE' "$out" && echo unsat || echo sat
        return
    fi
    local first
    first=$(grep -m1 -vE '^(c |;|$)' "$out" | tr -d '[:space:]')
    case $first in sat | unsat) echo "$first" ;; *) echo unknown ;; esac
}

# job_run N: runs job N and prints its row:
#   solver,format,file,expected,answer,result,cpu_s,wall_s,max_rss_kb,host
job_run() {
    local line spec format file expected k dir st answer result
    line=$(jobs_list | sed -n "${1}p")
    [ -n "$line" ] || { echo "run-pack: no job $1" >&2; return 2; }
    IFS=$'\t' read -r spec format file expected k <<<"$line"
    row_ok "$file" "$k" || { echo "run-pack: job $1: file '$file' or k '$k' is not plain; refused" >&2; return 1; }
    dir=$(mktemp -d "${TMPDIR:-/tmp}/run-pack.XXXXXX") || return 1
    # shellcheck disable=SC2064 # the folder is fixed now
    trap "rm -rf '$dir'" RETURN
    local input
    case $format in
    cnf) input=$dir/f.cnf ;; qdimacs) input=$dir/f.qdimacs ;; smt2) input=$dir/f.smt2 ;; aiger) input=$dir/f.aig ;;
    esac
    if [[ $file == *.xz ]]; then xz -dc -- "$PACK/$file" >"$input" || return 1; else cp -- "$PACK/$file" "$input" || return 1; fi
    command_for "$spec" "$input" "$k"
    (
        cd "$dir" || exit 1
        ulimit -t "$LIMIT" -v $((MEM * 1024)) 2>/dev/null
        exec /usr/bin/time -f "%U %S %e %M" -o "$dir/time" timeout -s KILL $((3 * LIMIT)) "${CMD[@]}"
    ) >"$dir/out" 2>"$dir/err" </dev/null
    st=$?
    answer=$(answer_of "$spec" "$st" "$dir/out" "$k")
    local cpu wall rss
    read -r cpu wall rss < <(tail -n 1 "$dir/time" 2>/dev/null | awk 'NF >= 4 {printf "%.3f %.3f %s", $1 + $2, $3, $4}')
    cpu=${cpu:-0} wall=${wall:-0} rss=${rss:-0}
    if [ "$answer" = "$expected" ]; then result=solved
    elif [ "$answer" != unknown ]; then result=wrong
    elif awk -v c="$cpu" -v l="$LIMIT" 'BEGIN { exit !(c >= l * 0.98) }' || [ "$st" = 137 ] || [ "$st" = 152 ]; then result=timeout
    else result=error; fi
    echo "$(solver_name "$spec"),$format,$file,$expected,$answer,$result,$cpu,$wall,$rss,$(hostname)"
}

# job_one N: job N's row into ROWS/N.row, atomically (temporary + rename).
job_one() {
    local n=$1 tmp
    mkdir -p "$ROWS"
    tmp=$(mktemp "$ROWS/.job-$n.XXXXXX") || return 1
    # shellcheck disable=SC2064
    trap "rm -f '$tmp'; exit 143" TERM INT HUP
    if job_run "$n" >"$tmp" && [ "$(wc -l <"$tmp")" = 1 ]; then
        mv "$tmp" "$ROWS/$(printf '%06d' "$n").row"
    else
        rm -f "$tmp"
        echo "run-pack: job $n wrote no row" >&2
        return 1
    fi
}

# merge: the rows in job order into OUT/results.csv (by rename), then the report.
merge() {
    local count n f missing=0 tmp
    count=$(jobs_list | wc -l)
    tmp=$(mktemp "$OUT/.results.csv.XXXXXX") || return 1
    echo "solver,format,file,expected,answer,result,cpu_s,wall_s,max_rss_kb,host" >"$tmp"
    for ((n = 1; n <= count; n++)); do
        f="$ROWS/$(printf '%06d' "$n").row"
        if [ -f "$f" ]; then cat "$f" >>"$tmp"; else
            echo "run-pack: job $n ($(jobs_list | sed -n "${n}p" | tr '\t' ' ')) has no row" >&2
            missing=$((missing + 1))
        fi
    done
    if [ "$missing" != 0 ]; then
        rm -f "$tmp"
        echo "run-pack: $missing of $count rows missing; rerun them with --job N, then --merge" >&2
        return 1
    fi
    mv "$tmp" "$OUT/results.csv"
    python3 "$here/pack-report.py" "$OUT/results.csv" "$OUT" "$LIMIT" ${SCATTER:+--scatter $SCATTER}
}

run_all() {
    local count
    rm -f "$OUT/jobs.tsv"
    jobs_make >"$OUT/.jobs.tsv" && mv "$OUT/.jobs.tsv" "$OUT/jobs.tsv" || { rm -f "$OUT/.jobs.tsv"; return 1; }
    count=$(jobs_list | wc -l)
    [ "$count" -gt 0 ] || { echo "run-pack: no file of these solvers' formats in $PACK/meta.csv" >&2; return 1; }
    rm -rf "$ROWS"
    mkdir -p "$ROWS"
    local self=("$here/run-pack.sh" --job)
    if [ -n "${SLURM:-}" ]; then
        command -v sbatch >/dev/null || { echo "run-pack: sbatch is missing (Slurm)" >&2; return 1; }
        # shellcheck disable=SC2086 # SBATCH_ARGS are words
        sbatch --wait --quiet --array=1-"$count" --output="$OUT/slurm-%A_%a.out" \
            --export=ALL,LIMIT="$LIMIT",MEM="$MEM",OUT="$OUT" ${SBATCH_ARGS:-} \
            "$here/run-pack.sh" --slurm-task "$PACK" "${SOLVERS[@]}" || echo "run-pack: sbatch reported a failed task" >&2
    elif [ -n "${SSHLOGINFILE:-}" ] || [ "${JOBS:-1}" != 1 ]; then
        command -v parallel >/dev/null || { echo "run-pack: GNU parallel is missing (make setup-bench installs it)" >&2; return 1; }
        local where=()
        [ -n "${SSHLOGINFILE:-}" ] && where=(--sshloginfile "$SSHLOGINFILE" --workdir "$PWD" --env LIMIT --env MEM --env OUT)
        seq 1 "$count" | LIMIT=$LIMIT MEM=$MEM OUT=$OUT parallel -j "${JOBS:-1}" "${where[@]+"${where[@]}"}" \
            bash "${self[@]}" {} "$PACK" "${SOLVERS[@]}"
    else
        for ((n = 1; n <= count; n++)); do job_one "$n"; done
    fi
    merge
}

mode=run
case ${1:-} in
--list | --merge) mode=${1#--}; shift ;;
--job) mode=job; N=${2:-}; shift 2 || usage ;;
--slurm-task) mode=job; N=${SLURM_ARRAY_TASK_ID:?not in a Slurm array task}; shift ;;
-h | --help) usage ;;
esac
[ $# -ge 2 ] || usage
PACK=$1
shift
SOLVERS=("$@")
[ -f "$PACK/meta.csv" ] || { echo "run-pack: $PACK/meta.csv is missing (chopsat pack writes it)" >&2; exit 1; }
for s in "${SOLVERS[@]}"; do
    [ -n "$(solver_format "$s")" ] || { echo "run-pack: unknown solver '$s'" >&2; usage; }
done
OUT=${OUT:-$PACK/results}
ROWS=$OUT/rows
mkdir -p "$OUT"
case $mode in
list) list=$(jobs_make) || exit 1; [ -z "$list" ] || printf '%s\n' "$list" | tr '\t' ' ' ;;
job) job_one "$N" ;;
merge) merge ;;
run) run_all ;;
esac
