#!/usr/bin/env bash
# tests/lint/tests.sh: the tests' own house (docs/architecture.md, "The tests"). Every unit test
# file tests/unit/test_<file>.c ends with its schedule, SCHEDULE_FILE(<file>), which lists each
# TEST of the file once, and tests/unit/main.c calls each file's schedule once (FILE_TESTS) and
# no other; tests/ holds only its folders (no test file left in the old flat layout, where
# nothing would build or run it); and every tests/ path that a document, a comment or a script
# names exists. Needs no build.
. "$(dirname "$0")/../cli/lib.sh"
cd "$(dirname "$0")/../.." || exit 2
ROOT=${TESTS_ROOT:-.} # another tree to check (the test of this script itself)

# Each unit test file's schedule names the file, lists every TEST once and nothing else.
if selected tests-every-test-scheduled; then
    why=""
    for f in "$ROOT"/tests/unit/test_*.c; do
        [ -e "$f" ] || continue
        file=$(basename "$f" .c)
        file=${file#test_}
        s=$(grep -c "^SCHEDULE_FILE($file)\$" "$f")
        [ "$s" -eq 1 ] || why="$why; test_$file.c has $s SCHEDULE_FILE($file) lines, wanted 1"
        defined=$(sed -n 's/^TEST(\([a-z0-9_]*\)).*/\1/p' "$f" | sort)
        scheduled=$(sed -n 's/^ *SCHEDULE(\([a-z0-9_]*\));.*/\1/p' "$f" | sort)
        extra=$(comm -13 <(echo "$defined" | sort -u) <(echo "$scheduled") | tr '\n' ' ')
        missing=$(comm -23 <(echo "$defined") <(echo "$scheduled" | sort -u) | tr '\n' ' ')
        [ -z "$missing" ] || why="$why; test_$file.c never schedules: $missing"
        [ -z "$extra" ] || why="$why; test_$file.c schedules twice or without a TEST: $extra"
    done
    verdict tests-every-test-scheduled "${why#; }"
fi

# main.c calls each file's schedule exactly once, and only of files that exist.
if selected tests-every-file-scheduled; then
    why=""
    called=$(sed -n 's/^ *FILE_TESTS(\([a-z0-9_]*\));.*/\1/p' "$ROOT/tests/unit/main.c" | sort)
    files=$(cd "$ROOT/tests/unit" && ls test_*.c 2>/dev/null | sed 's/^test_//; s/\.c$//' | sort)
    [ -n "$files" ] || why="no tests/unit/test_*.c"
    missing=$(comm -23 <(echo "$files") <(echo "$called" | sort -u) | tr '\n' ' ')
    unknown=$(comm -13 <(echo "$files") <(echo "$called" | sort -u) | tr '\n' ' ')
    twice=$(echo "$called" | uniq -d | tr '\n' ' ')
    [ -z "$missing" ] || why="$why; main.c never calls the schedule of: $missing"
    [ -z "$unknown" ] || why="$why; main.c calls FILE_TESTS of no file: $unknown"
    [ -z "$twice" ] || why="$why; main.c calls twice: $twice"
    verdict tests-every-file-scheduled "${why#; }"
fi

# tests/ holds its folders and run.sh only: a test file at the top (the layout before the
# folders, say from a merge) would be neither built nor run.
if selected tests-only-folders-at-top; then
    why=""
    for e in "$ROOT"/tests/* "$ROOT"/tests/.[!.]*; do
        [ -e "$e" ] || continue
        n=$(basename "$e")
        case "$n" in
            unit | cli | lint | fuzz | fixtures | fake-solvers | python) [ -d "$e" ] || why="$why; tests/$n is not a folder" ;;
            run.sh) ;;
            *) why="$why; tests/$n (unit tests go in tests/unit/, scripts in tests/cli/ or tests/lint/)" ;;
        esac
    done
    verdict tests-only-folders-at-top "${why#; }"
fi

# Every tests/ path named in the repository exists. A path with a placeholder (*, %, <name>,
# NAME, a trailing _) names a pattern: the folders before the placeholder must exist. The walk-through of
# docs/adding-a-game.md names the files of a game that is not in the tree.
NOT_IN_TREE="tests/unit/test_take.c tests/cli/take.sh"
# named GREP-OPTIONS PATTERN: grep over the repository's text (not the fuzz corpora, not build/,
# not this script, whose own test names paths that must not exist).
named() {
    grep -r -I --exclude-dir=corpus --exclude-dir=.git --exclude=tests.sh "$@" README.md docs src include tests \
        benchmarks cnf Makefile 2>/dev/null
}
if selected tests-named-paths-exist; then
    why=""
    while read -r p; do
        [ -n "$p" ] || continue
        [[ " $NOT_IN_TREE " == *" $p "* ]] && continue
        if [[ "$p" =~ [*%\<]|[A-Z]{2}|_$ ]]; then
            d=$(echo "$p" | sed -E 's#/[^/]*([*%<]|[A-Z]{2}|_$).*##')
            [ -d "$ROOT/$d" ] || why="$why; $p (no folder $d)"
        elif [ ! -e "$ROOT/$p" ]; then
            why="$why; $p (in $(cd "$ROOT" && named -l -F "$p" | head -3 | tr '\n' ' '))"
        fi
    done < <(cd "$ROOT" && named -ohE 'tests/[A-Za-z0-9_./<>*%-]*' | sed -E 's/[.,:)]+$//' |
        grep -v '^tests/$' | sort -u)
    verdict tests-named-paths-exist "${why#; }"
fi

# The checks above catch each slip they are for: a tree with one of each must fail all four.
if selected tests-lint-catches-slips && [ -z "${TESTS_ROOT:-}" ]; then
    t=$TMP/slips
    mkdir -p "$t/tests/unit" "$t/docs"
    printf 'TEST(kept)\n{\n}\nTEST(forgotten)\n{\n}\n\nSCHEDULE_FILE(a)\n{\n    SCHEDULE(kept);\n}\n' \
        >"$t/tests/unit/test_a.c"
    printf 'static void schedule(void)\n{\n    FILE_TESTS(gone);\n}\n' >"$t/tests/unit/main.c"
    echo 'TEST(flat) {}' >"$t/tests/test_flat.c"
    echo 'Run tests/cli_old.sh.' >"$t/docs/x.md"
    TESTS_ROOT=$t FILTER='' bash "$0" >"$TMP/slips.out" 2>&1
    why=""
    for want in "FAIL tests-every-test-scheduled: test_a.c never schedules: forgotten" \
        "FAIL tests-every-file-scheduled: main.c never calls the schedule of: a ; main.c calls FILE_TESTS of no file: gone" \
        "FAIL tests-only-folders-at-top: tests/test_flat.c" "FAIL tests-named-paths-exist: tests/cli_old.sh (in docs/x.md"; do
        grep -qF -- "$want" "$TMP/slips.out" || why="$why; no '$want'"
    done
    verdict tests-lint-catches-slips "${why#; }$([ -n "$why" ] && sed 's/^/ | /' "$TMP/slips.out" | tr -d '\n')"
fi

finish
[ "$FAIL" -eq 0 ]
