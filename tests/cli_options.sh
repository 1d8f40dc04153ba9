#!/usr/bin/env bash
# tests/cli_options.sh: the option list of src/cli/cli_options.h as the user sees it: `help
# CMD`, `CMD --help` and `CMD -h` print the same list (exit 0, stdout) with one line per
# option; docs/cli.md names every option of every command in that command's section; values
# are checked strictly (no sign, space or garbage around a number, exact choices), each bad
# one a single usage line with exit 2.
. "$(dirname "$0")/cli_lib.sh"
cd "$(dirname "$0")/.." || exit 2
C=$CHOPSAT

# The commands, from `chopsat help` (the first word of each line under "commands:").
COMMANDS=$($C help | sed -n '/^commands:/,/^$/p' | sed -n 's/^  \([a-z]*\) .*/\1/p')
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
finish
