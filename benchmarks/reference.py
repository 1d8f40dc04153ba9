#!/usr/bin/env python3
"""benchmarks/reference.py: a small, independent reference solver for the benchmarks, written
from the rules (docs/rules.md) in plain Python without any of chopsat's code: the chopsticks
family under the standard preset's options (cutoff, unordered hands, tap the opponent, free
splits with suicide and revive allowed, eliminate to win) at any finger count N.

It builds the whole game graph over every position (each player's hands as a sorted pair, plus
the player to move), stores the reversed edges, and runs a plain retrograde analysis in
breadth-first order (a win at the nearest losing successor, a loss once every successor is a
win, at the farthest; what is never resolved is a draw). Then it walks the positions reachable
from the start and prints the same figures as `chopsat stats --format json`, so the benchmark
can check that both agree before comparing times.

Usage: python3 benchmarks/reference.py N
"""
import json
import sys
from collections import deque


def solve(n):
    pairs = [(a, b) for b in range(n) for a in range(b + 1)]

    def norm(a, b):
        return (a, b) if a <= b else (b, a)

    def terminal(pos):
        me, you, _ = pos
        return me == (0, 0) or you == (0, 0)

    def winner(pos):
        """1 or 2 when pos is over (the player with no live hand has lost), else 0."""
        p1, p2, mover = pos
        dead1, dead2 = p1 == (0, 0), p2 == (0, 0)
        if dead1 and dead2:
            return 3 - mover
        if dead1:
            return 2
        if dead2:
            return 1
        return 0

    def moves(pos):
        p1, p2, mover = pos
        mine, theirs = (p1, p2) if mover == 1 else (p2, p1)
        out = set()
        for x in mine:
            if x == 0:
                continue
            for k, y in enumerate(theirs):
                if y == 0:
                    continue
                v = x + y
                if v >= n:
                    v = 0
                t = list(theirs)
                t[k] = v
                t = norm(*t)
                out.add((mine, t) if mover == 1 else (t, mine))
        s = mine[0] + mine[1]
        for x in range(max(0, s - (n - 1)), s // 2 + 1):
            y = s - x
            if (x, y) == mine or y >= n:
                continue
            out.add(((x, y), theirs) if mover == 1 else (theirs, (x, y)))
        return [(a, b, 3 - mover) for a, b in out]

    positions = [(a, b, m) for m in (1, 2) for a in pairs for b in pairs]
    value, dist, left, preds = {}, {}, {}, {p: [] for p in positions}
    queue = deque()
    for p in positions:
        w = winner(p)
        if w:
            value[p] = 'win' if w == p[2] else 'loss'
            dist[p] = 0
            queue.append(p)
            continue
        succ = moves(p)
        left[p] = len(succ)
        for q in succ:
            preds[q].append(p)
        if not succ:
            value[p], dist[p] = 'loss', 0
            queue.append(p)
    while queue:
        q = queue.popleft()
        for p in preds[q]:
            if p in value:
                continue
            if value[q] == 'loss':
                value[p], dist[p] = 'win', dist[q] + 1
                queue.append(p)
            else:
                left[p] -= 1
                if left[p] == 0:
                    value[p], dist[p] = 'loss', dist[q] + 1
                    queue.append(p)
    return value, dist, moves, terminal


def stats(n):
    value, dist, moves, terminal = solve(n)
    start = ((1, 1), (1, 1), 1)
    depth = {start: 0}
    order = deque([start])
    st = {"from": None, "positions": 0, "terminal": 0, "edges": 0, "wins": 0, "losses": 0,
          "draws": 0, "longest_distance": 0, "depth": 0}
    while order:
        p = order.popleft()
        st["positions"] += 1
        st["depth"] = max(st["depth"], depth[p])
        if terminal(p):
            st["terminal"] += 1
            continue
        succ = moves(p)
        st["edges"] += len(succ)
        v = value.get(p)
        if v is None:
            st["draws"] += 1
        else:
            st["wins" if v == 'win' else "losses"] += 1
            st["longest_distance"] = max(st["longest_distance"], dist[p])
        for q in succ:
            if q not in depth:
                depth[q] = depth[p] + 1
                order.append(q)
    hands = (lambda h: "%d%d" % h) if n <= 10 else (lambda h: "%d,%d" % h)
    st["from"] = "%s/%s:1" % (hands(start[0]), hands(start[1]))
    return st


if __name__ == "__main__":
    if len(sys.argv) != 2 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 2:
        sys.exit("usage: python3 benchmarks/reference.py N   (N >= 2 fingers)")
    print(json.dumps(stats(int(sys.argv[1])), separators=(", ", ": ")))
