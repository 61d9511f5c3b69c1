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

/// Colours for a think answer's candidates, from the side choosing: proven wins green, proven
/// losses red, scores and probabilities spread between by their number (one player's numbers,
/// one scale); the best candidate is marked.
export function heatColours(candidates, scale) {
  const colours = new Map();
  if (candidates.length === 0) return colours;
  const best = bestFirst(candidates)[0];
  const numbers = candidates.filter((c) => c.scale !== 'solved').map((c) => c.value);
  let lo = numbers.length ? Math.min(...numbers) : 0;
  let hi = numbers.length ? Math.max(...numbers) : 0;
  if (scale === 'probability') { lo = Math.min(lo, 0); hi = Math.max(hi, 1); }
  for (const c of candidates) {
    const result = proven(c);
    let t;
    if (result) t = result === 'win' ? 1 : 0;
    else if (c.scale === 'solved') t = 0.5;
    else t = hi > lo ? (c.value - lo) / (hi - lo) : 0.5;
    colours.set(c.move, {
      colour: `hsl(${Math.round(t * 120)}, 70%, ${62 - 8 * t}%)`,
      text: shortValue(c),
      words: c.value_text,
      best: c === best,
    });
  }
  return colours;
}

/// A value in a cell's few characters, for the side the legend names: W5 (it wins in 5), L5
/// (the opponent wins in 5), = (draw), +3, ≤-40, 0.29.
export function shortValue(c) {
  const bound = c.bound === 'upper' ? '≤' : c.bound === 'lower' ? '≥' : '';
  if (c.scale === 'solved') {
    if (c.value === 0) return `${bound}=`;
    return `${bound}${c.value > 0 ? 'W' : 'L'}${c.ends_in ?? ''}`;
  }
  if (c.scale === 'probability') return bound + c.value.toFixed(2);
  return bound + (c.value >= 0 ? `+${c.value}` : String(c.value));
}

/// A candidate in words: its value (whose it is, with any bound) and the depth it comes from.
export function valueWords(c) {
  const plies = c.depth === 1 ? 'ply' : 'plies';
  const depth = c.depth !== null && c.depth !== undefined ? `, searched ${c.depth} ${plies}` : '';
  return `${c.value_text}${depth}`;
}
