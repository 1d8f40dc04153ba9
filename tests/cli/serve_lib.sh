# tests/cli/serve_lib.sh: what the tests of `chopsat serve` share (sourced by tests/cli/serve.sh,
# serve_fault.sh, serve_load.sh and benchmarks/serve.sh, after tests/cli/lib.sh or with TMP
# set): the server started on a free loopback port with a roster, its address and key read from
# what it prints, stopped by its pid (a trap kills it whatever happens), and the database read
# with python3's sqlite3.
CLIENT="python3 $(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/serve_client.py"
SERVE_PID=""
trap 'serve_kill; rm -rf "$TMP"' EXIT

# serve_start [DB]: starts the server (the roster $TMP/roster.csv, made with four students when
# missing); sets SERVE_PID, URL, HOST, PORT and KEY; false when it did not start within 20 s.
serve_start() {
    local db=${1:-$TMP/lab.db} i
    [ -f "$TMP/roster.csv" ] || printf 'id,name\ns1,Ann Lee\ns2,"Bob, Jr"\ns3,<script>alert(1)</script>\ns4,=cmd|calc\n' >"$TMP/roster.csv"
    mkdir -p "$TMP/tmp"
    rm -f "$TMP/serve.out"
    TMPDIR=$TMP/tmp "$CHOPSAT" serve --lab --listen 127.0.0.1:0 --db "$db" --roster "$TMP/roster.csv" \
        >"$TMP/serve.out" 2>"$TMP/serve.err" &
    SERVE_PID=$!
    for ((i = 0; i < 200; i++)); do
        grep -q '^instructor:' "$TMP/serve.out" 2>/dev/null && break
        kill -0 "$SERVE_PID" 2>/dev/null || break
        sleep 0.1
    done
    URL=$(sed -n 's/.* on \(http:[^ ]*\)\/$/\1/p' "$TMP/serve.out")
    KEY=$(sed -n 's/.* with the key \([0-9a-f]*\)$/\1/p' "$TMP/serve.out")
    HOST=127.0.0.1
    PORT=${URL##*:}
    [ -n "$URL" ] && [ -n "$KEY" ]
}

# serve_stop: SIGTERM to the server, waited for; its exit status.
serve_stop() {
    [ -n "$SERVE_PID" ] || return 0
    kill -TERM "$SERVE_PID" 2>/dev/null
    wait "$SERVE_PID"
    local rc=$?
    SERVE_PID=""
    return $rc
}

# serve_kill: SIGKILL to the server, if it runs.
serve_kill() {
    [ -n "$SERVE_PID" ] || return 0
    kill -KILL "$SERVE_PID" 2>/dev/null
    wait "$SERVE_PID" 2>/dev/null
    SERVE_PID=""
}

# codes FILE: every student's code, one a line, from the instructor's links.csv.
codes() {
    curl -s -b "chopsat_key=$KEY" "$URL/instructor/links.csv" | sed 1d | awk -F, '{ print $(NF-1) }' >"$1"
}

# sql DB QUERY: the rows of QUERY, one a line, fields separated by '|'.
sql() {
    python3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
for row in c.execute(sys.argv[2]):
    print("|".join(str(x) for x in row))' "$1" "$2"
}
