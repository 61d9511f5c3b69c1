// The evaluation graph: X's win rate after each move of the game, from the values the players
// gave the positions they searched (a machine's move, a hint, an analysis: their `level`, a
// win rate, or a score on the player's fixed range), and the search running now. Click a
// point to see its position.

import { $, state, positionKey } from './state.js';

const SVG = 'http://www.w3.org/2000/svg';
const W = 300;
const H = 90;

function element(name, attributes) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, String(v));
  return e;
}

/// X's share of a `level` the side `side` holds.
function forX(level, side) {
  return side === 'X' ? level : 1 - level;
}

/// The graph of the game on the board; `onStep(count)` shows the position after `count` moves.
export function renderGraph(onStep) {
  const svg = $('#graph');
  const note = $('#graph-note');
  const g = state.game;
  svg.replaceChildren();
  if (!g) return;
  const n = g.moves.length;
  const points = [];
  for (let i = 0; i <= n; i++) {
    const e = state.analyses.get(positionKey(g.moves, i));
    const level = e ? e.answer.level : null;
    if (level !== null && level !== undefined) points.push({ at: i, x: forX(level, e.answer.side), who: e.answer.player });
  }
  const live = state.live;
  let now = null;
  if (live && live.start && live.progress && live.progress.level !== null && live.progress.level !== undefined) {
    now = { at: live.start.at, x: forX(live.progress.level, live.start.side), who: live.start.player };
  }
  const span = Math.max(n, 1);
  const px = (at) => 4 + ((W - 8) * at) / span;
  const py = (x) => 4 + (H - 8) * (1 - x);
  svg.append(element('rect', { x: 0, y: 0, width: W, height: H / 2, class: 'x-side' }));
  svg.append(element('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'even' }));
  const shown = state.view === null ? n : state.view;
  svg.append(element('line', { x1: px(shown), y1: 0, x2: px(shown), y2: H, class: 'shown' }));
  if (points.length > 1) {
    svg.append(element('polyline', { points: points.map((p) => `${px(p.at)},${py(p.x)}`).join(' '), class: 'trace' }));
  }
  for (const p of [...points, ...(now ? [{ ...now, live: true }] : [])]) {
    const dot = element('circle', { cx: px(p.at), cy: py(p.x), r: 3.2, class: p.live ? 'dot live' : 'dot' });
    dot.dataset.at = String(p.at);
    dot.dataset.x = p.x.toFixed(3);
    const title = element('title', {});
    title.textContent = `after move ${p.at}: X ${Math.round(p.x * 100)}% (${p.who}${p.live ? ', thinking' : ''})`;
    dot.append(title);
    dot.addEventListener('click', () => onStep(p.at));
    svg.append(dot);
  }
  note.textContent = points.length || now
    ? `X's win rate after each move (top: X ahead), from the players' values: ${points.length} of ${n + 1} positions.`
    : 'No values yet: they come from the machines\' moves, hints and analyses.';
}
