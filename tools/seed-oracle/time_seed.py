#!/usr/bin/env python3
"""Time seed 003's gomoku programs on the positions of `cargo bench -p mnk --bench seed_gomoku`.

The positions are where the machine moves in the seed's own sample games (see
verify_transcripts.py): program (d) on 8x8, k = 5, after its hard-coded centre stone; programs
(b) and (c) on 5x5, k = 5. Each is searched at depth 4 with `doMinMaxAction`, as the seed's
game loop does, and timed around that call alone (the seed's "Machine Thinking"); the move is
checked against the seed's transcript. The best of --runs runs is kept for each position.

    python3 time_seed.py [--runs 3] [--only gomoku-pruned ...]
"""
import argparse
import contextlib
import io
import time

import oracle

# (player, board side, [(moves, the seed's move)]), as in crates/mnk/benches/seed_gomoku.rs.
GAMES = [
    ('gomoku-pruned', 8, [('e4 d5', 'e5'), ('e4 d5 e5 e6', 'c4'), ('e4 d5 e5 e6 c4 d4', 'd6')]),
    ('gomoku-alphabeta', 5, [('', 'a5'), ('a5 c3', 'b5'), ('a5 c3 b5 c5', 'd5')]),
    ('gomoku-minimax', 5, [('', 'a5')]),
]
DEPTH = 4
K = 5


def time_position(module, side, moves, runs):
    """Best time of `runs` calls of doMinMaxAction(DEPTH), and the move played."""
    s = oracle.seed_module(module)
    grid, n = oracle.parse_position(moves, side, side)
    state = oracle.seed_grid(grid, 'x', 'o', '-', n % 2)
    best = None
    for _ in range(runs):
        board = s.TicTacToeBoard(state, win_cnt=K, machine_first=(n % 2 == 0))
        with contextlib.redirect_stdout(io.StringIO()):
            t0 = time.perf_counter()
            board.doMinMaxAction(DEPTH)
            dt = time.perf_counter() - t0
        best = dt if best is None else min(best, dt)
    r, c = oracle.diff_cell(state, board.state)
    return best, oracle.cell_name(r, c, side)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--runs', type=int, default=3, help='runs per position; the best is kept')
    ap.add_argument('--only', nargs='+', help='players to time')
    a = ap.parse_args()
    for player, side, positions in GAMES:
        if a.only and player not in a.only:
            continue
        module = oracle.PLAYERS[player]
        total = 0.0
        for moves, seed_move in positions:
            secs, move = time_position(module, side, moves, a.runs)
            total += secs
            check = 'ok' if move == seed_move else f'MISMATCH (the seed played {seed_move})'
            print(f'{player} {side}x{side} [{moves}]: {move} {check}, {secs:.3f} s', flush=True)
        if len(positions) > 1:
            print(f'{player} {side}x{side} all {len(positions)}: {total:.3f} s', flush=True)


if __name__ == '__main__':
    main()
