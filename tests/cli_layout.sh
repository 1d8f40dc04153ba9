#!/usr/bin/env bash
# tests/cli_layout.sh: the dependency rules of docs/architecture.md, checked over the #include
# lines of src/ and include/. Each rule is one test: it prints `ok RULE`, or `FAIL RULE` with
# every offending file:line and include. Known offenders that another change is removing are
# listed below as named exceptions; an exception that no longer matches an include line fails
# too, so each one is deleted as soon as the code stops needing it. Needs no build.
. "$(dirname "$0")/cli_lib.sh"
cd "$(dirname "$0")/.." || exit 2
ROOT=${LAYOUT_ROOT:-.} # another tree to check (the test of this script itself)

# Named exceptions, "file:include", each with the reason it is still allowed. Remove a line as
# soon as the include is gone (the check exceptions-still-needed says when).
EXCEPTIONS=(
)

# Every quoted include as "file:line:header", for the project's own files.
includes() {
    (cd "$ROOT" && grep -HnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' \
        src/*/*.c src/*/*.h include/*.h) |
        sed -E 's/^([^:]*):([0-9]+):.*"([^"]*)".*/\1:\2:\3/'
}
ALL=$(includes)
USED_EXCEPTIONS=""

is_exception() {
    local e
    for e in "${EXCEPTIONS[@]}"; do
        if [ "$e" = "$1:$2" ]; then
            USED_EXCEPTIONS="$USED_EXCEPTIONS|$e|"
            return 0
        fi
    done
    return 1
}

# check RULE FILES-REGEX ALLOWED-REGEX [EXCEPT-FILES-REGEX [DENIED-REGEX]]: every include of a
# file whose path matches FILES-REGEX (and not EXCEPT-FILES-REGEX) must match ALLOWED-REGEX and
# not DENIED-REGEX, or be a named exception.
check() {
    local rule=$1 files=$2 allowed=$3 except=${4:-'^$'} denied=${5:-'^$'} why="" f n h
    selected "$rule" || return 0
    while IFS=: read -r f n h; do
        [ -n "$f" ] || continue
        # the second public header counts as the first (it includes it)
        [ "$h" = chopsat_tool.h ] && h=chopsat.h
        [[ "$f" =~ $files ]] || continue
        [[ "$f" =~ $except ]] && continue
        [[ "$h" =~ $allowed ]] && ! [[ "$h" =~ $denied ]] && continue
        is_exception "$f" "$h" && continue
        why="$why; $f:$n includes \"$h\""
    done <<<"$ALL"
    verdict "$rule" "${why#; }"
}

# Includes name their folder, and the header exists.
if selected layout-includes-name-the-folder; then
    why=""
    while IFS=: read -r f n h; do
        [ -n "$f" ] || continue
        if [ "$h" = chopsat.h ] || [ "$h" = chopsat_tool.h ]; then continue; fi
        if [[ ! "$h" =~ ^(core|games|explicit|circuit|formats|solvers|bounded|unbounded|bdd|exports|checked|cli)/[a-z0-9_]+\.h$ ]]; then
            why="$why; $f:$n includes \"$h\" (not <folder>/<name>.h)"
        elif [ ! -f "$ROOT/src/$h" ]; then
            why="$why; $f:$n includes \"$h\", which does not exist"
        fi
    done <<<"$ALL"
    verdict layout-includes-name-the-folder "${why#; }"
fi

# The public headers: chopsat.h includes nothing of the project, chopsat_tool.h only chopsat.h.
check layout-public-header-stands-alone '^include/chopsat\.h$' '^$'
check layout-tool-header-on-the-public-one '^include/' '^chopsat\.h$'
check layout-core-knows-only-itself '^src/core/' '^(chopsat\.h|core/)'
# The explicit engine: no circuit, no CNF, no solver; the explicit half of the game table only.
check layout-explicit-never-symbolic '^src/explicit/' '^(chopsat\.h|core/|explicit/|games/)' '^$' \
    '^games/game_sym\.h$'
# Games' explicit halves (everything in games/ but the symbolic halves) know no circuit.
check layout-games-explicit-half-no-circuit '^src/games/' '^(chopsat\.h|core/|games/)' \
    '^src/games/([a-z0-9]+_sym\.c|game_sym\.h)$' '^games/game_sym\.h$'
# Games' symbolic halves: only the circuit and word builders (plus their own game headers, core).
check layout-games-symbolic-half '^src/games/([a-z0-9]+_sym\.c|game_sym\.h)$' \
    '^(chopsat\.h|core/|games/|circuit/)'
# Gates and words: nothing but themselves (no game, no clause, no solver).
check layout-circuit-knows-only-itself '^src/circuit/' '^(chopsat\.h|core/|circuit/)'
# File formats: DIMACS, QDIMACS, AIG and AIGER, variable-name maps; no game, no solver.
check layout-formats-know-no-game '^src/formats/' '^(chopsat\.h|core/|formats/)'
# Solvers take clauses (or a prefix and a matrix) and know no game, circuit or question.
check layout-solvers-know-no-game '^src/solvers/' '^(chopsat\.h|core/|formats/|solvers/)'
# The symbolic engines see a game only through its symbolic half (game.h, game_sym.h, rules.h,
# query.h), never the explicit engine or the command.
SYM_GAMES='games/(game|game_sym|rules|query)\.h$'
check layout-bounded-never-explicit '^src/bounded/' \
    "^(chopsat\\.h|core/|circuit/|formats/|solvers/|bounded/|exports/decode\\.h\$|$SYM_GAMES)"
check layout-unbounded-never-explicit '^src/unbounded/' \
    "^(chopsat\\.h|core/|circuit/|formats/|solvers/|bounded/|unbounded/|$SYM_GAMES)"
# The BDD engine: circuits and BuDDy, no clause and no SAT solver.
check layout-bdd-no-sat '^src/bdd/' "^(chopsat\\.h|core/|circuit/|bdd/|$SYM_GAMES)"
# Exports for model checkers and SMT solvers: the game as a circuit written in a format.
check layout-exports-never-explicit '^src/exports/' \
    "^(chopsat\\.h|core/|circuit/|formats/|exports/|bounded/|$SYM_GAMES)"
# Where the two sides meet: checked/ runs a symbolic engine and checks it with the explicit one,
# through their own headers; it knows no game's internals, no circuit and no solver.
check layout-checked-joins-engines-only '^src/checked/' \
    '^(chopsat\.h|core/|explicit/|bounded/qbf\.h$|checked/)'
# The command uses the public headers (chopsat.h, chopsat_tool.h) and its own files only.
check layout-cli-public-header-only '^src/cli/' '^(chopsat\.h|cli/)'

# A game's own headers (games/<game>_*.h: its rules fields, its options) are read by that
# game's files only: nothing else learns a game's fields.
if selected layout-game-fields-private; then
    why=""
    while IFS=: read -r f n h; do
        [ -n "$f" ] || continue
        [[ "$h" =~ ^games/([a-z0-9]+)_[a-z0-9_]+\.h$ ]] || continue
        g=${BASH_REMATCH[1]}
        [ "$g" = game ] && continue
        [[ "$f" =~ ^src/games/${g}_ ]] || why="$why; $f:$n includes \"$h\" (game $g's own header)"
    done <<<"$ALL"
    verdict layout-game-fields-private "${why#; }"
fi

# Only src/solvers/ talks to the solver libraries.
if selected layout-solver-libraries-in-solvers; then
    why=$( (cd "$ROOT" && grep -HnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*<(picosat/|ccadical|cadical|qdpll/)' \
        src/*/*.c src/*/*.h include/*.h) | grep -v '^src/solvers/' | tr '\n' ';')
    verdict layout-solver-libraries-in-solvers "$why"
fi

# The explicit engine compiles in a tree that has only core/, games/ and explicit/, without
# games/game_sym.h: it needs no circuit type, not even through another header.
if selected layout-explicit-compiles-without-symbolic; then
    t=$TMP/explicit-only
    mkdir -p "$t/src"
    cp -r "$ROOT/include" "$t/" && cp -r "$ROOT/src/core" "$ROOT/src/games" "$ROOT/src/explicit" "$t/src/"
    rm -f "$t/src/games/game_sym.h" "$t"/src/games/*_sym.c
    why=""
    for c in "$t"/src/explicit/*.c; do
        out=$(${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -fsyntax-only -I"$t/include" -I"$t/src" "$c" 2>&1) ||
            why="$why; src/explicit/$(basename "$c"): $(echo "$out" | grep -m1 error)"
    done
    verdict layout-explicit-compiles-without-symbolic "${why#; }"
fi

# Every named exception still matches an include line (else it must be deleted).
if selected layout-exceptions-still-needed && [ -z "${FILTER:-}" ]; then
    why=""
    for e in "${EXCEPTIONS[@]}"; do
        [[ "$USED_EXCEPTIONS" == *"|$e|"* ]] || why="$why; $e is no longer included: delete the exception"
    done
    verdict layout-exceptions-still-needed "${why#; }"
fi

# The repository is self-contained: README, docs and comments never send a reader to a file
# outside it (the rules are docs/rules.md).
if selected layout-no-reference-outside-repo; then
    why=$(cd "$ROOT" && grep -rnE 'RULES\.md|\.\./shared|/work/shared' README.md docs include src tests \
        benchmarks --include='*.md' --include='*.in' --include='*.c' --include='*.h' --include='*.sh' \
        --include='*.py' 2>/dev/null | grep -v '^tests/cli_layout.sh:' | head -3 | tr '\n' ';')
    verdict layout-no-reference-outside-repo "$why"
fi

finish
[ "$FAIL" -eq 0 ]
