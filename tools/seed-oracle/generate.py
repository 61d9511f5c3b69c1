#!/usr/bin/env python3
"""Generate the seed-program fixtures crates/mnk/tests/data/seed-<player>.jsonl.

    python3 tools/seed-oracle/generate.py [--jobs 2] [--out DIR] [--only PLAYER ...]
                                         [--scale F] [--cases-only]

Positions are enumerated (3x3 players, game tree on small boards) or drawn with a fixed
random seed (everything else), so a rerun produces byte-identical files.  Every case is
answered by oracle.solve() (the seed programs themselves) in a process pool; progress goes
to stderr.  --cases-only writes the positions without answers ("expected" absent), in the
format oracle.py reads.
"""
import argparse
import json
import multiprocessing
import os
import random
import sys
import time

import oracle

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, '..', '..', 'crates', 'mnk', 'tests', 'data'))
SEED = 20240501

PLAYERS = ['rules', 'minimax', 'alphabeta', 'gametree',
           'gomoku-minimax', 'gomoku-alphabeta', 'gomoku-pruned']

DIRS = ((0, 1), (1, 0), (1, 1), (1, -1))


# ---------------------------------------------------------------------------------------------
# board helpers (grid[row][col], row 0 = top; None / 0 = X / 1 = O)


def empty_grid(w, h):
    return [[None] * w for _ in range(h)]


def makes_line(grid, w, h, k, r, c, colour):
    """Would `colour` on (r, c) make k in a row (through (r, c))?"""
    for dr, dc in DIRS:
        n = 1
        for s in (1, -1):
            rr, cc = r + s * dr, c + s * dc
            while 0 <= rr < h and 0 <= cc < w and grid[rr][cc] == colour:
                n += 1
                rr += s * dr
                cc += s * dc
        if n >= k:
            return True
    return False


def winning_cells(grid, w, h, k, colour):
    return [(r, c) for r in range(h) for c in range(w)
            if grid[r][c] is None and makes_line(grid, w, h, k, r, c, colour)]


def moves_string(x_cells, o_cells, h):
    out = []
    for i in range(len(x_cells) + len(o_cells)):
        r, c = (x_cells if i % 2 == 0 else o_cells)[i // 2]
        out.append(oracle.cell_name(r, c, h))
    return ' '.join(out)


def position_key(grid):
    return tuple(tuple(-1 if v is None else v for v in row) for row in grid)


# ---------------------------------------------------------------------------------------------
# exhaustive enumeration


def all_positions(w, h, k):
    """Every reachable position where the game is not over, one move list each (the first found
    by a depth-first walk trying cells in row-major order from the top-left).  Sorted by the
    number of stones, then by move list."""
    seen = {}
    grid = empty_grid(w, h)
    moves = []

    def walk():
        key = position_key(grid)
        if key in seen:
            return
        seen[key] = ' '.join(moves)
        if len(moves) == w * h:
            return
        colour = len(moves) % 2
        for r in range(h):
            for c in range(w):
                if grid[r][c] is None:
                    win = makes_line(grid, w, h, k, r, c, colour)
                    grid[r][c] = colour
                    moves.append(oracle.cell_name(r, c, h))
                    if not win and len(moves) < w * h:
                        walk()
                    moves.pop()
                    grid[r][c] = None

    walk()
    return sorted(seen.values(), key=lambda m: (len(m.split()), m))


# ---------------------------------------------------------------------------------------------
# random positions


def near_cells(grid, w, h, radius):
    out = []
    for r in range(h):
        for c in range(w):
            if grid[r][c] is not None:
                continue
            if any(grid[rr][cc] is not None
                   for rr in range(max(0, r - radius), min(h, r + radius + 1))
                   for cc in range(max(0, c - radius), min(w, c + radius + 1))):
                out.append((r, c))
    return out


def pick_cell(rng, grid, w, h, k, colour, style, reserved=()):
    """A random empty cell for `colour` that does not end the game; None if there is none."""
    stones = any(v is not None for row in grid for v in row)
    cands = None
    if style == 'game' and stones:
        radius = 1 if rng.random() < 0.8 else 2
        cands = near_cells(grid, w, h, radius)
    elif style == 'game':
        # first stone: somewhere in the middle half of the board
        cands = [(r, c) for r in range(h // 4, h - h // 4) for c in range(w // 4, w - w // 4)
                 if grid[r][c] is None]
    if not cands:
        cands = [(r, c) for r in range(h) for c in range(w) if grid[r][c] is None]
    cands = [p for p in cands if p not in reserved]
    rng.shuffle(cands)
    for r, c in cands:
        if not makes_line(grid, w, h, k, r, c, colour):
            return r, c
    return None


def random_position(rng, w, h, k, n, style):
    """n stones alternately X, O, placed near existing stones ('game') or anywhere ('scatter'),
    never ending the game.  Returns (grid, moves) or None."""
    if n >= w * h:
        return None
    grid = empty_grid(w, h)
    xs, os_ = [], []
    for i in range(n):
        colour = i % 2
        p = pick_cell(rng, grid, w, h, k, colour, style)
        if p is None:
            return None
        grid[p[0]][p[1]] = colour
        (xs if colour == 0 else os_).append(p)
    return grid, moves_string(xs, os_, h)


def planted_position(rng, w, h, k, n, kind):
    """A position with n stones where the side to move can win at once (kind 'win') or must
    block the opponent's immediate win (kind 'block'): k-1 stones of one colour are planted in
    a window of k cells with one gap, the other stones are placed as in a game."""
    mover = n % 2
    owner = mover if kind == 'win' else 1 - mover
    need = {0: (n + 1) // 2, 1: n // 2}            # stones of X and O in the final position
    if need[owner] < k - 1 or n >= w * h:
        return None
    dr, dc = rng.choice(DIRS)
    rows = [r for r in range(h) if 0 <= r + (k - 1) * dr < h]
    cols = [c for c in range(w) if 0 <= c + (k - 1) * dc < w]
    if not rows or not cols:
        return None
    r0, c0 = rng.choice(rows), rng.choice(cols)
    window = [(r0 + i * dr, c0 + i * dc) for i in range(k)]
    gap = rng.randrange(k)
    grid = empty_grid(w, h)
    placed = {0: [], 1: []}
    for i, (r, c) in enumerate(window):
        if i != gap:
            grid[r][c] = owner
            placed[owner].append((r, c))
    reserved = {window[gap]}
    other = 1 - owner
    # the rest, alternating as far as the counts allow
    while len(placed[0]) < need[0] or len(placed[1]) < need[1]:
        for colour in (other, owner):
            if len(placed[colour]) < need[colour]:
                p = pick_cell(rng, grid, w, h, k, colour, 'game', reserved)
                if p is None:
                    return None
                grid[p[0]][p[1]] = colour
                placed[colour].append(p)
    me_wins = winning_cells(grid, w, h, k, mover)
    opp_wins = winning_cells(grid, w, h, k, 1 - mover)
    if kind == 'win' and not me_wins:
        return None
    if kind == 'block' and (me_wins or not opp_wins):
        return None
    # interleave in placement order; planted stones first
    return grid, moves_string(placed[0], placed[1], h)


def pruned_root_error(grid, w, h, k, mover):
    """Seed 003 (d) maxJudge returns before creating sub_cases when, at the root, a line holds
    k opponent stones or an open run `-` + (k-1) opponent stones + `-`; doMinMaxAction then
    raises.  Same test as the seed, on the seed's own lines."""
    s = oracle.seed_module('seed003d_pruned')
    state = oracle.seed_grid(grid, 'x', 'o', '-', mover)
    b = s.TicTacToeBoard(state, win_cnt=k)
    return any('o' * k in line or '-' + 'o' * (k - 1) + '-' in line for line in b.getAllLines())


def draw_positions(rng, w, h, k, count, player, seen, mix):
    """`count` new positions on a w x h board following `mix` (weights of the kinds).
    `seen` (a set of move-list keys) dedupes across the calls for one player/board/k/depth."""
    kinds = list(mix)
    weights = [mix[x] for x in kinds]
    out = []
    tries = 0
    max_n = min(20, w * h - 2)
    while len(out) < count and tries < count * 400:
        tries += 1
        kind = rng.choices(kinds, weights)[0]
        if kind == 'empty':
            res = (empty_grid(w, h), '')
        elif kind == 'single':
            g = empty_grid(w, h)
            r, c = rng.randrange(h), rng.randrange(w)
            g[r][c] = 0
            res = (g, oracle.cell_name(r, c, h))
        elif kind in ('game', 'scatter'):
            lo = 2
            hi = max_n if kind == 'game' else min(max_n, w * h // 2)
            res = random_position(rng, w, h, k, rng.randint(lo, hi), kind)
        elif kind in ('win', 'block'):
            lo = 2 * (k - 1) - 1
            res = planted_position(rng, w, h, k, rng.randint(lo, max(lo, max_n)), kind)
        else:
            raise ValueError(kind)
        if res is None:
            continue
        grid, moves = res
        n = len(moves.split()) if moves else 0
        if oracle.is_terminal(grid, w, h, k):
            continue
        if player == 'gomoku-pruned' and pruned_root_error(grid, w, h, k, n % 2):
            continue
        key = position_key(grid)
        if key in seen:
            continue
        seen.add(key)
        out.append(moves)
    return out


# ---------------------------------------------------------------------------------------------
# the case lists

GAME = dict(game=7, scatter=1, win=1.2, block=1.8, single=0.6, empty=0.1)
SMALL = dict(game=7, scatter=2, win=1.2, block=1.8, single=0.6, empty=0.1)

# (width = height, k, depth, count, mix); the empty board is always one of the `count`.
GOMOKU_MINIMAX = [
    (4, 3, 1, 70, SMALL), (4, 3, 2, 60, SMALL), (4, 3, 3, 40, SMALL),
    (4, 4, 1, 70, SMALL), (4, 4, 2, 60, SMALL), (4, 4, 3, 40, SMALL),
    (5, 4, 1, 70, GAME), (5, 4, 2, 55, GAME), (5, 4, 3, 35, GAME),
    (5, 5, 1, 70, GAME), (5, 5, 2, 55, GAME), (5, 5, 3, 35, GAME), (5, 5, 4, 30, GAME),
    (6, 4, 1, 55, GAME), (6, 4, 2, 45, GAME), (6, 4, 3, 20, GAME),
    (6, 5, 1, 55, GAME), (6, 5, 2, 45, GAME), (6, 5, 3, 20, GAME),
    (8, 5, 1, 55, GAME), (8, 5, 2, 40, GAME),
]
GOMOKU_ALPHABETA = [
    (4, 3, 1, 70, SMALL), (4, 3, 2, 70, SMALL), (4, 3, 3, 55, SMALL), (4, 3, 4, 45, SMALL),
    (4, 4, 1, 70, SMALL), (4, 4, 2, 70, SMALL), (4, 4, 3, 55, SMALL), (4, 4, 4, 45, SMALL),
    (5, 4, 1, 70, GAME), (5, 4, 2, 70, GAME), (5, 4, 3, 55, GAME), (5, 4, 4, 40, GAME),
    (5, 5, 1, 70, GAME), (5, 5, 2, 70, GAME), (5, 5, 3, 55, GAME), (5, 5, 4, 40, GAME),
    (6, 4, 1, 60, GAME), (6, 4, 2, 55, GAME), (6, 4, 3, 45, GAME), (6, 4, 4, 20, GAME),
    (6, 5, 1, 60, GAME), (6, 5, 2, 55, GAME), (6, 5, 3, 45, GAME), (6, 5, 4, 20, GAME),
    (8, 5, 1, 60, GAME), (8, 5, 2, 50, GAME), (8, 5, 3, 35, GAME),
]
GOMOKU_PRUNED = [
    (5, 4, 1, 50, GAME), (5, 4, 2, 45, GAME), (5, 4, 3, 35, GAME), (5, 4, 4, 25, GAME),
    (6, 5, 1, 50, GAME), (6, 5, 2, 45, GAME), (6, 5, 3, 35, GAME), (6, 5, 4, 20, GAME),
    (7, 5, 1, 50, GAME), (7, 5, 2, 45, GAME), (7, 5, 3, 35, GAME), (7, 5, 4, 15, GAME),
    (8, 5, 1, 70, GAME), (8, 5, 2, 65, GAME), (8, 5, 3, 50, GAME), (8, 5, 4, 36, GAME),
    (9, 5, 1, 45, GAME), (9, 5, 2, 40, GAME), (9, 5, 3, 25, GAME), (9, 5, 4, 10, GAME),
    (10, 5, 1, 45, GAME), (10, 5, 2, 40, GAME), (10, 5, 3, 25, GAME), (10, 5, 4, 10, GAME),
]
# Positions where seed 003 (d) raises at the root (the opponent already has an open run of
# k-1): kept on purpose so that the behaviour is on record.  (size, k, depth, moves)
PRUNED_ROOT_ERRORS = [
    (8, 5, 2, 'a1 c4 a2 d4 h8 e4 h1 f4'),       # O has open c4-f4, X to move
    (8, 5, 3, 'c4 a1 d4 a3 e4 h8 f4'),          # X has open c4-f4, O to move
    (6, 5, 1, 'b3 a6 c3 f6 d3 a1 e3'),          # X has open b3-e3, O to move
]


def case(player, w, k, depth, moves):
    return dict(player=player, width=w, height=w, k=k, depth=depth, moves=moves)


def build_cases(scale=1.0):
    rng = random.Random(SEED)
    cases = {p: [] for p in PLAYERS}
    ttt = all_positions(3, 3, 3)
    assert len(ttt) == 4520, len(ttt)
    for p in ('rules', 'minimax', 'alphabeta'):
        cases[p] = [case(p, 3, 3, None, m) for m in ttt]
    gt = cases['gametree']
    gt += [case('gametree', 3, 3, None, m) for m in ttt]
    gt += [case('gametree', 2, 2, None, m) for m in all_positions(2, 2, 2)]
    gt += [case('gametree', 3, 2, None, m) for m in all_positions(3, 3, 2)]
    seen = set()
    n4 = max(1, int(300 * scale))
    got = []
    while len(got) < n4:
        res = random_position(rng, 4, 4, 4, rng.randint(9, 14), rng.choice(['game', 'scatter']))
        if res is None or oracle.is_terminal(res[0], 4, 4, 4):
            continue
        key = position_key(res[0])
        if key in seen:
            continue
        seen.add(key)
        got.append(res[1])
    gt += [case('gametree', 4, 4, None, m) for m in got]

    for player, table in (('gomoku-minimax', GOMOKU_MINIMAX),
                          ('gomoku-alphabeta', GOMOKU_ALPHABETA),
                          ('gomoku-pruned', GOMOKU_PRUNED)):
        for w, k, depth, count, mix in table:
            seen = set()
            n = max(1, int(round(count * scale)))
            # always the empty board, then the drawn positions
            positions = [''] + draw_positions(rng, w, w, k, n - 1, player,
                                              seen | {position_key(empty_grid(w, w))}, mix)
            cases[player] += [case(player, w, k, depth, m) for m in positions]
    for w, k, depth, moves in PRUNED_ROOT_ERRORS:
        cases['gomoku-pruned'].append(case('gomoku-pruned', w, k, depth, moves))
    return cases


def cost(c):
    """Rough cost estimate, to hand out the slow cases first."""
    n = len(c['moves'].split()) if c['moves'] else 0
    empties = c['width'] * c['height'] - n
    if c['player'] == 'gametree':
        est = 1.0
        for i in range(empties):
            est = est * (empties - i) + 1
        return est
    if c['player'] in ('rules', 'minimax', 'alphabeta'):
        return empties
    d = c['depth']
    if c['player'] == 'gomoku-minimax':
        return empties ** d
    if c['player'] == 'gomoku-alphabeta':
        return empties ** (d * 0.75)
    return (min(empties, 20 if n > 1 else empties)) ** (d * 0.8) * c['width']


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--jobs', '-j', type=int, default=2)
    ap.add_argument('--out', default=DEFAULT_OUT)
    ap.add_argument('--only', nargs='*', choices=PLAYERS)
    ap.add_argument('--scale', type=float, default=1.0,
                    help='multiply the numbers of random positions (for quick trials)')
    ap.add_argument('--cases-only', action='store_true')
    a = ap.parse_args()
    t0 = time.time()
    cases = build_cases(a.scale)
    players = a.only or PLAYERS
    os.makedirs(a.out, exist_ok=True)
    for p in players:
        print(f'{p}: {len(cases[p])} cases', file=sys.stderr)
    print(f'positions built in {time.time() - t0:.1f} s', file=sys.stderr)
    if a.cases_only:
        for p in players:
            with open(os.path.join(a.out, f'seed-{p}.cases.jsonl'), 'w') as f:
                for c in cases[p]:
                    f.write(json.dumps(c) + '\n')
        return
    work = [(p, i, c) for p in players for i, c in enumerate(cases[p])]
    order = sorted(range(len(work)), key=lambda j: -cost(work[j][2]))
    results = {p: [None] * len(cases[p]) for p in players}
    left = {p: len(cases[p]) for p in players}
    done = 0
    last = 0.0
    with multiprocessing.Pool(a.jobs) as pool:
        it = pool.imap_unordered(_solve_indexed, [(j, work[j][2]) for j in order], chunksize=1)
        for j, res, secs in it:
            p, i, _ = work[j]
            results[p][i] = res
            left[p] -= 1
            done += 1
            now = time.time()
            if secs > 20:
                print(f'  slow: {secs:.1f} s {json.dumps(res)}', file=sys.stderr)
            if now - last > 15 or done == len(work):
                last = now
                print(f'[{now - t0:7.1f} s] {done}/{len(work)} done; left: '
                      + ', '.join(f'{q} {left[q]}' for q in players if left[q]),
                      file=sys.stderr, flush=True)
            if left[p] == 0:
                path = os.path.join(a.out, f'seed-{p}.jsonl')
                with open(path, 'w') as f:
                    for r in results[p]:
                        f.write(json.dumps(r, ensure_ascii=False) + '\n')
                nulls = sum(r['expected'] is None for r in results[p])
                errs = sum('error' in r for r in results[p])
                print(f'wrote {path}: {len(results[p])} cases, {nulls} null, {errs} errors',
                      file=sys.stderr, flush=True)
    print(f'total {time.time() - t0:.1f} s', file=sys.stderr)


def _solve_indexed(arg):
    j, c = arg
    t = time.time()
    r = oracle.solve(c)
    return j, r, time.time() - t


if __name__ == '__main__':
    main()
