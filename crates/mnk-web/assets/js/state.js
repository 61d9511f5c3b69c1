// What the page knows, shared by its modules; and its few helpers for the document.

export const $ = (selector) => document.querySelector(selector);

export const state = {
  players: [],      // the catalog from GET /api/players
  limits: null,     // the server's limits from GET /api
  game: null,       // the game as GET /api/games/{id} shows it
  busy: false,      // a request that changes the game or searches is under way
  stalled: null,    // why the machine to move could not move (until Retry, Undo or a new game)
  generation: 0,    // bumped by every new game, so late answers for an old one are dropped
  live: null,       // the search running, as its progress events show it (js/live.js)
  last: null,       // the last search that ended: {answer, kind}
  analysis: null,   // the last search's values: {answer, kind: 'machine' | 'analysis' | 'hint'}
  analyses: new Map(), // every search's values by the position searched (positionKey), for review
  hint: null,       // a hinted move, while it is still the position's
  ghosts: null,     // {moves: [...], key: positionKey} a line shown as numbered ghosts there
  tree: null,       // the tree panel's data
  view: null,       // moves shown while reviewing an earlier position; null: the game as it stands
  clocks: null,     // a timed game's clocks (js/clock.js), null when untimed or over
  inflight: null,   // aborts the machine's move under way (a flag fall, a new game)
};

/// The key of the position after the first `count` of `moves`.
export function positionKey(moves, count) {
  return moves.slice(0, count).join(' ');
}

/// The key of the position on the board (an earlier one while reviewing).
export function shownKey() {
  const moves = state.game ? state.game.moves : [];
  return positionKey(moves, state.view === null ? moves.length : state.view);
}

/// The values a search gave in the position on the board, if one searched it: {answer, kind}.
export function analysisShown() {
  return state.game ? state.analyses.get(shownKey()) || null : null;
}

/// Keeps a search's answer as the values of the position it searched (the first `answer.at`
/// of `moves`), and as the last search.
export function remember(answer, kind, moves) {
  const entry = { answer, kind };
  state.analyses.set(positionKey(moves, answer.at), entry);
  state.analysis = entry;
}

/// Shows `text` under the board: `kind` 'error' (something failed: say what to do) or 'info'.
export function say(text, kind = 'info') {
  const message = $('#message');
  message.textContent = text || '';
  message.dataset.kind = kind;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export function cellName(row, col, height) {
  return LETTERS[col] + String(height - row);
}

export function columnName(col) {
  return LETTERS[col];
}

export function sideOf(plies) {
  return plies % 2 === 0 ? 'X' : 'O';
}

export function other(side) {
  return side === 'X' ? 'O' : 'X';
}

export function seatOf(side) {
  return side === 'X' ? state.game.players.x : state.game.players.o;
}

export function isHuman(side) {
  return seatOf(side) === 'human';
}

export function who(side) {
  const seat = seatOf(side);
  return seat === 'human' ? `${side} (you)` : `${side} (${seat})`;
}

export function thousands(n) {
  return n === null || n === undefined ? '–' : Number(n).toLocaleString('en-US');
}

export function ms(t) {
  if (t === null || t === undefined) return '–';
  return t >= 100 ? `${(t / 1000).toFixed(2)} s` : `${t.toFixed(3)} ms`;
}
