//! The Gomocup brain's input and output, shared by `pbrain-mnk` and `mnk pbrain`.
//!
//! A reader thread reads the manager's lines (so that `END` or `YXSTOP` can stop a search in
//! progress); a brain thread hands each line to [`mnk::protocol::Brain`]; the calling thread
//! writes what the brain says, its answers and the marks it makes while it thinks, each line
//! flushed. The protocol itself lives in the library.

mod lines;
mod stop;

pub use lines::{LineReader, MAX_LINE};
pub use stop::StopSwitch;

use clap::{Args, Parser};
use mnk::players::PlayerSpec;
use mnk::protocol::{Brain, BrainConfig, Command};
use std::io::{self, IsTerminal, Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::ExitCode;
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::Instant;

const EXAMPLES: &str = "\
Started by a Gomocup manager (Piskvork, Yixin-Board, c-gomoku-cli), not by hand. To try it:
  pbrain-mnk                      then type: START 15, BEGIN, TURN 8,8, ABOUT, END
  pbrain-mnk --ai gomoku-pruned:depth=3
  pbrain-mnk --k 3                tic-tac-toe on START 3 (perfect play)";

/// The `pbrain-mnk` command line.
#[derive(Debug, Parser)]
#[command(
    name = "pbrain-mnk",
    version,
    about = "mnk as a Gomocup brain: the Piskvork protocol on standard input and output",
    after_help = EXAMPLES
)]
pub struct Cli {
    /// How to play.
    #[command(flatten)]
    pub options: Options,
    /// A network evaluation for the `engine` player (a file `mnk-train` wrote), used on the
    /// board it was trained for (`mnk pbrain` takes mnk's `--net`).
    #[arg(long, value_name = "FILE")]
    pub net: Option<std::path::PathBuf>,
}

/// Reads a net file and makes it the process's net ([`mnk::engine::net::install`]).
///
/// # Errors
/// What is wrong with the file, in words.
pub fn install_net(path: &std::path::Path) -> Result<(), String> {
    use mnk::engine::net::{self, MAX_NET_BYTES, Net};
    use std::io::Read as _;
    let shown = path.display();
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_NET_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("--net {shown}: {e}"))?;
    if bytes.len() as u64 > MAX_NET_BYTES {
        return Err(format!(
            "--net {shown}: more than the {MAX_NET_BYTES} bytes a net file may hold"
        ));
    }
    let parsed = Net::parse(&bytes).map_err(|e| format!("--net {shown}: {e}"))?;
    net::install(parsed)
        .map(|_| ())
        .map_err(|_| "--net: a net is installed already".to_string())
}

/// How the brain plays (`pbrain-mnk` and `mnk pbrain` take the same options).
#[derive(Debug, Clone, Args)]
pub struct Options {
    /// The player that thinks: a name from `mnk players`, optionally with settings
    /// (`gomoku-pruned:depth=3`). Default: `engine` when mnk has it, else the strongest player
    /// for the board (`perfect` on tiny boards).
    #[arg(long, value_name = "PLAYER")]
    pub ai: Option<PlayerSpec>,
    /// Stones in a row that win: 5 for gomoku; smaller boards need a smaller k.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=26))]
    pub k: u32,
}

impl Options {
    /// The brain's configuration.
    #[must_use]
    pub fn config(&self) -> BrainConfig {
        BrainConfig {
            player: self.ai.clone(),
            k: self.k,
            max_threads: mnk::search::cores(),
        }
    }
}

/// [`run`] on this process's standard output, as an exit code.
pub fn run_stdio(options: &Options) -> ExitCode {
    let stdout = io::stdout();
    match run(options, &mut stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // Nobody reads our output any more: nothing useful can be said.
        Err(_) => ExitCode::FAILURE,
    }
}

/// Serves the protocol on this process's standard input until `END` or the end of input.
/// Panics are silenced (a player's panic becomes a `MESSAGE` line): a manager may read stderr
/// as answers. On a terminal, a line on stderr says how to talk to it.
///
/// # Errors
/// Writing to `output` failed.
pub fn run(options: &Options, output: &mut dyn Write) -> io::Result<()> {
    if io::stdin().is_terminal() {
        // A standard error that cannot be written loses the line, never the brain.
        let _ = writeln!(
            io::stderr(),
            "This is a Gomocup brain: type START 15, then BEGIN or TURN x,y (0-based, from the \
             top-left); ABOUT; END quits."
        );
    }
    std::panic::set_hook(Box::new(|_| {}));
    serve(options, io::stdin(), output)
}

/// Serves the protocol: lines from `input`, answers to `output`, until `END` or the end of
/// input (after answering every line received).
///
/// # Errors
/// Writing to `output` failed.
pub fn serve<R, W>(options: &Options, input: R, output: &mut W) -> io::Result<()>
where
    R: Read + Send + 'static,
    W: Write + ?Sized,
{
    let switch = Arc::new(StopSwitch::default());
    // Every line the brain says, answers and the marks it makes while it thinks, in order.
    let (said, to_write) = mpsc::channel::<String>();
    let mut brain = Brain::new(options.config())
        .with_stop(switch.signal())
        .with_live(said.clone());
    let (sender, lines) = mpsc::channel::<(u64, String, Instant)>();
    let reader_switch = Arc::clone(&switch);
    thread::spawn(move || {
        let mut reader = LineReader::new(input);
        let mut seq = 0;
        while let Some(line) = reader.next_line() {
            seq += 1;
            if matches!(line.parse(), Ok(Command::End | Command::YxStop)) {
                reader_switch.request(seq);
            }
            if sender.send((seq, line, Instant::now())).is_err() {
                break;
            }
        }
    });
    // The brain thinks on its own thread so that this one can write what it says while it
    // thinks; it ends (and the channel with it) after END or the end of input, or when
    // nobody writes its lines any more.
    thread::spawn(move || {
        for (seq, line, received) in lines {
            switch.arm(seq);
            let reply = catch_unwind(AssertUnwindSafe(|| brain.handle(&line, received)))
                .unwrap_or_else(|_| mnk::protocol::Reply {
                    lines: vec!["ERROR internal error; please report this line to mnk".into()],
                    quit: false,
                });
            if reply.lines.into_iter().any(|l| said.send(l).is_err()) || reply.quit {
                break;
            }
        }
    });
    for line in to_write {
        writeln!(output, "{line}")?;
        output.flush()?;
    }
    Ok(())
}
