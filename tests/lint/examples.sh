#!/usr/bin/env bash
# tests/lint/examples.sh: every shell example of README.md and docs/*.md run as written: each
# `$ ` line of an example block runs in a scratch folder of its page (the page's commands in
# order), with the chopsat under test first on PATH (and as ./chopsat) and the repository's
# tests/ beside it (for the fixtures a page reads), and what it prints is
# compared with the lines the page shows under it, under the convention of docs/cli.md
# ("Examples in these pages"): `...` for omitted lines, times and IC3's solver-call counts may
# differ, `(exit status N)` is the status, `# untested: WHY` marks a command not run here. The
# helper tests/lint/examples.py reads the pages and compares. A failure names the page, the
# line of the command and the first output line that differs. The library's C programs
# (tests/cli/library.sh) and the lab's key (tests/lint/lab.sh) are run by their own scripts.
source "$(dirname "$0")/../cli/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HELPER=$ROOT/tests/lint/examples.py
mkdir -p "$TMP/bin"
ln -s "$CHOPSAT" "$TMP/bin/chopsat"

# A build without DepQBF (make DEPQBF=0) does not offer --solver depqbf: those examples are
# skipped. Skipped commands (and the `# untested:` ones) are counted as skipped, never passed.
EXAMPLES_NO_DEPQBF=0
"$CHOPSAT" help force | grep -q 'depqbf' || EXAMPLES_NO_DEPQBF=1
export EXAMPLES_NO_DEPQBF
# docs/python.md's examples import the Python package of the tree, on the build's shared library.
export PYTHONPATH=$ROOT/src/python${PYTHONPATH:+:$PYTHONPATH} PYTHONDONTWRITEBYTECODE=1
export CHOPSAT_LIB=${CHOPSAT_LIB:-$ROOT/${BUILD:-build}/shared/libchopsat.so}
found=0
SKIP=0
for page in "$ROOT"/README.md "$ROOT"/docs/*.md; do
    rel=${page#"$ROOT"/}
    n=$(python3 "$HELPER" list "$page" | wc -l)
    [ "$n" -gt 0 ] || continue
    found=$((found + n))
    # a FILTER that names no command of this page (FILTER=docs/cli.md:325, FILTER=cli.md) skips it
    if [ -n "${FILTER:-}" ] && [[ "example $rel:" != *"$FILTER"* ]] && [[ "$FILTER" != *"$rel:"* ]]; then
        continue
    fi
    work=$TMP/work/${rel//\//_}
    mkdir -p "$work"
    ln -s "$CHOPSAT" "$work/chopsat"
    ln -s "$ROOT/tests" "$work/tests" # the fixtures a page reads (tests/fixtures/lab/...)
    python3 "$HELPER" run "$ROOT" "$work" "$TMP/bin" "$page" "${FILTER:-}" >"$TMP/results"
    cat "$TMP/results"
    PASS=$((PASS + $(grep -c '^ok ' "$TMP/results")))
    FAIL=$((FAIL + $(grep -c '^FAIL ' "$TMP/results")))
    SKIP=$((SKIP + $(grep -c '^skip ' "$TMP/results")))
done
expect "examples: the pages show examples" 0 -- test "$found" -ge 50

# The comparison itself: what may vary, omitted lines, and a difference found and named.
if selected examples-convention; then
    why=$(python3 - "$HELPER" <<'PY'
import importlib.util, sys
spec = importlib.util.spec_from_file_location("ex", sys.argv[1])
ex = importlib.util.module_from_spec(spec); spec.loader.exec_module(ex)
bad = []
def want(ok, what):
    if not ok: bad.append(what)
want(ex.first_difference(["a", "...", "z"], ["a", "b", "c", "z"]) is None, "... skips lines")
want(ex.first_difference(["a", "...", "z"], ["a", "z"]) is None, "... skips no line")
want(ex.first_difference(["a", "...", "z"], ["a", "b"]) is not None, "... needs what follows")
want(ex.first_difference(["solving 0.001 s"], ["solving 1.250 s"]) is None, "times vary")
want(ex.first_difference(['{"solve_seconds": 0.01}'], ['{"solve_seconds": 2}']) is None, "JSON times vary")
want(ex.first_difference(["engine: ic3, depth 5, 994 solver calls (cadical), 0.7 s"],
                         ["engine: ic3, depth 5, 1001 solver calls (cadical), 0.9 s"]) is None, "IC3's calls vary")
want(ex.first_difference(["formula: 6 solver calls"], ["formula: 7 solver calls"]) is not None, "BMC's calls do not vary")
want(ex.first_difference(["depth 5"], ["depth 6"]) is not None, "numbers do not vary")
want(ex.first_difference(['{"a": 1, ... "z": 2}'], ['{"a": 1, "b": 3, "z": 2}']) is None, "... inside a line")
d = ex.first_difference(["x", "y"], ["x", "w"])
want(d is not None and "line 2" in d and "'y'" in d and "'w'" in d, "the first difference named: %s" % d)
print("; ".join(bad))
PY
)
    verdict examples-convention "$why"
fi
# A page that drifted: the failure names the page, the command's line and the first difference;
# a wrong exit status and an untested command are told apart.
if selected examples-drift-named; then
    mkdir -p "$TMP/drift/work"
    printf '# t\n\n```\n$ echo a; echo b\na\nc\n$ false\n$ mystery-tool   # untested: not here\n```\n' \
        >"$TMP/drift/page.md"
    python3 "$HELPER" run "$TMP/drift" "$TMP/drift/work" "$TMP/bin" "$TMP/drift/page.md" >"$TMP/drift/out"
    why=""
    for want in "FAIL example page.md:4: \$ echo a; echo b: output line 2: the page shows 'c', the command printed 'b'" \
        "FAIL example page.md:7: \$ false: exit status 1 and no '(exit status 1)' line on the page" \
        "skip example page.md:8: untested: not here"; do
        grep -qF -- "$want" "$TMP/drift/out" || why="$why; no '$want' in: $(tr '\n' '|' <"$TMP/drift/out")"
    done
    verdict examples-drift-named "${why#; }"
fi

if [ "$SKIP" -gt 0 ]; then
    echo "$PASS passed, $FAIL failed, $SKIP skipped"
else
    finish
fi
[ "$FAIL" -eq 0 ]
