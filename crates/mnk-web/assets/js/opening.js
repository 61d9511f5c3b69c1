// The tournament openings, swap and swap2, in words: which boards offer them, what the seat to
// act does now (the status line), and who plays which colour (the seats line). The server
// judges: GET /api/variant says which openings a board takes, the game's `opening` (GET
// /api/games/{id}) where the opening stands and what it accepts; the page only reads them.

import { $, who } from './state.js';
import { api } from './api.js';

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

/// The form's last question to the server: only its answer counts.
let asked = 0;

/// Enables the opening choice (and each opening in it) for the board `width` x `height`, `k` in
/// a row under `rule`, as the server says they fit (GET /api/variant); disabled, saying why,
/// when they do not or the form describes no game. When the answer is in, the select's
/// `data-variant` is `WIDTHxHEIGHT:k:rule`.
export async function fitOpening(width, height, k, rule) {
  const select = $('#opening');
  const mine = ++asked;
  let view = null;
  let trouble = '';
  try {
    const query = new URLSearchParams({ size: `${width}x${height}`, k: String(k), rule });
    view = await api('GET', `/api/variant?${query}`);
  } catch (error) {
    trouble = error.message;
  }
  if (mine !== asked) return;
  const fit = (name) => (view ? view.openings.find((o) => o.name === name) : null);
  for (const option of select.options) {
    const f = fit(option.value);
    option.disabled = option.value !== 'none' && !(f && f.fits);
    option.title = f && f.why ? f.why : '';
  }
  const swap = fit('swap');
  const fits = !!(swap && swap.fits);
  select.disabled = !fits;
  select.title = fits
    ? 'swap: X places three stones (black, white, black), O takes black or plays white; swap2: O may also place two more and let X choose'
    : (swap && swap.why) || trouble;
  select.dataset.variant = `${width}x${height}:${k}:${rule}`;
}

/// The opening asked for in the form: 'swap', 'swap2', or undefined for none.
export function formOpening() {
  const select = $('#opening');
  return !select.disabled && select.value !== 'none' ? select.value : undefined;
}

/// Whether `g`'s opening is under way (the game proper not yet on).
export function underWay(g) {
  return !!g && !!g.opening && g.opening.stage !== 'done' && g.status === 'playing';
}

/// The side whose seat acts in the opening under way: 'X' (the opener) or 'O' (the chooser).
export function actor(g) {
  return g.opening.to_act.toUpperCase();
}

/// `black's first stone`: the stone after `placed` stones.
function stone(placed) {
  return `${placed % 2 === 0 ? 'black' : 'white'}'s ${ORDINALS[placed]} stone`;
}

/// `a, b, or c`.
function either(choices) {
  return choices.length > 1 ? `${choices.slice(0, -1).join(', ')}, or ${choices[choices.length - 1]}` : choices[0];
}

/// The status line while the opening is under way: what the seat to act does now, or that the
/// machine in the role is at it (or could not be).
export function openingStatus(g, stalled) {
  const o = g.opening;
  const name = who(actor(g));
  const placed = g.moves.length;
  if (g.machine_to_move) {
    const [act, acting] = o.stage === 'place'
      ? ['place the opening\'s stones', 'placing the opening\'s stones']
      : ['choose a colour', 'choosing a colour'];
    return stalled ? `${name} could not ${act}` : `${name} is ${acting}…`;
  }
  if (o.stage === 'place') return `${name}: place ${stone(placed)}`;
  const choices = ['take black', `play ${stone(placed)}`];
  if (o.accepts.includes('place')) choices.push('place two stones');
  return `${name}: ${either(choices)}`;
}

/// The seats line of a game with an opening: who opens and who chooses, then who plays which
/// colour once it is over.
export function seatsText(g) {
  const o = g.opening;
  if (o.stage !== 'done') return `${o.rule} opening: ${who('X')} opens, ${who('O')} chooses`;
  const swapped = o.swapped ? ', the seats changed colours' : '';
  return `${o.rule} opening over${swapped}: ${who('X')} plays black, ${who('O')} white`;
}
