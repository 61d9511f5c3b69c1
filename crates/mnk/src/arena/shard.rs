//! One of N disjoint parts of a match (`mnk match --shard I/N`), for a cluster to play at once:
//! game `g` (from 0, in the match's schedule) belongs to shard `g mod N + 1`. Each game keeps
//! its opening and its colours, so the shards together play exactly the games of the whole
//! match, and deterministic players give the same results.

use std::fmt;
use std::str::FromStr;

/// The `index`-th (from 1) of `count` parts of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shard {
    index: usize,
    count: usize,
}

impl Shard {
    /// The whole match: shard 1 of 1.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Shard `index` of `count`.
    ///
    /// # Errors
    /// When `index` is not one of 1 to `count`.
    pub fn new(index: usize, count: usize) -> Result<Shard, String> {
        if count == 0 || index == 0 || index > count {
            return Err(format!(
                "shard {index}/{count}: a shard is I/N with I from 1 to N (as 3/8)"
            ));
        }
        Ok(Shard { index, count })
    }

    /// Its number, from 1.
    #[must_use]
    pub const fn index(self) -> usize {
        self.index
    }

    /// The number of shards.
    #[must_use]
    pub const fn count(self) -> usize {
        self.count
    }

    /// Whether game `game` (from 0) of the match is this shard's.
    #[must_use]
    pub const fn contains(self, game: usize) -> bool {
        game % self.count == self.index - 1
    }

    /// The games this shard plays of a match of `games`.
    #[must_use]
    pub fn games(self, games: usize) -> usize {
        (0..games).filter(|&g| self.contains(g)).count()
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || format!("{text:?} is not a shard: I/N with I from 1 to N (as 3/8)");
        let (i, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let i = i.trim().parse().map_err(|_| bad())?;
        let n = n.trim().parse().map_err(|_| bad())?;
        Shard::new(i, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shards of a match divide its games: each game in exactly one shard.
    #[test]
    fn shards_divide_the_games() {
        for count in 1..=7 {
            let shards: Vec<Shard> = (1..=count).map(|i| Shard::new(i, count).unwrap()).collect();
            for game in 0..50 {
                assert_eq!(shards.iter().filter(|s| s.contains(game)).count(), 1);
            }
            assert_eq!(shards.iter().map(|s| s.games(50)).sum::<usize>(), 50);
        }
        assert_eq!("2/4".parse::<Shard>().unwrap().games(10), 3);
        assert_eq!("3/8".parse::<Shard>().unwrap().to_string(), "3/8");
        for bad in ["0/4", "5/4", "1/0", "4", "a/b", ""] {
            assert!(bad.parse::<Shard>().unwrap_err().contains("I/N"), "{bad}");
        }
    }
}
