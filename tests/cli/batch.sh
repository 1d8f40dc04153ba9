#!/usr/bin/env bash
# tests/cli/batch.sh: `chopsat batch FILE`: one JSON line per question (comments and blank lines
# skipped), the line number and file, the command's own JSON object as `result` (the same as
# running the command alone), errors as objects (bad position, unknown command, usage, an
# unclosed quote, a refused command) without stopping the batch, text-only commands as
# `output`, standard input, and the usage errors of batch itself.
. "$(dirname "$0")/lib.sh"
: "${CHOPSAT:=./chopsat}"

cat >"$TMP/q.txt" <<'Q'
# a class's questions
win start -k 12

reach start 11/34:1 -k 6 --rules standard   # unreachable
win start -k 12 --rules 'standard,fingers=7' --player 2
win 99/99 -k 3
frobnicate
moves start --format csv
rules --rules onedie
win start -k "3
play
win start
Q
"$CHOPSAT" batch "$TMP/q.txt" >"$TMP/out.jsonl" 2>"$TMP/err"
st=$?
if selected batch-json-lines; then
    why=""
    [ $st = 0 ] || why="exit $st"
    [ -s "$TMP/err" ] && why="$why; stderr: $(head -c 200 "$TMP/err")"
    [ "$(wc -l <"$TMP/out.jsonl")" = 10 ] || why="$why; $(wc -l <"$TMP/out.jsonl") lines, wanted 10"
    python3 -c '
import json, sys
for l in open(sys.argv[1]):
    json.loads(l)
' "$TMP/out.jsonl" || why="$why; a line is not valid JSON"
    verdict batch-json-lines "${why#; }"
fi
# field checks on each line (python reads the JSON)
check() {
    local name=$1 line=$2 expr=$3
    selected "$name" || return 0
    python3 - "$TMP/out.jsonl" "$line" "$expr" <<'PY' && verdict "$name" "" || verdict "$name" "$expr is false for line $line"
import json, sys
rows = {r["line"]: r for r in map(json.loads, open(sys.argv[1]))}
r = rows[int(sys.argv[2])]
sys.exit(0 if eval(sys.argv[3], {"r": r}) else 1)
PY
}
check batch-yes 2 'r["exit"] == 10 and r["result"]["answer"] == "yes" and r["result"]["moves"] == 5 and r["error"] is None and r["command"] == "win start -k 12"'
check batch-no 4 'r["exit"] == 20 and r["result"]["answer"] == "no"'
check batch-quoted-rules 5 'r["exit"] == 10 and r["result"]["question"].startswith("can player 2 win")'
check batch-bad-position 6 'r["exit"] == 1 and r["result"] is None and r["error"]["kind"] == "error" and "out of range" in r["error"]["message"]'
check batch-unknown-command 7 'r["exit"] == 2 and r["error"]["kind"] == "usage" and "frobnicate" in r["error"]["message"]'
check batch-format-given 8 'r["exit"] == 0 and r["result"] is None and r["output"].startswith("move,position")'
check batch-text-only 9 'r["exit"] == 0 and r["output"] == "onedie,target=31"'
check batch-unclosed-quote 10 'r["exit"] is None and "quote" in r["error"]["message"]'
check batch-play-refused 11 'r["exit"] == 2 and "cannot run in a batch" in r["error"]["message"]'
check batch-usage-inside 12 'r["exit"] == 2 and r["error"]["kind"] == "usage" and "-k K is required" in r["error"]["message"]'
check batch-file-field 2 'r["file"].endswith("q.txt")'
# the result is what the command prints alone
if selected batch-same-as-alone; then
    alone=$("$CHOPSAT" reach start 11/34:1 -k 6 --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); d.pop("encode_seconds"); d.pop("solve_seconds"); print(json.dumps(d, sort_keys=True))')
    inbatch=$(sed -n 2p "$TMP/out.jsonl" | python3 -c 'import json,sys; d=json.loads(sys.stdin.read())["result"]; d.pop("encode_seconds"); d.pop("solve_seconds"); print(json.dumps(d, sort_keys=True))')
    [ "$alone" = "$inbatch" ] && verdict batch-same-as-alone "" || verdict batch-same-as-alone "differs: $inbatch"
fi
printf 'win start -k 3\n' >"$TMP/one.txt"
expect batch-stdin 0 --out '"line": 1, "file": "-"' --out '"answer": "no"' --in "$TMP/one.txt" -- "$CHOPSAT" batch -
expect batch-no-file 2 --err "batch needs a file of questions FILE" -- "$CHOPSAT" batch
expect batch-missing-file 1 --err "cannot read" -- "$CHOPSAT" batch "$TMP/nonexistent"
expect batch-no-options 2 --err "unknown option" -- "$CHOPSAT" batch "$TMP/q.txt" --rules standard
finish
