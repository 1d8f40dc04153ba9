#!/usr/bin/env bash
# tests/fuzz/regress.sh: runs every libFuzzer harness of tests/fuzz/ once over each input of its
# committed corpus (tests/fuzz/corpus/<reader>/), as `make test` does: a regression test of the
# parsers that takes seconds. Ends with the line `N passed, N failed`.
# Usage: BUILD=build bash tests/fuzz/regress.sh [FILTER]
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
filter=${1:-}
pass=0
fail=0
for src in tests/fuzz/fuzz_*.c; do
    name=$(basename "$src" .c)
    reader=${name#fuzz_}
    [[ "$name" == *"$filter"* ]] || continue
    bin="$BUILD/fuzz/$name"
    inputs=(tests/fuzz/corpus/"$reader"/*)
    if [ ! -x "$bin" ]; then
        echo "FAIL $name: not built (make fuzzers)"
        fail=$((fail + 1))
    elif out=$("$bin" -rss_limit_mb=2048 "${inputs[@]}" 2>&1); then
        echo "ok $name (${#inputs[@]} inputs)"
        pass=$((pass + 1))
    else
        echo "FAIL $name:"
        echo "$out" | grep -E 'ERROR|FUZZ_ASSERT|SUMMARY|Running: ' | tail -n 5
        fail=$((fail + 1))
    fi
done
echo "$pass passed, $fail failed"
