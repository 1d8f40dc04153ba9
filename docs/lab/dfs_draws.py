#!/usr/bin/env python3
"""A depth-first search that values the positions of the Chinese finger game (lab exercise 12).

The game (chopsat's preset `chinese`): ten fingers per hand (0..9), the mover adds one of the
opponent's live hands to one of its own live hands (x becomes (x + y) mod 10, so 9 + 1 makes
it 0), left and right hands are different, no splits, and a player whose hands are both 0 has
WON (win=finish). The search is negamax over the 6561 start positions with hands 1..9 (player
1 to move), with a memo shared by all of them, and a position already on the current search
path counted as a draw so that the search terminates. Whether its counts are right is the
exercise: compare them with chopsat's (the key, docs/lab/answers.md, says what goes wrong).
"""
USAGE = """usage: python3 dfs_draws.py [--json]               the search's counts of wins, draws, losses
       python3 dfs_draws.py --count FILE [--json]  the counts in FILE, written by
                   chopsat solve --all --rules chinese --format csv -o FILE
       python3 dfs_draws.py --disagree FILE        the first positions where the search and
                                                   FILE differ, and how many do
       python3 dfs_draws.py --variants [--json]    the same search with other keys and orders
       python3 dfs_draws.py --help                 this text"""
import itertools
import json
import sys

sys.setrecursionlimit(20000)


def flawed_search(relative_keys=False, stop_at_first_win=False, values=None):
    """Counts (wins, draws, losses) for player 1 over the start positions with hands 1..9 (and
    stores each start position's claimed value in `values`, keyed "ab/cd", when given).

    Positions are (player 1's hands, player 2's hands, player to move) unless relative_keys,
    which keys the memo by (mover's hands, opponent's hands). Moves are tried as "my hand i,
    then their hand j" for i, j in 0, 1; stop_at_first_win stops at the first winning move."""
    memo = {}
    on_path = set()

    def value(mine, theirs, mover):
        """The value for the player to move: 1 win, 0 draw, -1 loss."""
        if relative_keys:
            key = (mine, theirs)
        else:
            key = (mine, theirs, 1) if mover == 1 else (theirs, mine, 2)
        if key in memo:
            return memo[key]
        if key in on_path:
            return 0  # on the current path: counted as a draw
        on_path.add(key)
        best = -1
        for i in range(2):
            for j in range(2):
                if mine[i] == 0 or theirs[j] == 0:
                    continue  # dead hands neither add nor are added
                after = list(mine)
                after[i] = (mine[i] + theirs[j]) % 10
                after = tuple(after)
                if after == (0, 0):
                    v = 1  # the mover's hands are both 0: the mover has won
                else:
                    v = -value(theirs, after, 3 - mover)
                best = max(best, v)
                if stop_at_first_win and best == 1:
                    break
            if stop_at_first_win and best == 1:
                break
        on_path.discard(key)
        memo[key] = best
        return best

    counts = {1: 0, 0: 0, -1: 0}
    for a, b, c, d in itertools.product(range(1, 10), repeat=4):
        v = value((a, b), (c, d), 1)
        counts[v] += 1
        if values is not None:
            values["%d%d/%d%d" % (a, b, c, d)] = v
    return counts[1], counts[0], counts[-1]


def exact_counts(path, values=None):
    """(wins, draws, losses) among the rows of `chopsat solve --all --rules chinese --format
    csv` whose four hands are 1..9 and whose player to move is 1 (each value also stored in
    `values`, 1/0/-1 keyed "ab/cd", when given)."""
    wins = draws = losses = 0
    with open(path) as f:
        header = f.readline().strip().split(",")
        if header[:2] != ["position", "value"]:
            sys.exit("dfs_draws.py: %s is not the CSV of chopsat solve --all --format csv" % path)
        for line in f:
            position, val = line.strip().split(",")[:2]
            hands, mover = position.split(":")
            digits = hands.replace("/", "")
            if mover != "1" or len(digits) != 4 or "0" in digits:
                continue
            if val == "win":
                wins += 1
            elif val == "draw":
                draws += 1
            else:
                losses += 1
            if values is not None:
                values[hands] = {"win": 1, "draw": 0}.get(val, -1)
    return wins, draws, losses


def report(name, counts, as_json):
    wins, draws, losses = counts
    if as_json:
        print(json.dumps({"search": name, "positions": wins + draws + losses, "wins": wins,
                          "draws": draws, "losses": losses}))
    else:
        print("%s: %d positions: wins %d, draws %d, losses %d"
              % (name, wins + draws + losses, wins, draws, losses))


def main(argv):
    if argv[:1] in (["--help"], ["-h"]):
        print(USAGE)
        return
    as_json = "--json" in argv
    args = [a for a in argv if a != "--json"]
    if args[:1] == ["--count"] and len(args) == 2:
        report("exact (chopsat)", exact_counts(args[1]), as_json)
    elif args[:1] == ["--disagree"] and len(args) == 2:
        claimed, exact = {}, {}
        flawed_search(values=claimed)
        exact_counts(args[1], exact)
        words = {1: "win", 0: "draw", -1: "loss"}
        wrong = [p for p in sorted(claimed) if claimed[p] != exact.get(p)]
        for p in wrong[:5]:
            print("%s:1  the search says %s, chopsat says %s"
                  % (p, words[claimed[p]], words.get(exact.get(p), "nothing")))
        print("%d of %d positions valued wrongly" % (len(wrong), len(claimed)))
    elif args == ["--variants"]:
        for rel in (False, True):
            for stop in (False, True):
                name = "flawed DFS, memo keyed by %s, %s" % (
                    "mover/opponent" if rel else "player 1/player 2 and mover",
                    "stopping at the first win" if stop else "trying every move")
                report(name, flawed_search(rel, stop), as_json)
    elif not args:
        report("flawed DFS (in progress = draw)", flawed_search(), as_json)
    else:
        sys.stderr.write("dfs_draws.py: bad arguments: %s\n%s\n" % (" ".join(argv), USAGE))
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv[1:])
