#!/usr/bin/env python3
"""Replay the sample games printed in seed 003 through oracle.py and compare the machine moves.

Each transcript is a list of (who, (row, col)) in seed coordinates (0-based from the top-left),
with who = 'man' or 'machine'.  A machine move that the program did not compute itself (the
8x8 pruned game opens with a hard-coded centre stone) is marked 'fixed'.

    python3 verify_transcripts.py [--skip-slow]
"""
import sys
import time

import oracle

TRANSCRIPTS = [
    # program (a), tic_tac_toe(3, 3, False): man first.
    dict(name='003 (a) game tree, 3x3 k=3, man first', player='gametree', size=3, k=3, depth=None,
         moves=[('man', (1, 1)), ('machine', (0, 0)), ('man', (0, 2)), ('machine', (2, 0)),
                ('man', (0, 1)), ('machine', (1, 0))]),
    # program (c), tic_tac_toe(5, 5, True, 4): the second transcript ("与普通的极大极小值搜索进行
    # 系统的实验进行对比实验").
    dict(name='003 (c) alpha-beta, 5x5 k=5 depth 4, machine first', player='gomoku-alphabeta',
         size=5, k=5, depth=4,
         moves=[('machine', (0, 0)), ('man', (2, 2)), ('machine', (0, 1)), ('man', (0, 2)),
                ('machine', (0, 3)), ('man', (1, 2)), ('machine', (0, 4)), ('man', (3, 2)),
                ('machine', (4, 2))]),
    # program (d), tic_tac_toe(8, 5, True, 4): the machine's first stone is hard-coded to the
    # centre (board_width//2, board_width//2); doMinMaxAction is commented out there.
    dict(name='003 (d) pruned, 8x8 k=5 depth 4, machine first', player='gomoku-pruned',
         size=8, k=5, depth=4,
         moves=[('fixed', (4, 4)), ('man', (3, 3)), ('machine', (3, 4)), ('man', (2, 4)),
                ('machine', (4, 2)), ('man', (4, 3)), ('machine', (2, 3)), ('man', (4, 5)),
                ('machine', (3, 2)), ('man', (5, 3)), ('machine', (4, 1)), ('man', (5, 0)),
                ('machine', (5, 2)), ('man', (6, 2)), ('machine', (6, 3)), ('man', (3, 0)),
                ('machine', (1, 4)), ('man', (0, 5)), ('machine', (1, 2)), ('man', (2, 2)),
                ('machine', (1, 3)), ('man', (1, 5)), ('machine', (1, 1)), ('man', (1, 0)),
                ('machine', (2, 0))]),
    # program (b), tic_tac_toe(5, 5, True, 4): the first transcript (15 s per move in the post).
    dict(name='003 (b) plain minimax, 5x5 k=5 depth 4, machine first', player='gomoku-minimax',
         size=5, k=5, depth=4, slow=True,
         moves=[('machine', (0, 0)), ('man', (2, 2)), ('machine', (0, 1)), ('man', (0, 2)),
                ('machine', (0, 3)), ('man', (1, 2)), ('machine', (0, 4)), ('man', (3, 2)),
                ('machine', (4, 2))]),
]


def replay(t):
    played = []
    ok = True
    for who, (r, c) in t['moves']:
        name = oracle.cell_name(r, c, t['size'])
        if who == 'machine':
            case = dict(player=t['player'], width=t['size'], height=t['size'], k=t['k'],
                        depth=t['depth'], moves=' '.join(played))
            t0 = time.time()
            res = oracle.solve(case)
            good = res['expected'] == name
            ok &= good
            print(f'  after [{case["moves"]}]: seed transcript {name} ({r},{c}), oracle '
                  f'{res["expected"]} value={res["value"]} {"ok" if good else "MISMATCH"} '
                  f'({time.time() - t0:.1f} s)' + (f' error={res["error"]}' if 'error' in res else ''),
                  flush=True)
        played.append(name)
    return ok


def main():
    skip_slow = '--skip-slow' in sys.argv
    all_ok = True
    for t in TRANSCRIPTS:
        if skip_slow and t.get('slow'):
            print(f'{t["name"]}: skipped')
            continue
        print(t['name'], flush=True)
        ok = replay(t)
        all_ok &= ok
        print(f'=> {"REPRODUCED" if ok else "NOT reproduced"}', flush=True)
    sys.exit(0 if all_ok else 1)


if __name__ == '__main__':
    main()
