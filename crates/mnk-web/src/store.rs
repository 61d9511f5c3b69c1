//! The games in memory, by id, at most a fixed number: creating one more in a full store evicts
//! a game no request is using ([`Store::pin`]), of the client holding the most games (the
//! creator itself among equals), the one used least recently among those. A client ([`crate::body::Client`]) keeps at most its share: creating
//! one more evicts its own game used least recently, so that a client creating game after
//! game pushes out at most its share of the others' games (the idle ones, when the store is
//! full), never more. Each game keeps the seats of the players that moved or thought in it
//! ([`Seat`]), so their tables serve the next move; the seats kept, all games together, stay
//! within a memory budget, the seats of the games idle longest dropped first. (A seat in use by
//! a search is out of the store; the search slots bound how many there are.)

use crate::error::{ApiError, ApiResult};
use mnk::game::{Act, Opening, Side};
use mnk::players::{PlayerSpec, Seat};
use mnk::search::Stop;
use mnk::session::{Session, SessionError};
use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::net::IpAddr;
use std::sync::Mutex;

/// Who plays each side, as a request names them: `None` is a person at the page.
pub type Seats = [Option<PlayerSpec>; 2];

/// One game: the library's session, whose computers are named by their players' specs (the
/// store keeps their seats, with their tables, apart: [`Store::take_seat`]), and its version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The game: its seats, moves, opening, result (a flag fall or a resignation, `POST
    /// /api/games/{id}/end`, or the one an imported record states) and how it is timed (the
    /// page runs the clocks; the session says how).
    pub session: Session,
    /// Bumped at every change, so a search can tell whether the game moved on meanwhile.
    pub version: u64,
}

impl Entry {
    /// A game at version 0.
    #[must_use]
    pub fn new(session: Session) -> Self {
        Entry {
            session,
            version: 0,
        }
    }

    /// The player seated on `side`, if a computer.
    #[must_use]
    pub fn seat(&self, side: Side) -> Option<&PlayerSpec> {
        self.session.seat(side).machine()
    }

    /// The opening under way and the seat to act in it, when that seat is a computer and
    /// `machine`, or a person and not `machine`.
    ///
    /// # Errors
    /// 409 when no opening is under way (none, or over), the game is over, or the seat to act
    /// is not of the kind asked for.
    pub fn actor(&self, machine: bool) -> ApiResult<(Opening, Side)> {
        let session = &self.session;
        let (Some(&opening), Some(side)) = (session.opening_under_way(), session.to_act()) else {
            return Err(ApiError::conflict(match session.opening() {
                _ if session.is_over() => "the game is over",
                Some(_) => "the opening is over: play moves (POST /api/games/{id}/moves)",
                None => {
                    "this game has no opening (create one with \"opening\": \"swap\" or \"swap2\")"
                }
            }));
        };
        // Until the opening is done, the opener sits at X and the chooser at O.
        let role = match side {
            Side::X => "X (the opener)",
            Side::O => "O (the chooser)",
        };
        match (self.seat(side), machine) {
            (Some(player), false) => Err(ApiError::conflict(format!(
                "{role} is {player}, a computer: it acts with {{\"choice\": \"machine\"}}"
            ))),
            (None, true) => Err(ApiError::conflict(format!(
                "{role} is a person: no machine acts for it; place stones with POST /api/games/{{id}}/moves, or choose black, white or place"
            ))),
            _ => Ok((opening, side)),
        }
    }

    /// Does `act` in the opening under way for the seat to act (its computer's act when
    /// `machine`, else its person's); the seats change colours when the opening says so.
    ///
    /// # Errors
    /// As [`Entry::actor`]; 409 too when the act does not fit the stage.
    pub fn act(&mut self, act: Act, machine: bool) -> ApiResult<()> {
        let (opening, _) = self.actor(machine)?;
        self.session.act(act).map(|_| ()).map_err(|e| match e {
            SessionError::Opening(e) => crate::opening::refused(&opening, &e),
            e => ApiError::conflict(e.to_string()),
        })
    }
}

/// The most seats one game keeps (its two sides and a few players asked for hints).
pub const SEATS_PER_GAME: usize = 4;

#[derive(Debug)]
struct Slot {
    entry: Entry,
    last_used: u64,
    /// The client that created the game (`None`: not known).
    owner: Option<IpAddr>,
    /// Requests in flight for the game (waiting for a search slot, say): while any is, the
    /// game is evicted only when every game is in use ([`Store::pin`]).
    pins: usize,
    /// Seats not in use by a search, with the memory each held when it came back.
    seats: Vec<(Seat, usize)>,
    /// The stop signals of the searches running for the game, each with its number.
    running: Vec<(u64, Stop)>,
}

#[derive(Debug)]
struct Inner {
    games: HashMap<String, Slot>,
    clock: u64,
}

impl Inner {
    /// Evicts the game of `owner` used least recently, a game no request is using first;
    /// whether there was one.
    fn evict_least_recent(&mut self, owner: Option<IpAddr>) -> bool {
        let oldest = self
            .games
            .iter()
            .filter(|(_, s)| s.owner == owner)
            .min_by_key(|(_, s)| (s.pins > 0, s.last_used))
            .map(|(id, _)| id.clone());
        oldest.is_some_and(|id| self.games.remove(&id).is_some())
    }

    /// Makes room in a full store for a new game: evicts a game no request is using before
    /// one in use, of the clients holding the most games first, the one idle longest among
    /// those, whoever holds it. (The creator is not preferred among equals: in a store full of
    /// one-game clients, a client's second game would evict its first at once. A client
    /// creating more than its share gives up its own games before this, in
    /// [`Store::insert`].)
    fn evict_for_room(&mut self) -> bool {
        let mut counts: HashMap<Option<IpAddr>, usize> = HashMap::new();
        for slot in self.games.values() {
            *counts.entry(slot.owner).or_default() += 1;
        }
        let victim = self
            .games
            .iter()
            .min_by_key(|(_, s)| {
                let count = counts[&s.owner];
                (s.pins > 0, std::cmp::Reverse(count), s.last_used)
            })
            .map(|(id, _)| id.clone());
        victim.is_some_and(|id| self.games.remove(&id).is_some())
    }

    /// Bytes the kept seats hold.
    fn seat_memory(&self) -> usize {
        self.games
            .values()
            .flat_map(|s| &s.seats)
            .map(|(_, bytes)| bytes)
            .sum()
    }
}

/// The games, behind one lock held only for quick reads and writes (never during a search).
#[derive(Debug)]
pub struct Store {
    inner: Mutex<Inner>,
    capacity: usize,
    per_client: usize,
    seat_memory: usize,
    ids: RandomState,
}

impl Store {
    /// An empty store keeping at most `capacity` games (at least one), at most `per_client`
    /// of them (at least one) from one client, and seats holding at most `seat_memory` bytes in
    /// all.
    #[must_use]
    pub fn new(capacity: usize, per_client: usize, seat_memory: usize) -> Self {
        Store {
            inner: Mutex::new(Inner {
                games: HashMap::new(),
                clock: 0,
            }),
            capacity: capacity.max(1),
            per_client: per_client.max(1),
            seat_memory,
            ids: RandomState::new(),
        }
    }

    /// Takes the game's seat for `spec` out of the store (a search then uses it without the
    /// store's lock), with `spec`'s limits; a new seat when the game keeps none that serves
    /// it. `None` when there is no such game.
    pub fn take_seat(&self, id: &str, spec: &PlayerSpec) -> Option<Seat> {
        let mut inner = self.lock();
        inner.clock += 1;
        let clock = inner.clock;
        let slot = inner.games.get_mut(id)?;
        slot.last_used = clock;
        let kept = slot
            .seats
            .iter()
            .position(|(seat, _)| seat.serves(spec))
            .map(|i| slot.seats.swap_remove(i).0);
        let mut seat = kept.unwrap_or_else(|| Seat::new(spec.clone()));
        seat.set_limits(spec);
        Some(seat)
    }

    /// Gives a seat back to its game after a search (dropped if the game is gone or already
    /// keeps one for that player). Then, while the seats of all games hold more than the
    /// budget, the seats of the games used least recently are dropped.
    pub fn return_seat(&self, id: &str, seat: Seat) {
        let bytes = seat.memory();
        let mut inner = self.lock();
        inner.clock += 1;
        let clock = inner.clock;
        let Some(slot) = inner.games.get_mut(id) else {
            return;
        };
        slot.last_used = clock;
        slot.seats.retain(|(kept, _)| !kept.serves(seat.spec()));
        slot.seats.push((seat, bytes));
        if slot.seats.len() > SEATS_PER_GAME {
            slot.seats.remove(0);
        }
        while inner.seat_memory() > self.seat_memory {
            let idle = inner
                .games
                .iter()
                .filter(|(_, s)| !s.seats.is_empty())
                .min_by_key(|(_, s)| s.last_used)
                .map(|(id, _)| id.clone());
            let Some(idle) = idle else { break };
            if let Some(slot) = inner.games.get_mut(&idle) {
                slot.seats.clear();
            }
        }
    }

    /// Bytes the seats kept hold, and how many seats there are.
    #[must_use]
    pub fn seats(&self) -> (usize, usize) {
        let inner = self.lock();
        let count = inner.games.values().map(|s| s.seats.len()).sum();
        (inner.seat_memory(), count)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock cannot leave a game half-changed (every change is a
        // single assignment), so a poisoned lock is still good.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Stores a game of `owner` and returns its new id. When the owner holds its share
    /// already, its own least recently used game is evicted; else, when the store is full, the
    /// least recently used game of all.
    pub fn insert(&self, entry: Entry, owner: Option<IpAddr>) -> String {
        let mut inner = self.lock();
        inner.clock += 1;
        let clock = inner.clock;
        let owned = inner.games.values().filter(|s| s.owner == owner).count();
        for _ in self.per_client..=owned {
            inner.evict_least_recent(owner);
        }
        while inner.games.len() >= self.capacity && inner.evict_for_room() {}
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
                owner,
                pins: 0,
                seats: Vec::new(),
                running: Vec::new(),
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

    /// Marks the game `id` in use until the guard is dropped (a request that waits for a
    /// search slot holds one): games in use are evicted only after every idle one. `None` if
    /// there is no such game.
    pub fn pin(&self, id: &str) -> Option<PinGuard<'_>> {
        let mut inner = self.lock();
        inner.games.get_mut(id)?.pins += 1;
        Some(PinGuard {
            store: self,
            id: id.to_string(),
        })
    }

    /// Keeps `stop`, the stop signal of a search for the game `id`, with the game until the
    /// guard is dropped (the search ended), so that [`Store::stop`] reaches it. `None` if there
    /// is no such game.
    pub fn searching(&self, id: &str, stop: Stop) -> Option<Searching<'_>> {
        let mut inner = self.lock();
        inner.clock += 1;
        let number = inner.clock;
        inner.games.get_mut(id)?.running.push((number, stop));
        Some(Searching {
            store: self,
            id: id.to_string(),
            number,
        })
    }

    /// Sets the stop signal of every search running for the game `id` (a machine's move, a
    /// hint, an analysis): each answers at once with the best it has found so far. How many
    /// there were; `None` if there is no such game.
    pub fn stop(&self, id: &str) -> Option<usize> {
        let inner = self.lock();
        let running = &inner.games.get(id)?.running;
        for (_, stop) in running {
            stop.set();
        }
        Some(running.len())
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

/// A search running for a game ([`Store::searching`]) until dropped.
#[derive(Debug)]
pub struct Searching<'a> {
    store: &'a Store,
    id: String,
    number: u64,
}

impl Drop for Searching<'_> {
    fn drop(&mut self) {
        if let Some(slot) = self.store.lock().games.get_mut(&self.id) {
            slot.running.retain(|(n, _)| *n != self.number);
        }
    }
}

/// A game in use ([`Store::pin`]) until dropped.
#[derive(Debug)]
pub struct PinGuard<'a> {
    store: &'a Store,
    id: String,
}

impl Drop for PinGuard<'_> {
    fn drop(&mut self) {
        if let Some(slot) = self.store.lock().games.get_mut(&self.id) {
            slot.pins = slot.pins.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mnk::game::Variant;
    use mnk::session::Occupant;

    fn entry() -> Entry {
        Entry::new(Session::new(
            Variant::tic_tac_toe(),
            [Occupant::Human, Occupant::Human],
        ))
    }

    #[test]
    fn a_stop_reaches_the_searches_running_for_the_game_only() {
        let store = Store::new(10, 10, 1 << 30);
        let a = store.insert(entry(), None);
        let b = store.insert(entry(), None);
        let (a1, a2, b1) = (Stop::new(), Stop::new(), Stop::new());
        let running_a1 = store.searching(&a, a1.clone()).unwrap();
        let running_a2 = store.searching(&a, a2.clone()).unwrap();
        let _running_b1 = store.searching(&b, b1.clone()).unwrap();
        drop(running_a2);
        assert_eq!(store.stop(&a), Some(1));
        assert!(a1.is_set() && !a2.is_set() && !b1.is_set());
        drop(running_a1);
        assert_eq!(store.stop(&a), Some(0));
        assert_eq!(store.stop("no such game"), None);
        assert!(store.searching("no such game", Stop::new()).is_none());
    }

    #[test]
    fn the_least_recently_used_game_is_evicted_first() {
        let store = Store::new(2, 2, 1 << 30);
        let a = store.insert(entry(), None);
        let b = store.insert(entry(), None);
        assert_ne!(a, b);
        assert!(store.get(&a).is_some()); // a is now the most recent
        let c = store.insert(entry(), None);
        assert_eq!(store.len(), 2);
        assert!(store.get(&b).is_none(), "b was idle longest");
        assert!(store.get(&a).is_some() && store.get(&c).is_some());
        assert!(store.remove(&a));
        assert!(!store.remove(&a));
        assert_eq!(a.len(), 16);
    }

    #[test]
    fn a_client_creating_game_after_game_evicts_only_its_own() {
        // Was: 1,000 creations from one client evicted every other user's game.
        let store = Store::new(10, 5, 1 << 30);
        let someone: Option<IpAddr> = Some("10.0.0.1".parse().unwrap());
        let flooder: Option<IpAddr> = Some("10.0.0.2".parse().unwrap());
        let theirs: Vec<String> = (0..5).map(|_| store.insert(entry(), someone)).collect();
        let flood: Vec<String> = (0..1000).map(|_| store.insert(entry(), flooder)).collect();
        assert!(theirs.iter().all(|id| store.get(id).is_some()));
        assert_eq!(store.len(), 5 + 5);
        // The flooder keeps its five most recent games.
        assert!(flood[995..].iter().all(|id| store.get(id).is_some()));
        assert!(store.get(&flood[994]).is_none());
        // Within its share, a client still makes room in a full store from the games idle
        // longest, whoever made them.
        let full = Store::new(4, 3, 1 << 30);
        let idle: Vec<String> = (0..3).map(|_| full.insert(entry(), flooder)).collect();
        let a = full.insert(entry(), someone);
        let b = full.insert(entry(), someone);
        assert!(full.get(&idle[0]).is_none(), "idle longest");
        assert!(
            [&idle[1], &idle[2], &a, &b]
                .iter()
                .all(|id| full.get(id).is_some())
        );
    }

    #[test]
    fn a_full_store_evicts_idle_games_of_the_biggest_holder_before_games_in_use() {
        // Was: a game waiting for a search slot was evicted by others' creations (404).
        let store = Store::new(3, 10, 1 << 30);
        let a: Option<IpAddr> = Some("10.0.0.1".parse().unwrap());
        let b: Option<IpAddr> = Some("10.0.0.2".parse().unwrap());
        let c: Option<IpAddr> = Some("10.0.0.3".parse().unwrap());
        let waiting = store.insert(entry(), a);
        let b1 = store.insert(entry(), b);
        let b2 = store.insert(entry(), b);
        let pin = store.pin(&waiting).unwrap();
        // Full: c's new game pushes out b's game idle longest (b holds the most).
        let c1 = store.insert(entry(), c);
        assert!(store.get(&b1).is_none() && store.get(&b2).is_some());
        // Everyone holds one: the game idle longest goes, b's, not the creator's own, which
        // it has just used (was: c's second game evicted its first at once).
        assert!(store.get(&c1).is_some());
        let c2 = store.insert(entry(), c);
        assert!(store.get(&b2).is_none());
        assert!(store.get(&c1).is_some() && store.get(&c2).is_some());
        // c holds the most now: a's game is in use, so c's idle one goes though a's is older.
        let b3 = store.insert(entry(), b);
        assert!(store.get(&waiting).is_some() && store.get(&b3).is_some());
        assert!(store.get(&c1).is_none() && store.get(&c2).is_some());
        drop(pin);
        assert!(store.pin("no such game").is_none());
    }

    #[test]
    fn a_client_s_second_game_in_a_full_store_keeps_its_first() {
        // Was: once 1,000 one-game clients filled the store, a client's second game evicted
        // its first at once.
        let store = Store::new(1000, 50, 1 << 30);
        let client = |i: u32| Some(IpAddr::from(std::net::Ipv4Addr::from(0x0a00_0000 + i)));
        let firsts: Vec<String> = (0..1000)
            .map(|i| store.insert(entry(), client(i)))
            .collect();
        // Client 500 plays on its game, then opens a second one.
        assert!(store.get(&firsts[500]).is_some());
        let second = store.insert(entry(), client(500));
        assert!(store.get(&firsts[500]).is_some() && store.get(&second).is_some());
        // The game idle longest went.
        assert!(store.get(&firsts[0]).is_none());
        assert_eq!(store.len(), 1000);
    }

    #[test]
    fn seats_come_back_to_their_game_and_idle_games_lose_theirs_first() {
        use mnk::game::Board;
        use mnk::players::Ask;
        let variant =
            mnk::game::Variant::new(mnk::game::Size::square(15), 5, mnk::game::Rule::Freestyle)
                .unwrap();
        let engine: PlayerSpec = "engine:memory-mb=1,depth=1".parse().unwrap();
        let table = {
            let mut seat = Seat::new(engine.clone());
            seat.choose(&Board::new(variant), &Ask::now()).unwrap();
            seat.memory()
        };
        assert!(table > 0);
        // Room for two engines' tables.
        let store = Store::new(10, 10, 2 * table + table / 2);
        let ids: Vec<String> = (0..3)
            .map(|_| {
                let people = [Occupant::Human, Occupant::Human];
                store.insert(Entry::new(Session::new(variant, people)), None)
            })
            .collect();
        for id in &ids {
            let mut seat = store.take_seat(id, &engine).unwrap();
            seat.choose(&Board::new(variant), &Ask::now()).unwrap();
            store.return_seat(id, seat);
        }
        // The first game, idle longest, lost its seat; the others kept theirs.
        assert_eq!(store.seats(), (2 * table, 2));
        let again = store.take_seat(&ids[2], &engine).unwrap();
        assert!(
            again.memory() > 0,
            "the kept seat comes back with its table"
        );
        assert_eq!(store.seats().1, 1);
        store.return_seat(&ids[2], again);
        assert!(store.take_seat("nope", &engine).is_none());
    }
}
