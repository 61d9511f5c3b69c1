#!/usr/bin/env python3
"""Reads a c-gomoku-cli log and prints the last score with its Elo and 95% error.

The error comes from the per-game score variance (trinomial model), as engine testers quote
it; games lost on time and illegal moves are counted from the log's `{...}` reasons.
Usage: elo.py LOG
"""
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
    n = w + l + d
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
    sprt = re.findall(r"SPRT: .*", text)
    if sprt:
        print("  " + sprt[-1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
