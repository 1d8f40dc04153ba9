"""chopsat.questions: reach, win and forced questions, answered and checked by the library
(chopsat_ask, chopsat_force); their DIMACS formulas as clauses and names (chopsat_bmc_cnf) and
as files (chopsat_bmc_dimacs); another solver's model decoded and checked (chopsat_decode,
chopsat_decode_check)."""
import ctypes

from . import _lib
from ._lib import lib
from .errors import QuestionError, raise_for
from .game import Position, Rules, Step, _text

_REPEATS = {"off": _lib.REPEAT_OFF, "immediate": _lib.REPEAT_IMMEDIATE, "path": _lib.REPEAT_PATH}


def _bound(within):
    """within as the query's k: an int 0 .. CHOPSAT_MAX_K, or None for no bound."""
    if within is None:
        return _lib.NO_BOUND
    if not isinstance(within, int) or isinstance(within, bool):
        raise TypeError("within must be an int (or None: no bound), not %s" %
                        type(within).__name__)
    if within < 0 or within > _lib.MAX_K:
        raise QuestionError("within must be 0 .. %d moves, not %d" % (_lib.MAX_K, within),
                            _lib.ERROR)
    return within


def _player(player):
    if not isinstance(player, int) or isinstance(player, bool):
        raise TypeError("player must be 1 or 2, not %s" % type(player).__name__)
    if player not in (1, 2):
        raise QuestionError("player must be 1 or 2, not %d" % player, _lib.ERROR)
    return player


def _engine_text(value, what):
    return None if value is None else _text(value, what)


class Question:
    """A question in chopsat's terms (docs/questions.md): win (can `player` win from `frm`
    within `within` moves?) or reach (can `to` be reached from `frm`?); `within=None` asks
    "ever?"; exact asks for exactly `within` moves; repeat is "off", "immediate" or "path".
    Made by Rules.question, and by Rules.win / Rules.reach, which answer it too."""

    def __init__(self, rules, kind, frm, to, within, player, exact, repeat):
        if not isinstance(rules, Rules):
            raise TypeError("rules must be a chopsat.Rules")
        if kind not in ("win", "reach"):
            raise QuestionError("a question is 'win' or 'reach', not %r" % (kind,), _lib.ERROR)
        if repeat not in _REPEATS:
            raise QuestionError("repeat is one of off, immediate, path, not %r" % (repeat,),
                                _lib.ERROR)
        q = _lib.Query()
        q.kind = _lib.Q_WIN if kind == "win" else _lib.Q_REACH
        q.frm = rules._pos(frm, "the start of the question")
        if kind == "reach":
            if to is None:
                raise TypeError("a reach question needs a position to reach (to=...)")
            q.target = rules._pos(to, "the position to reach")
        q.player = _player(player)
        q.k = _bound(within)
        q.repeat = _REPEATS[repeat]
        q.exact = bool(exact)
        err = _lib.Err()
        rc = lib.chopsat_query_check(rules._handle, ctypes.byref(q), ctypes.byref(err))
        if rc != _lib.OK:
            raise_for(rc, err, QuestionError)
        self.rules, self.kind, self._q = rules, kind, q

    def text(self, forced=False):
        """The question in words ("can player 1 win from 11/11:1 within 12 moves?")."""
        buf = ctypes.create_string_buffer(512)
        n = lib.chopsat_query_describe(self.rules._handle, ctypes.byref(self._q), forced, buf,
                                       512)
        if n >= 512:
            buf = ctypes.create_string_buffer(n + 1)
            lib.chopsat_query_describe(self.rules._handle, ctypes.byref(self._q), forced, buf,
                                       n + 1)
        return buf.value.decode("utf-8")

    def __str__(self):
        return self.text()

    def __repr__(self):
        return "<Question %s>" % self.text()


def _steps(rules, moves):
    """A chopsat_moves list as Step(move name, position) tuples."""
    if not moves:
        return []
    m = moves[0]
    return [Step(m.items[i].name.decode("utf-8"), Position(rules, m.items[i].to))
            for i in range(m.n)]


class Answer:
    """A checked answer: .yes (bool), .moves (the least number of moves for a yes, or k with
    exact; None for a no), .witness (a yes's moves as Step(move, position) tuples, which
    rules.play replays), .checked (True when the explicit engine agrees over the question),
    .note (what checked it, or what was not checked and why), .question (in words)."""

    def __init__(self, question, yes, moves, witness, checked, note, **more):
        self.question = question
        self.yes, self.moves, self.witness = yes, moves, witness
        self.checked, self.note = checked, note
        self.__dict__.update(more)

    def __bool__(self):
        return self.yes

    def __iter__(self):
        """The witness's steps (none for a no)."""
        return iter(self.witness)

    def __len__(self):
        return len(self.witness)

    def __repr__(self):
        head = ("yes in %d move%s" % (self.moves, "" if self.moves == 1 else "s")) if self.yes \
            else "no"
        return "<%s %s: %s%s>" % (type(self).__name__, head, self.question,
                                  "" if self.checked else " (not fully checked)")


class ForceAnswer(Answer):
    """A checked forced answer (chopsat_force): as Answer, where .moves is the least k for a
    yes, .witness the chooser's first moves as Step(move, position) tuples, .first_moves the
    same with who moved just before (FirstMove), .chooser whose tree it is (the player for a
    yes, the opponent for a no), .solver the engine, .tree_note how the tree was built."""


class FirstMove(tuple):
    """A first move of the chooser: (after, move, position), after the other side's move just
    before (None at the root)."""

    __slots__ = ()

    def __new__(cls, after, move, position):
        return tuple.__new__(cls, (after, move, position))

    after = property(lambda self: self[0])
    move = property(lambda self: self[1])
    position = property(lambda self: self[2])

    def __repr__(self):
        return "FirstMove(after=%r, move=%r, position=%r)" % self


def _seconds(timeout):
    """timeout as seconds for the library: None (or 0) for none, else a number > 0."""
    if timeout is None:
        return 0.0
    if not isinstance(timeout, (int, float)) or isinstance(timeout, bool):
        raise TypeError("timeout must be seconds (a number) or None, not %s" %
                        type(timeout).__name__)
    if not timeout >= 0 or timeout == float("inf"):
        raise QuestionError("timeout must be a number of seconds >= 0", _lib.ERROR)
    return float(timeout)


def ask(question, solver=None, engine=None, check=True, incremental=True, binary_moves=False,
        textbook=False, plaisted_greenbaum=False, timeout=None):
    """Answers a reach or win Question with a SAT engine (BMC; IC3 or k-induction, engine="kind",
    without a bound) and checks it (chopsat_ask). The options are the command's (docs/cli.md):
    the solver, the engine, incremental deepening (the default; False: --no-incremental), the
    move encoding and Plaisted-Greenbaum clauses, a time limit per solver call in seconds, and
    check=False for --no-check. Returns an Answer."""
    if not isinstance(question, Question):
        raise TypeError("ask needs a chopsat.Question")
    rules = question.rules
    opts = _lib.AskOpts()
    opts.bmc.solver = _engine_text(solver, "the solver")
    opts.bmc.timeout = _seconds(timeout)
    opts.bmc.incremental = bool(incremental)
    opts.bmc.binary_moves, opts.bmc.textbook = bool(binary_moves), bool(textbook)
    opts.bmc.plaisted_greenbaum = bool(plaisted_greenbaum)
    opts.engine = _engine_text(engine, "the engine")
    opts.no_check = not check
    opts.no_check_why = b"check=False" if not check else None
    out, err = ctypes.c_void_p(), _lib.Err()
    rc = lib.chopsat_ask(rules._handle, ctypes.byref(question._q), ctypes.byref(opts),
                         ctypes.byref(out), ctypes.byref(err))
    if rc < 0:
        raise_for(rc, err)
    try:
        a = out.value
        moves = lib.chopsat_answer_moves(a)
        return Answer(question.text(), lib.chopsat_answer_value(a) == _lib.YES,
                      None if moves < 0 else moves,
                      _steps(rules, lib.chopsat_answer_witness(a)),
                      bool(lib.chopsat_answer_checked(a)),
                      (lib.chopsat_answer_note(a) or b"").decode("utf-8"))
    finally:
        lib.chopsat_answer_free(out)


def force(question, solver=None, check=True, timeout=None):
    """Answers "can the player force the goal within K moves?" (the BDD layers by default, or a
    QBF solver: solver="depqbf") and checks it (chopsat_force). Returns a ForceAnswer."""
    if not isinstance(question, Question):
        raise TypeError("force needs a chopsat.Question")
    if question._q.k == _lib.NO_BOUND:
        raise QuestionError("a forced question needs a bound (within=K)", _lib.ERROR)
    rules = question.rules
    opts = _lib.ForceOpts()
    opts.solver = _engine_text(solver, "the solver")
    opts.timeout = _seconds(timeout)
    opts.no_check = not check
    opts.no_check_why = b"check=False" if not check else None
    out, err = ctypes.c_void_p(), _lib.Err()
    rc = lib.chopsat_force(rules._handle, ctypes.byref(question._q), ctypes.byref(opts),
                           ctypes.byref(out), ctypes.byref(err))
    if rc < 0:
        raise_for(rc, err)
    try:
        r = out.value
        moves = lib.chopsat_force_moves(r)
        fm = ctypes.POINTER(_lib.ForceMove)()
        first = []
        for i in range(lib.chopsat_force_first_moves(r, ctypes.byref(fm))):
            f = fm[i]
            first.append(FirstMove(f.after.name.decode("utf-8") or None, f.move.name.decode("utf-8"),
                                   Position(rules, f.move.to)))
        return ForceAnswer(question.text(forced=True), lib.chopsat_force_value(r) == _lib.YES,
                           None if moves < 0 else moves,
                           [Step(f.move, f.position) for f in first],
                           bool(lib.chopsat_force_checked(r)),
                           (lib.chopsat_force_check_note(r) or b"").decode("utf-8"),
                           first_moves=first, chooser=lib.chopsat_force_chooser(r),
                           solver=(lib.chopsat_force_solver(r) or b"").decode("utf-8"),
                           first_by=(lib.chopsat_force_first_by(r) or b"").decode("utf-8"),
                           tree_note=(lib.chopsat_force_tree_note(r) or b"").decode("utf-8"))
    finally:
        lib.chopsat_force_free(out)


class Cnf:
    """A question as one DIMACS CNF: .clauses (lists of ints, as PySAT and z3 take them), .nvars,
    .names ({variable: name}, the complete variable map), .text (the DIMACS file itself, header
    comments included, as chopsat_bmc_dimacs writes it) and .decode(model), which reads a model
    back. The clauses and names come from chopsat_bmc_cnf: those of the file, in memory."""

    def __init__(self, question, opts):
        self.question, self._opts, self._text = question, opts, None
        out, err = ctypes.c_void_p(), _lib.Err()
        rc = lib.chopsat_bmc_cnf(question.rules._handle, ctypes.byref(question._q),
                                 ctypes.byref(opts), ctypes.byref(out), ctypes.byref(err))
        if rc != _lib.OK:
            raise_for(rc, err)
        try:
            c = out.value
            self.nvars = lib.chopsat_cnf_vars(c)
            lits = ctypes.POINTER(ctypes.c_int)()
            n = lib.chopsat_cnf_lits(c, ctypes.byref(lits))
            self.clauses, clause = [], []
            for lit in lits[:n]:
                if lit:
                    clause.append(lit)
                else:
                    self.clauses.append(clause)
                    clause = []
            self.names = {v: lib.chopsat_cnf_name(c, v).decode("utf-8")
                          for v in range(1, self.nvars + 1)}
        finally:
            lib.chopsat_cnf_free(out)

    @property
    def text(self):
        """The DIMACS file (written once, when first asked for)."""
        if self._text is None:
            err = _lib.Err()
            with _lib.MemoryOut() as f:
                rc = lib.chopsat_bmc_dimacs(self.question.rules._handle,
                                            ctypes.byref(self.question._q),
                                            ctypes.byref(self._opts), f.file, ctypes.byref(err))
                f.close()
            if rc != _lib.OK:
                raise_for(rc, err)
            self._text = f.data.decode("utf-8")
        return self._text

    def __repr__(self):
        return "<Cnf of %d variables and %d clauses: %s>" % (self.nvars, len(self.clauses),
                                                             self.question)

    def __iter__(self):
        return iter(self.clauses)

    def __len__(self):
        return len(self.clauses)

    def var(self, name):
        """The variable named name ("f3.p1.h0[2]"); KeyError when there is none."""
        for v, n in self.names.items():
            if n == name:
                return v
        raise KeyError(name)

    def decode(self, model):
        """Reads a model back: model is the true literals (an iterable of ints, every variable
        or some; a variable left out is false), or None for "unsatisfiable". Returns an Answer
        whose witness was replayed by the explicit move generator (chopsat_decode_check)."""
        if model is None:
            out = "s UNSATISFIABLE\n"
        else:
            if isinstance(model, (str, bytes)):
                raise TypeError("the model is an iterable of ints (the true literals), or None")
            lits = []
            for lit in model:
                if not isinstance(lit, int) or isinstance(lit, bool):
                    raise TypeError("a model's literals are ints, not %s" % type(lit).__name__)
                if lit != 0 and abs(lit) <= self.nvars:
                    lits.append(lit)
            out = "s SATISFIABLE\nv %s 0\n" % " ".join(str(x) for x in lits)
        return decode(self.text, out)


def dimacs(question, binary_moves=False, textbook=False, plaisted_greenbaum=False):
    """The question as one DIMACS CNF (within K, or exactly K), with its variable map: a Cnf."""
    if not isinstance(question, Question):
        raise TypeError("dimacs needs a chopsat.Question")
    if question._q.k == _lib.NO_BOUND:
        raise QuestionError("a DIMACS formula needs a bound (within=K)", _lib.ERROR)
    opts = _lib.BmcOpts()
    opts.binary_moves, opts.textbook = bool(binary_moves), bool(textbook)
    opts.plaisted_greenbaum = bool(plaisted_greenbaum)
    return Cnf(question, opts)


def _bytes(data, what):
    if isinstance(data, str):
        return data.encode("utf-8")
    if isinstance(data, (bytes, bytearray)):
        return bytes(data)
    raise TypeError("%s must be str or bytes (the file's text), not %s" %
                    (what, type(data).__name__))


def decode(cnf, model):
    """Reads a file chopsat wrote (DIMACS, AIGER or SMT-LIB: its text, or a Cnf) and a solver's
    output for it (its text: s and v lines, an AIGER witness, Z3's answer), decodes the witness
    and checks it (chopsat_decode, chopsat_decode_check). Returns an Answer (.yes, .moves,
    .witness, .checked, .note) and its .rules, the rules the file's header names."""
    if isinstance(cnf, Cnf):
        cnf = cnf.text
    cnf_b, model_b = _bytes(cnf, "the file"), _bytes(model, "the solver's output")
    r, q = ctypes.c_void_p(), _lib.Query()
    path, n, err = ctypes.POINTER(_lib.Pos)(), ctypes.c_size_t(), _lib.Err()
    with _lib.MemoryIn(cnf_b) as fc, _lib.MemoryIn(model_b) as fm:
        rc = lib.chopsat_decode(fc.file, b"the file", fm.file, b"the solver's output", ctypes.byref(r),
                                ctypes.byref(q), ctypes.byref(path), ctypes.byref(n),
                                ctypes.byref(err))
        if rc < 0:
            raise_for(rc, err)
        try:
            own = Rules.__new__(Rules)
            own._handle = r.value
            r = None
            Rules._describe(own)
            out, derr = ctypes.c_void_p(), _lib.Err()
            rc2 = lib.chopsat_decode_check(fc.file, b"the file", b"the solver's output", own._handle,
                                           ctypes.byref(q), rc, path, n.value, None,
                                           ctypes.byref(out), ctypes.byref(derr))
            if rc2 < 0:
                raise_for(rc2, derr)
            try:
                d = out.value
                question = Question.__new__(Question)
                question.rules, question._q = own, q
                question.kind = "win" if q.kind == _lib.Q_WIN else "reach"
                yes = rc == _lib.YES
                witness = _steps(own, lib.chopsat_decoded_witness(d))
                a = Answer(question.text(), yes, n.value - 1 if yes else None, witness,
                           bool(lib.chopsat_decoded_checked(d)),
                           (lib.chopsat_decoded_note(d) or b"").decode("utf-8"),
                           rules=own, path=[Position(own, path[i]) for i in range(n.value)])
                return a
            finally:
                lib.chopsat_decoded_free(out)
        finally:
            if r is not None and r.value:
                lib.chopsat_rules_free(r)
            if path:
                _lib.libc.free(ctypes.cast(path, ctypes.c_void_p))


def _question(self, kind="win", frm="start", to=None, within=None, player=1, exact=False,
              repeat="off"):
    """A Question of these rules (not yet answered): see chopsat.Question."""
    return Question(self, kind, frm, to, within, player, exact, repeat)


def _win(self, frm="start", within=None, player=1, exact=False, repeat="off", **options):
    """Can player win from frm within `within` moves (None: ever)? A checked Answer (the
    options: those of chopsat.questions.ask)."""
    return ask(Question(self, "win", frm, None, within, player, exact, repeat), **options)


def _reach(self, frm, to, within=None, exact=False, repeat="off", **options):
    """Can `to` (its player to move included) be reached from frm within `within` moves (None:
    ever)? A checked Answer (the options: those of chopsat.questions.ask)."""
    return ask(Question(self, "reach", frm, to, within, 1, exact, repeat), **options)


def _force(self, frm="start", within=None, player=1, to=None, solver=None, check=True,
           timeout=None):
    """Can player force a win (or reaching `to`) from frm within `within` moves, whatever the
    other does? A checked ForceAnswer."""
    if within is None:
        raise QuestionError("a forced question needs a bound (within=K)", _lib.ERROR)
    kind = "win" if to is None else "reach"
    return force(Question(self, kind, frm, to, within, player, False, "off"), solver, check,
                 timeout)


def _dimacs(self, question=None, binary_moves=False, textbook=False, plaisted_greenbaum=False,
            **kw):
    """The question (a Question, or the keywords of Rules.question) as a Cnf; the encoding's
    options as the command's dimacs takes them (docs/encoding.md)."""
    if question is None:
        question = _question(self, **kw)
    elif kw:
        raise TypeError("give a Question or the question's keywords, not both")
    if isinstance(question, Question) and question.rules is not self and \
            question.rules.spec != self.spec:
        raise QuestionError("the question belongs to other rules (%s)" % question.rules.spec,
                            _lib.ERROR)
    return dimacs(question, binary_moves, textbook, plaisted_greenbaum)


Rules.question = _question
Rules.win = _win
Rules.reach = _reach
Rules.force = _force
Rules.dimacs = _dimacs
Rules.ask = lambda self, question, **kw: ask(question, **kw)
