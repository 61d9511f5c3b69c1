// The board: cells as buttons, coordinates around them, stones, the heat map, ghost stones.
// Any board up to 20x20 fits the screen: cells are square and sized to the viewport.

import { $, state, cellName, columnName, sideOf } from './state.js';
import { heatColours } from './values.js';
import { shownMoves, reviewing } from './review.js';

/// Boards up to this many columns and rows are drawn as squares with X and O marks.
const SQUARES_UP_TO = 7;
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
  board.classList.toggle('boxes', Math.max(width, height) <= SQUARES_UP_TO);
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
/// width always (coordinates included), its height too when the panel sits beside it.
export function sizeBoard() {
  if (!state.game) return;
  const { width, height } = state.game.size;
  // The viewport without scroll bars; innerWidth grows when a phone zooms out.
  const screenWidth = document.documentElement.clientWidth;
  const screenHeight = document.documentElement.clientHeight;
  const narrow = window.matchMedia(NARROW).matches;
  // Room around the board: the page's padding and the board's frame (and the panel beside it).
  const across = narrow ? screenWidth - 36 : Math.min(screenWidth - 480, 720);
  // The clocks of a timed game sit above the board.
  const clocks = $('#clocks');
  const clockRow = clocks && !clocks.hidden ? clocks.offsetHeight + 8 : 0;
  const down = narrow ? Infinity : Math.max(screenHeight - 240 - clockRow, 260);
  // The row numbers and column letters take 0.6 of a cell.
  const cell = Math.floor(Math.min(across / (width + 0.6), down / (height + 0.6), 90));
  document.documentElement.style.setProperty('--cell', `${Math.max(cell, 8)}px`);
}

export function renderBoard(onClick) {
  buildBoard(onClick);
  const g = state.game;
  // While reviewing, an earlier position: its stones only, nothing of the search.
  const past = reviewing();
  const moves = shownMoves();
  const last = moves.length ? moves[moves.length - 1] : null;
  const stones = new Map();
  moves.forEach((m, i) => stones.set(m, sideOf(i)));
  const winning = new Set(past ? [] : g.win_line);
  // Renju: the cells X may not play, while X is to move (the server's list, with reasons).
  const forbidden = past ? {} : (g.forbidden_reasons || {});
  const see = $('#see-search').checked && !past;
  const heat = see && state.analysis ? heatColours(state.analysis.answer.candidates, state.analysis.answer.value_scale) : new Map();
  const ghosts = new Map();
  if (see && state.ghosts) {
    state.ghosts.moves.forEach((m, i) => {
      if (!stones.has(m) && !ghosts.has(m)) ghosts.set(m, { n: i + 1, side: sideOf(state.ghosts.from + i) });
    });
  }
  const humanTurn = g.status === 'playing' && !g.machine_to_move && !state.busy && !past;
  for (const cell of document.querySelectorAll('#board .cell')) {
    const name = cell.dataset.move;
    cell.innerHTML = '';
    cell.classList.toggle('win', winning.has(name));
    cell.classList.toggle('hint', !past && state.hint === name);
    const side = stones.get(name);
    const why = side ? undefined : forbidden[name];
    cell.disabled = !!side || !humanTurn || !!why;
    let label = name;
    const h = heat.get(name);
    if (h) {
      const div = document.createElement('div');
      div.className = h.best ? 'heat best' : 'heat';
      div.style.background = h.colour;
      div.textContent = h.text;
      cell.append(div);
      label += `, value ${h.words}${h.best ? ', best' : ''}`;
    }
    if (side) {
      const stone = document.createElement('div');
      stone.className = `stone ${side.toLowerCase()}`;
      if (name === last) stone.classList.add('last');
      cell.append(stone);
      label += `, ${side}`;
    } else if (ghosts.has(name)) {
      const ghost = ghosts.get(name);
      const stone = document.createElement('div');
      stone.className = `stone ghost ${ghost.side.toLowerCase()}`;
      stone.textContent = String(ghost.n);
      cell.append(stone);
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
