"""chopsat._lib: libchopsat loaded with ctypes, its structs and the prototypes the package calls.

Only calls of include/chopsat.h are declared here (tests/lint/layout.sh checks it); the structs
mirror that header field by field (tests/python/test_layout.py compares their sizes and offsets
with a C compiler's). Where the library is found: the path in CHOPSAT_LIB when set, else the
folder `pkg-config --variable=libdir chopsat` names (the installed chopsat.pc), else the loader's
own search (ldconfig's cache).
"""
import ctypes
import ctypes.util
import os
import subprocess

from ctypes import (POINTER, Structure, c_bool, c_char, c_char_p, c_double, c_int, c_size_t,
                    c_uint32, c_uint64, c_void_p)

SONAME = "libchopsat.so.0"

# Statuses, values, kinds and limits, as include/chopsat.h defines them.
OK, YES, NO = 0, 10, 20
ERROR, LIMIT, MISMATCH, NOMEM, NOTATION = -1, -2, -3, -4, -5
WIN, LOSS, DRAW, UNKNOWN = 1, 2, 3, 4
TAP, SPLIT, ROLL = 1, 2, 3
Q_REACH, Q_WIN = 0, 1
REPEAT_OFF, REPEAT_IMMEDIATE, REPEAT_PATH = 0, 1, 2
NO_BOUND = -1
MAX_K = 100000
POS_MAX = 352
NAME_MAX = 176


class Err(Structure):
    _fields_ = [("msg", c_char * 512)]


class Pos(Structure):
    _fields_ = [("v", c_uint64 * 16), ("mover", c_uint32), ("unused", c_uint32)]


class Move(Structure):
    _fields_ = [("to", Pos), ("kind", c_int), ("name", c_char * NAME_MAX)]


class Moves(Structure):
    _fields_ = [("items", POINTER(Move)), ("n", c_size_t), ("cap", c_size_t)]


class Query(Structure):
    _fields_ = [("kind", c_int), ("frm", Pos), ("target", Pos), ("player", c_int), ("k", c_int),
                ("repeat", c_int), ("exact", c_bool)]


class BmcOpts(Structure):
    _fields_ = [("solver", c_char_p), ("timeout", c_double), ("incremental", c_bool),
                ("binary_moves", c_bool), ("textbook", c_bool), ("plaisted_greenbaum", c_bool),
                ("annotate", c_bool), ("progress", c_void_p), ("progress_ctx", c_void_p)]


class AskOpts(Structure):
    _fields_ = [("bmc", BmcOpts), ("engine", c_char_p), ("max_depth", c_int),
                ("no_check", c_bool), ("no_check_why", c_char_p)]


class ForceOpts(Structure):
    _fields_ = [("solver", c_char_p), ("timeout", c_double), ("binary_moves", c_bool),
                ("plaisted_greenbaum", c_bool), ("innermost", c_bool), ("no_check", c_bool),
                ("no_check_why", c_char_p), ("progress", c_void_p), ("progress_ctx", c_void_p)]


class ForceMove(Structure):
    _fields_ = [("after", Move), ("frm", Pos), ("move", Move)]


# The prototypes: name, result type, argument types.
P, R, S, A, F = c_void_p, c_void_p, c_void_p, c_void_p, c_void_p  # opaque handles
PROTOTYPES = [
    ("chopsat_version", c_char_p, []),
    ("chopsat_rules_parse", R, [c_char_p, POINTER(Err)]),
    ("chopsat_rules_free", None, [R]),
    ("chopsat_rules_describe", c_size_t, [R, c_char_p, c_size_t]),
    ("chopsat_rules_game", c_char_p, [R]),
    ("chopsat_rules_hands", c_int, [R, c_int]),
    ("chopsat_pos_parse", c_int, [R, c_char_p, POINTER(Pos), POINTER(Err)]),
    ("chopsat_pos_start", None, [R, POINTER(Pos)]),
    ("chopsat_pos_format", c_size_t, [R, POINTER(Pos), c_char_p, c_size_t]),
    ("chopsat_pos_check", c_int, [R, POINTER(Pos), POINTER(Err)]),
    ("chopsat_pos_outcome", c_int, [R, POINTER(Pos)]),
    ("chopsat_pos_winner", c_int, [R, POINTER(Pos)]),
    ("chopsat_moves_list", c_int, [R, POINTER(Pos), POINTER(Moves), POINTER(Err)]),
    ("chopsat_moves_free", None, [POINTER(Moves)]),
    ("chopsat_move_parse", c_int, [R, POINTER(Pos), c_char_p, POINTER(Move), POINTER(c_bool),
                                   POINTER(Err)]),
    ("chopsat_move_between", c_int, [R, POINTER(Pos), POINTER(Pos), POINTER(Move), POINTER(Err)]),
    ("chopsat_solve", S, [R, c_void_p, c_void_p, POINTER(Err)]),
    ("chopsat_solution_free", None, [S]),
    ("chopsat_value", c_int, [S, POINTER(Pos), POINTER(c_uint32)]),
    ("chopsat_best_moves", c_int, [S, POINTER(Pos), POINTER(Moves), POINTER(Err)]),
    ("chopsat_principal_line", c_int, [S, POINTER(Pos), c_size_t, POINTER(Moves), POINTER(Err)]),
    ("chopsat_explore", P, [R, POINTER(Pos), POINTER(Err)]),
    ("chopsat_reach_set_free", None, [P]),
    ("chopsat_reach_count", c_uint64, [P]),
    ("chopsat_reach_at", None, [P, c_uint64, POINTER(Pos)]),
    ("chopsat_query_check", c_int, [R, POINTER(Query), POINTER(Err)]),
    ("chopsat_query_describe", c_size_t, [R, POINTER(Query), c_bool, c_char_p, c_size_t]),
    ("chopsat_ask", c_int, [R, POINTER(Query), POINTER(AskOpts), POINTER(A), POINTER(Err)]),
    ("chopsat_answer_free", None, [A]),
    ("chopsat_answer_value", c_int, [A]),
    ("chopsat_answer_moves", c_int, [A]),
    ("chopsat_answer_path", c_size_t, [A, POINTER(POINTER(Pos))]),
    ("chopsat_answer_witness", POINTER(Moves), [A]),
    ("chopsat_answer_checked", c_bool, [A]),
    ("chopsat_answer_note", c_char_p, [A]),
    ("chopsat_force", c_int, [R, POINTER(Query), POINTER(ForceOpts), POINTER(F), POINTER(Err)]),
    ("chopsat_force_free", None, [F]),
    ("chopsat_force_value", c_int, [F]),
    ("chopsat_force_moves", c_int, [F]),
    ("chopsat_force_chooser", c_int, [F]),
    ("chopsat_force_solver", c_char_p, [F]),
    ("chopsat_force_first_moves", c_size_t, [F, POINTER(POINTER(ForceMove))]),
    ("chopsat_force_first_by", c_char_p, [F]),
    ("chopsat_force_tree_note", c_char_p, [F]),
    ("chopsat_force_checked", c_bool, [F]),
    ("chopsat_force_check_note", c_char_p, [F]),
    ("chopsat_bmc_dimacs", c_int, [R, POINTER(Query), POINTER(BmcOpts), c_void_p, POINTER(Err)]),
    ("chopsat_bmc_cnf", c_int, [R, POINTER(Query), POINTER(BmcOpts), POINTER(c_void_p),
                                POINTER(Err)]),
    ("chopsat_cnf_free", None, [c_void_p]),
    ("chopsat_cnf_vars", c_int, [c_void_p]),
    ("chopsat_cnf_clauses", c_size_t, [c_void_p]),
    ("chopsat_cnf_lits", c_size_t, [c_void_p, POINTER(POINTER(c_int))]),
    ("chopsat_cnf_name", c_char_p, [c_void_p, c_int]),
    ("chopsat_decode", c_int, [c_void_p, c_char_p, c_void_p, c_char_p, POINTER(R), POINTER(Query),
                               POINTER(POINTER(Pos)), POINTER(c_size_t), POINTER(Err)]),
    ("chopsat_decode_check", c_int, [c_void_p, c_char_p, c_char_p, R, POINTER(Query), c_int,
                                     POINTER(Pos), c_size_t, c_void_p, POINTER(c_void_p),
                                     POINTER(Err)]),
    ("chopsat_decoded_free", None, [c_void_p]),
    ("chopsat_decoded_checked", c_bool, [c_void_p]),
    ("chopsat_decoded_note", c_char_p, [c_void_p]),
    ("chopsat_decoded_witness", POINTER(Moves), [c_void_p]),
]


def _candidates():
    """The paths to try, in order: CHOPSAT_LIB, pkg-config's libdir, the loader's search."""
    env = os.environ.get("CHOPSAT_LIB")
    if env:
        return [env]
    out = []
    try:
        p = subprocess.run(["pkg-config", "--variable=libdir", "chopsat"], capture_output=True,
                           text=True, timeout=30)
        libdir = p.stdout.strip()
        if p.returncode == 0 and libdir:
            out += [os.path.join(libdir, SONAME), os.path.join(libdir, "libchopsat.so")]
    except (OSError, subprocess.SubprocessError):
        pass
    found = ctypes.util.find_library("chopsat")
    out.append(found or SONAME)
    return out


def _version_of(lib):
    """The version a loaded libchopsat says it is ("0.1.0"), or "unknown"."""
    try:
        fn = lib.chopsat_version
        fn.restype, fn.argtypes = c_char_p, []
        return fn().decode("ascii", "replace")
    except (AttributeError, OSError):
        return "unknown"


def _load():
    """libchopsat as a ctypes.CDLL with every prototype of PROTOTYPES set."""
    tried = []
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
            break
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
    else:
        raise ImportError("chopsat: cannot load libchopsat: tried %s; set CHOPSAT_LIB to the path "
                          "of libchopsat.so, or install chopsat (make install) so that "
                          "pkg-config finds chopsat.pc" % "; ".join(tried))
    for name, res, args in PROTOTYPES:
        try:
            fn = getattr(lib, name)
        except AttributeError:
            raise ImportError("chopsat: the libchopsat loaded (%s, version %s) has no %s: it is "
                              "older than this package; install the library of the same "
                              "version" % (path, _version_of(lib), name)) from None
        fn.restype, fn.argtypes = res, args
    return lib


lib = _load()
# The C library's calls as the process resolves them (not libc.so.6's own): a malloc that another
# library interposes (a sanitizer's runtime, a preloaded allocator) made the buffers that free
# gets here, so free must be that one too.
libc = ctypes.CDLL(None, use_errno=True)
libc.open_memstream.restype = c_void_p
libc.open_memstream.argtypes = [POINTER(c_void_p), POINTER(c_size_t)]
libc.fmemopen.restype = c_void_p
libc.fmemopen.argtypes = [c_void_p, c_size_t, c_char_p]
libc.fopen.restype = c_void_p
libc.fopen.argtypes = [c_char_p, c_char_p]
libc.fclose.restype = c_int
libc.fclose.argtypes = [c_void_p]
libc.free.restype = None
libc.free.argtypes = [c_void_p]


class MemoryOut:
    """A FILE * writing into memory (open_memstream): `with MemoryOut() as f: call(f.file)`, then
    f.data is what was written (bytes). The buffer is freed when the block ends."""

    def __enter__(self):
        self._buf, self._size = c_void_p(), c_size_t()
        self.file = libc.open_memstream(ctypes.byref(self._buf), ctypes.byref(self._size))
        if not self.file:
            raise MemoryError("chopsat: cannot open a memory stream")
        self.data = b""
        return self

    def close(self):
        """Closes the stream and keeps what was written in self.data."""
        if self.file:
            rc = libc.fclose(self.file)
            self.file = None
            if self._buf.value:
                self.data = ctypes.string_at(self._buf, self._size.value)
                libc.free(self._buf)
                self._buf = c_void_p()
            if rc != 0:
                raise MemoryError("chopsat: a memory stream failed")

    def __exit__(self, *exc):
        self.close()
        return False


class MemoryIn:
    """A FILE * reading the bytes given (fmemopen), closed when the block ends. The bytes are
    kept alive here as long as the stream is open."""

    def __init__(self, data):
        self._data = ctypes.create_string_buffer(bytes(data), len(data) + 1)
        self._size = len(data)

    def __enter__(self):
        # fmemopen may refuse a size of 0: an empty text is read from /dev/null instead.
        if self._size == 0:
            self.file = libc.fopen(b"/dev/null", b"r")
        else:
            self.file = libc.fmemopen(self._data, self._size, b"r")
        if not self.file:
            raise MemoryError("chopsat: cannot open a memory stream")
        return self

    def __exit__(self, *exc):
        libc.fclose(self.file)
        return False
