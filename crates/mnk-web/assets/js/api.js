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

/// How long a stream may stay silent before the page gives up on it: the server sends an
/// event or a keep-alive comment at least every second.
const SILENCE_MS = 15_000;

/// Asks `path` (a think route) for a search with its progress streamed (`"stream": true`):
/// `onEvent(name, data)` hears each `start` and `progress` event as it comes; the promise
/// gives the `done` answer, or fails with the `error` event's message and status. `stop` (an
/// AbortSignal, optional) gives the request up: the server stops its search (to have its best
/// so far instead, POST .../stop and wait for `done`).
export async function stream(path, body, onEvent, stop) {
  const abort = new AbortController();
  if (stop) {
    if (stop.aborted) abort.abort();
    stop.addEventListener('abort', () => abort.abort());
  }
  let silent = null;
  const listen = () => {
    clearTimeout(silent);
    silent = setTimeout(() => abort.abort(), SILENCE_MS);
  };
  const failed = (error) => {
    if (stop && stop.aborted) return new ApiError('stopped', 0);
    if (abort.signal.aborted) return new ApiError(`the server sent nothing for ${SILENCE_MS / 1000} s`, 0);
    return new ApiError(`cannot reach the server (${error.message})`, 0);
  };
  listen();
  try {
    let response;
    try {
      response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...body, stream: true }),
        signal: abort.signal,
      });
    } catch (error) {
      throw failed(error);
    }
    if (!response.ok) {
      const data = await response.json().catch(() => null);
      throw new ApiError((data && data.error) || `${response.status} ${response.statusText}`, response.status);
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw failed(error);
      }
      if (chunk.done) throw new ApiError('the server ended the search without an answer', 0);
      listen();
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let name = 'message';
        let data = null;
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) name = line.slice(7);
          else if (line.startsWith('data: ')) data = JSON.parse(line.slice(6));
        }
        if (data === null) continue;
        if (name === 'done') return data;
        if (name === 'error') throw new ApiError(data.error, data.status);
        onEvent(name, data);
      }
    }
  } finally {
    clearTimeout(silent);
  }
}
