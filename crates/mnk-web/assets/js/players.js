// Choosing players: which can play a board, at which depth, and the strongest one, all from the
// abilities GET /api/players declares (never from a player's name); and the settings (depth,
// time) a seat or the analysis gives its player.

import { $, state } from './state.js';

export function find(name) {
  return state.players.find((p) => p.name === name);
}

/// The largest board (cells) `p` plays from the start given `depth` (null: its default
/// settings) within this server's limits (a search with no move until it ends must fit the
/// server's node cap); null for any board.
export function largestBoard(p, depth) {
  const table = p.abilities.largest_board_here_by_depth;
  if (depth && table.length) {
    // Deeper than the table: the whole game's tree, as at its last depth.
    const row = table.find(([d]) => d === depth) || table[table.length - 1];
    return row[1];
  }
  if (depth && p.abilities.largest_board_by_depth.length) {
    const own = p.abilities.largest_board_by_depth;
    return (own.find(([d]) => d === depth) || own[own.length - 1])[1];
  }
  return p.abilities.largest_board_here;
}

/// The deepest depth at which `p` plays a board of `cells`, for players whose boards depend on
/// their depth; null otherwise.
function deepestFor(p, cells) {
  const fitting = p.abilities.largest_board_here_by_depth.filter(([, c]) => c >= cells);
  return fitting.length ? fitting[fitting.length - 1][0] : null;
}

function boardName(size) {
  return `${size.width}x${size.height}`;
}

/// The strongest player for a board, as the catalog declares it (the rule the server's default
/// opponent follows): of the players that play it at their default settings, the one declared
/// strongest on the smallest range of boards that still holds it.
export function strongestFor(size) {
  const cells = size.width * size.height;
  const renju = size.rule === 'renju';
  const plays = state.players.filter((p) => (largestBoard(p, null) ?? Infinity) >= cells
    && p.abilities.always_moves && (!renju || p.abilities.forbidden_moves));
  if (renju) {
    const best = plays.find((p) => p.abilities.strongest_with_forbidden_moves);
    return (best || plays[0] || state.players[0]).name;
  }
  const strong = plays.filter((p) => p.abilities.strongest_up_to !== null && cells <= p.abilities.strongest_up_to);
  strong.sort((p, q) => p.abilities.strongest_up_to - q.abilities.strongest_up_to);
  return (strong[0] || plays[0] || state.players[0]).name;
}

/// Whether `name` plays `size` from the start at `depth` (null: default) within this server's
/// limits, as an opponent (`opponent`: it must answer in every position) or to analyse with,
/// and if not, why and what would: `{plays, why}`.
export function fit(name, size, depth, opponent = false) {
  const p = find(name);
  const cells = size.width * size.height;
  if (opponent && !p.abilities.always_moves) {
    return { plays: false, why: `${name} answers only where it finds a forced win: it is no opponent. Analyse with it (See the search), or choose ${strongestFor(size)}.` };
  }
  if (size.rule === 'renju' && !p.abilities.forbidden_moves) {
    return { plays: false, why: `${name} does not play renju yet (it knows no forbidden moves): choose ${strongestFor(size)}.` };
  }
  const largest = largestBoard(p, depth);
  if (largest === null || cells <= largest) return { plays: true, why: '' };
  const at = depth ? ` at depth ${depth}` : ' at its default settings';
  const stops = p.abilities.largest_board_here_by_depth.length
    ? ' within this server\'s limits (it has no move until its search ends, and the server caps each search\'s positions)'
    : '';
  let why = `${name} cannot play ${boardName(size)} (${cells} cells)${at}${stops}: it plays boards of at most ${largest} cells.`;
  const deepest = deepestFor(p, cells);
  const strongest = strongestFor(size);
  why += deepest ? ` Give it depth ${deepest} or less, or choose ${strongest}.` : ` Choose ${strongest}, or a smaller board.`;
  return { plays: false, why };
}

/// The players that report their search tree, and the default among those that play `size`:
/// one that can also value every move exactly (a pruning search), else the first.
export function treeDefault(size) {
  const tree = state.players.filter((p) => p.abilities.reports_tree && fit(p.name, size, null).plays);
  const exact = tree.find((p) => p.abilities.exact_values);
  return (exact || tree[0] || state.players[0]).name;
}

// ---------------------------------------------------------------- settings

/// A seat's or the analysis's controls: the player select, its depth and time boxes.
export class Settings {
  /// The controls: a player select, a depth box, a time box (CSS selectors).
  constructor(select, depth, time, withHuman) {
    this.select = $(select);
    this.depthBox = $(depth);
    this.timeBox = $(time);
    this.withHuman = withHuman;
    this.chosen = false;
  }

  fill(selected) {
    this.select.innerHTML = '';
    if (this.withHuman) this.select.add(new Option('human', 'human'));
    for (const p of state.players) {
      const option = new Option(p.name, p.name);
      option.dataset.summary = `${p.summary} (${p.origin})`;
      this.select.add(option);
    }
    this.select.value = selected;
    this.sync();
  }

  get player() {
    return this.select.value;
  }

  /// The depth asked for, if any (a whole number of at least 1).
  get depth() {
    const d = Number(this.depthBox.value);
    return this.depthBox.value !== '' && !this.depthBox.disabled && Number.isInteger(d) && d >= 1 ? d : null;
  }

  /// The time asked for, in milliseconds, if any.
  get timeMs() {
    const s = Number(this.timeBox.value);
    return this.timeBox.value !== '' && !this.timeBox.disabled && s > 0 ? Math.max(1, Math.round(s * 1000)) : null;
  }

  /// The player with its settings as the API reads it: `gomoku-minimax:depth=3,time-ms=500`.
  get spec() {
    if (this.player === 'human') return 'human';
    const settings = [];
    if (this.depth) settings.push(`depth=${this.depth}`);
    if (this.timeMs) settings.push(`time-ms=${this.timeMs}`);
    return settings.length ? `${this.player}:${settings.join(',')}` : this.player;
  }

  /// Enables the boxes that apply to the chosen player: a depth only for players that search
  /// to one, nothing for a person.
  sync() {
    const p = find(this.player);
    this.depthBox.disabled = !p || !p.abilities.searches_to_depth;
    this.timeBox.disabled = !p;
    this.depthBox.title = p && !p.abilities.searches_to_depth ? `${p.name} has no depth to set` : 'plies to search (empty: its default)';
    this.timeBox.title = p ? `seconds per move (empty: its default; ${this.timeBox.dataset.most || 'within the server\'s limit'})` : '';
    this.depthBox.placeholder = this.depthBox.disabled ? '–' : 'auto';
    this.timeBox.placeholder = this.timeBox.disabled ? '–' : 'auto';
  }

  /// Greys out the players that cannot play `size` at this depth, each saying why and what
  /// would work; a chosen player that cannot is replaced by the strongest that can. Returns
  /// what was replaced, `{from, to, why}`, or null.
  limitTo(size) {
    const depth = this.depth;
    for (const option of this.select.options) {
      if (option.value === 'human') continue;
      const { plays, why } = fit(option.value, size, depth, this.withHuman);
      option.disabled = !plays;
      option.title = plays ? option.dataset.summary : why;
      option.textContent = plays ? option.value : `${option.value} (not on ${boardName(size)})`;
      option.classList.toggle('cannot', !plays);
    }
    const chosen = this.select.selectedOptions[0];
    let replaced = null;
    if (chosen && chosen.disabled) {
      const from = chosen.value;
      const to = strongestFor(size);
      replaced = { from, to, why: chosen.title };
      this.select.value = to;
    }
    this.select.title = this.select.selectedOptions[0] ? this.select.selectedOptions[0].title : '';
    this.sync();
    return replaced;
  }
}
