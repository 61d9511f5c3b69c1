//! `mnk play` on a terminal: a full-screen board driven by the cursor keys, the mouse or typed
//! notation, with the machine's search shown live while it thinks.
//!
//! The state and its actions are in `app` (testable without a terminal), the drawing in
//! `view`; this module owns the terminal (raw mode, the alternate screen, mouse capture), maps
//! keys and clicks to actions, and restores the terminal however the game ends. On leaving it
//! prints the moves, so that a game is never lost.

mod app;
mod view;

use crate::failure::Failure;
use crate::records::Autosave;
use app::{App, Machine};
use mnk::players::Seat;
use mnk::record::Format;
use mnk::session::Session;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;
use std::io::{BufWriter, Stdout, Write};
use std::time::Duration;
use view::Geometry;

/// How often the screen is redrawn while a search runs (its live figures).
const FRAME: Duration = Duration::from_millis(100);

/// How the game is kept on disk: `save FILE`'s and the autosave's format (`None`: each file's
/// extension), and `--autosave`.
pub struct Saving {
    /// `--format`.
    pub format: Option<Format>,
    /// `--autosave FILE`.
    pub autosave: Option<Autosave>,
}

/// Plays `session` (its opening too) in the full-screen board, then prints the moves to `out`.
pub fn run(session: Session<Seat>, saving: Saving, out: &mut dyn Write) -> Result<(), Failure> {
    let session = session.map_seats(|seat| Machine {
        spec: seat.spec().clone(),
        seat: Some(seat),
    });
    let mut app = App::new(session);
    app.format = saving.format;
    app.autosave = saving.autosave;
    // A file that cannot be written is refused before the screen changes.
    app.autosave()?;
    let mut terminal = open()?;
    // Without mouse capture the game is still played with the keys.
    let _ = execute!(std::io::stdout(), EnableMouseCapture);
    let result = event_loop(&mut terminal, &mut app);
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    app.shut_down();
    result?;
    if let Some(moves) = app.moves_line() {
        if app.over() && !app.reviewing() {
            writeln!(out, "{}", app.message)?;
        }
        writeln!(out, "Moves: {moves}")?;
    }
    Ok(())
}

/// The terminal the board is drawn on. Each frame goes out in one write, so that a terminal
/// (or tmux reading it) never shows half a board.
type Screen = ratatui::Terminal<CrosstermBackend<BufWriter<Stdout>>>;

/// The most a frame takes: a 26x26 board with its colours and the panel, with room to spare.
const FRAME_BYTES: usize = 1 << 16;

/// `ratatui::init`'s set-up (raw mode, the alternate screen, a panic hook that restores the
/// terminal), drawing through a buffer that is flushed once a frame.
fn open() -> std::io::Result<Screen> {
    drop(ratatui::try_init()?);
    Screen::new(CrosstermBackend::new(BufWriter::with_capacity(
        FRAME_BYTES,
        std::io::stdout(),
    )))
}

fn event_loop(terminal: &mut Screen, app: &mut App) -> Result<(), Failure> {
    let mut geometry = Geometry::default();
    let mut dirty = true;
    while !app.quit {
        dirty |= app.tick();
        if let Err(Failure::Usage(e) | Failure::Runtime(e)) = app.autosave() {
            app.complain(e);
        }
        // A search or a clock running changes the screen by itself.
        if dirty
            || app.thinking.is_some()
            || app.session.clocks().is_some_and(|c| c.running().is_some())
        {
            terminal.draw(|frame| geometry = view::draw(frame, app))?;
            dirty = false;
        }
        if event::poll(FRAME)? {
            dirty = true;
            match event::read()? {
                Event::Key(key) if key.kind != KeyEventKind::Release => on_key(app, key),
                Event::Mouse(mouse) => {
                    if let MouseEventKind::Down(MouseButton::Left) = mouse.kind {
                        let size = app.variant().size();
                        if let Some(cell) = geometry.cell_at(size, mouse.column, mouse.row) {
                            app.help = false;
                            app.place(cell);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    Ok(())
}

fn on_key(app: &mut App, key: KeyEvent) {
    if app.help {
        app.help = false;
        return;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        KeyCode::Char('c') if ctrl => app.interrupt(),
        KeyCode::Char('q') if ctrl => app.quit = true,
        KeyCode::Char('z') if ctrl => app.undo(),
        KeyCode::Char('y') if ctrl => app.redo(),
        KeyCode::Char('n') if ctrl => app.new_game(),
        KeyCode::Char('s') if ctrl => "save ".clone_into(&mut app.typed),
        KeyCode::Char('o') if ctrl => "load ".clone_into(&mut app.typed),
        KeyCode::Up => app.move_cursor(-1, 0),
        KeyCode::Down => app.move_cursor(1, 0),
        KeyCode::Left => app.move_cursor(0, -1),
        KeyCode::Right => app.move_cursor(0, 1),
        KeyCode::PageUp => app.back(),
        KeyCode::PageDown => app.forward(),
        KeyCode::Home => app.jump(false),
        KeyCode::End => app.jump(true),
        KeyCode::Tab => app.hint(),
        KeyCode::F(1) => app.help = true,
        KeyCode::Esc => {
            if app.thinking.is_some() {
                app.stop();
            } else {
                app.typed.clear();
            }
        }
        KeyCode::Enter | KeyCode::Char(' ') if app.typed.is_empty() => app.place(app.cursor),
        KeyCode::Enter => app.run_typed(),
        KeyCode::Backspace => {
            app.typed.pop();
        }
        KeyCode::Char('?') if app.typed.is_empty() => app.help = true,
        KeyCode::Char('#') if app.typed.is_empty() => app.numbers = !app.numbers,
        KeyCode::Char(c) if !ctrl && app.typed.len() < 64 && (c.is_ascii_graphic() || c == ' ') => {
            app.typed.push(c);
        }
        _ => {}
    }
}
