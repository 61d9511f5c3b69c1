//! A match's games as `mnk match --save FILE` writes them, and read back to combine the
//! shards of a match (`mnk match --combine FILES`).
//!
//! The file's first line says which match (and which shard of it) the games are from; then one
//! line per game, in the order the games ended, each written whole:
//!
//! ```text
//! # mnk match 1: a engine:depth=2; b rules; size 7x7; k 4; rule freestyle; games 40; shard 2/4; opening given; clock none; openings the empty board
//! d4 c3 e4 ...                                                 # game 2: X rules, O engine:depth=2: O wins; opening 0 moves
//! ```
//!
//! Everything after `#` is a comment to the readers of opening lists and move lines, so the
//! file still serves as an opening list (one opening per game). A game is `MOVES # game N: X
//! SPEC, O SPEC: ENDING; opening M moves` with `N` its number in the whole match (from 1) and
//! `ENDING` one of `X wins`, `O wins`, `draw`, `X lost on time` and `X forfeits: WHY`; a last line
//! cut short by a kill is not a game.

use super::game::GameRecord;
use super::series::{MatchConfig, MatchReport, Pairing, Played, report};
use super::shard::Shard;
use crate::game::{Cell, Ending, OpeningRule, Rule, Side, Variant, WinBy, parse_size};
use crate::notation::{format_moves, parse_moves};
use crate::players::PlayerSpec;
use crate::search::Timing;
use std::collections::BTreeMap;
use std::fmt;

/// The version written in a saved match's first line.
const VERSION: u32 = 1;

/// The most bytes a saved match may hold for `--combine` (a game's line is about 200: some
/// five million games).
pub const MAX_SAVED_BYTES: u64 = 1 << 30;

/// The first line of a saved match: what the games are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchHeader {
    /// Player A (the results are A's).
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// The game.
    pub variant: Variant,
    /// Games in the whole match.
    pub games: usize,
    /// The part of the match the file holds.
    pub shard: Shard,
    /// How the games open: by swap or swap2; `None` from the match's openings (`given`).
    pub opening_rule: Option<OpeningRule>,
    /// The games' clocks, if any.
    pub timing: Option<Timing>,
    /// Where the openings come from, in words (`64 built-in 15x15 openings`).
    pub openings: String,
}

impl MatchHeader {
    /// The header of a match's (or shard's) saved games; `openings` says where the openings
    /// come from.
    #[must_use]
    pub fn of(config: &MatchConfig, openings: &str) -> MatchHeader {
        MatchHeader {
            a: config.a.clone(),
            b: config.b.clone(),
            variant: config.variant,
            games: config.games,
            shard: config.shard,
            opening_rule: config.opening_rule,
            timing: config.timing,
            openings: openings.to_string(),
        }
    }

    /// Reads the line `Display` writes.
    ///
    /// # Errors
    /// What is wrong with the line, and what is expected.
    pub fn parse(line: &str) -> std::result::Result<MatchHeader, String> {
        let prefix = format!("# mnk match {VERSION}: ");
        let rest = line.trim_end().strip_prefix(&prefix).ok_or_else(|| {
            if line.starts_with("# mnk match ") {
                format!(
                    "a match saved by another version of mnk (this one reads '{}')",
                    prefix.trim_end()
                )
            } else {
                format!(
                    "the first line is not '{}...': not the games of an mnk match saved by \
                     --save (or saved by an mnk before shards)",
                    prefix.trim_end()
                )
            }
        })?;
        let keys = [
            "a", "b", "size", "k", "rule", "games", "shard", "opening", "clock", "openings",
        ];
        let fields: Vec<&str> = rest.splitn(keys.len(), "; ").collect();
        let mut values = Vec::new();
        for (i, key) in keys.iter().enumerate() {
            let value = fields
                .get(i)
                .and_then(|f| f.strip_prefix(key)?.strip_prefix(' '))
                .ok_or_else(|| format!("the header's field {} is not '{key} ...'", i + 1))?;
            values.push(value);
        }
        let bad = |key: &str, e: &dyn fmt::Display| format!("the header's '{key}': {e}");
        let spec = |key: &str, text: &str| text.parse().map_err(|e| bad(key, &e));
        let size = parse_size(values[2]).map_err(|e| bad("size", &e))?;
        let k = values[3].parse().map_err(|e| bad("k", &e))?;
        let rule: Rule = values[4].parse().map_err(|e| bad("rule", &e))?;
        let variant = Variant::new(size, k, rule).map_err(|e| bad("k", &e))?;
        let opening_rule = match values[7] {
            "given" => None,
            other => Some(other.parse().map_err(|e| bad("opening", &e))?),
        };
        let timing = match values[8] {
            "none" => None,
            other => Some(other.parse().map_err(|e| bad("clock", &e))?),
        };
        Ok(MatchHeader {
            a: spec("a", values[0])?,
            b: spec("b", values[1])?,
            variant,
            games: values[5].parse().map_err(|e| bad("games", &e))?,
            shard: values[6].parse().map_err(|e| bad("shard", &e))?,
            opening_rule,
            timing,
            openings: values[9].to_string(),
        })
    }

    /// Whether A played X in game `game` (from 0) whose line names `x` and `o`: in even games
    /// A plays X (and opens, under swap or swap2), and a tournament opening may swap the
    /// colours; the line's players say whether it did.
    ///
    /// # Errors
    /// When the line's players are not this match's, in either order the game allows.
    pub fn a_is_x(&self, game: usize, x: &str, o: &str) -> std::result::Result<bool, String> {
        let scheduled = game.is_multiple_of(2);
        let (a, b) = (self.a.to_string(), self.b.to_string());
        let order = |a_is_x: bool| if a_is_x { (&a, &b) } else { (&b, &a) };
        let (sx, so) = order(scheduled);
        if (x, o) == (sx.as_str(), so.as_str()) {
            return Ok(scheduled);
        }
        if self.opening_rule.is_some() && (x, o) == (so.as_str(), sx.as_str()) {
            return Ok(!scheduled);
        }
        Err(format!(
            "game {} has X {x}, O {o}; in this match it is X {sx}, O {so}{}",
            game + 1,
            if self.opening_rule.is_some() {
                " (or the other way round, after a swap)"
            } else {
                ""
            }
        ))
    }
}

impl fmt::Display for MatchHeader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.variant;
        write!(
            f,
            "# mnk match {VERSION}: a {}; b {}; size {}; k {}; rule {}; games {}; shard {}; \
             opening {}; clock {}; openings {}",
            self.a,
            self.b,
            v.size(),
            v.k(),
            v.rule(),
            self.games,
            self.shard,
            self.opening_rule.map_or("given", OpeningRule::name),
            self.timing
                .map_or_else(|| "none".to_string(), |t| t.to_string()),
            self.openings
        )
    }
}

/// A game's line in a saved match: the moves, then `# game N: X ..., O ...: result; opening
/// n moves`, and a newline.
#[must_use]
pub fn game_line(config: &MatchConfig, g: &Played) -> String {
    let (x, o) = if g.pairing.a_is_x {
        (&config.a, &config.b)
    } else {
        (&config.b, &config.a)
    };
    format!(
        "{:<60} # game {}: X {x}, O {o}: {}; opening {} moves\n",
        format_moves(&g.record.moves, config.variant.size()),
        g.pairing.game + 1,
        EndingText(&g.record.ending),
        g.record.opening_moves
    )
}

/// An arena game's ending as a saved line (and `mnk match`) writes it: `X wins`, `draw`,
/// `O lost on time`, `X forfeits: WHY` (the loser's player could not move, and why).
pub struct EndingText<'a>(pub &'a Ending);

impl fmt::Display for EndingText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Ending::Won {
                winner,
                by: WinBy::Time,
            } => write!(f, "{} lost on time", winner.other()),
            Ending::Won {
                winner,
                by: WinBy::Forfeit(why),
            } => write!(f, "{} forfeits: {why}", winner.other()),
            Ending::Won { winner, by } if !by.how().is_empty() => {
                write!(f, "{winner} wins by {}", by.how())
            }
            Ending::Won { winner, .. } => write!(f, "{winner} wins"),
            Ending::Drawn(_) => f.write_str("draw"),
        }
    }
}

/// Reads an ending as [`EndingText`] writes it.
fn parse_ending(text: &str) -> std::result::Result<Ending, String> {
    let bad = || {
        format!(
            "{text:?} is not how a game ends: 'X wins', 'O wins', 'draw', 'X lost on time' or \
             'X forfeits: WHY'"
        )
    };
    if text == "draw" {
        return Ok(Ending::Drawn(crate::game::DrawBy::FullBoard));
    }
    let (side, rest) = text.split_once(' ').ok_or_else(bad)?;
    let side = match side {
        "X" => Side::X,
        "O" => Side::O,
        _ => return Err(bad()),
    };
    if rest == "wins" {
        return Ok(Ending::won(side, WinBy::Row));
    }
    if let Some(how) = rest.strip_prefix("wins by ") {
        return Ok(Ending::won(side, WinBy::from_how(how)));
    }
    if rest == "lost on time" {
        return Ok(Ending::won(side.other(), WinBy::Time));
    }
    rest.strip_prefix("forfeits: ")
        .map(|why| Ending::won(side.other(), WinBy::Forfeit(why.to_string())))
        .ok_or_else(bad)
}

/// A game read back from its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedGame {
    /// Its number in the whole match, from 1.
    pub number: usize,
    /// Its moves, X first.
    pub moves: Vec<Cell>,
    /// X's player, as written.
    pub x: String,
    /// O's player, as written.
    pub o: String,
    /// How it ended.
    pub ending: Ending,
    /// Moves that came from the opening.
    pub opening_moves: usize,
}

impl SavedGame {
    /// Reads a game's line (as [`game_line`] writes it) of a match of `variant`.
    ///
    /// # Errors
    /// What is wrong with the line.
    pub fn parse(line: &str, variant: Variant) -> std::result::Result<SavedGame, String> {
        let (moves, comment) = line
            .split_once("# game ")
            .ok_or("a game's line is 'MOVES # game N: X ..., O ...: RESULT; opening M moves'")?;
        let moves = parse_moves(moves.trim(), variant.size()).map_err(|e| e.to_string())?;
        let (number, rest) = comment
            .split_once(": X ")
            .ok_or("no ': X ' after the game's number")?;
        let number: usize = number
            .trim()
            .parse()
            .map_err(|_| format!("the game's number {number:?} is not a number"))?;
        let (x, rest) = rest
            .split_once(", O ")
            .ok_or("no ', O ' after X's player")?;
        let (o, rest) = rest.split_once(": ").ok_or("no ': ' after O's player")?;
        let (ending, opening) = rest
            .rsplit_once("; opening ")
            .ok_or("no '; opening M moves' at the end")?;
        let opening_moves = opening
            .trim_end()
            .strip_suffix(" moves")
            .and_then(|m| m.parse().ok())
            .ok_or_else(|| format!("'opening {opening}' is not 'opening M moves'"))?;
        if number == 0 {
            return Err("games are numbered from 1".into());
        }
        Ok(SavedGame {
            number,
            moves,
            x: x.to_string(),
            o: o.to_string(),
            ending: parse_ending(ending)?,
            opening_moves,
        })
    }
}

/// The shards of a match, combined.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedMatch {
    /// What the match is (its `shard` is the whole).
    pub header: MatchHeader,
    /// The games found, in the order of their numbers, tallied for A (no thinking times: the
    /// lines do not keep them).
    pub report: MatchReport,
    /// The number of shards the match was split into.
    pub shards: usize,
    /// The shards without a file (their numbers, from 1).
    pub missing_shards: Vec<usize>,
    /// The games of the match not found (their numbers, from 1): in missing shards, or not
    /// finished in the shards found.
    pub missing_games: Vec<usize>,
    /// Last lines that were cut short (by a kill while being written): `FILE: line N`.
    pub cut: Vec<String>,
    /// Games saved again in the same file (a shard started again after a kill adds to its
    /// file), counted once: `FILE: line N`.
    pub repeated: Vec<String>,
}

/// Combines the saved games of a match's shards (`(name, text)` of each file): every file
/// must be of the same match (its header equal but for the shard; a file may repeat its own
/// header, where a run started again added to it), each shard at most once, each game in its
/// own shard and in one file (a game a file holds twice counts once, the first).
///
/// # Errors
/// What is wrong, naming the file (and the line) where it is.
pub fn combine(files: &[(String, String)]) -> std::result::Result<SavedMatch, String> {
    // The match (its shard the whole), and the number of shards, as the first file says.
    let mut header: Option<(MatchHeader, usize)> = None;
    let mut shards: BTreeMap<usize, &str> = BTreeMap::new();
    let mut games: BTreeMap<usize, (Played, String)> = BTreeMap::new();
    let mut cut = Vec::new();
    let mut repeated = Vec::new();
    if files.is_empty() {
        return Err("no files to combine".into());
    }
    for (name, text) in files {
        let first = text.lines().next().unwrap_or_default();
        let this = MatchHeader::parse(first).map_err(|e| format!("{name}: line 1: {e}"))?;
        let whole = MatchHeader {
            shard: Shard::WHOLE,
            ..this.clone()
        };
        match &header {
            None => header = Some((whole, this.shard.count())),
            Some((h, count)) if *h != whole || *count != this.shard.count() => {
                return Err(format!(
                    "{name}: the games of another match than {}'s (its first line differs \
                     otherwise than by the shard's number)",
                    files[0].0
                ));
            }
            Some(_) => {}
        }
        if let Some(other) = shards.insert(this.shard.index(), name) {
            return Err(format!(
                "{name}: shard {} again (it is {other}'s too)",
                this.shard
            ));
        }
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate().skip(1) {
            let at = format!("{name}: line {}", i + 1);
            if line.trim().is_empty() {
                continue;
            }
            if line.starts_with("# mnk match ") {
                if line.trim_end() != first.trim_end() {
                    return Err(format!(
                        "{at}: the games of another match or shard than the first line's"
                    ));
                }
                continue;
            }
            let game = match SavedGame::parse(line, this.variant) {
                Ok(game) => game,
                // A kill while the last line was written: no game.
                Err(_) if i + 1 == lines.len() && !text.ends_with('\n') => {
                    cut.push(at);
                    continue;
                }
                Err(e) => return Err(format!("{at}: {e}")),
            };
            let index = game.number - 1;
            if game.number > this.games || !this.shard.contains(index) {
                return Err(format!(
                    "{at}: game {} is not one of shard {}'s of {} games",
                    game.number, this.shard, this.games
                ));
            }
            let a_is_x = this
                .a_is_x(index, &game.x, &game.o)
                .map_err(|e| format!("{at}: {e}"))?;
            let a_side = if a_is_x { Side::X } else { Side::O };
            let result = game.ending.for_side(a_side);
            let played = Played {
                pairing: Pairing {
                    game: index,
                    opening: None,
                    a_is_x,
                },
                result,
                record: GameRecord {
                    moves: game.moves,
                    opening_moves: game.opening_moves,
                    swapped: a_is_x != index.is_multiple_of(2),
                    ending: game.ending,
                    thinks: Vec::new(),
                },
            };
            match games.get(&game.number) {
                Some((_, first)) if first.starts_with(&format!("{name}: ")) => repeated.push(at),
                Some((_, first)) => {
                    return Err(format!(
                        "{at}: game {} again (also at {first})",
                        game.number
                    ));
                }
                None => {
                    games.insert(game.number, (played, at));
                }
            }
        }
    }
    let (header, count) = header.expect("at least one file");
    let missing_shards = (1..=count).filter(|i| !shards.contains_key(i)).collect();
    let missing_games = (1..=header.games)
        .filter(|n| !games.contains_key(n))
        .collect();
    Ok(SavedMatch {
        report: report(games.into_values().map(|(p, _)| p).collect()),
        header,
        shards: count,
        missing_shards,
        missing_games,
        cut,
        repeated,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::series::run_match;
    use crate::game::Size;

    fn config(games: usize, shard: Shard) -> MatchConfig {
        MatchConfig {
            variant: Variant::new(Size::square(4), 3, Rule::Freestyle).unwrap(),
            a: "alphabeta:depth=2".parse().unwrap(),
            b: "rules".parse().unwrap(),
            games,
            openings: Vec::new(),
            timing: Some("1m+1s".parse().unwrap()),
            jobs: 1,
            opening_rule: None,
            shard,
        }
    }

    /// The saved games of a match's shards, as `--save` writes them.
    fn saved(config: &MatchConfig) -> String {
        let report = run_match(config, &|_, _| {}, &crate::search::Stop::new()).unwrap();
        let mut text = format!("{}\n", MatchHeader::of(config, "the empty board"));
        for g in &report.games {
            text += &game_line(config, g);
        }
        text
    }

    #[test]
    fn the_header_and_the_game_lines_read_back() {
        let c = config(5, "2/3".parse().unwrap());
        let header = MatchHeader::of(&c, "3 openings from a; b.txt");
        let line = header.to_string();
        assert!(line.starts_with("# mnk match 1: a alphabeta:depth=2; b rules; size 4x4; k 3;"));
        assert_eq!(MatchHeader::parse(&line), Ok(header));
        let e = MatchHeader::parse("# mnk match 2: a x").unwrap_err();
        assert!(e.contains("another version"), "{e}");
        assert!(
            MatchHeader::parse("h8 h9")
                .unwrap_err()
                .contains("first line")
        );
        let line = "b2 a1 c3   # game 7: X rules, O perfect:depth=3: O forfeits: it; said so; opening 2 moves";
        let game = SavedGame::parse(line, c.variant).unwrap();
        assert_eq!((game.number, game.opening_moves), (7, 2));
        assert_eq!(
            (game.x.as_str(), game.o.as_str()),
            ("rules", "perfect:depth=3")
        );
        assert_eq!(
            game.ending,
            Ending::won(Side::X, WinBy::Forfeit("it; said so".into()))
        );
        for ending in [
            Ending::won(Side::X, WinBy::Row),
            Ending::won(Side::O, WinBy::Time),
            Ending::won(Side::X, WinBy::Forfeit("no move".into())),
            Ending::won(Side::O, WinBy::Resignation),
        ] {
            let text = EndingText(&ending).to_string();
            assert_eq!(parse_ending(&text), Ok(ending), "{text}");
        }
        assert_eq!(parse_ending("draw").map(|e| e.winner()), Ok(None));
        assert!(parse_ending("X loses").is_err());
        assert!(SavedGame::parse("b2 a1 # game 7: X rules", c.variant).is_err());
    }

    /// A game's players say who played X: the schedule's, or (after a swap, under a
    /// tournament opening only) the other way round; other players are an error.
    #[test]
    fn a_is_x_follows_the_schedule_and_the_swap() {
        let mut header = MatchHeader::of(&config(4, Shard::WHOLE), "");
        let (a, b) = ("alphabeta:depth=2", "rules");
        assert_eq!(header.a_is_x(0, a, b), Ok(true));
        assert_eq!(header.a_is_x(1, b, a), Ok(false));
        assert!(header.a_is_x(0, b, a).is_err());
        assert!(header.a_is_x(0, a, "engine").is_err());
        header.opening_rule = Some(OpeningRule::Swap2);
        assert_eq!(header.a_is_x(0, b, a), Ok(false));
        assert_eq!(header.a_is_x(1, a, b), Ok(true));
    }

    /// The shards of a match combine to the whole match's games and totals; a shard missing,
    /// twice, or of another match is told.
    #[test]
    fn shards_combine_to_the_whole_match() {
        let whole = combine(&[("whole".into(), saved(&config(7, Shard::WHOLE)))]).unwrap();
        let files: Vec<(String, String)> = (1..=3)
            .map(|i| {
                let shard = Shard::new(i, 3).unwrap();
                (format!("s{i}"), saved(&config(7, shard)))
            })
            .collect();
        let combined = combine(&files).unwrap();
        assert_eq!(combined.report.games.len(), 7);
        assert_eq!(
            (
                combined.report.a_wins,
                combined.report.b_wins,
                combined.report.draws
            ),
            (whole.report.a_wins, whole.report.b_wins, whole.report.draws)
        );
        let moves = |m: &SavedMatch| -> Vec<Vec<Cell>> {
            m.report
                .games
                .iter()
                .map(|g| g.record.moves.clone())
                .collect()
        };
        assert_eq!(moves(&combined), moves(&whole));
        assert!(combined.missing_games.is_empty() && combined.missing_shards.is_empty());
        let partial = combine(&files[..2]).unwrap();
        assert_eq!(partial.missing_shards, vec![3]);
        assert_eq!(partial.missing_games, vec![3, 6]);
        let e = combine(&[files[0].clone(), files[0].clone()]).unwrap_err();
        assert!(e.contains("s1: shard 1/3 again"), "{e}");
        let other = (
            "other".to_string(),
            saved(&config(8, Shard::new(2, 3).unwrap())),
        );
        let e = combine(&[files[0].clone(), other]).unwrap_err();
        assert!(e.starts_with("other: the games of another match"), "{e}");
        // A game in the wrong shard's file, and a last line cut short by a kill.
        let (name, text) = &files[0];
        let moved = text.replace("# game 4:", "# game 5:");
        let e = combine(&[(name.clone(), moved)]).unwrap_err();
        assert!(e.contains("game 5 is not one of shard 1/3's"), "{e}");
        // A run started again: its header and games again, in the same file.
        let again = format!("{text}{text}");
        let read = combine(&[(name.clone(), again)]).unwrap();
        assert_eq!((read.report.games.len(), read.repeated.len()), (3, 3));
        let cut = &text[..text.len() - 10];
        let read = combine(&[(name.clone(), cut.to_string())]).unwrap();
        assert_eq!(read.cut.len(), 1);
        assert_eq!(read.report.games.len(), 2);
    }
}
