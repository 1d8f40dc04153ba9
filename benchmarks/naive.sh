# benchmarks/naive.sh (sourced by peers.sh and sizes.sh): chopsat at commit 233d5ae, the encoding
# of 2026-11-22 that computed every candidate successor and picked one by a one-hot multiplexer,
# with the forced question's nested win(t) gates; issue 9 and 13's "today". naive_build builds it
# from git history into build/naive once and sets $naive to its binary ("" outside a git clone
# or when the build fails).
naive_commit=233d5ae
naive_build() {
    naive=""
    git rev-parse -q --verify "$naive_commit^{commit}" >/dev/null 2>&1 || return 0
    if [ ! -x build/naive/chopsat ]; then
        rm -rf build/naive && mkdir -p build/naive
        git archive "$naive_commit" | tar -x -C build/naive &&
            make -C build/naive -j2 chopsat >/dev/null 2>&1 || echo "could not build $naive_commit" >&2
    fi
    [ -x build/naive/chopsat ] && naive=build/naive/chopsat
    return 0
}
