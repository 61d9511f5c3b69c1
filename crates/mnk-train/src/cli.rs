//! The `mnk-train` command: its options, the files it reads and writes, what it says.
//!
//! Exit status: 0 done; 2 a bad command line or input (a file that cannot be read, a line
//! that is not a game, a net file that is not one, a variant the net cannot read); 1 a
//! failure while training or writing the net.

use crate::dataset::Dataset;
use crate::model::initial;
use crate::train::{Metrics, Progress, TrainOptions, train};
use candle_core::Device;
use clap::{Parser, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use mnk::engine::net::{self, FloatNet, MAX_NET_BYTES, NetError};
use mnk::engine::tune::{MAX_GAME_LINE, MAX_GAMES_BYTES, PlayedGame};
use mnk::engine::weights::Weights;
use mnk::game::{Rule, Size, Variant, parse_size};
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// Trains the engine's network evaluation on games (the format of `mnk tune --save-games`)
/// and writes the net file the engine reads.
#[derive(Debug, Clone, Parser)]
#[command(name = "mnk-train", version)]
pub struct Cli {
    /// Games to train on: one a line, the winner X, O or draw, the moves, then optionally
    /// ` |` and each move's value from the search (gzip if the name ends in .gz); several
    /// files are read in the order given.
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    pub load_games: Vec<String>,
    /// Where to write the trained net.
    #[arg(long, value_name = "FILE")]
    pub out: String,
    /// A net to start from (a file mnk-train wrote); default: small random weights.
    #[arg(long, value_name = "FILE")]
    pub from: Option<String>,
    /// What a new net adds to: `linear`, the build's linear evaluation and move ordering (the
    /// net learns what their tables miss, and starts as them), or `none` (it evaluates
    /// alone). A --from net keeps its own.
    #[arg(long, value_enum, default_value_t = Over::Linear)]
    pub over: Over,
    /// Passes over the positions.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(0..=10_000))]
    pub epochs: u64,
    /// Positions per step.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub batch: u64,
    /// AdamW's step size in the first epoch (it decays along a half cosine to a tenth).
    #[arg(long, default_value_t = 0.001)]
    pub rate: f64,
    /// AdamW's weight decay.
    #[arg(long, default_value_t = 0.0001)]
    pub weight_decay: f64,
    /// Weight of the policy's loss against the value's.
    #[arg(long, default_value_t = 1.0)]
    pub policy_weight: f64,
    /// Weight of the game's result in each position's label, 0 to 1; the rest is the value
    /// the search that played the game gave the move (its win probability).
    #[arg(long, default_value_t = 0.2)]
    pub lambda: f64,
    /// Plies at the start of each game that are not trained on.
    #[arg(long, default_value_t = 6)]
    pub skip: usize,
    /// Share of the games held out to measure the net (whole games, drawn by --seed).
    #[arg(long, default_value_t = 0.1)]
    pub held_out_share: f64,
    /// Seed of the held-out games, the starting weights and the order of the positions.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Read games only until this many positions are taken.
    #[arg(long)]
    pub max_positions: Option<usize>,
    /// Where to train.
    #[arg(long, value_enum, default_value_t = DeviceKind::Cpu)]
    pub device: DeviceKind,
    /// Board of the games; default: the --from net's, else 15.
    #[arg(long, short = 's', value_parser = parse_size)]
    pub size: Option<Size>,
    /// Stones in a row to win; default: the --from net's, else 5 (the only k the net reads).
    #[arg(long, short = 'k')]
    pub k: Option<u32>,
    /// Win rule; default: the --from net's, else freestyle (the only rule the net reads).
    #[arg(long)]
    pub rule: Option<Rule>,
}

/// A device to train on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DeviceKind {
    /// The processor's cores.
    Cpu,
    /// The first NVIDIA GPU (a build with the `cuda` feature).
    Cuda,
}

/// Why the command stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// A bad command line or input: exit 2.
    Usage(String),
    /// A failure while running: exit 1.
    Runtime(String),
}

impl From<candle_core::Error> for Failure {
    fn from(e: candle_core::Error) -> Self {
        Failure::Runtime(format!("training failed: {e}"))
    }
}

/// Runs the command, writing its summary to `out`; the exit status.
pub fn run(cli: &Cli, out: &mut dyn Write) -> ExitCode {
    match train_command(cli, out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            let (code, message) = match failure {
                Failure::Usage(m) => (2, m),
                Failure::Runtime(m) => (1, m),
            };
            // A standard error that cannot be written loses the line, never panics.
            let _ = writeln!(std::io::stderr(), "mnk-train: {message}");
            ExitCode::from(code)
        }
    }
}

fn device(kind: DeviceKind) -> Result<Device, Failure> {
    match kind {
        DeviceKind::Cpu => Ok(Device::Cpu),
        DeviceKind::Cuda if cfg!(feature = "cuda") => Device::new_cuda(0)
            .map_err(|e| Failure::Usage(format!("--device cuda: no GPU to train on: {e}"))),
        DeviceKind::Cuda => Err(Failure::Usage(
            "--device cuda: this build has no CUDA (build mnk-train with --features cuda)".into(),
        )),
    }
}

/// What a new net adds to ([`FloatNet::base`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Over {
    /// The build's linear evaluation and move ordering.
    Linear,
    /// Nothing: the net evaluates alone.
    None,
}

/// The net to start from and the variant of the games.
fn start(cli: &Cli) -> Result<FloatNet, Failure> {
    let asked = |v: &Variant| {
        (
            cli.size.unwrap_or(v.size()),
            cli.k.unwrap_or(v.k() as u32),
            cli.rule.unwrap_or(v.rule()),
        )
    };
    if let Some(path) = &cli.from {
        let bad = |why: String| Failure::Usage(format!("--from {path}: {why}"));
        let bytes = read_at_most(Path::new(path), MAX_NET_BYTES).map_err(bad)?;
        let net = FloatNet::parse(&bytes).map_err(|e| bad(e.to_string()))?;
        let v = net.variant;
        if asked(&v) != (v.size(), v.k() as u32, v.rule()) {
            return Err(Failure::Usage(format!(
                "--from {path} is a net for {v}: --size, -k and --rule must be its own"
            )));
        }
        return Ok(net);
    }
    let gomoku = Variant::new(Size::square(15), 5, Rule::Freestyle)
        .map_err(|e| Failure::Runtime(e.to_string()))?;
    let (size, k, rule) = asked(&gomoku);
    let variant = Variant::new(size, k, rule).map_err(|e| Failure::Usage(e.to_string()))?;
    let zero = FloatNet::zero(variant).map_err(|e| match e {
        NetError::Unsupported(_) => Failure::Usage(format!(
            "{e}: train on freestyle games with -k 5 (on any board)"
        )),
        other => Failure::Usage(other.to_string()),
    })?;
    let mut net = initial(zero, cli.seed);
    if cli.over == Over::Linear {
        // Starts as the linear evaluation exactly: the head's output at zero.
        net.base = Weights::embedded().checksum();
        net.w2.fill(0.0);
    }
    Ok(net)
}

/// A file whole, refused past `max` bytes.
fn read_at_most(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > max {
        return Err(format!("more than the {max} bytes a net file may hold"));
    }
    Ok(bytes)
}

/// Reads the games of `path` (`.gz` decompressed), handing each to `take` in turn until it
/// says it has enough (`false`).
fn read_games(
    path: &str,
    variant: Variant,
    take: &mut dyn FnMut(PlayedGame) -> bool,
) -> Result<(), Failure> {
    let file = std::fs::File::open(path)
        .map_err(|e| Failure::Usage(format!("--load-games {path}: {e}")))?;
    let raw: Box<dyn Read> = if path.ends_with(".gz") {
        Box::new(flate2::read::MultiGzDecoder::new(BufReader::new(file)))
    } else {
        Box::new(file)
    };
    let lines = BufReader::new(raw.take(MAX_GAMES_BYTES + 1)).lines();
    let mut total = 0;
    for (i, line) in lines.enumerate() {
        let bad = |why: &dyn std::fmt::Display| {
            Failure::Usage(format!("--load-games {path}: line {}: {why}", i + 1))
        };
        let line = line.map_err(|e| bad(&e))?;
        total += line.len() as u64 + 1;
        if line.len() as u64 > MAX_GAME_LINE {
            return Err(bad(&format_args!(
                "longer than {MAX_GAME_LINE} bytes, more than any game's line"
            )));
        }
        if total > MAX_GAMES_BYTES {
            return Err(Failure::Usage(format!(
                "--load-games {path}: more than {MAX_GAMES_BYTES} bytes of games (after \
                 decompression): split the file"
            )));
        }
        if let Some(game) = PlayedGame::parse(&line, variant).map_err(|e| bad(&e))?
            && !take(game)
        {
            break;
        }
    }
    Ok(())
}

fn check_numbers(cli: &Cli) -> Result<(), Failure> {
    let fine = |x: f64| x.is_finite() && x >= 0.0;
    let checks = [
        (
            fine(cli.rate) && cli.rate > 0.0,
            "--rate must be a positive number",
        ),
        (
            fine(cli.weight_decay),
            "--weight-decay must be a number of at least 0",
        ),
        (
            fine(cli.policy_weight),
            "--policy-weight must be a number of at least 0",
        ),
        (
            (0.0..=1.0).contains(&cli.lambda),
            "--lambda must be from 0 (the search's values alone) to 1 (the results alone)",
        ),
        (
            (0.0..1.0).contains(&cli.held_out_share),
            "--held-out-share must be at least 0 and below 1",
        ),
    ];
    match checks.iter().find(|(ok, _)| !ok) {
        Some((_, why)) => Err(Failure::Usage((*why).to_string())),
        None => Ok(()),
    }
}

fn train_command(cli: &Cli, out: &mut dyn Write) -> Result<(), Failure> {
    check_numbers(cli)?;
    let device = device(cli.device)?;
    let net = start(cli)?;
    let variant = net.variant;
    debug_assert!(net::supports(&variant));
    let started = Instant::now();
    let mut data = Dataset::new();
    let max = cli.max_positions.unwrap_or(usize::MAX);
    let mut games = 0u32;
    for path in &cli.load_games {
        if data.len() >= max {
            break;
        }
        read_games(path, variant, &mut |game| {
            data.add_game(games, variant, &game, cli.skip, cli.lambda);
            games += 1;
            data.len() < max
        })?;
    }
    if data.is_empty() {
        return Err(Failure::Usage(format!(
            "no positions to train on in {} game(s) (from ply --skip {}, quiet ones)",
            games, cli.skip
        )));
    }
    let (fit, held) = data.split(cli.held_out_share, cli.seed);
    if fit.is_empty() {
        return Err(Failure::Usage(
            "every game is held out: give more games or a smaller --held-out-share".into(),
        ));
    }
    let read_s = started.elapsed().as_secs_f64();
    let options = TrainOptions {
        epochs: cli.epochs as usize,
        batch: cli.batch as usize,
        rate: cli.rate,
        weight_decay: cli.weight_decay,
        policy_weight: cli.policy_weight,
        seed: cli.seed,
    };
    let bar = ProgressBar::new(fit.len() as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "epoch {prefix} {bar:30} {pos}/{len} positions [{elapsed}, eta {eta}]  {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let trained = Instant::now();
    let report = train(
        &data,
        &net,
        &fit,
        &held,
        &options,
        &device,
        &mut |p| match p {
            Progress::Step { epoch, done, .. } => {
                bar.set_prefix(format!("{epoch}/{}", options.epochs));
                bar.set_position(done as u64);
            }
            Progress::Epoch { held_out, .. } => {
                bar.set_message(format!("held out: {}", figures(&held_out)));
                bar.reset();
            }
        },
    )?;
    bar.finish_and_clear();
    let train_s = trained.elapsed().as_secs_f64();
    write_atomically(Path::new(&cli.out), &report.net.to_bytes())
        .map_err(|e| Failure::Runtime(format!("--out {}: {e}", cli.out)))?;
    let mut table = String::new();
    for (i, m) in std::iter::once(&report.before)
        .chain(&report.epochs)
        .enumerate()
    {
        let _ = writeln!(table, "epoch {i:>3}  held out: {}", figures(m));
    }
    let after = report.epochs.last().unwrap_or(&report.before);
    let measured = if held.is_empty() {
        "nothing held out".to_string()
    } else {
        format!(
            "held out: value loss {:.4} -> {:.4}, policy loss {:.4} -> {:.4}, top-1 {:.1}% -> \
             {:.1}%",
            report.before.value_loss,
            after.value_loss,
            report.before.policy_loss,
            after.policy_loss,
            100.0 * report.before.top1,
            100.0 * after.top1,
        )
    };
    let summary = format!(
        "{table}{games} games, {} positions ({:.0} MB) read in {read_s:.1} s; {} fitted, {} \
         held out; {} epochs of {} in {train_s:.1} s ({:.1} s an epoch); {measured}; net \
         written to {}",
        data.len(),
        data.memory_bytes() as f64 / 1e6,
        report.fitted,
        held.len(),
        options.epochs,
        options.batch,
        train_s / options.epochs.max(1) as f64,
        cli.out
    );
    writeln!(out, "{summary}").map_err(|e| Failure::Runtime(e.to_string()))
}

/// A net's held-out figures in words.
fn figures(m: &Metrics) -> String {
    if m.positions == 0 {
        return "no positions held out".to_string();
    }
    format!(
        "value loss {:.4}, policy loss {:.4}, top-1 {:.1}%",
        m.value_loss,
        m.policy_loss,
        100.0 * m.top1
    )
}

/// Writes `bytes` to `path` through a temporary file beside it renamed over it: a kill or a
/// full disk leaves the old file or the new one, never half of one.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    {
        // As a file created in place: read and write for all, less the umask (a temporary
        // file's own are the owner's alone).
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut file = builder.tempfile_in(dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}
