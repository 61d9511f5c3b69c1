// The board: cells as buttons, coordinates around them, stones, the heat map, ghost stones.
// Any board up to 20x20 fits the screen: cells are square and sized to the viewport.

import { $, state, cellName, columnName, sideOf, analysisShown, shownKey } from './state.js';
import { heatColours } from './values.js';
import { shownMoves, reviewing } from './review.js';

/// Boards up to this many columns and rows are drawn as squares with X and O marks.
const SQUARES_UP_TO = 7;

/// The lines (0-based, from either edge) of the star points along a side of `n` points, as
/// go and gomoku boards mark them: the fourth line from each edge on boards of 13 and more
/// (the third on smaller ones), the middle line of an odd side, and on 19 and more the middle
/// of each edge too. Returns [lines for corners, middle line or null, whether edges get one].
function starLines(n) {
  const edge = n >= 13 ? 3 : 2;
  const middle = n % 2 === 1 ? (n - 1) / 2 : null;
  return { corners: n >= 9 ? [edge, n - 1 - edge] : [], middle: n >= 7 ? middle : null, sides: n >= 19 };
}

/// The star points of a `width` x `height` board, as a set of `row,col` (row 0 at the top).
export function starPoints(width, height) {
  const cols = starLines(width);
  const rows = starLines(height);
  const points = new Set();
  for (const r of rows.corners) for (const c of cols.corners) points.add(`${r},${c}`);
  if (rows.middle !== null && cols.middle !== null) {
    points.add(`${rows.middle},${cols.middle}`);
    if (rows.sides && cols.sides) {
      for (const r of rows.corners) points.add(`${r},${cols.middle}`);
      for (const c of cols.corners) points.add(`${rows.middle},${c}`);
    }
  }
  return points;
}
/// The page's layout puts the panel below the board at this width (style.css says the same).
const NARROW = '(max-width: 820px)';

let boardShape = '';

export function buildBoard(onClick) {
  const { width, height } = state.game.size;
  const shape = `${width}x${height}`;
  if (shape === boardShape) return;
  boardShape = shape;
  const board = $('#board');
  board.innerHTML = '';
  board.style.setProperty('--cols', width);
  board.style.setProperty('--rows', height);
  // Small boards (tic-tac-toe and its cousins) are squares with X and O marks; larger ones a
  // go board with stones on the intersections, as gomoku players expect.
  const boxes = Math.max(width, height) <= SQUARES_UP_TO;
  board.classList.toggle('boxes', boxes);
  const stars = boxes ? new Set() : starPoints(width, height);
  for (let r = 0; r < height; r++) {
    const label = document.createElement('div');
    label.className = 'label row';
    label.textContent = String(height - r);
    board.append(label);
    for (let c = 0; c < width; c++) {
      const cell = document.createElement('button');
      const name = cellName(r, c, height);
      cell.type = 'button';
      cell.className = 'cell';
      if (c === 0) cell.classList.add('first-col');
      if (c === width - 1) cell.classList.add('last-col');
      if (r === 0) cell.classList.add('first-row');
      if (r === height - 1) cell.classList.add('last-row');
      cell.dataset.move = name;
      if (stars.has(`${r},${c}`)) cell.dataset.star = 'true';
      cell.setAttribute('aria-label', name);
      cell.addEventListener('click', () => onClick(name));
      board.append(cell);
    }
  }
  board.append(document.createElement('div'));
  for (let c = 0; c < width; c++) {
    const label = document.createElement('div');
    label.className = 'label col';
    label.textContent = columnName(c);
    board.append(label);
  }
  sizeBoard();
}

/// Sizes the cells (whole pixels, so they stay square) for the board to fit the viewport: its
/// width always (coordinates included); on a desktop its height too, with everything around
/// it in the board's column (the status, the review bar, the buttons); on a phone, where the
/// board stays at the top as the page scrolls, at most 60% of the height.
export function sizeBoard() {
  if (!state.game) return;
  const { width, height } = state.game.size;
  // The viewport without scroll bars; innerWidth grows when a phone zooms out.
  const screenWidth = document.documentElement.clientWidth;
  const screenHeight = document.documentElement.clientHeight;
  const narrow = window.matchMedia(NARROW).matches;
  const wrap = $('#board-wrap');
  // Room around the board: the page's padding and the board's frame (and the panel beside it).
  const across = narrow ? screenWidth - 36 : Math.min(screenWidth - 500, 760);
  let down;
  if (narrow) {
    down = screenHeight * 0.6 - 20;
  } else {
    // What the board's column holds besides the board, and what is above it on the page.
    const play = $('#play');
    const others = play.scrollHeight - wrap.offsetHeight;
    const above = $('header').offsetHeight + 14 + 12;
    down = Math.max(screenHeight - above - others - 16, 260);
  }
  // The row numbers and column letters take 0.6 of a cell; the frame 12 px.
  const cell = Math.floor(Math.min((across - 12) / (width + 0.6), (down - 12) / (height + 0.6), 90));
  document.documentElement.style.setProperty('--cell', `${Math.max(cell, 8)}px`);
}

/// Whether the search's values and line are shown on the board, as the toggles say.
function shows(id) {
  return $('#see-search').checked && $(id).checked;
}

export function renderBoard(onClick) {
  buildBoard(onClick);
  const g = state.game;
  // While reviewing, an earlier position: its stones, and the search of that position only.
  const past = reviewing();
  const moves = shownMoves();
  const last = moves.length ? moves[moves.length - 1] : null;
  const stones = new Map();
  moves.forEach((m, i) => stones.set(m, { side: sideOf(i), n: i + 1 }));
  const numbers = $('#numbers').checked;
  const winning = new Set(past ? [] : g.win_line);
  // Renju: the cells X may not play, while X is to move (the server's list, with reasons).
  const forbidden = past ? {} : (g.forbidden_reasons || {});
  // The values of a search are shown on the position it searched, for the side to move
  // there: never a machine's values from before its move on the position after it.
  const a = analysisShown();
  const heat = shows('#show-values') && a ? heatColours(a.answer.candidates) : new Map();
  const ghosts = new Map();
  const key = shownKey();
  const line = state.ghosts && state.ghosts.key === key ? state.ghosts.moves : a ? a.answer.pv : [];
  if (shows('#show-line')) {
    line.forEach((m, i) => {
      if (!stones.has(m) && !ghosts.has(m)) ghosts.set(m, { n: moves.length + i + 1, side: sideOf(moves.length + i) });
    });
  }
  const humanTurn = g.status === 'playing' && !g.machine_to_move && !state.busy && !past;
  for (const cell of document.querySelectorAll('#board .cell')) {
    const name = cell.dataset.move;
    cell.innerHTML = '';
    if (cell.dataset.star) {
      const star = document.createElement('div');
      star.className = 'star';
      cell.append(star);
    }
    cell.classList.toggle('win', winning.has(name));
    cell.classList.toggle('hint', !past && state.hint === name);
    const stone = stones.get(name);
    const why = stone ? undefined : forbidden[name];
    cell.disabled = !!stone || !humanTurn || !!why;
    let label = name;
    const h = heat.get(name);
    if (h) {
      const div = document.createElement('div');
      div.className = `heat${h.best ? ' best' : ''}${h.bound ? ' bound' : ''}`;
      div.style.backgroundColor = h.colour;
      div.textContent = h.text;
      cell.append(div);
      label += `, value ${h.words}${h.best ? ', best' : ''}`;
    }
    if (stone) {
      const div = document.createElement('div');
      div.className = `stone ${stone.side.toLowerCase()}`;
      if (name === last) div.classList.add('last');
      if (numbers) {
        const n = document.createElement('span');
        n.className = 'num';
        n.textContent = String(stone.n);
        div.append(n);
      }
      cell.append(div);
      label += `, ${stone.side}, move ${stone.n}`;
    } else if (ghosts.has(name)) {
      const ghost = ghosts.get(name);
      const div = document.createElement('div');
      // Beside a value, small in a corner: the value stays readable.
      div.className = `stone ghost ${ghost.side.toLowerCase()}${h ? ' beside' : ''}`;
      div.textContent = String(ghost.n);
      cell.append(div);
      label += `, ${ghost.side} would play it as move ${ghost.n}`;
    }
    if (why) {
      const mark = document.createElement('div');
      mark.className = 'forbidden';
      mark.textContent = '×';
      cell.append(mark);
      label += `, forbidden to X: ${why}`;
    }
    if (!past && state.hint === name) {
      const marker = document.createElement('div');
      marker.className = 'marker';
      cell.append(marker);
    }
    cell.setAttribute('aria-label', label);
    cell.title = h ? `${name}: ${h.words}` : why ? `${name}: forbidden to X (${why})` : '';
  }
}
