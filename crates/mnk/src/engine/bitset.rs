//! A fixed-size set of small integers (the engine's padded cell indices), one bit each.

/// A set of indices below the capacity it was made with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// The empty set of indices `0..capacity`.
    #[must_use]
    pub fn new(capacity: usize) -> Self {
        BitSet {
            words: vec![0; capacity.div_ceil(64)],
        }
    }

    /// Adds `i`.
    pub fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    /// Removes `i`.
    pub fn remove(&mut self, i: usize) {
        self.words[i / 64] &= !(1 << (i % 64));
    }

    /// Adds or removes `i`.
    pub fn set(&mut self, i: usize, on: bool) {
        if on {
            self.insert(i);
        } else {
            self.remove(i);
        }
    }

    /// Whether `i` is in the set.
    #[must_use]
    pub fn contains(&self, i: usize) -> bool {
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// The number of members.
    #[must_use]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set has no member.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The members, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, &w)| {
            let mut rest = w;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    wi * 64 + bit
                })
            })
        })
    }

    /// The smallest member, if any.
    #[must_use]
    pub fn first(&self) -> Option<usize> {
        self.iter().next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_come_back_in_order() {
        let mut s = BitSet::new(200);
        for i in [5, 64, 199, 0, 63] {
            s.insert(i);
        }
        s.remove(64);
        s.set(100, true);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 5, 63, 100, 199]);
        assert_eq!(s.len(), 5);
        assert!(s.contains(199) && !s.contains(64));
        assert_eq!(s.first(), Some(0));
        assert!(BitSet::new(10).is_empty());
    }
}
