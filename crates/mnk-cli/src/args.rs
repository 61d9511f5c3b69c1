//! The command line: every subcommand's options, parsed by clap.

use crate::failure::Failure;
use clap::{Args, Parser, Subcommand};
use mnk::game::{Game, Rule, Size, Variant, VariantError, parse_size};
use mnk::notation::parse_game;
use mnk::players::{PlayerOptions, PlayerSpec};
use mnk::record::{Format, Given};
use mnk::search::Timing;
use mnk::solve::Ideas;
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  mnk                                  play tic-tac-toe against the perfect player
  mnk play --size 15 --o gomoku-pruned gomoku on 15x15 against seed 003's best program
  mnk play --size 4 --x perfect --o human --k 3
  mnk best --moves \"b2 a1\" --ai minimax --json
  mnk show --load game.psq --save game.sgf      convert a Piskvork record to SGF
  mnk perft --size 3 --depth 9
  mnk count --size 4x4 --k 4
  mnk solve --size 5x5 --k 4            prove 5x5 four-in-a-row a draw
  mnk players
  mnk pbrain                           a Gomocup brain on stdin/stdout (like pbrain-mnk)
  mnk serve                            play in a browser at http://127.0.0.1:8080/";

/// Play, analyse and count m,n,k-games: an m x n board, k stones in a row win.
#[derive(Debug, Parser)]
#[command(name = "mnk", version, after_help = EXAMPLES, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do (`play` when omitted).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Options of `play`, which runs when no subcommand is given.
    #[command(flatten)]
    pub play: PlayArgs,
    /// A network evaluation for the `engine` player (a file `mnk-train` wrote): every engine
    /// of the variant it was trained for plays with it unless given `eval=linear`.
    #[arg(long, global = true, value_name = "FILE")]
    pub net: Option<String>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a game in the terminal (the default).
    #[command(after_help = "\
Examples:
  mnk play                               you (X) against perfect on 3x3
  mnk play --x perfect                   perfect moves first, you play O
  mnk play --size 8 --k 5 --o gomoku-pruned:depth=3
  mnk play --x alphabeta --o rules       watch two computer players
  printf 'b2\\nquit\\n' | mnk play         scripted, no terminal needed
  mnk play --size 15 --load game.psq --autosave game.psq
                                         go on with a saved game, saved after every move

During the game type a move (b2, h8), or: undo, hint, moves, board, save FILE, help, quit
(or bye).")]
    Play(PlayArgs),
    /// Show a position (the board, the side to move, the status, the winner and the winning
    /// line) and convert game records between formats.
    #[command(after_help = "\
Examples:
  mnk show --size 15 --moves \"h8 h9 i9\"
  mnk show --load game.psq --json        the position as one JSON object
  mnk show --load game.psq --save game.sgf
                                         Piskvork's psq to SGF
  mnk show --load game.sgf --save game.txt
                                         SGF to the move line

Formats: .psq (Piskvork), .sgf (SGF FF[4]GM[4]) and the move line (any other name), or
--format moves|psq|sgf. A record that cannot be read says which line and why.")]
    Show(ShowArgs),
    /// Print the move a player chooses in a position.
    #[command(after_help = "\
Examples:
  mnk best --ai perfect                  the perfect first move on 3x3
  mnk best --moves \"b2 a1\" --ai minimax --json
  mnk best --size 8 --k 5 --ai gomoku-pruned --depth 3 --moves \"d4 e5 e4\"
  mnk best --size 15 --moves \"h8 i9 i8\" --multipv 3
                                         the three best moves, each with its line
  mnk best --size 15 --moves \"h8 i9 i8\" --searchmoves g8 --depth 8
                                         the value of g8 alone")]
    Best(BestArgs),
    /// List the computer players, with their origins.
    Players(PlayersArgs),
    /// Count move sequences of a given length (a finished game is not extended).
    #[command(after_help = "\
Examples:
  mnk perft --size 3x3 --k 3 --depth 9   127872
  mnk perft --size 15 --depth 3 --json
  mnk perft --depth 4 --divide           per first move")]
    Perft(PerftArgs),
    /// Count every reachable position, the finished ones, and the complete games by outcome.
    #[command(after_help = "\
Examples:
  mnk count --size 3x3 --k 3             5478 positions, 255168 games
  mnk count --size 4x4 --k 4 --json      9722011 positions, in seconds
  mnk count --moves b2                   from a position")]
    Count(CountArgs),
    /// Serve the page to play and see the search in a browser, and its JSON API.
    #[command(after_help = "\
Examples:
  mnk serve                              http://127.0.0.1:8080/
  mnk serve --port 9000
  mnk serve --host 0.0.0.0 --port 8080   reachable from other machines (no authentication!)

The API is documented in docs/web-api.md (POST /api/games, GET /api/games/{id}, ...).")]
    Serve(ServeArgs),
    /// Play two computer players against each other: many games, colours swapped every game,
    /// each opening from both sides, games in parallel; prints A's wins, losses, draws and Elo.
    #[command(after_help = "\
Examples:
  mnk match engine gomoku-pruned --size 15 --games 20 --time-ms 200
  mnk match engine:time-ms=100 gomoku-pruned:depth=4 --size 15 --games 40 --json
  mnk match engine alphabeta --size 15 --openings my-openings.txt --games 100
  mnk match perfect rules --games 10                 tic-tac-toe, from the empty board
  mnk match engine alphabeta --size 15 --games 100 --shard 2/4 --save shard-2.txt
  mnk match --combine shard-1.txt shard-2.txt shard-3.txt shard-4.txt --sprt 0,5

On 15x15 the built-in openings are used unless --openings is given (--openings none: the
empty board). An opening file has one opening per line, moves in notation (h8 h9 i9);
blank lines and # comments are ignored.")]
    Match(MatchArgs),
    /// Search the engine's fixed bench positions to fixed depths with one thread; the last
    /// line is `N nodes M nps` (N is the same on every machine for the same binary).
    #[command(after_help = "\
Examples:
  mnk bench                              every position, then the signature line
  mnk bench --quiet                      only `N nodes M nps`")]
    Bench(BenchArgs),
    /// Fit the engine's evaluation to the results of self-play games: play (or read) games,
    /// fit the weights by logistic regression, write the weights file the build embeds.
    #[command(after_help = "\
Examples:
  mnk tune --games 2000 --nodes 3000 --save-games games.txt --out weights.txt
  mnk tune --load-games games.txt --epochs 30 --out weights.txt
  cp weights.txt crates/mnk/src/engine/weights.txt   # the build embeds it

Games start from a few random stones near the centre; every later position the evaluation
could be asked about is a sample, labelled with the game's result for its side to move.")]
    Tune(TuneArgs),
    /// Play the engine against itself and write the games (for mnk-train and mnk tune): game
    /// i from opening i then random stones drawn from seed + i, saved in order as they end; the
    /// same command after an interruption goes on from the next game.
    #[command(after_help = "\
Examples:
  mnk selfplay --games 2000 --nodes 10000 --out games.txt
  mnk selfplay --games 2000 --nodes 10000 --out games.txt --net net.bin   # the net plays
  mnk-train --load-games games.txt --out net.bin")]
    Selfplay(SelfplayArgs),
    /// Prove the value of a position (win, draw or loss for the side to move) and a best move.
    #[command(after_help = "\
Examples:
  mnk solve --size 4x4 --k 4             draw
  mnk solve --size 5x5 --k 4 --json      draw, as one JSON object
  mnk solve --size 6x5 --k 4             win for X (the first player)
  mnk solve --size 5x5 --k 4 --moves c3 --each-move
                                         O's replies to the centre: only b2, d2, b4, d4 draw
  mnk solve --size 7x7 --k 5 --time-ms 60000 --threads 2
  mnk solve --size 4x4 --k 4 --proof 4x4k4.proof && mnk verify 4x4k4.proof
  mnk solve --size 8x8 --k 5 --checkpoint 8x8.table      Ctrl-C, later:
  mnk solve --size 8x8 --k 5 --checkpoint 8x8.table --resume
  mnk solve --size 7x7 --k 5 --split 2 --jobs jobs    a job file per position two plies deep
  mnk solve --job jobs/001.job --checkpoint jobs/001.checkpoint       (on any machine)
  mnk solve --combine jobs --proof 7x7k5.proof        the value, and one proof of it

A solve over a second shows its progress on standard error; Ctrl-C stops it and prints what
was proved. A solve that hits --time-ms or --nodes says what it knows and exits with 1.")]
    Solve(SolveArgs),
    /// Check a proof written by `mnk solve --proof FILE`, with a checker that shares only the
    /// rules with the solver; prints the value proved and the positions checked.
    #[command(after_help = "\
Examples:
  mnk verify 4x4k4.proof                 4x4 k=4, the empty board, X to move: draw (proof checked)
  mnk verify 7x7k5.proof --json

Exit 0 when the proof holds; 1 when it does not (the first position that fails is named by the
moves that lead to it) or is not a proof (the line and why); 2 when the file cannot be opened.")]
    Verify(VerifyArgs),
    /// Be a Gomocup brain: speak the Piskvork protocol on stdin/stdout (as `pbrain-mnk` does).
    #[command(after_help = "\
Examples:
  mnk pbrain                             the default player, five in a row
  mnk pbrain --ai gomoku-pruned:depth=3
  printf 'START 15\\nBEGIN\\n' | mnk pbrain     answers OK, then a move like 7,7")]
    Pbrain(pbrain_mnk::Options),
}

/// The game being played: board, k and rule.
#[derive(Debug, Clone, Args)]
pub struct GameArgs {
    /// Board size: one number for a square (15) or WIDTHxHEIGHT (7x6); each side 1 to 26.
    /// Default: 3x3, or a loaded record's.
    #[arg(long, short = 's', value_parser = parse_size)]
    pub size: Option<Size>,
    /// Stones in a row to win; default min(width, height, 5), or a loaded record's.
    #[arg(long, short = 'k')]
    pub k: Option<u32>,
    /// Win rule: freestyle (k or more in a row), exact (exactly k; overlines do not win) or
    /// renju (15x15 and k = 5 unless given; X may not make an overline, a double four or a
    /// double three). Default: freestyle, or a loaded record's.
    #[arg(long)]
    pub rule: Option<Rule>,
}

/// The board when none is given.
pub const DEFAULT_SIZE: Size = Size::square(3);

impl GameArgs {
    /// What the command line asks for, as a record's reader takes it: a record that says
    /// otherwise is refused.
    #[must_use]
    pub fn given(&self) -> Given {
        Given {
            size: self.size,
            k: self.k,
            rule: self.rule,
        }
    }

    /// The variant and the position after `moves` (the `--moves` option).
    ///
    /// # Errors
    /// [`Failure::Usage`] for a bad variant or move list.
    pub fn position(&self, moves: &str) -> Result<(Variant, Game), Failure> {
        let variant = self.variant().map_err(|e| Failure::Usage(e.to_string()))?;
        let game =
            parse_game(moves, variant).map_err(|e| Failure::Usage(format!("--moves: {e}")))?;
        Ok((variant, game))
    }

    /// The variant the options describe.
    ///
    /// # Errors
    /// When the size, k and rule do not make a variant.
    pub fn variant(&self) -> Result<Variant, VariantError> {
        Variant::with_defaults(self.size, self.k, self.rule, DEFAULT_SIZE)
    }
}

/// A game record to start from, and the format of the records read and written.
#[derive(Debug, Clone, Args)]
pub struct RecordArgs {
    /// Start from a game record: Piskvork's .psq, SGF (.sgf) or the move line (any other
    /// name); a record saying another size, k or rule than the options is refused.
    #[arg(long, value_name = "FILE", conflicts_with = "moves")]
    pub load: Option<String>,
    /// The format of the records read and written: moves (the move line), psq or sgf.
    /// Default: from each file's extension.
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<Format>,
}

/// Options of `mnk play`.
#[derive(Debug, Clone, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Who plays X (moves first): `human` or a player name, optionally with settings
    /// (`gomoku-pruned:depth=3`). Default: human.
    #[arg(long, value_name = "PLAYER")]
    pub x: Option<SeatSpec>,
    /// Who plays O: `human` or a player. Default: the strongest player for the board if X is
    /// human (perfect on 3x3), otherwise human.
    #[arg(long, value_name = "PLAYER")]
    pub o: Option<SeatSpec>,
    /// Limits for computer players that were not given their own.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Start from this position: moves in notation, X first ("b2 a1" or "b2a1").
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Time the game: a clock for each player with an optional increment (`5m`, `5m+3s`,
    /// `5+3`) or a limit per move (`10s/move`). A computer player plays within its clock; a
    /// flag fall ends the game.
    #[arg(long, value_name = "CLOCK")]
    pub time_control: Option<Timing>,
    /// Play in lines of text instead of the full-screen board (always so when standard input
    /// or output is not a terminal).
    #[arg(long)]
    pub plain: bool,
    #[command(flatten)]
    pub record: RecordArgs,
    /// Write the game to FILE after every move and when leaving (atomically: the file is
    /// always a whole record), in the format of its extension or --format.
    #[arg(long, value_name = "FILE")]
    pub autosave: Option<String>,
    /// Open by `swap` or `swap2` (the tournament openings): the X seat places three stones
    /// (black, white, black), the O seat takes black or plays white's fourth stone (swap2:
    /// or places two more stones and lets the opener choose). On the full-screen board and in
    /// lines of text alike.
    #[arg(long, value_name = "RULE", conflicts_with_all = ["moves", "load"])]
    pub opening: Option<mnk::game::OpeningRule>,
}

/// Who plays a side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatSpec {
    /// A person at the keyboard.
    Human,
    /// A computer player.
    Computer(PlayerSpec),
}

impl std::str::FromStr for SeatSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if matches!(
            s.trim().to_ascii_lowercase().as_str(),
            "human" | "me" | "person"
        ) {
            Ok(SeatSpec::Human)
        } else {
            s.parse()
                .map(SeatSpec::Computer)
                .map_err(|e| format!("{e}; or 'human'"))
        }
    }
}

/// Options of `mnk best`.
#[derive(Debug, Clone, Args)]
pub struct BestArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The player to ask (a name from `mnk players`, optionally `NAME:key=value`).
    /// Default: the strongest player for the board.
    #[arg(long, value_name = "PLAYER")]
    pub ai: Option<PlayerSpec>,
    /// Limits, for a player that was not given its own.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// The position: moves in notation, X first.
    #[arg(long, default_value = "")]
    pub moves: String,
    #[command(flatten)]
    pub record: RecordArgs,
    /// The best N moves, each with its value and its line of play, from one search (multi-PV;
    /// 1 to 32, at most the legal moves; engine, and players that know every move's exact
    /// value).
    #[arg(long, value_name = "N")]
    pub multipv: Option<usize>,
    /// Search only these moves at the root (as a chess engine's searchmoves): the value of a
    /// move, or the best of a few. Moves in notation, legal in the position.
    #[arg(long, value_name = "MOVES", alias = "search-moves")]
    pub searchmoves: Option<String>,
    /// Print one JSON object: {"move", "value", "nodes", "time_ms", ..., "lines"}.
    #[arg(long)]
    pub json: bool,
    /// Also print the search tree, as the page's tree shows it (players that report their
    /// tree): each row MAX or MIN, values for the side to move at the top, alpha-beta windows,
    /// cut-offs, static leaves with their e(P) terms, the order of the search; then the nodes
    /// per ply and the effective branching factor, beside the same search without pruning
    /// (with it, for minimax). With --json: "tree", "nodes_per_ply", "branching_factor",
    /// "counterpart".
    #[arg(long)]
    pub tree: bool,
    /// Plies of the tree to print below its top (with --tree).
    #[arg(long, value_name = "PLIES", default_value_t = 2, requires = "tree")]
    pub tree_depth: u32,
    /// Print the tree below this line of moves from the position (with --tree): "b2 a1".
    #[arg(long, value_name = "MOVES", requires = "tree")]
    pub tree_path: Option<String>,
    /// The order the player's search tries moves in, for players that take one (alphabeta):
    /// row-major (the seeds'), best-first or worst-first by the static evaluation; with
    /// --tree, to see how ordering decides what alpha-beta prunes.
    #[arg(long, value_name = "ORDER")]
    pub order: Option<mnk::players::MoveOrder>,
}

/// Options of `mnk show`.
#[derive(Debug, Clone, Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The position: moves in notation, X first.
    #[arg(long, default_value = "")]
    pub moves: String,
    #[command(flatten)]
    pub record: RecordArgs,
    /// Print one JSON object: {"size", "k", "rule", "moves", "board", "to_move", "status",
    /// "winner", "win_line", ...}, in the words of the web API's game.
    #[arg(long)]
    pub json: bool,
    /// Write the game to FILE (atomically), in the format of its extension or --format:
    /// converts records between formats.
    #[arg(long, value_name = "FILE")]
    pub save: Option<String>,
}

/// Options of `mnk players`.
#[derive(Debug, Clone, Args)]
pub struct PlayersArgs {
    /// Print a JSON array.
    #[arg(long)]
    pub json: bool,
}

/// Options of `mnk perft`.
#[derive(Debug, Clone, Args)]
pub struct PerftArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Length of the move sequences to count.
    #[arg(long, short = 'd')]
    pub depth: u32,
    /// Count from this position (moves in notation, X first).
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Also print the count under each first move.
    #[arg(long)]
    pub divide: bool,
    /// Print one JSON object: {"depth": D, "nodes": N}.
    #[arg(long)]
    pub json: bool,
}

/// Options of `mnk count`.
#[derive(Debug, Clone, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Count from this position (moves in notation, X first).
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Print one JSON object: {"positions", "terminal", "positions_up_to_symmetry", "games",
    /// "x_wins", "o_wins", "draws", "levels"}.
    #[arg(long)]
    pub json: bool,
}

/// Options of `mnk serve`.
#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port).
    #[arg(long, short = 'p', default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on: 127.0.0.1 (this machine only) unless told otherwise.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// The longest any search may think, in milliseconds (the server's cap).
    #[arg(long, default_value_t = 10_000)]
    pub think_ms: u64,
    /// The longest an analysis until stopped (the page's "analyse until stopped") may run, in
    /// milliseconds.
    #[arg(long, default_value_t = 300_000)]
    pub analysis_ms: u64,
    /// Games kept in memory; the least recently used go first.
    #[arg(long, default_value_t = 1000)]
    pub max_games: usize,
    /// Games one client (an IPv4 address or an IPv6 /64) keeps; one holding this many that
    /// creates another loses its own least recently used game.
    #[arg(long, default_value_t = 50)]
    pub games_per_client: usize,
    /// Memory for the players' tables kept between moves, all games together, in MiB; the
    /// games idle longest lose theirs first.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub seat_memory_mb: u64,
    /// Connections open at once (fewer if the process's open-file limit allows fewer); one
    /// more is closed as soon as it is accepted.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_connections: u64,
    /// Connections one client (an IPv4 address or an IPv6 /64) holds open at once; raise it
    /// when many users reach the server through one address (a proxy, a school's NAT).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub connections_per_client: u64,
}

/// The self-play games' board and starts, shared by `mnk selfplay` and `mnk tune`.
#[derive(Debug, Clone, Args)]
pub struct SeriesArgs {
    /// Random stones placed near the centre, after the opening, before the engine plays.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(0..=20))]
    pub opening: u64,
    /// Openings the games start from, one per line (game i from opening i, round the list):
    /// a file, or `none`. Default: the built-in list on 15x15, none elsewhere.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// First seed of the random stones (game i uses seed + i), so a run can be repeated.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (default: one per core).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Board of the games (`mnk tune`'s weights serve every board; gomoku's by default).
    #[arg(long, short = 's', default_value = "15", value_parser = parse_size)]
    pub size: Size,
    /// Stones in a row to win; default min(width, height, 5).
    #[arg(long, short = 'k')]
    pub k: Option<u32>,
    /// Win rule: freestyle or exact.
    #[arg(long, default_value = "freestyle")]
    pub rule: Rule,
}

/// Options of `mnk selfplay`.
#[derive(Debug, Clone, Args)]
pub struct SelfplayArgs {
    /// How many games the file holds at the end (games it holds already count).
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Nodes per move of the engine.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    #[command(flatten)]
    pub series: SeriesArgs,
    /// The games file: one line a game (the winner X, O or draw, the moves, then ` |` and
    /// each move's value from the search), appended to.
    #[arg(long, value_name = "FILE")]
    pub out: String,
}

/// Options of `mnk tune`.
#[derive(Debug, Clone, Args)]
pub struct TuneArgs {
    /// Self-play games to play (0: only those of --load-games).
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Nodes per move of the self-play engine.
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    #[command(flatten)]
    pub series: SeriesArgs,
    /// Append every game played to this file (one line each: the winner X, O or draw, the
    /// moves, then ` |` and each move's value from the search).
    #[arg(long, value_name = "FILE")]
    pub save_games: Option<String>,
    /// Read games from this file too (the format of --save-games; gzip if it ends in .gz);
    /// repeat it for more files, read in the order given.
    #[arg(long, value_name = "FILE")]
    pub load_games: Vec<String>,
    /// Passes of the fit over the samples.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub epochs: u64,
    /// Plies at the start of each game that are not samples.
    #[arg(long, default_value_t = 6)]
    pub skip: usize,
    /// Adam's step size, in evaluation units.
    #[arg(long, default_value_t = 2.0)]
    pub rate: f64,
    /// Pull of every weight towards the embedded weights (L2).
    #[arg(long, default_value_t = 0.0)]
    pub pull: f64,
    /// Weight of the game's result in each position's label, 0 to 1; the rest is the value
    /// the self-play search gave the position (its win probability).
    #[arg(long, default_value_t = 0.2)]
    pub lambda: f64,
    /// Where to write the fitted weights.
    #[arg(long, value_name = "FILE", default_value = "weights.txt")]
    pub out: String,
    /// Weights to start the fit from (a file `mnk tune` wrote); default: the build's own.
    #[arg(long, value_name = "FILE")]
    pub from: Option<String>,
}

/// Options of `mnk match`.
#[derive(Debug, Clone, Args)]
pub struct MatchArgs {
    /// Player A, optionally with its own settings (`engine:time-ms=100`); the results are A's.
    #[arg(value_name = "A", required_unless_present = "combine")]
    pub a: Option<PlayerSpec>,
    /// Player B.
    #[arg(value_name = "B", required_unless_present = "combine")]
    pub b: Option<PlayerSpec>,
    #[command(flatten)]
    pub game: GameArgs,
    /// Number of games.
    #[arg(long, short = 'n', default_value_t = 10)]
    pub games: usize,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Time on each player's game clock, in milliseconds (a player out of time loses): the
    /// same as `--time-control <N>ms`.
    #[arg(long, conflicts_with = "time_control")]
    pub game_ms: Option<u64>,
    /// Time the games: a clock for each player with an optional increment (`1m`, `1m+1s`) or
    /// a limit per move (`200ms/move`); a player out of time loses.
    #[arg(long, value_name = "CLOCK")]
    pub time_control: Option<Timing>,
    /// Opening list: one opening per line (moves in notation); `none` for the empty board.
    /// Default on 15x15: the built-in list.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Open every game by `swap` or `swap2` instead: the opener (A and B in turn) places
    /// three stones, the other takes black or plays white's fourth stone.
    #[arg(long, value_name = "RULE", conflicts_with = "openings")]
    pub opening: Option<mnk::game::OpeningRule>,
    /// Games played at once (default: the cores divided by the search threads).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Add every game to this file as it ends: one line each, with the players, the result
    /// and the moves in notation (an opening list can be made from it), after a first line (a
    /// comment) that says which match, and which shard, they are of. An existing file keeps
    /// its lines; `-` is standard output.
    #[arg(long, value_name = "FILE")]
    pub save: Option<String>,
    /// Print one JSON object: {"a", "b", "games", "a_wins", "b_wins", "draws", "score", "elo",
    /// "elo_error", ...}.
    #[arg(long)]
    pub json: bool,
    /// Play only the I-th of N disjoint parts of the match (game g, from 0, is shard g mod N +
    /// 1's, with its opening and colours): the shards together play exactly the games of the
    /// whole match. Save each with --save and combine them with --combine.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<mnk::arena::Shard>,
    /// Combine the games the shards of a match saved (--save FILE of each): the totals, Elo
    /// and its margin (and the SPRT with --sprt), as the whole match would print them.
    #[arg(
        long,
        value_name = "FILES",
        num_args = 1..,
        conflicts_with_all = ["a", "b", "shard", "save", "games", "openings", "opening", "jobs", "game_ms", "time_control", "size", "k", "rule"]
    )]
    pub combine: Option<Vec<PathBuf>>,
    /// The sequential probability ratio test of A over B: H0 (A at most ELO0 stronger)
    /// against H1 (at least ELO1), at 5% error each way; prints its log-likelihood ratio and
    /// verdict (H1, H0, or play more games).
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    pub sprt: Option<mnk::arena::Sprt>,
}

/// Limits for computer players that were not given their own (`NAME:key=value` wins):
/// the same options on `play`, `best` and `match`.
#[derive(Debug, Clone, Args)]
pub struct LimitArgs {
    /// Time per move, in milliseconds.
    #[arg(long)]
    pub time_ms: Option<u64>,
    /// Search depth, for players that have one.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Node budget per move, for players that count nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Search threads, for players that can use several (engine), 1 to 256.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=mnk::players::MAX_THREADS as i64))]
    pub threads: Option<u16>,
    /// Transposition table size in MiB, for players that have one (1 to 4096).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=mnk::players::MAX_MEMORY_MIB))]
    pub memory_mb: Option<u64>,
}

impl LimitArgs {
    /// The limits as player options.
    pub fn options(&self) -> PlayerOptions {
        PlayerOptions {
            depth: self.depth,
            nodes: self.nodes,
            time_ms: self.time_ms,
            threads: self.threads.map(usize::from),
            memory_mib: self.memory_mb,
            ..PlayerOptions::default()
        }
    }
}

/// Options of `mnk bench`.
#[derive(Debug, Clone, Args)]
pub struct BenchArgs {
    /// Search every position this many plies deeper (or shallower, when negative) than its
    /// fixed depth, -8 to 4 (each ply deeper costs a few times more); the signature is then a
    /// different number.
    #[arg(long, allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-8..=4))]
    pub depth_offset: Option<i32>,
    /// Print only the last line.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Also say, for each position and over all, what the search did: the deepest iteration,
    /// the effective branching factor, how often the first move searched made the cut-off,
    /// and how often the table knew the position (with `--json`: an object).
    #[arg(long)]
    pub stats: bool,
    /// Search each position for this many milliseconds (1 to 600000) to any depth, with the
    /// table the Gomocup brain gives a move of a second or less, rather than to its fixed
    /// depth: the figures of a match at that time a move. The nodes are then no signature.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=600_000), conflicts_with = "depth_offset")]
    pub time_ms: Option<u64>,
    /// Print the results as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The evaluation to search with: `linear`, or `net` (the one `--net FILE` gives, on the
    /// positions of its variant). Default: the net where there is one for the position.
    #[arg(long, value_name = "EVAL")]
    pub eval: Option<mnk::players::Evaluation>,
}

/// How hard `mnk solve` works on the number of moves to the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DistanceArg {
    /// Look for it with at most a quarter of the nodes the value took (and 100,000 more).
    Auto,
    /// Always find it (within --time-ms / --nodes).
    Always,
    /// Only win, draw or loss.
    Never,
}

/// What `mnk solve` asks of the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum QuestionArg {
    /// The value (win, draw or loss): both questions.
    Value,
    /// Only "does the side to move win?": a win, or "not a win".
    Win,
    /// Only "does the side to move avoid losing?": a loss, or "not a loss".
    NoLoss,
}

impl QuestionArg {
    /// The question for the solver.
    pub fn question(self) -> mnk::solve::Question {
        match self {
            QuestionArg::Value => mnk::solve::Question::Value,
            QuestionArg::Win => mnk::solve::Question::Win,
            QuestionArg::NoLoss => mnk::solve::Question::NoLoss,
        }
    }

    /// Why a solve that answered its one question stopped there, in words.
    pub fn why_answered(self) -> &'static str {
        match self {
            QuestionArg::Value => "the value was asked",
            QuestionArg::Win => "only --question win was asked",
            QuestionArg::NoLoss => "only --question no-loss was asked",
        }
    }
}

/// Options of `mnk solve`.
#[derive(Debug, Clone, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The position: moves in notation, X first.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Print one JSON object: {"value", "best_move", "nodes", "time_ms", "tt_entries", ...}.
    #[arg(long)]
    pub json: bool,
    /// Memory for the transposition table in MiB (default: a quarter of the machine's
    /// memory, at most 4096; more than the machine has, or than 65536, is cut to that with a
    /// note). The table starts small and grows up to this.
    #[arg(long, value_name = "MB")]
    pub memory: Option<u64>,
    /// Search threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Give up after this many milliseconds.
    #[arg(long)]
    pub time_ms: Option<u64>,
    /// Give up after this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// The number of moves to the end of a won or lost game: auto, always or never.
    #[arg(long, value_enum, default_value = "auto")]
    pub distance: DistanceArg,
    /// What to prove: the value (`value`), or one of the two questions it is made of, alone:
    /// `win` (does the side to move win? a win, or "not a win") or `no-loss` (does it avoid
    /// losing? a loss, or "not a loss"). A question asked alone has all the nodes and all the
    /// proof-number table instead of taking turns with the other. A question answered with a
    /// bound is a success (exit status 0); a job keeps the bound for --combine. Under the
    /// second player's replies that a proof of a draw picks, a split's job needs only `win`
    /// answered "not a win" (docs/cluster.md).
    #[arg(long, value_enum, default_value = "value", value_name = "QUESTION")]
    pub question: QuestionArg,
    /// Also prove the value of every move (win, draw or loss for the side that plays it).
    #[arg(long, conflicts_with = "question")]
    pub each_move: bool,
    /// Also report what the searches did: proof-number search's share of the nodes and, by
    /// stones on the board, the relevance zones of the drawing side's proofs (their share of
    /// the empty cells, and the attacker's moves they refuted unsearched) and the drawing
    /// side's pairings (looked for, found, given up on). JSON: "stats".
    #[arg(long)]
    pub stats: bool,
    /// Switch solver ideas off, to measure what each gains: a comma-separated list of
    /// symmetry, null-window, pairing, vcf, threat-order, dead-cells, dfpn, zones,
    /// drawing-zones, refutation-zones.
    #[arg(long, value_name = "IDEAS")]
    pub without: Option<Ideas>,
    /// Switch on solver ideas that are off by default (they cost more than they gain on the
    /// boards measured): vct (victory by continuous threats, fours and threes).
    #[arg(long, value_name = "IDEAS", value_parser = parse_ideas_on)]
    pub with: Option<String>,
    /// Also write the proof to FILE, for `mnk verify FILE` (or any checker of the format:
    /// see docs/solver.md): the winner's move at each of its turns, against every reply of the
    /// other side (which the checker tries itself); for a draw each side's strategy, its
    /// lines ended mostly by pairings.
    #[arg(long, value_name = "FILE")]
    pub proof: Option<PathBuf>,
    /// Keep what the solver's table knows in FILE: written every --checkpoint-minutes while
    /// the solve runs and when it ends (proved, stopped by a limit or by Ctrl-C).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Minutes between checkpoints while the solve runs (1 to 525600, a year).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 10,
        requires = "checkpoint",
        value_parser = clap::value_parser!(u64).range(1..=525_600)
    )]
    pub checkpoint_minutes: u64,
    /// Start from the table saved in the --checkpoint FILE (a solve of the same game, any
    /// position): the search is soon back where it stopped.
    #[arg(long, requires = "checkpoint")]
    pub resume: bool,
    /// Split the proof into jobs for a cluster: write one job file (`--jobs DIR`) for each
    /// position DEPTH plies below the position, up to symmetry, leaving out those already
    /// decided. Solve each with --job, combine with --combine (see docs/cluster.md).
    #[arg(long, value_name = "DEPTH", requires = "jobs", conflicts_with_all = SPLIT_CONFLICTS)]
    pub split: Option<u32>,
    /// The directory the job files of --split go to (made if missing; it must hold no job,
    /// result or proof file yet).
    #[arg(long, value_name = "DIR", requires = "split")]
    pub jobs: Option<PathBuf>,
    /// Solve one job that --split wrote: its result (NAME.result) and proof (NAME.proof) are
    /// written beside it, atomically; with --checkpoint FILE, a job started again after a
    /// kill goes on from FILE (removed once the job is done). A job already proved is not
    /// solved again.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["moves", "size", "k", "rule", "proof", "each_move", "resume", "split", "combine"]
    )]
    pub job: Option<PathBuf>,
    /// With --job: write no proof, only the result (its value counts in --combine; a proof of
    /// the whole, or `mnk verify DIR`, then names the job as without one). For jobs whose
    /// proof would not fit in memory: 8x8 k=5 one or two plies deep, where a proof holds
    /// about one record for every four nodes searched.
    #[arg(long)]
    pub no_proof: bool,
    /// Combine the results of the jobs of a split (DIR, as --split wrote it): the value (from
    /// the jobs' values, and the bounds that stopped jobs settled), the jobs missing, failed
    /// or stopped, and those no longer needed; with --proof FILE, one proof of the whole for
    /// `mnk verify`.
    #[arg(long, value_name = "DIR", conflicts_with_all = COMBINE_CONFLICTS)]
    pub combine: Option<PathBuf>,
}

/// What `mnk solve --split` does not take.
const SPLIT_CONFLICTS: [&str; 6] = [
    "proof",
    "each_move",
    "checkpoint",
    "combine",
    "job",
    "question",
];

/// What `mnk solve --combine` does not take: it solves nothing.
const COMBINE_CONFLICTS: [&str; 14] = [
    "question",
    "moves",
    "size",
    "k",
    "rule",
    "each_move",
    "checkpoint",
    "resume",
    "threads",
    "memory",
    "time_ms",
    "nodes",
    "without",
    "with",
];

/// `mnk verify`.
#[derive(Debug, Clone, Args)]
pub struct VerifyArgs {
    /// The proof, as `mnk solve --proof FILE` wrote it; or the directory of a split (`mnk
    /// solve --split DEPTH --jobs DIR`, every job solved): each job's proof checked alone,
    /// then the frontier on the jobs' values, in the memory of the largest job's proof.
    pub file: PathBuf,
    /// Print one JSON object: {"valid", "value", "to_move", "nodes", "records", ...}.
    #[arg(long)]
    pub json: bool,
}

/// `--with`: a list of solver ideas, each checked to be one.
fn parse_ideas_on(list: &str) -> Result<String, mnk::solve::IdeaError> {
    Ideas::DEFAULT.with(list).map(|_| list.to_string())
}
