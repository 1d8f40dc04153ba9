"""chopsat.errors: chopsat's failures as Python exceptions, one class per kind, each carrying the
library's one-line message (and the status it returned)."""


class ChopsatError(Exception):
    """A call of libchopsat failed: str(e) is its one-line message, e.status its status."""

    def __init__(self, message, status=-1):
        super().__init__(message)
        self.message = message
        self.status = status


class RulesError(ChopsatError, ValueError):
    """The rules text names no preset, key or value chopsat knows."""


class PositionError(ChopsatError, ValueError):
    """The text is no position of these rules, or the position is outside them."""


class MoveError(ChopsatError, ValueError):
    """The move is no legal move of the position (or no move in the game's notation)."""


class QuestionError(ChopsatError, ValueError):
    """The question cannot be asked as given (a bound out of range, a player not 1 or 2, ...)."""


class LimitError(ChopsatError):
    """A search or a count would pass its limit: no answer (CHOPSAT_LIMIT)."""


class MismatchError(ChopsatError):
    """A check caught a wrong answer (CHOPSAT_MISMATCH): the message says where."""


class OutOfMemory(ChopsatError, MemoryError):
    """The library ran out of memory (CHOPSAT_NOMEM)."""


def raise_for(status, err, kind=ChopsatError):
    """Raises the exception for a negative status with the message in err (a chopsat_err);
    `kind` is the class for CHOPSAT_ERROR (what a bad argument of this call is)."""
    message = err.msg.decode("utf-8", "replace") or "failed (status %d)" % status
    cls = {-2: LimitError, -3: MismatchError, -4: OutOfMemory, -5: MoveError}.get(status, kind)
    raise cls(message, status)
