#!/usr/bin/env bash
# tests/cli/batch.sh: `chopsat batch FILE`: one JSON line per question (comments and blank lines
# skipped), the line number and file, the command's own JSON object as `result` (the same as
# running the command alone), errors as objects (bad position, unknown command, usage, an
# unclosed quote, a refused command) without stopping the batch, text-only commands as
# `output`, standard input, and the usage errors of batch itself; then each defect of issue 18
# that batch had (docs/reliability.md): standard input read once, NUL bytes, endless lines,
# lines as if run alone and what they may write, out of memory, the time limit, signals.
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

# row FILE LINE EXPR: EXPR (python, r the JSON row of LINE) holds in the JSON lines of FILE.
row() {
    python3 - "$@" <<'PY'
import json, sys
rows = {r["line"]: r for r in map(json.loads, open(sys.argv[1]))}
r = rows.get(int(sys.argv[2]))
try:
    sys.exit(0 if r is not None and eval(sys.argv[3], {"r": r}) else 1)
except (KeyError, TypeError, IndexError):
    sys.exit(1)
PY
}
# check_row NAME FILE LINE EXPR: a test that row FILE LINE EXPR holds.
check_row() {
    local name=$1
    shift
    selected "$name" || return 0
    row "$@" && verdict "$name" "" || verdict "$name" "$3 is false for line $2"
}

# The result is the command's JSON read back and written anew: a document of several lines
# (solve --all's array) becomes the result, numbers keep their text digit for digit.
printf 'solve --all --format json\nstats --format json\n' >"$TMP/doc.txt"
if selected batch-result-parsed; then
    "$CHOPSAT" batch "$TMP/doc.txt" >"$TMP/doc.jsonl" 2>"$TMP/err"
    "$CHOPSAT" solve --all --format json >"$TMP/all.json"
    "$CHOPSAT" stats --format json >"$TMP/stats.json"
    python3 - "$TMP/doc.jsonl" "$TMP/all.json" "$TMP/stats.json" <<'PY' && verdict batch-result-parsed "" ||
import json, sys
exact = lambda s: json.loads(s, parse_float=str, parse_int=str)  # numbers as their text
rows = [exact(l) for l in open(sys.argv[1])]
sys.exit(0 if len(rows) == 2 and rows[0]["result"] == exact(open(sys.argv[2]).read())
         and rows[1]["result"] == exact(open(sys.argv[3]).read()) else 1)
PY
        verdict batch-result-parsed "the results differ from the commands' own JSON"
fi

# Issue 18 item 1: `batch -` with a regular file on standard input reads each line once (each
# question closed its copy of standard input, which moved the offset batch shares with it).
printf 'moves start\nmoves 11/04\nmoves 13/02\n' >"$TMP/three.txt"
if selected batch-stdin-regular-file-read-once; then
    timeout 60 "$CHOPSAT" batch - <"$TMP/three.txt" >"$TMP/three.jsonl" 2>"$TMP/err"
    got=$(python3 -c 'import json,sys; print(" ".join(str(json.loads(l)["line"]) for l in open(sys.argv[1])))' "$TMP/three.jsonl")
    [ "$got" = "1 2 3" ] && verdict batch-stdin-regular-file-read-once "" ||
        verdict batch-stdin-regular-file-read-once "answered lines: $(echo "$got" | head -c 80)"
fi

# Issue 18 item 5: a NUL byte in a line refuses that line with a message that says so; the next
# line is answered, with its own number.
printf 'moves start\nmoves 11/\0004\nmoves 13/02\n' >"$TMP/nul.txt"
if selected batch-nul-byte; then
    "$CHOPSAT" batch "$TMP/nul.txt" >"$TMP/nul.jsonl" 2>"$TMP/err"
    why=""
    [ "$(wc -l <"$TMP/nul.jsonl")" = 3 ] || why="$(wc -l <"$TMP/nul.jsonl") lines, wanted 3"
    row "$TMP/nul.jsonl" 2 'r["exit"] is None and "NUL byte at column 10" in r["error"]["message"]' ||
        why="$why; line 2 is not refused for its NUL byte"
    row "$TMP/nul.jsonl" 3 'r["exit"] == 0 and r["result"]["position"] == "13/02:1"' ||
        why="$why; line 3 is not answered as line 3"
    verdict batch-nul-byte "${why#; }"
fi
# Issue 18 item 8 (batch's reader): an endless line is not a file of questions: exit 1, one line.
if selected batch-endless-line; then
    timeout 60 "$CHOPSAT" batch /dev/zero >"$TMP/out" 2>"$TMP/err"
    st=$?
    [ $st = 1 ] && grep -q "no end of line within 1 MiB" "$TMP/err" && [ "$(wc -l <"$TMP/err")" = 1 ] &&
        verdict batch-endless-line "" || verdict batch-endless-line "exit $st: $(head -c 200 "$TMP/err")"
fi

# Issue 18 item 13: a line runs as it would alone (help, the options it is given), may not write
# files or run programs unless batch --allow-writes says so, and binary output is refused, never
# kept lossily.
cat >"$TMP/alone.txt" <<Q
moves --help
chart -o $TMP/chart.txt
win start -k 3 --proof $TMP/p.drat
win start -k 3 --certificate $TMP/c.txt
pack $TMP/pack
win start -k 3 --solver external:true
aiger win start -k 2 --format aig
solve --all -o -
Q
"$CHOPSAT" batch "$TMP/alone.txt" >"$TMP/alone.jsonl" 2>"$TMP/err"
check_row batch-help-as-alone "$TMP/alone.jsonl" 1 'r["exit"] == 0 and r["output"].startswith("usage: chopsat moves POS")'
for n in 2 3 4 5 6; do
    check_row "batch-writes-refused-$n" "$TMP/alone.jsonl" $n 'r["exit"] == 2 and "refused in a batch line (batch --allow-writes allows it)" in r["error"]["message"]'
done
if selected batch-writes-refused-no-file; then
    ls "$TMP/chart.txt" "$TMP/p.drat" "$TMP/c.txt" "$TMP/pack" >/dev/null 2>&1 &&
        verdict batch-writes-refused-no-file "a refused line wrote a file" || verdict batch-writes-refused-no-file ""
fi
check_row batch-binary-refused "$TMP/alone.jsonl" 7 'r["result"] is None and "output" not in r and "not UTF-8 text" in r["error"]["message"]'
check_row batch-stdout-dash-is-json "$TMP/alone.jsonl" 8 'r["exit"] == 0 and r["result"][0]["position"] == "00/00:1"'
# with --allow-writes: the file gets what the command alone writes (no --format json added)
cat >"$TMP/writes.txt" <<Q
chart -o $TMP/chart.txt
solve --all -o $TMP/all.txt
aiger win start -k 2 --format aig -o $TMP/w.aig
Q
if selected batch-allow-writes-as-alone; then
    "$CHOPSAT" batch --allow-writes "$TMP/writes.txt" >"$TMP/writes.jsonl" 2>"$TMP/err"
    why=""
    "$CHOPSAT" chart | cmp -s - "$TMP/chart.txt" || why="chart -o differs from chart alone"
    "$CHOPSAT" solve --all | cmp -s - "$TMP/all.txt" || why="$why; solve --all -o differs"
    "$CHOPSAT" aiger win start -k 2 --format aig | cmp -s - "$TMP/w.aig" || why="$why; the aig file differs"
    row "$TMP/writes.jsonl" 1 'r["exit"] == 0 and r["error"] is None' || why="$why; line 1 is not a success"
    verdict batch-allow-writes-as-alone "${why#; }"
fi

# Issue 18 item 12: out of memory inside a question is that question's error object, with
# chopsat's own line; batch's standard error stays empty.
printf 'dimacs win start -k 20000\nmoves start\n' >"$TMP/oom.txt"
if selected batch-out-of-memory-own-line; then
    (ulimit -v 120000 && exec "$CHOPSAT" batch "$TMP/oom.txt") >"$TMP/oom.jsonl" 2>"$TMP/err"
    why=""
    [ -s "$TMP/err" ] && why="batch's stderr: $(head -c 200 "$TMP/err")"
    row "$TMP/oom.jsonl" 1 'r["exit"] == 1 and r["error"]["message"].startswith("out of memory (asked for ")' ||
        why="$why; line 1: $(head -1 "$TMP/oom.jsonl" | head -c 300)"
    row "$TMP/oom.jsonl" 2 'r["exit"] == 0' || why="$why; line 2 is not answered"
    verdict batch-out-of-memory-own-line "${why#; }"
fi

# Issue 18 item 6: output that does not fit in memory is an error, never a part of it reported
# as a success (smt2 -k 3000 prints 34 MB and needs little memory; batch cannot hold it in a
# 40 MB address space).
printf 'smt2 win start -k 3000\n' >"$TMP/big.txt"
if selected batch-output-no-memory-is-error; then
    (ulimit -v 40000 && exec "$CHOPSAT" batch "$TMP/big.txt") >"$TMP/big.jsonl" 2>"$TMP/err"
    full=$("$CHOPSAT" smt2 win start -k 3000 | wc -c)
    python3 - "$TMP/big.jsonl" "$full" <<'PY' && verdict batch-output-no-memory-is-error "" ||
import json, sys
r = json.loads(open(sys.argv[1]).readline())
whole = "output" in r and len(r["output"].encode()) + 1 == int(sys.argv[2])
refused = r["error"] is not None and "out of memory" in r["error"]["message"] and "output" not in r
sys.exit(0 if whole or refused else 1)
PY
        verdict batch-output-no-memory-is-error "neither whole nor refused: $(head -c 300 "$TMP/big.jsonl")"
fi

# A fake external solver that writes down its pid and its parent's (the question's process),
# then sleeps.
printf '#!/bin/sh\necho $$ $PPID >"%s/hang.pid"\nexec sleep 60\n' "$TMP" >"$TMP/hang.sh"
chmod +x "$TMP/hang.sh"
# gone PID...: true when none of the processes runs any more (waits up to a minute).
gone() {
    local i=0 p
    for p in "$@"; do
        while kill -0 "$p" 2>/dev/null && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
        kill -0 "$p" 2>/dev/null && return 1
    done
    return 0
}
# wait_for FILE PID: waits until FILE is not empty (or PID ended, or a minute passed).
wait_for() {
    local i=0
    while [ ! -s "$1" ] && kill -0 "$2" 2>/dev/null && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
}
SIGDFL="env --default-signal=INT,TERM"

# Issue 18 item 9: batch --timeout S stops a question at S seconds (its solver and temporaries
# too) and reports it as an error object; the next line goes on.
printf 'win start -k 5 --solver external:%s\nmoves start\n' "$TMP/hang.sh" >"$TMP/hang.txt"
if selected batch-timeout-per-question; then
    rm -rf "$TMP/hang.pid" "$TMP/solver-tmp" && mkdir "$TMP/solver-tmp"
    start=$(date +%s)
    TMPDIR="$TMP/solver-tmp" timeout 120 "$CHOPSAT" batch --timeout 1 --allow-writes "$TMP/hang.txt" \
        >"$TMP/hang.jsonl" 2>"$TMP/err"
    st=$? took=$(($(date +%s) - start)) why=""
    [ $st = 0 ] || why="exit $st"
    [ $took -lt 30 ] || why="$why; took $took s"
    row "$TMP/hang.jsonl" 1 'r["exit"] is None and r["error"]["kind"] == "timeout" and "after 1 seconds" in r["error"]["message"]' ||
        why="$why; line 1: $(head -1 "$TMP/hang.jsonl" | head -c 200)"
    row "$TMP/hang.jsonl" 2 'r["exit"] == 0' || why="$why; line 2 is not answered"
    solver="" question=""
    [ -s "$TMP/hang.pid" ] && read -r solver question <"$TMP/hang.pid"
    [ -n "$solver" ] || why="$why; the solver never started"
    gone $solver $question || why="$why; the question or its solver still runs"
    [ -z "$(ls -A "$TMP/solver-tmp")" ] || why="$why; left in TMPDIR: $(ls -A "$TMP/solver-tmp")"
    verdict batch-timeout-per-question "${why#; }"
fi

# Issue 18 item 4: SIGTERM to batch stops the running question, its solver and its temporary
# file; one line, 143.
if selected batch-sigterm-stops-question; then
    rm -rf "$TMP/hang.pid" "$TMP/solver-tmp" && mkdir "$TMP/solver-tmp"
    set -m
    TMPDIR="$TMP/solver-tmp" $SIGDFL "$CHOPSAT" batch --allow-writes "$TMP/hang.txt" >/dev/null 2>"$TMP/err" &
    pid=$!
    set +m
    wait_for "$TMP/hang.pid" "$pid"
    solver="" question=""
    [ -s "$TMP/hang.pid" ] && read -r solver question <"$TMP/hang.pid"
    kill -TERM "$pid"
    wait "$pid"
    st=$? why=""
    [ -n "$solver" ] || why="the solver never started"
    [ $st = 143 ] || why="$why; exit $st"
    [ "$(wc -l <"$TMP/err")" = 1 ] || why="$why; stderr has $(wc -l <"$TMP/err") lines"
    gone $solver $question || { why="$why; the question or its solver still runs"; kill $solver $question; }
    [ -z "$(ls -A "$TMP/solver-tmp")" ] || why="$why; left in TMPDIR: $(ls -A "$TMP/solver-tmp")"
    verdict batch-sigterm-stops-question "${why#; }"
fi

# Issue 18 item 11: Ctrl-C (SIGINT to the whole foreground process group) during a question:
# one line (the question used to print its own as well), 130, the question stopped.
printf 'force start -k 400 --solver depqbf\n' >"$TMP/long.txt"
if selected batch-ctrl-c-one-line; then
    set -m
    $SIGDFL "$CHOPSAT" batch "$TMP/long.txt" >/dev/null 2>"$TMP/err" &
    pid=$!
    set +m
    i=0
    while [ -z "$(pgrep -P "$pid")" ] && kill -0 "$pid" 2>/dev/null && [ $i -lt 1200 ]; do
        sleep 0.05
        i=$((i + 1))
    done
    question=$(pgrep -P "$pid")
    sleep 0.5
    kill -INT -- "-$pid"
    wait "$pid"
    st=$? why=""
    [ $st = 130 ] || why="exit $st"
    [ "$(wc -l <"$TMP/err")" = 1 ] || why="$why; stderr has $(wc -l <"$TMP/err") lines: $(tr '\n' '|' <"$TMP/err")"
    gone $question || { why="$why; the question still runs"; kill $question; }
    verdict batch-ctrl-c-one-line "${why#; }"
fi
finish
