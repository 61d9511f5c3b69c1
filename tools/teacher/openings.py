#!/usr/bin/env python3
"""Random 15x15 openings for c-gomoku-cli: 4 to 6 stones on distinct cells of the central 7x7
square (e5..k11), X first, in c-gomoku-cli's `type=pos` format (`g9i10f9k5`), none repeated
and none in the files given with --not. Unbalanced on purpose: the games that follow are data,
not a match.

Usage: tools/teacher/openings.py --count 1500 --seed 2026 [--not earlier.txt ...] > openings.txt
"""
import argparse
import random

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--count", type=int, default=1500)
parser.add_argument("--seed", type=int, default=2026)
parser.add_argument("--not", dest="exclude", action="append", default=[])
args = parser.parse_args()

rng = random.Random(args.seed)
seen = set()
for path in args.exclude:
    seen.update(open(path).read().split())
made = 0
while made < args.count:
    stones = rng.choice([4, 5, 6])
    cells = set()
    while len(cells) < stones:
        cells.add((rng.randint(5, 11), rng.randint(5, 11)))
    cells = list(cells)
    rng.shuffle(cells)
    line = "".join(chr(96 + col) + str(row) for col, row in cells)
    if line not in seen:
        seen.add(line)
        print(line)
        made += 1
