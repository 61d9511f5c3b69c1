#!/usr/bin/env python3
"""Labels every position of `mnk tune` games with a Gomocup brain's evaluation, for a fit whose
labels come from a stronger engine than mnk's own search (the values after ` |`).

The brain (--brain; Rapfi built in $PEERS by default) gets each position after the first --skip plies with `BOARD`,
thinks for --turn-ms (Rapfi keeps about 30 ms of a turn for itself: 50 gives it 20 ms), and
its last `MESSAGE ... Eval N` is the value for the side to move: a mate (`+M5`, `-M4`) is
`win` or `loss`, a score is rescaled by 200 / --scale (mnk's evaluation over 200 is the
log-odds of winning; Rapfi's over about 225 predicts its games' results best). A brain that
stalls for 3 s is restarted and the position left without a value (`-`).

Usage: tools/teacher/label.py games.txt --part 0 --parts 2 > labelled-0.txt   (one per core)
"""
import argparse
import os
import re
import select
import subprocess
import sys

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("games")
peers = os.environ.get("PEERS")  # the folder the peers were built into (docs/matches.md)
parser.add_argument("--brain", required=not peers,
                    default=peers and os.path.join(peers, "rapfi", "pbrain-rapfi"),
                    help="the brain to ask (default: $PEERS/rapfi/pbrain-rapfi)")
parser.add_argument("--turn-ms", type=int, default=50)
parser.add_argument("--scale", type=float, default=225.0)
parser.add_argument("--skip", type=int, default=6)
parser.add_argument("--part", type=int, default=0)
parser.add_argument("--parts", type=int, default=1)
args = parser.parse_args()


class Stall(Exception):
    pass


class Brain:
    def __init__(self):
        self.proc = None
        self.start()

    def start(self):
        if self.proc:
            self.proc.kill()
            self.proc.wait()
        self.buf = b""
        self.proc = subprocess.Popen(
            [args.brain], cwd=os.path.dirname(args.brain) or ".",
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.send("START 15")
        self.until(lambda line: line == "OK")
        self.send(f"INFO timeout_turn {args.turn_ms}")
        self.send("INFO timeout_match 100000000")

    def send(self, line):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def line(self):
        while b"\n" not in self.buf:
            ready, _, _ = select.select([self.proc.stdout], [], [], 3.0)
            chunk = os.read(self.proc.stdout.fileno(), 65536) if ready else b""
            if not chunk:
                raise Stall()
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode(errors="replace").strip()

    def until(self, done):
        while True:
            line = self.line()
            if done(line):
                return line

    def evaluate(self, moves):
        """The brain's value of the position after `moves` for the side to move."""
        me = len(moves) % 2
        self.send("BOARD")
        for j, m in enumerate(moves):
            self.send(f"{ord(m[0]) - 97},{int(m[1:]) - 1},{1 if j % 2 == me else 2}")
        self.send("DONE")
        value = None
        while True:
            line = self.line()
            found = re.search(r"Eval (\S+)", line)
            if found:
                value = found.group(1)
            if re.fullmatch(r"\d+,\d+", line):
                break
        # A command with an answer, so that nothing of this search is left to read.
        self.send("ABOUT")
        self.until(lambda line: "name" in line)
        return value


def label(value):
    if value is None or not re.fullmatch(r"[+-]?M?\d+", value):
        return "-"
    if "M" in value:
        return "loss" if value.startswith("-") else "win"
    return str(round(int(value) * 200 / args.scale))


brain = Brain()
stalls = 0
games = [line.split() for line in open(args.games) if line.strip()]
for game in games[args.part::args.parts]:
    winner, moves = game[0], game[1:]
    values = []
    for i in range(len(moves)):
        if i < args.skip:
            values.append("-")
            continue
        try:
            values.append(label(brain.evaluate(moves[:i])))
        except Stall:
            stalls += 1
            brain.start()
            values.append("-")
    print(winner, " ".join(moves), "|", " ".join(values), flush=True)
print(f"{stalls} stalls", file=sys.stderr)
