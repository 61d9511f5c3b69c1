#!/usr/bin/env python3
"""Reads a c-gomoku-cli log and prints the score with its Elo and 95% error.

The error comes from the per-game score variance (trinomial model), as engine testers quote
it; games lost on time and illegal moves are counted from the log's `{...}` reasons.

When the match's games.sgf lies beside the log (match.sh writes it there), the score is counted
from the games themselves, and a game that ended "by time forfeit" before any move after the
opening is left out and reported: that is an engine failing to answer START (Rapfi sometimes
answers `ERROR Unknown command`), and c-gomoku-cli blames whichever engine its loop index
points at, not the one that failed (game.cpp, the START loop), so neither side earned it.
Usage: elo.py LOG
"""
import os
import math
import re
import sys


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def main(path):
    text = open(path, errors="replace").read()
    scores = re.findall(r"Score of (\S+) vs (\S+): (\d+) - (\d+) - (\d+)", text)
    if not scores:
        print(f"{path}: no game finished")
        return 1
    a, b, w, l, d = scores[-1]
    w, l, d = int(w), int(l), int(d)
    sgf = os.path.join(os.path.dirname(path), "games.sgf")
    unplayed = 0
    if os.path.exists(sgf):
        w, l, d, unplayed = from_games(open(sgf, errors="replace").read(), a)
    n = w + l + d
    if n == 0:
        print(f"{path}: no game played")
        return 1
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + l * s**2 + d * (0.5 - s) ** 2) / n
    margin = 1.96 * math.sqrt(var / n)
    lo, hi = elo(max(s - margin, 1e-6)), elo(min(s + margin, 1 - 1e-6))
    reasons = re.findall(r"Finished game \d+ \(([^)]*)\): (\S+) \{([^}]*)\}", text)
    odd = {}
    for _, _, why in reasons:
        if "five" not in why.lower() and "draw" not in why.lower() and "full" not in why.lower():
            odd[why] = odd.get(why, 0) + 1
    print(f"{a} vs {b}: {w}-{l}-{d} of {n}, score {s:.3f}, Elo {elo(s):+.0f} "
          f"(95%: {lo:+.0f} .. {hi:+.0f}, +-{(hi - lo) / 2:.0f})")
    for why, k in sorted(odd.items()):
        print(f"  {k} game(s) ended: {why}")
    if unplayed:
        print(f"  {unplayed} game(s) left out: a time forfeit before any move after the opening "
              "(an engine failed START; c-gomoku-cli does not say which)")
    sprt = re.findall(r"SPRT: .*", text)
    if sprt:
        print("  " + sprt[-1])
    return 0


def from_games(text, a):
    """Wins, losses and draws of engine `a` in an SGF collection, and the games left out."""
    w = l = d = unplayed = 0
    for game in re.findall(r"\(;FF.*?\)", text, re.S):
        black = re.search(r"PB\[([^\]]*)\]", game)
        result = re.search(r"RE\[([^\]]*)\]", game)
        how = re.search(r"TE\[([^\]]*)\]", game)
        if not (black and result):
            continue
        moves = re.findall(r";[BW]\[[a-z]*\](C\[[^\]]*\])?", game)
        played = [m for m in moves if "opening" not in m]
        if how and "forfeit" in how.group(1).lower() and not played:
            unplayed += 1
            continue
        res = result.group(1)
        if res.startswith("0") or res.lower().startswith("draw"):
            d += 1
        elif res[0] == ("B" if black.group(1) == a else "W"):
            w += 1
        else:
            l += 1
    return w, l, d, unplayed


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
