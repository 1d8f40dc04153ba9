"""tests/python/test_memory.py: handles are freed by their owners: 100,000 questions (checked
answers, moves, plays, rules, failures) in a loop leave the resident memory flat."""
import os

import chopsat

QUESTIONS = int(os.environ.get("CHOPSAT_PY_QUESTIONS", "100000"))


def rss_kib():
    """This process's resident set, in KiB (VmRSS of /proc/self/status)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS in /proc/self/status")


def one(rules, positions, i):
    """Question number i: a checked win question mostly, and the other kinds of call in turn."""
    p = positions[i % len(positions)]
    kind = i % 8
    if kind < 4:
        rules.win(p, within=0, player=1 + i % 2)
    elif kind == 4:
        rules.moves(p)
    elif kind == 5:
        try:
            rules.play(p, "tap 4>4")
        except chopsat.MoveError:
            pass
    elif kind == 6:
        chopsat.Rules("standard,fingers=%d" % (5 + i % 3))
    else:
        try:
            rules.position("9%d/11:1" % (i % 10))
        except chopsat.PositionError:
            pass
    if i % 2000 == 0:
        rules.reach(p, positions[(i + 1) % len(positions)], within=2)
        rules.dimacs(within=1)
        rules.force(p, within=2)
        with rules.solve() as sol:
            sol.value(p)


def test_flat_memory():
    rules = chopsat.Rules("standard")
    positions = rules.positions()[:64]
    for i in range(min(5000, QUESTIONS)):
        one(rules, positions, i)
    before = rss_kib()
    for i in range(QUESTIONS):
        one(rules, positions, i)
    grown = rss_kib() - before
    print("%d questions: resident memory %d KiB before, grew by %d KiB" % (QUESTIONS, before,
                                                                          grown))
    # a leak of 40 bytes a question would be 4 MB here
    assert grown < 4096, "resident memory grew by %d KiB over %d questions" % (grown, QUESTIONS)
