// The page's address holds the game (its board, seats, moves, opening and time control, and the
// move shown while reviewing), so that reloading the page, or sharing the address, brings the
// same game back: the server starts a new game from it (a game's id may be gone: the server
// keeps games in memory only, the least recently used evicted first).
//
// A reload of the same tab goes on with the very game instead, its clocks and an opening under
// way as they were, while the server still has it and the address still says that game: the tab
// keeps the game's id (session storage, which a shared address does not carry, so another
// page never plays in someone else's game).

import { state } from './state.js';

/// The address's query for the game on the board.
function query(g) {
  const q = new URLSearchParams();
  q.set('size', `${g.size.width}x${g.size.height}`);
  q.set('k', String(g.k));
  q.set('rule', g.rule);
  q.set('x', g.players.x);
  q.set('o', g.players.o);
  if (g.moves.length) q.set('moves', g.moves.join(' '));
  if (g.time_control) q.set('tc', g.time_control.text);
  // An opening under way starts again from its beginning (its stones are the opener's to
  // place); one that is over is given with its first moves.
  if (g.opening && g.opening.opened) q.set('opening', g.opening.opened);
  else if (g.opening && g.opening.stage !== 'done') {
    q.set('opening', g.opening.rule);
    q.delete('moves');
  }
  if (state.view !== null) q.set('at', String(state.view));
  return q.toString();
}

const KEPT = 'mnk-game';

/// Writes the game on the board into the address (without a new history entry), and keeps its
/// id for a reload of this tab.
export function writeLink() {
  const g = state.game;
  if (!g) return;
  const search = `?${query(g)}`;
  if (window.location.search !== search) window.history.replaceState(null, '', search);
  try {
    window.sessionStorage.setItem(KEPT, g.id);
  } catch (_) {
    // Storage refused (a private window's settings): a reload starts the game again.
  }
}

/// The id of the game this tab last showed, if it kept one.
export function keptGame() {
  try {
    return window.sessionStorage.getItem(KEPT);
  } catch (_) {
    return null;
  }
}

/// Whether `game` (the server's) is the game the address holds, the move shown apart.
export function addressHolds(game) {
  const without = (search) => {
    const q = new URLSearchParams(search);
    q.delete('at');
    return q.toString();
  };
  return without(query(game)) === without(window.location.search);
}

/// The game the address holds, as `POST /api/games` takes it, and the move to show; null when
/// the address holds none.
export function readLink() {
  const q = new URLSearchParams(window.location.search);
  if (!q.has('size')) return null;
  const body = { size: q.get('size') };
  if (q.has('k')) body.k = Number(q.get('k'));
  if (q.has('rule')) body.rule = q.get('rule');
  body.players = { x: q.get('x') || 'human', o: q.get('o') || undefined };
  if (q.has('moves')) body.moves = q.get('moves');
  if (q.has('tc')) body.time_control = q.get('tc');
  if (q.has('opening')) body.opening = q.get('opening');
  const at = q.has('at') ? Number(q.get('at')) : null;
  return { body, at: Number.isInteger(at) && at >= 0 ? at : null };
}
