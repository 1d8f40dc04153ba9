#!/usr/bin/env python3
"""benchmarks/pack-report.py: the report of benchmarks/run-pack.sh (docs/benchmarks.md).

    python3 benchmarks/pack-report.py RESULTS.csv OUT LIMIT [--scatter A B]

From the merged rows (solver, format, file, expected, answer, result, cpu_s, ...) it writes
OUT/summary.md: per solver the files tried, solved, wrong (an answer that contradicts the
pack's checked status: flagged, never counted as solved), timeouts and errors, and the PAR-2
score (CPU seconds of a solved file, 2 x LIMIT for any other; total and mean), then the virtual
best solver of each format (per file the fastest solver that solved it). Plots, with gnuplot:
OUT/cactus-FORMAT.png and .svg (solved files against CPU time, one line per solver and the
virtual best solver, log time axis) for every format, and OUT/scatter.png and .svg (the CPU time
of two solvers of one format file by file, log-log, unsolved at 2 x LIMIT).
"""
import csv
import os
import subprocess
import sys


def load(path):
    rows = list(csv.DictReader(open(path)))
    for r in rows:
        r['cpu'] = float(r['cpu_s'])
    return rows


def par2(r, limit):
    return r['cpu'] if r['result'] == 'solved' else 2 * limit


def summary(rows, limit, out):
    solvers = []
    for r in rows:
        if r['solver'] not in solvers:
            solvers.append(r['solver'])
    lines = ['| solver | format | files | solved | wrong | timeout | error | PAR-2 total s | PAR-2 mean s |',
             '|---|---|---|---|---|---|---|---|---|']
    for s in solvers:
        mine = [r for r in rows if r['solver'] == s]
        count = {k: sum(1 for r in mine if r['result'] == k) for k in ('solved', 'wrong', 'timeout', 'error')}
        total = sum(par2(r, limit) for r in mine)
        lines.append('| %s | %s | %d | %d | %d | %d | %d | %.1f | %.2f |' % (
            s, mine[0]['format'], len(mine), count['solved'], count['wrong'], count['timeout'],
            count['error'], total, total / len(mine)))
    for fmt, files in formats(rows).items():
        names = {r['solver'] for r in rows if r['format'] == fmt}
        if len(names) < 2:
            continue
        best = vbs(rows, fmt)
        solved = sum(1 for t in best.values() if t is not None)
        total = sum(t if t is not None else 2 * limit for t in best.values())
        lines.append('| virtual best (%s) | %s | %d | %d | - | - | - | %.1f | %.2f |' % (
            ', '.join(sorted(names)), fmt, len(best), solved, total, total / len(best)))
    wrong = [r for r in rows if r['result'] == 'wrong']
    text = '\n'.join(lines) + '\n'
    if wrong:
        text += '\nWrong answers (flagged, not counted as solved):\n\n'
        text += ''.join('- %s on %s: answered %s, the pack says %s\n' % (r['solver'], r['file'], r['answer'], r['expected'])
                        for r in wrong)
    open(os.path.join(out, 'summary.md'), 'w').write(text)
    return text


def formats(rows):
    out = {}
    for r in rows:
        out.setdefault(r['format'], set()).add(r['file'])
    return out


def vbs(rows, fmt):
    """Per file of the format: the least CPU time of a solver that solved it, or None."""
    best = {}
    for r in rows:
        if r['format'] != fmt:
            continue
        t = r['cpu'] if r['result'] == 'solved' else None
        cur = best.get(r['file'])
        best[r['file']] = t if cur is None else (cur if t is None else min(cur, t))
    return best


class NoGnuplot(Exception):
    pass


class BadName(Exception):
    pass


def q(text):
    """text as a gnuplot string: single-quoted, where only '' is special (a folder or solver
    name is data, never gnuplot: no backslash escapes, no string interpolation)."""
    if '\n' in text or '\r' in text:
        raise BadName('a name with a line break cannot go into a plot: %r' % text)
    return "'" + text.replace("'", "''") + "'"


def gnuplot(script, out):
    for term, ext in (('pngcairo size 800,560 font "Sans,11"', 'png'), ('svg size 800,560 font "Sans,11"', 'svg')):
        try:
            subprocess.run(['gnuplot'], input='set terminal %s\nset output %s\n%s' % (term, q(out + '.' + ext), script),
                           text=True, check=True, stderr=subprocess.PIPE)
        except FileNotFoundError:
            raise NoGnuplot()


def cactus(rows, limit, out, fmt):
    series = {}
    for r in rows:
        if r['format'] == fmt and r['result'] == 'solved':
            series.setdefault(r['solver'], []).append(r['cpu'])
    names = sorted({r['solver'] for r in rows if r['format'] == fmt})
    if len(names) >= 2:
        series['virtual best'] = [t for t in vbs(rows, fmt).values() if t is not None]
        names.append('virtual best')
    names = [n for n in names if series.get(n)]  # gnuplot cannot draw an empty line
    if not names:
        return  # nothing solved: no plot (summary.md says so)
    data = os.path.join(out, 'cactus-%s.dat' % fmt)
    with open(data, 'w') as f:
        for n in names:
            f.write('# %s\n' % n)
            for i, t in enumerate(sorted(series.get(n, [])), 1):
                f.write('%d %.4f\n' % (i, max(t, 0.001)))
            f.write('\n\n')
    total = len(formats(rows)[fmt])
    plots = ', '.join('%s index %d using 1:2 with linespoints %stitle %s' % (
        q(data), i, 'lw 2 dt 2 lc rgb "black" ' if n == 'virtual best' else '', q(n)) for i, n in enumerate(names))
    try:
        gnuplot('set title %s\nset xlabel "instances solved"\n'
                'set ylabel "CPU seconds"\nset logscale y\nset key left top\nset grid\n'
                'set xrange [0:%d]\nplot %s\n' % (q('%s part: %d files, CPU limit %g s' % (fmt, total, limit)),
                                                   total + 1, plots),
                os.path.join(out, 'cactus-' + fmt))
    finally:
        os.remove(data)


def scatter(rows, limit, out, a, b):
    ta = {r['file']: par2(r, limit) / 2 if r['result'] != 'solved' else r['cpu'] for r in rows if r['solver'] == a}
    tb = {r['file']: par2(r, limit) / 2 if r['result'] != 'solved' else r['cpu'] for r in rows if r['solver'] == b}
    common = sorted(set(ta) & set(tb))
    if not common:
        return
    data = os.path.join(out, 'scatter.dat')
    with open(data, 'w') as f:
        for file in common:
            f.write('%.4f %.4f\n' % (max(ta[file], 0.001), max(tb[file], 0.001)))
    try:
        gnuplot('set title %s\n'
                'set xlabel %s\nset ylabel %s\nset logscale xy\nset size square\nset grid\n'
                'set xrange [0.001:%g]\nset yrange [0.001:%g]\nset key off\n'
                'plot %s using 1:2 with points pt 7 ps 0.8, x with lines lc rgb "gray"\n'
                % (q('%s against %s: CPU seconds per file (unsolved at the limit, %g s)' % (a, b, limit)),
                   q(a), q(b), limit * 1.5, limit * 1.5, q(data)), os.path.join(out, 'scatter'))
    finally:
        os.remove(data)


def main():
    args = sys.argv[1:]
    pair = None
    if '--scatter' in args:
        i = args.index('--scatter')
        pair = args[i + 1:i + 3]
        args = args[:i]
    results, out, limit = args[0], args[1], float(args[2])
    rows = load(results)
    print(summary(rows, limit, out), end='')
    try:
        plots(rows, limit, out, pair)
    except NoGnuplot:
        print('pack-report: gnuplot is missing: no plots (summary.md is written)', file=sys.stderr)
    except BadName as e:
        print('pack-report: %s: no plots (summary.md is written)' % e, file=sys.stderr)
        sys.exit(1)
    except subprocess.CalledProcessError as e:
        why = (e.stderr or '').strip().splitlines()
        print('pack-report: gnuplot failed: %s' % (why[-1] if why else 'exit %d' % e.returncode), file=sys.stderr)
        sys.exit(1)


def plots(rows, limit, out, pair):
    for fmt in formats(rows):
        cactus(rows, limit, out, fmt)
    if not pair:  # the first two solvers of one format
        by = {}
        for r in rows:
            by.setdefault(r['format'], [])
            if r['solver'] not in by[r['format']]:
                by[r['format']].append(r['solver'])
        pair = next((v[:2] for v in by.values() if len(v) >= 2), None)
    if pair:
        scatter(rows, limit, out, pair[0], pair[1])


if __name__ == '__main__':
    main()
