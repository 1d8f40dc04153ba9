"""tests/python/test_layout.py: the package's ctypes structs have the sizes and field offsets of
include/chopsat.h as the C compiler lays them out (a wrong field would pass wrong values, or
write past a struct, without any error)."""
import ctypes
import os
import shutil
import subprocess

import pytest

from chopsat import _lib
from conftest import ROOT, plain_env

STRUCTS = {"chopsat_err": _lib.Err, "chopsat_pos": _lib.Pos, "chopsat_move": _lib.Move,
           "chopsat_moves": _lib.Moves, "chopsat_query": _lib.Query,
           "chopsat_bmc_opts": _lib.BmcOpts, "chopsat_ask_opts": _lib.AskOpts,
           "chopsat_force_opts": _lib.ForceOpts, "chopsat_force_move": _lib.ForceMove}
# The fields whose Python names differ from C's (`from` is a Python keyword).
C_NAMES = {"frm": "from"}


def test_structs_as_the_compiler_lays_them_out(tmp_path):
    cc = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
    if not cc:
        pytest.skip("no C compiler to lay the header's structs out")
    lines = ["#include <stddef.h>", "#include <stdio.h>", '#include "chopsat.h"',
             "int main(void) {"]
    for name, cls in STRUCTS.items():
        lines.append('printf("%s %%zu\\n", sizeof(%s));' % (name, name))
        for field, _ in cls._fields_:
            c = C_NAMES.get(field, field)
            lines.append('printf("%s.%s %%zu\\n", offsetof(%s, %s));' % (name, field, name, c))
    lines += ["return 0;", "}"]
    (tmp_path / "layout.c").write_text("\n".join(lines) + "\n")
    subprocess.run([cc, "-std=c11", "-I", os.path.join(ROOT, "include"), "-o",
                    str(tmp_path / "layout"), str(tmp_path / "layout.c")], check=True, env=plain_env())
    got = dict(line.split() for line in subprocess.run(
        [str(tmp_path / "layout")], capture_output=True, text=True, check=True,
        env=plain_env()).stdout.split("\n")
        if line)
    for name, cls in STRUCTS.items():
        assert int(got[name]) == ctypes.sizeof(cls), name
        for field, _ in cls._fields_:
            assert int(got["%s.%s" % (name, field)]) == getattr(cls, field).offset, (name, field)
