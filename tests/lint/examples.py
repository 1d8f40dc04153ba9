#!/usr/bin/env python3
"""tests/lint/examples.py: the shell examples of the documents, run as written (the helper of
tests/lint/examples.sh; the convention is docs/cli.md, "Examples in these pages").

An example block is a fenced block whose first line starts with `$ `. Each `$ ` line is a
command (a here-document runs on to its EOF line); the lines under it, up to the next `$ ` line
or the end of the block, are what the page says it prints (standard output and standard error
as a terminal shows them, in that order). The commands of one page run in order, in one scratch
folder of their own, by bash, with the chopsat under test first on PATH (and as ./chopsat).

What may differ between the page and a run:
  - `...` alone on a line (indented or not) stands for any number of lines (none too); `...`
    inside a line for any text;
  - a time: a decimal number followed by ` s` or ` sec`, or the value of a JSON field whose name
    ends in `seconds`;
  - on IC3's `engine:` line (and in its JSON `solver_calls`) the number of solver calls;
  - blanks at the end of a line.
A last line `(exit status N)` is not output but the exit status the command must have; without
it the command must end with 0, 10 or 20 (an answer). A command whose comment starts with
`# untested:` is not run (a tool that `make run` does not install, a remote host), and neither
are the lines under it. With EXAMPLES_NO_DEPQBF=1 (a chopsat built by `make DEPQBF=0`) a command
with `--solver depqbf` is skipped too. A command not run is reported as `skip NAME: why`, never
as passed.

Blocks that other tests run are left to them: the C programs of the library (a block whose
first command is `cc ...`, tests/cli/library.sh) and the lab's key (docs/lab/,
tests/lint/lab.sh) is not one of the pages read here.

  examples.py list PAGE...            one line per command: PAGE:LINE<TAB>command
  examples.py run ROOT SCRATCH BIN PAGE [FILTER]
      runs PAGE's commands and prints `ok   NAME` or `FAIL NAME: why` for each, where NAME is
      `example PAGE:LINE`; only the names that contain FILTER are reported (all still run,
      since later commands use the files earlier ones make).
"""
import os
import re
import subprocess
import sys

UNTESTED = re.compile(r"#\s*untested:")
EXIT = re.compile(r"^\(exit status (\d+)\)$")
TIMEOUT = 600


def examples(page):
    """The page's commands as (line number, command, expected lines, untested)."""
    lines = open(page, encoding="utf-8").read().split("\n")
    out, i, fenced, first = [], 0, False, False
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            fenced, first = not fenced, True
            example = False
            i += 1
            continue
        if fenced and first:
            first = False
            example = line.startswith("$ ") and not line.startswith("$ cc ")
        if fenced and example and line.startswith("$ "):
            start, cmd = i + 1, [line[2:]]
            m = re.search(r"<<-?'?([A-Z]+)'?", line)
            if m:
                while i + 1 < len(lines) and lines[i + 1] != m.group(1):
                    i += 1
                    cmd.append(lines[i])
                i += 1
                cmd.append(lines[i] if i < len(lines) else "")
            expected = []
            while i + 1 < len(lines) and not lines[i + 1].startswith("$ ") \
                    and not lines[i + 1].startswith("```"):
                i += 1
                expected.append(lines[i])
            while expected and expected[-1] == "":
                expected.pop()
            out.append((start, "\n".join(cmd), expected, bool(UNTESTED.search(line))))
        i += 1
    return out


TIME = [
    (re.compile(r"\b\d+\.\d+( s| sec)\b"), r"<time>\1"),
    (re.compile(r'("[a-z_]*seconds": )[0-9.e+-]+'), r"\1<time>"),
    (re.compile(r"(Time = +)\d+\.\d+"), r"\1<time>"),
]
IC3 = [
    (re.compile(r"^(engine: ic3.*?)\d+( solver calls)"), r"\1<calls>\2"),
    (re.compile(r'("engine": "ic3".*"solver_calls": )\d+'), r"\1<calls>"),
]


def normal(line):
    """LINE with what may vary (times, IC3's call counts) replaced by placeholders."""
    for rx, to in TIME + IC3:
        line = rx.sub(to, line)
    return line.rstrip()


def line_matches(page, got):
    """True when the page's line (after normal) matches the output's line."""
    page, got = normal(page), normal(got)
    if "..." not in page:
        return page == got
    parts = [re.escape(p) for p in page.split("...")]
    return re.fullmatch(".*".join(parts), got) is not None


def first_difference(expected, got):
    """None when GOT matches the page's EXPECTED lines, else a sentence on the first difference."""
    memo = {}

    def match(e, g):
        if (e, g) not in memo:
            memo[(e, g)] = step(e, g)
        return memo[(e, g)]

    def step(e, g):
        if e == len(expected):
            return None if g == len(got) else (e, g)
        if expected[e].strip() == "...":
            best = None
            for skip in range(g, len(got) + 1):
                r = match(e + 1, skip)
                if r is None:
                    return None
                if best is None or r > best:
                    best = r
            return best
        if g < len(got) and line_matches(expected[e], got[g]):
            return match(e + 1, g + 1)
        return (e, g)
    r = match(0, 0)
    if r is None:
        return None
    e, g = r
    want = expected[e] if e < len(expected) else "(the end)"
    have = got[g] if g < len(got) else "(the end)"
    return "output line %d: the page shows '%s', the command printed '%s'" % (g + 1, want, have)


def run(root, scratch, bindir, page, filt):
    rel = os.path.relpath(page, root)
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"], LC_ALL="C.UTF-8")
    env.pop("CHOPSAT_PROGRESS", None)  # progress lines would change what stderr shows
    no_depqbf = os.environ.get("EXAMPLES_NO_DEPQBF") == "1"
    for line, cmd, expected, untested in examples(page):
        name = "example %s:%d" % (rel, line)
        show = filt in name
        if untested:
            if show:
                print("skip %s: untested: %s" % (name, cmd.split("untested:", 1)[1].strip()))
            continue
        if no_depqbf and re.search(r"--solver[ =]'?depqbf", cmd):
            if show:
                print("skip %s: a build without DepQBF (make DEPQBF=0) does not offer --solver "
                      "depqbf" % name)
            continue
        status = None
        if expected and EXIT.match(expected[-1]):
            status = int(EXIT.match(expected[-1]).group(1))
            expected = expected[:-1]
            while expected and expected[-1] == "":
                expected.pop()
        try:
            p = subprocess.run(["bash", "-c", cmd], cwd=scratch, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT)
            got, code = p.stdout.decode("utf-8", "replace").split("\n"), p.returncode
        except subprocess.TimeoutExpired:
            got, code = ["(no output: timed out after %d s)" % TIMEOUT], -1
        if got and got[-1] == "":
            got.pop()
        why = []
        if status is not None and code != status:
            why.append("exit status %d, the page says %d" % (code, status))
        elif status is None and code not in (0, 10, 20):
            why.append("exit status %d and no '(exit status %d)' line on the page" % (code, code))
        diff = first_difference(expected, got)
        if diff:
            why.append(diff)
        if show:
            if why:
                print("FAIL %s: $ %s: %s" % (name, cmd.split("\n")[0], "; ".join(why)))
            else:
                print("ok   %s" % name)


def main():
    if sys.argv[1] == "list":
        for page in sys.argv[2:]:
            for line, cmd, _, untested in examples(page):
                print("%s:%d\t%s%s" % (page, line, cmd.split("\n")[0], " (untested)" if untested else ""))
    elif sys.argv[1] == "run":
        root, scratch, bindir, page = sys.argv[2:6]
        run(root, scratch, bindir, page, sys.argv[6] if len(sys.argv) > 6 else "")
    else:
        sys.exit("usage: examples.py list PAGE... | run ROOT SCRATCH BIN PAGE [FILTER]")


if __name__ == "__main__":
    main()
