"""chopsat: Chopsticks-family games as SAT, QBF and BDD problems, every answer checked by an
independent explicit engine; a Python binding of libchopsat (docs/python.md).

    >>> import chopsat
    >>> rules = chopsat.Rules("standard")
    >>> rules.win("start", within=12, player=2)
    <Answer yes in 4 moves: can player 2 win from 11/11:1 within 12 moves?>
"""
from ._lib import lib as _lib_handle
from .errors import (ChopsatError, LimitError, MismatchError, MoveError, OutOfMemory,
                     PositionError, QuestionError, RulesError)
from .game import Move, Position, Rules, Solution, Step, Value
from .questions import Answer, Cnf, FirstMove, ForceAnswer, Question, decode

__version__ = "0.1.0"
MAX_K = 100000


def library_version():
    """The version of the libchopsat loaded ("0.1.0")."""
    return _lib_handle.chopsat_version().decode("ascii")


__all__ = ["Answer", "ChopsatError", "Cnf", "FirstMove", "ForceAnswer", "LimitError",
           "MismatchError", "Move", "MoveError", "OutOfMemory", "Position", "PositionError",
           "Question", "QuestionError", "Rules", "RulesError", "Solution", "Step", "Value",
           "decode", "library_version", "MAX_K"]
