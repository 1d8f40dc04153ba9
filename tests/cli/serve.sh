#!/usr/bin/env bash
# tests/cli/serve.sh: `chopsat serve --lab` end to end on a loopback port: a student's codes from
# the roster, submissions graded (a wrong then a right answer) and stored, a question's page, the
# instructor's page and CSV behind the key; hostile input (path traversal, a 1 GB body, slow and
# silent clients, a header flood, HTML and script in every field, wrong keys and guessed codes);
# headless Chromium over WebDriver completing two exercises as a student (skipped, and counted
# as skipped, without Chromium); a question of 8+8 hands (count=8/8) answered. The server is
# stopped by its pid.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve_lib.sh"
CHOPSAT=${CHOPSAT:-./chopsat}
SKIP=0
WRONG4='tap 1>1'
RIGHT4='split 0,2; split 0,2; tap 2>2'

expect serve-needs-lab 2 --err "--lab" -- "$CHOPSAT" serve
expect serve-bad-listen 1 --err "is not ADDR:PORT" -- "$CHOPSAT" serve --lab --listen nowhere --db "$TMP/x.db"
expect serve-bad-port 1 --err "the port is not a number 0..65535" -- "$CHOPSAT" serve --lab \
    --listen 127.0.0.1:99999 --db "$TMP/bad-port.db"
why=""
[ -e "$TMP/bad-port.db" ] && why="a bad address left $TMP/bad-port.db behind"
verdict serve-bad-address-makes-no-database "$why"
expect serve-bad-roster 1 --err "is empty" -- "$CHOPSAT" serve --lab --listen 127.0.0.1:0 \
    --db "$TMP/x.db" --roster /dev/null
printf 'name,mail\nAnn,a@b\n' >"$TMP/bad.csv"
expect serve-bad-roster-header 1 --err "names no 'id' column" -- "$CHOPSAT" serve --lab \
    --listen 127.0.0.1:0 --db "$TMP/x.db" --roster "$TMP/bad.csv"

if ! serve_start; then
    verdict serve-starts "it did not start: $(head -c 300 "$TMP/serve.err")"
    finish
    exit 1
fi
verdict serve-starts ""
why=""
[[ "$KEY" =~ ^[0-9a-f]{32}$ ]] || why="the key '$KEY' is not 32 hex digits"
[[ "$URL" == http://127.0.0.1:* ]] || why="$why; listens on '$URL', not loopback"
verdict serve-banner "${why#; }"

expect serve-port-in-use 1 --err "cannot listen on 127.0.0.1:$PORT" -- "$CHOPSAT" serve --lab \
    --listen "127.0.0.1:$PORT" --db "$TMP/y.db"
why=""
[ -e "$TMP/y.db" ] && why="a port in use left $TMP/y.db behind"
verdict serve-port-in-use-makes-no-database "$why"

codes "$TMP/codes"
CODE=$(sed -n 1p "$TMP/codes")
why=""
[ "$(wc -l <"$TMP/codes")" -eq 4 ] || why="$(wc -l <"$TMP/codes") codes for 4 students"
[ "$(sort -u "$TMP/codes" | grep -cE '^[0-9a-f]{32}$')" -eq 4 ] || why="$why; codes not 4 distinct 32-hex words"
verdict serve-roster-codes "${why#; }"
why=""
curl -s -b "chopsat_key=$KEY" -H 'Host: lab.example.org:8080' "$URL/instructor/links.csv" | grep -q "^s1,Ann Lee,$CODE,http://lab.example.org:8080/s/$CODE/\$" ||
    why="the links do not use the address the instructor reached the server by"
curl -s -b "chopsat_key=$KEY" -H 'Host: <x>' "$URL/instructor/links.csv" | grep -q "^s1,Ann Lee,$CODE,$URL/s/$CODE/\$" ||
    why="$why; a Host header that is no host name is used in the links"
verdict serve-links-use-the-host "${why#; }"

# grading: a wrong answer, then the right one; both stored with their scores
read -r s1 n1 sc1 < <($CLIENT submit "$URL" "$CODE" 4 "$WRONG4")
read -r s2 n2 sc2 < <($CLIENT submit "$URL" "$CODE" 4 "$RIGHT4")
why=""
[ "$s1" = 200 ] && [ "$s2" = 200 ] || why="statuses $s1 $s2"
[ "$sc1" != 5 ] || why="$why; the wrong answer scored $sc1"
[ "$sc2" = 5 ] || why="$why; the right answer scored $sc2, wanted 5"
rows=$(sql "$TMP/lab.db" "SELECT n, exercise, score, body FROM submissions ORDER BY n" | tr '\n' ' ')
[ "$rows" = "$n1|4|$sc1.0|$WRONG4 $n2|4|5.0|$RIGHT4 " ] || why="$why; the database holds '$rows'"
verdict serve-grades-and-stores "${why#; }"

# a file uploaded (multipart/form-data, the form's file field): the DIMACS file of exercise 3
up=$(curl -s -F "file=@$(dirname "$0")/../fixtures/grade/right/mine.cnf" "$URL/s/$CODE/ex/3")
verdict serve-file-upload "$(grep -q 'data-score="7" data-max="7"' <<<"$up" || echo "the right file was not graded 7 of 7: $(grep -o 'data-score="[^"]*" data-max="[^"]*"' <<<"$up")")"

printf 'split 0,2\0; tap 2>2\n' >"$TMP/nul.moves"
curl -s -o /dev/null -F "file=@$TMP/nul.moves" "$URL/s/$CODE/ex/4"
n=$(sql "$TMP/lab.db" "SELECT length(CAST(body AS BLOB)), score FROM submissions ORDER BY n DESC LIMIT 1")
verdict serve-nul-byte-stored-whole "$([ "$n" = "20|0.0" ] || echo "a 20-byte file with a NUL byte stored as length|score '$n'")"

page=$(curl -s "$URL/s/$CODE/ex/4")
why=""
grep -q 'id="history"' <<<"$page" || why="the exercise page lists no submissions"
grep -q "quote moves\|hint" <<<"$(curl -s -F "answer=$WRONG4" "$URL/s/$CODE/ex/4")" || why="$why; no hint for a wrong answer"
verdict serve-exercise-page "${why#; }"

st=$(curl -s -o "$TMP/film.html" -w '%{http_code}' "$URL/s/$CODE/ask?page=film&rules=standard,fingers=3&position=start&k=5")
why=""
[ "$st" = 200 ] || why="status $st"
grep -q 'data-film' "$TMP/film.html" || why="$why; no film in the page"
verdict serve-question-film "${why#; }"
# any number of hands: a count in the rules, a position of 8+8 hands in comma notation
st=$(curl -s -o "$TMP/film8.html" -w '%{http_code}' "$URL/s/$CODE/ask?page=film&rules=standard,fingers=3,count=8/8&position=1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1:1&k=3")
why=""
[ "$st" = 200 ] || why="status $st: $(grep -o 'message">[^<]*' "$TMP/film8.html")"
grep -q 'data-film' "$TMP/film8.html" || why="$why; no film in the page"
grep -q '11111111/11111111:1' "$TMP/film8.html" || why="$why; the page does not name the 8+8 start"
verdict serve-question-eight-hands "${why#; }"
for q in "page=tree&rules=standard,fingers=99&position=start&k=4:at most 16 fingers" \
    "page=film&rules=standard,count=2&position=1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1&k=3:at most 64 characters" \
    "page=film&rules=standard&position=start&k=500:K: a number of moves from 1 to 20" \
    "page=film&rules=standard&position=../../etc/passwd&k=3:the position" \
    "page=exec&rules=standard&position=start&k=3:choose a page"; do
    st=$(curl -s -o "$TMP/q.html" -w '%{http_code}' "$URL/s/$CODE/ask?${q%%:*}")
    why=""
    [ "$st" = 400 ] || why="status $st"
    grep -qF "${q#*:}" "$TMP/q.html" || why="$why; the page does not say '${q#*:}'"
    verdict "serve-question-capped ${q#*:}" "${why#; }"
done
st=$(curl -s -o "$TMP/q.html" -w '%{http_code}' "$URL/s/$CODE/ask?page=film&rules=nonsense&position=start&k=3")
verdict serve-question-bad-rules "$([ "$st" = 400 ] && grep -q 'unknown preset' "$TMP/q.html" || echo "status $st, $(grep -o 'message">[^<]*' "$TMP/q.html")")"

# the instructor's pages refuse without the key
why=""
[ "$(curl -s -o /dev/null -w '%{http_code}' "$URL/instructor/grades.csv")" = 403 ] || why="grades.csv without the key"
[ "$(curl -s -o /dev/null -w '%{http_code}' -b chopsat_key=0000 "$URL/instructor/links.csv")" = 403 ] || why="$why; links.csv with a wrong key"
[ "$(curl -s -o /dev/null -w '%{http_code}' -F key=wrong "$URL/instructor")" = 403 ] || why="$why; a wrong key signs in"
curl -s "$URL/instructor" | grep -q 'id="students"' && why="$why; the students' table without the key"
[ "$(curl -s -o /dev/null -w '%{http_code}' -b chopsat_key=0000 -F roster=@"$TMP/bad.csv" "$URL/instructor/roster")" = 403 ] || why="$why; a roster loaded with a wrong key"
verdict serve-instructor-needs-key "${why#; }"
cookie=$(curl -s -D - -o /dev/null -F "key=$KEY" "$URL/instructor" | tr -d '\r' | sed -n 's/^Set-Cookie: \(chopsat_key=[0-9a-f]*\);.*/\1/p')
why=""
[ "$cookie" = "chopsat_key=$KEY" ] || why="signing in set '$cookie'"
curl -s -b "$cookie" "$URL/instructor/grades.csv" >"$TMP/grades.csv"
grep -q '^id,name,.*4.*,total$' "$TMP/grades.csv" || why="$why; grades.csv header: $(head -n 1 "$TMP/grades.csv")"
s1=$(python3 -c 'import csv, sys
r = [x for x in csv.DictReader(open(sys.argv[1])) if x["id"] == "s1"][0]
print(r["4"], r["3"], r["total"])' "$TMP/grades.csv")
[ "$s1" = "5 7 12" ] || why="$why; grades.csv gives s1 '$s1' (exercise 4, 3, total), wanted '5 7 12'"
grep -q "^s4,\"'=cmd|calc\"" "$TMP/grades.csv" || why="$why; a formula in a name is not defused: $(grep '^s4' "$TMP/grades.csv")"
curl -s -b "$cookie" "$URL/instructor" | grep -q '<td>s1</td><td>Ann Lee</td>' || why="$why; the page lacks s1"
verdict serve-instructor-page "${why#; }"

# a roster loaded on the instructor's page: the new student gets a code, the others keep theirs
printf 'id,name,email\ns1,Ann Lee,a@x\ns5,Eve Ng,e@x\n' >"$TMP/more.csv"
st=$(curl -s -o /dev/null -w '%{http_code}' -b "$cookie" -F "roster=@$TMP/more.csv" "$URL/instructor/roster")
codes "$TMP/codes5"
why=""
[ "$st" = 303 ] || why="status $st"
[ "$(wc -l <"$TMP/codes5")" = 5 ] || why="$why; $(wc -l <"$TMP/codes5") students, wanted 5"
grep -qxF "$CODE" "$TMP/codes5" || why="$why; s1's code changed"
printf 'id,name\n"s6,Al\n' >"$TMP/broken.csv"
st=$(curl -s -o "$TMP/r.html" -w '%{http_code}' -b "$cookie" -F "roster=@$TMP/broken.csv" "$URL/instructor/roster")
[ "$st" = 400 ] && grep -q 'line 2 has a quote that is not closed' "$TMP/r.html" || why="$why; a broken roster: status $st"
verdict serve-roster-form "${why#; }"

# hostile input: no path reaches a file
why=""
for p in /../../etc/passwd /s/../../../etc/passwd /%2e%2e/%2e%2e/etc/passwd /instructor/../../etc/passwd \
    "/s/$CODE/ex/../../../../etc/passwd" "/s/$CODE/ex/%2e%2e%2fetc%2fpasswd" /rules/../etc/passwd /etc/passwd; do
    st=$(curl -s --path-as-is -o "$TMP/p.html" -w '%{http_code}' "$URL$p")
    [ "$st" = 404 ] || [ "$st" = 403 ] || why="$why; $p: status $st"
    grep -q 'root:' "$TMP/p.html" && why="$why; $p: a file's content"
done
verdict serve-hostile-path-traversal "${why#; }"

# guessed student codes: every one refused, the same way
why=""
for ((i = 0; i < 40; i++)); do
    g=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
    st=$(curl -s -o /dev/null -w '%{http_code}' -F "answer=$RIGHT4" "$URL/s/$g/ex/4")
    [ "$st" = 404 ] || why="$why; code $g: status $st"
done
for g in 0 "${CODE:0:31}" "${CODE}0" "${CODE^^}" "%00$CODE" "' OR 1=1 --"; do
    st=$(curl -s -o /dev/null -w '%{http_code}' "$URL/s/$(printf %s "$g" | sed 's/ /%20/g')/")
    [ "$st" = 404 ] || why="$why; code '$g': status $st"
done
n=$(sql "$TMP/lab.db" "SELECT count(*) FROM submissions WHERE student NOT IN (SELECT code FROM students)")
[ "$n" = 0 ] || why="$why; $n submissions of no student"
verdict serve-hostile-guessed-codes "${why#; }"

# HTML and script in every field: escaped wherever it is shown
X='<script>alert(1)</script><img src=x onerror=alert(2)>"'"'"
$CLIENT submit "$URL" "$CODE" 4 "$X" >/dev/null
why=""
for page in "/s/$CODE/" "/s/$CODE/ex/4" "/instructor" "/s/$CODE/ask?page=film&rules=$X&position=$X&k=$X" \
    "/s/$CODE/ex/$X" "/$X" "/?code=$X"; do
    enc=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe="/?=&"))' "$page")
    body=$(curl -s -b "chopsat_key=$KEY" "$URL$enc")
    grep -qiE '<script>alert|<img src=x' <<<"$body" && why="$why; $page shows the markup raw"
done
body=$(curl -s -F "answer=$X" "$URL/s/$CODE/ex/4")
grep -qiE '<script>alert|<img src=x' <<<"$body" && why="$why; the graded page shows the submission raw"
grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' <<<"$(curl -s -b "chopsat_key=$KEY" "$URL/instructor")" ||
    why="$why; the roster's <script> name is not shown escaped"
csp=$(curl -s -D - -o /dev/null "$URL/s/$CODE/" | tr -d '\r' | grep -i '^Content-Security-Policy:')
[[ "$csp" == *"default-src 'none'"* ]] || why="$why; no Content-Security-Policy: $csp"
verdict serve-hostile-markup-escaped "${why#; }"

# a body past the cap: refused before it is read (Content-Length) or cut off (chunked)
why=""
st=$(curl -s -o "$TMP/big.html" -w '%{http_code}' --max-time 20 -H 'Content-Length: 1000000000' \
    -H 'Content-Type: application/x-www-form-urlencoded' --data-binary @/dev/null "$URL/s/$CODE/ex/4")
[ "$st" = 413 ] || why="a declared 1 GB body: status $st"
start=$(date +%s)
head -c 1000000000 /dev/zero | curl -s -o /dev/null --max-time 60 -H 'Transfer-Encoding: chunked' \
    -F 'answer=@-' "$URL/s/$CODE/ex/4"
took=$(($(date +%s) - start))
[ "$took" -lt 30 ] || why="$why; a streamed 1 GB body held the server $took s"
n=$(sql "$TMP/lab.db" "SELECT count(*) FROM submissions WHERE length(body) > 3000000")
[ "$n" = 0 ] || why="$why; a body past the cap was stored"
[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$URL/")" = 200 ] || why="$why; the server no longer answers"
verdict serve-hostile-1gb-body "${why#; }"

# a header flood: refused, and the server goes on
why=""
r=$($CLIENT flood "$HOST" "$PORT")
[[ "$r" == *" 431 "* || "$r" == *" 413 "* || "$r" == closed ]] || why="a 20000-line header got '$r'"
[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$URL/")" = 200 ] || why="$why; the server no longer answers"
verdict serve-hostile-header-flood "${why#; }"

# slow and silent clients hold only their own connections
$CLIENT slowloris "$HOST" "$PORT" 60 16 >"$TMP/slow.txt" &
slow=$!
$CLIENT slowloris "$HOST" "$PORT" 60 16 --silent >"$TMP/silent.txt" &
silent=$!
sleep 3
why=""
start=$(date +%s%N)
read -r st _ sc < <($CLIENT submit "$URL" "$CODE" 4 "$RIGHT4")
ms=$((($(date +%s%N) - start) / 1000000))
[ "$st" = 200 ] && [ "$sc" = 5 ] || why="a submission beside 120 slow clients: status $st score $sc"
[ "$ms" -lt 5000 ] || why="$why; it took $ms ms"
wait "$slow" "$silent"
[ "$(cat "$TMP/silent.txt")" = 60 ] || why="$why; $(cat "$TMP/silent.txt") of 60 silent connections closed after 16 s"
verdict serve-hostile-slow-clients "${why#; }"

# the browser: two exercises as a student (a wrong then a right answer: the moves of exercise 4,
# the DIMACS file of exercise 3 pasted into the box), and the instructor's page shows both
if selected serve-browser; then
    F=$(dirname "$0")/../fixtures/grade
    while read -r line; do
        case "$line" in
        ok*) PASS=$((PASS + 1)) ;;
        FAIL*) FAIL=$((FAIL + 1)) ;;
        skip*) SKIP=$((SKIP + 1)) ;;
        esac
        echo "$line"
    done < <($CLIENT browser "$URL" "$(sed -n 2p "$TMP/codes")" "$KEY" 4 "$WRONG4" "$RIGHT4" \
        3 "$(cat "$F/wrong/mine.cnf")" "$(cat "$F/right/mine.cnf")" 2>&1 |
        sed -E 's/^(ok  |FAIL|skip) /\1 serve-/')
fi

# stopped by its pid: exit 143 (SIGTERM), its private folder removed
serve_stop
rc=$?
why=""
[ "$rc" = 143 ] || why="exit status $rc after SIGTERM"
[ -z "$(ls -A "$TMP/tmp")" ] || why="$why; left behind: $(ls "$TMP/tmp")"
verdict serve-stops-clean "${why#; }"

echo "$PASS passed, $FAIL failed, $SKIP skipped"
[ "$FAIL" -eq 0 ]
