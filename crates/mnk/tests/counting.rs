//! Counting ground truth from labelled data files: `tests/data/perft.txt` and
//! `tests/data/census.txt`. Each line names its source: known figures from the literature, or
//! mnk's own (regression), which the walk and the recursion agree on.

use mnk::count::{census, perft};
use mnk::game::{Board, Rule, Variant, parse_size};

fn rows(file: &str) -> Vec<(usize, Vec<String>)> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i + 1, l.split_whitespace().map(str::to_string).collect()))
        .collect()
}

fn variant(fields: &[String]) -> Variant {
    let rule: Rule = fields[2].parse().unwrap();
    Variant::new(
        parse_size(&fields[0]).unwrap(),
        fields[1].parse().unwrap(),
        rule,
    )
    .unwrap()
}

#[test]
fn perft_data() {
    for (line, f) in rows("perft.txt") {
        let v = variant(&f);
        let depth: u32 = f[3].parse().unwrap();
        let expected: u128 = f[4].parse().unwrap();
        assert_eq!(
            perft(&Board::new(v), depth),
            expected,
            "perft.txt:{line}: {v} depth {depth}"
        );
    }
}

#[test]
fn census_data() {
    for (line, f) in rows("census.txt") {
        let v = variant(&f);
        let c = census(&Board::new(v), None).unwrap();
        let n = |i: usize| f[i].parse::<u128>().unwrap();
        let got = [
            u128::from(c.positions),
            u128::from(c.terminal),
            u128::from(c.positions_up_to_symmetry),
            c.games,
            c.x_wins,
            c.o_wins,
            c.draws,
        ];
        let want = [n(3), n(4), n(5), n(6), n(7), n(8), n(9)];
        assert_eq!(got, want, "census.txt:{line}: {v}");
    }
}
