# tests/cli/lib.sh: helpers for the end-to-end CLI tests (sourced by tests/cli/*.sh and tests/lint/*.sh).
#   expect NAME STATUS [--out TEXT] [--err TEXT] [--in FILE] -- COMMAND...
# runs COMMAND, and passes when the exit status is STATUS, stdout contains every --out TEXT and
# stderr every --err TEXT; when COMMAND asks for --format json, stdout must also be valid JSON.
# `finish` prints the closing line `N passed, N failed`.
# $CHOPSAT is the binary under test; $TMP a scratch folder removed at the end.
set -u
PASS=0
FAIL=0
TMP=$(mktemp -d) || TMP=""
# A script writes "$TMP/name": with TMP empty that is a file at the top of the tree (a stray
# s4.json once came in that way), so no scratch folder stops the script at once.
if [ -z "$TMP" ] || [ ! -d "$TMP" ]; then
    echo "lib.sh: no scratch folder (mktemp -d failed); nothing was run" >&2
    exit 1
fi
trap 'rm -rf "$TMP"' EXIT

expect() {
    local name=$1 status=$2
    shift 2
    if [ -n "${FILTER:-}" ] && [[ "$name" != *"$FILTER"* ]]; then
        while [ "$1" != "--" ]; do shift; done
        return
    fi
    local outs=() errs=() input=/dev/null
    while [ "$1" != "--" ]; do
        case "$1" in
            --out) outs+=("$2"); shift 2 ;;
            --err) errs+=("$2"); shift 2 ;;
            --in) input=$2; shift 2 ;;
            *) echo "lib.sh: bad option $1"; exit 2 ;;
        esac
    done
    shift
    "$@" <"$input" >"$TMP/out" 2>"$TMP/err"
    local got=$? why=""
    [ "$got" -eq "$status" ] || why="exit status $got, wanted $status"
    for t in "${outs[@]+"${outs[@]}"}"; do
        grep -qF -- "$t" "$TMP/out" || why="$why; stdout lacks '$t'"
    done
    for t in "${errs[@]+"${errs[@]}"}"; do
        grep -qF -- "$t" "$TMP/err" || why="$why; stderr lacks '$t'"
    done
    json_ok "$@" || why="$why; stdout is not valid JSON"
    if [ -z "$why" ]; then
        PASS=$((PASS + 1))
        echo "ok   $name"
    else
        FAIL=$((FAIL + 1))
        echo "FAIL $name: ${why#; }"
        echo "     command: $*"
        head -c 600 "$TMP/err" | sed 's/^/     stderr: /'
    fi
}

# json_ok COMMAND...: false when COMMAND asked for --format json, printed something on stdout
# ($TMP/out) and that is not one valid JSON document (python3 -m json.tool; skipped without it).
json_ok() {
    local prev=""
    for a in "$@"; do
        if [ "$prev" = --format ] && [ "$a" = json ] && [ -s "$TMP/out" ] &&
            command -v python3 >/dev/null; then
            python3 -m json.tool "$TMP/out" >/dev/null 2>&1
            return
        fi
        prev=$a
    done
    return 0
}

# selected NAME: true when NAME passes the FILTER (for the checks written without `expect`).
selected() { [ -z "${FILTER:-}" ] || [[ "$1" == *"$FILTER"* ]]; }

# verdict NAME WHY: counts a pass when WHY is empty, else a failure with the reason.
verdict() {
    if [ -z "$2" ]; then
        PASS=$((PASS + 1))
        echo "ok   $1"
    else
        FAIL=$((FAIL + 1))
        echo "FAIL $1: $2"
    fi
}

# finish: the closing line `N passed, N failed`.
finish() {
    echo "$PASS passed, $FAIL failed"
}

# walk RULES N: the position after N random legal moves from the start (fewer if the game ends);
# seed RANDOM first for questions that are the same on every run.
walk() {
    local pos=start i line
    for ((i = 0; i < $2; i++)); do
        mapfile -t moves < <("$CHOPSAT" moves "$pos" --rules "$1" --format csv | tail -n +2)
        [ ${#moves[@]} -gt 0 ] || break
        line=${moves[RANDOM % ${#moves[@]}]}
        pos=${line##*,}
    done
    echo "$pos"
}

# chopsat_least RULES K ARGS...: chopsat's least number of moves for the question ARGS, or "no".
chopsat_least() {
    local rules=$1 k=$2
    shift 2
    "$CHOPSAT" "$@" -k "$k" --rules "$rules" --format json --no-check |
        grep -o '"moves": [0-9a-z]*' | sed 's/"moves": //; s/null/no/'
}
