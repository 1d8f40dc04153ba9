#!/usr/bin/env bash
# tests/cli/json.sh: every --format json output is one valid JSON document (expect checks it with
# python3 -m json.tool), and text from the user that reaches JSON (a file name, a solver command)
# is escaped: quotes, backslashes, control characters, and bytes that are not UTF-8 (\ufffd),
# which the old printf writers copied raw into the output.
. "$(dirname "$0")/lib.sh"
C=$CHOPSAT

# Every command and shape of JSON output, small instances.
expect moves 0 --out '"moves": [' -- $C moves 11/11 --format json
expect moves-wide 0 --out '"position": "1,10/0,4:1"' -- $C moves 1,10/0,4 --rules standard,fingers=12 --format json
expect solve 0 --out '"best_moves": [' -- $C solve 11/14 --format json
expect solve-over 0 --out '"best_moves": []' -- $C solve 00/11 --format json
expect solve-onedie 0 --out '"line": [' -- $C solve --rules onedie,target=8 --format json
expect solve-all 0 --out '"reachable": ' -- $C solve --all --rules standard,fingers=3 --format json
expect stats 0 --out '"depth": ' -- $C stats --from 11/14 --format json --rules rollover
expect chart 0 --out '"cells": [' -- $C chart --format json --rules standard,fingers=3
expect chart-onedie 0 --out '"cells": [' -- $C chart --format json --rules onedie,target=10
expect win-yes 10 --out '"witness": [{"player": 1' -- $C win start -k 5 --format json
expect win-no 20 --out '"witness": null' -- $C win start -k 3 --format json
expect reach 10 --out '"answer": "yes"' -- $C reach start 11/14 -k 6 --format json --exact
expect force-yes 10 --out '"strategy": {"kind": "strategy"' -- $C force 14/01 -k 3 --player 1 --format json
expect force-no 20 --out '"strategy": {"kind": "refutation"' -- $C force start -k 4 --format json
expect force-to 20 --out '"first_moves": [' -- $C force start --to 11/14 -k 3 --format json

# A draw's distance is null in every engine that values a position (docs/cli.md, "JSON"): solve,
# solve --bdd (it printed 0), solve --all and chart; a win or a loss has the same number in each.
DRAWS='import json, sys
for name in sys.argv[1:]:
    d = json.load(open(name))
    rows = d if isinstance(d, list) else d.get("cells", [d])
    for r in rows:
        assert (r["distance"] is None) == (r["value"] == "draw"), (name, r)
        assert r["distance"] is None or isinstance(r["distance"], int), (name, r)'
for r in rollover standard,fingers=7 standard; do
    $C solve --rules $r --format json >"$TMP/draw-solve.json"
    $C solve --bdd --rules $r --format json >"$TMP/draw-bdd.json"
    expect "draw-distance-null-$r" 0 -- python3 -c "$DRAWS
a, b = (json.load(open(n)) for n in sys.argv[1:3])
assert (a['value'], a['distance']) == (b['value'], b['distance']), (a['distance'], b['distance'])" \
        "$TMP/draw-solve.json" "$TMP/draw-bdd.json"
done
$C solve --all --rules rollover --format json >"$TMP/draw-all.json"
$C chart --rules rollover --format json >"$TMP/draw-chart.json"
expect draw-distance-null-all-chart 0 -- python3 -c "$DRAWS" "$TMP/draw-all.json" "$TMP/draw-chart.json"

# A file name with a quote, a backslash, a tab and a byte that is not UTF-8, in --proof's note.
ODD="$TMP/a\"b\\c	d$(printf '\377')e"
expect proof-name 20 --out '"proof": "written to ' --out 'a\"b\\c\u0009d\ufffde' \
    -- $C win start -k 3 --format json --proof "$ODD.drat"

# The same in decode's note on a "no" read from such a file.
$C dimacs win start -k 3 -o "$TMP/n.cnf"
printf 's UNSATISFIABLE\n' >"$ODD.model"
expect decode-name 20 --out 'a\"b\\c\u0009d\ufffde.model' -- $C decode "$TMP/n.cnf" "$ODD.model" --format json

# A solver command with a byte that is not UTF-8 in its path (a link to CaDiCaL; no blank or
# quote: the command is split at blanks and quotes).
if command -v cadical >/dev/null; then
    DIR="$TMP/s$(printf '\377')e"
    mkdir -p "$DIR"
    ln -s "$(command -v cadical)" "$DIR/cadical"
    expect solver-name 10 --out '"solver": "external:' --out 's\ufffde/cadical"' \
        -- $C win start -k 5 --format json --solver "external:$DIR/cadical"
fi
finish
