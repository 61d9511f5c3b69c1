// Game records: a game imported from a record (a .psq, .sgf or move-line file, or text pasted
// in the box) and exported as one (downloads of the three formats, or the move line in the
// box). The server reads and writes them (the library's formats); a record it cannot read is
// refused with its line and why, and the game on the board is kept.

import { $, state, say } from './state.js';
import { api, remedy } from './api.js';

/// The downloads of the game on the board: `?format=` and the link's label.
const DOWNLOADS = [['psq', '#download-psq'], ['sgf', '#download-sgf'], ['moves', '#download-moves']];

/// Points the download links at the game on the board.
export function renderDownloads() {
  const g = state.game;
  for (const [format, id] of DOWNLOADS) {
    const link = $(id);
    if (g) link.href = `/api/games/${g.id}/record?format=${format}`;
  }
}

/// Fills the box with the game's move line (size, k, rule, players and result as comments).
export async function exportToBox() {
  const g = state.game;
  if (!g) return;
  try {
    const response = await fetch(`/api/games/${g.id}/record?format=moves`);
    if (!response.ok) {
      const data = await response.json().catch(() => null);
      const error = new Error((data && data.error) || `${response.status} ${response.statusText}`);
      error.status = response.status;
      throw error;
    }
    $('#record').value = await response.text();
  } catch (error) {
    say(`${error.message}. ${remedy(error)}`, 'error');
  }
}

/// Creates a game from a record's text, with `extra` (the set-up for a record that does not
/// say its board, the time control, the file's name); `install(game)` shows it. A record that
/// cannot be read is said with its line and why; the game on the board stays.
export async function importRecord(text, what, extra, install) {
  if (!text.trim()) {
    say(`Nothing to import: ${what} is empty. Paste a record (a .psq, .sgf or a move line) or open a file.`, 'error');
    return false;
  }
  try {
    const game = await api('POST', '/api/games', { record: text, ...extra });
    install(game);
    const ended = game.result ? `, ${game.result}` : '';
    say(`Imported ${what}: ${game.moves.length} moves on ${game.size.width}x${game.size.height}${ended}. ` +
      'Step through it with |◀ ◀ ▶ ▶| (or the arrow keys, Home and End).', 'info');
    return true;
  } catch (error) {
    say(`Cannot import ${what}: ${error.message}. ${remedy(error) || 'The game on the board is kept.'}`, 'error');
    return false;
  }
}

/// Reads the file chosen in the file box and imports it.
export async function importFile(extra, install) {
  const input = $('#record-file');
  const file = input.files && input.files[0];
  if (!file) return;
  // Read the same file again when it is chosen again.
  const name = file.name;
  const most = state.limits ? Math.floor(state.limits.body_bytes / 2) : 32768;
  if (file.size > most) {
    input.value = '';
    say(`Cannot import ${name}: ${file.size} bytes is more than this server reads (${most} bytes). The game on the board is kept.`, 'error');
    return;
  }
  let text;
  try {
    text = await file.text();
  } catch (error) {
    say(`Cannot read ${name}: ${error.message}. The game on the board is kept.`, 'error');
    return;
  } finally {
    input.value = '';
  }
  await importRecord(text, name, { ...extra, filename: name }, install);
}
