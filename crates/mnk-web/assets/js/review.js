// Reviewing a game move by move: the board shows an earlier position while the game itself
// stays as it is (and goes on: a machine still moves, a clock still runs). state.view is the
// number of moves shown, null for the game as it stands.

import { $, state } from './state.js';

/// The moves the board shows.
export function shownMoves() {
  const moves = state.game ? state.game.moves : [];
  return state.view === null ? moves : moves.slice(0, state.view);
}

/// Whether the board shows an earlier position.
export function reviewing() {
  return state.view !== null;
}

/// Shows the position after `count` moves (the game as it stands at its end).
export function showMove(count) {
  const n = state.game ? state.game.moves.length : 0;
  const c = Math.max(0, Math.min(n, count));
  state.view = c >= n ? null : c;
}

/// Steps: 'first', 'back', 'forward', 'last'.
export function step(where) {
  const n = state.game ? state.game.moves.length : 0;
  const shown = state.view === null ? n : state.view;
  const to = { first: 0, back: shown - 1, forward: shown + 1, last: n }[where];
  showMove(to);
}

/// The review bar: which move is shown, and which steps can be taken.
export function renderReview() {
  const n = state.game ? state.game.moves.length : 0;
  if (state.view !== null && state.view >= n) state.view = null;
  const shown = state.view === null ? n : state.view;
  $('#ply').textContent = state.view === null ? `move ${n} of ${n}` : `move ${shown} of ${n} (review)`;
  $('#review').dataset.reviewing = String(state.view !== null);
  $('#first').disabled = shown === 0;
  $('#back').disabled = shown === 0;
  $('#forward').disabled = shown === n;
  $('#last').disabled = shown === n;
}
