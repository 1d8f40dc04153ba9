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
    # the forked child ends with _exit (exec failed, or the caller's child function returned):
    # that is not the library's process
    "src/solvers/runner.c:_exit"
    # flushes standard error before it hides it from a linked solver's chatter; writes nothing
    "src/solvers/quiet.c:stderr"
    # the one clean-up registry: a signal handler can reach nothing else (the temporary files and
    # folders to remove, the child groups to stop), and the order folders are removed in
    "src/core/cleanup.c:registry"
    "src/core/cleanup.c:registry_seq"
    # BuDDy keeps its node table in global state; the guard that allows one engine at a time and
    # the error its hook records are global too (docs/architecture.md)
    "src/bdd/bdd_engine.c:engine_open"
    "src/bdd/bdd_engine.c:engine_error"
    # ... and the cleanup that closes it when a public call runs out of memory (core/oom.h)
    "src/bdd/bdd_engine.c:engine_unwind"
    # the out-of-memory handler is the program's, installed once (chopsat_set_oom_handler)
    "src/core/oom.c:oom_fn"
    "src/core/oom.c:oom_ctx"
    # the cleanup that stops the library's running child groups and removes its temporaries
    # when a call runs out of memory (core/oom.h)
    "src/core/cleanup.c:owned_unwind"
)
# Named exceptions to "the command checks nothing itself", "file:symbol", each with the reason
# (layout-cli-exceptions-still-needed says when one is no longer used).
CLI_CHECK_EXCEPTIONS=(
)
# The parts of a check that only src/checked/ puts together: the command calls the checked call
# that uses them (chopsat_ask, chopsat_force, chopsat_certify, chopsat_decode_check,
# chopsat_core_file), never one of them itself.
CLI_CHECK_PARTS='chopsat_replay|chopsat_explicit_answer|chopsat_invariant_check'
CLI_CHECK_PARTS+='|chopsat_core_find|chopsat_core_probe_new|chopsat_core_probe_solve'

# Named exceptions to the "one of each" rules (layout-one-*), "rule:file", each with the reason
# it is still allowed (layout-one-exceptions-still-needed says when one is no longer used).
ONE_EXCEPTIONS=(
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
        if [[ ! "$h" =~ ^(core|games|explicit|circuit|formats|solvers|bounded|unbounded|bdd|exports|checked|report|pack|grade|serve|cli)/[a-z0-9_]+\.h$ ]]; then
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
# Reports: library results rendered as text, JSON, CSV and HTML pages to a FILE handed over;
# through the public headers (the results' handles) and core/ only, never an engine's inside.
check layout-report-renders-through-public-api '^src/report/' '^(chopsat\.h|core/|report/)'
# The benchmark family tool is built on the public calls (chopsat.h, chopsat_tool.h: the
# settled answers, the writers) and the core helpers only: no engine's or format's inside.
check layout-pack-on-the-public-calls '^src/pack/' '^(chopsat\.h|core/|pack/)'
# The class server is built on the public calls and core/ only (libmicrohttpd and SQLite are
# outside): it grades and answers through this program run in a child, never an engine's inside.
check layout-serve-on-the-public-calls '^src/serve/' '^(chopsat\.h|core/|serve/)'
# The grading room (chopsat grade) is built on the public calls too: the checks it runs are the
# library's own (chopsat_ask, chopsat_cnf_diff_files, chopsat_tree_file_check, ...).
check layout-grade-on-the-public-calls '^src/grade/' '^(chopsat\.h|core/|grade/)'
# The command uses the public headers (chopsat.h, chopsat_tool.h) and its own files only.
check layout-cli-public-header-only '^src/cli/' '^(chopsat\.h|cli/)'

# The command prints library results through src/report/: no file of src/cli/ writes JSON
# itself (docs/architecture.md, "Reports").
if selected layout-cli-reports-through-report; then
    why=$(cd "$ROOT" && grep -nE 'chopsat_json_[a-z]+[[:space:]]*\(' src/cli/*.c 2>/dev/null |
        cut -d: -f1,2 | paste -sd ' ')
    verdict layout-cli-reports-through-report "${why:+writes JSON itself (use a chopsat_report_* call): }$why"
fi

# The command stays thin: src/cli/ holds at most CLI_MAX_LINES lines in all and no file of it
# more than CLI_FILE_MAX_LINES; what grows is a library room's (docs/architecture.md).
CLI_MAX_LINES=4500
CLI_FILE_MAX_LINES=400
if selected layout-cli-thin; then
    why=$(cd "$ROOT" && wc -l src/cli/*.c src/cli/*.h | awk -v all="$CLI_MAX_LINES" -v one="$CLI_FILE_MAX_LINES" '
        $2 == "total" { if ($1 > all) printf "; src/cli has %d lines, more than %d", $1, all; next }
        $1 > one { printf "; %s has %d lines, more than %d", $2, $1, one }')
    verdict layout-cli-thin "${why#; }"
fi

# A game's own headers (games/<game>_*.h: its rules fields, its options) are read by that
# game's files only: nothing else learns a game's fields.
if selected layout-game-fields-private; then
    why=""
    while IFS=: read -r f n h; do
        [ -n "$f" ] || continue
        [[ "$h" =~ ^games/([a-z0-9]+)_[a-z0-9_]+\.h$ ]] || continue
        g=${BASH_REMATCH[1]}
        [ "$g" = game ] && continue
        # many_* (the chopsticks family at other hand counts) is of the chop family
        [ "$g" = chop ] && [[ "$f" =~ ^src/games/many_ ]] && continue
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
    layout-link-formats-without-games layout-link-circuit-alone layout-link-pack-on-the-public-calls
    layout-link-serve-on-the-public-calls
    layout-link-grade-on-the-public-calls
    layout-link-no-file-circles
    layout-link-exceptions-still-needed layout-library-never-exits-or-prints
    layout-library-keeps-no-global-state layout-library-exceptions-still-needed
    layout-cli-checks-nothing-itself layout-cli-exceptions-still-needed
    layout-one-process-runner layout-one-line-reader layout-one-signal-registry
    layout-one-exceptions-still-needed"
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
# The pack room links as a program using the library would: with the public calls (chopsat_*)
# and core/'s helpers only, never an engine's or a format's internal function.
if selected layout-link-pack-on-the-public-calls; then
    why=$(awk '$1 == "D" { prov[$3] = $2; next }
               $1 == "U" && $2 ~ /^src\/pack\// && ($3 in prov) && prov[$3] !~ /^src\/(pack|core)\// &&
                   $3 !~ /^chopsat_/ { printf "; %s uses %s (%s)", $2, $3, prov[$3] }' \
        <(grep '^D' "$TMP/symbols"; grep '^U' "$TMP/symbols"))
    verdict layout-link-pack-on-the-public-calls "${why#; }"
fi
# The class server links as the pack room does: the public calls and core/'s helpers only.
if selected layout-link-serve-on-the-public-calls; then
    why=$(awk '$1 == "D" { prov[$3] = $2; next }
               $1 == "U" && $2 ~ /^src\/serve\// && ($3 in prov) && prov[$3] !~ /^src\/(serve|core)\// &&
                   $3 !~ /^chopsat_/ { printf "; %s uses %s (%s)", $2, $3, prov[$3] }' \
        <(grep '^D' "$TMP/symbols"; grep '^U' "$TMP/symbols"))
    verdict layout-link-serve-on-the-public-calls "${why#; }"
fi
# The grading room links as a library user would as well: public calls and core/'s helpers.
if selected layout-link-grade-on-the-public-calls; then
    why=$(awk '$1 == "D" { prov[$3] = $2; next }
               $1 == "U" && $2 ~ /^src\/grade\// && ($3 in prov) && prov[$3] !~ /^src\/(grade|core)\// &&
                   $3 !~ /^chopsat_/ { printf "; %s uses %s (%s)", $2, $3, prov[$3] }' \
        <(grep '^D' "$TMP/symbols"; grep '^U' "$TMP/symbols"))
    verdict layout-link-grade-on-the-public-calls "${why#; }"
fi

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

# The command checks nothing itself: no object of src/cli/ uses a part of a check (a replay, an
# explicit answer, an invariant's check; CLI_CHECK_PARTS). Each check is one call of the
# library's src/checked/ (chopsat_ask, chopsat_force, chopsat_certify, chopsat_decode_check),
# which a library user can make too; the checking commands `check` and `check --strategy` call
# one library call that is the whole check (chopsat_move_parse, chopsat_tree_check).
if selected layout-cli-checks-nothing-itself; then
    why=$(awk -v parts="^($CLI_CHECK_PARTS)\$" '$1 == "U" && $2 ~ /^src\/cli\// && $3 ~ parts {
                   print $2 ":" $3 }' "$TMP/symbols" | sort -u |
        while read -r e; do
            allowed=""
            for x in "${CLI_CHECK_EXCEPTIONS[@]}"; do [ "$x" = "$e" ] && allowed=1; done
            [ -n "$allowed" ] || printf '; %s' "$e"
            [ -n "$allowed" ] && echo "$e" >>"$TMP/cli-exceptions-used"
        done)
    verdict layout-cli-checks-nothing-itself "${why#; }"
fi
if selected layout-cli-exceptions-still-needed && [ -z "${FILTER:-}" ]; then
    why=""
    for x in "${CLI_CHECK_EXCEPTIONS[@]}"; do
        grep -qxF "$x" "$TMP/cli-exceptions-used" 2>/dev/null ||
            why="$why; $x is no longer used: delete the exception"
    done
    verdict layout-cli-exceptions-still-needed "${why#; }"
fi
# ---- one of each: one runner, one registry, one clock, one reader of each kind ----

# one_of RULE ALLOWED-FILES-REGEX WHAT FILES...: prints "; FILE WHAT" for every file of FILES
# not matching ALLOWED-FILES-REGEX, unless it is a named exception of RULE (ONE_EXCEPTIONS).
one_of() {
    local rule=$1 allowed=$2 what=$3 f x ok
    shift 3
    for f in "$@"; do
        [ -n "$f" ] || continue
        [[ "$f" =~ $allowed ]] && continue
        ok=""
        for x in "${ONE_EXCEPTIONS[@]}"; do [ "$x" = "$rule:$f" ] && ok=1; done
        if [ -n "$ok" ]; then
            echo "$rule:$f" >>"$TMP/one-exceptions-used"
            continue
        fi
        printf '; %s %s' "$f" "$what"
    done
}
# one_rule RULE ALLOWED-FILES-REGEX WHAT FILES...: one_of's findings as the rule's verdict.
one_rule() {
    local why
    why=$(one_of "$@")
    verdict "$1" "${why#; }"
}
# The files of src/ whose objects use one of the symbols (a regex over whole names).
users_of() { awk -v re="^($1)\$" '$1 == "U" && $3 ~ re { print $2 }' "$TMP/symbols" | sort -u; }
# The files of src/ whose text matches an extended regex.
text_of() { (cd "$ROOT" && grep -lE -- "$1" src/*/*.c src/*/*.h 2>/dev/null); }

# One process runner: only src/solvers/runner.c starts a process (fork, exec, posix_spawn,
# system, popen) or reaps one; the clean-up registry (src/core/cleanup.c) waits for the groups
# it stops.
if selected layout-one-process-runner; then
    why=$(one_of layout-one-process-runner '^src/solvers/runner\.c$' \
        "starts a process itself (use chopsat_run, the one runner)" \
        $(users_of 'fork|vfork|_Fork|execl|execle|execlp|execv|execve|execvp|execvpe|fexecve|posix_spawn|posix_spawnp|system|popen')
        one_of layout-one-process-runner '^src/(solvers/runner|core/cleanup)\.c$' \
        "waits for a process itself (use chopsat_run, the one runner)" \
        $(users_of 'wait|waitpid|waitid|wait3|wait4'))
    verdict layout-one-process-runner "${why#; }"
fi
# One signal clean-up registry: handlers are installed only by src/cli/cli_signal.c, and the
# state a handler reads (volatile sig_atomic_t) lives only in the registry (src/core/cleanup.c),
# the handler's file and the progress line it clears (src/cli/cli_progress.c, cli.h).
if selected layout-one-signal-registry; then
    why=$(one_of layout-one-signal-registry '^src/cli/cli_signal\.c$' \
        "installs a signal handler (only cli_signal.c does)" $(users_of 'sigaction')
        one_of layout-one-signal-registry \
        '^src/(core/cleanup\.c|cli/cli_signal\.c|cli/cli_progress\.c|cli/cli\.h)$' \
        "keeps state for a signal handler (register it in the one clean-up registry)" \
        $(text_of 'sig_atomic_t'))
    verdict layout-one-signal-registry "${why#; }"
fi
# One monotonic clock: CLOCK_MONOTONIC is read only by chopsat_now (src/core/util.c).
if selected layout-one-clock; then
    one_rule layout-one-clock '^src/core/util\.c$' "reads CLOCK_MONOTONIC (use chopsat_now)" \
        $(text_of 'CLOCK_MONOTONIC')
fi
# One reader of text lines: no fgets, getline or getdelim outside src/core/lines.c.
if selected layout-one-line-reader; then
    one_rule layout-one-line-reader '^src/core/lines\.c$' \
        "reads lines itself (use chopsat_line_read)" \
        $(users_of 'fgets|fgets_unlocked|__fgets_chk|getline|getdelim|__getdelim|gets')
fi
# One reader of DIMACS variable maps (`c var <n> <name>`): src/formats/var_map.c.
if selected layout-one-var-map-reader; then
    one_rule layout-one-var-map-reader '^src/formats/var_map\.c$' \
        "parses 'var <n> <name>' itself (use formats/var_map.h or chopsat_var_map_line)" \
        $(text_of 'scanf\(.*"(c )?var %')
fi
# One reader of DIMACS and QDIMACS header lines (`p cnf V C`): dimacs_p_line in
# src/formats/dimacs.c (chopsat_dimacs_p_line for the command).
if selected layout-one-dimacs-header-reader; then
    one_rule layout-one-dimacs-header-reader '^src/formats/dimacs\.c$' \
        "parses a 'p cnf' line itself (use dimacs_p_line or chopsat_dimacs_p_line)" \
        $(text_of 'scanf\(.*"p ')
fi
# One position hash: src/core/posmap.c (posmap_hash, posindex, posmap, chopsat_pos_counter).
if selected layout-one-position-hash; then
    one_rule layout-one-position-hash '^src/core/posmap\.[ch]$' \
        "hashes positions itself (use core/posmap.h or chopsat_pos_counter)" \
        $(text_of '[a-z_]*hash[a-z_]*\(const chopsat_pos')
fi
# One open-the-argument prologue: the command opens files to read only in cli_common.c
# (cli_open_in); writing goes through cli_out_open (cli_output.c).
if selected layout-one-open-the-argument; then
    one_rule layout-one-open-the-argument '^src/cli/cli_(common|output)\.c$' \
        "opens a file itself (use cli_open_in)" \
        $(cd "$ROOT" && grep -lE '\bfopen\(' src/cli/*.c)
fi
if selected layout-one-exceptions-still-needed && [ -z "${FILTER:-}" ]; then
    why=""
    for x in "${ONE_EXCEPTIONS[@]}"; do
        grep -qxF "$x" "$TMP/one-exceptions-used" 2>/dev/null ||
            why="$why; $x is no longer used: delete the exception"
    done
    verdict layout-one-exceptions-still-needed "${why#; }"
fi

# The library archive names its members by file name alone: no two files of src/ share one.
if selected layout-file-names-unique; then
    why=$(cd "$ROOT" && ls src/*/*.c | xargs -n 1 basename | sort | uniq -d | tr '\n' ' ')
    verdict layout-file-names-unique "${why:+shared by two folders: }$why"
fi

# A file is not named after another folder of src/: explicit/bounded.c, the explicit search,
# once sat beside the bounded/ folder, the SAT encoding of the same questions.
if selected layout-file-names-not-other-folders; then
    why=""
    for f in "$ROOT"/src/*/*.[ch]; do
        [ -e "$f" ] || continue
        rel=${f#"$ROOT"/} name=$(basename "$f") name=${name%.?}
        folder=${rel#src/} folder=${folder%%/*}
        [ "$name" != "$folder" ] && [ -d "$ROOT/src/$name" ] && why="$why; $rel (src/$name/ is a folder)"
    done
    verdict layout-file-names-not-other-folders "${why#; }"
fi

# Each command of CLI_COMMANDS (src/cli/cli_options.h) is run by cli_<name>, defined in its own
# src/cli/cli_<name>.c, or in the file a named exception gives with its reason.
CLI_COMMAND_EXCEPTIONS=(
    # reach and win are one question with two goals, answered by one file
    "win:src/cli/cli_reach.c"
    # the two exports for model checkers and SMT solvers share their file handling there
    "aiger:src/cli/cli_export.c"
    "smt2:src/cli/cli_export.c"
    # the forced question's QDIMACS is written beside the forced question
    "qdimacs:src/cli/cli_force.c"
)
if selected layout-cli-command-in-its-file; then
    why=""
    commands=$(sed -nE 's/^COMMAND(_WORD)?\(([a-z0-9_]+),.*/\2/p' "$ROOT/src/cli/cli_options.h")
    [ -n "$commands" ] || why="no COMMAND lines in src/cli/cli_options.h"
    for c in $commands; do
        at=$(cd "$ROOT" && grep -lE "^int cli_$c\(int argc" src/cli/*.c | tr '\n' ' ')
        at=${at% }
        want=src/cli/cli_$c.c
        for e in "${CLI_COMMAND_EXCEPTIONS[@]}"; do [ "${e%%:*}" = "$c" ] && want=${e#*:}; done
        [ "$at" = "$want" ] || why="$why; cli_$c is defined in ${at:-no file}, not $want"
    done
    for e in "${CLI_COMMAND_EXCEPTIONS[@]}"; do
        [[ " $commands " == *[[:space:]]"${e%%:*}"[[:space:]]* ]] ||
            why="$why; the exception $e names no command: delete it"
    done
    verdict layout-cli-command-in-its-file "${why#; }"
fi

# The pages' style sheet and script are files (src/report/assets/page.css, page.js) that the
# build embeds, never C strings in a source file.
if selected layout-report-assets-are-files; then
    why=""
    for a in page.css page.js; do
        [ -s "$ROOT/src/report/assets/$a" ] || why="$why; src/report/assets/$a is missing"
    done
    hits=$(cd "$ROOT" && grep -lE '(html_css|html_js)\[\][[:space:]]*=' src/*/*.c 2>/dev/null | tr '\n' ' ')
    [ -z "$hits" ] || why="$why; $hits define the pages' CSS or JavaScript as C strings"
    verdict layout-report-assets-are-files "${why#; }"
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
    # command lines as content, not messages: a pack's README and meta.csv give the chopsat
    # command that makes each file again, and the formula page shows how it was made
    "src/pack/pack_meta.c:--no-constraints"
    "src/pack/pack_meta.c:--target-seconds"
    "src/pack/pack_question.c:--no-constraints"
    "src/pack/pack_question.c:--player"
    "src/pack/pack_question.c:--rules"
    "src/report/html_formula.c:--annotate"
    "src/report/html_formula.c:--format"
    # the class server's children: this program's own command lines, run, never shown
    "src/serve/child.c:--exercise"
    "src/serve/child.c:--format"
    "src/serve/routes.c:--format"
    "src/serve/routes.c:--player"
    "src/serve/routes.c:--rules"
    "src/serve/serve.c:--format"
    "src/serve/serve.c:--list"
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

# The Python package (src/python/) is a library user: every chopsat_ function it calls (lib.NAME)
# or declares ("NAME") is one of the public header include/chopsat.h (not chopsat_tool.h, which
# follows the command's output).
if selected layout-python-on-the-public-header; then
    why=""
    for name in $(cd "$ROOT" && grep -ohE '(lib\.|")chopsat_[a-z0-9_]+' src/python/chopsat/*.py |
        sed 's/^lib\.//; s/^"//' | sort -u); do
        grep -qE "\b$name\(" "$ROOT/include/chopsat.h" || why="$why; $name"
    done
    verdict layout-python-on-the-public-header "${why:+not in include/chopsat.h:}${why#;}"
fi

finish
[ "$FAIL" -eq 0 ]
