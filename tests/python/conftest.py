"""tests/python/conftest.py: what the tests of the Python package share. tests/cli/python.sh runs
them with Debian's pytest, the package from src/python, the library in CHOPSAT_LIB and the
command under test in CHOPSAT (the reference the answers are compared with)."""
import json
import os
import subprocess

import pytest

import chopsat

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHOPSAT = os.environ.get("CHOPSAT") or os.path.join(ROOT, "chopsat")


def plain_env():
    """The environment for the programs the tests start: without the sanitizers' runtime that
    tests/cli/python.sh may preload into the interpreter (the command is not built for it)."""
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)
    return env


def cli(*args):
    """Runs the command with args and --format json: (exit status, the JSON it printed)."""
    p = subprocess.run([CHOPSAT, *args, "--format", "json"], capture_output=True, text=True,
                       timeout=300, env=plain_env())
    assert p.returncode in (0, 10, 20), "chopsat %s: %s" % (" ".join(args), p.stderr)
    return p.returncode, json.loads(p.stdout)


@pytest.fixture(scope="session")
def standard():
    return chopsat.Rules("standard")
