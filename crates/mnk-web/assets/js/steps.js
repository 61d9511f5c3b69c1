// Stepping through a recorded search in the order it entered positions: at each step the node
// entered (highlighted in the tree, its line on the board), the window it was entered with, its
// value where it is a leaf of the record, and what happened as the search went back up: a
// child's value raising alpha at a MAX node or lowering beta at a MIN node, cut-offs and the
// moves they pruned, up to the top's value once the search is over.

import { $, thousands } from './state.js';

/// The walk shown: {steps, at, onHover, show}.
let walk = null;

export function clearSteps() {
  walk = null;
  $('#steps').hidden = true;
  $('#step-text').textContent = '';
  for (const row of document.querySelectorAll('#tree .node.current')) row.classList.remove('current');
}

function windowWords(w) {
  return `[${w[0]}, ${w[1]}]`;
}

function nodeName(node) {
  return node.move ? node.path.join(' ') : 'the top';
}

/// The value a node hands back, as its row says it.
function valueOf(node) {
  return node.value_text || 'no value';
}

/// Whether the search entered the node (pruned nodes were not).
const entered = (node) => node.order > 0;

/// The recorded tree as steps, in the order the search entered the nodes: each step
/// `{node, chain (the nodes from the top to it), text (what happens), window (as the node
/// was entered), top ({text, value}: the top's best so far after the step)}`.
function stepsOf(answer) {
  const root = answer.tree;
  const list = [];
  const chains = new Map();
  const parents = new Map();
  const gather = (node, chain) => {
    const here = [...chain, node];
    chains.set(node, here);
    if (entered(node)) list.push(node);
    for (const child of node.children) {
      parents.set(child, node);
      gather(child, here);
    }
  };
  gather(root, []);
  list.sort((a, b) => a.order - b.order);
  // The best value so far of each node, as its children return (MAX: the largest).
  const best = new Map();
  const better = (node, v) => {
    const now = best.get(node);
    if (now === undefined || (node.role === 'max' ? v > now : v < now)) best.set(node, v);
  };
  let over = false;
  return list.map((node) => {
    const parts = [];
    const who = `${node.role_label}: ${node.to_move} to move`;
    parts.push(node.window
      ? `Enters ${nodeName(node)} (${who}) with window ${windowWords(node.window)}.`
      : `Enters ${nodeName(node)} (${who}).`);
    const searched = node.children.filter(entered);
    if (searched.length === 0) {
      // A leaf of the record: its value comes back at once.
      if (node.terms) parts.push(`Static value ${node.terms.text}.`);
      else if (node.kind === 'terminal') parts.push(`The game is over here: ${valueOf(node)}.`);
      else if (node.kind === 'transposition') parts.push(`A position met before: its value ${valueOf(node)} is reused.`);
      else if (node.hidden > 0) parts.push(`Its ${thousands(node.visited - 1)} positions below are not in the record (it holds ${answer.plies} plies): value ${valueOf(node)}.`);
      else parts.push(`Value ${valueOf(node)}.`);
      // Back up the tree while the node returned is its parent's last searched child.
      let child = node;
      for (let parent = parents.get(child); parent; parent = parents.get(child)) {
        if (child.value !== null) better(parent, child.value);
        const siblings = parent.children.filter(entered);
        const next = siblings[siblings.indexOf(child) + 1];
        const before = child.window;
        const after = next ? next.window : parent.window_after;
        const role = `${nodeName(parent)} (${parent.role_label})`;
        if (before && after && parent.role === 'max') {
          parts.push(after[0] > before[0]
            ? `${child.move} returned ${child.value}: at ${role} alpha rose from ${before[0]} to ${after[0]}.`
            : `${child.move} returned ${child.value}: at ${role} alpha stays ${after[0]}.`);
        } else if (before && after) {
          parts.push(after[1] < before[1]
            ? `${child.move} returned ${child.value}: at ${role} beta fell from ${before[1]} to ${after[1]}.`
            : `${child.move} returned ${child.value}: at ${role} beta stays ${after[1]}.`);
        } else {
          parts.push(`${child.move} returned ${child.value}: best so far at ${role} ${best.get(parent)}.`);
        }
        if (next) break;
        if (parent.kind === 'cutoff') {
          const w = parent.window_after;
          const why = w ? ` (alpha ${w[0]} ≥ beta ${w[1]})` : '';
          parts.push(`Cut-off at ${role}${why}: ${parent.pruned} move${parent.pruned === 1 ? '' : 's'} pruned.`);
        }
        if (!parents.get(parent)) {
          parts.push(`The search is over: the top's value is ${valueOf(parent)}.`);
          over = true;
        } else {
          parts.push(`${nodeName(parent)} is done: ${valueOf(parent)}.`);
        }
        child = parent;
      }
    }
    const so = best.get(root);
    const top = over ? { text: `value ${valueOf(root)}`, value: root.value }
      : so === undefined ? { text: 'no move back yet', value: null }
        : { text: `best so far ${root.value_side} ${so >= 0 ? '+' : ''}${so}`, value: so };
    return { node, chain: chains.get(node), text: parts.join(' '), window: node.window, top };
  });
}

/// Shows step `at` of the walk.
function show(at) {
  const w = walk;
  if (!w || w.steps.length === 0) return;
  w.at = Math.max(0, Math.min(at, w.steps.length - 1));
  const step = w.steps[w.at];
  $('#step-count').textContent = `step ${thousands(w.at + 1)} of ${thousands(w.steps.length)}`;
  const box = $('#steps');
  box.dataset.order = String(step.node.order);
  box.dataset.at = String(w.at + 1);
  $('#step-window').textContent = step.window ? `window α ${step.window[0]}, β ${step.window[1]}` : 'no window (minimax)';
  $('#step-top').textContent = `the top: ${step.top.text}`;
  $('#step-top').dataset.value = step.top.value === null ? '' : String(step.top.value);
  $('#step-text').textContent = `#${thousands(step.node.order)}: ${step.text}`;
  for (const row of document.querySelectorAll('#tree .node.current')) row.classList.remove('current');
  const row = w.reveal(step.chain);
  row.classList.add('current');
  row.scrollIntoView({ block: 'nearest' });
  w.onHover(step.node.path);
  $('#step-first').disabled = w.at === 0;
  $('#step-back').disabled = w.at === 0;
  $('#step-next').disabled = w.at === w.steps.length - 1;
  $('#step-last').disabled = w.at === w.steps.length - 1;
}

/// Starts the walk of `answer`'s recorded tree at its top; `onHover(path)` draws a line on
/// the board, `reveal(chain)` opens the rows of a node's ancestors and gives the node's row.
export function startSteps(answer, onHover, reveal) {
  walk = { steps: stepsOf(answer), at: 0, onHover, reveal };
  $('#steps').hidden = walk.steps.length === 0;
  const of = `the ${thousands(walk.steps.length)} positions recorded of the ${thousands(answer.visited)} the search entered`;
  $('#step-cap').textContent = answer.truncated
    ? `The record was cut at the server's node cap (${thousands(answer.recorded)} nodes): the walk covers ${of}.`
    : walk.steps.length < answer.visited
      ? `The record holds the top ${answer.plies} plies (the server's cap): the walk covers ${of}; a row at the bottom sums up the positions below it.`
      : 'The walk covers every position the search entered.';
  show(0);
}

/// Wires the step buttons and their keys (←, →, Home, End while the step box has the focus).
export function wireSteps() {
  const moves = { first: () => 0, back: (at) => at - 1, next: (at) => at + 1, last: () => Infinity };
  for (const [name, to] of Object.entries(moves)) {
    $(`#step-${name}`).addEventListener('click', () => { if (walk) show(to(walk.at)); });
  }
  $('#steps').addEventListener('keydown', (event) => {
    const name = { ArrowLeft: 'back', ArrowRight: 'next', Home: 'first', End: 'last' }[event.key];
    if (!name || !walk || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    show(moves[name](walk.at));
  });
}
