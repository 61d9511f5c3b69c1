// mnk's page: play any m,n,k-game against the players of the catalog, and see their search.
// Plain JavaScript, no build step, nothing fetched but this server's own API.
'use strict';

const $ = (selector) => document.querySelector(selector);

const state = {
  players: [],      // the catalog from GET /api/players
  game: null,       // the game as GET /api/games/{id} shows it
  busy: false,      // a request that changes the game is under way
  generation: 0,    // bumped by every new game, so late answers for an old one are dropped
  stats: null,      // the last machine move's think answer
  analysis: null,   // {think answer, position: moves it was computed for, kind}
  hint: null,       // a hinted move, while it is still the position's
  ghosts: null,     // {moves: [...], from: moves already on the board} shown as numbered ghosts
  tree: null,       // the tree panel's data
};

// ---------------------------------------------------------------- the API

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = response.status === 204 ? null : await response.json();
  if (!response.ok) {
    throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
  }
  return data;
}

function say(text) {
  $('#message').textContent = text || '';
}

// ---------------------------------------------------------------- notation

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/// Boards up to this many columns and rows are drawn as squares with X and O marks.
const SQUARES_UP_TO = 7;

function cellName(row, col, height) {
  return LETTERS[col] + String(height - row);
}

function sideOf(plies) {
  return plies % 2 === 0 ? 'X' : 'O';
}

function seatOf(side) {
  return side === 'X' ? state.game.players.x : state.game.players.o;
}

function isHuman(side) {
  return seatOf(side) === 'human';
}

function who(side) {
  const seat = seatOf(side);
  return seat === 'human' ? `${side} (you)` : `${side} (${seat})`;
}

function thousands(n) {
  return n === null || n === undefined ? '–' : Number(n).toLocaleString('en-US');
}

function ms(t) {
  if (t === null || t === undefined) return '–';
  return t >= 100 ? `${(t / 1000).toFixed(2)} s` : `${t.toFixed(3)} ms`;
}

// ---------------------------------------------------------------- set-up form

function fillPlayerSelect(select, withHuman, selected) {
  select.innerHTML = '';
  if (withHuman) select.add(new Option('human', 'human'));
  for (const p of state.players) {
    const option = new Option(p.name, p.name);
    option.title = `${p.summary} (${p.origin})`;
    select.add(option);
  }
  select.value = selected;
}

function applyPreset() {
  const value = $('#preset').value;
  if (value === 'custom') return;
  const [w, h, k] = value.split(',');
  $('#width').value = w;
  $('#height').value = h;
  $('#k').value = k;
  const cells = Number(w) * Number(h);
  const o = $('#player-o');
  if (o.value !== 'human') o.value = strongestFor(cells);
  $('#analyse-player').value = strongestFor(cells);
}

/// The strongest player for a board of `cells` cells, as the catalog declares it (the same
/// rule the server's default opponent follows).
function strongestFor(cells) {
  const fits = state.players.filter((p) => p.abilities.strongest_up_to !== null && cells <= p.abilities.strongest_up_to);
  fits.sort((p, q) => p.abilities.strongest_up_to - q.abilities.strongest_up_to);
  return fits.length ? fits[0].name : state.players[0].name;
}

function setupBody() {
  const num = (id) => Number($(id).value);
  return {
    size: { width: num('#width'), height: num('#height') },
    k: num('#k'),
    rule: $('#rule').value,
    players: { x: $('#player-x').value, o: $('#player-o').value },
  };
}

// ---------------------------------------------------------------- the board

let boardShape = '';

function buildBoard() {
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
      cell.addEventListener('click', () => clickCell(name));
      board.append(cell);
    }
  }
  board.append(document.createElement('div'));
  for (let c = 0; c < width; c++) {
    const label = document.createElement('div');
    label.className = 'label col';
    label.textContent = LETTERS[c];
    board.append(label);
  }
  sizeBoard();
}

function sizeBoard() {
  if (!state.game) return;
  const { width, height } = state.game.size;
  const narrow = window.innerWidth <= 820;
  const across = Math.min(window.innerWidth - (narrow ? 28 : 460), 680);
  const down = narrow ? across : Math.max(window.innerHeight - 230, 260);
  const cell = Math.floor(Math.min(across / (width + 0.6), down / (height + 0.6)));
  document.documentElement.style.setProperty('--cell', `${Math.max(14, Math.min(cell, 90))}px`);
}

/// A proven result in words: "win in 5", "loss in 2", "draw".
const SOLVED = /^(?:(win|loss) in (\d+)|draw)$/;

/// Maps a think answer's candidates to colours: worst red, best green. Proven wins are green
/// and proven losses red whatever the scores around them (a player may give both: the engine
/// proves some moves and scores the others); scores spread between. The server lists the
/// candidates best first, the move chosen first among equals: that cell is marked best.
function heatColours(answer) {
  const list = answer.candidates || [];
  const colours = new Map();
  if (list.length === 0) return colours;
  const scores = list.filter((c) => !SOLVED.test(c.value_text)).map((c) => c.value);
  let lo = scores.length ? Math.min(...scores) : 0;
  let hi = scores.length ? Math.max(...scores) : 0;
  if (answer.value_scale === 'probability') { lo = Math.min(lo, 0); hi = Math.max(hi, 1); }
  for (const c of list) {
    // A win or loss is proven unless the search only bounded it on the other side.
    const solved = SOLVED.exec(c.value_text);
    const proven = solved && (c.bound === 'exact' || (c.bound === 'upper') === (solved[1] === 'loss')) ? solved : null;
    let t;
    if (proven) t = proven[1] === 'win' ? 1 : proven[1] === 'loss' ? 0 : 0.5;
    else t = hi > lo ? (c.value - lo) / (hi - lo) : 0.5;
    colours.set(c.move, {
      colour: `hsl(${Math.round(t * 120)}, 70%, ${62 - 8 * t}%)`,
      text: shortValue(c, answer.value_scale),
      best: c === list[0],
      bound: c.bound,
    });
  }
  return colours;
}

function shortValue(candidate, scale) {
  const proven = SOLVED.exec(candidate.value_text);
  if (proven) return proven[1] ? `${proven[1] === 'win' ? 'W' : 'L'}${proven[2]}` : '=';
  const bound = candidate.bound === 'upper' ? '≤' : candidate.bound === 'lower' ? '≥' : '';
  if (scale === 'probability') return bound + candidate.value.toFixed(2);
  return bound + String(candidate.value);
}

/// A candidate's value in words, with what it is: "at most -40 (searched 5 plies)".
function valueWords(c) {
  const bound = c.bound === 'upper' ? 'at most ' : c.bound === 'lower' ? 'at least ' : '';
  const depth = c.depth !== null && c.depth !== undefined ? ` (searched ${c.depth} plies)` : '';
  return `${bound}${c.value_text}${depth}`;
}

function renderBoard() {
  buildBoard();
  const g = state.game;
  const stones = new Map();
  g.moves.forEach((m, i) => stones.set(m, sideOf(i)));
  const winning = new Set(g.win_line);
  const see = $('#see-search').checked;
  const heat = see && state.analysis ? heatColours(state.analysis.answer) : new Map();
  const ghosts = new Map();
  if (see && state.ghosts) {
    state.ghosts.moves.forEach((m, i) => {
      if (!stones.has(m) && !ghosts.has(m)) ghosts.set(m, { n: i + 1, side: sideOf(state.ghosts.from + i) });
    });
  }
  const humanTurn = g.status === 'playing' && !g.machine_to_move && !state.busy;
  for (const cell of document.querySelectorAll('#board .cell')) {
    const name = cell.dataset.move;
    cell.innerHTML = '';
    cell.classList.toggle('win', winning.has(name));
    cell.classList.toggle('hint', state.hint === name);
    const side = stones.get(name);
    cell.disabled = !!side || !humanTurn;
    let label = name;
    const h = heat.get(name);
    if (h) {
      const div = document.createElement('div');
      div.className = h.best ? 'heat best' : 'heat';
      div.style.background = h.colour;
      div.textContent = h.text;
      cell.append(div);
      label += `, value ${h.text}${h.best ? ', best' : ''}`;
    }
    if (side) {
      const stone = document.createElement('div');
      stone.className = `stone ${side.toLowerCase()}`;
      if (name === g.last_move) stone.classList.add('last');
      cell.append(stone);
      label += `, ${side}`;
    } else if (ghosts.has(name)) {
      const ghost = ghosts.get(name);
      const stone = document.createElement('div');
      stone.className = `stone ghost ${ghost.side.toLowerCase()}`;
      stone.textContent = String(ghost.n);
      cell.append(stone);
    }
    if (state.hint === name) {
      const marker = document.createElement('div');
      marker.className = 'marker';
      cell.append(marker);
    }
    cell.setAttribute('aria-label', label);
  }
}

// ---------------------------------------------------------------- status and stats

function renderStatus() {
  const g = state.game;
  const status = $('#status');
  status.classList.toggle('over', g.status !== 'playing');
  if (g.status === 'won') {
    const human = isHuman(g.winner);
    const other = isHuman(g.winner === 'X' ? 'O' : 'X');
    status.textContent = human && !other ? `${g.winner} wins: you won!` : `${g.winner} wins`;
  } else if (g.status === 'draw') {
    status.textContent = 'Draw';
  } else if (g.machine_to_move) {
    status.textContent = `${who(g.to_move)} is thinking…`;
  } else {
    status.textContent = `${who(g.to_move)} to move`;
  }
  status.dataset.status = g.status;
  $('#undo').disabled = state.busy || undoCount() === 0;
  $('#hint').disabled = state.busy || g.status !== 'playing';
  $('#record').placeholder = g.record || 'no moves yet';
}

function renderStats() {
  const s = state.stats;
  $('#stat-move').textContent = s ? `${s.side} ${s.move}` : '–';
  $('#stat-time').textContent = s ? ms(s.time_ms) : '–';
  $('#stat-nodes').textContent = s ? thousands(s.nodes) : '–';
  $('#stat-depth').textContent = s && s.depth !== null ? String(s.depth) : '–';
  $('#stat-value').textContent = s && s.value_text ? s.value_text : '–';
  $('#machine').title = s ? `${s.player} for ${s.side}` : '';
}

function renderAnalysis() {
  const a = state.analysis;
  const summary = $('#analysis-summary');
  const list = $('#candidates');
  list.innerHTML = '';
  if (!a) {
    summary.textContent = 'Analyse a position, or let a machine move, to see its values.';
    return;
  }
  const r = a.answer;
  const what = a.kind === 'machine' ? `${r.player} played ${r.move} for ${r.side}` : `${r.player} would play ${r.move} for ${r.side}`;
  const value = r.value_text ? `, value ${r.value_text}` : '';
  const line = r.pv.length > 1 ? `; expects ${r.pv.join(' ')}` : '';
  const note = r.candidates.length === 0 && r.note ? ` (${r.note})` : '';
  summary.textContent = `${what}${value}, ${thousands(r.nodes)} nodes${line}.${note}`;
  // Best first, as the server orders them (wins, then scores, then losses; the move chosen
  // first among equals).
  for (const c of r.candidates.slice(0, 30)) {
    const li = document.createElement('li');
    li.textContent = `${c.move}: ${valueWords(c)}`;
    list.append(li);
  }
}

function render() {
  if (!state.game) return;
  renderBoard();
  renderStatus();
  renderStats();
  renderAnalysis();
  const cells = state.game.size.width * state.game.size.height;
  $('#tree-box').hidden = cells > 64;
}

// ---------------------------------------------------------------- playing

function guard(generation) {
  return generation === state.generation;
}

async function run(task) {
  const generation = state.generation;
  state.busy = true;
  render();
  say('');
  try {
    await task(generation);
  } catch (error) {
    if (guard(generation)) say(error.message);
  } finally {
    if (guard(generation)) {
      state.busy = false;
      render();
    }
  }
}

async function newGame(body) {
  state.generation += 1;
  state.busy = false;
  const generation = state.generation;
  say('');
  try {
    const game = await api('POST', '/api/games', body);
    if (!guard(generation)) return;
    state.game = game;
    state.stats = null;
    state.analysis = null;
    state.hint = null;
    state.ghosts = null;
    clearTree();
    render();
    machineTurn();
  } catch (error) {
    say(error.message);
  }
}

function machineTurn() {
  const g = state.game;
  if (!g || g.status !== 'playing' || !g.machine_to_move || state.busy) return;
  run(async (generation) => {
    const answer = await api('POST', `/api/games/${g.id}/think`, {
      play: true,
      analysis: $('#see-search').checked,
      version: g.version,
    });
    if (!guard(generation)) return;
    state.game = answer.game;
    state.stats = answer;
    state.hint = null;
    state.analysis = { answer, kind: 'machine' };
    state.ghosts = { moves: answer.pv.slice(1), from: answer.game.moves.length };
  }).then(() => {
    if (state.game && state.game.machine_to_move && state.game.status === 'playing') {
      // Two machines: let the page breathe between moves.
      const generation = state.generation;
      setTimeout(() => { if (guard(generation)) machineTurn(); }, 300);
    }
  });
}

function clickCell(move) {
  const g = state.game;
  if (!g || state.busy || g.status !== 'playing' || g.machine_to_move) return;
  run(async (generation) => {
    const game = await api('POST', `/api/games/${g.id}/moves`, { move, version: g.version });
    if (!guard(generation)) return;
    state.game = game;
    state.hint = null;
    state.analysis = null;
    state.ghosts = null;
  }).then(machineTurn);
}

/// How many moves Undo takes back: back to the last position where a person is to move.
function undoCount() {
  const g = state.game;
  if (!g) return 0;
  const n = g.moves.length;
  if (!isHuman('X') && !isHuman('O')) return n > 0 ? 1 : 0;
  for (let c = 1; c <= n; c++) {
    if (isHuman(sideOf(n - c))) return c;
  }
  return 0;
}

function undo() {
  const g = state.game;
  const count = undoCount();
  if (!g || state.busy || count === 0) return;
  run(async (generation) => {
    const game = await api('POST', `/api/games/${g.id}/undo`, { count, version: g.version });
    if (!guard(generation)) return;
    state.game = game;
    state.hint = null;
    state.analysis = null;
    state.ghosts = null;
    clearTree();
  });
}

async function think(player, kind) {
  const g = state.game;
  if (!g || state.busy || g.status !== 'playing') return;
  await run(async (generation) => {
    const body = { analysis: true, version: g.version };
    if (player) body.player = player;
    const answer = await api('POST', `/api/games/${g.id}/think`, body);
    if (!guard(generation)) return;
    state.analysis = { answer, kind };
    state.ghosts = { moves: answer.pv, from: g.moves.length };
    if (kind === 'hint') {
      state.hint = answer.move;
      say(`Hint: ${answer.move} (${answer.player}${answer.value_text ? `, ${answer.value_text}` : ''})`);
    }
  });
}

function hint() {
  // A person to move: the strongest player for the board (the server's default).
  const g = state.game;
  const seat = seatOf(g.to_move);
  think(seat === 'human' ? undefined : seat, 'hint');
}

// ---------------------------------------------------------------- the search tree

function clearTree() {
  state.tree = null;
  $('#tree').innerHTML = '';
  $('#tree-summary').textContent = '';
}

function valueText(node) {
  if (node.kind === 'pruned') return 'not searched';
  if (node.value === null) return '';
  const prefix = node.bound === 'upper' ? '≤ ' : node.bound === 'lower' ? '≥ ' : '';
  return prefix + node.value_text;
}

function nodeItem(node) {
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
  val.textContent = valueText(node);
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
    for (const child of node.children) children.append(nodeItem(child));
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
      say(error.message);
    } finally {
      open.disabled = false;
    }
  });
  const showLine = () => {
    if (!state.game) return;
    state.ghosts = { moves: node.path, from: state.game.moves.length };
    renderBoard();
  };
  row.addEventListener('mouseenter', showLine);
  row.addEventListener('focusin', showLine);
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

function showTree() {
  const g = state.game;
  if (!g || g.status !== 'playing') {
    say('The game is over: there is no search to show.');
    return;
  }
  run(async (generation) => {
    const answer = await treeRequest([]);
    if (!guard(generation)) return;
    state.tree = answer;
    const bounded = answer.truncated ? ' (cut at the node cap)' : '';
    $('#tree-summary').textContent =
      `${answer.player} searched ${thousands(answer.visited)} positions and plays ${answer.move}` +
      `${answer.value_text ? ` (${answer.value_text})` : ''}${bounded}.`;
    const ul = $('#tree');
    ul.innerHTML = '';
    ul.append(nodeItem(answer.tree));
  });
}

// ---------------------------------------------------------------- the comparison

function compare() {
  const g = state.game;
  if (!g || g.status !== 'playing') {
    say('The game is over: there is nothing to compare.');
    return;
  }
  run(async (generation) => {
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
  });
}

// ---------------------------------------------------------------- records

async function exportRecord() {
  const g = state.game;
  if (!g) return;
  try {
    const record = await api('GET', `/api/games/${g.id}/record`);
    $('#record').value = record.moves;
  } catch (error) {
    say(error.message);
  }
}

function importRecord() {
  const body = setupBody();
  body.moves = $('#record').value;
  newGame(body);
}

// ---------------------------------------------------------------- start

// A bug in this page shows up where people can see it, and stays listed for the browser tests.
window.pageErrors = [];
function pageError(text) {
  window.pageErrors.push(text);
  say(`Page error: ${text}`);
}
window.addEventListener('error', (event) => pageError(event.message));
window.addEventListener('unhandledrejection', (event) => pageError(String(event.reason)));

async function start() {
  try {
    const list = await api('GET', '/api/players');
    state.players = list.players;
  } catch (error) {
    say(`Cannot reach the server: ${error.message}`);
    return;
  }
  fillPlayerSelect($('#player-x'), true, 'human');
  fillPlayerSelect($('#player-o'), true, strongestFor(9));
  fillPlayerSelect($('#analyse-player'), false, strongestFor(9));
  const tree = $('#tree-player');
  tree.innerHTML = '';
  for (const p of state.players.filter((q) => q.abilities.reports_tree)) tree.add(new Option(p.name, p.name));
  tree.value = 'alphabeta';

  $('#preset').addEventListener('change', applyPreset);
  for (const id of ['#width', '#height', '#k']) {
    $(id).addEventListener('input', () => { $('#preset').value = 'custom'; });
  }
  $('#setup').addEventListener('submit', (event) => {
    event.preventDefault();
    newGame(setupBody());
  });
  $('#restart').addEventListener('click', () => newGame(setupBody()));
  $('#undo').addEventListener('click', undo);
  $('#hint').addEventListener('click', hint);
  $('#see-search').addEventListener('change', () => {
    $('#search-panel').hidden = !$('#see-search').checked;
    render();
  });
  $('#analyse').addEventListener('click', () => think($('#analyse-player').value, 'analysis'));
  $('#show-tree').addEventListener('click', showTree);
  $('#compare').addEventListener('click', compare);
  $('#export').addEventListener('click', exportRecord);
  $('#import').addEventListener('click', importRecord);
  window.addEventListener('resize', () => { sizeBoard(); });
  newGame(setupBody());
}

start();
