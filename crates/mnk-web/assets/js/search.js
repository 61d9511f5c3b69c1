// "See the search": the analysis summary and candidate list, the legend that says whose values
// the colours are, the tree a player searched, and the comparison of algorithms.
//
// One viewpoint everywhere: a value belongs to the side that chooses the move at the top of the
// search (in the position where it chooses), and says so.

import { $, state, say, other, thousands, ms, analysisShown } from './state.js';
import { api } from './api.js';
import { bestFirst, valueWords } from './values.js';
import { find } from './players.js';
import { startSteps, clearSteps } from './steps.js';

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
  clearSteps();
}

/// The rows shown, by node: `{row, reveal()}` (reveal opens the node's children).
const items = new Map();

/// `MAX` or `MIN` and what it means, for a node's row.
function roleBadge(node) {
  const role = document.createElement('span');
  role.className = `role ${node.role}`;
  role.textContent = node.role_label;
  role.title = node.role === 'max'
    ? `${node.to_move} moves here (MAX, the side at the top): it takes the largest value`
    : `${node.to_move} moves here (MIN, the opponent): it takes the smallest value`;
  return role;
}

/// A window `[α, β]` in words.
function windowText(w) {
  return `α ${w[0]} β ${w[1]}`;
}

/// A node's row and, below it, its children (built when first opened: `open` says whether
/// to show them now); `onHover(path)` shows its line on the board.
function nodeItem(node, onHover, open = false) {
  const li = document.createElement('li');
  const row = document.createElement('span');
  row.className = `node ${node.kind}${node.best ? ' best' : ''}`;
  row.dataset.order = String(node.order);
  row.dataset.role = node.role_label;
  const canOpen = node.children.length > 0 || node.hidden > 0;
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'open';
  toggle.textContent = canOpen ? '▸' : '·';
  toggle.disabled = !canOpen;
  toggle.setAttribute('aria-label', `open ${node.path.join(' ') || 'root'}`);
  row.append(toggle);
  row.append(roleBadge(node));
  const mv = document.createElement('span');
  mv.className = 'mv';
  mv.textContent = node.move || 'root';
  row.append(mv);
  const val = document.createElement('span');
  val.className = 'val';
  val.textContent = node.kind === 'pruned' ? 'not searched' : node.value_text || '';
  row.append(val);
  if (node.terms) {
    const terms = document.createElement('span');
    terms.className = 'terms';
    terms.textContent = node.terms.text;
    row.append(terms);
  }
  if (node.kind !== 'inner') {
    const badge = document.createElement('span');
    badge.className = `badge ${node.kind}`;
    badge.textContent = node.kind === 'cutoff' ? `cut-off, ${node.pruned} pruned` : node.kind;
    row.append(badge);
  }
  if (node.window) {
    const w = document.createElement('span');
    w.className = 'count';
    w.textContent = windowText(node.window);
    w.title = 'the alpha-beta window it was entered with';
    row.append(w);
  }
  if (node.kind !== 'pruned') {
    const count = document.createElement('span');
    count.className = 'count';
    count.textContent = `${thousands(node.visited)} nodes`;
    row.append(count);
    const order = document.createElement('span');
    order.className = 'count order';
    order.textContent = `#${thousands(node.order)}`;
    order.title = `the ${thousands(node.order)}th position the search entered`;
    row.append(order);
  }
  li.append(row);
  const children = document.createElement('ul');
  children.hidden = true;
  li.append(children);
  let built = false;
  const fill = () => {
    children.innerHTML = '';
    for (const child of node.children) children.append(nodeItem(child, onHover));
    built = true;
  };
  const show = (shown) => {
    if (shown && !built) fill();
    children.hidden = !shown;
    toggle.textContent = canOpen ? (shown ? '▾' : '▸') : '·';
  };
  items.set(node, { row, reveal: () => show(true) });
  if (open && node.children.length > 0) show(true);
  toggle.addEventListener('click', async () => {
    if (node.children.length > 0) {
      show(children.hidden);
      return;
    }
    toggle.disabled = true;
    try {
      const answer = await treeRequest(node.path, 1);
      node.children = answer.tree.children;
      node.hidden = answer.tree.hidden;
      fill();
      show(true);
    } catch (error) {
      say(`The tree could not be opened there: ${error.message}. Show the tree again, or choose another player.`, 'error');
    } finally {
      toggle.disabled = false;
    }
  });
  row.addEventListener('mouseenter', () => onHover(node.path));
  row.addEventListener('focusin', () => onHover(node.path));
  return li;
}

/// What the tree box asks for: the player, its move order (players that take one), its
/// search depth.
export function treeSettings() {
  const player = $('#tree-player').value;
  const p = find(player);
  const settings = { player };
  if (p && p.abilities.orders_moves) settings.order = $('#tree-order').value;
  const depth = Number($('#tree-depth').value);
  if ($('#tree-depth').value !== '' && Number.isInteger(depth) && depth >= 1) settings.search_depth = depth;
  return settings;
}

/// Offers the move order only for a player whose catalog abilities say it takes one.
export function syncTreeOrder() {
  const p = find($('#tree-player').value);
  const takes = !!(p && p.abilities.orders_moves);
  $('#tree-order').disabled = !takes;
  $('#tree-order-box').hidden = !takes;
}

async function treeRequest(path, depth, settings = (state.tree && state.tree.settings) || treeSettings()) {
  const g = state.game;
  return api('POST', `/api/games/${g.id}/tree`, {
    ...settings,
    path,
    depth,
    max_nodes: state.limits.tree_nodes,
    version: g.version,
  });
}

/// `1, 7, 21, 78`: positions per ply, the top first.
function perPly(list) {
  return list.map((n) => thousands(n)).join(', ');
}

/// `2.36`, or `–` when the search did not go below the top.
function bStar(b) {
  return b === null || b === undefined ? '–' : b.toFixed(2);
}

/// Asks for the whole recorded tree (as deep and as large as the server records one) and
/// shows its top; `onHover(path)` shows a node's line on the board.
export async function showTree(generation, guard, onHover) {
  const settings = treeSettings();
  const answer = await treeRequest([], state.limits.tree_depth, settings);
  if (!guard(generation)) return;
  answer.settings = settings;
  state.tree = answer;
  const order = answer.order ? `, trying moves ${answer.order.replace('-', ' ')}` : '';
  const cut = answer.truncated ? `; the record holds ${thousands(answer.recorded)} nodes (the server's cap: ${thousands(state.limits.tree_nodes)})`
    : answer.recorded < answer.visited ? `; the record holds the top ${answer.plies} plies (the server's cap), ${thousands(answer.recorded)} nodes`
      : '';
  $('#tree-summary').textContent =
    `${settings.player} searched ${thousands(answer.visited)} positions${order} and plays ${answer.move}` +
    `${answer.value_text ? `, value ${answer.value_text}` : ''}. Positions entered per ply: ${perPly(answer.nodes_per_ply)}; ` +
    `effective branching factor b* = ${bStar(answer.branching_factor)}${cut}.`;
  $('#tree-summary').dataset.visited = String(answer.visited);
  const side = answer.tree.value_side;
  const legend = $('#tree-legend');
  legend.textContent = `Every value in this tree is ${side}'s, the side to move at its top, on every row. ` +
    `MAX rows: ${side} moves and takes the largest value; MIN rows: ${other(side)} moves and takes the smallest. ` +
    '"at most" and "at least" mark alpha-beta bounds; pruned moves were never searched; #n: the n-th position entered. ' +
    'Open a node to search deeper; point at it to see its line on the board; step through the search below.';
  legend.dataset.side = side;
  const ul = $('#tree');
  ul.innerHTML = '';
  items.clear();
  ul.append(nodeItem(answer.tree, onHover, true));
  startSteps(answer, onHover, (chain) => {
    for (const node of chain.slice(0, -1)) items.get(node).reveal();
    return items.get(chain[chain.length - 1]).row;
  });
}

// ---------------------------------------------------------------- the comparison

/// A function adding a cell to the table row `tr`: `cell(text, className)` gives the cell.
function cellOf(tr) {
  return (text, cls) => {
    const td = document.createElement('td');
    if (cls) td.className = cls;
    td.textContent = text;
    tr.append(td);
    return td;
  };
}

export async function compare(generation, guard) {
  const g = state.game;
  const answer = await api('POST', `/api/games/${g.id}/compare`, { version: g.version });
  if (!guard(generation)) return;
  const body = $('#compare-table tbody');
  body.innerHTML = '';
  const most = Math.max(1, ...answer.results.map((r) => r.nodes || 0));
  const fewest = Math.max(1, Math.min(...answer.results.filter((r) => !r.error).map((r) => r.nodes)));
  for (const r of answer.results) {
    const tr = document.createElement('tr');
    const cell = cellOf(tr);
    cell(r.player);
    if (r.error) {
      cell('–');
      const td = cell(r.error, 'err');
      td.colSpan = 4;
    } else {
      cell(r.move);
      cell(r.value ? r.value.text : '–');
      const nodes = cell(thousands(r.nodes), 'num');
      if (r.tree_nodes) nodes.title = `the seed's game tree: ${thousands(r.tree_nodes)} nodes`;
      const bar = document.createElement('div');
      bar.className = 'bar';
      bar.style.width = `${Math.max(2, (100 * Math.log10(1 + r.nodes)) / Math.log10(1 + most))}%`;
      nodes.append(bar);
      cell(`×${ratio(r.nodes, fewest)}`, 'num ratio');
      cell(ms(r.time_ms), 'num');
    }
    body.append(tr);
  }
  $('#compare-side').textContent = `Values are ${answer.side}'s, the side to move.`;
}

/// `12.3`: `n` over `of`, to three figures.
function ratio(n, of) {
  return Number((n / of).toPrecision(3)).toLocaleString('en-US');
}

// ---------------------------------------------------------------- minimax against alpha-beta

/// The same position searched by minimax and by alpha-beta at the tree box's depth: each one's
/// move, value, positions entered per ply, total and effective branching factor, and
/// alpha-beta's positions as a share of minimax's.
export async function versus(generation, guard) {
  const g = state.game;
  const depth = treeSettings().search_depth;
  const rows = [];
  for (const player of ['minimax', 'alphabeta']) {
    // Only the top is recorded: the figures are of the whole search.
    const request = { player, path: [], depth: 0, max_nodes: 1, version: g.version };
    if (depth) request.search_depth = depth;
    try {
      rows.push({ player, answer: await api('POST', `/api/games/${g.id}/tree`, request) });
    } catch (error) {
      if (error.status && error.status >= 500) throw error;
      rows.push({ player, error: error.message });
    }
    if (!guard(generation)) return;
  }
  const table = $('#versus-table');
  const body = table.querySelector('tbody');
  body.innerHTML = '';
  for (const { player, answer, error } of rows) {
    const tr = document.createElement('tr');
    tr.dataset.player = player;
    const cell = cellOf(tr);
    cell(player === 'minimax' ? 'minimax' : 'alpha-beta');
    if (error) {
      cell(error, 'err').colSpan = 5;
    } else {
      cell(answer.move);
      cell(answer.value_text || '–');
      cell(perPly(answer.nodes_per_ply), 'per-ply');
      const total = cell(thousands(answer.visited), 'num total');
      total.dataset.nodes = String(answer.visited);
      cell(bStar(answer.branching_factor), 'num');
    }
    body.append(tr);
  }
  const [mini, ab] = rows.map((r) => r.answer);
  const at = depth ? `at depth ${depth}` : 'at their own depths (alpha-beta: to the end on small boards)';
  $('#versus-caption').textContent = mini && ab
    ? `${at}: alpha-beta entered ${thousands(ab.visited)} of minimax's ${thousands(mini.visited)} positions, `
      + `${(100 * ab.visited / mini.visited).toPrecision(3)} % (×${ratio(ab.visited, mini.visited)}), for the same value: `
      + 'its cut-offs skip the moves that cannot change the choice.'
    : `${at}: one of the two could not search this position (its row says why).`;
  table.hidden = false;
}
