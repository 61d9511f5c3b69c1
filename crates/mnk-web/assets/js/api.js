// The server's JSON API: every request ends, with its answer or an error that says what to do.

/// An error of a request: the server's message (or what went wrong on the way) and its status
/// (0 when there was no answer).
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/// How long a request may take before the page gives up on it: a search waits for a slot at
/// most the server's think time, then searches at most that long (and an analysis a little
/// more). Set from GET /api.
let patience = 60_000;

export function setPatience(limits) {
  if (limits && limits.think_ms) patience = 3 * limits.think_ms + 15_000;
}

/// `stop` (an AbortSignal, optional) gives the request up: its search on the server stops too.
export async function api(method, path, body, stop) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const abort = new AbortController();
  options.signal = abort.signal;
  if (stop) {
    if (stop.aborted) abort.abort();
    stop.addEventListener('abort', () => abort.abort());
  }
  const timer = setTimeout(() => abort.abort(), patience);
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    if (stop && stop.aborted) throw new ApiError('stopped', 0);
    if (abort.signal.aborted) {
      throw new ApiError(`the server gave no answer in ${Math.round(patience / 1000)} s`, 0);
    }
    throw new ApiError(`cannot reach the server (${error.message})`, 0);
  } finally {
    clearTimeout(timer);
  }
  let data = null;
  if (response.status !== 204) {
    try {
      data = await response.json();
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    throw new ApiError((data && data.error) || `${response.status} ${response.statusText}`, response.status);
  }
  return data;
}

/// What to do after `error`, when it is not about the request's own choices: the server's
/// state or the connection. Empty when the request itself was refused (a player that cannot
/// search the position: the caller says what to choose instead).
export function remedy(error) {
  switch (error.status) {
    case 0: return 'Check that mnk serve is still running, then try again.';
    case 404: return 'The server no longer has this game (idle too long, or restarted): start a New game.';
    case 409: return 'The game changed meanwhile; it is shown as it is now: try again.';
    case 503: return 'The server is busy: try again in a moment.';
    default: return '';
  }
}
