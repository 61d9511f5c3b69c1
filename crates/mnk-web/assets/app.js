// mnk's page: play any m,n,k-game against the players of the catalog, and see their search.
// Plain JavaScript modules (js/), no build step, nothing fetched but this server's own API.
// This module holds the game: set-up, moves, machine moves, undo, hints, the clocks of a timed
// game, and what to do after any error (no request leaves the page waiting or "thinking").

import { $, state, say, sideOf, other, isHuman, seatOf, who, remember, positionKey } from './js/state.js';
import { api, stream, setPatience, remedy } from './js/api.js';
import { Settings, strongestFor, treeDefault, fit } from './js/players.js';
import { renderBoard, sizeBoard } from './js/board.js';
import { renderAnalysis, clearTree, showTree, compare, versus, syncTreeOrder } from './js/search.js';
import { wireSteps } from './js/steps.js';
import { renderLive, endedWords } from './js/live.js';
import { Clocks, clockFace } from './js/clock.js';
import { renderDownloads, exportToBox, importRecord, importFile } from './js/records.js';
import { renderReview, step, showMove } from './js/review.js';
import { renderMoves, lastMoveWords } from './js/moves.js';
import { renderGraph } from './js/graph.js';
import { writeLink, readLink, keptGame, addressHolds } from './js/link.js';
import { fitOpening, formOpening, underWay, actor, openingStatus, seatsText } from './js/opening.js';

const seats = { x: null, o: null };
let analysis = null;

// ---------------------------------------------------------------- set-up form

/// The board the form describes (for the next game).
function formSize() {
  return { width: Number($('#width').value), height: Number($('#height').value), rule: $('#rule').value };
}

/// The board of the game on screen, else the form's.
function gameSize() {
  return state.game ? { ...state.game.size, rule: state.game.rule } : formSize();
}

/// Fits a settings row to `size`: a player the user has not chosen becomes the strongest for
/// the board; a chosen one that cannot play it is replaced, saying why.
function fitSettings(settings, size, label) {
  if (!settings.chosen && settings.player !== 'human') settings.select.value = strongestFor(size);
  limitTo(settings, size, label);
}

/// Greys out the players of a settings row that cannot play `size`; one chosen that cannot is
/// replaced, saying why.
function limitTo(settings, size, label) {
  const replaced = settings.limitTo(size);
  if (replaced) {
    say(`${label}: ${replaced.why} ${replaced.to} instead.`, 'info');
    settings.chosen = false;
  }
}

function fitSeats() {
  const size = formSize();
  fitOpening(size.width, size.height, Number($('#k').value), size.rule);
  if (!(size.width >= 1 && size.height >= 1)) return;
  fitSettings(seats.x, size, 'X');
  fitSettings(seats.o, size, 'O');
}

function fitAnalysis() {
  fitSettings(analysis, gameSize(), 'Analyse with');
  const size = gameSize();
  const tree = $('#tree-player');
  for (const option of tree.options) {
    const { plays, why } = fit(option.value, size, null);
    option.disabled = !plays;
    option.title = why;
  }
  if (!tree.chosen || tree.selectedOptions[0].disabled) {
    tree.value = treeDefault(size);
    tree.chosen = false;
  }
  syncTreeOrder();
}

function applyPreset() {
  const value = $('#preset').value;
  if (value === 'custom') return;
  const [w, h, k] = value.split(',');
  $('#width').value = w;
  $('#height').value = h;
  $('#k').value = k;
  seats.x.chosen = false;
  seats.o.chosen = false;
  fitSeats();
}

function setupBody() {
  const num = (id) => Number($(id).value);
  return {
    size: { width: num('#width'), height: num('#height') },
    k: num('#k'),
    rule: $('#rule').value,
    players: { x: seats.x.spec, o: seats.o.spec },
    time_control: $('#time-control').value.trim() || undefined,
    opening: formOpening(),
  };
}

/// What an import sends besides the record: the set-up above for a record that does not say
/// its board (a bare move line), and the time control.
function importExtra() {
  const body = setupBody();
  return {
    fallback: { size: body.size, k: body.k, rule: body.rule, players: body.players },
    time_control: body.time_control,
  };
}

// ---------------------------------------------------------------- status and stats

/// Whether the game ended off the board: a flag fall, a resignation, a record's result.
function endedOffBoard(g) {
  if (g.status === 'won') return g.win_line.length === 0;
  return g.status === 'draw' && g.moves.length < g.size.width * g.size.height;
}

function renderStatus() {
  const g = state.game;
  const status = $('#status');
  status.classList.toggle('over', g.status !== 'playing');
  status.classList.toggle('stalled', !!state.stalled && g.machine_to_move);
  if (g.status === 'won' && endedOffBoard(g)) {
    const loser = other(g.winner);
    if (/ by T$/.test(g.result)) status.textContent = `${loser}'s flag fell: ${who(g.winner)} wins on time.`;
    else if (/ by R$/.test(g.result)) status.textContent = `${loser} resigned: ${who(g.winner)} wins.`;
    else status.textContent = g.result;
  } else if (g.status === 'won') {
    const human = isHuman(g.winner);
    const rival = isHuman(g.winner === 'X' ? 'O' : 'X');
    status.textContent = human && !rival ? `${g.winner} wins: you won!` : `${g.winner} wins`;
  } else if (g.status === 'draw') {
    status.textContent = 'Draw';
  } else if (underWay(g)) {
    status.textContent = openingStatus(g, state.stalled);
  } else if (g.machine_to_move && state.stalled) {
    status.textContent = `${who(g.to_move)} could not move`;
  } else if (g.machine_to_move) {
    // Its move is asked for, or about to be (resume): until it comes or fails.
    status.textContent = `${who(g.to_move)} is thinking…`;
  } else {
    status.textContent = `${who(g.to_move)} to move`;
  }
  status.dataset.status = g.status;
  status.dataset.opening = g.opening ? g.opening.stage : '';
  $('#seats').hidden = !g.opening;
  $('#seats').textContent = g.opening ? seatsText(g) : '';
  // A person's choices in the opening: a cell is white's stone (or the next stone to place).
  const choosing = underWay(g) && !g.machine_to_move && state.view === null;
  $('#take-black').hidden = !(choosing && g.opening.accepts.includes('black'));
  $('#place-two').hidden = !(choosing && g.opening.accepts.includes('place'));
  $('#take-black').disabled = state.busy;
  $('#place-two').disabled = state.busy;
  $('#retry').hidden = !(state.stalled && g.machine_to_move && g.status === 'playing');
  $('#retry').disabled = state.busy;
  $('#undo').disabled = state.busy || undoCount() === 0 || endedOffBoard(g);
  // While the opening's stones are placed there is no best move to hint: the opener seeks an
  // even position, the chooser's stones prepare its choice.
  const placing = underWay(g) && g.opening.stage === 'place';
  $('#hint').disabled = state.busy || g.status !== 'playing' || placing;
  $('#hint').title = placing ? 'no hint while the opening\'s stones are placed' : '';
  $('#analyse').disabled = state.busy || g.status !== 'playing';
  $('#record').placeholder = g.record || 'no moves yet';
}

/// The clocks of a timed game beside the players' names, the running one marked.
function renderClocks() {
  const g = state.game;
  const c = state.clocks;
  const box = $('#clocks');
  const timed = !!(g && c);
  if (box.hidden === timed) {
    box.hidden = !timed;
    sizeBoard();
  }
  if (!timed) return;
  const now = performance.now();
  box.title = `time control ${c.text}`;
  for (const side of ['X', 'O']) {
    const clock = $(`#clock-${side.toLowerCase()}`);
    const left = c.left(side, now);
    clock.querySelector('.who').textContent = who(side);
    clock.querySelector('.face').textContent = clockFace(left);
    clock.classList.toggle('running', !!c.running && c.running.side === side);
    clock.classList.toggle('low', left < 10_000);
    clock.classList.toggle('flagged', c.fallen === side);
    clock.dataset.leftMs = String(Math.round(left));
  }
}

/// Settings collapse once a game runs, unless the person opened or closed them since.
let setupTouched = false;
let settingUp = false;

function collapseSetup() {
  const box = $('#setup-box');
  const running = state.game.moves.length > 0;
  if (!setupTouched && box.open === running) {
    settingUp = true;
    box.open = !running;
  }
}

function render() {
  if (!state.game) return;
  collapseSetup();
  renderBoard(clickCell);
  renderStatus();
  $('#last-move').textContent = lastMoveWords();
  renderMoves(stepTo);
  renderGraph(stepTo);
  renderLive();
  renderAnalysis();
  renderClocks();
  renderReview();
  renderDownloads();
  const cells = state.game.size.width * state.game.size.height;
  $('#tree-box').hidden = cells > 64;
  sizeBoard();
  writeLink();
  syncFollow();
}

// ---------------------------------------------------------------- requests

function guard(generation) {
  return generation === state.generation;
}

/// Runs `task` as the page's one request under way; its error is shown with what to do:
/// `advice(error)` for errors of the request's own choices, after `onError(error)`. A changed
/// game is read again. Returns the error, or null.
async function run(task, advice = () => '', onError = () => {}) {
  const generation = state.generation;
  state.busy = true;
  render();
  say('');
  let failed = null;
  try {
    await task(generation);
  } catch (error) {
    failed = error;
    if (guard(generation)) {
      onError(error);
      const todo = remedy(error) || advice(error);
      say(`${error.message}${/[.!?]$/.test(error.message) ? '' : '.'} ${todo}`.trim(), 'error');
    }
  } finally {
    if (guard(generation)) {
      state.busy = false;
      render();
    }
  }
  if (failed && failed.status === 409 && guard(generation)) await reload();
  if (guard(generation)) resume();
  return guard(generation) ? failed : null;
}

/// The machine's next move, once nothing else is under way: asked for whenever the page is
/// idle with a machine to move that has not failed (after a person's move, an undo, an
/// analysis, a new game). Between two machines the page pauses to show each move.
let pendingTurn = null;

function resume() {
  const g = state.game;
  if (!g || g.status !== 'playing' || !g.machine_to_move || state.busy || state.stalled || pendingTurn) return;
  if (state.clocks && state.clocks.fallen) return;
  const generation = state.generation;
  const pause = !isHuman('X') && !isHuman('O') && g.moves.length > 0 ? 300 : 0;
  pendingTurn = setTimeout(() => {
    pendingTurn = null;
    if (guard(generation)) machineTurn();
  }, pause);
}

/// Reads the game again (after a 409: another tab or request changed it).
async function reload() {
  const g = state.game;
  try {
    const game = await api('GET', `/api/games/${g.id}`);
    if (state.game && state.game.id === game.id) {
      state.game = game;
      render();
    }
  } catch {
    // The message already says what to do.
  }
}

/// Drops whatever was under way for the game on the board: late answers are ignored, a
/// machine's move in flight is given up (its search on the server stops).
function dropRequests() {
  state.generation += 1;
  state.busy = false;
  state.stalled = null;
  clearTimeout(pendingTurn);
  pendingTurn = null;
  if (state.inflight) state.inflight.abort();
  state.inflight = null;
  unfollow();
}

/// Shows a game the server just created (a new game, an imported record), its clocks set.
function install(game) {
  dropRequests();
  setupTouched = false;
  state.game = game;
  state.last = null;
  state.analysis = null;
  state.analyses = new Map();
  state.hint = null;
  state.ghosts = null;
  state.view = null;
  state.clocks = game.time_control ? new Clocks(game.time_control) : null;
  if (state.clocks && game.status === 'playing' && !underWay(game)) state.clocks.start(game.to_move, performance.now());
  clearTree();
  fitAnalysis();
  render();
  resume();
}

async function newGame(body) {
  dropRequests();
  const generation = state.generation;
  say('');
  try {
    const game = await api('POST', '/api/games', body);
    if (!guard(generation)) return;
    install(game);
  } catch (error) {
    if (guard(generation)) {
      say(`No new game: ${error.message}. ${remedy(error) || 'Change the board or the players and press New game again.'}`, 'error');
    }
  }
}

/// The clocks after a move made at `at` that made the game `game`: the mover's clock stops
/// (its increment added), the other side's starts. Returns the side whose flag fell during the
/// move (the game still on), or null. The opening is outside the clocks: they start when it
/// is over.
function clocksAfterMove(at, game) {
  const c = state.clocks;
  if (!c) return null;
  const fell = c.stop(at);
  if (fell) return game.status === 'playing' ? fell : null;
  if (game.status === 'playing' && !underWay(game)) c.start(game.to_move, at);
  return null;
}

/// A flag fell: the game ends on time. A machine's move in flight is given up, the server
/// records the result (the record says it), and the status says so.
async function flagFell(side) {
  const g = state.game;
  const c = state.clocks;
  if (!g || !c || c.fallen || g.status !== 'playing') return;
  dropRequests();
  c.fall(side);
  state.busy = true;
  render();
  const generation = state.generation;
  try {
    const game = await api('POST', `/api/games/${g.id}/end`, { winner: other(side), by: 'time' });
    if (guard(generation)) state.game = game;
  } catch (error) {
    if (guard(generation)) {
      say(`${side}'s flag fell, but the server did not record the result: ${error.message}. ${remedy(error)}`.trim(), 'error');
      await reload();
    }
  } finally {
    if (guard(generation)) {
      state.busy = false;
      render();
    }
  }
}

/// Every tenth of a second: the clocks count down, and a clock at zero ends the game.
function tick() {
  const c = state.clocks;
  if (!c || !c.running) return;
  const side = c.flag(performance.now());
  if (side) flagFell(side);
  else renderClocks();
}

async function machineTurn() {
  const g = state.game;
  if (!g || g.status !== 'playing' || !g.machine_to_move || state.busy || state.stalled) return;
  const opening = underWay(g);
  const side = opening ? actor(g) : g.to_move;
  const mover = who(side);
  const generation = state.generation;
  let fell = null;
  await run(async () => {
    if (opening) {
      // Its part in the opening: its three stones, or its choice of colour.
      const stop = new AbortController();
      state.inflight = stop;
      const game = await api('POST', `/api/games/${g.id}/opening`, { choice: 'machine', version: g.version }, stop.signal);
      if (!guard(generation)) return;
      state.inflight = null;
      fell = clocksAfterMove(performance.now(), game);
      state.game = game;
      return;
    }
    const request = { play: true, analysis: $('#see-search').checked, version: g.version };
    // The machine plays within its own clock: the server plans the move from what it has left.
    if (state.clocks) request.clock = state.clocks.request(side, performance.now());
    const stop = new AbortController();
    state.inflight = stop;
    const answer = await liveThink(request, 'machine', stop.signal);
    const at = performance.now();
    if (!guard(generation)) return;
    state.inflight = null;
    fell = clocksAfterMove(at, answer.game);
    state.game = answer.game;
    state.last = { answer, kind: 'machine' };
    state.hint = null;
    remember(answer, 'machine', answer.game.moves);
    // The line it expects from here on, on the position after its move.
    state.ghosts = { moves: answer.pv.slice(1), key: positionKey(answer.game.moves, answer.at + 1) };
  }, () => `${mover} could not move. Press Retry, or Undo, or choose another player for ${side} ` +
    '(or give it a depth or a time) and start a New game.', (error) => {
    // Whatever failed (the player, the server, the connection), the game waits for the
    // person: Retry, Undo or a new game.
    state.stalled = { side, message: error.message };
  });
  if (fell && guard(generation)) flagFell(fell);
}

function retry() {
  state.stalled = null;
  say('');
  resume();
}

function clickCell(move) {
  personActs('moves', { move });
}

/// A person's choice in the opening: `black`, or (swap2) `place` two more stones.
function chooseOpening(choice) {
  const g = state.game;
  if (!underWay(g)) return;
  personActs('opening', { choice, seat: g.opening.to_act });
}

/// Sends what the person to move (or to act in the opening) did: `body` to the game's route
/// `route` (`moves`, `opening`).
async function personActs(route, body) {
  const g = state.game;
  if (!g || state.busy || g.status !== 'playing' || g.machine_to_move || state.view !== null) return;
  // The move is made when it is clicked: the clock stops then, not when the server answers.
  const at = performance.now();
  let fell = null;
  const generation = state.generation;
  await run(async () => {
    const game = await api('POST', `/api/games/${g.id}/${route}`, { ...body, version: g.version });
    if (!guard(generation)) return;
    fell = clocksAfterMove(at, game);
    state.game = game;
    state.hint = null;
    state.ghosts = null;
  });
  if (fell && guard(generation)) flagFell(fell);
}

/// How many moves Undo takes back: back to the last position where a person is to move; never
/// the opening's stones (during the opening, a stone of the stage under way, one at a time).
function undoCount() {
  const g = state.game;
  if (!g) return 0;
  const n = g.moves.length;
  const free = n - (g.opening ? g.opening.kept : 0);
  if (underWay(g)) return free > 0 && !g.machine_to_move ? 1 : 0;
  if (!isHuman('X') && !isHuman('O')) return free > 0 ? 1 : 0;
  for (let c = 1; c <= free; c++) {
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
    // Taken back: the time so far is charged (no increment), the side to move's clock runs.
    const c = state.clocks;
    if (c) {
      const now = performance.now();
      c.pause(now);
      if (game.status === 'playing' && !underWay(game)) c.start(game.to_move, now);
    }
    state.game = game;
    state.stalled = null;
    state.hint = null;
    state.ghosts = null;
    clearTree();
  });
}

/// The best lines asked for (the Lines setting), for an analysis or a hint: `{lines: 3}`, or
/// nothing for one.
function linesAsked() {
  const lines = Number($('#lines-count').value);
  return lines > 1 ? { lines } : {};
}

/// Asks `player` (with its settings) for its move and values here: an analysis, or a hint.
async function think(request, kind) {
  const g = state.game;
  if (!g || state.busy || g.status !== 'playing') return;
  const name = request.player || 'the strongest player';
  await run(async (generation) => {
    const answer = await liveThink({ ...request, ...linesAsked(), analysis: true, version: g.version }, kind);
    if (!guard(generation)) return;
    state.last = { answer, kind };
    remember(answer, kind, g.moves);
    state.ghosts = null;
    if (kind === 'hint') {
      state.hint = answer.move;
      const value = answer.value_text ? `, ${answer.value_text}` : '';
      say(`Hint for ${answer.side}: ${answer.move} (by ${answer.player}${value})`, 'info');
    }
  }, () => `${name} could not ${kind === 'hint' ? 'give a hint' : 'analyse this position'}: ` +
    'choose another player to analyse with, or give it a depth or a time.');
}

function analyse() {
  const request = { player: analysis.player };
  if (analysis.depth) request.depth = analysis.depth;
  if (analysis.timeMs) request.time_ms = analysis.timeMs;
  think(request, 'analysis');
}

function hint() {
  // A person to move: the strongest player for the board (the server's default).
  const seat = seatOf(state.game.to_move);
  think(seat === 'human' ? {} : { player: seat }, 'hint');
}

// ---------------------------------------------------------------- live search

/// Runs one search on the server with its progress shown as it comes (`kind`: 'machine',
/// 'hint', 'analysis' or 'follow'); gives its answer. `signal` gives it up (the server stops
/// it); Stop (POST .../stop) makes it answer at once with its best so far.
async function liveThink(request, kind, signal) {
  const g = state.game;
  const live = { kind, start: null, progress: null, stopping: false };
  state.live = live;
  renderLive();
  try {
    return await stream(`/api/games/${g.id}/think`, request, (name, data) => {
      if (state.live !== live) return;
      if (name === 'start') live.start = data;
      else if (name === 'progress') live.progress = data;
      renderLive();
      renderGraph(stepTo);
    }, signal);
  } finally {
    if (state.live === live) state.live = null;
    renderLive();
  }
}

/// Stop / Move now: the search running answers at once with its best so far (the machine
/// plays it); an analysis until stopped is not started again.
async function stopSearch() {
  const g = state.game;
  const live = state.live;
  if (!g || !live) return;
  live.stopping = true;
  if (live.kind === 'follow' && following) following.stopping = true;
  renderLive();
  try {
    await api('POST', `/api/games/${g.id}/stop`);
  } catch (error) {
    say(`The search could not be stopped: ${error.message}. ${remedy(error)}`.trim(), 'error');
  }
}

/// The analysis until stopped under way: its position's key and what gives it up.
let following = null;

/// The position an analysis until stopped follows: the one on the board (an earlier one while
/// reviewing), while nothing else searches and no machine is about to move there.
function followKey() {
  const g = state.game;
  if (!g || !$('#follow').checked || state.busy || state.stalled) return null;
  const reviewing = state.view !== null;
  if (!reviewing && (g.status !== 'playing' || g.machine_to_move)) return null;
  if (state.clocks && state.clocks.fallen) return null;
  return `${g.id}:${g.version}:${reviewing ? state.view : 'now'}:${$('#lines-count').value}`;
}

function unfollow() {
  if (following) following.stop.abort();
  following = null;
}

/// Starts, moves or ends the analysis until stopped, as the position and the toggle say. One
/// that ended by itself (its position proved, or the server's time for it spent) stays shown
/// until the position changes.
function syncFollow() {
  // Stopped: its answer is on its way.
  if (following && following.stopping && !following.done) return;
  const key = followKey();
  if (following && following.key === key) return;
  unfollow();
  if (key === null) return;
  const g = state.game;
  const stop = new AbortController();
  const mine = { key, stop, stopping: false, done: false };
  following = mine;
  const request = { player: analysis.player, infinite: true, analysis: true, version: g.version, ...linesAsked() };
  if (analysis.depth) request.depth = analysis.depth;
  if (state.view !== null) request.at = state.view;
  liveThink(request, 'follow', stop.signal).then((answer) => {
    if (following !== mine) return;
    mine.done = true;
    if (mine.stopping) {
      following = null;
      $('#follow').checked = false;
    }
    state.last = { answer, kind: 'analysis' };
    remember(answer, 'analysis', g.moves);
    state.ghosts = null;
    say(`The analysis ${mine.stopping ? 'stopped' : 'ended'}. ${endedWords(answer)}`, 'info');
    render();
  }, (error) => {
    if (following !== mine || stop.signal.aborted) return;
    following = null;
    $('#follow').checked = false;
    say(`${analysis.player} could not analyse until stopped: ${error.message}. ${remedy(error) || 'Choose another player to analyse with.'}`.trim(), 'error');
    render();
  });
}

function showLine(path) {
  if (!state.game) return;
  state.ghosts = { moves: path, key: positionKey(state.game.moves, state.game.moves.length) };
  renderBoard(clickCell);
}

function treeAdvice() {
  return 'Choose another player for the tree, or a smaller board.';
}

// ---------------------------------------------------------------- records and review

/// Shows an imported game, and its board and seats in the set-up form (New game then starts
/// the same kind of game).
function installImported(game) {
  install(game);
  $('#width').value = game.size.width;
  $('#height').value = game.size.height;
  $('#k').value = game.k;
  $('#rule').value = game.rule;
  $('#time-control').value = game.time_control ? game.time_control.text : '';
  const preset = `${game.size.width},${game.size.height},${game.k}`;
  $('#preset').value = [...$('#preset').options].some((o) => o.value === preset) ? preset : 'custom';
  for (const [settings, seat, label] of [[seats.x, game.players.x, 'X'], [seats.o, game.players.o, 'O']]) {
    // `engine:depth=3,time-ms=500`: the player, then its settings.
    const [name, options = ''] = seat.split(':');
    const setting = (key) => {
      const pair = options.split(',').find((s) => s.startsWith(`${key}=`));
      return pair ? pair.slice(key.length + 1) : '';
    };
    settings.select.value = name;
    settings.depthBox.value = setting('depth');
    const time = setting('time-ms');
    settings.timeBox.value = time ? String(Number(time) / 1000) : '';
    settings.chosen = true;
    settings.sync();
    limitTo(settings, formSize(), label);
  }
}

function importFromBox() {
  importRecord($('#record').value, 'the pasted record', importExtra(), installImported);
}

function review(where) {
  if (!state.game) return;
  step(where);
  render();
}

/// Shows the position after `count` moves (a click in the move list).
function stepTo(count) {
  if (!state.game) return;
  showMove(count);
  render();
}

/// Starts the game the page's address holds (a reload, a shared link), showing the move it
/// names; a new game from the form when it cannot be made, saying why.
async function gameFromLink(link) {
  const kept = await keptGameOf();
  let game = kept;
  try {
    game = game || (await api('POST', '/api/games', link.body));
  } catch (error) {
    await newGame(setupBody());
    say(`The game in the page's address could not be made: ${error.message}. A new game instead.`, 'error');
    return;
  }
  installImported(game);
  // A reload of this tab: the same game goes on, its clocks as they stood.
  const clocks = kept && game.time_control && Clocks.kept(game.time_control, game.id, game.version, performance.now());
  if (clocks) state.clocks = clocks;
  if (link.at !== null && link.at < game.moves.length) showMove(link.at);
  render();
}

/// The game this tab showed before a reload, as the server has it now, when it still has it and
/// the address still says it (its opening and clocks go on); else null.
async function keptGameOf() {
  const id = keptGame();
  if (!id) return null;
  try {
    const game = await api('GET', `/api/games/${encodeURIComponent(id)}`);
    return addressHolds(game) ? game : null;
  } catch (_) {
    // Gone from the server (evicted, or the server restarted): made again from the address.
    return null;
  }
}

/// The arrow keys, Home and End step through the game, unless a box has the keyboard.
function reviewKeys(event) {
  const target = event.target;
  if (target && target.closest && target.closest('input, textarea, select, [contenteditable]')) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const where = { ArrowLeft: 'back', ArrowRight: 'forward', Home: 'first', End: 'last' }[event.key];
  if (!where || !state.game) return;
  event.preventDefault();
  review(where);
}

// ---------------------------------------------------------------- start

async function start() {
  try {
    const [index, list] = await Promise.all([api('GET', '/api'), api('GET', '/api/players')]);
    state.limits = index.limits;
    state.players = list.players;
    setPatience(state.limits);
    // A time box takes at most what this server gives one search; more is refused, saying so.
    const most = state.limits.think_ms / 1000;
    for (const id of ['#x-time', '#o-time', '#analyse-time']) {
      $(id).max = String(most);
      $(id).dataset.most = `at most ${most} s on this server`;
    }
  } catch (error) {
    $('#status').textContent = 'Cannot start';
    say(`Cannot reach the server: ${error.message}. Check that mnk serve is running, then reload the page.`, 'error');
    return;
  }
  // Leaving (a reload among others): the clocks kept for this tab to take up again.
  window.addEventListener('pagehide', () => {
    if (state.clocks && state.game) state.clocks.keep(state.game.id, state.game.version, performance.now());
  });
  seats.x = new Settings('#player-x', '#x-depth', '#x-time', true);
  seats.o = new Settings('#player-o', '#o-depth', '#o-time', true);
  analysis = new Settings('#analyse-player', '#analyse-depth', '#analyse-time', false);
  seats.x.fill('human');
  seats.o.fill(strongestFor(formSize()));
  analysis.fill(strongestFor(formSize()));
  const tree = $('#tree-player');
  tree.innerHTML = '';
  for (const p of state.players.filter((q) => q.abilities.reports_tree)) tree.add(new Option(p.name, p.name));
  tree.addEventListener('change', () => {
    tree.chosen = true;
    syncTreeOrder();
  });
  wireSteps();
  fitSeats();
  fitAnalysis();

  for (const settings of [seats.x, seats.o, analysis]) {
    settings.select.addEventListener('change', () => {
      settings.chosen = true;
      settings.sync();
      settings.select.title = settings.select.selectedOptions[0].title;
    });
  }
  // A seat's depth decides which boards its players can play.
  for (const [settings, label] of [[seats.x, 'X'], [seats.o, 'O']]) {
    settings.depthBox.addEventListener('input', () => limitTo(settings, formSize(), label));
  }
  analysis.depthBox.addEventListener('input', () => limitTo(analysis, gameSize(), 'Analyse with'));

  $('#preset').addEventListener('change', applyPreset);
  // Renju is played with five, on 15x15 unless said otherwise; its players know forbidden moves.
  $('#rule').addEventListener('change', () => {
    if ($('#rule').value === 'renju' && Number($('#k').value) !== 5) {
      $('#preset').value = '15,15,5';
      applyPreset();
    } else {
      fitSeats();
    }
  });
  $('#take-black').addEventListener('click', () => chooseOpening('black'));
  $('#place-two').addEventListener('click', () => chooseOpening('place'));
  for (const id of ['#width', '#height', '#k']) {
    $(id).addEventListener('input', () => {
      $('#preset').value = 'custom';
      fitSeats();
    });
  }
  $('#setup').addEventListener('submit', (event) => {
    event.preventDefault();
    newGame(setupBody());
  });
  $('#restart').addEventListener('click', () => newGame(setupBody()));
  $('#undo').addEventListener('click', undo);
  $('#hint').addEventListener('click', hint);
  $('#retry').addEventListener('click', retry);
  $('#see-search').addEventListener('change', () => {
    $('#search-panel').hidden = !$('#see-search').checked;
    render();
  });
  $('#analyse').addEventListener('click', analyse);
  $('#stop').addEventListener('click', stopSearch);
  $('#follow').addEventListener('change', () => render());
  // Another number of lines starts an analysis until stopped again.
  $('#lines-count').addEventListener('change', () => render());
  $('#show-tree').addEventListener('click', () => {
    const g = state.game;
    if (!g || g.status !== 'playing') {
      say('The game is over: there is no search to show. Undo a move, or start a New game.', 'info');
      return;
    }
    run((generation) => showTree(generation, guard, showLine), treeAdvice);
  });
  $('#versus').addEventListener('click', () => {
    const g = state.game;
    if (!g || g.status !== 'playing') {
      say('The game is over: there is nothing to search. Undo a move, or start a New game.', 'info');
      return;
    }
    run((generation) => versus(generation, guard), () => 'Give a smaller depth, or try another position.');
  });
  $('#compare').addEventListener('click', () => {
    const g = state.game;
    if (!g || g.status !== 'playing') {
      say('The game is over: there is nothing to compare. Undo a move, or start a New game.', 'info');
      return;
    }
    run((generation) => compare(generation, guard), () => 'Compare again, or on another position.');
  });
  $('#export').addEventListener('click', exportToBox);
  $('#import').addEventListener('click', importFromBox);
  $('#record-file').addEventListener('change', () => importFile(importExtra(), installImported));
  for (const where of ['first', 'back', 'forward', 'last']) {
    $(`#${where}`).addEventListener('click', () => review(where));
  }
  document.addEventListener('keydown', reviewKeys);
  for (const id of ['#numbers', '#show-values', '#show-line']) $(id).addEventListener('change', render);
  $('#setup-box').addEventListener('toggle', () => {
    if (!settingUp) setupTouched = true;
    settingUp = false;
    sizeBoard();
  });
  setInterval(tick, 100);
  window.addEventListener('resize', () => { sizeBoard(); });
  const link = readLink();
  if (link) gameFromLink(link);
  else newGame(setupBody());
}

start();
