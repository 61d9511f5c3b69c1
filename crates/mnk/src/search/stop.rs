//! The stop signal: one flag per search, linked to the flags of whatever started it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A request to stop, shared by everything that must obey it. Cloning is cheap (one `Arc`);
/// every clone sees the same flag.
///
/// A [`Stop::child`] is set when it or any of its ancestors is set, so one signal reaches
/// every search below it: the Gomocup `END` or `YXSTOP` stops the brain's search, a web
/// client's disconnect stops its request's search, Ctrl-C stops the command's, and a search
/// that has its answer stops its own helper threads (a child) without stopping its caller.
///
/// Searches read it every so many nodes ([`super::Control::should_stop`]); reading is a few
/// relaxed atomic loads, one per generation.
///
/// ```
/// use mnk::search::Stop;
/// let request = Stop::new();
/// let search = request.child();
/// let helpers = search.child();
/// helpers.set();
/// assert!(helpers.is_set() && !search.is_set());
/// request.set();
/// assert!(search.is_set());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Stop(Arc<Link>);

#[derive(Debug, Default)]
struct Link {
    flag: AtomicBool,
    parent: Option<Stop>,
}

impl Stop {
    /// A signal nobody has set yet, with no parent.
    #[must_use]
    pub fn new() -> Self {
        Stop::default()
    }

    /// A new signal that is also set whenever this one (or any of its ancestors) is.
    #[must_use]
    pub fn child(&self) -> Stop {
        Stop(Arc::new(Link {
            flag: AtomicBool::new(false),
            parent: Some(self.clone()),
        }))
    }

    /// Asks everything that polls this signal (or a child of it) to stop.
    pub fn set(&self) {
        self.0.flag.store(true, Ordering::Relaxed);
    }

    /// Takes back this signal's own request (an ancestor's still counts): a long-lived signal,
    /// like a brain's between two commands, is cleared for the next search.
    pub fn clear(&self) {
        self.0.flag.store(false, Ordering::Relaxed);
    }

    /// Whether this signal or one of its ancestors is set.
    #[must_use]
    pub fn is_set(&self) -> bool {
        let mut link = &self.0;
        loop {
            if link.flag.load(Ordering::Relaxed) {
                return true;
            }
            match &link.parent {
                Some(parent) => link = &parent.0,
                None => return false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_parent_reaches_its_children_and_not_the_other_way() {
        let root = Stop::new();
        let a = root.child();
        let b = root.child();
        let a1 = a.child();
        a1.set();
        assert!(a1.is_set() && !a.is_set() && !b.is_set() && !root.is_set());
        a.set();
        assert!(a.is_set() && !b.is_set());
        root.set();
        assert!(b.is_set());
        root.clear();
        assert!(!b.is_set() && a.is_set(), "a's own request stays");
        let copy = b.clone();
        copy.set();
        assert!(b.is_set(), "clones share one flag");
    }
}
