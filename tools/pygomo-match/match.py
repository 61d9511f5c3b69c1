#!/usr/bin/env python3
"""Games between two Gomocup brains, driven through a third-party client: pygomo-lib's
EngineClient (PyPI `pygomo-lib`), as a cross-check of pbrain-mnk against protocol code that
is not mnk's own. Not part of the test suite (it needs the package from PyPI).

    python3 -m venv .venv && .venv/bin/pip install pygomo-lib
    cargo build --release
    .venv/bin/python tools/pygomo-match/match.py --games 4 \
        --a "target/release/pbrain-mnk" --b "target/release/pbrain-mnk --ai gomoku-pruned:depth=2"

Each game: START, INFO timeout_turn / timeout_match / rule, then BEGIN or TURN in turn with
INFO time_left before each move; the first player alternates. The script keeps the board,
rejects illegal answers, detects five in a row, and prints the results and each brain's move
times against timeout_turn.
"""

import argparse
import shlex
import statistics
import time

from pygomo.client.engine import EngineClient


def five(stones, x, y, size, exact):
    """Whether the stone just put on (x, y) makes five (exactly five with `exact`)."""
    me = stones[(x, y)]
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for sign in (1, -1):
            cx, cy = x + sign * dx, y + sign * dy
            while 0 <= cx < size and 0 <= cy < size and stones.get((cx, cy)) == me:
                n += 1
                cx, cy = cx + sign * dx, cy + sign * dy
        if n == 5 or (n > 5 and not exact):
            return True
    return False


def open_brain(command):
    parts = shlex.split(command)
    # EngineClient takes one executable; extra arguments go through a tiny wrapper script.
    if len(parts) == 1:
        return EngineClient(parts[0])
    import os
    import tempfile

    fd, path = tempfile.mkstemp(prefix="pbrain-wrap-", suffix=".sh")
    with os.fdopen(fd, "w") as f:
        f.write("#!/bin/sh\nexec " + " ".join(shlex.quote(p) for p in parts) + "\n")
    os.chmod(path, 0o755)
    return EngineClient(path)


def play(a, b, size, turn_ms, match_ms, rule, a_first, times):
    brains = {"a": a, "b": b}
    left = {"a": match_ms, "b": match_ms}
    for brain in brains.values():
        assert brain.start(size), "START was not answered OK"
        brain.set_time(turn_time_ms=turn_ms, match_time_ms=match_ms)
        brain.set_rule(rule)
    order = ["a", "b"] if a_first else ["b", "a"]
    stones, last = {}, None
    for ply in range(size * size):
        name = order[ply % 2]
        brain = brains[name]
        brain.set_time(time_left_ms=left[name])
        started = time.monotonic()
        if last is None:
            result = brain.begin(timeout=turn_ms / 1000 + 10)
        else:
            result = brain.turn(last, timeout=turn_ms / 1000 + 10)
        spent = time.monotonic() - started
        times[name].append(spent * 1000)
        left[name] -= int(spent * 1000)
        if result is None:
            return f"{name} gave no move"
        x, y = result.move.to_tuple()
        if not (0 <= x < size and 0 <= y < size) or (x, y) in stones:
            return f"{name} played an illegal move {x},{y}"
        stones[(x, y)] = name
        last = (x, y)
        if five(stones, x, y, size, rule & 1 == 1):
            return f"{name} wins"
    return "draw"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--a", required=True, help="command of brain A")
    p.add_argument("--b", required=True, help="command of brain B")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--size", type=int, default=15)
    p.add_argument("--turn-ms", type=int, default=300)
    p.add_argument("--match-ms", type=int, default=30000)
    p.add_argument("--rule", type=int, default=0)
    args = p.parse_args()
    times = {"a": [], "b": []}
    results = []
    for game in range(args.games):
        a, b = open_brain(args.a), open_brain(args.b)
        try:
            results.append(
                play(a, b, args.size, args.turn_ms, args.match_ms, args.rule, game % 2 == 0, times)
            )
        finally:
            a.quit()
            b.quit()
        print(f"game {game + 1}: {results[-1]}", flush=True)
    for name in ("a", "b"):
        t = sorted(times[name])
        if not t:
            continue
        over = sum(1 for v in t if v > args.turn_ms)
        print(
            f"{name}: {len(t)} moves, median {statistics.median(t):.1f} ms, "
            f"p90 {t[int(0.9 * (len(t) - 1))]:.1f} ms, max {t[-1]:.1f} ms, "
            f"{over} over timeout_turn {args.turn_ms} ms"
        )


if __name__ == "__main__":
    main()
