// The game's moves: the numbered list beside the board (click a move to show the position
// after it), and the last move of the position shown, in words.

import { $, state, sideOf, who } from './state.js';
import { shownMoves } from './review.js';

/// The moves, numbered, X's and O's side by side; the move shown marked, those after it
/// dimmed. `onStep(count)` shows the position after `count` moves.
export function renderMoves(onStep) {
  const list = $('#moves');
  const moves = state.game ? state.game.moves : [];
  const shown = shownMoves().length;
  // Rebuilt only when the moves change: a click keeps its button.
  const key = moves.join(' ');
  if (list.dataset.moves !== key) {
    list.dataset.moves = key;
    list.innerHTML = '';
    moves.forEach((m, i) => {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.ply = String(i + 1);
      button.className = `move ${sideOf(i).toLowerCase()}`;
      button.textContent = `${i + 1}. ${m}`;
      button.title = `show the position after move ${i + 1}, ${sideOf(i)} at ${m}`;
      button.addEventListener('click', () => onStep(i + 1));
      li.append(button);
      list.append(li);
    });
    if (moves.length === 0) {
      const li = document.createElement('li');
      li.className = 'none';
      li.textContent = 'No moves yet.';
      list.append(li);
    }
  }
  for (const button of list.querySelectorAll('button')) {
    const ply = Number(button.dataset.ply);
    button.classList.toggle('current', ply === shown);
    button.classList.toggle('after', ply > shown);
    button.setAttribute('aria-current', ply === shown ? 'step' : 'false');
  }
  const current = list.querySelector('button.current');
  if (current) {
    // Keep the move shown in sight within the list (not the page).
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
  }
}

/// The last move of the position shown, in words: `Move 3: X (you) played h8.`; while
/// reviewing, which position of how many.
export function lastMoveWords() {
  const g = state.game;
  if (!g) return '';
  const moves = shownMoves();
  const n = moves.length;
  if (n === 0) return state.view === null ? 'No moves yet.' : `The empty board (review: ${g.moves.length} moves in all).`;
  const side = sideOf(n - 1);
  const played = `Move ${n}: ${who(side)} played ${moves[n - 1]}.`;
  return state.view === null ? played : `${played} (Review: move ${n} of ${g.moves.length}.)`;
}
