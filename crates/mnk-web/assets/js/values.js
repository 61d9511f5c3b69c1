// Players' values as the page shows them. Every value belongs to one side: the side that chooses
// the move, in the position where it chooses (the API's `side` and `value_side`), and its text
// says so (`value_text`: "X +196 (score)", "win in 7 for O", "draw"). Order comes from the
// API's `rank` (wins, then scores, then losses, for that side), never from comparing numbers:
// a proven loss is -1, which is above a score of -71 but worse.

/// The candidates best first: by rank, the server's order among equals.
export function bestFirst(candidates) {
  return candidates
    .map((c, i) => [c, i])
    .sort((a, b) => a[0].rank - b[0].rank || a[1] - b[1])
    .map(([c]) => c);
}

/// 'win' or 'loss' when the candidate's value proves it for the side choosing, else null (a
/// draw, a score, or a bound that only limits a result from the other side).
export function proven(c) {
  if (c.scale !== 'solved' || c.value === 0) return null;
  const win = c.value > 0;
  const sure = c.bound === 'exact' || (c.bound === 'lower') === win;
  return sure ? (win ? 'win' : 'loss') : null;
}

/// How many points of level (0 a loss, 1 a win) below the best move a move is red: the heat
/// map's one fixed scale, the same for every search and board.
export const RED_AT = 0.5;

/// The hue of a move `regret` points of level below the best (120 green, 60 yellow, 0 red).
export function hue(regret) {
  return Math.round(120 * (1 - Math.min(Math.max(regret, 0) / RED_AT, 1)));
}

/// The colour of a hue on the board.
export function heatColour(h) {
  return `hsl(${h}, 70%, 55%)`;
}

/// Colours for a think answer's candidates, for the side choosing, on one fixed scale: how far
/// below the best move each one is, in points of its level (the server's `level`: a win rate,
/// or where a score sits between a loss and a win on the player's fixed range), the best
/// green, 25 points worse yellow, 50 or more red; a move proven to lose where the best is not
/// is red. A bound (the search only limited the move: it is at least that much worse) is
/// marked as one. The number shown is the level in per cent (or W5, L5, = for a proven result).
export function heatColours(candidates) {
  const colours = new Map();
  if (candidates.length === 0) return colours;
  const best = bestFirst(candidates)[0];
  const top = best.level ?? null;
  const bestLost = proven(best) === 'loss';
  for (const c of candidates) {
    let h = null;
    if (top !== null && c.level !== null && c.level !== undefined) h = hue(top - c.level);
    if (proven(c) === 'loss' && !bestLost) h = 0;
    if (c === best) h = 120;
    colours.set(c.move, {
      colour: h === null ? 'hsl(0, 0%, 82%)' : heatColour(h),
      hue: h,
      text: shortValue(c),
      words: c.value_text,
      best: c === best,
      bound: c.bound !== 'exact',
    });
  }
  return colours;
}

/// A value in a cell's few characters, for the side the legend names: W5 (it wins in 5), L5
/// (the opponent wins in 5), = (draw), else its level in per cent (62); ≤ and ≥ for bounds.
export function shortValue(c) {
  const bound = c.bound === 'upper' ? '≤' : c.bound === 'lower' ? '≥' : '';
  if (c.scale === 'solved') {
    if (c.value === 0) return `${bound}=`;
    return `${bound}${c.value > 0 ? 'W' : 'L'}${c.ends_in ?? ''}`;
  }
  if (c.level !== null && c.level !== undefined) return bound + String(Math.round(c.level * 100));
  if (c.scale === 'probability') return bound + c.value.toFixed(2);
  return bound + (c.value >= 0 ? `+${c.value}` : String(c.value));
}

/// A candidate in words: its value (whose it is, with any bound) and the depth it comes from.
export function valueWords(c) {
  const plies = c.depth === 1 ? 'ply' : 'plies';
  const depth = c.depth !== null && c.depth !== undefined ? `, searched ${c.depth} ${plies}` : '';
  return `${c.value_text}${depth}`;
}
