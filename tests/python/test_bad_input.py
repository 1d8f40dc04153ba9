"""tests/python/test_bad_input.py: bad input from Python raises, never crashes: None, wrong
types, huge bounds, bad rules, positions and moves, a closed solution; and every chopsat
failure is a ChopsatError of its kind with chopsat's one-line message."""
import pytest

import chopsat


@pytest.mark.parametrize("spec,word", [("nosuchgame", "nosuchgame"), ("standard,fingers=1", "fingers"),
                                       ("standard,colour=red", "colour"), ("", None)])
def test_bad_rules(spec, word):
    if word is None:
        assert chopsat.Rules(spec).spec.startswith("standard")
        return
    with pytest.raises(chopsat.RulesError) as e:
        chopsat.Rules(spec)
    assert word in str(e.value) and "\n" not in str(e.value)
    assert isinstance(e.value, chopsat.ChopsatError) and isinstance(e.value, ValueError)


@pytest.mark.parametrize("bad", [None, 5, 2.5, b"standard", ["standard"]])
def test_rules_of_the_wrong_type(bad):
    with pytest.raises(TypeError):
        chopsat.Rules(bad)


def test_nul_in_text(standard):
    with pytest.raises(ValueError):
        chopsat.Rules("standard\0,fingers=7")
    with pytest.raises(ValueError):
        standard.position("11/11\0:1")


@pytest.mark.parametrize("pos", ["", "11/1", "99/99:1", "11/11:3", "x" * 100000, "start:2x"])
def test_bad_positions(standard, pos):
    with pytest.raises(chopsat.PositionError) as e:
        standard.moves(pos)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("pos", [None, 11, 1.0, b"11/11:1", object()])
def test_positions_of_the_wrong_type(standard, pos):
    for call in (standard.moves, standard.position, lambda p: standard.play(p, "tap 1>1"),
                 lambda p: standard.win(p, within=3), standard.positions):
        with pytest.raises(TypeError):
            call(pos)


def test_position_of_other_rules(standard):
    seven = chopsat.Rules("standard,fingers=7")
    with pytest.raises(chopsat.PositionError):
        standard.moves(seven.position("66/66:1"))
    assert standard.moves(chopsat.Rules("standard").start)  # same rules, another handle


@pytest.mark.parametrize("move,kind", [("tap 5>1", chopsat.MoveError), ("hello", chopsat.MoveError),
                                       ("", chopsat.MoveError), ("2", chopsat.MoveError)])
def test_illegal_moves(standard, move, kind):
    with pytest.raises(kind):
        standard.play("start", move)


def test_no_move_at_the_end(standard):
    with pytest.raises(chopsat.MoveError):
        standard.play("00/14:1", "tap 1>1")


@pytest.mark.parametrize("move", [None, 3, object()])
def test_moves_of_the_wrong_type(standard, move):
    with pytest.raises(TypeError):
        standard.play("start", move)


@pytest.mark.parametrize("within", [-1, chopsat.MAX_K + 1, 2 ** 31, 2 ** 64, 10 ** 100])
def test_huge_or_negative_bounds(standard, within):
    for call in (lambda: standard.win(within=within), lambda: standard.dimacs(within=within),
                 lambda: standard.force(within=within),
                 lambda: standard.reach("start", "11/04:2", within=within)):
        with pytest.raises(chopsat.QuestionError):
            call()


@pytest.mark.parametrize("within", ["3", 3.0, True, [3]])
def test_bounds_of_the_wrong_type(standard, within):
    with pytest.raises(TypeError):
        standard.win(within=within)


@pytest.mark.parametrize("player", [0, 3, -1, 2 ** 70])
def test_bad_players(standard, player):
    with pytest.raises(chopsat.QuestionError):
        standard.win(within=3, player=player)
    with pytest.raises(TypeError):
        standard.win(within=3, player=str(player))


def test_questions_that_cannot_be_asked(standard):
    with pytest.raises(chopsat.QuestionError):
        standard.force(within=None)
    with pytest.raises(chopsat.QuestionError):
        standard.dimacs(within=None)
    with pytest.raises(TypeError):
        standard.reach("start", None, within=3)
    with pytest.raises(chopsat.QuestionError):
        standard.question("maybe", within=3)
    with pytest.raises(chopsat.QuestionError):
        standard.win(within=3, repeat="never")
    with pytest.raises(chopsat.ChopsatError) as e:
        standard.win(within=3, solver="nosuchsolver")
    assert "nosuchsolver" in str(e.value)
    with pytest.raises(TypeError):
        standard.win(within=3, solver=5)


def test_a_closed_solution(standard):
    sol = standard.solve()
    sol.close()
    sol.close()
    with pytest.raises(chopsat.ChopsatError):
        sol.value("start")
    with standard.solve() as s:
        pass
    with pytest.raises(chopsat.ChopsatError):
        s.best_moves("start")


def test_limit_past_the_explicit_solver():
    wide = chopsat.Rules("standard,fingers=1000000")
    with pytest.raises(chopsat.ChopsatError) as e:
        wide.solve()
    assert "\n" not in str(e.value)


def test_decode_garbage(standard):
    with pytest.raises(chopsat.ChopsatError):
        chopsat.decode("p cnf 1 1\n1 0\n", "s SATISFIABLE\nv 1 0\n")
    with pytest.raises(chopsat.ChopsatError):
        chopsat.decode("", "")
    with pytest.raises(TypeError):
        chopsat.decode(None, "s UNSATISFIABLE\n")
    cnf = standard.dimacs(within=2)
    with pytest.raises(TypeError):
        cnf.decode("1 2 3")
    with pytest.raises(TypeError):
        cnf.decode([1, "2"])
    with pytest.raises(chopsat.ChopsatError):
        chopsat.decode(cnf.text, "s MAYBE\n")


def test_bad_timeouts(standard):
    for bad in ("1", [1]):
        with pytest.raises(TypeError):
            standard.win(within=3, timeout=bad)
    for bad in (-1, float("nan"), float("inf")):
        with pytest.raises(chopsat.QuestionError):
            standard.win(within=3, timeout=bad)
        with pytest.raises(chopsat.QuestionError):
            standard.force(within=3, timeout=bad)
    assert standard.win(within=3, timeout=30, incremental=False).moves is None


def test_too_many_moves_to_list():
    wide = chopsat.Rules("standard,fingers=2199023255552")
    pos = wide.position("1,1/0,2199023255550:2")
    with pytest.raises(chopsat.LimitError) as e:
        wide.moves(pos)
    assert "too many" in str(e.value) and e.value.status == -2
    assert str(wide.play(pos, "split 5,2199023255545")) == "1,1/5,2199023255545:1"
