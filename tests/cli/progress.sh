#!/usr/bin/env bash
# tests/cli/progress.sh: progress on standard error. Shown only when standard error is a
# terminal (a pseudo-terminal from util-linux `script`) or CHOPSAT_PROGRESS=1 (one line per
# update), never with --quiet or CHOPSAT_PROGRESS=0, never on a redirected standard error; it
# names the k being tried and the solver call, the phases of force and of the explicit solver,
# with the elapsed time; standard output is the same with and without it.
source "$(dirname "$0")/lib.sh"
C=$CHOPSAT

expect progress-win-k 10 --err "chopsat: win: k = 0 of 8, solver call 1 (" \
    --err "chopsat: win: k = 5 of 8, solver call 6 (" --err "chopsat: win: the explicit cross-check (" \
    -- env CHOPSAT_PROGRESS=1 $C win start -k 8
expect progress-reach-k 20 --err "chopsat: reach: k = 3 of 3, solver call 4" \
    -- env CHOPSAT_PROGRESS=1 $C reach start 00/11 -k 3
expect progress-force-bdd 20 --err "chopsat: force: BDD layers up to k = 6 (" --err "chopsat: force: the tree and the explicit cross-check (k = 6) (" \
    -- env CHOPSAT_PROGRESS=1 $C force start -k 6 --player 2
expect progress-force-qbf 20 --err "chopsat: force: QBF, k up to 4 (" \
    --err "chopsat: force: the explicit cross-check, the first moves and the tree (k = 4) (" \
    -- env CHOPSAT_PROGRESS=1 $C force start -k 4 --player 2 --solver depqbf
expect progress-solve 0 --err "chopsat: solve: propagating values" --err "chopsat: solve: done 100%" \
    -- env CHOPSAT_PROGRESS=1 $C solve
expect progress-solve-bdd 0 --err "chopsat: solve: BDD layers: k = 1024 (player 1) (" \
    --err "chopsat: solve: BDD layers: k = 2048 (player 1) (" \
    -- env CHOPSAT_PROGRESS=1 $C solve --bdd --rules standard,fingers=1024
expect progress-quiet-env 10 -- sh -c "env CHOPSAT_PROGRESS=1 $C win start -k 8 --quiet 2>$TMP/q.err; rc=\$?; test ! -s $TMP/q.err && exit \$rc"
expect progress-off-redirected 10 -- sh -c "$C win start -k 8 2>$TMP/r.err; rc=\$?; test ! -s $TMP/r.err && exit \$rc"
expect progress-off-env 10 -- sh -c "env CHOPSAT_PROGRESS=0 $C win start -k 8 2>$TMP/o.err; rc=\$?; test ! -s $TMP/o.err && exit \$rc"
$C win start -k 8 --format json >"$TMP/plain.json" 2>/dev/null
CHOPSAT_PROGRESS=1 $C win start -k 8 --format json >"$TMP/prog.json" 2>/dev/null
expect progress-stdout-unchanged 0 -- sh -c "sed 's/_seconds\": [0-9.]*/_seconds/g' $TMP/plain.json >$TMP/a; sed 's/_seconds\": [0-9.]*/_seconds/g' $TMP/prog.json >$TMP/b; cmp -s $TMP/a $TMP/b"
expect progress-help-lists-quiet 0 --out "--quiet" -- $C help win
expect progress-help-force 0 --out "--quiet" --out "--tree-depth D" -- $C force --help
expect progress-play-no-quiet 2 --err "unknown option '--quiet'" -- $C play --quiet

# CHOPSAT_PROGRESS other than 0, 1 or empty is refused with one line, as a bad CHOPSAT_MEMORY is
# (it was taken as unset), before any output.
expect progress-env-garbage 1 --err "CHOPSAT_PROGRESS='garbage' is neither 0 nor 1" \
    -- sh -c "env CHOPSAT_PROGRESS=garbage $C win start -k 2 >$TMP/g.out; rc=\$?; test ! -s $TMP/g.out && exit \$rc"
expect progress-env-two 1 --err "CHOPSAT_PROGRESS='2' is neither 0 nor 1" -- env CHOPSAT_PROGRESS=2 $C solve
expect progress-env-empty 20 -- env CHOPSAT_PROGRESS= $C win start -k 2

# The elapsed time goes on while one phase runs: the ticker reprints it every second. A solver
# that thinks for 60 s (tests/fake-solvers/sleep.sh), stopped by --timeout 3.5: one phase of
# 3.5 s, shown at its start and again by the ticker (at 1 s, 2 s, 3 s: on a busy machine a tick
# may come late, so any of them will do).
FAKE="$(cd "$(dirname "$0")/.." && pwd)/fake-solvers"
if selected progress-ticker; then
    env CHOPSAT_PROGRESS=1 $C win start -k 0 --solver "external:sh $FAKE/sleep.sh" --timeout 3.5 \
        >/dev/null 2>"$TMP/ticker.err"
    st=$? why=""
    [ "$st" -eq 1 ] || why="exit status $st, wanted 1"
    grep -q '^chopsat: win: k = 0 of 0, solver call 1 (0\.[0-9] s)$' "$TMP/ticker.err" ||
        why="$why; no line at the start of the phase"
    grep -Eq '^chopsat: win: k = 0 of 0, solver call 1 \([1-3]\.[0-9] s\)$' "$TMP/ticker.err" ||
        why="$why; no line from the ticker"
    grep -q 'timed out after 3.5 s' "$TMP/ticker.err" || why="$why; no time-out line"
    verdict progress-ticker "${why#; }$([ -n "$why" ] && tr '\n' '|' <"$TMP/ticker.err")"
fi

# On a terminal (a pseudo-terminal from `script`): one line rewritten in place, cleared before
# the answer; --quiet shows nothing.
if command -v script >/dev/null; then
    script -qec "$C win start -k 8" /dev/null >"$TMP/tty.out" 2>&1
    expect progress-tty-line 0 -- grep -q $'\r\033\[Kchopsat: win: k = 0 of 8' "$TMP/tty.out"
    expect progress-tty-cleared-before-answer 0 -- grep -q $'\r\033\[Kquestion: can player 1 win' "$TMP/tty.out"
    script -qec "$C win start -k 8 --quiet" /dev/null >"$TMP/ttyq.out" 2>&1
    expect progress-tty-quiet 1 -- grep -q "chopsat: win: k =" "$TMP/ttyq.out"
    script -qec "$C win start -k 8 2>/dev/null" /dev/null >"$TMP/ttyr.out" 2>&1
    expect progress-tty-stderr-redirected 1 -- grep -q "chopsat: win: k =" "$TMP/ttyr.out"
    # interrupted mid-phase: the progress line is cleared before the one error line
    script -qec "timeout -s INT 1.5 $C win start -k 0 --solver 'external:sh $FAKE/sleep.sh'" /dev/null \
        >"$TMP/ttyint.out" 2>&1
    expect progress-tty-interrupted 0 -- grep -q $'\r\033\[Kchopsat: error: interrupted (SIGINT)' "$TMP/ttyint.out"
else
    echo "ok   progress on a terminal: skipped (no util-linux script)"
fi
finish
