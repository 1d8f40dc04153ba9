"""tests/python/test_api.py: every call of the Python package against the command's JSON
answers on the same questions: values and distances, best moves, moves, positions, win, reach
and forced answers (the same answer and least number of moves, every witness replayed with
rules.play), the DIMACS formula, and a model decoded back."""
import subprocess

import pytest

import chopsat
from conftest import CHOPSAT, cli, plain_env

RULES = ["standard", "standard,fingers=7", "standard,split=none", "onedie"]
POSITIONS = {"standard": ["start", "11/04:2", "12/34:1", "00/14:1", "11/22:1"],
             "standard,fingers=7": ["start", "11/06:2", "23/45:1"],
             "standard,split=none": ["start", "11/12:2"],
             "onedie": ["start", "24@3:2", "30@1:1"]}


def replays(rules, frm, witness):
    """The last position of the witness after playing its moves from frm with rules.play
    (each step must land on the position the witness gives)."""
    pos = rules.position(frm)
    for step in witness:
        pos = rules.play(pos, step.move)
        assert pos == step.position, "%s leads to %s, the witness says %s" % (
            step.move, pos, step.position)
    return pos


@pytest.mark.parametrize("spec", RULES)
def test_rules_describe_as_the_command(spec):
    _, doc = cli("solve", "start", "--rules", spec)
    rules = chopsat.Rules(spec)
    assert str(rules.start) == doc["position"]
    assert chopsat.Rules(rules.spec) == rules


@pytest.mark.parametrize("spec", RULES)
def test_values_and_best_moves(spec):
    rules = chopsat.Rules(spec)
    with rules.solve() as sol:
        for p in POSITIONS[spec]:
            _, doc = cli("solve", p, "--rules", spec)
            v = sol.value(p)
            assert v.outcome == doc["value"], p
            assert v.distance == doc["distance"], p
            assert [m.name for m in sol.best_moves(p)] == [m["move"] for m in doc["best_moves"]]
            assert [str(m.to) for m in sol.best_moves(p)] == \
                [m["position"] for m in doc["best_moves"]]
            line = sol.line(p)
            assert [(s.move, str(s.position)) for s in line] == \
                [(m["move"], m["position"]) for m in doc["line"]]
            replays(rules, p, line)


@pytest.mark.parametrize("spec", RULES)
def test_moves_and_play(spec):
    rules = chopsat.Rules(spec)
    for p in POSITIONS[spec]:
        _, doc = cli("moves", p, "--rules", spec)
        moves = rules.moves(p)
        assert [(m.name, str(m.to)) for m in moves] == \
            [(m["move"], m["position"]) for m in doc["moves"]]
        for m in moves:
            assert rules.play(p, m) == m.to
            assert rules.play(p, m.name) == m.to


@pytest.mark.parametrize("spec", ["standard", "standard,fingers=7", "onedie"])
def test_positions_as_stats(spec):
    _, doc = cli("stats", "--rules", spec)
    positions = chopsat.Rules(spec).positions()
    assert len(positions) == doc["positions"]
    assert len(set(positions)) == len(positions)
    assert sum(1 for p in positions if p.over) == doc["terminal"]


QUESTIONS = [
    ("standard", "win", "start", None, 12, 2),
    ("standard", "win", "start", None, 12, 1),
    ("standard", "win", "start", None, 3, 1),
    ("standard", "reach", "start", "11/04:2", 5, 1),
    ("standard", "reach", "start", "00/14:1", 2, 1),
    ("standard,fingers=7", "win", "start", None, 8, 2),
    ("onedie", "win", "start", None, 10, 1),
]


def command_args(spec, kind, frm, to, k, player):
    args = [kind, frm] + ([to] if to else []) + ["-k", str(k), "--rules", spec]
    return args + (["--player", str(player)] if kind == "win" else [])


@pytest.mark.parametrize("spec,kind,frm,to,k,player", QUESTIONS)
def test_win_and_reach(spec, kind, frm, to, k, player):
    rules = chopsat.Rules(spec)
    status, doc = cli(*command_args(spec, kind, frm, to, k, player))
    if kind == "win":
        a = rules.win(frm, within=k, player=player)
    else:
        a = rules.reach(frm, to, within=k)
    assert a.question == doc["question"]
    assert a.yes == (doc["answer"] == "yes") == (status == 10)
    assert a.moves == doc["moves"]
    assert a.checked == doc["checked"]
    assert a.note == doc["check"]
    if a.yes:
        assert len(a.witness) == a.moves == len(doc["witness"])
        end = replays(rules, frm, a.witness)
        if kind == "win":
            assert end.over and end.winner == player
        else:
            assert end == to
        assert [(s.move, str(s.position)) for s in a.witness] == \
            [(s["move"], s["position"]) for s in doc["witness"]]
    else:
        assert a.witness == [] and not a


def test_win_without_a_bound(standard):
    status, doc = cli("win", "start", "-k", "inf", "--player", "2")
    a = standard.win("start", within=None, player=2)
    assert (a.yes, a.moves, a.checked) == (doc["answer"] == "yes", doc["moves"], doc["checked"])
    replays(standard, "start", a.witness)


@pytest.mark.parametrize("spec,frm,k,player", [("standard", "start", 10, 1),
                                               ("standard", "11/04:2", 23, 2),
                                               ("standard", "01/04:2", 5, 2),
                                               ("onedie", "start", 9, 2)])
def test_force(spec, frm, k, player):
    rules = chopsat.Rules(spec)
    status, doc = cli("force", frm, "-k", str(k), "--player", str(player), "--rules", spec)
    f = rules.force(frm, within=k, player=player)
    assert f.question == doc["question"]
    assert f.yes == (doc["answer"] == "yes") == (status == 10)
    assert f.moves == doc["moves"]
    assert [(m.after, m.move, str(m.position)) for m in f.first_moves] == \
        [(m["after"], m["move"], m["position"]) for m in doc["first_moves"]]
    assert f.checked == doc["checked"]
    for first in f.first_moves:
        start = rules.position(frm)
        at = rules.play(start, first.after) if first.after else start
        assert rules.play(at, first.move) == first.position


def test_dimacs_as_the_command(standard, tmp_path):
    q = standard.question("win", "start", within=4, player=2)
    cnf = standard.dimacs(q)
    out = tmp_path / "q.cnf"
    subprocess.run([CHOPSAT, "dimacs", "win", "start", "-k", "4", "--player", "2", "-o",
                    str(out)], check=True, env=plain_env())
    text = out.read_text()
    assert cnf.text.split("\n")[1:] == text.split("\n")[1:] or cnf.text == text
    header = [l for l in text.split("\n") if l.startswith("p cnf")][0].split()
    assert (cnf.nvars, len(cnf.clauses)) == (int(header[2]), int(header[3]))
    names = dict((int(l.split(" ", 3)[2]), l.split(" ", 3)[3]) for l in text.split("\n")
                 if l.startswith("c var "))
    assert cnf.names == names and sorted(names) == list(range(1, cnf.nvars + 1))
    lits = [int(x) for l in text.split("\n") if l and l[0] in "-0123456789" for x in l.split()]
    assert [x for c in cnf.clauses for x in c + [0]] == lits
    assert cnf.var(cnf.names[7]) == 7
    assert all(0 < abs(l) <= cnf.nvars for c in cnf.clauses for l in c)


@pytest.mark.parametrize("options", [["--move-encoding", "binary"], ["--move-encoding", "textbook"],
                                     ["--polarity"]])
def test_dimacs_encodings_as_the_command(standard, tmp_path, options):
    keyword = {"binary": "binary_moves", "textbook": "textbook",
               "--polarity": "plaisted_greenbaum"}[options[-1]]
    cnf = standard.dimacs(within=3, player=2, **{keyword: True})
    out = tmp_path / "q.cnf"
    subprocess.run([CHOPSAT, "dimacs", "win", "start", "-k", "3", "--player", "2", "-o", str(out),
                    *options], check=True, env=plain_env())
    assert cnf.text == out.read_text()
    lits = [int(x) for l in cnf.text.split("\n") if l and l[0] in "-0123456789" for x in l.split()]
    assert [x for c in cnf.clauses for x in c + [0]] == lits


def test_decode_a_model_of_cadical(standard):
    for k, player in ((5, 2), (3, 1)):
        cnf = standard.dimacs(player=player, within=k)
        p = subprocess.run(["cadical", "-q"], input=cnf.text, capture_output=True, text=True,
                           env=plain_env())
        assert p.returncode in (10, 20)
        model = [int(x) for line in p.stdout.split("\n") if line.startswith("v ")
                 for x in line.split()[1:]]
        a = cnf.decode(model if p.returncode == 10 else None)
        b = chopsat.decode(cnf.text, p.stdout)
        c = standard.win(within=k, player=player)
        assert a.yes == b.yes == c.yes == (p.returncode == 10)
        if a.yes:
            assert a.checked and a.moves == len(a.witness) == len(a.path) - 1 >= c.moves
            end = replays(standard, "start", a.witness)
            assert end.winner == player
        else:
            assert not a.checked and "solver" in a.note


def test_a_wrong_model_is_caught(standard):
    cnf = standard.dimacs(player=2, within=4)
    with pytest.raises(chopsat.ChopsatError) as e:
        cnf.decode([1, 2, 3])
    assert "falsifies" in str(e.value)


def test_reprs_read_well(standard):
    a = standard.win("start", within=12, player=2)
    assert repr(a) == "<Answer yes in 4 moves: can player 2 win from 11/11:1 within 12 moves?>"
    assert repr(standard.start) == "Position('11/11:1')"
    assert repr(standard.moves()[0]) == "Move('tap 1>1' -> 11/12:2)"
    assert str(standard.solve().value("start")) == "loss in 26"
    assert [str(s.position) for s in a] == [str(s[1]) for s in a.witness]
    assert repr(standard.question("reach", to="11/04:2", within=3)) == \
        "<Question is 11/04:2 reachable from 11/11:1 within 3 moves?>"
    assert repr(standard.dimacs(within=1)).startswith("<Cnf of ")
    assert chopsat.library_version() == chopsat.__version__
