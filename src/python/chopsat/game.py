"""chopsat.game: rules, positions, moves and the explicit solver's values."""
import ctypes
from collections import namedtuple

from . import _lib
from ._lib import lib
from .errors import (ChopsatError, MoveError, PositionError, QuestionError, RulesError,
                     raise_for)

_VALUE_WORDS = {_lib.WIN: "win", _lib.LOSS: "loss", _lib.DRAW: "draw", _lib.UNKNOWN: "unknown"}
_KIND_WORDS = {_lib.TAP: "tap", _lib.SPLIT: "split", _lib.ROLL: "roll"}


def _text(value, what):
    """value as bytes for a C string: a str without NUL, else TypeError/ValueError."""
    if not isinstance(value, str):
        raise TypeError("%s must be a str, not %s" % (what, type(value).__name__))
    if "\0" in value:
        raise ValueError("%s holds a NUL character" % what)
    return value.encode("utf-8")


class Position:
    """A position of some rules, immutable: str() is chopsat's notation ("11/04:2"), .mover the
    player to move (1 or 2), .fields its numbers: every hand, player 1's then player 2's (four
    with two hands each), or the one-die total, face and two zeros."""

    __slots__ = ("_rules", "_pos")

    def __init__(self, rules, pos):
        self._rules = rules
        self._pos = _lib.Pos()
        ctypes.memmove(ctypes.byref(self._pos), ctypes.byref(pos), ctypes.sizeof(_lib.Pos))

    @property
    def rules(self):
        return self._rules

    @property
    def mover(self):
        return int(self._pos.mover)

    @property
    def fields(self):
        n = self._rules.hands(1) + self._rules.hands(2)
        return tuple(int(x) for x in self._pos.v[:n or 4])

    @property
    def over(self):
        """True when the game is over here (no legal move)."""
        return lib.chopsat_pos_outcome(self._rules._handle, ctypes.byref(self._pos)) != 0

    @property
    def winner(self):
        """1 or 2: who has won this terminal position; None when the game is not over."""
        return lib.chopsat_pos_winner(self._rules._handle, ctypes.byref(self._pos)) or None

    def __str__(self):
        buf = ctypes.create_string_buffer(_lib.POS_MAX)
        lib.chopsat_pos_format(self._rules._handle, ctypes.byref(self._pos), buf, _lib.POS_MAX)
        return buf.value.decode("utf-8")

    def __repr__(self):
        return "Position(%r)" % str(self)

    def _key(self):
        return (self._rules.spec, self.fields, self.mover)

    def __eq__(self, other):
        if isinstance(other, str):
            try:
                other = self._rules.position(other)
            except (ChopsatError, TypeError, ValueError):
                return False
        if not isinstance(other, Position):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self):
        return hash(self._key())


class Move:
    """A legal move: .name as people type it ("tap 1>3", "split 2,2", "roll 5"), .kind ("tap",
    "split", "add", "roll") and .to, the position it leads to. str() is the name."""

    __slots__ = ("name", "kind", "to")

    def __init__(self, rules, move):
        self.name = move.name.decode("utf-8")
        self.kind = _KIND_WORDS.get(move.kind, str(move.kind))
        self.to = Position(rules, move.to)

    def __str__(self):
        return self.name

    def __repr__(self):
        return "Move(%r -> %s)" % (self.name, self.to)

    def __eq__(self, other):
        if isinstance(other, str):
            return self.name == other
        if not isinstance(other, Move):
            return NotImplemented
        return (self.name, self.to) == (other.name, other.to)

    def __hash__(self):
        return hash((self.name, self.to))


# One step of a line of play: the move's name and the position it leads to.
Step = namedtuple("Step", "move position")


class Value(namedtuple("Value", "outcome distance")):
    """A solved position's value for its player to move: .outcome "win", "loss" or "draw", and
    .distance, the moves to the end with best play (None for a draw). .win/.loss/.draw too."""

    __slots__ = ()

    @property
    def win(self):
        return self.outcome == "win"

    @property
    def loss(self):
        return self.outcome == "loss"

    @property
    def draw(self):
        return self.outcome == "draw"

    def __str__(self):
        return self.outcome if self.distance is None else "%s in %d" % (self.outcome,
                                                                       self.distance)


def _moves_of(rules, moves):
    """The chopsat_moves list as a Python list of Move."""
    return [Move(rules, moves.items[i]) for i in range(moves.n)]


class Rules:
    """Parsed rules: Rules("standard,fingers=7"). Raises RulesError with chopsat's message."""

    def __init__(self, spec="standard"):
        if spec is None:
            raise TypeError("the rules must be a str such as 'standard,fingers=7', not None")
        err = _lib.Err()
        handle = lib.chopsat_rules_parse(_text(spec, "the rules"), ctypes.byref(err))
        if not handle:
            raise_for(_lib.ERROR, err, RulesError)
        self._handle = handle
        self._describe()

    def _describe(self):
        """Sets .spec (the canonical description) and .game from the handle."""
        buf = ctypes.create_string_buffer(1024)
        n = lib.chopsat_rules_describe(self._handle, buf, 1024)
        if n >= 1024:
            buf = ctypes.create_string_buffer(n + 1)
            lib.chopsat_rules_describe(self._handle, buf, n + 1)
        self.spec = buf.value.decode("utf-8")
        self.game = lib.chopsat_rules_game(self._handle).decode("utf-8")

    def __del__(self):
        handle, self._handle = getattr(self, "_handle", None), None
        if handle and lib is not None:  # at the interpreter's exit, lib may be gone already
            lib.chopsat_rules_free(handle)

    def __repr__(self):
        return "Rules(%r)" % self.spec

    def __eq__(self, other):
        return isinstance(other, Rules) and self.spec == other.spec

    def __hash__(self):
        return hash(self.spec)

    def hands(self, player):
        """The number of hands player (1 or 2) has: 1 .. 8 in the chopsticks family (the rules
        option count, 2 unless it says otherwise), 0 in a game without hands."""
        if player not in (1, 2) or isinstance(player, bool):
            raise ValueError("the player must be 1 or 2, not %r" % (player,))
        return int(lib.chopsat_rules_hands(self._handle, player))

    @property
    def start(self):
        """The start position."""
        pos = _lib.Pos()
        lib.chopsat_pos_start(self._handle, ctypes.byref(pos))
        return Position(self, pos)

    def position(self, pos):
        """pos as a Position of these rules: a text in chopsat's notation ("start", "11/04:2",
        "1,1/0,4:2", "24@3") or a Position (checked against these rules)."""
        return Position(self, self._pos(pos))

    def _pos(self, pos, what="the position"):
        """pos as a checked chopsat_pos of these rules."""
        err = _lib.Err()
        if isinstance(pos, Position):
            if pos._rules is not self and pos._rules.spec != self.spec:
                raise PositionError("%s %s belongs to other rules (%s, not %s)" %
                                    (what, pos, pos._rules.spec, self.spec), _lib.ERROR)
            out = pos._pos
            rc = lib.chopsat_pos_check(self._handle, ctypes.byref(out), ctypes.byref(err))
        elif isinstance(pos, str):
            out = _lib.Pos()
            rc = lib.chopsat_pos_parse(self._handle, _text(pos, what), ctypes.byref(out),
                                       ctypes.byref(err))
        else:
            raise TypeError("%s must be a str such as '11/04:2' or a Position, not %s" %
                            (what, type(pos).__name__))
        if rc != _lib.OK:
            raise_for(rc, err, PositionError)
        return out

    def moves(self, pos="start"):
        """The legal moves of pos (one per distinct resulting position), as a list of Move."""
        p = self._pos(pos)
        moves, err = _lib.Moves(), _lib.Err()
        try:
            rc = lib.chopsat_moves_list(self._handle, ctypes.byref(p), ctypes.byref(moves),
                                        ctypes.byref(err))
            if rc != _lib.OK:
                raise_for(rc, err)
            return _moves_of(self, moves)
        finally:
            lib.chopsat_moves_free(ctypes.byref(moves))

    def play(self, pos, move):
        """The position after move at pos: move as people type it ("tap 1>3", "1>3", "split
        2,2") or a Move of pos. Raises MoveError with the rule that forbids it."""
        p = self._pos(pos)
        if isinstance(move, Move):
            move = move.name
        out, err, renamed = _lib.Move(), _lib.Err(), ctypes.c_bool()
        rc = lib.chopsat_move_parse(self._handle, ctypes.byref(p), _text(move, "the move"),
                                    ctypes.byref(out), ctypes.byref(renamed), ctypes.byref(err))
        if rc != _lib.OK:
            raise_for(rc, err, MoveError)
        return Position(self, out.to)

    def positions(self, frm="start"):
        """Every position reachable from frm (frm first), in breadth-first order, as a list."""
        p = self._pos(frm)
        err = _lib.Err()
        handle = lib.chopsat_explore(self._handle, ctypes.byref(p), ctypes.byref(err))
        if not handle:
            raise_for(_lib.ERROR, err)
        try:
            out, pos = [], _lib.Pos()
            for i in range(lib.chopsat_reach_count(handle)):
                lib.chopsat_reach_at(handle, i, ctypes.byref(pos))
                out.append(Position(self, pos))
            return out
        finally:
            lib.chopsat_reach_set_free(handle)

    def solve(self):
        """Every position solved by the explicit solver: a Solution (a context manager: its
        memory, 10 bytes a position of the game, is freed when the block ends)."""
        return Solution(self)

    # The questions (chopsat.questions) are added below by that module.


class Solution:
    """The explicit solver's values of every position: .value(pos), .best_moves(pos),
    .line(pos). Use it in a with block, or .close() it, to free its memory at once."""

    def __init__(self, rules):
        err = _lib.Err()
        handle = lib.chopsat_solve(rules._handle, None, None, ctypes.byref(err))
        if not handle:
            raise_for(_lib.ERROR, err)
        self.rules, self._handle = rules, handle

    def close(self):
        """Frees the solution (later calls raise ChopsatError)."""
        handle, self._handle = getattr(self, "_handle", None), None
        if handle and lib is not None:  # at the interpreter's exit, lib may be gone already
            lib.chopsat_solution_free(handle)

    __del__ = close

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __repr__(self):
        return "<Solution of %s%s>" % (self.rules, "" if self._handle else " (closed)")

    def _open(self):
        if not self._handle:
            raise ChopsatError("the solution is closed", _lib.ERROR)
        return self._handle

    def value(self, pos):
        """pos's Value for its player to move (outcome and distance)."""
        handle, p = self._open(), self.rules._pos(pos)
        d = ctypes.c_uint32()
        v = lib.chopsat_value(handle, ctypes.byref(p), ctypes.byref(d))
        if v == _lib.UNKNOWN:
            raise PositionError("%s has no value in these rules" % pos, _lib.ERROR)
        return Value(_VALUE_WORDS[v], None if v == _lib.DRAW else int(d.value))

    def _moves(self, call, pos, *extra):
        handle, p = self._open(), self.rules._pos(pos)
        moves, err = _lib.Moves(), _lib.Err()
        try:
            rc = call(handle, ctypes.byref(p), *extra, ctypes.byref(moves), ctypes.byref(err))
            if rc != _lib.OK:
                raise_for(rc, err)
            return _moves_of(self.rules, moves)
        finally:
            lib.chopsat_moves_free(ctypes.byref(moves))

    def best_moves(self, pos):
        """The best moves of pos: for a win every move to a loss one nearer, for a loss every
        slowest defence, for a draw every move that keeps the draw."""
        return self._moves(lib.chopsat_best_moves, pos)

    def line(self, pos, max_len=1000):
        """The principal variation from pos, as a list of Step(move, position)."""
        if not isinstance(max_len, int) or isinstance(max_len, bool) or max_len < 0:
            raise QuestionError("max_len must be an int >= 0", _lib.ERROR)
        moves = self._moves(lib.chopsat_principal_line, pos, min(max_len, 1 << 30))
        return [Step(m.name, m.to) for m in moves]
