#!/usr/bin/env bash
# tests/cli/serve_fault.sh: `chopsat serve` killed (SIGKILL) in the middle of a stream of
# submissions, three times, and started again on the same database: every submission the
# server answered "accepted" is there, whole (its score, body and feedback), none is
# half-written (SQLite's integrity check), and the students keep their codes.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve_lib.sh"
CHOPSAT=${CHOPSAT:-./chopsat}
RIGHT4='split 0,2; split 0,2; tap 2>2'

serve_start || { verdict serve-fault-starts "it did not start: $(head -c 300 "$TMP/serve.err")"; finish; exit 1; }
codes "$TMP/codes0"
: >"$TMP/accepted"
for round in 1 2 3; do
    pids=()
    for i in 1 2 3 4; do
        $CLIENT stream "$URL" "$(sed -n "${i}p" "$TMP/codes0")" 4 "$RIGHT4" "$TMP/accepted" &
        pids+=($!)
    done
    sleep $((2 + round))
    kill -KILL "$SERVE_PID"
    wait "$SERVE_PID" 2>/dev/null
    SERVE_PID=""
    wait "${pids[@]}"
    serve_start || { verdict "serve-fault-restarts ($round)" "it did not start again: $(head -c 300 "$TMP/serve.err")"; break; }
    codes "$TMP/codes"
    why=""
    cmp -s "$TMP/codes0" "$TMP/codes" || why="the codes changed"
    sql "$TMP/lab.db" "SELECT n FROM submissions WHERE score = 5 AND max_score = 5 AND graded = 1
                       AND body = '$RIGHT4' AND feedback LIKE '{%}%'" | sort -u >"$TMP/stored"
    answered=$(sort -u "$TMP/accepted" | wc -l)
    missing=$(sort -u "$TMP/accepted" | comm -23 - "$TMP/stored" | wc -l)
    [ "$answered" -gt 0 ] || why="$why; no submission was answered before the kill"
    [ "$missing" -eq 0 ] || why="$why; $missing of $answered accepted submissions are missing or not whole"
    half=$(sql "$TMP/lab.db" "SELECT count(*) FROM submissions WHERE feedback = '' OR body = ''")
    [ "$half" = 0 ] || why="$why; $half half-written rows"
    ok=$(sql "$TMP/lab.db" "PRAGMA integrity_check")
    [ "$ok" = ok ] || why="$why; integrity check: $ok"
    verdict "serve-fault-kill-$round: $answered accepted before the kill, all there" "${why#; }"
done
serve_stop
finish
[ "$FAIL" -eq 0 ]
