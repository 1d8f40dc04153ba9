#!/usr/bin/env bash
# tests/cli/html.sh: `--format html` (docs/viewer.md). The pages are written, checked for what
# they say and for their structure without a browser (tests/cli/html_pages.py structure: well
# formed, nothing fetched, every string escaped, also for hostile file names), then loaded in
# headless Chromium over WebDriver with the network off (tests/cli/html_pages.py browser: the film of
# `win start -k 30` steps to 01/00:2 by button and by arrow key, the tree opens, closes and
# searches, no request leaves a page, no screenshot is blank). Without Chromium and
# chromedriver the browser checks say so and are skipped (counted apart, never as passed).
# Boards of any hand count (count=3/2, 1, 3 ordered: every hand drawn, the board as wide as
# the most hands). Also graph --highlight, plain DOT with a line of play drawn thick.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
P=$TMP/pages
mkdir -p "$P"
SKIP=0

# page NAME STATUS ARGS...: writes the page NAME with chopsat ARGS --format html -o $P/NAME
# (also when a FILTER leaves the test out: the later checks read the pages).
page() {
    local name=$1 status=$2
    shift 2
    if selected "html-$name"; then
        expect "html-$name" "$status" -- "$CHOPSAT" "$@" --format html -o "$P/$name"
    else
        "$CHOPSAT" "$@" --format html -o "$P/$name" >/dev/null 2>&1
    fi
}

page win.html 10 win start -k 30
page win3.html 10 win start -k 6 --rules standard,fingers=3
page reach-no.html 20 reach start 11/34:1 -k 4
page force.html 20 force start -k 10
page force-yes.html 10 force start -k 3 --rules standard,fingers=2
page force-qbf.html 10 force start -k 3 --rules standard,fingers=2 --solver depqbf
page force-to.html 20 force start -k 6 --to 01/02 --rules standard,fingers=3
page solve.html 0 solve
page onedie.html 10 win start -k 20 --rules onedie,target=10
page dimacs.html 0 dimacs win start -k 3 --exact --rules standard,fingers=3 --move-encoding textbook
page check.html 20 check start 0,2 0,2 '2>9' --rules standard,fingers=3
page check-ok.html 0 check start 0,2 0,2 '2>2' --rules standard,fingers=3
"$CHOPSAT" dimacs win start -k 3 --exact --rules standard,fingers=3 --move-encoding textbook -o "$TMP/w.cnf"
if command -v cadical >/dev/null; then
    cadical -q "$TMP/w.cnf" >"$TMP/w.out"
    page decode.html 10 decode "$TMP/w.cnf" "$TMP/w.out"
fi
page graph.html 10 win start -k 6 --rules standard,fingers=4
# a hand of ten digits: its count fits its palm (a short form, the full number on hover)
page wide.html 0 check 1,2657553262/1,1 'tap 2657553262>1' --rules standard,fingers=4000000000
# any number of hands (rules option count, docs/rules.md): every hand of each player drawn
page hands32.html 10 win start -k 6 --rules standard,count=3/2,fingers=3
page hands1.html 0 solve --rules standard,count=1,fingers=3
page hands3o.html 0 solve --rules standard,count=3,hands=ordered,fingers=3

# the pages say what they answer
expect html-win-says 0 --out 'data-pos="01/00:2"' --out 'class="graph"' --out 'the explicit search agrees' \
    -- cat "$P/win.html"
expect html-stdout-is-the-page 10 --out '<!DOCTYPE html>' --out '</html>' \
    -- "$CHOPSAT" win start -k 5 --rules standard,fingers=3 --format html
expect html-reach-no 0 --out 'No sequence of at most 4 moves' --out 'the position asked for' \
    -- cat "$P/reach-no.html"
expect html-force-tree 0 --out '<span class="star">&#9733; refuting reply</span>' --out 'data-search' --out '<details open>' --out 'data-ref=' \
    -- cat "$P/force.html"
expect html-force-strategy 0 --out 'winning reply' --out 'win in 3' -- cat "$P/force-yes.html"
expect html-force-qbf 0 --out 'the QBF solver&#39;s outermost block' --out 'winning reply' -- cat "$P/force-qbf.html"
expect html-force-to 0 --out 'The goal: the game in <code>01/02:1</code>' -- cat "$P/force-to.html"
expect html-solve-values 0 --out 'loss in 26' --out '<td>&#9733; best</td>' --out 'The line of best play' \
    -- cat "$P/solve.html"
expect html-onedie-die 0 --out 'class="pip"' --out 'total 0 of 10' -- cat "$P/onedie.html"
expect html-dimacs-groups 0 --out 'The start position (frame 0)' --out 'frame axioms' --out 'The goal' \
    --out 'title="f0.move.split_0"' -- cat "$P/dimacs.html"
expect html-check-illegal 0 --out 'The illegal move' --out '2&gt;9' -- cat "$P/check.html"
expect html-graph-dot 0 --out 'class="node' --out 'Graphviz (dot)' -- cat "$P/win3.html"
expect html-graph-spring 0 --out 'dot -Kneato' -- cat "$P/win.html"
[ -f "$P/decode.html" ] &&
    expect html-decode-frames 0 --out 'The model, frame by frame' --out 'class="bit"' -- cat "$P/decode.html"
# board PAGE PALMS WIDTH LABEL...: the page's first board has PALMS hands drawn, the viewBox
# width WIDTH and each LABEL in it
board() {
    local name=$1
    shift
    selected "html-$name-board" || return 0
    verdict "html-$name-board" "$(python3 - "$P/$name" "$@" 2>&1 <<'EOF' || echo "no page $name"
import re, sys
page, palms, width, labels = open(sys.argv[1]).read(), int(sys.argv[2]), sys.argv[3], sys.argv[4:]
m = re.search(r'<svg class="board[^>]*>.*?</svg>', page, re.S)
if not m:
    print('no board drawn')
    sys.exit()
svg, why = m.group(0), []
if svg.count('class="palm') != palms:
    why.append('%d hands drawn, wanted %d' % (svg.count('class="palm'), palms))
if 'viewBox="0 0 %s 180"' % width not in svg:
    why.append('viewBox not %s wide: %s' % (width, svg[:120]))
why += ['no %r in %s' % (l, svg[:300]) for l in labels if l not in svg]
print('; '.join(why))
EOF
)"
}
board hands32.html 5 344 'player 1: hands 1, 1, 1; player 2: one hand 1, the other 1'
board hands1.html 2 260 'player 1: one hand 1; player 2: one hand 1'
board hands3o.html 6 344 'player 1: hands A 1, B 1, C 1' '>A 1<' '>C 1<'
expect html-hands-data-pos 0 --out 'data-pos="111/11:1"' -- cat "$P/hands32.html"

# without Graphviz the page says so and shows the rest
expect html-no-graphviz 10 --out 'Graphviz is not installed' --out 'data-pos="02/00:2"' \
    -- env PATH=/nonexistent "$CHOPSAT" win start -k 6 --rules standard,fingers=3 --format html
# more than 500 reachable positions: no graph, and why
expect html-graph-too-large 10 --out 'the graph is drawn for at most 500' \
    -- "$CHOPSAT" win start -k 8 --rules standard,fingers=6 --format html

# usage: -o only with html for the commands that print; html not where it means nothing
expect html-o-needs-html 2 --err '-o FILE goes with --format html' -- "$CHOPSAT" win start -k 5 -o "$TMP/x"
expect html-not-unbounded 2 --err 'bounded questions' -- "$CHOPSAT" win start -k inf --format html
expect html-not-solve-all 2 --err 'one position' -- "$CHOPSAT" solve --all --format html
expect html-not-stats 2 --err 'not offered' -- "$CHOPSAT" stats --format html
expect html-help-lists-o 0 --out '-o FILE' --out 'text|json|html' -- "$CHOPSAT" help win
# a failed page leaves no file
expect html-no-partial-file 1 --err 'cannot write' -- "$CHOPSAT" win start -k 5 --format html -o /dev/full
expect html-bad-question-no-file 1 -- "$CHOPSAT" win nowhere -k 5 --format html -o "$TMP/bad.html"
if selected html-bad-question-no-file; then
    verdict html-bad-question-no-file-absent "$([ -e "$TMP/bad.html" ] && echo 'a page was left')"
fi

# hostile input: a file name with markup and quotes is shown as text, never as markup
H="$TMP/<script>window.pwned=1;<img src=x onerror=window.pwned=2>\"'&x.cnf"
cp "$TMP/w.cnf" "$H"
if command -v cadical >/dev/null; then
    page hostile.html 10 decode "$H" "$TMP/w.out"
    if selected html-hostile-escaped; then
        why=""
        grep -q '<script>window.pwned' "$P/hostile.html" && why="the file name is in the page as markup"
        grep -qF '&lt;script&gt;window.pwned=1;&lt;img src=x onerror=window.pwned=2&gt;&quot;&#39;&amp;x.cnf' "$P/hostile.html" ||
            why="$why; the escaped file name is missing"
        verdict html-hostile-escaped "${why#; }"
    fi
fi
# a hostile move typed to check: escaped in the page
page check-hostile.html 20 check start '"><img src=x onerror=alert(1)>' --rules standard,fingers=3
expect html-check-hostile-escaped 0 --out '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;' -- cat "$P/check-hostile.html"

# graph --highlight: plain DOT, the line drawn thick and numbered
"$CHOPSAT" win start -k 30 >"$TMP/w.txt"
"$CHOPSAT" win start -k 30 --format json >"$TMP/w.json"
expect graph-highlight-text 0 --out 'xlabel="5"' --out 'penwidth=4' -- "$CHOPSAT" graph --highlight "$TMP/w.txt"
expect graph-highlight-json 0 --out 'xlabel="5"' -- "$CHOPSAT" graph --highlight "$TMP/w.json"
expect graph-highlight-moves 0 --out 'xlabel="2"' -- "$CHOPSAT" graph --highlight 'tap 1>1; 0,3'
expect graph-highlight-bad-move 1 --err "move 2 '9>9'" -- "$CHOPSAT" graph --highlight 'tap 1>1; 9>9'
expect graph-highlight-wrong-position 1 --err 'does not lead to 11/04:1' \
    -- "$CHOPSAT" graph --highlight '1. player 1  tap 1>1 -> 11/04:1'
if selected graph-highlight-only-adds; then
    # the highlighted DOT is graph's own, with attributes added to the path's lines
    "$CHOPSAT" graph >"$TMP/g.dot"
    "$CHOPSAT" graph --highlight "$TMP/w.txt" | sed -E 's/, color="#111166".*\];$/];/' >"$TMP/h.dot"
    verdict graph-highlight-only-adds "$(cmp -s "$TMP/g.dot" "$TMP/h.dot" || echo 'graph --highlight changes more than the path')"
    if command -v dot >/dev/null; then
        verdict graph-highlight-renders "$("$CHOPSAT" graph --highlight 'tap 1>1' --rules standard,fingers=3 | dot -Tsvg >/dev/null 2>&1 || echo 'dot rejects it')"
    fi
fi

# the pages' structure, without a browser
if selected html-structure; then
    while read -r line; do
        case "$line" in
        ok*) PASS=$((PASS + 1)) ;;
        FAIL*) FAIL=$((FAIL + 1)) ;;
        esac
        echo "$line"
    done < <(python3 "$ROOT/tests/cli/html_pages.py" structure "$P"/*.html 2>&1 | sed 's/^ok   /ok   html-/; s/^FAIL /FAIL html-/')
fi

# in a real browser (skipped, and counted as skipped, without Chromium)
if selected html-browser; then
    [ -f "$P/decode.html" ] || cp "$P/win3.html" "$P/decode.html"
    [ -f "$P/hostile.html" ] || cp "$P/win3.html" "$P/hostile.html"
    while read -r line; do
        case "$line" in
        ok*) PASS=$((PASS + 1)) ;;
        FAIL*) FAIL=$((FAIL + 1)) ;;
        skip*) SKIP=$((SKIP + 1)) ;;
        esac
        echo "$line"
    done < <(python3 "$ROOT/tests/cli/html_pages.py" browser "$P" 2>&1 | sed -E 's/^(ok  |FAIL|skip) /\1 html-/')
fi

echo "$PASS passed, $FAIL failed, $SKIP skipped"
