#!/usr/bin/env python3
"""benchmarks/results.py: the tables of benchmarks/RESULTS.md, made from the CSVs of benchmarks/.

Every table of RESULTS.md sits between two marker lines,

    <!-- table: NAME (made by benchmarks/results.py from benchmarks/FILE.csv: do not edit) -->
    | ... the table ... |
    <!-- end -->

and NAME says which table (TABLES below: each reads one or more CSVs of this folder and gives
the header and the rows, the last column the commit each row was measured at). The prose
between the tables is written by hand; the tables never are.

    python3 benchmarks/results.py            rewrite every table of RESULTS.md (and of the docs
                                             pages of PAGES) from the CSVs
    python3 benchmarks/results.py --check    change nothing; exit 1 with one line per table that
                                             differs from what the CSVs make, or per table
                                             without markers (tests/lint/results.sh runs this)
    python3 benchmarks/results.py --print NAME   print one table

`make bench` runs it after the measurements (benchmarks/run.sh). Python 3 standard library only.
"""
import csv
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, 'RESULTS.md')
BEGIN = re.compile(r'^<!-- table: ([a-z0-9-]+) .*-->$')
END = '<!-- end -->'


class Bad(Exception):
    """A CSV or RESULTS.md that the tables cannot be made from (one line)."""


def read(name):
    """The rows of benchmarks/NAME as dicts; each must have a commit."""
    path = os.path.join(HERE, name)
    try:
        with open(path, newline='') as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        raise Bad('%s: %s' % (name, e.strerror))
    for n, r in enumerate(rows, 2):
        if not r.get('commit'):
            raise Bad('%s line %d: no commit (every row records the commit it was measured at)' % (name, n))
    return rows


def commits(rows):
    """The commits of the rows a table row is made of, each once, in order."""
    seen = []
    for r in rows:
        if r and r['commit'] not in seen:
            seen.append(r['commit'])
    return ', '.join(seen)


def spaced(text):
    """A number with its thousands apart: 8652800 -> 8 652 800, 1510.4 -> 1 510.4."""
    whole, dot, frac = text.partition('.')
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    return ' '.join([whole] + groups) + dot + frac


def cpu(text, unit=''):
    """A CPU time in seconds as the tables give it: '< 0.01' below the clock's tick."""
    if text == '':
        return '-'
    return '< 0.01' + unit if float(text) < 0.005 else '%.2f%s' % (float(text), unit)


def bmc():
    rows = read('bmc.csv')
    head = ['fingers', 'K', 'answer', 'moves', 'variables', 'clauses', 'encoding', 'cadical', 'picosat',
            'cadical, re-encoded', 'picosat, re-encoded', 'commit']
    keys = []
    for r in rows:
        if (r['fingers'], r['k']) not in keys:
            keys.append((r['fingers'], r['k']))
    out = []
    for fingers, k in keys:
        by = {(r['solver'], r['incremental']): r for r in rows if (r['fingers'], r['k']) == (fingers, k)}
        base = by[('cadical', 'yes')]

        def total(r):
            if r is None:
                return '-'
            return 'timeout' if r['answer'] == 'timeout' else r['total_s']
        runs = [by.get(('cadical', 'yes')), by.get(('picosat', 'yes')), by.get(('cadical', 'no')),
                by.get(('picosat', 'no'))]
        out.append([fingers, k, base['answer'], base['moves'] or '-', base['vars'], base['clauses'],
                    base['encode_s']] + [total(r) for r in runs] + [commits(runs)])
    return head, out


def peers():
    rows = read('peers.csv')
    head = ['fingers', 'K', 'tool', 'median wall s', 'median CPU s', 'runs finished', 'load', 'commit']
    keys = sorted({(int(r['fingers']), int(r['k']), r['tool']) for r in rows})
    out = []
    for n, k, tool in keys:
        mine = [r for r in rows if (int(r['fingers']), int(r['k']), r['tool']) == (n, k, tool)]
        done = [r for r in mine if r['moves'] != 'timeout']
        loads = [float(r['load']) for r in mine]
        if done:
            wall = '%.2f' % statistics.median(float(r['wall_s']) for r in done)
            cpus = '%.2f' % statistics.median(float(r['cpu_s']) for r in done)
        else:
            wall, cpus = 'timeout', '-'
        out.append([str(n), str(k), tool, wall, cpus, '%d of %d' % (len(done), len(mine)),
                    '%.2f-%.2f' % (min(loads), max(loads)), commits(mine)])
    return head, out


def explicit():
    rows = read('explicit.csv')
    head = ['fingers', 'index space', 'reachable positions', 'edges', 'seconds (wall)', 'CPU seconds',
            'peak memory (MiB)', 'load', 'commit']
    out = [[r['fingers'], spaced(r['index_space']), spaced(r['positions']), spaced(r['edges']), r['seconds'],
            r['cpu_seconds'], spaced(r['peak_rss_mib']), '%.1f' % float(r['load']), r['commit']] for r in rows]
    return head, out


def force():
    rows = read('force.csv')
    before = {r['k']: r for r in read('force-233d5ae.csv')}
    head = ['K', 'vars', 'clauses', 'blocks', 'answer', 'DepQBF s', '2026-11-22 (233d5ae): vars, clauses, DepQBF s', 'commit']
    out = []
    for r in rows:
        b = before.get(r['k'])
        then = '%s, %s, %.2f' % (b['vars'], b['clauses'], float(b['qbf_seconds'])) if b else '-'
        out.append([r['k'], r['vars'], r['clauses'], r['blocks'], r['answer'], '%.2f' % float(r['qbf_seconds']),
                    then, commits([r, b])])
    return head, out


def copied(name):
    """A table kept as a CSV of its cells (figures measured by hand, each row with its commit)."""
    def table():
        with open(os.path.join(HERE, name), newline='') as f:
            rows = list(csv.reader(f))
        read(name)  # every row has its commit
        return rows[0], rows[1:]
    return table


def bdd_fingers():
    rows = read('bdd.csv')
    head = ['fingers', 'explicit solve', 'BDD solve --symbolic', 'BDD force -k 26 (answer)', 'commit']
    solve = {r['rules']: r for r in rows if r['what'] == 'solve'}
    force = {r['rules']: r for r in rows if r['what'] == 'force' and r['k'] == '26'}
    order = []
    for r in rows:
        if r['what'] in ('solve', 'force') and r['k'] in ('', '26') and r['rules'] not in order:
            order.append(r['rules'])
    order.sort(key=lambda rules: int(rules.split('=')[1]))
    out = []
    for rules in order:
        s, f = solve.get(rules), force.get(rules)
        out.append([rules.split('=')[1], cpu(s['explicit_cpu']) if s else '-', cpu(s['bdd_cpu']) if s else '-',
                    '%s (%s)' % (cpu(f['bdd_cpu']), f['answer']) if f else '-', commits([s, f])])
    return head, out


def bdd_k():
    rows = [r for r in read('bdd.csv') if r['what'] == 'force-k']
    head = ['K', 'answer', 'BDD', 'DepQBF', 'commit']
    return head, [[r['k'], r['answer'], cpu(r['bdd_cpu']), cpu(r['depqbf_cpu']), r['commit']] for r in rows]


def unbounded_agreement():
    rows = read('unbounded.csv')
    head = ['engine', 'answers', 'cross-checked and equal', 'yes', 'never', 'past the limit',
            'checked: median / 90th pct / max (wall)', 'commit']
    out = []
    for engine in ('ic3', 'kind'):
        mine = [r for r in rows if r['engine'] == engine]
        secs = sorted(float(r['seconds']) for r in mine if r['checked'] == 'true')
        late = [r for r in mine if r['answer'] == 'timeout']
        at64 = sum(1 for r in late if r['size'] == '64')
        p90 = secs[int(0.9 * len(secs))]
        out.append([engine, str(len(mine)), str(sum(1 for r in mine if r['checked'] == 'true')),
                    str(sum(1 for r in mine if r['answer'] == 'yes')),
                    str(sum(1 for r in mine if r['answer'] == 'never')),
                    '%d (%d at fingers 64)' % (len(late), at64),
                    '%.2f / %.2f / %.1f s' % (statistics.median(secs), p90, secs[-1]), commits(mine)])
    return head, out


def unbounded_65536(abc):
    def table():
        rows = [r for r in read('unbounded-65536.csv') if r['what'].startswith('abc ') == abc]
        head = ['run', 'command', 'answer', 'CPU s', 'wall s', 'commit']
        return head, [[r['what'], '`%s`' % r['command'], r['answer'], r['cpu_s'], r['wall_s'], r['commit']]
                      for r in rows]
    return table


def pack_established():
    rows = read('pack-meta.csv')
    count = {}
    for r in rows:
        count.setdefault(r['established'], []).append(r)
    head = ['established by', 'files', 'commit']
    order = sorted(count, key=lambda e: (-len(count[e]), e))
    return head, [[e.replace('+', ' + '), str(len(count[e])), commits(count[e])] for e in order]


PACK_LIMIT = 30  # the CPU seconds each run of pack-results.csv had (LIMIT=30 of that run)


def pack_peers():
    rows = read('pack-results.csv')
    head = ['solver', 'format', 'files', 'solved', 'wrong', 'timeout', 'error', 'PAR-2 total s', 'PAR-2 mean s',
            'commit']

    def par2(r):
        return float(r['cpu_s']) if r['result'] == 'solved' else 2 * PACK_LIMIT
    out = []
    solvers = []
    for r in rows:
        if r['solver'] not in solvers:
            solvers.append(r['solver'])
    for s in solvers:
        mine = [r for r in rows if r['solver'] == s]
        n = {k: sum(1 for r in mine if r['result'] == k) for k in ('solved', 'wrong', 'timeout', 'error')}
        total = sum(par2(r) for r in mine)
        out.append([s, mine[0]['format'], str(len(mine)), str(n['solved']), str(n['wrong']), str(n['timeout']),
                    str(n['error']), '%.1f' % total, '%.2f' % (total / len(mine)), commits(mine)])
    fmts = []
    for r in rows:
        if r['format'] not in fmts:
            fmts.append(r['format'])
    for fmt in fmts:
        mine = [r for r in rows if r['format'] == fmt]
        names = sorted({r['solver'] for r in mine})
        if len(names) < 2:
            continue
        best = {}
        for r in mine:
            t = float(r['cpu_s']) if r['result'] == 'solved' else None
            cur = best.get(r['file'])
            best[r['file']] = t if cur is None else (cur if t is None else min(cur, t))
        total = sum(t if t is not None else 2 * PACK_LIMIT for t in best.values())
        out.append(['virtual best (%s)' % ', '.join(names), fmt, str(len(best)),
                    str(sum(1 for t in best.values() if t is not None)), '-', '-', '-', '%.1f' % total,
                    '%.2f' % (total / len(best)), commits(mine)])
    return head, out


def scale():
    rows = read('scale.csv')
    head = ['k', 'question', 'answer', 'chopsat CPU, peak', 'Z3 CPU, peak', 'ABC CPU, peak', 'chopsat/Z3',
            'chopsat/ABC', 'commit']

    def fig(r):
        if r is None:
            return '-', None
        if r['answer'] == 'timeout':
            return 'timeout', None
        return '%s s, %s MiB' % (r['cpu_s'], r['peak_mib']), float(r['cpu_s'])
    keys = []
    for r in rows:
        if (r['k'], r['question']) not in keys:
            keys.append((r['k'], r['question']))
    out = []
    for k, q in keys:
        mine = [r for r in rows if (r['k'], r['question']) == (k, q)]
        by = {r['tool']: r for r in mine}
        c, cz = fig(by.get('chopsat'))
        z, zz = fig(by.get('z3'))
        a, az = fig(by.get('abc'))
        ans = next((r['answer'] + (', %s moves' % r['moves'] if r['moves'] else '')
                    for r in mine if r['answer'] in ('yes', 'no')), '-')

        def ratio(x):
            # only where both took at least 0.05 s (/usr/bin/time counts in 0.01 s)
            return '%.2f' % (cz / x) if cz is not None and x and min(cz, x) >= 0.05 else '-'
        out.append([k, q, ans, c, z, a, ratio(zz), ratio(az), commits(mine)])
    return head, out


def scale_force():
    rows = read('scale-force.csv')
    head = ['fingers', 'K', 'answer', 'CPU s', 'wall s', 'peak MiB', 'build s', 'layers s', 'tree s', 'load',
            'commit']
    return head, [[r['fingers'], r['k'], r['answer'], r['cpu_s'], r['wall_s'], r['peak_mib'], r['build_s'] or '-',
                   r['layers_s'] or '-', r['tree_s'] or '-', r['load'], r['commit']] for r in rows]


def python():
    rows = read('python.csv')
    head = ['pairs', 'command CPU s', 'Python CPU s', 'CPU ratio (min-max)', 'command wall s',
            'Python wall s', 'wall ratio (min-max)', 'commit']

    def med(key):
        return statistics.median(float(r[key]) for r in rows)

    def ratio(key):
        values = [float(r[key]) for r in rows]
        return '%.3f (%.3f-%.3f)' % (statistics.median(values), min(values), max(values))
    return head, [[str(len(rows)), '%.3f' % med('command_cpu_s'), '%.3f' % med('python_cpu_s'),
                   ratio('cpu_ratio'), '%.3f' % med('command_wall_s'), '%.3f' % med('python_wall_s'),
                   ratio('wall_ratio'), commits(rows)]]


def serve():
    rows = read('serve.csv')
    head = ['question', 'students at once', 'requests', 'failed', 'per second', 'p50 ms', 'p99 ms', 'commit']
    what = {'dimacs': 'exercise 3 (DIMACS) graded', 'force': 'force start -k 8 (tree page)'}
    return head, [[what.get(r['what'], r['what']), r['students'], r['requests'], r['failed'], r['per_second'],
                   r['p50_ms'], r['p99_ms'], r['commit']] for r in rows]


def deepening():
    """Rows measured before the call at M - 2 was timed have that cell empty (their ratio is
    against the call at M alone)."""
    rows = read('deepening.csv')

    def below(g):
        times = [float(r['cadical_m2_cpu_s']) for r in g if r['cadical_m2_cpu_s']]
        return '%.2f s' % statistics.median(times) if times else '-'

    head = ['commit', 'fingers', 'M', 'whole deepening, CPU and peak (median)',
            'cadical program on the call at M (median)', 'at M - 2 (median)',
            'whole / hardest call, median (range)', 'load']
    groups = {}
    for r in rows:
        groups.setdefault((r['commit'], r['k']), []).append(r)
    order = list(dict.fromkeys(r['commit'] for r in rows))  # commits as first measured, widths rising
    out = []
    for (commit, k), g in sorted(groups.items(), key=lambda kv: (order.index(kv[0][0]), int(kv[0][1]))):
        def med(key):
            return statistics.median(float(r[key]) for r in g)
        ratios = [float(r['ratio']) for r in g]
        loads = sorted(round(float(r['load'])) for r in g)
        load = '%d' % loads[0] if loads[0] == loads[-1] else '%d-%d' % (loads[0], loads[-1])
        out.append([commit, '2^%s' % k, g[0]['moves'], '%.2f s, %.1f MiB' % (med('chopsat_cpu_s'), med('chopsat_peak_mib')),
                    '%.2f s' % med('cadical_cpu_s'), below(g),
                    '%.2f (%.2f-%.2f)' % (statistics.median(ratios), min(ratios), max(ratios)),
                    load])
    return head, out


def solve_bdd():
    rows = read('solve-bdd.csv')
    head = ['fingers', 'CPU s', 'peak MiB', 'before: CPU s', 'before: peak MiB', 'CPU ratio', 'commit']
    out = []
    for r in rows:
        base = r['baseline']
        paired = '(paired)' in base
        tag = 'paired' if paired else base.split(' ')[0]
        extra = base[base.index(':') + 1:].strip().rstrip(')') if ':' in base else ''
        before = '%.1f (%s)' % (float(r['baseline_cpu_s']), tag + ('; ' + extra if extra else ''))
        if not paired and float(r['baseline_cpu_s']) >= 1000:
            before = 'over 1,000 (%s)' % (tag + ('; ' + extra if extra else ''))
        out.append([r['fingers'], '%.1f' % float(r['cpu_s']), '%.0f' % float(r['peak_mib']), before,
                    '%.0f' % float(r['baseline_peak_mib']) if r['baseline_peak_mib'] else '',
                    '%.2f' % float(r['cpu_ratio']) if r['cpu_ratio'] else '', r['commit']])
    return head, out


def memory():
    rows = read('memory.csv')
    head = ['search', 'fingers', 'index space', 'estimate MiB', 'peak MiB', 'peak / estimate', 'seconds', 'commit']
    return head, [[r['search'].replace('solve-all', 'solve --all').replace('ever', 'win -k inf')
                   .replace('within', 'win -k 12'), r['fingers'], spaced(r['index_space']),
                   spaced(r['estimate_mib']), spaced(r['peak_mib']), r['ratio'], r['seconds'], r['commit']]
                  for r in rows]


def hands_value(r, engine='explicit'):
    """Player 1's value at the start as a table gives it: "win 12", "loss 7", "draw", or why
    there is none ("timeout", "refused")."""
    v, d = r[engine], r[engine + '_distance']
    return v + (' ' + d if d else '') if v else '-'


def hands_cell(r):
    """A start's value: the explicit solver's, else the BDD engine's (marked "(BDD)")."""
    if r['explicit'] in ('win', 'loss', 'draw'):
        return hands_value(r)
    if r['bdd'] in ('win', 'loss', 'draw'):
        return hands_value(r, 'bdd') + ' (BDD)'
    return r['explicit'] or '-'


def hands_grid(rows, fingers, most):
    """Rows (preset, fingers, a) and columns b = 1 .. most of the starts' values."""
    out = []
    for preset in [p for i, p in enumerate(r['preset'] for r in rows)
                   if p not in [r['preset'] for r in rows][:i]]:
        for n in fingers:
            for a in range(1, most + 1):
                mine = {r['count']: r for r in rows
                        if (r['preset'], r['fingers']) == (preset, str(n)) and r['count'].startswith('%d/' % a)}
                if not mine:
                    continue
                cells = [hands_cell(mine[c]) if c in mine else '-'
                         for c in ['%d/%d' % (a, b) for b in range(1, most + 1)]]
                out.append([preset, str(n), str(a)] + cells + [commits(mine.values())])
    return out


def hands_start():
    rows = [r for r in read('hands.csv') if max(int(x) for x in r['count'].split('/')) <= 4]
    head = ['preset', 'fingers', 'a'] + ['b = %d' % b for b in range(1, 5)] + ['commit']
    return head, hands_grid(rows, range(2, 7), 4)


def hands_two():
    rows = [r for r in read('hands.csv') if r['fingers'] == '2']
    head = ['preset', 'fingers', 'a'] + ['b = %d' % b for b in range(1, 9)] + ['commit']
    return head, hands_grid(rows, [2], 8)


def hands_engines():
    rows = read('hands.csv')
    head = ['preset', 'fingers', 'counts', 'positions', 'explicit answered', 'explicit CPU s (most)',
            'explicit peak MiB (most)', 'BDD answered', 'BDD CPU s (most)', 'BDD peak MiB (most)',
            'both answered, agreeing', 'commit']
    keys = []
    for r in rows:
        most = max(int(x) for x in r['count'].split('/'))
        key = (r['preset'], r['fingers'], '1/1 .. 4/4' if most <= 4 else 'a or b 5 .. 8')
        if key not in keys:
            keys.append(key)
    out = []

    def most(mine, col):
        vals = [float(r[col]) for r in mine if r[col] and r[col.split('_')[0]] in ('win', 'loss', 'draw')]
        return '%.2f' % max(vals) if col.endswith('cpu') and vals else '%.1f' % max(vals) if vals else '-'
    for preset, n, span in keys:
        mine = [r for r in rows if (r['preset'], r['fingers']) == (preset, n) and
                (max(int(x) for x in r['count'].split('/')) <= 4) == (span == '1/1 .. 4/4')]
        done = lambda e: [r for r in mine if r[e] in ('win', 'loss', 'draw')]
        pos = [int(r['positions']) for r in mine if r['positions']]
        both = [r for r in done('explicit') if r in done('bdd')]
        agree = [r for r in both if hands_value(r) == hands_value(r, 'bdd')]
        out.append([preset, n, span, '%s .. %s' % (spaced(str(min(pos))), spaced(str(max(pos)))) if pos else '-',
                    '%d of %d' % (len(done('explicit')), len(mine)), most(mine, 'explicit_cpu'),
                    most(mine, 'explicit_peak_mib'), '%d of %d' % (len(done('bdd')), len(mine)),
                    most(mine, 'bdd_cpu'), most(mine, 'bdd_peak_mib'), '%d, %d' % (len(both), len(agree)),
                    commits(mine)])
    return head, out


def hands_scale():
    rows = read('hands-scale.csv')
    head = ['count', 'fingers', 'solve: value, CPU, peak', 'win (minimum): moves, CPU, peak',
            'force: answer, CPU, peak', 'commit']
    keys = []
    for r in rows:
        if (r['count'], r['fingers']) not in keys:
            keys.append((r['count'], r['fingers']))

    def fig(r):
        if r is None:
            return '-'
        if r['answer'] in ('timeout', 'refused'):
            return r['answer'] + (' (%s)' % r['note'] if r['note'] else '')
        what = r['answer'] + (' ' + r['moves'] if r['moves'] else '')
        return '%s, %s s, %s MiB' % (what, r['cpu_s'], r['peak_mib'])
    out = []
    for count, n in keys:
        mine = [r for r in rows if (r['count'], r['fingers']) == (count, n)]
        by = {r['question']: r for r in mine}
        out.append([count, n, fig(by.get('solve')), fig(by.get('win')), fig(by.get('force')),
                    commits(mine)])
    return head, out


# NAME: (the CSVs it is made from, the function)


NFINGERS_RULES = ('standard', 'rollover', 'no-split')


def nfingers_rows(engine):
    """nfingers.csv's rows of ENGINE as {(rules, fingers): row}, and the fingers in order."""
    rows = [r for r in read('nfingers.csv') if r['engine'] == engine]
    return {(r['rules'], int(r['fingers'])): r for r in rows}, sorted({int(r['fingers']) for r in rows})


def outcome(r):
    """A start position's value as the tables give it: 'win 17', 'loss 26', 'draw', 'over budget'."""
    if r is None:
        return '-'
    if r['value'] in ('win', 'loss'):
        return '%s %s' % (r['value'], r['distance'])
    return r['value'].replace('-', ' ')


def nfingers():
    by, ns = nfingers_rows('explicit')
    head = ['N', 'standard', 'rollover', 'no-split', 'CPU s (standard / rollover / no-split)', 'peak MiB (largest)',
            'commit']
    out = []
    for n in ns:
        mine = [by.get((p, n)) for p in NFINGERS_RULES]
        peak = max(float(r['peak_mib']) for r in mine if r)
        out.append([str(n)] + [outcome(r) for r in mine] + [' / '.join(cpu(r['cpu_s']) if r else '-' for r in mine),
                                                             '%.0f' % peak, commits(mine)])
    return head, out


def nfingers_bdd():
    by, ns = nfingers_rows('bdd')
    ex, _ = nfingers_rows('explicit')
    head = ['N', 'standard', 'rollover', 'no-split', 'CPU s (standard / rollover / no-split)', 'peak MiB (largest)',
            'explicit solver', 'commit']
    out = []
    for n in ns:
        mine = [by.get((p, n)) for p in NFINGERS_RULES]
        both = [(r, ex.get((p, n))) for p, r in zip(NFINGERS_RULES, mine)
                if r and r['value'] in ('win', 'loss', 'draw') and ex.get((p, n)) and
                ex[(p, n)]['value'] in ('win', 'loss', 'draw')]
        same = sum(1 for b, e in both if (b['value'], b['distance']) == (e['value'], e['distance']))
        check = 'agrees (%d of %d)' % (same, len(both)) if both and same == len(both) else \
            ('DISAGREES (%d of %d agree)' % (same, len(both)) if both else '-')
        peak = max(float(r['peak_mib']) for r in mine if r)
        out.append([str(n)] + [outcome(r) for r in mine] + [' / '.join(cpu(r['cpu_s']) if r else '-' for r in mine),
                                                             '%.0f' % peak, check, commits(mine)])
    return head, out


def nfingers_reach():
    head = ['engine', 'rules', 'N answered', 'largest N', 'its CPU s, peak MiB', 'CPU s in all', 'then', 'commit']
    out = []
    for engine, name in (('explicit', 'explicit solve'), ('bdd', 'BDD solve --bdd')):
        by, ns = nfingers_rows(engine)
        for p in NFINGERS_RULES:
            mine = [by[(p, n)] for n in ns if (p, n) in by]
            done = [r for r in mine if r['value'] in ('win', 'loss', 'draw')]
            if not done:
                continue
            top = done[-1]
            stop = [r for r in mine if r not in done]
            then = 'not asked further'
            if stop and stop[0]['value'] == 'over-budget':
                then = 'over the %s CPU s budget at %s' % (stop[0]['budget_s'], stop[0]['fingers'])
            elif stop:
                then = '%s at %s (%s CPU s)' % (stop[0]['value'].replace('-', ' '), stop[0]['fingers'], cpu(stop[0]['cpu_s']))
            out.append([name, p, '%d (%s to %s)' % (len(done), done[0]['fingers'], top['fingers']), top['fingers'],
                        '%s, %.0f' % (cpu(top['cpu_s']), float(top['peak_mib'])),
                        '%.1f' % sum(float(r['cpu_s']) for r in mine), then, commits(mine)])
    return head, out


# NAME: (the CSVs it is made from, the function)


TABLES = {
    'bmc': ('bmc.csv', bmc),
    'peers': ('peers.csv', peers),
    'explicit': ('explicit.csv', explicit),
    'force': ('force.csv, force-233d5ae.csv', force),
    'force-encoding': ('force-encoding.csv', copied('force-encoding.csv')),
    'force-runs': ('force-runs.csv', copied('force-runs.csv')),
    'bdd-fingers': ('bdd.csv', bdd_fingers),
    'bdd-k': ('bdd.csv', bdd_k),
    'unbounded': ('unbounded.csv', unbounded_agreement),
    'unbounded-65536': ('unbounded-65536.csv', unbounded_65536(False)),
    'unbounded-abc': ('unbounded-65536.csv', unbounded_65536(True)),
    'pack-established': ('pack-meta.csv', pack_established),
    'pack-peers': ('pack-results.csv', pack_peers),
    'scale': ('scale.csv', scale),
    'scale-force': ('scale-force.csv', scale_force),
    'symbolic': ('symbolic.csv', copied('symbolic.csv')),
    'memory': ('memory.csv', memory),
    'python': ('python.csv', python),
    'serve': ('serve.csv', serve),
    'deepening': ('deepening.csv', deepening),
    'solve-bdd': ('solve-bdd.csv', solve_bdd),
    'hands-scale': ('hands-scale.csv', hands_scale),
    'hands-start': ('hands.csv', hands_start),
    'hands-two': ('hands.csv', hands_two),
    'hands-engines': ('hands.csv', hands_engines),
    'nfingers': ('nfingers.csv', nfingers),
    'nfingers-bdd': ('nfingers.csv', nfingers_bdd),
    'nfingers-reach': ('nfingers.csv', nfingers_reach),
}
# The tables kept in pages of docs/ (each made there as in RESULTS.md), by page.
PAGES = {os.path.join(HERE, '..', 'docs', 'hands.md'): ['hands-start', 'hands-two', 'hands-engines'],
         os.path.join(HERE, '..', 'docs', 'nfingers.md'): ['nfingers', 'nfingers-bdd', 'nfingers-reach']}


def cell(text):
    """A table cell: a '|' in a figure would start another cell."""
    return text.replace('|', '\\|')


def render(name):
    """The lines of table NAME, markers included."""
    sources, make = TABLES[name]
    head, rows = make()
    lines = ['<!-- table: %s (made by benchmarks/results.py from benchmarks/%s: do not edit) -->' % (name, sources),
             '| ' + ' | '.join(head) + ' |', '|' + '---|' * len(head)]
    for r in rows:
        if len(r) != len(head):
            raise Bad('table %s: a row of %d cells under %d columns' % (name, len(r), len(head)))
        lines.append('| ' + ' | '.join(cell(c) for c in r) + ' |')
    return lines + [END]


def regenerate(text, label='RESULTS.md'):
    """The page (RESULTS.md, or a page of PAGES named label) with every table made again, and
    the problems found (a table without markers, a marker without its end, a name no table has)."""
    lines = text.split('\n')
    out, problems, fence = [], [], False
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith('```'):
            fence = not fence
        m = BEGIN.match(line) if not fence else None
        if m:
            end = next((j for j in range(i + 1, len(lines)) if lines[j] == END or BEGIN.match(lines[j])), None)
            if end is None or lines[end] != END:
                problems.append('%s line %d: table %s has no %s line' % (label, i + 1, m.group(1), END))
                out.append(line)
                i += 1
                continue
            if m.group(1) not in TABLES:
                problems.append('%s line %d: no table is named %s (benchmarks/results.py, TABLES)'
                                % (label, i + 1, m.group(1)))
                out.extend(lines[i:end + 1])
            else:
                out.extend(render(m.group(1)))
            i = end + 1
            continue
        if not fence and line.lstrip().startswith('|'):
            problems.append('%s line %d: a table without markers (tables are made by '
                            'benchmarks/results.py from the CSVs, never written by hand)' % (label, i + 1))
        out.append(line)
        i += 1
    return '\n'.join(out), problems


def check_page(text, new, problems, label):
    """The --check problems of one page: each table that differs from what the CSVs make."""
    old, made = text.split('\n'), new.split('\n')
    for name in TABLES:
        mark = '<!-- table: %s ' % name
        a = [n for n, l in enumerate(old) if l.startswith(mark)]
        b = [n for n, l in enumerate(made) if l.startswith(mark)]
        for x, y in zip(a, b):
            end_a = old.index(END, x)
            end_b = made.index(END, y)
            if old[x:end_a + 1] != made[y:end_b + 1]:
                first = next((k for k in range(max(end_a - x, end_b - y) + 1)
                              if k >= end_a - x or k >= end_b - y or old[x + k] != made[y + k]), 0)
                problems.append('%s line %d: table %s is not what the CSVs make (first '
                                'difference at line %d; run python3 benchmarks/results.py)'
                                % (label, x + 1, name, x + first + 1))
    if new != text and not problems:
        problems.append('%s is not what the CSVs make (run python3 benchmarks/results.py)' % label)


def pages():
    """The pages whose tables are made: RESULTS.md, and those of PAGES that are there (a copy of
    benchmarks/ alone has none), each with its name for messages."""
    out = [(RESULTS, 'RESULTS.md')]
    for path in PAGES:
        if os.path.exists(path):
            out.append((path, os.path.relpath(os.path.normpath(path), os.path.dirname(HERE))))
    return out


def main(argv):
    try:
        if len(argv) == 2 and argv[0] == '--print':
            if argv[1] not in TABLES:
                raise Bad('no table is named %s (one of: %s)' % (argv[1], ', '.join(TABLES)))
            print('\n'.join(render(argv[1])))
            return 0
        if argv not in ([], ['--check']):
            print('usage: benchmarks/results.py [--check | --print NAME]', file=sys.stderr)
            return 2
        done = []
        for path, label in pages():
            with open(path) as f:
                text = f.read()
            new, problems = regenerate(text, label)
            done.append((path, label, text, new, problems))
    except Bad as e:
        print('results.py: %s' % e, file=sys.stderr)
        return 1
    failed = False
    for path, label, text, new, problems in done:
        if argv == ['--check']:
            check_page(text, new, problems, label)
        for p in problems:
            print('results.py: %s' % p, file=sys.stderr)
        failed |= bool(problems)
        if argv != ['--check'] and new != text:
            tmp = path + '.tmp'
            with open(tmp, 'w') as f:
                f.write(new)
            os.replace(tmp, path)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
