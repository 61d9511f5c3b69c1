//! The full-screen game's state and what each action does to it, apart from the terminal:
//! the game line with the position shown on it, the cursor, the seats, the machine thinking
//! on its own thread, the typed line and the message.
//!
//! The game is a line of moves and a position on it (`at`): undo, redo and stepping through
//! the game move the position; a move played anywhere cuts the line there. A machine moves
//! only at the end of the line, so stepping back to review never makes it play.

use crate::failure::Failure;
use crate::records::{self, Autosave, LoadError};
use mnk::game::{Cell, Game, Side, Status, Variant};
use mnk::notation::{format_cell, format_moves, parse_move};
use mnk::players::{Ask, PlayerSpec, Seat, Thought};
use mnk::record::{Format, Given, Players, Record};
use mnk::search::{Clocks, MOVE_OVERHEAD, PlayerError, Progress, Report, Stop, Timing};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How long a hint lets the strongest player think.
pub const HINT_TIME: Duration = Duration::from_secs(3);

/// Someone at the board.
pub enum Chair {
    /// A person at the keyboard.
    Human,
    /// A computer player: its seat, away while it thinks on its own thread.
    Machine {
        /// The player's name and settings.
        spec: PlayerSpec,
        /// The seat, `None` while a search holds it.
        seat: Option<Seat>,
    },
}

/// What a search is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// The machine's move for the side to move.
    Move,
    /// A hint for the person to move.
    Hint,
}

/// A search running on its own thread.
pub struct Thinking {
    /// Whose move is searched.
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
    answer: mpsc::Receiver<(Seat, Result<Thought, PlayerError>)>,
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
    /// The game, at the position shown.
    pub game: Game,
    /// Every move of the line, also those after the position shown (undone, or being reviewed).
    pub line: Vec<Cell>,
    /// Who plays X and O.
    pub chairs: [Chair; 2],
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
    /// The players' clocks, in a timed game.
    pub clocks: Option<Clocks>,
    /// The side whose flag fell: the game ended on time.
    pub flagged: Option<Side>,
    /// The format of `save FILE` and the autosave (`None`: each file's extension).
    pub format: Option<Format>,
    /// `--autosave`: the game written after every change.
    pub autosave: Option<Autosave>,
}

impl App {
    /// A game of `game`'s variant from its position, with these chairs, timed by `timing`.
    pub fn new(game: Game, chairs: [Chair; 2], timing: Option<Timing>) -> Self {
        let cursor = centre(game.board().size());
        let line = game.moves().to_vec();
        let mut app = App {
            game,
            line,
            chairs,
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
            clocks: timing.map(Clocks::new),
            flagged: None,
            format: None,
            autosave: None,
        };
        app.say(format!(
            "{} against {}. Arrows and Enter place a stone; ? for help.",
            app.label(Side::X),
            app.label(Side::O)
        ));
        app
    }

    /// The variant played.
    pub fn variant(&self) -> Variant {
        *self.game.board().variant()
    }

    /// "X (you)", "O (engine)", "X".
    pub fn label(&self, side: Side) -> String {
        match &self.chairs[side.index()] {
            Chair::Human if self.humans() == 1 => format!("{side} (you)"),
            Chair::Human => format!("{side}"),
            Chair::Machine { spec, .. } => format!("{side} ({})", spec.name),
        }
    }

    /// Who plays `side`: "you", "human", or the player's name.
    pub fn player(&self, side: Side) -> String {
        match &self.chairs[side.index()] {
            Chair::Human if self.humans() == 1 => "you".to_string(),
            Chair::Human => "human".to_string(),
            Chair::Machine { spec, .. } => spec.to_string(),
        }
    }

    fn humans(&self) -> usize {
        self.chairs
            .iter()
            .filter(|c| matches!(c, Chair::Human))
            .count()
    }

    fn is_human(&self, side: Side) -> bool {
        matches!(self.chairs[side.index()], Chair::Human)
    }

    /// The moves on the board, in order.
    pub fn moves(&self) -> &[Cell] {
        self.game.moves()
    }

    /// Whether the game has ended: on the board, or on time.
    pub fn over(&self) -> bool {
        self.flagged.is_some() || self.game.board().is_over()
    }

    /// Whether the position shown is before the end of the line (reviewing, or after undo).
    pub fn reviewing(&self) -> bool {
        self.game.moves().len() < self.line.len()
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
        let size = self.game.board().size();
        let row = (size.row(self.cursor) + rows).clamp(0, i32::from(size.height) - 1);
        let col = (size.col(self.cursor) + cols).clamp(0, i32::from(size.width) - 1);
        self.cursor = size.cell(row, col).expect("clamped to the board");
    }

    /// A person places a stone on `cell` for the side to move.
    pub fn place(&mut self, cell: Cell) {
        self.cursor = cell;
        if self.over() {
            self.complain("The game is over: Ctrl-N (or 'new') starts a new one, Ctrl-Z undoes.");
            return;
        }
        let board = self.game.board();
        let side = board.to_move();
        if !self.is_human(side) {
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
        let notation = format_cell(cell, board.size());
        if let Err(e) = parse_move(&notation, board) {
            self.complain(format!("{e}."));
            return;
        }
        self.drop_hint();
        self.say(format!("{side} played {notation}."));
        self.play(cell).expect("checked legal");
    }

    /// Plays `cell` at the position shown, cutting the line there; the mover's clock stops
    /// (a flag that fell during the move ends the game instead).
    fn play(&mut self, cell: Cell) -> Result<(), mnk::game::MoveError> {
        let mover = self.game.board().to_move();
        if let Some(clocks) = &mut self.clocks
            && clocks.running() == Some(mover)
            && let Some(side) = clocks.stop(Instant::now())
        {
            self.flag_fell(side);
            return Ok(());
        }
        self.game.play(cell)?;
        self.line.truncate(self.game.moves().len() - 1);
        self.line.push(cell);
        self.announce_end();
        Ok(())
    }

    fn announce_end(&mut self) {
        let size = self.game.board().size();
        match self.game.board().status() {
            Status::Won { side, line } => {
                let cells: Vec<_> = line.cells(size).collect();
                let text = format!(
                    "{} wins with {}.",
                    self.label(side),
                    format_moves(&cells, size)
                );
                self.say(text);
            }
            Status::Draw => self.say("Draw: the board is full."),
            Status::InProgress => {}
        }
    }

    fn flag_fell(&mut self, side: Side) {
        self.halt();
        self.flagged = Some(side);
        if let Some(clocks) = &mut self.clocks {
            clocks.pause(Instant::now());
        }
        let text = format!(
            "{side}'s flag fell: {} wins on time.",
            self.label(side.other())
        );
        self.say(text);
    }

    /// Refuses to change a game that ended on time.
    fn ended_on_time(&mut self) -> bool {
        if self.flagged.is_some() {
            self.complain("The game ended on time: Ctrl-N (or 'new') starts a new one.");
        }
        self.flagged.is_some()
    }

    /// Takes back moves until it is a person's turn again, having taken back at least one
    /// person's move (as the line interface's `undo`).
    pub fn undo(&mut self) {
        if self.ended_on_time() {
            return;
        }
        self.halt();
        let mut side = Side::X;
        let human_moves = self
            .game
            .moves()
            .iter()
            .filter(|_| {
                let human = self.is_human(side);
                side = side.other();
                human
            })
            .count();
        if human_moves == 0 {
            self.complain("Nothing to undo.");
            return;
        }
        let mut undone = 0;
        loop {
            let mover = self.game.board().to_move().other();
            self.game.undo();
            undone += 1;
            if self.is_human(mover) {
                break;
            }
        }
        self.say(format!(
            "Took back {undone} move{}: Ctrl-Y redoes.",
            plural(undone)
        ));
    }

    /// Replays the moves undo took back, up to the next person's turn.
    pub fn redo(&mut self) {
        if self.ended_on_time() {
            return;
        }
        self.halt();
        if !self.reviewing() {
            self.complain("Nothing to redo.");
            return;
        }
        loop {
            self.forward();
            let next = self.game.board().to_move();
            if !self.reviewing() || self.is_human(next) {
                break;
            }
        }
        self.say("Redone.");
    }

    /// Steps one move back through the game (review): machines wait.
    pub fn back(&mut self) {
        self.halt();
        if self.game.undo().is_none() {
            self.complain("This is the start of the game.");
        } else {
            self.say_position();
        }
    }

    /// Steps one move forward through the game.
    pub fn forward(&mut self) {
        self.halt();
        let n = self.game.moves().len();
        match self.line.get(n) {
            Some(&cell) => {
                self.game.play(cell).expect("the line was legal");
                self.say_position();
                self.announce_end();
            }
            None => self.complain("This is the end of the game."),
        }
    }

    /// Goes to the start (`false`) or the end (`true`) of the game.
    pub fn jump(&mut self, end: bool) {
        self.halt();
        if end {
            while self.reviewing() {
                let cell = self.line[self.game.moves().len()];
                self.game.play(cell).expect("the line was legal");
            }
            self.announce_end();
        } else {
            while self.game.undo().is_some() {}
        }
        if !self.game.board().is_over() {
            self.say_position();
        }
    }

    fn say_position(&mut self) {
        let n = self.game.moves().len();
        let text = if self.reviewing() {
            format!(
                "Move {n} of {}: PgUp/PgDn step, End returns, a move here cuts the game.",
                self.line.len()
            )
        } else {
            format!("Move {n}, the end of the game.")
        };
        self.say(text);
    }

    /// Starts a new game with the same players.
    pub fn new_game(&mut self) {
        self.halt();
        let variant = self.variant();
        self.game = Game::new(variant);
        self.line.clear();
        self.last_search = None;
        self.flagged = None;
        self.clocks = self.clocks.as_ref().map(|c| Clocks::new(c.timing()));
        for chair in &mut self.chairs {
            if let Chair::Machine {
                seat: Some(seat), ..
            } = chair
            {
                seat.new_game();
            }
        }
        self.say("New game.");
    }

    /// Lets the machine to move play from the position shown (cutting the line).
    pub fn go(&mut self) {
        let side = self.game.board().to_move();
        if self.is_human(side) {
            self.complain(format!("It is {}'s move.", self.label(side)));
        } else {
            self.line.truncate(self.game.moves().len());
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
        let variant = self.variant();
        let seat = self.hinter.take().unwrap_or_else(|| {
            let mut spec = mnk::players::strongest_for(&variant);
            spec.options.time_ms = Some(HINT_TIME.as_millis() as u64);
            let mut seat = Seat::new(spec);
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
            Some(t) if t.purpose == Purpose::Move && !t.stop.is_set() => {
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
        let board = self.game.board().clone();
        let side = board.to_move();
        let progress = Progress::new();
        let mut ask = Ask::now().with_progress(progress.clone());
        if let Some(clocks) = &self.clocks
            && purpose == Purpose::Move
        {
            let control = clocks.control(side);
            ask.plan = control.plan(board.stones(), board.empty_cells(), MOVE_OVERHEAD);
        }
        let stop = ask.stop.clone();
        let (sender, answer) = mpsc::channel();
        let name = seat.spec().name;
        thread::spawn(move || {
            let thought = seat.choose(&board, &ask);
            // The receiver is gone only when the game has ended.
            let _ = sender.send((seat, thought));
        });
        self.thinking = Some(Thinking {
            side,
            name,
            purpose,
            started: Instant::now(),
            progress,
            stop,
            at: (self.line.len(), self.game.moves().len()),
            dropped: false,
            answer,
        });
    }

    /// Advances the game: takes a finished search's answer, and starts the machine's search
    /// when it is a machine's move at the end of the line. Returns whether anything changed.
    pub fn tick(&mut self) -> bool {
        let mut changed = false;
        if let Some(t) = &self.thinking {
            match t.answer.try_recv() {
                Ok((seat, thought)) => {
                    let t = self.thinking.take().expect("just seen");
                    self.finish(t, seat, thought);
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
        let board = self.game.board();
        if self.thinking.is_none() && !self.over() && !self.reviewing() {
            let side = board.to_move();
            if let Chair::Machine { seat, .. } = &mut self.chairs[side.index()]
                && let Some(seat) = seat.take()
            {
                self.start(seat, Purpose::Move);
                changed = true;
            }
        }
        changed
    }

    /// Runs the clock of the side to move while the game is on at the end of its line, stops
    /// it otherwise, and ends the game when a flag falls. Returns whether a clock is running
    /// or the game ended (the screen changes).
    fn run_clocks(&mut self) -> bool {
        let now = Instant::now();
        let on = !self.over() && !self.reviewing();
        let to_move = self.game.board().to_move();
        let Some(clocks) = &mut self.clocks else {
            return false;
        };
        match clocks.running() {
            Some(side) if !on || side != to_move => clocks.pause(now),
            _ => {}
        }
        if on && clocks.running().is_none() {
            clocks.start(to_move, now);
        }
        if let Some(side) = clocks.flag(now) {
            self.flag_fell(side);
            return true;
        }
        clocks.running().is_some()
    }

    fn finish(&mut self, t: Thinking, seat: Seat, thought: Result<Thought, PlayerError>) {
        match t.purpose {
            Purpose::Hint => self.hinter = Some(seat),
            Purpose::Move => match &mut self.chairs[t.side.index()] {
                Chair::Machine { seat: chair, .. } => *chair = Some(seat),
                Chair::Human => unreachable!("only machines move by themselves"),
            },
        }
        let current = (self.line.len(), self.game.moves().len());
        if t.dropped || t.at != current {
            return;
        }
        let thought = match thought {
            Ok(thought) => thought,
            Err(e) => {
                self.complain(format!(
                    "{} cannot move: {e}. Ctrl-Z takes back, Ctrl-N starts again.",
                    t.name
                ));
                return;
            }
        };
        let choice = thought.choice;
        let size = self.game.board().size();
        let mv = format_cell(choice.cell, size);
        self.last_search = Some(LastSearch {
            side: t.side,
            name: t.name,
            report: Report {
                depth: choice.depth,
                value: choice.value,
                pv: choice.pv.clone(),
                nodes: choice.nodes,
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
            Purpose::Move => {
                self.say(format!("{} played {mv}.", self.label(t.side)));
                if let Err(e) = self.play(choice.cell) {
                    self.complain(format!("{} chose an illegal move {mv}: {e}.", t.name));
                }
            }
        }
    }

    /// The whole game as a record: every move of the line (also those after a reviewed
    /// position), the players, the result.
    pub fn record(&self) -> Record {
        let game = Game::from_moves(self.variant(), &self.line).expect("the line is legal");
        let name = |side: Side| match &self.chairs[side.index()] {
            Chair::Human => "human".to_string(),
            Chair::Machine { spec, .. } => spec.to_string(),
        };
        let players = Players {
            x: Some(name(Side::X)),
            o: Some(name(Side::O)),
        };
        let mut record = records::of_session(&game, &players);
        if let Some(side) = self.flagged {
            record.result = Some(mnk::game::Ending::won(side.other(), mnk::game::WinBy::Time));
        }
        record
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
        let size = self.game.board().size();
        let record = match records::read(path, self.format, &Given::default(), Some(size)) {
            Ok(record) => record,
            Err(LoadError::File(e)) => {
                return self.complain(format!("Cannot load {e}. The game goes on."));
            }
            Err(LoadError::Record(e)) => return self.complain(format!("{e}. The game goes on.")),
        };
        let game = record.game();
        for side in Side::BOTH {
            if let Chair::Machine { spec, .. } = &self.chairs[side.index()]
                && let Some(info) = mnk::players::info(spec.name)
                && let Err(e) = info.fits(game.board(), &spec.options)
            {
                let text = format!("{side} cannot be {}: {e}. The game goes on.", spec.name);
                return self.complain(text);
            }
        }
        let variant = record.variant();
        if variant != self.variant() {
            self.hinter = None;
        }
        for chair in &mut self.chairs {
            if let Chair::Machine {
                seat: Some(seat), ..
            } = chair
            {
                seat.new_game();
                seat.prepare(&variant);
            }
        }
        self.cursor = centre(variant.size());
        self.game = game;
        self.line = record.moves().to_vec();
        self.last_search = None;
        self.flagged = None;
        self.clocks = self.clocks.as_ref().map(|c| Clocks::new(c.timing()));
        self.say(format!(
            "Loaded {} moves from {path}: PgUp/PgDn/Home step through them.",
            self.line.len()
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
            "numbers" => self.numbers = !self.numbers,
            "moves" => {
                let size = self.game.board().size();
                let text = format!("Moves: {}", format_moves(&self.line, size));
                self.say(text);
            }
            _ => match parse_move(&command, self.game.board()) {
                Ok(cell) => self.place(cell),
                Err(e) => self.complain(format!(
                    "{e}. Type a move like h8, or undo, redo, hint, new, go, moves, save FILE, quit."
                )),
            },
        }
    }

    /// The game so far, to resume it from (`--moves`), or `None` before the first move.
    pub fn moves_line(&self) -> Option<String> {
        (!self.line.is_empty()).then(|| format_moves(&self.line, self.game.board().size()))
    }

    /// Stops any search and waits for its thread, so the process can leave cleanly.
    pub fn shut_down(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop.set();
            let _ = t.answer.recv_timeout(Duration::from_secs(5));
        }
    }
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
    use mnk::game::{Rule, Size};
    use mnk::notation::parse_cell;

    fn app(o: Option<&str>) -> App {
        let variant = Variant::new(Size::square(7), 4, Rule::Freestyle).unwrap();
        let o = o.map_or(Chair::Human, |name| {
            let spec: PlayerSpec = name.parse().unwrap();
            let mut seat = Seat::new(spec.clone());
            seat.prepare(&variant);
            Chair::Machine {
                spec,
                seat: Some(seat),
            }
        });
        App::new(Game::new(variant), [Chair::Human, o], None)
    }

    fn cell(app: &App, text: &str) -> Cell {
        parse_cell(text, app.game.board().size()).unwrap()
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
    fn reviewing_steps_through_the_game_and_a_move_cuts_the_line() {
        let mut a = app(None);
        for m in ["d4", "c3", "e5", "a1"] {
            a.typed = m.into();
            a.run_typed();
        }
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
        assert_eq!(a.line, [cell(&a, "d4"), cell(&a, "c3"), cell(&a, "g7")]);
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
        assert!(a.game.board().is_empty(a.cursor));
        assert!(a.moves().is_empty());
    }

    #[test]
    fn a_win_is_announced_with_its_line() {
        let mut a = app(None);
        for m in ["a1", "a7", "b1", "b7", "c1", "c7", "d1"] {
            a.typed = m.into();
            a.run_typed();
        }
        assert!(a.game.board().is_over());
        assert_eq!(a.message, "X wins with a1 b1 c1 d1.");
        a.place(cell(&a, "e5"));
        assert!(a.error && a.message.starts_with("The game is over"));
    }
}
