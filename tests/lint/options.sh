#!/usr/bin/env bash
# tests/lint/options.sh: the option list of src/cli/cli_options.h as the user sees it: `help
# CMD`, `CMD --help` and `CMD -h` print the same list (exit 0, stdout) with one line per
# option; docs/cli.md names every option of every command in that command's section; values
# are checked strictly (no sign, space or garbage around a number, exact choices), each bad
# one a single usage line with exit 2.
. "$(dirname "$0")/../cli/lib.sh"
cd "$(dirname "$0")/../.." || exit 2
C=$CHOPSAT

# The commands, from `chopsat help` (the first word of each line under "commands:").
COMMANDS=$($C help | sed -n '/^commands:/,/^$/p' | sed -n 's/^  \([a-z-]*\) .*/\1/p')
selected commands-listed && verdict commands-listed \
    "$([ "$(echo "$COMMANDS" | wc -w)" -ge 13 ] || echo "only: $COMMANDS")"

# The section(s) of docs/cli.md about command $1: from a heading naming `chopsat $1` to the next.
doc_section() {
    awk -v cmd="$1" '
        /^## / { on = ($0 ~ ("chopsat " cmd "( |$)")) }
        on' docs/cli.md
}

for cmd in $COMMANDS; do
    $C help "$cmd" >"$TMP/help" 2>"$TMP/help.err"
    st=$?
    # the options: each line after "options:" up to the closing line, one per option
    sed -n '/^options:$/,/^(docs/p' "$TMP/help" | sed '1d;$d' >"$TMP/opts"
    flags=$(sed -n 's/^  \(-[-a-z]*\).*/\1/p' "$TMP/opts")
    if selected "help-$cmd"; then
        why=""
        [ $st -eq 0 ] || why="exit $st"
        [ -s "$TMP/help.err" ] && why="$why; stderr not empty"
        head -n 1 "$TMP/help" | grep -q "^usage: chopsat $cmd" || why="$why; no usage line"
        grep -vq '^  -' "$TMP/opts" && why="$why; a line that is not an option: $(grep -v '^  -' "$TMP/opts" | head -n 1)"
        grep -q '^  -h, --help ' "$TMP/opts" || why="$why; no -h, --help line"
        [ -n "$flags" ] || why="$why; no options"
        verdict "help-$cmd" "${why#; }"
    fi
    for form in --help -h; do
        selected "$form-$cmd" || continue
        # dimacs and qdimacs take their question word first; help comes before it too
        $C "$cmd" "$form" >"$TMP/h2" 2>&1
        st=$?
        verdict "$form-$cmd" "$([ $st -eq 0 ] || echo "exit $st")$(cmp -s "$TMP/help" "$TMP/h2" || echo " differs from help $cmd")"
    done
    if selected "docs-$cmd"; then
        doc_section "$cmd" >"$TMP/doc"
        why=""
        [ -s "$TMP/doc" ] || why="no section '## chopsat $cmd' in docs/cli.md"
        for f in $flags; do
            [ "$f" = -h ] && continue
            [ "$f" = --help ] && continue
            grep -qE -- "\`$f( [^\`]*)?\`" "$TMP/doc" || why="$why; $f not in its section"
        done
        verdict "docs-$cmd" "${why#; }"
    fi
done
# help and -h are documented once, with the common conventions
selected docs-help && verdict docs-help "$(grep -q -- 'COMMAND --help` and `chopsat COMMAND -h`' docs/cli.md || echo 'no --help')"

# -h after an option that takes a value is that value, not a request for help.
expect "value -h" 1 --err "chopsat: error:" -- $C moves 11/11 --rules -h
expect "help after unknown option" 0 --out "usage: chopsat win" -- $C win --frob --help
expect "help after dimacs word" 0 --out "usage: chopsat dimacs" -- $C dimacs win --help

# one_usage NAME TEXT -- COMMAND: exit 2, one line on stderr containing TEXT, nothing on stdout.
one_usage() {
    local name=$1 text=$2
    shift 3
    selected "$name" || return
    "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    local st=$? why=""
    [ $st -eq 2 ] || why="exit $st"
    [ "$(wc -l <"$TMP/err")" -eq 1 ] || why="$why; $(wc -l <"$TMP/err") lines on stderr"
    grep -qF -- "$text" "$TMP/err" || why="$why; stderr lacks '$text': $(head -c 200 "$TMP/err")"
    [ -s "$TMP/out" ] && why="$why; stdout not empty"
    verdict "$name" "${why#; }"
}

one_usage "k plus" "-k wants a whole number, not '+5'" -- $C win start -k +5
one_usage "k space" "-k wants a whole number, not ' 5'" -- $C win start -k " 5"
one_usage "k trailing" "-k wants a whole number, not '5x'" -- $C win start -k 5x
one_usage "k empty" "-k wants a whole number, not ''" -- $C win start -k ""
one_usage "k above max" "-k 100001 is out of range (0 .. 100000)" -- $C win start -k 100001
one_usage "k overflow" "is out of range (0 .. 100000)" -- $C force start -k 99999999999999999999
one_usage "qdimacs k" "-k wants a whole number" -- $C qdimacs force start -k 0x10
one_usage "player 3" "--player 3 is out of range (1 .. 2)" -- $C win start -k 3 --player 3
one_usage "timeout space" "--timeout wants a number from 0.001 to 1e+07, not ' 1'" -- $C win start -k 3 --timeout " 1"
one_usage "timeout plus" "not '+1'" -- $C win start -k 3 --timeout +1
one_usage "timeout inf" "not 'inf'" -- $C win start -k 3 --timeout inf
one_usage "timeout hex" "not '0x10'" -- $C force start -k 3 --timeout 0x10
one_usage "timeout trailing" "not '1s'" -- $C win start -k 3 --timeout 1s
one_usage "blunder nan" "--blunder wants a number from 0 to 1, not 'nan'" -- $C play --blunder nan
one_usage "seed too big" "--seed 2147483648 is out of range" -- $C play --seed 2147483648
one_usage "format empty" "--format '' is not offered" -- timeout 5 $C moves 11/11 --format ""
one_usage "format two words" "--format json csv is not offered" -- $C stats --format "json csv"
one_usage "format prefix" "--format js is not offered" -- $C moves 11/11 --format js
one_usage "no-repeat prefix" "--no-repeat pat is not offered" -- $C win start -k 3 --no-repeat pat
one_usage "human both words" "--human 1 2 is not offered" -- $C play --human "1 2"

# The accepted spellings still work.
expect "timeout fraction" 10 -- $C win start -k 5 --timeout .5
expect "timeout exponent" 10 -- $C win start -k 5 --timeout 1e3
expect "k zero" 20 -- $C win start -k 0
expect "seed max" 0 --out "seed 2147483647" -- $C play --human none --seed 2147483647
# Help lists exactly what each command takes (issue 19): aiger's formats and its optional -k;
# the words a command refuses are not offered; force's solvers with bdd the default.
expect "help aiger: formats" 0 --out "--format aag|aig " --out "-k K " --out "plies of both players (0 .. 100000); optional" \
    --out "--move-encoding onehot|binary " -- $C help aiger
expect "help win: -k required or inf" 0 --out "; required, or inf: no bound" \
    --out "--move-encoding onehot|binary|textbook " --out "--solver cadical|picosat|external:CMD " \
    --out "cadical: CaDiCaL, linked in (default)" -- $C win --help
expect "help force: bdd the default, depqbf" 0 --out "--solver bdd|depqbf|external:CMD " \
    --out "bdd: the BDD engine (default)" --out "depqbf: DepQBF" --out "-k K " --out "; required" \
    -- $C force --help
expect "help: exit statuses" 0 --out "exit status: 10 yes; 20 no; 3 a failed cross-check; 1 an error; 2 bad usage" \
    -- $C help reach
# what help leaves out, the parser refuses, and the other way round
if selected help-offers-what-is-taken; then
    why=""
    for bad in "aiger:--no-repeat " "aiger:textbook" "smt2:textbook" "force:textbook" \
        "qdimacs:textbook" "aiger:path" "force:cadical" "win:bdd" "win:depqbf" "reach:csv" \
        "aiger:json" "certify:bdd"; do
        cmd=${bad%%:*} word=${bad#*:}
        $C help "$cmd" | sed -n '/^options:$/,/^(docs/p' | sed 's/: .*//' | grep -qF -- "$word" &&
            why="$why; help $cmd offers '$word'"
    done
    verdict help-offers-what-is-taken "${why#; }"
fi
# and the other way round for every command: each word its help offers for an option
# (`--format aag|aig`, `--solver bdd|depqbf|...`) gets past the parser (with the command's first
# question word, for dimacs, aiger, smt2 and qdimacs); external:CMD is left out.
if selected help-words-taken; then
    why=""
    cmds=$($C help | sed -n '/^commands:$/,/^$/p' | awk 'NF && $1 != "commands:" { print $1 }')
    for cmd in $cmds; do
        q=$($C help "$cmd" | head -n 1 |
            sed -nE "s/^usage: chopsat $cmd ([a-z]+)(\\|[a-z]+)* \\.\\.\\..*/\\1/p")
        while read -r opt words; do
            for w in ${words//|/ }; do
                [[ "$w" == *:* ]] && continue
                # shellcheck disable=SC2086 # q is one word or none
                $C "$cmd" $q "$opt" "$w" </dev/null >/dev/null 2>"$TMP/words.err"
                grep -qE "not offered|unknown" "$TMP/words.err" &&
                    why="$why; $cmd $q $opt $w: $(head -c 120 "$TMP/words.err")"
            done
        done < <($C help "$cmd" | sed -n '/^options:$/,/^(docs/p' |
            sed -nE 's/^  (-[-a-z]+) ([a-z0-9]+(\|[a-zA-Z0-9:]+)+) .*/\1 \2/p')
    done
    verdict help-words-taken "${why#; }"
fi
one_usage "aiger --no-repeat path refused" "aiger: --no-repeat is not offered: a repetition rule needs every earlier position" \
    -- $C aiger win start -k 3 --no-repeat path
one_usage "aiger textbook refused" "aiger: --move-encoding textbook is not offered: it is written as plain clauses, for win, reach and dimacs (choose: onehot binary)" \
    -- $C aiger win start --move-encoding textbook
one_usage "force textbook refused" "force: --move-encoding textbook is not offered" -- $C force start -k 3 --move-encoding textbook
one_usage "qdimacs textbook refused" "qdimacs: --move-encoding textbook is not offered" -- $C qdimacs force start -k 3 --move-encoding textbook
one_usage "smt2 textbook refused" "smt2: --move-encoding textbook is not offered" -- $C smt2 win start -k 3 --move-encoding textbook
one_usage "win --solver bdd refused" "win: --solver bdd is not offered: the BDD engine answers forced questions (force) (choose: cadical picosat external:CMD)" \
    -- $C win start -k 3 --solver bdd
one_usage "force --solver picosat refused" "force: --solver picosat is not offered" -- $C force start -k 3 --solver picosat
expect "aiger --format aig" 0 --out "aig " -- $C aiger win start --format aig
expect "force --solver bdd" 20 --out "answer: no" -- $C force start -k 3 --solver bdd

# A command line that helps (issue 19): a slip gets a suggestion, a missing argument is named.
one_usage "did you mean a command" "unknown command 'slove' (did you mean 'solve'? see 'chopsat help')" -- $C slove
one_usage "did you mean: help" "help: unknown command 'sovle' (did you mean 'solve'?" -- $C help sovle
one_usage "no suggestion for a stranger" "unknown command 'frobnicate' (see 'chopsat help')" -- $C frobnicate
one_usage "did you mean an option" "win: unknown option '--polarty' (did you mean '--polarity'? see 'chopsat help win')" \
    -- $C win start -k 3 --polarty
one_usage "an option of another command" "win: unknown option '--tree-depth' (an option of force; see 'chopsat help win')" \
    -- $C win start -k 3 --tree-depth 2
one_usage "did you mean a question" "dimacs: 'wn' is not a question (did you mean 'win'?" -- $C dimacs wn start -k 3
one_usage "missing question" "dimacs needs a question, reach or win, first" -- $C dimacs
one_usage "missing target" "reach needs a target position B (see 'chopsat help reach')" -- $C reach start -k 5
one_usage "missing start" "win needs a starting position A" -- $C win -k 5
one_usage "missing target after dimacs" "dimacs reach needs a target position B" -- $C dimacs reach start -k 5
one_usage "missing position of force" "force needs a starting position A" -- $C force -k 5
one_usage "missing position of qdimacs" "qdimacs force needs a starting position A" -- $C qdimacs force -k 5
one_usage "missing model" "decode needs the solver's model MODEL" -- $C decode x.cnf
one_usage "missing position of moves" "moves needs a position POS" -- $C moves
one_usage "missing bound" "reach: -k K is required (the bound on the number of moves" -- $C reach start 11/12
one_usage "missing value names it" "win: -k needs a value K" -- $C win start -k
expect "did you mean a preset" 1 --err "rules: unknown preset 'standrad' (did you mean 'standard'?" -- $C moves 11/11 --rules standrad
expect "did you mean a rules key" 1 --err "rules: unknown key 'finger' (did you mean 'fingers'?" -- $C moves 11/11 --rules standard,finger=3

# Each error line is one write, so it never interleaves with another program's (strace).
if selected error-line-one-write; then
    why=""
    if ! command -v strace >/dev/null; then
        why="strace is missing (make setup installs it)"
    else
        for args in "reach start -k 5" "moves 99/11" "win start -k 3 --format csv"; do
            strace -f -e trace=write -o "$TMP/strace" $C $args >/dev/null 2>"$TMP/err"
            # strace pads the pid to its own width ("9819  write(2, ..."): any number of blanks
            n=$(grep -cE '^([0-9]+ +)?write\(2,' "$TMP/strace")
            [ "$n" -eq 1 ] || why="$why; '$args': $n writes to standard error"
            [ "$(wc -l <"$TMP/err")" -eq 1 ] || why="$why; '$args': not one line"
        done
    fi
    verdict error-line-one-write "${why#; }"
fi

# Counts agree with their nouns: "1 finger", not "1 fingers".
expect "one finger" 20 --out "a hand holds at most 1 finger" --out "illegal" \
    -- $C check 11/11 "split 2,0" --rules standard,fingers=2
# and everywhere the count can be one: the answers of the smallest questions say "1 node",
# "1 layer", "1 block", "1 move" (a count of one before a plural noun fails; "player 1 moves"
# is a verb).
expect "one node, one layer" 20 --out "refutation tree: 1 node," --out "bdd: 1 layer;" \
    -- $C force start -k 0
expect "one block" 0 --out "(adjacent blocks of one kind merged: 1 block)" \
    -- $C qdimacs force start -k 1
if selected one-is-singular; then
    why=""
    nouns="moves|nodes|layers|blocks|positions|clauses|variables|calls|fingers|frames|questions"
    nouns="$nouns|hands|leaves|steps|plies"
    for args in "win start -k 1" "win start -k 0" "reach start 12/11 -k 1" "force start -k 0" \
        "force start -k 1" "force start -k 1 --solver depqbf" "qdimacs force start -k 1" \
        "dimacs win start -k 1" "smt2 win start -k 1" "aiger win start -k 1" "moves 01/01:2" \
        "reach start 12/11 -k inf" "reach start 12/11 -k inf --engine kind" "stats --from 01/01:1" \
        "solve 01/01:1" "check start split,0,2"; do
        # shellcheck disable=SC2086 # args is a list of words
        bad=$($C $args 2>&1 | sed "s/player 1 moves/player one moves/g" |
            grep -oE "(^|[^0-9.,])1 ($nouns)\\b" | head -n 2 | tr '\n' ' ')
        [ -z "$bad" ] || why="$why; '$args': $bad"
    done
    verdict one-is-singular "${why#; }"
fi
# An empty JSON array is [] (diff of a formula with itself: nothing only in either).
if selected json-empty-array; then
    $C dimacs win start -k 1 -o "$TMP/same.cnf" 2>/dev/null
    $C diff "$TMP/same.cnf" "$TMP/same.cnf" --format json >"$TMP/diff.json"
    st=$?
    verdict json-empty-array "$([ $st -eq 0 ] || echo "exit $st")$(grep -q '\[$' "$TMP/diff.json" && echo "; an array split over lines: $(tr '\n' '~' <"$TMP/diff.json")")$(grep -q ': \[\]' "$TMP/diff.json" || echo '; no []')"
fi

# The manual page chopsat(1), from the same table: groff finds nothing to warn about, and it has
# every command and every option; docs/chopsat.1 (make) is the same page.
if selected man-page; then
    why=""
    $C --man >"$TMP/chopsat.1" || why="--man failed"
    if command -v groff >/dev/null; then
        groff -man -ww -Tutf8 "$TMP/chopsat.1" >"$TMP/man.txt" 2>"$TMP/man.err" || why="$why; groff failed"
        [ -s "$TMP/man.err" ] && why="$why; groff: $(head -n 3 "$TMP/man.err" | tr '\n' ' ')"
    else
        why="$why; groff is missing (make setup installs groff-base)"
    fi
    for cmd in $COMMANDS; do
        # roff writes a command's dash as \- (qbf-eval)
        grep -q "^\.B chopsat ${cmd//-/'\\-'}\b" "$TMP/chopsat.1" || why="$why; no command $cmd"
        for f in $($C help "$cmd" | sed -n '/^options:$/,/^(docs/p' | sed -n 's/^  \(-[-a-z]*\).*/\1/p'); do
            [ "$f" = -h ] && continue
            grep -qF -- "$(echo "$f" | sed 's/-/\\-/g')" "$TMP/chopsat.1" || why="$why; no option $f"
        done
    done
    for section in NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS '"EXIT STATUS"' ENVIRONMENT FILES EXAMPLES; do
        grep -q "^\.SH $section" "$TMP/chopsat.1" || why="$why; no section $section"
    done
    grep -q CHOPSAT_MEMORY "$TMP/chopsat.1" || why="$why; no CHOPSAT_MEMORY"
    [ ! -e docs/chopsat.1 ] || cmp -s docs/chopsat.1 "$TMP/chopsat.1" || why="$why; docs/chopsat.1 is stale (make)"
    verdict man-page "${why#; }"
fi

# docs/cli.md agrees with the table: each command's section writes each of its options with
# words as help does (`--format aag|aig`), and wherever it writes one of them with words, they
# are words the command takes (solve's `--format text|json`, without --all, is a part of
# text|json|csv).
if selected docs-words; then
    : >"$TMP/docwhy"
    for cmd in $COMMANDS; do
        doc_section "$cmd" >"$TMP/doc"
        $C help "$cmd" | sed -n 's/^  \(--[-a-z]* [^ ]*|[^ ]*\) .*/\1/p' >"$TMP/syn"
        while read -r flag words; do
            grep -qF -- "\`$flag $words\`" "$TMP/doc" ||
                echo "; $cmd: \`$flag $words\` not in its section" >>"$TMP/docwhy"
            grep -oE -- "\`$flag [^\` ]*\\|[^\` ]*\`" "$TMP/doc" | tr -d '\`' | sort -u |
                while read -r f w; do
                    for x in $(echo "$w" | tr '|' ' '); do
                        echo "|$words|" | grep -qF "|$x|" ||
                            echo "; $cmd: docs/cli.md offers \`$f $w\`; $cmd takes $words"
                    done
                done >>"$TMP/docwhy"
        done <"$TMP/syn"
    done
    verdict docs-words "$(tr -d '\n' <"$TMP/docwhy" | sed 's/^; //')"
fi

# The build's own output (issue 19): each step one line, `  CC      FILE`, unless V=1 shows the
# command; `make run` says one line a phase (installing, building, answering), then the answer.
# (make runs without the caller's MAKEFLAGS; DEPQBF=0 when the suite tests that build.)
make_here() {
    local depqbf=1
    [[ "${BUILD:-build}" == *no-depqbf* ]] && depqbf=0
    (unset MAKEFLAGS MFLAGS MAKELEVEL; make --no-print-directory DEPQBF=$depqbf "$@")
}
if selected make-quiet-steps; then
    why=""
    out=$(make_here -n -B V=0 build/release/cli/main.o 2>&1)
    grep -qF "printf '  %-7s %s\n' 'CC' 'build/release/cli/main.o';" <<<"$out" ||
        why="no CC line: $(tail -n 1 <<<"$out")"
    out=$(make_here -n -B V=1 build/release/cli/main.o 2>&1)
    grep -q "printf" <<<"$out" && why="$why; V=1 still quiet"
    grep -q -- "-c src/cli/main.c -o build/release/cli/main.o" <<<"$out" || why="$why; V=1 hides the command"
    verdict make-quiet-steps "${why#; }"
fi
if selected make-run-phases && [ "$(cd "$(dirname "$C")" && pwd)" = "$PWD" ]; then
    make_here run >"$TMP/run.out" 2>&1
    st=$?
    why=""
    [ $st -eq 0 ] || why="exit $st"
    phases=$(head -n 3 "$TMP/run.out" | cut -d: -f1 | tr '\n' ' ')
    [ "$phases" = "installing building answering " ] || why="$why; the first lines: $(head -n 3 "$TMP/run.out" | tr '\n' '|')"
    sed -n 4p "$TMP/run.out" | grep -q "^question: can player 1 win" || why="$why; no answer after the phases"
    grep -qE "^  (CC|LD|AR) | -c src/" "$TMP/run.out" && why="$why; build lines shown"
    verdict make-run-phases "${why#; }"
fi

finish
