"""tests/python/test_hands.py: any number of hands (the rules option count, docs/rules.md) from
Python: rules.hands(player) through chopsat_rules_hands, positions of 3/2 and 1/1 hands with
their fields, moves and values against the command's JSON answers, and a position with the
wrong number of hands refused."""
import pytest

import chopsat
from conftest import cli

SPECS = {"standard,count=3/2,fingers=4": (3, 2, "111/11:1"),
         "standard,count=1,fingers=4": (1, 1, "1/1:1"),
         "standard,count=3,hands=ordered,fingers=3": (3, 3, "111/111:1")}


@pytest.mark.parametrize("spec", sorted(SPECS))
def test_hands_and_start(spec):
    a, b, start = SPECS[spec]
    rules = chopsat.Rules(spec)
    assert (rules.hands(1), rules.hands(2)) == (a, b)
    assert str(rules.start) == start
    assert rules.start.fields == (1,) * (a + b)
    _, doc = cli("solve", "start", "--rules", spec)
    assert doc["position"] == start


@pytest.mark.parametrize("spec", sorted(SPECS))
def test_moves_and_values_as_the_command(spec):
    rules = chopsat.Rules(spec)
    _, doc = cli("moves", "start", "--rules", spec)
    moves = rules.moves("start")
    assert [(m.name, str(m.to)) for m in moves] == \
        [(m["move"], m["position"]) for m in doc["moves"]]
    with rules.solve() as sol:
        for m in moves:
            _, d = cli("solve", str(m.to), "--rules", spec)
            v = sol.value(m.to)
            assert (v.outcome, v.distance) == (d["value"], d["distance"]), str(m.to)
            assert rules.play("start", m.name) == m.to


def test_two_hands_and_no_hands():
    assert (chopsat.Rules("standard").hands(1), chopsat.Rules("standard").hands(2)) == (2, 2)
    assert chopsat.Rules("standard").start.fields == (1, 1, 1, 1)
    assert chopsat.Rules("onedie").hands(1) == 0
    for bad in (0, 3, True, "1"):
        with pytest.raises(ValueError):
            chopsat.Rules("standard").hands(bad)


def test_wrong_number_of_hands_refused():
    with pytest.raises(chopsat.PositionError):
        chopsat.Rules("standard,count=3/2").position("11/11:1")
