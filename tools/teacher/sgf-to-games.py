#!/usr/bin/env python3
"""c-gomoku-cli's SGF records to `mnk tune` games (one line each: the winner X, O or draw, then
the moves). Games lost on time or by a crash are left out: their result says nothing about the
position. A record's row y becomes row y + 1, so the board is mirrored top to bottom, which
changes nothing for the evaluation and is undone by label.py.

Usage: tools/teacher/sgf-to-games.py games.sgf [more.sgf ...] > games.txt
"""
import re
import sys

kept = dropped = 0
for path in sys.argv[1:]:
    for game in re.findall(r"\(;[^()]*\)", open(path).read()):
        result = re.search(r"RE\[([^\]]*)\]", game)
        if not result:
            continue
        winner = {"B": "X", "W": "O"}.get(result.group(1)[:1], "draw")
        how = re.search(r"TE\[([^\]]*)\]", game)
        if winner != "draw" and how and "five" not in how.group(1).lower():
            dropped += 1
            continue
        moves = [m[0] + str(ord(m[1]) - 96) for m in re.findall(r";[BW]\[(\w\w)\]", game)]
        print(winner, " ".join(moves))
        kept += 1
print(f"{kept} games, {dropped} left out (not ended on the board)", file=sys.stderr)
