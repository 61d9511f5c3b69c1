#!/usr/bin/env python3
"""tools/match/depth.py MNK BRAIN [BRAIN ...] [--times 200,1000] [--max-memory BYTES]

How deep Gomocup brains search in the same positions at the same time a move: each gomoku
position of `mnk bench` (15x15 and 20x20, freestyle and exact five) is sent to each brain
with BOARD after `INFO timeout_turn T`, and the depth its last search line reports is read:
pbrain-mnk's `MESSAGE engine depth D ...` and Rapfi's `MESSAGE Depth D-S | ...` (its selective
depth S too, and the nodes of its last line, which it writes in thousands). MNK is the `mnk` binary (it lists the positions: `mnk bench --json`); each BRAIN
is a command line (`target/release/pbrain-mnk`, `$PEERS/rapfi/pbrain-rapfi`). Prints one row
per position and time, each brain's depth and nodes, and the medians; docs/benchmarks.md
shows a run. Measurement only: nothing in the project depends on it.
"""

import argparse
import json
import re
import shlex
import statistics
import subprocess
import sys

# The value may be words ("win in 7"): anything up to the nodes.
MNK_LINE = re.compile(r"^MESSAGE \S+ depth (\d+) value .*? nodes (\d+)")
RAPFI_LINE = re.compile(r"^MESSAGE .*\bDepth (\d+)-(\d+) \|")
RAPFI_NODES = re.compile(r"\| Node (\d+(?:\.\d+)?)([KMG]?) \|")
SUFFIX = {"": 1, "K": 1_000, "M": 1_000_000, "G": 1_000_000_000}
MOVE = re.compile(r"^\d+,\d+$")


def positions(mnk):
    """The bench's gomoku positions: (label, size, rule bits, moves as (x, y))."""
    out = subprocess.run(
        [mnk, "bench", "--json", "--time-ms", "1"], capture_output=True, text=True, check=True
    )
    found = []
    for p in json.loads(out.stdout)["positions"]:
        width, height = p["size"]
        if p["k"] != 5 or width != height or width < 15:
            continue
        moves = []
        for word in p["moves"].split():
            x = ord(word[0]) - ord("a")
            y = int(word[1:]) - 1
            moves.append((x, y))
        rule = 1 if p["rule"] == "exact" else 0
        found.append((f"{width}x{height} {p['rule']} [{p['moves']}]", width, rule, moves))
    return found


def depth_of(command, size, rule, moves, turn_ms, max_memory):
    """The depth, selective depth (or None) and nodes (or None) of the brain's last search."""
    lines = [f"START {size}", f"INFO rule {rule}", f"INFO timeout_turn {turn_ms}",
             "INFO timeout_match 0", f"INFO max_memory {max_memory}", "INFO thread_num 1",
             "BOARD"]
    mover = len(moves) % 2
    for i, (x, y) in enumerate(moves):
        lines.append(f"{x},{y},{1 if i % 2 == mover else 2}")
    lines.append("DONE")
    brain = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
    brain.stdin.write("\n".join(lines) + "\n")
    brain.stdin.flush()
    depth = None
    for line in brain.stdout:
        line = line.strip()
        m = MNK_LINE.match(line)
        if m:
            depth = (int(m.group(1)), None, int(m.group(2)))
        m = RAPFI_LINE.match(line)
        if m:
            # Its last line (`MESSAGE Speed ... | Depth D-S | ... | Node 172K | ...`) has the nodes.
            n = RAPFI_NODES.search(line)
            nodes = int(float(n.group(1)) * SUFFIX[n.group(2)]) if n else None
            depth = (int(m.group(1)), int(m.group(2)), nodes)
        if MOVE.match(line):
            break
    brain.stdin.write("END\n")
    brain.stdin.flush()
    brain.wait(timeout=30)
    return depth


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mnk")
    parser.add_argument("brains", nargs="+")
    parser.add_argument("--times", default="200,1000")
    parser.add_argument("--max-memory", type=int, default=350 * 1024 * 1024)
    args = parser.parse_args()
    names = [shlex.split(b)[0].rsplit("/", 1)[-1] for b in args.brains]
    print("position | ms | " + " | ".join(f"{n} depth (nodes)" for n in names))
    depths = {(n, t): [] for n in names for t in args.times.split(",")}
    for label, size, rule, moves in positions(args.mnk):
        for t in args.times.split(","):
            cells = []
            for name, brain in zip(names, args.brains):
                d = depth_of(brain, size, rule, moves, int(t), args.max_memory)
                if d is None:
                    cells.append("-")
                    continue
                depths[(name, t)].append(d[0])
                sel = f"-{d[1]}" if d[1] is not None else ""
                nodes = f" ({d[2]:,})" if d[2] is not None else ""
                cells.append(f"{d[0]}{sel}{nodes}")
            print(f"{label} | {t} | " + " | ".join(cells), flush=True)
    for t in args.times.split(","):
        medians = [statistics.median(depths[(n, t)]) if depths[(n, t)] else "-" for n in names]
        print(f"median | {t} | " + " | ".join(str(m) for m in medians))


if __name__ == "__main__":
    sys.exit(main())
