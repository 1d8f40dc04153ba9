#!/usr/bin/env bash
# benchmarks/jobs.sh: a suite as independent jobs, one CSV row each, run one after the other,
# JOBS at a time on this machine with GNU parallel, on many machines over ssh, or as a Slurm
# array (benchmarks/slurm.sh). A suite (bmc.sh, force.sh) defines
#   SUITE            its name (rows go to benchmarks/rows/SUITE/, the CSV to benchmarks/SUITE.csv)
#   HEADER           the CSV header line
#   job_list         a function printing one line per job (its parameters, blank-separated)
#   job_run WORDS..  a function printing the job's one CSV row on standard output (jobs_one
#                    adds the commit, `git rev-parse --short HEAD`, as the last column)
# and ends with `jobs_main "$@"`, which takes:
#   (nothing)        run every job (JOBS=N at a time; SSHLOGINFILE=FILE: on the machines that
#                    file names, each with this repository at the same path on a shared file
#                    system), then merge
#   --list | --count the jobs, or how many
#   --job N          run job N (1-based) and write its row to ROWS/N.row: the row goes to a
#                    temporary in the same folder first and is renamed when complete, so a
#                    killed job leaves no row (and no partial one)
#   --merge          the header and every row in job order into the CSV (atomically, by rename);
#                    a missing row (a job killed or not run) is named on standard error, the CSV
#                    is left as it was and the exit status is 1
set -u
ROWS_BASE=${BENCH_ROWS:-benchmarks/rows}

jobs_rows() { echo "$ROWS_BASE/$SUITE"; }

jobs_one() {
    local n=$1 line rows
    line=$(job_list | sed -n "${n}p")
    [ -n "$line" ] || { echo "$SUITE: no job $n" >&2; return 2; }
    rows=$(jobs_rows)
    mkdir -p "$rows"
    JOBS_ROW_TMP=$(mktemp "$rows/.job-$n.XXXXXX") || return 1
    trap 'rm -f "$JOBS_ROW_TMP"; exit 143' TERM INT HUP # (SIGKILL leaves the temporary, never a row)
    # shellcheck disable=SC2086 # the job's parameters are words
    if job_run $line >"$JOBS_ROW_TMP" && [ "$(wc -l <"$JOBS_ROW_TMP")" = 1 ] &&
        sed -i "s/\$/,$(git rev-parse --short HEAD 2>/dev/null || echo unknown)/" "$JOBS_ROW_TMP"; then
        mv "$JOBS_ROW_TMP" "$rows/$(printf '%06d' "$n").row" && cat "$rows/$(printf '%06d' "$n").row"
    else
        rm -f "$JOBS_ROW_TMP"
        echo "$SUITE: job $n ($line) wrote no row" >&2
        return 1
    fi
}

jobs_merge() {
    local rows count n missing=0 out=benchmarks/$SUITE.csv tmp
    rows=$(jobs_rows)
    count=$(job_list | wc -l)
    tmp=$(mktemp "benchmarks/.$SUITE.csv.XXXXXX") || return 1
    echo "$HEADER,commit" >"$tmp"
    for ((n = 1; n <= count; n++)); do
        f="$rows/$(printf '%06d' "$n").row"
        if [ -f "$f" ]; then cat "$f" >>"$tmp"; else
            echo "$SUITE: job $n ($(job_list | sed -n "${n}p")) has no row" >&2
            missing=$((missing + 1))
        fi
    done
    if [ "$missing" != 0 ]; then
        rm -f "$tmp"
        echo "$SUITE: $out left as it was: $missing of $count rows missing (run them with --job N, then --merge)" >&2
        return 1
    fi
    mv "$tmp" "$out"
    echo "wrote $out ($count rows)"
}

jobs_all() {
    local count jobs=${JOBS:-1}
    count=$(job_list | wc -l)
    rm -rf "$(jobs_rows)"
    if [ -n "${SSHLOGINFILE:-}" ] || [ "$jobs" != 1 ]; then
        command -v parallel >/dev/null || { echo "$SUITE: GNU parallel is missing (make setup-bench installs it)" >&2; return 1; }
        local where=()
        [ -n "${SSHLOGINFILE:-}" ] && where=(--sshloginfile "$SSHLOGINFILE" --workdir "$PWD")
        seq 1 "$count" | parallel -j "$jobs" "${where[@]+"${where[@]}"}" --line-buffer \
            bash "benchmarks/$SUITE.sh" --job {}
    else
        for ((n = 1; n <= count; n++)); do jobs_one "$n"; done
    fi
    jobs_merge
}

jobs_main() {
    case "${1:-}" in
    "") jobs_all ;;
    --list) job_list ;;
    --count) job_list | wc -l ;;
    --job) jobs_one "$2" ;;
    --merge) jobs_merge ;;
    *) echo "usage: bash benchmarks/$SUITE.sh [--list | --count | --job N | --merge]" >&2; return 2 ;;
    esac
}
