// "See the search": the analysis summary and candidate list, the legend that says whose values
// the colours are, the tree a player searched, and the comparison of algorithms.
//
// One viewpoint everywhere: a value belongs to the side that chooses the move at the top of the
// search (in the position where it chooses), and says so.

import { $, state, say, other, thousands, ms, analysisShown } from './state.js';
import { api } from './api.js';
import { bestFirst, valueWords } from './values.js';

/// The analysis shown, in one sentence, and its candidates best first.
export function renderAnalysis() {
  const a = state.analysis;
  const summary = $('#analysis-summary');
  const list = $('#candidates');
  list.innerHTML = '';
  renderLegend();
  if (!a) {
    summary.textContent = 'Analyse a position, or let a machine move, to see its values.';
    return;
  }
  const r = a.answer;
  const what = a.kind === 'machine' ? `${r.player} played ${r.move} for ${r.side}` : `${r.player} would play ${r.move} for ${r.side}`;
  const depth = r.depth !== null && r.depth !== undefined ? ` (depth ${r.depth})` : '';
  const value = r.value_text ? `, value ${r.value_text}` : '';
  const allowed = r.limit_ms ? `, ${ms(r.limit_ms)} allowed` : '';
  const line = r.pv.length > 1 ? `; expects ${r.pv.join(' ')}` : '';
  const note = r.candidates.length === 0 && r.note ? ` (${r.note})` : '';
  summary.textContent = `${what}${depth}${value}, ${thousands(r.nodes)} nodes in ${ms(r.time_ms)}${allowed}${line}.${note}`;
  // Best first by the server's rank: wins, then scores, then losses, for the side choosing.
  for (const c of bestFirst(r.candidates).slice(0, 30)) {
    const li = document.createElement('li');
    li.textContent = `${c.move}: ${valueWords(c)}`;
    li.dataset.rank = String(c.rank);
    list.append(li);
  }
}

/// Says whose values the colours are, of which position, on which scale; the colour key shows
/// while the board shows values.
function renderLegend() {
  const legend = $('#heat-legend');
  const key = $('#heat-key');
  const shownHere = analysisShown();
  const a = shownHere || state.analysis;
  const here = !!shownHere && shownHere.answer.candidates.length > 0;
  key.hidden = !(here && $('#show-values').checked);
  if (!a || a.answer.candidates.length === 0) {
    legend.textContent = 'Cells are coloured by how much worse each move is than the best one, for the side to move: '
      + 'green the best, yellow 25 points of win rate worse, red 50 or more (or a proven loss). '
      + 'Analyse a position, ask for a hint, or let a machine move.';
    legend.dataset.side = '';
    return;
  }
  const r = a.answer;
  const side = r.side;
  const by = a.kind === 'machine' ? `by ${r.player}, before its move ${r.move}` : `by ${r.player}`;
  const scale = r.level_scale && r.level_scale !== 'win rate'
    ? `numbers: where ${r.player}'s score sits on its fixed range (${r.level_scale}), in per cent`
    : `numbers: ${side}'s win rate in per cent`;
  const where = here ? '' : ` Shown on the position after move ${r.at}: step there to see them (none for this one yet).`;
  legend.textContent = `${side}'s values of ${side}'s moves after move ${r.at} (${by}). Colours: how much worse than `
    + `the best move, for ${side}: green the best, yellow 25 points worse, red 50 or more, or a proven loss. `
    + `${scale}; W5: ${side} wins in 5 moves, L5: ${other(side)} wins in 5, =: a draw; `
    + `striped, ≤ ≥: bounds (the search only limited the move). Numbered ghost stones: the line it expects.${where}`;
  legend.dataset.side = side;
}

// ---------------------------------------------------------------- the search tree

export function clearTree() {
  state.tree = null;
  $('#tree').innerHTML = '';
  $('#tree-summary').textContent = '';
  $('#tree-legend').textContent = 'Every value in the tree is for the side to move at its top.';
}

function nodeItem(node, onHover) {
  const li = document.createElement('li');
  const row = document.createElement('span');
  row.className = `node ${node.kind}${node.best ? ' best' : ''}`;
  const canOpen = node.children.length > 0 || node.hidden > 0;
  const open = document.createElement('button');
  open.type = 'button';
  open.className = 'open';
  open.textContent = canOpen ? (node.children.length > 0 ? '▾' : '▸') : '·';
  open.disabled = !canOpen;
  open.setAttribute('aria-label', `open ${node.path.join(' ') || 'root'}`);
  row.append(open);
  const mv = document.createElement('span');
  mv.className = 'mv';
  mv.textContent = node.move || 'root';
  row.append(mv);
  const val = document.createElement('span');
  val.className = 'val';
  val.textContent = node.kind === 'pruned' ? 'not searched' : node.value_text || '';
  row.append(val);
  if (node.kind !== 'inner') {
    const badge = document.createElement('span');
    badge.className = `badge ${node.kind}`;
    badge.textContent = node.kind === 'cutoff' ? `cut-off, ${node.pruned} pruned` : node.kind;
    row.append(badge);
  }
  if (node.window) {
    const w = document.createElement('span');
    w.className = 'count';
    w.textContent = `α ${node.window[0]} β ${node.window[1]}`;
    row.append(w);
  }
  if (node.kind !== 'pruned') {
    const count = document.createElement('span');
    count.className = 'count';
    count.textContent = `${thousands(node.visited)} nodes`;
    row.append(count);
  }
  li.append(row);
  const children = document.createElement('ul');
  li.append(children);
  const fill = () => {
    children.innerHTML = '';
    for (const child of node.children) children.append(nodeItem(child, onHover));
  };
  fill();
  open.addEventListener('click', async () => {
    if (node.children.length > 0) {
      const hidden = !children.hidden;
      children.hidden = hidden;
      open.textContent = hidden ? '▸' : '▾';
      return;
    }
    open.disabled = true;
    try {
      const answer = await treeRequest(node.path);
      node.children = answer.tree.children;
      node.hidden = answer.tree.hidden;
      fill();
      open.textContent = '▾';
    } catch (error) {
      say(`The tree could not be opened there: ${error.message}. Show the tree again, or choose another player.`, 'error');
    } finally {
      open.disabled = false;
    }
  });
  row.addEventListener('mouseenter', () => onHover(node.path));
  row.addEventListener('focusin', () => onHover(node.path));
  return li;
}

async function treeRequest(path) {
  const g = state.game;
  return api('POST', `/api/games/${g.id}/tree`, {
    player: $('#tree-player').value,
    path,
    depth: 1,
    version: g.version,
  });
}

/// Asks for the tree's top and shows it; `onHover(path)` shows a node's line on the board.
export async function showTree(generation, guard, onHover) {
  const answer = await treeRequest([]);
  if (!guard(generation)) return;
  state.tree = answer;
  const bounded = answer.truncated ? ' (cut at the node cap)' : '';
  $('#tree-summary').textContent =
    `${answer.player} searched ${thousands(answer.visited)} positions and plays ${answer.move}` +
    `${answer.value_text ? `, value ${answer.value_text}` : ''}${bounded}.`;
  const side = answer.tree.value_side;
  const legend = $('#tree-legend');
  legend.textContent = `Every value in this tree is ${side}'s, the side to move at its top, ` +
    'on every row. "at most" and "at least" mark alpha-beta bounds; pruned moves were never searched. ' +
    'Open a node to search deeper; point at it to see its line on the board.';
  legend.dataset.side = side;
  const ul = $('#tree');
  ul.innerHTML = '';
  ul.append(nodeItem(answer.tree, onHover));
}

// ---------------------------------------------------------------- the comparison

export async function compare(generation, guard) {
  const g = state.game;
  const answer = await api('POST', `/api/games/${g.id}/compare`, { version: g.version });
  if (!guard(generation)) return;
  const body = $('#compare-table tbody');
  body.innerHTML = '';
  const most = Math.max(1, ...answer.results.map((r) => r.nodes || 0));
  for (const r of answer.results) {
    const tr = document.createElement('tr');
    const cell = (text, cls) => {
      const td = document.createElement('td');
      if (cls) td.className = cls;
      td.textContent = text;
      tr.append(td);
      return td;
    };
    cell(r.player);
    if (r.error) {
      cell('–');
      const td = cell(r.error, 'err');
      td.colSpan = 3;
    } else {
      cell(r.move);
      cell(r.value ? r.value.text : '–');
      const nodes = cell(thousands(r.nodes), 'num');
      if (r.tree_nodes) nodes.title = `the seed's game tree: ${thousands(r.tree_nodes)} nodes`;
      const bar = document.createElement('div');
      bar.className = 'bar';
      bar.style.width = `${Math.max(2, (100 * Math.log10(1 + r.nodes)) / Math.log10(1 + most))}%`;
      nodes.append(bar);
      cell(ms(r.time_ms), 'num');
    }
    body.append(tr);
  }
  $('#compare-side').textContent = `Values are ${answer.side}'s, the side to move.`;
}
