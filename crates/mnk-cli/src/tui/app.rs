//! The full-screen game's state and what each action does to it, apart from the terminal:
//! the game (the library's [`Session`]: its line of moves with the position shown on it, the
//! seats, the opening, the clocks, the result), the cursor, the machine thinking on its own
//! thread, the typed line and the message.
//!
//! Undo, redo and stepping through the game move the position along the line; a move played
//! anywhere cuts the line there. A machine moves (or acts in the opening) only at the end of
//! the line, so stepping back to review never makes it play.

use crate::failure::Failure;
use crate::records::{self, Autosave, LoadError};
use mnk::game::{Act, Cell, Ending, Opening, Side, Stage, Status, Variant, WinBy};
use mnk::notation::{format_cell, format_moves, parse_move};
use mnk::players::swap2::{self, ActError};
use mnk::players::{Ask, PlayerSpec, Seat, Thought};
use mnk::record::{Format, Given, Record};
use mnk::search::{MOVE_OVERHEAD, PlayerError, Progress, Report, Stop};
use mnk::session::{Played, SeatedPlayer, Session, SessionError, hint_player};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// A computer player at the board: its name and settings, and its seat, away while it
/// thinks on its own thread.
pub struct Machine {
    /// The player's name and settings.
    pub spec: PlayerSpec,
    /// The seat, `None` while a search holds it.
    pub seat: Option<Seat>,
}

impl SeatedPlayer for Machine {
    fn spec(&self) -> &PlayerSpec {
        &self.spec
    }

    fn seat_mut(&mut self) -> Option<&mut Seat> {
        self.seat.as_mut()
    }
}

/// What a search is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// The machine's move for the side to move.
    Move,
    /// The machine's part in the opening: its stones or its choice.
    Opening,
    /// A hint for the person to move.
    Hint,
}

/// What a search answered.
enum Answer {
    /// A move.
    Move(Result<Thought, PlayerError>),
    /// The opening's acts.
    Opening(Result<Vec<Act>, ActError>),
}

/// A search running on its own thread.
pub struct Thinking {
    /// Whose move is searched (in the opening: the side the seat acting sits at).
    pub side: Side,
    /// The player's name.
    pub name: &'static str,
    /// What the search is for.
    pub purpose: Purpose,
    /// When it started.
    pub started: Instant,
    /// What it has found so far.
    pub progress: Progress,
    /// Stops it: it then answers with its best move so far.
    pub stop: Stop,
    /// The game line's length and position when it started: an answer for another position
    /// (the game was changed meanwhile) is dropped.
    pub at: (usize, usize),
    /// Whether the answer is no longer wanted.
    pub dropped: bool,
    answer: mpsc::Receiver<(Seat, Answer)>,
}

/// What the last finished search said, for the panel.
#[derive(Debug, Clone)]
pub struct LastSearch {
    /// Whose move it searched.
    pub side: Side,
    /// The player.
    pub name: &'static str,
    /// What it found.
    pub report: Report,
    /// Its time.
    pub time: Duration,
}

/// The state of the full-screen game.
pub struct App {
    /// The game.
    pub session: Session<Machine>,
    /// The strongest player, seated for hints at the first one.
    hinter: Option<Seat>,
    /// The cell under the cursor.
    pub cursor: Cell,
    /// The search running, if any.
    pub thinking: Option<Thinking>,
    /// What the last search said.
    pub last_search: Option<LastSearch>,
    /// The line being typed (a move like h8, or a command).
    pub typed: String,
    /// The message under the board: what just happened, or what was wrong.
    pub message: String,
    /// Whether the message reports an error.
    pub error: bool,
    /// Whether the help is shown.
    pub help: bool,
    /// Whether stones show their move numbers.
    pub numbers: bool,
    /// Whether the person asked to leave.
    pub quit: bool,
    /// The format of `save FILE` and the autosave (`None`: each file's extension).
    pub format: Option<Format>,
    /// `--autosave`: the game written after every change.
    pub autosave: Option<Autosave>,
}

impl App {
    /// The full-screen game of `session`.
    pub fn new(session: Session<Machine>) -> Self {
        let cursor = centre(session.variant().size());
        let mut app = App {
            session,
            hinter: None,
            cursor,
            thinking: None,
            last_search: None,
            typed: String::new(),
            message: String::new(),
            error: false,
            help: false,
            numbers: false,
            quit: false,
            format: None,
            autosave: None,
        };
        let opening = app.session.opening_under_way().map_or(String::new(), |o| {
            format!(
                " {} opening: {} opens.",
                o.rule(),
                app.session.label(Side::X)
            )
        });
        app.say(format!(
            "{} against {}.{opening} Arrows and Enter place a stone; ? for help.",
            app.label(Side::X),
            app.label(Side::O)
        ));
        app
    }

    /// The variant played.
    pub fn variant(&self) -> Variant {
        self.session.variant()
    }

    /// "X (you)", "O (engine)", "X".
    pub fn label(&self, side: Side) -> String {
        self.session.label(side)
    }

    /// Who plays `side`: "you", "human", or the player's name.
    pub fn player(&self, side: Side) -> String {
        self.session.player_name(side)
    }

    /// The moves on the board, in order.
    pub fn moves(&self) -> &[Cell] {
        self.session.moves()
    }

    /// Whether the game has ended: on the board, or on time.
    pub fn over(&self) -> bool {
        self.session.is_over()
    }

    /// The side whose flag fell, if the game ended on time.
    pub fn flagged(&self) -> Option<Side> {
        match self.session.ended_off_board() {
            Some(Ending::Won {
                winner,
                by: WinBy::Time,
            }) => Some(winner.other()),
            _ => None,
        }
    }

    /// Whether the position shown is before the end of the line (reviewing, or after undo).
    pub fn reviewing(&self) -> bool {
        self.session.reviewing()
    }

    /// What the opening under way waits for, in words, a short line each (the panel is
    /// narrow): `swap2 opening: the opener (you)` then `place black's first stone`; `None`
    /// without one.
    pub fn opening_status(&self) -> Option<String> {
        let opening = self.session.opening_under_way()?;
        let side = opening.to_act()?;
        let who = self.session.role_label(side);
        let placed = opening.placed();
        let mut lines = vec![format!("{} opening: {who}", opening.rule())];
        match opening.stage() {
            Stage::Place => lines.push(format!("place {}", stone(placed))),
            _ => {
                lines.push("type black: take black".into());
                lines.push(format!("or place {}", stone(placed)));
                if opening.allows(mnk::game::Choice::PlaceTwo) {
                    lines.push("or type place: two more stones".into());
                }
            }
        }
        Some(lines.join("\n"))
    }

    /// Shows `text` as news.
    pub fn say(&mut self, text: impl Into<String>) {
        self.message = text.into();
        self.error = false;
    }

    /// Shows `text` as an error.
    pub fn complain(&mut self, text: impl Into<String>) {
        self.message = text.into();
        self.error = true;
    }

    /// Moves the cursor by `(rows, cols)`, staying on the board.
    pub fn move_cursor(&mut self, rows: i32, cols: i32) {
        let size = self.variant().size();
        let row = (size.row(self.cursor) + rows).clamp(0, i32::from(size.height) - 1);
        let col = (size.col(self.cursor) + cols).clamp(0, i32::from(size.width) - 1);
        self.cursor = size.cell(row, col).expect("clamped to the board");
    }

    /// A person places a stone on `cell`: a move for the side to move, or a stone of the
    /// opening for the seat acting in it.
    pub fn place(&mut self, cell: Cell) {
        self.cursor = cell;
        if self.over() {
            self.complain("The game is over: Ctrl-N (or 'new') starts a new one, Ctrl-Z undoes.");
            return;
        }
        let Some(side) = self.session.to_act() else {
            return;
        };
        if !self.session.is_human(side) {
            let text = if self.thinking.is_some() {
                format!(
                    "{} is thinking: Esc makes it play its best move now.",
                    self.label(side)
                )
            } else {
                format!(
                    "It is {}'s move: End goes back to the end of the game, \
                     'go' lets it play from here.",
                    self.label(side)
                )
            };
            self.complain(text);
            return;
        }
        let board = self.session.board();
        let notation = format_cell(cell, board.size());
        if let Err(e) = parse_move(&notation, board) {
            self.complain(format!("{e}."));
            return;
        }
        self.drop_hint();
        let opening = self.session.opening_under_way().copied();
        let news = match opening {
            Some(o) if o.stage() == Stage::Choose => self.news(&o, &[Act::White(cell)]),
            Some(o) => self.news(&o, &[Act::Stone(cell)]),
            None => format!("{side} played {notation}."),
        };
        self.play(cell, news);
    }

    /// Plays `cell` at the position shown (cutting the line there), saying `news`; the
    /// mover's clock stops (a flag that fell during the move ends the game instead).
    fn play(&mut self, cell: Cell, news: String) {
        match self.session.play(cell, Instant::now()) {
            Ok(Played::Flagged(side)) => self.flag_fell(side),
            Ok(_) => {
                self.say(news);
                self.announce_end();
            }
            Err(e) => self.complain(format!("{e}.")),
        }
    }

    /// A person's choice in the opening (`black`, `place`).
    pub fn choose(&mut self, act: Act) {
        let Some(opening) = self.session.opening_under_way().copied() else {
            self.complain("No opening is under way: there is no colour to choose.");
            return;
        };
        let side = opening.to_act().expect("under way");
        if !self.session.is_human(side) {
            self.complain(format!("{} acts now.", self.session.role_label(side)));
            return;
        }
        let news = self.news(&opening, &[act]);
        match self.session.act(act) {
            Ok(_) => self.say(news),
            Err(e) => self.complain(format!("{e}.")),
        }
    }

    /// What `acts` of the seat acting in `opening` do, in words (said before they are done:
    /// the seats may change colours).
    fn news(&self, opening: &Opening, acts: &[Act]) -> String {
        let side = opening.to_act().unwrap_or(Side::X);
        let who = self.session.role_label(side);
        let size = self.variant().size();
        let placed = opening.placed();
        match acts {
            [Act::Black] if placed == 3 => format!("{who} takes black."),
            [Act::Black] => format!("{who} keeps black."),
            [Act::White(c)] if placed == 3 => {
                format!("{who} keeps white and plays {}.", format_cell(*c, size))
            }
            [Act::White(c)] => format!("{who} takes white and plays {}.", format_cell(*c, size)),
            [Act::PlaceTwo] => format!("{who} places two more stones."),
            stones => {
                let cells: Vec<Cell> = stones
                    .iter()
                    .filter_map(|a| match a {
                        Act::Stone(c) => Some(*c),
                        _ => None,
                    })
                    .collect();
                format!("{who} placed {}.", format_moves(&cells, size))
            }
        }
    }

    fn announce_end(&mut self) {
        let size = self.variant().size();
        match (self.session.board().status(), self.session.ending()) {
            (Status::Won { side, line }, _) => {
                let cells: Vec<_> = line.cells(size).collect();
                let text = format!(
                    "{} wins with {}.",
                    self.label(side),
                    format_moves(&cells, size)
                );
                self.say(text);
            }
            (Status::Draw, Some(Ending::Drawn(mnk::game::DrawBy::Stalled))) => {
                self.say("Draw: X (black) has no legal move.");
            }
            (Status::Draw, _) => self.say("Draw: the board is full."),
            (Status::InProgress, _) => {}
        }
    }

    fn flag_fell(&mut self, side: Side) {
        self.halt();
        let text = format!(
            "{side}'s flag fell: {} wins on time.",
            self.label(side.other())
        );
        self.say(text);
    }

    /// Refuses to change a game that ended on time.
    fn ended_on_time(&mut self) -> bool {
        let flagged = self.flagged().is_some();
        if flagged {
            self.complain("The game ended on time: Ctrl-N (or 'new') starts a new one.");
        }
        flagged
    }

    /// Takes back moves until it is a person's turn again, having taken back at least one
    /// person's move (as the line interface's `undo`; the opening's stones stay).
    pub fn undo(&mut self) {
        if self.ended_on_time() {
            return;
        }
        self.halt();
        match self.session.undo() {
            Ok(undone) => self.say(format!(
                "Took back {undone} move{}: Ctrl-Y redoes.",
                plural(undone)
            )),
            Err(SessionError::NothingToUndo) => self.complain("Nothing to undo."),
            Err(e) => self.complain(format!("{e}.")),
        }
    }

    /// Replays the moves undo took back, up to the next person's turn.
    pub fn redo(&mut self) {
        if self.ended_on_time() {
            return;
        }
        self.halt();
        match self.session.redo() {
            Ok(_) => self.say("Redone."),
            Err(SessionError::NothingToRedo) => self.complain("Nothing to redo."),
            Err(e) => self.complain(format!("{e}.")),
        }
    }

    /// Steps one move back through the game (review): machines wait.
    pub fn back(&mut self) {
        self.halt();
        if self.session.back() {
            self.say_position();
        } else {
            self.complain("This is the start of the game.");
        }
    }

    /// Steps one move forward through the game.
    pub fn forward(&mut self) {
        self.halt();
        if self.session.forward() {
            self.say_position();
            self.announce_end();
        } else {
            self.complain("This is the end of the game.");
        }
    }

    /// Goes to the start (`false`) or the end (`true`) of the game.
    pub fn jump(&mut self, end: bool) {
        self.halt();
        self.session.jump(end);
        if end {
            self.announce_end();
        }
        if !self.session.board().is_over() {
            self.say_position();
        }
    }

    fn say_position(&mut self) {
        let n = self.moves().len();
        let text = if self.reviewing() {
            format!(
                "Move {n} of {}: PgUp/PgDn step, End returns, a move here cuts the game.",
                self.session.line().len()
            )
        } else {
            format!("Move {n}, the end of the game.")
        };
        self.say(text);
    }

    /// Starts a new game with the same players (and opening).
    pub fn new_game(&mut self) {
        self.halt();
        self.session.new_game();
        self.last_search = None;
        for occupant in self.session.seats_mut() {
            if let Some(seat) = occupant.machine_mut().and_then(|m| m.seat.as_mut()) {
                seat.new_game();
            }
        }
        self.say("New game.");
    }

    /// Lets the machine to move play from the position shown (cutting the line).
    pub fn go(&mut self) {
        let side = self.session.board().to_move();
        if self.session.is_human(side) {
            self.complain(format!("It is {}'s move.", self.label(side)));
        } else {
            self.session.forget_undone();
        }
    }

    /// Asks the strongest player for a move for the side to move.
    pub fn hint(&mut self) {
        if self.thinking.is_some() {
            self.complain("Already thinking: Esc stops it.");
            return;
        }
        if self.over() {
            self.complain("The game is over.");
            return;
        }
        if self.session.opening_under_way().is_some() {
            self.complain("No hints during the opening.");
            return;
        }
        let variant = self.variant();
        let seat = self.hinter.take().unwrap_or_else(|| {
            let mut seat = Seat::new(hint_player(&variant));
            seat.prepare(&variant);
            seat
        });
        self.start(seat, Purpose::Hint);
    }

    /// Stops the search running: a machine's move is then played with its best move so far.
    pub fn stop(&mut self) {
        if let Some(t) = &self.thinking {
            t.stop.set();
        }
    }

    /// Ctrl-C: stops a machine's search (it plays its best move so far); with none running, or
    /// at a second Ctrl-C, leaves.
    pub fn interrupt(&mut self) {
        match &self.thinking {
            Some(t) if t.purpose != Purpose::Hint && !t.stop.is_set() => {
                t.stop.set();
                self.say("Stopped: the machine plays its best move so far. Ctrl-C again leaves.");
            }
            _ => self.quit = true,
        }
    }

    /// Stops the search running and drops its answer (the game is about to change).
    fn halt(&mut self) {
        if let Some(t) = &mut self.thinking {
            t.stop.set();
            t.dropped = true;
        }
    }

    fn drop_hint(&mut self) {
        if self
            .thinking
            .as_ref()
            .is_some_and(|t| t.purpose == Purpose::Hint)
        {
            self.halt();
        }
    }

    fn start(&mut self, mut seat: Seat, purpose: Purpose) {
        let board = self.session.board().clone();
        let opening = self.session.opening_under_way().copied();
        let side = match (purpose, opening) {
            (Purpose::Opening, Some(o)) => o.to_act().unwrap_or(Side::X),
            _ => board.to_move(),
        };
        let progress = Progress::new();
        let mut ask = Ask::now().with_progress(progress.clone());
        if self.session.clocks().is_some() && purpose == Purpose::Move {
            let control = self.session.time_control(side);
            ask.plan = control.plan(board.stones(), board.empty_cells(), MOVE_OVERHEAD);
        }
        let stop = ask.stop.clone();
        let (sender, answer) = mpsc::channel();
        let name = seat.spec().name;
        thread::spawn(move || {
            let answer = match opening.filter(|_| purpose == Purpose::Opening) {
                Some(opening) => Answer::Opening(swap2::acts(&opening, &board, &mut seat, &ask)),
                None => Answer::Move(seat.choose(&board, &ask)),
            };
            // The receiver is gone only when the game has ended.
            let _ = sender.send((seat, answer));
        });
        self.thinking = Some(Thinking {
            side,
            name,
            purpose,
            started: Instant::now(),
            progress,
            stop,
            at: (self.session.line().len(), self.moves().len()),
            dropped: false,
            answer,
        });
    }

    /// Advances the game: takes a finished search's answer, and starts the machine's search
    /// when a machine acts at the end of the line. Returns whether anything changed.
    pub fn tick(&mut self) -> bool {
        let mut changed = false;
        if let Some(t) = &self.thinking {
            match t.answer.try_recv() {
                Ok((seat, answer)) => {
                    let t = self.thinking.take().expect("just seen");
                    self.finish(t, seat, answer);
                    changed = true;
                }
                Err(mpsc::TryRecvError::Empty) => return false,
                Err(mpsc::TryRecvError::Disconnected) => {
                    let t = self.thinking.take().expect("just seen");
                    self.complain(format!("{} stopped without an answer.", t.name));
                    return true;
                }
            }
        }
        changed |= self.run_clocks();
        if self.thinking.is_none()
            && let Some((side, _)) = self.session.machine_to_act()
        {
            let purpose = if self.session.opening_under_way().is_some() {
                Purpose::Opening
            } else {
                Purpose::Move
            };
            let seat = self.session.seats_mut()[side.index()]
                .machine_mut()
                .and_then(|m| m.seat.take());
            if let Some(seat) = seat {
                self.start(seat, purpose);
                changed = true;
            }
        }
        changed
    }

    /// Runs the clock of the side to move while the game is on at the end of its line, stops
    /// it otherwise, and ends the game when a flag falls. Returns whether a clock is running
    /// or the game ended (the screen changes).
    fn run_clocks(&mut self) -> bool {
        if let Some(side) = self.session.run_clock(Instant::now()) {
            self.flag_fell(side);
            return true;
        }
        self.session.clocks().is_some_and(|c| c.running().is_some())
    }

    fn finish(&mut self, t: Thinking, seat: Seat, answer: Answer) {
        // The seat goes back where it came from before anything changes the seats' colours.
        match t.purpose {
            Purpose::Hint => self.hinter = Some(seat),
            Purpose::Move | Purpose::Opening => {
                if let Some(machine) = self.session.seats_mut()[t.side.index()].machine_mut() {
                    machine.seat = Some(seat);
                }
            }
        }
        let current = (self.session.line().len(), self.moves().len());
        if t.dropped || t.at != current {
            return;
        }
        let thought = match answer {
            Answer::Opening(Ok(acts)) => {
                let Some(opening) = self.session.opening_under_way().copied() else {
                    return;
                };
                let news = self.news(&opening, &acts);
                for &act in &acts {
                    if let Err(e) = self.session.act(act) {
                        self.complain(format!("{} cannot act in the opening: {e}.", t.name));
                        return;
                    }
                }
                self.say(news);
                return;
            }
            Answer::Opening(Err(e)) => {
                self.complain(format!(
                    "{} cannot act in the opening: {e}. Ctrl-N starts again.",
                    t.name
                ));
                return;
            }
            Answer::Move(Ok(thought)) => thought,
            Answer::Move(Err(e)) => {
                self.complain(format!(
                    "{} cannot move: {e}. Ctrl-Z takes back, Ctrl-N starts again.",
                    t.name
                ));
                return;
            }
        };
        let choice = thought.choice;
        let size = self.variant().size();
        let mv = format_cell(choice.cell, size);
        self.last_search = Some(LastSearch {
            side: t.side,
            name: t.name,
            report: Report {
                depth: choice.depth,
                value: choice.value,
                pv: choice.pv.clone(),
                nodes: choice.nodes,
                lines: choice.lines.clone(),
            },
            time: thought.time,
        });
        match t.purpose {
            Purpose::Hint => {
                self.cursor = choice.cell;
                let value = choice
                    .value
                    .map(|v| format!(", {}", v.seen_by(t.side)))
                    .unwrap_or_default();
                self.say(format!("Hint: {mv} ({}{value}). Enter plays it.", t.name));
            }
            Purpose::Move | Purpose::Opening => {
                let news = format!("{} played {mv}.", self.label(t.side));
                if let Err(e) = mnk::game::Board::clone(self.session.board()).try_play(choice.cell)
                {
                    self.complain(format!("{} chose an illegal move {mv}: {e}.", t.name));
                    return;
                }
                self.play(choice.cell, news);
            }
        }
    }

    /// The whole game as a record: every move of the line (also those after a reviewed
    /// position), the players, the result.
    pub fn record(&self) -> Record {
        self.session.record()
    }

    /// Writes the game to `path` (`save FILE`), and says so or why not.
    pub fn save(&mut self, path: &str) {
        if path.is_empty() {
            self.complain(
                "Save where? Type save FILE: FILE.psq (Piskvork), FILE.sgf (SGF) or any other \
                 name for the move line.",
            );
            return;
        }
        let record = self.record();
        match records::save(path, self.format, &record) {
            Ok(format) => self.say(format!(
                "Saved {} moves to {path} ({format}).",
                record.moves().len()
            )),
            Err(e) => self.complain(format!("Cannot save to {path}: {e}. The game goes on.")),
        }
    }

    /// Replaces the game with the record in `path` (`load FILE`), reviewable move by move; the
    /// current game stays when the file cannot be read or a seat cannot play its board.
    pub fn load(&mut self, path: &str) {
        if path.is_empty() {
            self.complain("Load what? Type load FILE: a .psq, .sgf or move-line file.");
            return;
        }
        if self.thinking.is_some() {
            self.complain("Thinking: Esc makes the machine move first, then load.");
            return;
        }
        let size = self.variant().size();
        let record = match records::read(path, self.format, &Given::default(), Some(size)) {
            Ok(record) => record,
            Err(LoadError::File(e)) => {
                return self.complain(format!("Cannot load {e}. The game goes on."));
            }
            Err(LoadError::Record(e)) => return self.complain(format!("{e}. The game goes on.")),
        };
        let game = record.game();
        for side in Side::BOTH {
            if let Some(machine) = self.session.seat(side).machine()
                && let Some(info) = mnk::players::info(machine.spec.name)
                && let Err(e) = info.fits(game.board(), &machine.spec.options)
            {
                let text = format!(
                    "{side} cannot be {}: {e}. The game goes on.",
                    machine.spec.name
                );
                return self.complain(text);
            }
        }
        let variant = record.variant();
        if variant != self.variant() {
            self.hinter = None;
        }
        for occupant in self.session.seats_mut() {
            if let Some(seat) = occupant.machine_mut().and_then(|m| m.seat.as_mut()) {
                seat.new_game();
                seat.prepare(&variant);
            }
        }
        self.cursor = centre(variant.size());
        self.session.load(&record);
        self.last_search = None;
        self.say(format!(
            "Loaded {} moves from {path}: PgUp/PgDn/Home step through them.",
            self.session.line().len()
        ));
        self.announce_end();
    }

    /// `--autosave`: writes the game if it changed. A later failure is said and the game
    /// goes on.
    ///
    /// # Errors
    /// The first write's failure (a file that cannot be written is refused before the game).
    pub fn autosave(&mut self) -> Result<(), Failure> {
        if self.autosave.is_none() {
            return Ok(());
        }
        let record = self.record();
        let Some(autosave) = &mut self.autosave else {
            return Ok(());
        };
        let mut warning = Vec::new();
        autosave.write(&record, &mut warning)?;
        if !warning.is_empty() {
            self.complain(String::from_utf8_lossy(&warning).trim().to_string());
        }
        Ok(())
    }

    /// Runs a typed line: a move in notation, or a command word.
    pub fn run_typed(&mut self) {
        let text = std::mem::take(&mut self.typed);
        if let Some(path) = records::save_command(&text) {
            self.save(path);
            return;
        }
        if let Some(path) = records::file_command(&text, "load") {
            self.load(path);
            return;
        }
        let command = text.trim().to_ascii_lowercase();
        match command.as_str() {
            "" => {}
            "quit" | "bye" | "exit" | "q" => self.quit = true,
            "help" | "?" | "h" => self.help = true,
            "undo" => self.undo(),
            "redo" => self.redo(),
            "hint" => self.hint(),
            "new" => self.new_game(),
            "go" => self.go(),
            "black" | "swap" => self.choose(Act::Black),
            "place" => self.choose(Act::PlaceTwo),
            "numbers" => self.numbers = !self.numbers,
            "moves" => {
                let size = self.variant().size();
                let text = format!("Moves: {}", format_moves(self.session.game_moves(), size));
                self.say(text);
            }
            _ => match parse_move(&command, self.session.board()) {
                Ok(cell) => self.place(cell),
                Err(e) => self.complain(format!(
                    "{e}. Type a move like h8, or undo, redo, hint, new, go, moves, save FILE, quit."
                )),
            },
        }
    }

    /// The game so far, to resume it from (`--moves`), or `None` before the first move: the
    /// moves undo took back are not the game's.
    pub fn moves_line(&self) -> Option<String> {
        let line = self.session.game_moves();
        (!line.is_empty()).then(|| format_moves(line, self.variant().size()))
    }

    /// Stops any search and waits for its thread, so the process can leave cleanly.
    pub fn shut_down(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop.set();
            let _ = t.answer.recv_timeout(Duration::from_secs(5));
        }
    }
}

/// `black's first stone`: the stone after `placed` stones.
fn stone(placed: usize) -> String {
    const ORDINALS: [&str; 6] = ["first", "second", "third", "fourth", "fifth", "sixth"];
    let colour = if Side::to_move_after(placed) == Side::X {
        "black"
    } else {
        "white"
    };
    format!("{colour}'s {} stone", ORDINALS[placed.min(5)])
}

/// The centre of a board (left of the middle on an even width, below it on an even height),
/// where the cursor starts.
fn centre(size: mnk::game::Size) -> Cell {
    size.cell(i32::from(size.height) / 2, i32::from(size.width - 1) / 2)
        .expect("the centre is on the board")
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mnk::game::{OpeningRule, Rule, Size};
    use mnk::notation::parse_cell;
    use mnk::session::Occupant;

    fn machine(name: &str, variant: &Variant) -> Occupant<Machine> {
        let spec: PlayerSpec = name.parse().unwrap();
        let mut seat = Seat::new(spec.clone());
        seat.prepare(variant);
        Occupant::Machine(Machine {
            spec,
            seat: Some(seat),
        })
    }

    fn app(o: Option<&str>) -> App {
        let variant = Variant::new(Size::square(7), 4, Rule::Freestyle).unwrap();
        let o = o.map_or(Occupant::Human, |name| machine(name, &variant));
        App::new(Session::new(variant, [Occupant::Human, o]))
    }

    fn cell(app: &App, text: &str) -> Cell {
        parse_cell(text, app.variant().size()).unwrap()
    }

    /// Types each of `lines` and Enter.
    fn type_lines(app: &mut App, lines: &[&str]) {
        for line in lines {
            app.typed = (*line).into();
            app.run_typed();
        }
    }

    fn wait(app: &mut App) {
        app.tick();
        while app.thinking.is_some() {
            thread::sleep(Duration::from_millis(5));
            app.tick();
        }
    }

    #[test]
    fn the_cursor_starts_in_the_centre_and_stays_on_the_board() {
        let mut a = app(None);
        assert_eq!(a.cursor, cell(&a, "d4"));
        a.move_cursor(-10, 10);
        assert_eq!(a.cursor, cell(&a, "g7"));
    }

    #[test]
    fn typed_moves_and_the_cursor_play_and_bad_ones_are_refused() {
        let mut a = app(None);
        a.place(a.cursor);
        a.typed = "c3".into();
        a.run_typed();
        assert_eq!(a.moves(), [cell(&a, "d4"), cell(&a, "c3")]);
        a.typed = "c3".into();
        a.run_typed();
        assert!(
            a.error && a.message.contains("c3 is already taken"),
            "{}",
            a.message
        );
        a.typed = "z9".into();
        a.run_typed();
        assert!(
            a.error && a.message.contains("off the board"),
            "{}",
            a.message
        );
        assert_eq!(a.moves().len(), 2);
    }

    #[test]
    fn the_machine_answers_and_undo_takes_back_its_reply_too() {
        let mut a = app(Some("rules"));
        a.place(cell(&a, "d4"));
        wait(&mut a);
        assert_eq!(a.moves().len(), 2, "{}", a.message);
        a.undo();
        assert!(a.moves().is_empty());
        // The undone moves wait on the line: the machine does not replay them by itself.
        assert!(!a.tick() && a.reviewing());
        a.redo();
        assert_eq!(a.moves().len(), 2);
        assert!(!a.reviewing());
    }

    #[test]
    fn the_moves_undo_took_back_are_not_saved_or_printed_but_a_review_keeps_them() {
        let mut a = app(None);
        type_lines(&mut a, &["d4", "c3", "e5", "a1"]);
        let moves = |a: &App| (a.moves_line(), a.record().moves().len());
        let all = (Some("d4 c3 e5 a1".to_string()), 4);
        // Stepping back to look is no change to the game.
        a.back();
        a.back();
        assert_eq!(moves(&a), all);
        a.jump(true);
        // Undo takes a1 back: the autosave's record and the moves printed on leaving end at
        // e5 while a1 waits for redo.
        a.undo();
        assert_eq!(moves(&a), (Some("d4 c3 e5".to_string()), 3));
        type_lines(&mut a, &["moves"]);
        assert_eq!(a.message, "Moves: d4 c3 e5");
        // Stepping further back keeps it so; redo (or stepping forward) makes a1 the game's
        // again.
        a.back();
        assert_eq!(moves(&a).1, 3);
        a.forward();
        a.redo();
        assert_eq!(moves(&a), all);
        a.undo();
        a.undo();
        assert_eq!(moves(&a), (Some("d4 c3".to_string()), 2));
        // A move played after undo replaces what it took back.
        a.place(cell(&a, "g7"));
        assert_eq!(moves(&a), (Some("d4 c3 g7".to_string()), 3));
    }

    #[test]
    fn reviewing_steps_through_the_game_and_a_move_cuts_the_line() {
        let mut a = app(None);
        type_lines(&mut a, &["d4", "c3", "e5", "a1"]);
        a.jump(false);
        assert!(a.moves().is_empty());
        a.forward();
        a.forward();
        assert_eq!(a.moves().len(), 2);
        a.back();
        assert_eq!(a.moves(), [cell(&a, "d4")]);
        a.jump(true);
        assert_eq!(a.moves().len(), 4);
        a.back();
        a.back();
        a.place(cell(&a, "g7"));
        assert_eq!(
            a.session.line(),
            [cell(&a, "d4"), cell(&a, "c3"), cell(&a, "g7")]
        );
    }

    #[test]
    fn a_hint_comes_from_the_strongest_player_and_moves_the_cursor() {
        let mut a = app(None);
        a.hint();
        wait(&mut a);
        assert!(a.message.starts_with("Hint: "), "{}", a.message);
        assert!(
            a.message.contains("(score)") || a.message.contains("win"),
            "{}",
            a.message
        );
        assert!(a.session.board().is_empty(a.cursor));
        assert!(a.moves().is_empty());
    }

    #[test]
    fn a_win_is_announced_with_its_line() {
        let mut a = app(None);
        for m in ["a1", "a7", "b1", "b7", "c1", "c7", "d1"] {
            a.typed = m.into();
            a.run_typed();
        }
        assert!(a.session.board().is_over());
        assert_eq!(a.message, "X wins with a1 b1 c1 d1.");
        a.place(cell(&a, "e5"));
        assert!(a.error && a.message.starts_with("The game is over"));
    }

    #[test]
    fn a_swap2_opening_on_the_board_with_the_machine_opening() {
        let variant = Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap();
        let session = Session::new(variant, [machine("rules", &variant), Occupant::Human])
            .with_opening(OpeningRule::Swap2)
            .unwrap();
        let mut a = App::new(session);
        // Rules places its three stones by itself; the person then chooses.
        wait(&mut a);
        assert_eq!(a.moves().len(), 3, "{}", a.message);
        assert_eq!(
            a.opening_status().unwrap(),
            "swap2 opening: the other player (you)\ntype black: take black\n\
             or place white's fourth stone\nor type place: two more stones"
        );
        // Undo has no stone of the person's to take back; a hint waits for the game.
        a.undo();
        assert_eq!(
            (a.moves().len(), a.message.as_str()),
            (3, "Nothing to undo.")
        );
        a.hint();
        assert!(a.error && a.message.contains("No hints"), "{}", a.message);
        a.typed = "place".into();
        a.run_typed();
        assert_eq!(a.message, "the other player (you) places two more stones.");
        a.place(cell(&a, "a1"));
        a.undo();
        assert_eq!(
            a.moves().len(),
            3,
            "a stone of the stage under way is taken back"
        );
        for m in ["a1", "o15"] {
            a.typed = m.into();
            a.run_typed();
        }
        // Rules, the opener, chooses on five stones: it never takes black, so it takes
        // white with the sixth stone, and the seats change colours.
        wait(&mut a);
        assert_eq!(a.moves().len(), 6, "{}", a.message);
        assert!(a.message.contains("takes white and plays"), "{}", a.message);
        assert_eq!(a.label(Side::X), "X (you)");
        assert!(a.opening_status().is_none());
        assert!(a.record().write(Format::Sgf).contains("OP[swap2:6]"));
        // The game proper: the person (X) moves, the machine answers.
        a.place(cell(&a, "a15"));
        wait(&mut a);
        assert_eq!(a.moves().len(), 8, "{}", a.message);
    }
}
