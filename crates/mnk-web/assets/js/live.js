// The search as it runs, from the server's progress events (js/api.js: stream): who is thinking,
// the depth it reached, nodes, speed, its time out of the time it has, its value and its line
// (its best lines, as many as the Lines setting asks for); the Stop / Move now button. When nothing
// runs: the last search's figures, and why it ended.

import { $, state, thousands, ms, who } from './state.js';

/// `1.23 s`.
function seconds(t) {
  return `${(t / 1000).toFixed(t < 10_000 ? 2 : 1)} s`;
}

/// `123 kN/s`.
function speed(nps) {
  return nps >= 1000 ? `${thousands(Math.round(nps / 1000))} kN/s` : `${thousands(nps)} N/s`;
}

/// The moves of `pv`, numbered from the move after `before` moves: `9. h9 10. i10`.
export function numbered(pv, before) {
  return pv.map((m, i) => `${before + i + 1}. ${m}`).join(' ');
}

/// What a search that is running is doing, in a few words.
function title(live) {
  const s = live.start;
  if (!s) return 'Waiting for a search slot…';
  const side = s.side;
  switch (live.kind) {
    case 'machine': return `${who(side)} is thinking…`;
    case 'hint': return `Hint for ${side}: ${s.player} is thinking…`;
    case 'follow': return `${s.player} analyses ${side}'s move until stopped…`;
    default: return `${s.player} analyses ${side}'s move…`;
  }
}

/// Why a finished search ended, in a sentence.
export function endedWords(answer) {
  const allowed = answer.limit_ms ? ` (${seconds(answer.limit_ms)} allowed${answer.capped ? ': this server\'s cap' : ''})` : '';
  switch (answer.ended) {
    case 'stopped': return 'Stopped: its best so far.';
    case 'time': return `Its time ran out${allowed}.`;
    case 'nodes': return 'Its node budget ran out.';
    default: return 'It finished its search.';
  }
}

/// One best line in a list item: its rank, move, value and line of play.
function lineItem(line, rank, before) {
  const li = document.createElement('li');
  li.dataset.move = line.move;
  const part = (cls, text) => {
    const span = document.createElement('span');
    span.className = cls;
    span.textContent = text;
    li.append(span);
  };
  part('rank', `${rank}.`);
  part('move', line.move);
  part('value', line.value_text || 'no value');
  part('pv', numbered(line.pv, before));
  return li;
}

/// The live card: the search running, else the last one.
export function renderLive() {
  const live = state.live;
  const card = $('#live');
  const stop = $('#stop');
  const lines = $('#lines');
  lines.innerHTML = '';
  const before = state.game ? state.game.moves.length : 0;
  if (live) {
    const p = live.progress;
    const s = live.start;
    card.dataset.state = s ? 'thinking' : 'waiting';
    card.dataset.kind = live.kind;
    $('#live-title').textContent = title(live);
    const side = s ? s.side : '';
    $('#stat-move').textContent = p && p.move ? `${side} ${p.move}` : '…';
    $('#stat-value').textContent = p && p.value_text ? p.value_text : '–';
    $('#stat-depth').textContent = p && p.depth !== null ? String(p.depth) : '–';
    $('#stat-nodes').textContent = p ? thousands(p.nodes) : '–';
    $('#stat-speed').textContent = p ? speed(p.nps) : '–';
    // `2.6 / 10 s`: its time so far out of the time it has.
    const of = s && s.limit_ms ? ` / ${Number((s.limit_ms / 1000).toPrecision(3))}` : '';
    $('#stat-time').textContent = p ? `${(p.time_ms / 1000).toFixed(1)}${of} s` : '–';
    const at = s ? s.at : before;
    // The best lines so far, best first (several when the Lines setting asks for them).
    ((p && p.lines) || []).forEach((line, i) => lines.append(lineItem(line, i + 1, at)));
    $('#live-note').textContent = '';
    stop.hidden = false;
    stop.disabled = !s || live.stopping;
    stop.textContent = live.kind === 'machine' ? 'Move now' : 'Stop';
    stop.title = live.kind === 'machine'
      ? 'the machine plays its best move so far, now'
      : 'stop the search: its best so far is shown';
    $('#machine').title = s ? `${s.player} for ${side}` : '';
    return;
  }
  stop.hidden = true;
  const last = state.last;
  card.dataset.state = last ? 'done' : 'idle';
  card.dataset.kind = last ? last.kind : '';
  const r = last ? last.answer : null;
  $('#live-title').textContent = !r ? 'No search yet: let a machine move, ask for a hint, or analyse.'
    : last.kind === 'machine' ? `${r.player} played ${r.move} for ${r.side}`
      : `${r.player} would play ${r.move} for ${r.side}`;
  $('#stat-move').textContent = r ? `${r.side} ${r.move}` : '–';
  $('#stat-value').textContent = r && r.value_text ? r.value_text : '–';
  $('#stat-depth').textContent = r && r.depth !== null ? String(r.depth) : '–';
  $('#stat-nodes').textContent = r ? thousands(r.nodes) : '–';
  $('#stat-speed').textContent = r && r.time_ms > 0 ? speed(Math.round((r.nodes * 1000) / r.time_ms)) : '–';
  $('#stat-time').textContent = r ? ms(r.time_ms) : '–';
  $('#stat-time').title = r && r.plan ? `${ms(r.time_ms)} of ${ms(r.limit_ms)} allowed by its clock` : '';
  $('#machine').title = r ? `${r.player} for ${r.side}` : '';
  $('#live-note').textContent = r ? endedWords(r) : '';
  if (r && r.pv.length) {
    const best = r.lines || [{ move: r.move, value_text: r.value_text, pv: r.pv }];
    best.forEach((line, i) => lines.append(lineItem(line, i + 1, r.at)));
  }
}
