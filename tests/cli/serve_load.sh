#!/usr/bin/env bash
# tests/cli/serve_load.sh: 50 students submitting at once for 60 s (SERVE_LOAD_SECONDS) to
# `chopsat serve` on loopback: no request fails, and every submission answered "accepted" is in
# the database (and nothing else is). Bounded: each request has a 60 s timeout; the figures
# (requests a second, latencies) go to benchmarks/serve.sh, not here.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve_lib.sh"
CHOPSAT=${CHOPSAT:-./chopsat}
RIGHT4='split 0,2; split 0,2; tap 2>2'
SECONDS_LOAD=${SERVE_LOAD_SECONDS:-60}

python3 -c 'import sys
print("id,name")
for i in range(50): print("s%02d,Student %d" % (i, i))' >"$TMP/roster.csv"
serve_start || { verdict serve-load-starts "it did not start: $(head -c 300 "$TMP/serve.err")"; finish; exit 1; }
codes "$TMP/codes"
$CLIENT load "$URL" "$TMP/codes" 4 "$RIGHT4" "$SECONDS_LOAD" 50 >"$TMP/load.json"
python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
print("\n".join(str(n) for n in sorted(r["accepted"])))' "$TMP/load.json" >"$TMP/accepted"
sql "$TMP/lab.db" "SELECT n FROM submissions ORDER BY n" >"$TMP/stored"
summary=$(python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
print("%d requests, %d failed %s, p99 %s ms" % (r["requests"], r["failed"], r["why"], r["p99"]))' "$TMP/load.json")
why=""
grep -q '^[0-9]* requests, 0 failed' <<<"$summary" || why="$summary"
[ "$(wc -l <"$TMP/accepted")" -ge 50 ] || why="$why; only $(wc -l <"$TMP/accepted") accepted"
cmp -s "$TMP/accepted" "$TMP/stored" || why="$why; the database holds $(wc -l <"$TMP/stored") submissions, $(wc -l <"$TMP/accepted") were accepted"
verdict "serve-load: 50 students for $SECONDS_LOAD s: $summary, every one stored" "${why#; }"
serve_stop
finish
[ "$FAIL" -eq 0 ]
