#!/usr/bin/env python3
"""Swap2 games between two Gomocup brains, refereed here (c-gomoku-cli has no swap2).

Each game opens by Gomocup's swap2 extension (SWAP2BOARD ... DONE): the opener proposes three
stones; the other brain takes black (SWAP), plays white's fourth stone, or adds two stones and
lets the opener choose in turn (SWAP or white's sixth stone). The game then goes on with
BOARD for each brain's first move and TURN after, 15x15, a time per move, under Gomocup's
rule 1 (exactly five wins: its swap2 rule; the default) or rule 4 (renju: black wins with
exactly five and may not make an overline, a double four or a double three; white wins with
five or more). The brains open in turn. The referee checks every answer (a free cell of the
board, in time; under renju, black's move not forbidden, as `mnk show` judges it) and
reports, for each brain, its score, its illegal moves and time forfeits, and its longest
answer.

Usage: swap2.py CMD_A CMD_B GAMES [TURN_MS [RULE]]
Environment: MNK, the mnk binary that judges renju's forbidden moves (default: the
repository's target/release/mnk).
"""
import os
import queue
import subprocess
import sys
import threading
import time

SIZE = 15
GRACE_MS = 3000  # past the turn's limit a brain has forfeited (c-gomoku-cli's tolerance)
RULE = 1  # Gomocup's rule number: 1 exactly five, 4 renju
MNK = os.environ.get("MNK") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "target", "release", "mnk")


class Brain:
    def __init__(self, cmd, turn_ms):
        self.name = os.path.basename(cmd.split()[0])
        self.proc = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1, cwd=os.path.dirname(cmd.split()[0]) or ".")
        self.turn_ms = turn_ms
        self.longest = 0.0
        # A thread reads the brain's lines, so a wait can time out without losing any.
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, *lines):
        for line in lines:
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def answer(self, limit_ms):
        """The next line that is not MESSAGE/DEBUG, and the milliseconds it took; None late."""
        start = time.monotonic()
        deadline = start + limit_ms / 1000
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(left, 0))
            except queue.Empty:
                line = None
            if not line:
                return None, (time.monotonic() - start) * 1000
            line = line.strip()
            if line and not line.startswith(("MESSAGE", "DEBUG")):
                ms = (time.monotonic() - start) * 1000
                return line, ms

    def ask(self, *lines):
        self.send(*lines)
        line, ms = self.answer(self.turn_ms + GRACE_MS)
        self.longest = max(self.longest, ms)
        return line, ms

    def start(self):
        self.send("START %d" % SIZE)
        ok, _ = self.answer(10000)
        if ok != "OK":
            raise RuntimeError(f"{self.name} answered START with {ok!r}")
        self.send("INFO timeout_turn %d" % self.turn_ms, "INFO timeout_match 0",
                  "INFO max_memory 350000000", "INFO rule %d" % RULE, "INFO time_left 2147483647")

    def close(self):
        try:
            self.send("END")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def point(text):
    try:
        x, y = (int(v) for v in text.split(","))
    except ValueError:
        return None
    return (x, y) if 0 <= x < SIZE and 0 <= y < SIZE else None


def five(board, p, colour):
    x, y = p
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            k = 1
            while board.get((x + s * k * dx, y + s * k * dy)) == colour:
                n += 1
                k += 1
        if n == 5 or (n > 5 and RULE == 4 and colour == "W"):
            return True
    return False


def notation(p):
    """A point x,y (column from the left, row from the top) in mnk's notation (h8)."""
    x, y = p
    return "%s%d" % (chr(ord("a") + x), SIZE - y)


def forbidden(moves, p):
    """Why black may not play p after moves under renju (mnk's words), or None."""
    line = " ".join(notation(q) for q in moves + [p])
    run = subprocess.run([MNK, "show", "--rule", "renju", "--size", str(SIZE), "--moves", line],
                         capture_output=True, text=True)
    if run.returncode == 0:
        return None
    if "forbidden" in run.stderr:
        return run.stderr.strip().splitlines()[-1]
    raise RuntimeError(f"mnk could not judge {line}: {run.stderr.strip()}")


def game(opener, other):
    """One game; returns (winner brain or None, reason)."""
    for b in (opener, other):
        b.start()
    moves = []  # points in order, black first

    def bad(brain, answer, ms, what):
        return (other if brain is opener else opener), f"{brain.name} {what}: {answer!r} after {ms:.0f} ms"

    ans, ms = opener.ask("SWAP2BOARD", "DONE")
    three = [point(t) for t in (ans or "").split()]
    if ans is None or ms > opener.turn_ms + GRACE_MS:
        return bad(opener, ans, ms, "late")
    if len(three) != 3 or None in three or len(set(three)) != 3:
        return bad(opener, ans, ms, "no three stones")
    moves += three
    # The stones go with a field (x,y,1 own, 2 the opponent's, for the colour the receiver
    # would keep), as Rapfi reads them; the protocol's text writes x,y, which mnk reads too.
    ans, ms = other.ask("SWAP2BOARD", *[f"{x},{y},{2 if i % 2 == 0 else 1}" for i, (x, y) in enumerate(moves)], "DONE")
    if ans is None or ms > other.turn_ms + GRACE_MS:
        return bad(other, ans, ms, "late")
    parts = ans.split()
    if ans == "SWAP":
        black, white = other, opener
    elif len(parts) == 1 and point(ans) and point(ans) not in moves:
        black, white = opener, other
        moves.append(point(ans))
    elif len(parts) == 2 and all(point(t) for t in parts) and len(set(moves + [point(t) for t in parts])) == 5:
        moves += [point(t) for t in parts]
        ans, ms = opener.ask("SWAP2BOARD", *[f"{x},{y},{1 if i % 2 == 0 else 2}" for i, (x, y) in enumerate(moves)], "DONE")
        if ans is None or ms > opener.turn_ms + GRACE_MS:
            return bad(opener, ans, ms, "late")
        if ans == "SWAP":
            black, white = opener, other
        elif point(ans) and point(ans) not in moves:
            black, white = other, opener
            moves.append(point(ans))
        else:
            return bad(opener, ans, ms, "no choice")
    else:
        return bad(other, ans, ms, "no choice")

    opening = f"{black.name} black after {len(moves)} stones"
    board = {p: ("B" if i % 2 == 0 else "W") for i, p in enumerate(moves)}
    colour = {black: "B", white: "W"}
    told = {black: False, white: False}
    while len(board) < SIZE * SIZE:
        mover = black if len(board) % 2 == 0 else white
        if not told[mover]:
            rows = [f"{x},{y},{1 if c == colour[mover] else 2}" for (x, y), c in board.items()]
            ans, ms = mover.ask("BOARD", *rows, "DONE")
            told[mover] = True
        else:
            ans, ms = mover.ask("TURN %d,%d" % last)
        p = point(ans or "")
        if ans is None or ms > mover.turn_ms + GRACE_MS:
            return bad(mover, ans, ms, "lost on time")
        if p is None or p in board:
            return bad(mover, ans, ms, "made an illegal move")
        if RULE == 4 and colour[mover] == "B":
            why = forbidden(moves, p)
            if why:
                return bad(mover, ans, ms, f"played a forbidden point ({why})")
        board[p] = colour[mover]
        moves.append(p)
        last = p
        if five(board, p, colour[mover]):
            return mover, f"five; {opening}"
    return None, f"full board; {opening}"


def main(cmd_a, cmd_b, games, turn_ms):
    score = [0, 0, 0]
    longest = [0.0, 0.0]
    names = [os.path.basename(c.split()[0]) for c in (cmd_a, cmd_b)]
    odd = []
    for g in range(games):
        # Fresh processes every game: a late answer cannot spill into the next one.
        a, b = Brain(cmd_a, turn_ms), Brain(cmd_b, turn_ms)
        try:
            opener, other = (a, b) if g % 2 == 0 else (b, a)
            winner, why = game(opener, other)
        finally:
            a.close()
            b.close()
        score[0 if winner is a else 2 if winner is None else 1] += 1
        longest = [max(longest[0], a.longest), max(longest[1], b.longest)]
        if not why.startswith(("five", "full board")):
            odd.append(f"game {g + 1}: {why}")
        print(f"game {g + 1}: opener {opener.name}, winner {winner.name if winner else 'none'} ({why})", flush=True)
    a, b = names
    w, l, d = score
    print(f"Score of {a} vs {b}: {w} - {l} - {d}  [{(w + d / 2) / max(w + l + d, 1):.3f}] {w + l + d}")
    print(f"longest answer: {a} {longest[0]:.0f} ms, {b} {longest[1]:.0f} ms (turn {turn_ms} ms)")
    for line in odd:
        print("  " + line)


if __name__ == "__main__":
    if len(sys.argv) < 4:
        print(__doc__)
        sys.exit(2)
    RULE = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    if RULE not in (1, 4):
        print("RULE is 1 (exactly five) or 4 (renju)")
        sys.exit(2)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 200)
