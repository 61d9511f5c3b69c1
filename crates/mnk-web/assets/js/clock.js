// Both players' clocks of a timed game, run by the page as the terminal runs them (the
// library's search::Clocks): the clock of the side to move runs; a move stops it, charges it
// the time and adds the increment; a clock at zero is a flag fall. The server says how the game
// is timed (GET /api/games/{id}: time_control, parsed from the --time-control syntax); a
// machine's move is asked for with what its clock has left, and the server plans it from that.
//
// Times are milliseconds from performance.now(), passed in so that every caller reads the
// clock once.

const KEPT = 'mnk-clocks';

export class Clocks {
  /// Both clocks set for a new game, neither running: `tc` is a game's `time_control`.
  constructor(tc) {
    this.text = tc.text;
    this.perMove = tc.per_move_ms ?? null;
    this.increment = tc.increment_ms ?? 0;
    const start = this.perMove ?? tc.base_ms;
    this.stored = { X: start, O: start };
    this.running = null;
    this.fallen = null;
  }

  /// Starts `side`'s clock at `now` (its move begins).
  start(side, now) {
    this.running = { side, since: now };
  }

  /// Stops the running clock at `now`: its side made its move. Returns the side whose flag
  /// fell during the move, or null.
  stop(now) {
    if (!this.running) return null;
    const { side, since } = this.running;
    this.running = null;
    const used = now - since;
    if (this.perMove !== null) return used > this.perMove ? side : null;
    if (used > this.stored[side]) {
      this.stored[side] = 0;
      return side;
    }
    this.stored[side] = this.stored[side] - used + this.increment;
    return null;
  }

  /// Stops the running clock at `now` without ending the move (an undo, the end of the game):
  /// a game clock is charged the time, with no increment.
  pause(now) {
    if (!this.running) return;
    const { side, since } = this.running;
    this.running = null;
    if (this.perMove === null) this.stored[side] = Math.max(0, this.stored[side] - (now - since));
  }

  /// `side`'s flag fell: its clock shows zero, and none runs any more.
  fall(side) {
    this.running = null;
    this.fallen = side;
  }

  /// What `side` has left at `now`: on its game clock, or of its move under a limit per move.
  left(side, now) {
    if (this.fallen === side) return 0;
    const used = this.running && this.running.side === side ? now - this.running.since : 0;
    return Math.max(0, this.stored[side] - used);
  }

  /// The side whose running clock has reached zero at `now`, or null.
  flag(now) {
    return this.running && this.left(this.running.side, now) <= 0 ? this.running.side : null;
  }

  /// Keeps these clocks, as they stand at `now`, for a reload of this tab to take up (session
  /// storage): the clocks of the game `id` at `version`. The page runs the clocks, not the
  /// server, so a reload would otherwise start them full.
  keep(id, version, now) {
    const running = this.running
      ? { side: this.running.side, since: Date.now() - (now - this.running.since) }
      : null;
    const kept = { id, version, stored: this.stored, fallen: this.fallen, running };
    try {
      window.sessionStorage.setItem(KEPT, JSON.stringify(kept));
    } catch (_) {
      // Storage refused: a reload starts the clocks full.
    }
  }

  /// The clocks [`keep`] kept for the game `id` at `version` (timed by `tc`), taken up at
  /// `now`, the time since counted on the clock that ran; null when none was kept for that
  /// game and move, or what was kept cannot be read.
  static kept(tc, id, version, now) {
    let kept = null;
    try {
      kept = JSON.parse(window.sessionStorage.getItem(KEPT));
    } catch (_) {
      return null;
    }
    const ms = (v) => Number.isFinite(v) && v >= 0;
    const side = (s) => s === 'X' || s === 'O';
    if (!kept || kept.id !== id || kept.version !== version || !kept.stored) return null;
    if (!ms(kept.stored.X) || !ms(kept.stored.O)) return null;
    if (kept.running && !(side(kept.running.side) && Number.isFinite(kept.running.since))) return null;
    const clocks = new Clocks(tc);
    clocks.stored = { X: kept.stored.X, O: kept.stored.O };
    clocks.fallen = side(kept.fallen) ? kept.fallen : null;
    if (kept.running) {
      clocks.running = { side: kept.running.side, since: now - Math.max(0, Date.now() - kept.running.since) };
    }
    return clocks;
  }

  /// The mover's clock as a think request carries it (`clock`): what `side` has left now.
  request(side, now) {
    const left = Math.floor(this.left(side, now));
    return this.perMove !== null ? { per_move_ms: left } : { left_ms: left, increment_ms: this.increment };
  }
}

/// `1:05:03`, `4:59`, `0:09.8` (tenths under ten seconds), as the terminal shows a clock.
export function clockFace(ms) {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const seconds = Math.floor(tenths / 10);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor(seconds / 60) % 60;
  const s = seconds % 60;
  const two = (n) => String(n).padStart(2, '0');
  if (h > 0) return `${h}:${two(m)}:${two(s)}`;
  if (seconds < 10) return `${m}:${two(s)}.${tenths % 10}`;
  return `${m}:${two(s)}`;
}
