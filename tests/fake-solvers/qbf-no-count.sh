#!/bin/sh
# A QBF solver that says "false" to every formula and appends one line per call to the file
# named by FAKE_COUNT (tests/cli/wide_answers.sh counts the calls force makes after a "no").
[ -n "$FAKE_COUNT" ] && echo call >>"$FAKE_COUNT"
echo "s cnf 0"
exit 20
