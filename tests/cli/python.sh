#!/usr/bin/env bash
# tests/cli/python.sh: the Python package (src/python/chopsat, docs/python.md) tested with
# Debian's pytest (/usr/bin/python3 -m pytest: the python3 on PATH may be another one without
# it) over the tests of tests/python/: every call against the command's JSON answers, bad input
# from Python, 100,000 questions with flat memory, the structs against the C compiler's layout.
# The package is taken from src/python, the library from the build's shared one (CHOPSAT_LIB),
# and $CHOPSAT is the command the answers are compared with. Then the same tests (but the
# memory one: the sanitizers' quarantine holds freed memory on purpose) on the shared library
# built with AddressSanitizer and UndefinedBehaviorSanitizer ($BUILD/sanshared/, which `make
# test` builds), the sanitizers' runtime preloaded into the interpreter; without that build
# they are skipped, and the line says how to build it. One `ok`/`FAIL` line per test.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
SKIP=0
PY=/usr/bin/python3

# pytest_run NAME LIB [ENV...] -- PYTEST-ARGS...: runs the tests on the library LIB and turns
# pytest's verdicts into ok/FAIL/skip lines named NAME:TEST (only those with FILTER in them).
pytest_run() {
    local name=$1 lib=$2 envs=()
    shift 2
    while [ "$1" != "--" ]; do envs+=("$1"); shift; done
    shift
    (cd "$ROOT" && env PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$ROOT/src/python:$ROOT/tests/python" \
        CHOPSAT_LIB="$lib" CHOPSAT="$CHOPSAT" "${envs[@]+"${envs[@]}"}" \
        "$PY" -m pytest -v -rfEs -p no:cacheprovider "$@" tests/python) >"$TMP/$name.out" 2>&1
    local status=$?
    awk -v name="$name" -v filter="${FILTER:-}" '
        /^tests\/python\/.*::/ && match($0, / (PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)( |$)/) {
            test = substr($0, 1, RSTART - 1); sub(/^tests\/python\//, "", test)
            verdict = substr($0, RSTART + 1); sub(/ .*/, "", verdict)
            full = name ":" test
            if (filter != "" && index(full, filter) == 0) next
            if (verdict == "PASSED" || verdict == "XFAIL") print "ok   " full
            else if (verdict == "SKIPPED") print "skip " full
            else print "FAIL " full
        }' "$TMP/$name.out" >"$TMP/$name.lines"
    cat "$TMP/$name.lines"
    PASS=$((PASS + $(grep -c '^ok ' "$TMP/$name.lines")))
    FAIL=$((FAIL + $(grep -c '^FAIL ' "$TMP/$name.lines")))
    SKIP=$((SKIP + $(grep -c '^skip ' "$TMP/$name.lines")))
    # pytest failed but named no failing test (a collection error, a crash): one failure, and
    # its last lines
    if [ "$status" -ne 0 ] && ! grep -q '^FAIL ' "$TMP/$name.lines" &&
        { [ -z "${FILTER:-}" ] || [[ "$name" == *"$FILTER"* ]]; }; then
        FAIL=$((FAIL + 1))
        echo "FAIL $name: pytest exit status $status"
        tail -n 15 "$TMP/$name.out" | sed 's/^/     /'
    elif grep -q '^FAIL ' "$TMP/$name.lines"; then
        grep -E '^(FAILED|ERROR|E  )' "$TMP/$name.out" | head -n 30 | sed 's/^/     /'
    fi
}

if ! "$PY" -c 'import pytest' 2>/dev/null; then
    echo "FAIL python: $PY has no pytest (Debian's python3-pytest: make setup installs it)"
    FAIL=$((FAIL + 1))
elif [ ! -e "$ROOT/$BUILD/shared/libchopsat.so" ]; then
    echo "FAIL python: no $BUILD/shared/libchopsat.so (run make first)"
    FAIL=$((FAIL + 1))
else
    pytest_run python "$ROOT/$BUILD/shared/libchopsat.so" --
    san=$ROOT/$BUILD/sanshared/libchopsat.so
    if [ -e "$san" ]; then
        runtime="$(${CC:-gcc} -print-file-name=libasan.so) $(${CC:-gcc} -print-file-name=libubsan.so)"
        pytest_run python-sanitizers "$san" LD_PRELOAD="$runtime" \
            ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
            -- -k "not flat_memory"
    elif selected python-sanitizers; then
        echo "skip python-sanitizers: no $BUILD/sanshared/libchopsat.so (make $BUILD/sanshared/libchopsat.so; make test builds it)"
        SKIP=$((SKIP + 1))
    fi
fi

echo "$PASS passed, $FAIL failed, $SKIP skipped"
[ "$FAIL" -eq 0 ]
