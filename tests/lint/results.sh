#!/usr/bin/env bash
# tests/lint/results.sh: benchmarks/RESULTS.md keeps only what was measured. Every table in it
# (and in docs/nfingers.md) is what benchmarks/results.py makes from the CSVs of benchmarks/ (no
# table edited by hand, none without its markers), and every CSV row names the commit it was
# measured at. Then the check itself, on a copy of benchmarks/: a cell edited by hand (in either
# page), a figure changed in a CSV, a table written without markers and a row without its commit
# each fail it, and running the script puts the table back; and benchmarks/nfingers.sh stops when
# its two engines disagree. Measures nothing; needs python3 only (docs/benchmarks.md, "Measured
# figures").
. "$(dirname "$0")/../cli/lib.sh"
cd "$(dirname "$0")/../.." || exit 2

# The repository's own RESULTS.md.
if selected results-tables-made; then
    why=""
    python3 benchmarks/results.py --check >"$TMP/check" 2>&1 || why=$(head -n 3 "$TMP/check" | tr '\n' ';')
    verdict results-tables-made "$why"
fi

# Every CSV of benchmarks/ ends its header with the commit column, and every row fills it.
if selected results-every-row-has-its-commit; then
    why=""
    for f in benchmarks/*.csv; do
        python3 - "$f" >>"$TMP/commits" 2>&1 <<'PY' || why="$why; $(tail -n 1 "$TMP/commits")"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
if not rows or rows[0][-1] != 'commit':
    sys.exit('%s: the header does not end with commit' % sys.argv[1])
for n, r in enumerate(rows[1:], 2):
    if len(r) != len(rows[0]) or not r[-1]:
        sys.exit('%s line %d: %d cells, no commit' % (sys.argv[1], n, len(r)))
PY
    done
    verdict results-every-row-has-its-commit "${why#; }"
fi

# A copy of benchmarks/ to break: the script reads the CSVs and RESULTS.md beside itself.
copy() {
    rm -rf "$TMP/b" "$TMP/docs"
    mkdir -p "$TMP/b" "$TMP/docs"
    cp benchmarks/results.py benchmarks/RESULTS.md benchmarks/*.csv "$TMP/b/"
    cp docs/nfingers.md "$TMP/docs/" # the docs page whose tables results.py makes too
}
# fails NAME TEXT: results.py --check on the copy must exit 1 and say TEXT.
fails() {
    local why=""
    python3 "$TMP/b/results.py" --check >"$TMP/out" 2>"$TMP/err"
    local st=$?
    [ "$st" = 1 ] || why="exit status $st, wanted 1"
    grep -qF -- "$2" "$TMP/err" || why="$why; stderr lacks '$2': $(head -c 300 "$TMP/err")"
    verdict "$1" "${why#; }"
}

# A cell of the explicit solver's table edited by hand (its CPU seconds at fingers=64).
if selected results-hand-edit-fails; then
    copy
    python3 - "$TMP/b/RESULTS.md" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
row = re.search(r'^\| 64 \| 8 652 800 \|.*$', text, re.M)
cells = row.group(0).split(' | ')
cells[5] = '9.99'  # CPU seconds
open(sys.argv[1], 'w').write(text.replace(row.group(0), ' | '.join(cells)))
PY
    fails results-hand-edit-fails 'table explicit is not what the CSVs make'
    # running the script makes the table again from the CSV
    if selected results-hand-edit-undone; then
        why=""
        python3 "$TMP/b/results.py" 2>"$TMP/err" || why="results.py: exit $?: $(head -c 200 "$TMP/err")"
        cmp -s "$TMP/b/RESULTS.md" benchmarks/RESULTS.md || why="$why; RESULTS.md not restored"
        verdict results-hand-edit-undone "${why#; }"
    fi
fi

# A figure changed in a CSV (the force table's DepQBF seconds at K = 20) and the table left.
if selected results-csv-change-fails; then
    copy
    sed -i 's/^standard,2,20,\(.*\),no,[0-9.]*,/standard,2,20,\1,no,55.5,/' "$TMP/b/force.csv"
    if cmp -s "$TMP/b/force.csv" benchmarks/force.csv; then
        verdict results-csv-change-fails "the sed changed nothing in force.csv"
    else
        fails results-csv-change-fails 'table force is not what the CSVs make'
    fi
fi

# A table written by hand, without markers.
if selected results-unmarked-table-fails; then
    copy
    printf '\n| fingers | seconds |\n|---|---|\n| 64 | 1.0 |\n' >>"$TMP/b/RESULTS.md"
    fails results-unmarked-table-fails 'a table without markers'
fi

# A table without its end marker, and one whose name no table has.
if selected results-bad-marker-fails; then
    copy
    sed -i '0,/^<!-- end -->$/{/^<!-- end -->$/d}' "$TMP/b/RESULTS.md"
    fails results-bad-marker-fails 'has no <!-- end --> line'
    copy
    sed -i 's/^<!-- table: memory /<!-- table: memories /' "$TMP/b/RESULTS.md"
    fails results-unknown-table-fails 'no table is named memories'
fi

# A new row without its commit.
if selected results-row-without-commit-fails; then
    copy
    echo "200,0,0,0,1.00,1.00,1.0,1.00," >>"$TMP/b/explicit.csv"
    fails results-row-without-commit-fails "explicit.csv line $(wc -l <"$TMP/b/explicit.csv"): no commit"
fi

# The docs page's tables are made too: a cell of its table edited by hand fails the check.
if selected results-docs-page-edit-fails; then
    copy
    sed -i '0,/^| 2 | win 3 |/s/^| 2 | win 3 |/| 2 | win 5 |/' "$TMP/docs/nfingers.md"
    if cmp -s "$TMP/docs/nfingers.md" docs/nfingers.md; then
        verdict results-docs-page-edit-fails "the sed changed nothing in docs/nfingers.md"
    else
        fails results-docs-page-edit-fails 'docs/nfingers.md line'
    fi
fi

# benchmarks/nfingers.sh stops, loudly, when the explicit solver and the BDD engine give the same
# start two values (here a BDD row of the CSV changed from win to loss); measures nothing.
if selected results-nfingers-disagreement-fails; then
    rm -rf "$TMP/r"
    mkdir -p "$TMP/r/benchmarks" "$TMP/r/docs"
    cp benchmarks/nfingers.sh benchmarks/*.csv benchmarks/results.py benchmarks/RESULTS.md "$TMP/r/benchmarks/"
    cp docs/nfingers.md "$TMP/r/docs/"
    sed -i 's/^standard,4,bdd,win,/standard,4,bdd,loss,/' "$TMP/r/benchmarks/nfingers.csv"
    why=""
    if cmp -s "$TMP/r/benchmarks/nfingers.csv" benchmarks/nfingers.csv; then
        why="the sed changed nothing in nfingers.csv"
    else
        PLOT_ONLY=1 bash "$TMP/r/benchmarks/nfingers.sh" >"$TMP/out" 2>"$TMP/err"
        st=$?
        [ "$st" = 1 ] || why="exit status $st, wanted 1"
        grep -q 'THE ENGINES DISAGREE at standard,fingers=4: explicit win 17 .*BDD loss 17' "$TMP/err" ||
            why="$why; stderr lacks the disagreement: $(head -c 300 "$TMP/err")"
    fi
    verdict results-nfingers-disagreement-fails "${why#; }"
fi

finish
[ "$FAIL" -eq 0 ]
