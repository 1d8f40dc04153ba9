#!/usr/bin/env bash
# tests/lint/layout.sh: the rules of docs/architecture.md, checked twice: over the #include lines
# of src/ and include/ (what each folder may include), and over the symbols of the compiled
# objects (what each engine links with, and no file circles). Each rule is one test: it prints
# `ok RULE`, or `FAIL RULE` with every offending file:line and include, or file and symbol.
# Known offenders that another change is removing are listed below as named exceptions; an
# exception that no longer matches fails too, so each one is deleted as soon as the code stops
# needing it. The symbol checks read the release build's objects ($BUILD/release, or
# LAYOUT_BUILD) where they are up to date with their sources, and compile the others.
. "$(dirname "$0")/../cli/lib.sh"
cd "$(dirname "$0")/../.." || exit 2
ROOT=${LAYOUT_ROOT:-.} # another tree to check (the test of this script itself)

# Named exceptions, "file:include", each with the reason it is still allowed. Remove a line as
# soon as the include is gone (the check exceptions-still-needed says when).
EXCEPTIONS=(
)
# Named file circles, "a.c b.c" (the files of one circle, sorted), each with the reason it is
# still allowed. Remove a line as soon as the circle is gone (layout-link-exceptions-still-needed).
CIRCLE_EXCEPTIONS=(
)
# Named exceptions to the library's rules (it never exits or prints, keeps no global state),
# "file:symbol", each with the reason it is allowed (layout-library-exceptions-still-needed says
# when one is no longer used).
LIBRARY_EXCEPTIONS=(
    # the forked child ends with _exit when exec fails: that is not the library's process
    "src/solvers/subprocess.c:_exit"
    # flushes standard error before it hides it from a linked solver's chatter; writes nothing
    "src/solvers/quiet.c:stderr"
    # a signal handler can reach nothing else: the temporary files to remove, the child to stop
    "src/solvers/subprocess.c:temp_path"
    "src/solvers/subprocess.c:temp_live"
    "src/solvers/subprocess.c:child_group"
    # BuDDy keeps its node table in global state; the guard that allows one engine at a time and
    # the error its hook records are global too (docs/architecture.md)
    "src/bdd/bdd_engine.c:engine_open"
    "src/bdd/bdd_engine.c:engine_error"
    # ... and the cleanup that closes it when a public call runs out of memory (core/oom.h)
    "src/bdd/bdd_engine.c:engine_unwind"
    # the out-of-memory handler is the program's, installed once (chopsat_set_oom_handler)
    "src/core/oom.c:oom_fn"
    "src/core/oom.c:oom_ctx"
    # the cleanup that stops a running solver's process group when a call runs out of memory
    "src/solvers/subprocess.c:children_unwind"
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
    "^(chopsat\\.h|core/|circuit/|formats/|solvers/|bounded/|$SYM_GAMES)"
check layout-unbounded-never-explicit '^src/unbounded/' \
    "^(chopsat\\.h|core/|circuit/|formats/|solvers/|bounded/|unbounded/|$SYM_GAMES)"
# The BDD engine: circuits and BuDDy, no clause and no SAT solver.
check layout-bdd-no-sat '^src/bdd/' "^(chopsat\\.h|core/|circuit/|bdd/|$SYM_GAMES)"
# The engine's inside (BuDDy's state, the engine's fields) is read by the engine's files only.
check layout-bdd-engine-inside-bdd-only '.' '^' '^src/bdd/' '^bdd/bdd_engine\.h$'
# Exports for model checkers and SMT solvers: the game as a circuit written in a format, and
# the readers of what chopsat exports; no clause encoder, no solver.
check layout-exports-never-explicit '^src/exports/' \
    "^(chopsat\\.h|core/|circuit/|formats/|exports/|$SYM_GAMES)"
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

# ---- linking: the objects' symbols ----

# The object of every source file of src/ as "src-path obj-path": the release build's where it is
# newer than every file its .d lists, else compiled here (-O0 keeps every call in the source).
OBJ=${LAYOUT_BUILD:-$ROOT/${BUILD:-build}/release}
objects() {
    local c rel o d f stale
    for c in "$ROOT"/src/*/*.c; do
        rel=${c#"$ROOT"/}
        case $rel in
        src/cli/*) o=$OBJ/cli/$(basename "$rel" .c).o ;;
        *) o=$OBJ/lib/${rel#src/} o=${o%.c}.o ;;
        esac
        d=${o%.o}.d stale=""
        if [ -f "$o" ] && [ -f "$d" ]; then
            for f in $(sed -e 's/\\$//' -e 's/^[^:]*://' "$d"); do
                [ -e "$ROOT/$f" ] && ! [ "$ROOT/$f" -nt "$o" ] || stale=1
            done
        else
            stale=1
        fi
        if [ -n "$stale" ]; then
            o=$TMP/obj/${rel%.c}.o
            mkdir -p "$(dirname "$o")"
            ${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -O0 -I"$ROOT/include" -I"$ROOT/src" \
                -c "$c" -o "$o" 2>"$TMP/obj.err" || { echo "$rel does not compile: $(head -n 1 "$TMP/obj.err")" >&2; continue; }
        fi
        echo "$rel $o"
    done
}

# The symbol table of the project as lines "D file symbol" (a global the file defines), "U file
# symbol" (one it needs to link), "S file symbol" (a variable it can write: writable data, not
# a read-only table) and "C file symbol" (one its code refers to: a call or an address taken
# in a function, not an entry of a data table), and two file graphs as lines
# "user provider symbol" (one line per pair of files, one symbol as the example): every
# reference ($TMP/edges, for what links with what) and the code's ($TMP/calls, for circles).
SYMBOL_RULES="layout-link-explicit-engine-alone layout-link-bdd-without-sat
    layout-link-formats-without-games layout-link-circuit-alone layout-link-no-file-circles
    layout-link-exceptions-still-needed layout-library-never-exits-or-prints
    layout-library-keeps-no-global-state layout-library-exceptions-still-needed"
need_symbols=""
for r in $SYMBOL_RULES; do selected "$r" && need_symbols=1; done
if [ -n "$need_symbols" ]; then
    objects >"$TMP/objects"
    while read -r rel o; do
        nm -f sysv "$o" | awk -F '|' -v f="$rel" '
            { for (i = 1; i <= NF; i++) gsub(/^[ \t]+|[ \t]+$/, "", $i) }
            $3 == "U" { print "U", f, $1; next }
            $3 ~ /^[TDBRCGSVW]$/ { print "D", f, $1 }
            $4 == "OBJECT" && $7 ~ /^\.(data|bss|tdata|tbss)/ && $7 !~ /^\.data\.rel\.ro/ {
                name = $1; sub(/\.[0-9]+$/, "", name); print "S", f, name }'
        readelf -rW "$o" | awk -v f="$rel" '/^Relocation section/ { code = $3 ~ /^.\.rela\.text/; next }
                                           code && $1 ~ /^[0-9a-f]+$/ && NF >= 5 && $5 !~ /^\./ { print "C", f, $5 }'
    done <"$TMP/objects" >"$TMP/symbols"
    graph() { # graph KIND: the edges of the references of KIND (U or C) to another file's globals
        awk -v k="$1" '$1 == "D" { prov[$3] = $2; next }
             $1 == k && ($3 in prov) && prov[$3] != $2 && !(($2, prov[$3]) in seen) {
                 seen[$2, prov[$3]] = 1; print $2, prov[$3], $3 }' \
            <(grep '^D' "$TMP/symbols"; grep "^$1" "$TMP/symbols")
    }
    graph U >"$TMP/edges"
    graph C >"$TMP/calls"
fi

# link_closed RULE MEMBERS-REGEX [EXCEPT-REGEX]: the files whose path matches MEMBERS-REGEX (and
# not EXCEPT-REGEX) link among themselves: none of them needs a symbol that another file of src/
# defines (the C library and the solver libraries aside). Prints every edge that leaves the set.
link_closed() {
    local rule=$1 members=$2 except=${3:-'^$'}
    selected "$rule" || return 0
    local why
    why=$(awk -v m="$members" -v x="$except" '
        function member(f) { return f ~ m && f !~ x }
        member($1) && !member($2) { printf "; %s uses %s (%s)", $1, $3, $2 }' "$TMP/edges")
    verdict "$rule" "${why#; }"
}

# The explicit engine (core/, the games' explicit halves, explicit/) links without any circuit
# code, solver or other engine.
link_closed layout-link-explicit-engine-alone '^src/(core|games|explicit)/' '^src/games/[a-z0-9]+_sym\.c$'
# The BDD engine links with the games (both halves), the circuits and core/ only: no SAT
# solver and no clause code (bounded/, formats/, solvers/).
link_closed layout-link-bdd-without-sat '^src/(core|games|circuit|bdd)/'
# File formats link without any game (and without solvers or circuits).
link_closed layout-link-formats-without-games '^src/(core|formats)/'
# Gates and words link with core/ only.
link_closed layout-link-circuit-alone '^src/(core|circuit)/'

# No file circles: no file's code uses a symbol of another whose code uses one of it, directly or
# through others (the strongly connected components of the graph of the code's references, each
# listed with its edges). A data table that lists functions (the command table, a game's table)
# registers them and is no use in this sense; the link checks above count its entries.
if selected layout-link-no-file-circles; then
    awk '{ n[$1] = n[$2] = 1; out[$1] = out[$1] " " $2; sym[$1, $2] = $3 }
         END {
             for (a in n) { # every file reachable from a
                 delete seen; q = a; seen[a] = 1
                 while (q != "") {
                     split(q, list, " "); q = ""
                     for (i in list) {
                         m = split(out[list[i]], next_, " ")
                         for (j = 1; j <= m; j++) {
                             reach[a, next_[j]] = 1
                             if (!(next_[j] in seen)) { seen[next_[j]] = 1; q = q " " next_[j] }
                         }
                     }
                 }
             }
             for (a in n) { c = a # the circle of a, named by its first member
                 for (b in n) if ((a, b) in reach && (b, a) in reach && b < c) c = b
                 if (c != a || !((a, a) in reach)) continue
                 members = a
                 for (b in n) if (b != a && (a, b) in reach && (b, a) in reach) members = members " " b
                 print members
             }
         }' "$TMP/calls" |
        while read -r line; do
            echo "$line" | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//'
            echo
        done | sort >"$TMP/circles"
    why=""
    while read -r c; do
        [ -n "$c" ] || continue
        allowed=""
        for e in "${CIRCLE_EXCEPTIONS[@]}"; do [ "$e" = "$c" ] && allowed=1; done
        [ -n "$allowed" ] && continue
        how=$(awk -v c=" $c " 'index(c, " " $1 " ") && index(c, " " $2 " ") { printf ", %s -> %s (%s)", $1, $2, $3 }' "$TMP/calls")
        why="$why; circle {$c}${how}"
    done <"$TMP/circles"
    verdict layout-link-no-file-circles "${why#; }"
    if [ -z "${FILTER:-}" ]; then
        why=""
        for e in "${CIRCLE_EXCEPTIONS[@]}"; do
            grep -qxF "$e" "$TMP/circles" || why="$why; the circle {$e} is gone: delete its exception"
        done
        verdict layout-link-exceptions-still-needed "${why#; }"
    fi
fi

# The library (every folder but src/cli/) never exits and never prints but to a FILE it is
# handed: its objects use no exit, abort, printf, puts or perror and not stdout or stderr.
if selected layout-library-never-exits-or-prints; then
    why=$(awk '$1 == "U" && $2 !~ /^src\/cli\// &&
               $3 ~ /^(exit|_exit|_Exit|quick_exit|abort|__assert_fail|printf|vprintf|puts|putchar|perror|stdout|stderr|__printf_chk|__vprintf_chk)$/ {
                   print $2 ":" $3 }' "$TMP/symbols" | sort -u |
        while read -r e; do
            allowed=""
            for x in "${LIBRARY_EXCEPTIONS[@]}"; do [ "$x" = "$e" ] && allowed=1; done
            [ -n "$allowed" ] || printf '; %s' "$e"
            [ -n "$allowed" ] && echo "$e" >>"$TMP/library-exceptions-used"
        done)
    verdict layout-library-never-exits-or-prints "${why#; }"
fi

# The library keeps no global state: no object of the library has writable data (a variable
# outside a function, or a static one inside), read-only tables aside.
if selected layout-library-keeps-no-global-state; then
    why=$(awk '$1 == "S" && $2 !~ /^src\/cli\// { print $2 ":" $3 }' "$TMP/symbols" | sort -u |
        while read -r e; do
            allowed=""
            for x in "${LIBRARY_EXCEPTIONS[@]}"; do [ "$x" = "$e" ] && allowed=1; done
            [ -n "$allowed" ] || printf '; %s' "$e"
            [ -n "$allowed" ] && echo "$e" >>"$TMP/library-exceptions-used"
        done)
    verdict layout-library-keeps-no-global-state "${why#; }"
fi
if selected layout-library-exceptions-still-needed && [ -z "${FILTER:-}" ]; then
    why=""
    for x in "${LIBRARY_EXCEPTIONS[@]}"; do
        grep -qxF "$x" "$TMP/library-exceptions-used" 2>/dev/null ||
            why="$why; $x is no longer used: delete the exception"
    done
    verdict layout-library-exceptions-still-needed "${why#; }"
fi

# The library archive names its members by file name alone: no two files of src/ share one.
if selected layout-file-names-unique; then
    why=$(cd "$ROOT" && ls src/*/*.c | xargs -n 1 basename | sort | uniq -d | tr '\n' ' ')
    verdict layout-file-names-unique "${why:+shared by two folders: }$why"
fi

# docs/architecture.md's folder table has one row per folder of src/ (and include/), and no
# row for a folder that does not exist.
if selected layout-folder-table-complete; then
    rows=$(grep -oE '^\| `(src/[a-z]+/|include/)`' "$ROOT/docs/architecture.md" | tr -d '|` ' | sort)
    dirs=$(cd "$ROOT" && { ls -d src/*/; echo include/; } | sort)
    why="$(comm -13 <(echo "$rows") <(echo "$dirs") | sed 's/$/ has no row;/' | tr '\n' ' ')"
    why="$why$(comm -23 <(echo "$rows") <(echo "$dirs") | sed 's/$/ is a row for no folder;/' | tr '\n' ' ')"
    why=${why%; }
    verdict layout-folder-table-complete "${why%;}"
fi

# Every named exception still matches an include line (else it must be deleted).
if selected layout-exceptions-still-needed && [ -z "${FILTER:-}" ]; then
    why=""
    for e in "${EXCEPTIONS[@]}"; do
        [[ "$USED_EXCEPTIONS" == *"|$e|"* ]] || why="$why; $e is no longer included: delete the exception"
    done
    verdict layout-exceptions-still-needed "${why#; }"
fi

# The library says what happened and names no command-line flag: a string of src/ outside the
# command holds no `--word` (the command adds its hints, docs/library.md). Named exceptions,
# "file:flag", each with its reason (layout-library-names-no-flag lists one that is gone).
FLAG_EXCEPTIONS=(
    # DepQBF's own options and an example command line of an external solver, not chopsat's
    "src/solvers/qbf_depqbf.c:--dep-man"
    "src/solvers/qbf_depqbf.c:--max-secs"
    "src/solvers/qbf_depqbf.c:--qdo"
    # a comment line of every QDIMACS file force writes: changing it changes the files
    "src/bounded/qbf.c:--prefix"
)
if selected layout-library-names-no-flag; then
    found=$(cd "$ROOT" && grep -HnoE '"([^"\\]|\\.)*"' src/*/*.c | grep -v '^src/cli/' |
        grep -oE '^[^:]*:[0-9]+:|--[a-z][a-z-]*' | awk '/:$/ { f = $0; sub(/:[0-9]+:$/, "", f); next }
                                                      { print f ":" $0 }' | sort -u)
    why=""
    for e in $found; do
        allowed=""
        for x in "${FLAG_EXCEPTIONS[@]}"; do [ "$x" = "$e" ] && allowed=1; done
        [ -n "$allowed" ] || why="$why; $e"
    done
    for x in "${FLAG_EXCEPTIONS[@]}"; do
        [[ $'\n'"$found"$'\n' == *$'\n'"$x"$'\n'* ]] || why="$why; $x is no longer named: delete the exception"
    done
    verdict layout-library-names-no-flag "${why#; }"
fi

# The repository is self-contained: README, docs and comments never send a reader to a file
# outside it (the rules are docs/rules.md).
if selected layout-no-reference-outside-repo; then
    why=$(cd "$ROOT" && grep -rnE 'RULES\.md|\.\./shared|/work/shared' README.md docs include src tests \
        benchmarks --include='*.md' --include='*.in' --include='*.c' --include='*.h' --include='*.sh' \
        --include='*.py' 2>/dev/null | grep -v '^tests/lint/layout.sh:' | head -3 | tr '\n' ';')
    verdict layout-no-reference-outside-repo "$why"
fi

finish
[ "$FAIL" -eq 0 ]
