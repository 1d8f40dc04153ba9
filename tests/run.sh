#!/usr/bin/env bash
# tests/run.sh: the whole test suite, as `make test` runs it. It runs the unit tests built with
# gcc (release), gcc with AddressSanitizer and UndefinedBehaviorSanitizer (debug) and clang
# (tests/unit/), then every script of tests/cli/ (the command end to end, with the release
# binary) and of tests/lint/ (the layout, the documents against the command), every libFuzzer
# harness over its corpus (tests/fuzz/regress.sh), and ends with the line `N passed, N failed`
# summing them all. Each runner's wall-clock seconds are printed after it, and the ten slowest
# just before that closing line, so that one can see where the suite's time goes.
#   tests/run.sh [--quick] [FILTER]
# --quick is `make check`: the release unit tests only, beside the quick scripts below, no
# fuzzers; a few minutes instead of ten.
set -u
cd "$(dirname "$0")/.."
total_pass=0
total_fail=0
total_skip=0

# Adds the counts of a runner's closing line "N passed, N failed" (and ", N skipped": a check
# that could not run here, never counted as passed) to the totals.
count() {
    local line
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
    if [ -z "$line" ]; then
        echo "FAIL $2: no closing line (crashed?)"
        total_fail=$((total_fail + 1))
        return
    fi
    total_pass=$((total_pass + $(echo "$line" | cut -d' ' -f1)))
    total_fail=$((total_fail + $(echo "$line" | cut -d' ' -f3)))
    if [[ "$line" =~ ,\ ([0-9]+)\ skipped ]]; then
        total_skip=$((total_skip + BASH_REMATCH[1]))
    fi
}

declare -A pids
log=$(mktemp -d) || log=""
if [ -z "$log" ] || [ ! -d "$log" ]; then
    echo "tests/run.sh: no scratch folder (mktemp -d failed); nothing was run" >&2
    exit 1
fi
trap 'rm -rf "$log"' EXIT
: >"$log/times"

# Seconds since the epoch, with fractions.
now() { date +%s.%N; }
# Records that runner $2 ran from $1 (a time from now) until now, in $log/times.
timed() {
    awk -v a="$1" -v b="$(now)" -v name="$2" 'BEGIN { printf "%.1f %s\n", b - a, name }' \
        >>"$log/times"
}
# Prints the seconds recorded for runner $1.
show_time() {
    awk -v name="$1" '{ s = $1; sub(/^[^ ]* /, "") } $0 == name { print "   " s " s" }' \
        "$log/times"
}

quick=no
if [ "${1:-}" = --quick ]; then
    quick=yes
    shift
fi
# A filter limits every runner to the tests whose name contains it: tests/run.sh NAME
filter=${1:-}
# The build folder (make passes build/no-depqbf for DEPQBF=0).
BUILD=${BUILD:-build}
# The scripts of --quick: the lint checks that take seconds, and the command end to end on the
# explicit engine (every explicit command), the unbounded engines (IC3, k-induction and BMC on
# both SAT solvers, checked against the explicit search) and progress; about as long as the
# release unit tests beside them.
QUICK_SCRIPTS="tests/lint/tests.sh tests/lint/layout.sh tests/lint/symbols.sh tests/lint/build.sh
    tests/lint/options.sh tests/lint/results.sh tests/cli/explicit.sh tests/cli/unbounded.sh
    tests/cli/progress.sh"

show_unit() {
    echo "== unit tests ($1)"
    grep -v '^ok ' "$log/unit-$1.txt"
    count "$log/unit-$1.txt" "unit tests ($1)"
    show_time "unit tests ($1)"
}
# The sanitizer build's unit tests (the slow ones) run in the background, beside the release and
# clang unit tests and the CLI scripts (the machine has two cores); with --quick, the release
# unit tests run beside the scripts.
variants="release debug clang"
[ "$quick" = yes ] && variants=release
for variant in $variants; do
    (
        start=$(now)
        ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
            "$BUILD/$variant/unit-tests" $filter >"$log/unit-$variant.txt" 2>&1
        timed "$start" "unit tests ($variant)"
    ) &
    pids[$variant]=$!
    [ "$variant" = debug ] || [ "$quick" = yes ] || wait "${pids[$variant]}"
done
if [ "$quick" = no ]; then
    show_unit release
    show_unit clang
    scripts=$(echo tests/cli/*.sh tests/lint/*.sh)
else
    scripts=$QUICK_SCRIPTS
fi

for script in $scripts; do
    [ -e "$script" ] || continue
    [ "$script" = tests/cli/lib.sh ] && continue
    [ "$script" = tests/cli/serve_lib.sh ] && continue # sourced by the serve*.sh scripts
    name=${script#tests/}
    name=${name%.sh}
    echo "== $name"
    start=$(now)
    BUILD="$BUILD" CHOPSAT="$PWD/chopsat" CHOPSAT_DEBUG="$PWD/$BUILD/debug/chopsat" FILTER="$filter" \
        bash "$script" 2>&1 | tee "$log/${name//\//-}.txt" | grep -v '^ok '
    timed "$start" "$name"
    count "$log/${name//\//-}.txt" "$name"
    show_time "$name"
done

if [ "$quick" = yes ]; then
    wait "${pids[release]}"
    show_unit release
else
    echo "== fuzz harnesses over their corpora"
    start=$(now)
    BUILD="$BUILD" bash tests/fuzz/regress.sh "$filter" >"$log/fuzz.txt" 2>&1
    timed "$start" "fuzz harnesses"
    grep -v '^ok ' "$log/fuzz.txt"
    count "$log/fuzz.txt" "fuzz harnesses"
    show_time "fuzz harnesses"

    wait "${pids[debug]}"
    show_unit debug
fi

# The ten slowest runners (the unit runs overlap the scripts: each is its own wall-clock time).
echo "== the ten slowest, in seconds"
LC_ALL=C sort -rn "$log/times" | head -n 10 | awk '{ s = $1; sub(/^[^ ]* /, ""); printf "%8s  %s\n", s, $0 }'
[ "$total_skip" -eq 0 ] || echo "($total_skip skipped: each says above why it could not run here)"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
