//! Drawing the full-screen game: the board (coordinates on its edges, coloured stones, the
//! last move and the winning line marked, the cursor), the side panel (players, whose move,
//! the machine's search live, the moves) and the line at the bottom (message, typed text).
//!
//! A board larger than the screen scrolls to keep the cursor in view, with marks on its edges
//! where rows or columns are out of view. With move numbers on, cells are wide enough for the
//! numbers and a space between them. The panel's lines wrap to its width.

use super::app::{App, LastSearch, Purpose};
use crate::render::{human_time, thousands};
use mnk::game::{Cell, Side, Size, Status};
use mnk::notation::{column_letter, format_cell, format_moves};
use mnk::search::{Report, clock_face};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use std::time::Instant;

/// Where the board's cells are on the screen, for the mouse.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Geometry {
    /// Screen column and row of the top-left cell shown.
    pub origin: (u16, u16),
    /// Screen columns per cell.
    pub cell_width: u16,
    /// Board row and column of the top-left cell shown.
    pub first: (i32, i32),
    /// Rows and columns shown.
    pub shown: (i32, i32),
}

impl Geometry {
    /// The cell at screen column `x`, row `y`, if one is shown there.
    pub fn cell_at(&self, size: Size, x: u16, y: u16) -> Option<Cell> {
        let (ox, oy) = self.origin;
        if x < ox || y < oy || self.cell_width == 0 {
            return None;
        }
        let col = i32::from((x - ox) / self.cell_width);
        let row = i32::from(y - oy);
        if col >= self.shown.1 || row >= self.shown.0 {
            return None;
        }
        size.cell(self.first.0 + row, self.first.1 + col)
    }
}

const X_STYLE: Style = Style::new()
    .fg(Color::LightRed)
    .add_modifier(Modifier::BOLD);
const O_STYLE: Style = Style::new()
    .fg(Color::LightCyan)
    .add_modifier(Modifier::BOLD);
const DIM: Style = Style::new().fg(Color::DarkGray);
/// The marks of rows and columns out of view.
const SCROLL: Style = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);

/// The decimal digits of `n`.
fn digits(n: usize) -> u16 {
    n.max(1).ilog10() as u16 + 1
}

fn side_style(side: Side) -> Style {
    match side {
        Side::X => X_STYLE,
        Side::O => O_STYLE,
    }
}

/// Draws the whole screen; returns where the board went.
pub fn draw(frame: &mut Frame, app: &App) -> Geometry {
    let size = app.variant().size();
    let area = frame.area();
    // The message wraps onto up to three lines; the typed line is the last.
    let width = usize::from(area.width.max(1));
    let message_lines = app.message.chars().count().div_ceil(width).clamp(1, 3) as u16;
    let [main, bottom] =
        Layout::vertical([Constraint::Min(3), Constraint::Length(message_lines + 1)]).areas(area);
    // Board: 3 columns of row numbers each side, cells of 2 (3 when that fits beside a
    // panel of 30 columns; with move numbers on, room for the largest and a space).
    let wide = 3 * u16::from(size.width) + 6 + 30 <= main.width;
    let numbered = if app.numbers {
        digits(app.moves().len()) + 1
    } else {
        0
    };
    let cell_width = if wide { 3 } else { 2 }.max(numbered);
    let board_width = (cell_width * u16::from(size.width) + 7).min(main.width.saturating_sub(24));
    let [board_area, panel_area] =
        Layout::horizontal([Constraint::Length(board_width), Constraint::Min(20)]).areas(main);
    let geometry = draw_board(frame, app, board_area, cell_width);
    draw_panel(frame, app, panel_area);
    draw_bottom(frame, app, bottom);
    if app.help {
        draw_help(frame, area);
    }
    geometry
}

/// The first of `shown` lines out of `total` that keeps `at` in view, near the middle.
fn scroll(total: i32, shown: i32, at: i32) -> i32 {
    if shown >= total {
        0
    } else {
        (at - shown / 2).clamp(0, total - shown)
    }
}

fn draw_board(frame: &mut Frame, app: &App, area: Rect, cell_width: u16) -> Geometry {
    let board = app.session.board();
    let size = board.size();
    let (height, width) = (i32::from(size.height), i32::from(size.width));
    let shown_rows = (i32::from(area.height) - 2).clamp(1, height);
    let shown_cols = ((i32::from(area.width) - 7) / i32::from(cell_width)).clamp(1, width);
    let first_row = scroll(height, shown_rows, size.row(app.cursor));
    let first_col = scroll(width, shown_cols, size.col(app.cursor));
    let win: Vec<Cell> = match board.status() {
        Status::Won { line, .. } => line.cells(size).collect(),
        _ => Vec::new(),
    };
    let last = app.session.game().last_move();
    // Renju's forbidden points for X, while X is to move.
    let forbidden: Vec<Cell> = board.forbidden_points().iter().map(|&(c, _)| c).collect();
    let numbers: Vec<Option<usize>> = {
        let mut n = vec![None; size.cells()];
        for (i, c) in app.moves().iter().enumerate() {
            n[c.index()] = Some(i + 1);
        }
        n
    };
    let pad = usize::from(cell_width);
    // Rows and columns out of view are marked on the letters' lines: ▲ above and ▼ below
    // (left of the letters), ◀ and ▶ at the ends of the letters.
    let (left, right) = (first_col > 0, first_col + shown_cols < width);
    let letters = |rows_hidden: bool, mark: char| {
        let corner = format!(
            "{} {}",
            if rows_hidden { mark } else { ' ' },
            if left { '◀' } else { ' ' }
        );
        let mut spans = vec![Span::styled(corner, SCROLL)];
        for col in first_col..first_col + shown_cols {
            let letter = column_letter(col as u8).to_string();
            spans.push(Span::styled(format!("{letter:^pad$}"), DIM));
        }
        if right {
            spans.push(Span::styled("▶", SCROLL));
        }
        Line::from(spans)
    };
    let mut lines = vec![letters(first_row > 0, '▲')];
    for row in first_row..first_row + shown_rows {
        let number = height - row;
        let mut spans = vec![Span::styled(format!("{number:>2} "), DIM)];
        for col in first_col..first_col + shown_cols {
            let cell = size.cell(row, col).expect("in range");
            let (text, mut style) = match board.get(cell) {
                Some(side) => {
                    // The cell is wider than the largest number (see `draw`).
                    let text = match numbers[cell.index()] {
                        Some(n) if app.numbers => n.to_string(),
                        _ => side.symbol().to_string(),
                    };
                    (text, side_style(side))
                }
                None if forbidden.contains(&cell) => ("×".to_string(), Style::new().fg(Color::Red)),
                None => ("·".to_string(), DIM),
            };
            if win.contains(&cell) {
                style = style.bg(Color::Green).fg(Color::Black);
            } else if Some(cell) == last {
                style = style.add_modifier(Modifier::UNDERLINED | Modifier::REVERSED);
            }
            if cell == app.cursor {
                style = style.bg(Color::Yellow).fg(Color::Black);
            }
            spans.push(Span::styled(format!("{text:^pad$}"), style));
        }
        spans.push(Span::styled(format!(" {number}"), DIM));
        lines.push(Line::from(spans));
    }
    lines.push(letters(first_row + shown_rows < height, '▼'));
    frame.render_widget(Paragraph::new(lines), area);
    Geometry {
        origin: (area.x + 3, area.y + 1),
        cell_width,
        first: (first_row, first_col),
        shown: (shown_rows, shown_cols),
    }
}

fn search_lines(report: &Report, side: Side, size: Size) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut facts = Vec::new();
    if let Some(depth) = report.depth {
        facts.push(format!("depth {depth}"));
    }
    facts.push(format!("{} nodes", thousands(report.nodes)));
    lines.push(Line::raw(facts.join(", ")));
    if let Some(value) = report.value {
        lines.push(Line::raw(format!("value {}", value.seen_by(side))));
    }
    if !report.pv.is_empty() {
        lines.push(Line::raw(format!("pv {}", format_moves(&report.pv, size))));
    }
    lines
}

fn draw_panel(frame: &mut Frame, app: &App, area: Rect) {
    let board = app.session.board();
    let size = board.size();
    let variant = app.variant();
    let mut lines = vec![
        Line::styled(
            format!("mnk {size}, {}", variant.short_phrase()),
            Style::new().add_modifier(Modifier::BOLD),
        ),
        player_line(app, Side::X),
        player_line(app, Side::O),
        Line::raw(""),
    ];
    if let Some(clocks) = app.session.clocks() {
        lines.insert(3, Line::styled(format!("clock {}", clocks.timing()), DIM));
    }
    let state = match board.status() {
        _ if app.flagged().is_some() => app.message.clone(),
        Status::Won { side, .. } => format!("{} won.", app.label(side)),
        Status::Draw => "Draw.".to_string(),
        Status::InProgress => {
            let side = board.to_move();
            let review = if app.reviewing() {
                format!(
                    " (move {} of {})",
                    app.moves().len(),
                    app.session.line().len()
                )
            } else {
                String::new()
            };
            match app.opening_status() {
                Some(opening) if !app.reviewing() => opening,
                _ => format!("{} to move{review}", app.label(side)),
            }
        }
    };
    for part in state.split('\n') {
        lines.push(Line::styled(
            part.to_string(),
            Style::new().add_modifier(Modifier::BOLD),
        ));
    }
    if let Some(t) = &app.thinking {
        let what = match t.purpose {
            Purpose::Move => format!("{} thinking", t.name),
            Purpose::Opening => format!("{} thinking (the opening)", t.name),
            Purpose::Hint => format!("hint: {} thinking", t.name),
        };
        lines.push(Line::styled(
            format!("{what} {} (Esc: play now)", human_time(t.started.elapsed())),
            Style::new().fg(Color::Yellow),
        ));
        let mut report = t.progress.latest().unwrap_or_default();
        report.nodes = report.nodes.max(t.progress.nodes());
        lines.extend(search_lines(&report, t.side, size));
    } else if let Some(LastSearch {
        side,
        name,
        report,
        time,
    }) = &app.last_search
    {
        lines.push(Line::styled(
            format!("{name} for {side}, {}:", human_time(*time)),
            DIM,
        ));
        lines.extend(search_lines(report, *side, size));
    }
    lines.push(Line::raw(""));
    // The lines above wrap to the panel's width (a long line of play, the thinking line);
    // the moves take the rows left below them.
    let inner = area.width.saturating_sub(1);
    let header = Paragraph::new(lines).wrap(Wrap { trim: false });
    let header_rows = u16::try_from(header.line_count(inner))
        .unwrap_or(u16::MAX)
        .min(area.height);
    let [header_area, moves_area] =
        Layout::vertical([Constraint::Length(header_rows), Constraint::Min(0)]).areas(area);
    let border = || Block::new().borders(Borders::LEFT).border_style(DIM);
    frame.render_widget(header.block(border()), header_area);
    // The moves, two a line, the latest in view.
    let moves = app.session.line();
    let rows: Vec<Line> = moves
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let shown = app.moves().len();
            let mut spans = vec![Span::styled(format!("{:>3}. ", i + 1), DIM)];
            for (j, &c) in pair.iter().enumerate() {
                let index = 2 * i + j;
                let side = if j == 0 { Side::X } else { Side::O };
                let mut style = side_style(side);
                if index >= shown {
                    style = DIM;
                } else if index + 1 == shown {
                    style = style.add_modifier(Modifier::REVERSED);
                }
                spans.push(Span::styled(format!("{:<4}", format_cell(c, size)), style));
                spans.push(Span::raw(" "));
            }
            Line::from(spans)
        })
        .collect();
    let room = usize::from(moves_area.height.saturating_sub(2));
    let current_row = app.moves().len().saturating_sub(1) / 2;
    let first = if rows.len() > room {
        (current_row + 1)
            .saturating_sub(room)
            .min(rows.len() - room)
    } else {
        0
    };
    let shown: Vec<Line> = rows.into_iter().skip(first).take(room).collect();
    frame.render_widget(Paragraph::new(shown).block(border()), moves_area);
}

/// "X engine  4:59", the clock shown while it runs.
fn player_line(app: &App, side: Side) -> Line<'static> {
    let mut spans = vec![
        Span::styled(format!("{side} "), side_style(side)),
        Span::raw(format!("{:<16}", app.player(side))),
    ];
    if let Some(clocks) = app.session.clocks() {
        let face = clock_face(clocks.left(side, Instant::now()));
        let style = if app.flagged() == Some(side) {
            Style::new()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD)
        } else if clocks.running() == Some(side) {
            Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
        } else {
            Style::new()
        };
        spans.push(Span::styled(format!(" {face} "), style));
    }
    Line::from(spans)
}

fn draw_bottom(frame: &mut Frame, app: &App, area: Rect) {
    let style = if app.error {
        Style::new().fg(Color::LightRed)
    } else {
        Style::new()
    };
    let prompt = if app.typed.is_empty() {
        Line::styled(
            "Arrows/click, Enter: place · Tab: hint · Esc: stop · Ctrl-Z: undo · ?: help",
            DIM,
        )
    } else {
        Line::from(vec![
            Span::raw("> "),
            Span::styled(app.typed.clone(), Style::new().add_modifier(Modifier::BOLD)),
            Span::styled("▏", DIM),
        ])
    };
    let [message, typed] =
        Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(area);
    frame.render_widget(
        Paragraph::new(Line::styled(app.message.clone(), style)).wrap(Wrap { trim: true }),
        message,
    );
    frame.render_widget(Paragraph::new(prompt), typed);
}

const HELP: &str = "\
Arrow keys       move the cursor (the mouse: click a point)
Enter, Space     place a stone at the cursor
a-z, 0-9         type a move (h8) or a command, then Enter
Esc              machine thinking: play its best move now;
                 else clear what is typed, close this help
Tab              hint: the strongest player's move
Ctrl-Z / Ctrl-Y  undo your last move (and the reply) / redo
PgUp / PgDn      step back / forward through the game
Home / End       the start / the end of the game
#                show move numbers on the stones
Ctrl-S           save: type the file name (.psq, .sgf, or
                 any other name for the move line), Enter
Ctrl-O           load: type the file name, Enter
Ctrl-N           new game
Ctrl-C           machine thinking: play its best move now;
                 else (or again) leave, printing the moves
Ctrl-Q           leave, printing the moves

Commands: undo, redo, hint, new, go (the machine plays from
here), moves, numbers, save FILE, load FILE, help, quit; in
a swap opening: black (take black), place (swap2: two more).

Press any key to close.";

fn draw_help(frame: &mut Frame, area: Rect) {
    let width = 64.min(area.width);
    let height = (HELP.lines().count() as u16 + 2).min(area.height);
    let rect = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(HELP)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" mnk play: keys ")),
        rect,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::app::Machine;
    use mnk::game::{Rule, Variant};
    use mnk::notation::parse_cell;
    use mnk::session::{Occupant, Session};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use std::time::Duration;

    /// Two people at a `side` x `side` board, after `moves`.
    fn app(side: u8, moves: &str) -> App {
        let variant = Variant::new(Size::square(side), 5, Rule::Freestyle).unwrap();
        let seats: [Occupant<Machine>; 2] = [Occupant::Human, Occupant::Human];
        let mut app = App::new(Session::new(variant, seats));
        for m in moves.split_whitespace() {
            app.place(parse_cell(m, variant.size()).unwrap());
        }
        app
    }

    /// The screen as text, one string a row, drawn at `width` x `height`.
    fn screen(app: &App, width: u16, height: u16) -> Vec<String> {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal
            .draw(|frame| {
                draw(frame, app);
            })
            .unwrap();
        let buffer = terminal.backend().buffer();
        (0..height)
            .map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect())
            .collect()
    }

    #[test]
    fn a_board_larger_than_the_screen_marks_the_rows_and_columns_out_of_view() {
        // 26x26 at 80x24: 20 rows and 24 columns fit.
        let mut a = app(26, "");
        a.cursor = parse_cell("n13", a.variant().size()).unwrap();
        let rows = screen(&a, 80, 24);
        let (top, bottom) = (&rows[0], &rows[21]);
        // The cursor at n13: rows hidden above and below, columns left and right.
        assert!(top.starts_with("▲ ◀") && top.contains('▶'), "{top}");
        assert!(
            bottom.starts_with("▼ ◀") && bottom.contains('▶'),
            "{bottom}"
        );
        // At the top-left corner, only what is below and right is out of view.
        a.cursor = parse_cell("a26", a.variant().size()).unwrap();
        let rows = screen(&a, 80, 24);
        assert!(
            rows[0].starts_with("   a") && rows[0].contains('▶'),
            "{}",
            rows[0]
        );
        assert!(rows[1].starts_with("26 "), "{}", rows[1]);
        assert!(rows[21].starts_with("▼  a"), "{}", rows[21]);
        // A board that fits has no marks.
        let rows = screen(&app(15, ""), 80, 24);
        assert!(
            rows.iter().all(|r| !r.contains(['▲', '▼', '◀', '▶'])),
            "{rows:#?}"
        );
    }

    #[test]
    fn move_numbers_of_two_digits_stay_apart() {
        // X's stones on row 1 are moves 1, 3, ..., 15, O's on row 15 2, 4, ..., 14: 9, 11 and
        // 13 side by side (no five: e and i are left empty).
        let moves = "a1 a15 b1 b15 c1 c15 d1 d15 f1 f15 g1 g15 h1 h15 j1";
        let mut a = app(15, moves);
        a.numbers = true;
        let rows = screen(&a, 80, 24);
        let row = rows.iter().find(|r| r.starts_with(" 1 ")).unwrap();
        let numbers: Vec<&str> = row.split_whitespace().skip(1).take(10).collect();
        assert_eq!(
            numbers,
            ["1", "3", "5", "7", "·", "9", "11", "13", "·", "15"],
            "{row}"
        );
        let row = rows.iter().find(|r| r.starts_with("15 ")).unwrap();
        let numbers: Vec<&str> = row.split_whitespace().skip(1).take(8).collect();
        assert_eq!(
            numbers,
            ["2", "4", "6", "8", "·", "10", "12", "14"],
            "{row}"
        );
        // The mouse finds the cells where they are drawn, three columns each.
        let geometry = {
            let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
            let mut g = Geometry::default();
            terminal.draw(|frame| g = draw(frame, &a)).unwrap();
            g
        };
        assert_eq!(geometry.cell_width, 3);
        let col = row
            .char_indices()
            .position(|(i, _)| row[i..].starts_with("12"))
            .unwrap() as u16;
        let g15 = parse_cell("g15", a.variant().size()).unwrap();
        assert_eq!(geometry.cell_at(a.variant().size(), col, 1), Some(g15));
    }

    #[test]
    fn the_panel_wraps_a_long_line_of_play_at_80_columns() {
        let moves = "h8 i9 g7 j10 f6 k11 e5 l12 d4 m13 c3 n14 b2 o15 a1";
        let mut a = app(15, "");
        let size = a.variant().size();
        let pv: Vec<Cell> = moves
            .split_whitespace()
            .map(|m| parse_cell(m, size).unwrap())
            .collect();
        a.last_search = Some(LastSearch {
            side: Side::X,
            name: "engine",
            report: Report {
                depth: Some(12),
                value: Some(mnk::search::Value::Score(132)),
                pv,
                nodes: 123_456,
                lines: Vec::new(),
            },
            time: Duration::from_millis(1500),
        });
        let rows = screen(&a, 80, 24);
        let panel: String = rows
            .iter()
            .map(|r| r.chars().skip(38).collect::<String>())
            .collect::<Vec<_>>()
            .join(" ");
        let shown: Vec<&str> = panel.split_whitespace().collect();
        let at = shown.iter().position(|w| *w == "pv").unwrap();
        assert_eq!(shown[at + 1..at + 16].join(" "), moves, "{rows:#?}");
    }
}
