#!/usr/bin/env python3
"""Ask the seed programs (tools/seed-oracle/seeds/*.py) for their move on mnk positions.

Input: JSON lines on stdin, one case per line, e.g.
    {"player": "gomoku-pruned", "width": 8, "height": 8, "k": 5, "depth": 2, "moves": "d5 e5"}
Output: the same objects on stdout with "expected" (the seed program's move in mnk notation,
or null) and "value" filled in, and for the gomoku players "nodes" (the calls of maxJudge and
minJudge, the root included); "error" is added when the seed program raised or the case
is invalid.  Other keys are passed through unchanged.

    python3 oracle.py [--jobs N] < cases.jsonl > answers.jsonl

Players: rules (seed 002), minimax (seed 004), alphabeta (seed 000), gametree (seed 003 a),
gomoku-minimax (003 b), gomoku-alphabeta (003 c), gomoku-pruned (003 d).

mnk conventions: columns are letters a.. from the left, rows numbers 1.. from the BOTTOM; the
move list alternates colours starting with X.  Seed coordinates are (row, col) 0-based from the
top-left: seed_row = height - number, seed_col = letter index.  The side to move is always the
seed program's "machine" side.  See README.md for the per-seed mapping.
"""
import contextlib
import copy
import importlib
import io
import json
import os
import re
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
SEEDS = os.path.join(HERE, 'seeds')
if SEEDS not in sys.path:
    sys.path.insert(0, SEEDS)


def _stub_missing_imports():
    """Seed 000 imports numpy / matplotlib but never uses them.  If they are not installed,
    register empty stand-in modules so the program imports unchanged."""
    try:
        import numpy  # noqa: F401
        import numpy.linalg  # noqa: F401
    except ImportError:
        np = types.ModuleType('numpy')
        linalg = types.ModuleType('numpy.linalg')
        linalg.cholesky = None
        np.linalg = linalg
        sys.modules.setdefault('numpy', np)
        sys.modules.setdefault('numpy.linalg', linalg)
    try:
        import matplotlib.pyplot  # noqa: F401
    except ImportError:
        mpl = types.ModuleType('matplotlib')
        plt = types.ModuleType('matplotlib.pyplot')
        mpl.pyplot = plt
        sys.modules.setdefault('matplotlib', mpl)
        sys.modules.setdefault('matplotlib.pyplot', plt)


_MODULES = {}


def seed_module(name):
    if name not in _MODULES:
        if name == 'seed000_alphabeta':
            _stub_missing_imports()
        with contextlib.redirect_stdout(io.StringIO()):
            _MODULES[name] = importlib.import_module(name)
    return _MODULES[name]


PLAYERS = {
    'rules': 'seed002_rules',
    'minimax': 'seed004_minimax',
    'alphabeta': 'seed000_alphabeta',
    'gametree': 'seed003a_gametree',
    'gomoku-minimax': 'seed003b_minimax',
    'gomoku-alphabeta': 'seed003c_alphabeta',
    'gomoku-pruned': 'seed003d_pruned',
}
TTT_ONLY = ('rules', 'minimax', 'alphabeta')
DEPTH_PLAYERS = ('gomoku-minimax', 'gomoku-alphabeta', 'gomoku-pruned')


class CaseError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# mnk notation and positions


def cell_name(row, col, height):
    """Seed (row, col) from the top-left -> mnk name such as 'a1' (a1 = bottom-left)."""
    return f'{chr(ord("a") + col)}{height - row}'


def parse_cell(name, width, height):
    m = re.fullmatch(r'([a-z])([0-9]+)', name)
    if not m:
        raise CaseError(f'bad cell {name!r}')
    col = ord(m.group(1)) - ord('a')
    num = int(m.group(2))
    if not (0 <= col < width and 1 <= num <= height):
        raise CaseError(f'cell {name!r} off a {width}x{height} board')
    return height - num, col


def parse_position(moves, width, height):
    """-> grid[row][col] in {None, 0 (X), 1 (O)}, number of stones."""
    grid = [[None] * width for _ in range(height)]
    names = moves.split() if moves else []
    for i, name in enumerate(names):
        r, c = parse_cell(name, width, height)
        if grid[r][c] is not None:
            raise CaseError(f'cell {name!r} played twice')
        grid[r][c] = i % 2
    return grid, len(names)


def has_line(grid, width, height, k, colour):
    for r in range(height):
        for c in range(width):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                rr, cc = r + (k - 1) * dr, c + (k - 1) * dc
                if not (0 <= rr < height and 0 <= cc < width):
                    continue
                if all(grid[r + i * dr][c + i * dc] == colour for i in range(k)):
                    return True
    return False


def is_terminal(grid, width, height, k):
    if has_line(grid, width, height, k, 0) or has_line(grid, width, height, k, 1):
        return True
    return all(v is not None for row in grid for v in row)


def seed_grid(grid, me, other, empty, to_move):
    """Seed board: the side to move gets letter `me`, the other side `other`."""
    return [[empty if v is None else (me if v == to_move else other) for v in row]
            for row in grid]


def diff_cell(before, after):
    changed = [(r, c) for r in range(len(before)) for c in range(len(before[r]))
               if before[r][c] != after[r][c]]
    if not changed:
        return None
    if len(changed) != 1:
        raise CaseError(f'seed program changed {len(changed)} cells')
    return changed[0]


# ---------------------------------------------------------------------------------------------
# the players


def play_rules(grid, n, case):
    """Seed 002: getComputerMove(board, computerLetter, playerLetter) -> index 0..8."""
    s = seed_module('seed002_rules')
    to_move = n % 2
    computer, player = ('X', 'O') if to_move == 0 else ('O', 'X')
    board = list('012345678')
    for r in range(3):
        for c in range(3):
            if grid[r][c] is not None:
                board[3 * r + c] = computer if grid[r][c] == to_move else player
    with contextlib.redirect_stdout(io.StringIO()):
        move = s.getComputerMove(board, computer, player)
    if move is None:
        return None, None
    return divmod(move, 3), None


def play_minimax(grid, n, case):
    """Seed 004: findBestMove(board) maximising for 'x'; prints the best value."""
    s = seed_module('seed004_minimax')
    board = seed_grid(grid, s.player, s.opponent, '_', n % 2)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        move = s.findBestMove(board)
    m = re.search(r'The value of the best Move is : (-?\d+)', out.getvalue())
    value = int(m.group(1)) if m else None
    if move == (-1, -1):
        return None, value
    return move, value


def play_alphabeta(grid, n, case):
    """Seed 000: the root loop of the program's __main__ (computer 'X' is MAX)."""
    s = seed_module('seed000_alphabeta')
    start = s.maps(seed_grid(grid, 'X', 'O', ' ', n % 2))
    start.cnt = n
    x = y = None
    with contextlib.redirect_stdout(io.StringIO()):
        # -- verbatim from the seed's __main__ --
        maxvalue = -200
        for i in range(0, 3):
            for j in range(0, 3):
                if start.matrix[i][j] == ' ':
                    start.cnt += 1
                    start.matrix[i][j] = 'X'
                    tmp = s.dfs(start, maxvalue, 0)
                    start.matrix[i][j] = ' '
                    start.cnt -= 1
                    if tmp > maxvalue:
                        maxvalue = tmp
                        x, y = i, j
    if x is None:
        return None, maxvalue
    return (x, y), maxvalue


def play_gametree(grid, n, case):
    """Seed 003 (a): build the judge tree, machine takes max(sub_cases, key=possibility['x'])."""
    s = seed_module('seed003a_gametree')
    state = seed_grid(grid, 'x', 'o', '-', n % 2)
    board = s.TicTacToeBoard(state, win_cnt=case['k'], machine_first=(n % 2 == 0))
    with contextlib.redirect_stdout(io.StringIO()):
        board.getJudgeTree()
        best = max(board.sub_cases, key=lambda case: case.possibility['x'])
    return diff_cell(state, best.state), best.possibility['x']


def judge_counter(s):
    """Counts the calls of `maxJudge` and `minJudge` of seed module `s` (the search's nodes,
    the root included) by wrapping the two methods of its class once; the seed code itself
    is unchanged. Returns the one-element list holding the count."""
    cls = s.TicTacToeBoard
    if '_oracle_judges' not in cls.__dict__:
        counter = [0]
        for name in ('maxJudge', 'minJudge'):
            def counted(self, *args, _judge=getattr(cls, name)):
                counter[0] += 1
                return _judge(self, *args)
            setattr(cls, name, counted)
        cls._oracle_judges = counter
    return cls._oracle_judges


def _play_gomoku(module):
    def play(grid, n, case):
        s = seed_module(module)
        depth = case.get('depth')
        if not isinstance(depth, int) or depth < 1:
            raise CaseError(f'{case["player"]} needs an integer depth >= 1')
        state = seed_grid(grid, 'x', 'o', '-', n % 2)
        board = s.TicTacToeBoard(state, win_cnt=case['k'], machine_first=(n % 2 == 0))
        judges = judge_counter(s)
        judges[0] = 0
        with contextlib.redirect_stdout(io.StringIO()):
            board.doMinMaxAction(depth)
        # doMinMaxAction replaces board.state by the chosen child's state (or leaves it);
        # board.score is the root maxJudge score.
        return diff_cell(state, board.state), board.score, judges[0]
    return play


PLAY = {
    'rules': play_rules,
    'minimax': play_minimax,
    'alphabeta': play_alphabeta,
    'gametree': play_gametree,
    'gomoku-minimax': _play_gomoku('seed003b_minimax'),
    'gomoku-alphabeta': _play_gomoku('seed003c_alphabeta'),
    'gomoku-pruned': _play_gomoku('seed003d_pruned'),
}

KEY_ORDER = ('player', 'width', 'height', 'k', 'depth', 'moves', 'expected', 'value', 'nodes',
             'error')


def solve(case):
    """Return a copy of `case` with "expected", "value" (and "nodes", "error" if any) filled in."""
    out = dict(case)
    out.pop('error', None)
    out.pop('nodes', None)
    out['expected'] = None
    out['value'] = None
    try:
        player = case['player']
        if player not in PLAY:
            raise CaseError(f'unknown player {player!r}')
        w, h, k = case['width'], case['height'], case['k']
        if player in TTT_ONLY and (w, h, k) != (3, 3, 3):
            raise CaseError(f'{player} plays 3x3 with k = 3 only')
        if player not in TTT_ONLY and w != h:
            raise CaseError(f'{player} (seed 003) supports square boards only')
        grid, n = parse_position(case.get('moves', ''), w, h)
        if is_terminal(grid, w, h, k):
            raise CaseError('the game is already over in this position')
        move, value, *nodes = PLAY[player](grid, n, case)
        out['value'] = value
        if nodes:
            out['nodes'] = nodes[0]
        if move is not None:
            out['expected'] = cell_name(move[0], move[1], h)
    except CaseError as e:
        out['error'] = str(e)
    except Exception as e:  # the seed program itself raised
        out['error'] = f'{type(e).__name__}: {e}'
    ordered = {key: out[key] for key in KEY_ORDER if key in out}
    ordered.update((key, v) for key, v in out.items() if key not in ordered)
    return ordered


def main():
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--jobs', '-j', type=int, default=1, help='worker processes')
    a = ap.parse_args()
    cases = [json.loads(line) for line in sys.stdin if line.strip()]
    if a.jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(a.jobs) as pool:
            results = pool.imap(solve, cases, chunksize=1)
            for r in results:
                print(json.dumps(r, ensure_ascii=False), flush=True)
    else:
        for c in cases:
            print(json.dumps(solve(c), ensure_ascii=False), flush=True)


if __name__ == '__main__':
    main()
