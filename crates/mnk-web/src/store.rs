//! The games in memory, by id, at most a fixed number: creating one more evicts the game
//! used least recently.

use mnk::game::{Game, Side};
use mnk::players::PlayerSpec;
use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::Mutex;

/// Who plays each side: `None` is a person at the page.
pub type Seats = [Option<PlayerSpec>; 2];

/// One game and who plays it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The game.
    pub game: Game,
    /// The seats, X first.
    pub seats: Seats,
    /// Bumped at every change, so a search can tell whether the game moved on meanwhile.
    pub version: u64,
}

impl Entry {
    /// A game at version 0.
    #[must_use]
    pub fn new(game: Game, seats: Seats) -> Self {
        Entry {
            game,
            seats,
            version: 0,
        }
    }

    /// The player seated on `side`, if a computer.
    #[must_use]
    pub fn seat(&self, side: Side) -> Option<&PlayerSpec> {
        self.seats[side.index()].as_ref()
    }
}

#[derive(Debug)]
struct Slot {
    entry: Entry,
    last_used: u64,
}

#[derive(Debug)]
struct Inner {
    games: HashMap<String, Slot>,
    clock: u64,
}

/// The games, behind one lock held only for quick reads and writes (never during a search).
#[derive(Debug)]
pub struct Store {
    inner: Mutex<Inner>,
    capacity: usize,
    ids: RandomState,
}

impl Store {
    /// An empty store keeping at most `capacity` games (at least one).
    #[must_use]
    pub fn new(capacity: usize) -> Self {
        Store {
            inner: Mutex::new(Inner {
                games: HashMap::new(),
                clock: 0,
            }),
            capacity: capacity.max(1),
            ids: RandomState::new(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock cannot leave a game half-changed (every change is a
        // single assignment), so a poisoned lock is still good.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Stores a game and returns its new id, evicting the least recently used game if full.
    pub fn insert(&self, entry: Entry) -> String {
        let mut inner = self.lock();
        inner.clock += 1;
        let clock = inner.clock;
        while inner.games.len() >= self.capacity {
            let oldest = inner
                .games
                .iter()
                .min_by_key(|(_, s)| s.last_used)
                .map(|(id, _)| id.clone());
            match oldest {
                Some(id) => inner.games.remove(&id),
                None => break,
            };
        }
        let id = loop {
            let mut h = self.ids.build_hasher();
            h.write_u64(clock);
            h.write_usize(inner.games.len());
            let id = format!("{:016x}", h.finish());
            if !inner.games.contains_key(&id) {
                break id;
            }
            inner.clock += 1;
        };
        inner.games.insert(
            id.clone(),
            Slot {
                entry,
                last_used: clock,
            },
        );
        id
    }

    /// Runs `f` on the game `id` (marking it used); `None` if there is no such game.
    pub fn with<T>(&self, id: &str, f: impl FnOnce(&mut Entry) -> T) -> Option<T> {
        let mut inner = self.lock();
        inner.clock += 1;
        let clock = inner.clock;
        let slot = inner.games.get_mut(id)?;
        slot.last_used = clock;
        Some(f(&mut slot.entry))
    }

    /// A copy of the game `id`.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<Entry> {
        self.with(id, |e| e.clone())
    }

    /// Removes the game `id`; whether it was there.
    pub fn remove(&self, id: &str) -> bool {
        self.lock().games.remove(id).is_some()
    }

    /// Games held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.lock().games.len()
    }

    /// Whether no game is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mnk::game::Variant;

    fn entry() -> Entry {
        Entry::new(Game::new(Variant::tic_tac_toe()), [None, None])
    }

    #[test]
    fn the_least_recently_used_game_is_evicted_first() {
        let store = Store::new(2);
        let a = store.insert(entry());
        let b = store.insert(entry());
        assert_ne!(a, b);
        assert!(store.get(&a).is_some()); // a is now the most recent
        let c = store.insert(entry());
        assert_eq!(store.len(), 2);
        assert!(store.get(&b).is_none(), "b was idle longest");
        assert!(store.get(&a).is_some() && store.get(&c).is_some());
        assert!(store.remove(&a));
        assert!(!store.remove(&a));
        assert_eq!(a.len(), 16);
    }
}
