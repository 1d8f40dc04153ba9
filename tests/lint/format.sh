#!/usr/bin/env bash
# tests/lint/format.sh: every C file of the repository is as `make format` (clang-format with
# .clang-format) leaves it. The house style is clang-format 14's reading of .clang-format (Debian
# 12's clang-format, installed by `make setup`); another major version lays some lines out
# otherwise, so with another version (or none) the check is skipped and says why, never passed.
. "$(dirname "$0")/../cli/lib.sh"
cd "$(dirname "$0")/../.." || exit 2
SKIP=0
want=14
version=$(clang-format --version 2>/dev/null | sed -n 's/.*version \([0-9]*\)\..*/\1/p')
if [ -z "$version" ] || [ "$version" != "$want" ]; then
    echo "skip format-every-c-file: clang-format $want is needed (found: ${version:-none})"
    SKIP=1
elif selected format-every-c-file; then
    bad=""
    while IFS= read -r f; do
        clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || bad="$bad $f"
    done < <(git ls-files 'src/*.c' 'src/*.h' 'include/*.h' 'tests/*.c' 'tests/*.h')
    verdict format-every-c-file "${bad:+not formatted (run make format):$bad}"
fi
echo "$PASS passed, $FAIL failed, $SKIP skipped"
