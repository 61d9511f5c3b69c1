//! Choosing players: defaults from the players' declared abilities, players that cannot play
//! the board greyed out with the reason and what would work, and a depth or a time for each
//! seat and for the analysis.

use crate::harness::{
    DESKTOP, SETTLED, choose, click, js, open, text, type_in, wait_for, with_page,
};
use fantoccini::Client;
use mnk::game::{Rule, Size, Variant};
use mnk::players::{PlayerInfo, catalog, info, strongest_for};
use mnk_web::Limits;
use serde_json::json;

fn gomoku() -> Variant {
    Variant::new(Size::square(15), 5, Rule::Freestyle).unwrap()
}

/// A board typed in (not a preset): the analysis and the opponent default to the strongest
/// player that plays it (the page kept `perfect` on 15x15: an immediate 422).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_defaults_to_the_strongest_player_that_plays_the_board() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        type_in(&c, "#width", "15").await;
        type_in(&c, "#height", "15").await;
        type_in(&c, "#k", "5").await;
        click(&c, "#new-game").await;
        wait_for(
            &c,
            &format!("document.querySelectorAll('#board .cell').length === 225 && {SETTLED}"),
            "the 15x15 board",
        )
        .await;
        let strongest = strongest_for(&gomoku()).name;
        assert!(!info("perfect").unwrap().plays(&gomoku()));
        let chosen = js(&c, "return [document.querySelector('#analyse-player').value, document.querySelector('#player-o').value];").await;
        assert_eq!(chosen, json!([strongest, strongest]));
        click(&c, "#see-search").await;
        type_in(&c, "#analyse-time", "0.3").await;
        click(&c, "#analyse").await;
        wait_for(
            &c,
            &format!("document.querySelector('#analysis-summary').textContent.startsWith('{strongest} would play') || document.querySelector('#message').textContent !== ''"),
            "the analysis",
        )
        .await;
        assert_eq!(text(&c, "#message").await, "");
    })
    .await;
}

/// On 15x15 the players that cannot play it are greyed out, each saying why and what would
/// work; a depth that fits makes the seed's minimax playable, and it plays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_that_cannot_play_the_board_are_greyed_out_saying_why() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        choose(&c, "#preset", "15,15,5").await;
        let options = || async {
            let list = js(&c, "return [...document.querySelectorAll('#player-o option')].map(o => [o.value, o.disabled, o.title]);").await;
            list.as_array()
                .unwrap()
                .iter()
                .map(|o| {
                    (
                        o[0].as_str().unwrap().to_string(),
                        o[1].as_bool().unwrap(),
                        o[2].as_str().unwrap().to_string(),
                    )
                })
                .collect::<Vec<_>>()
        };
        let strongest = strongest_for(&gomoku()).name;
        let listed = options().await;
        assert_eq!(listed.len(), catalog().len() + 1, "human and every player");
        // An opponent must answer in every position, and (a search with no move until it
        // ends) fit the server's node cap: the alphabeta failed on move 1 after 3.2 s.
        let cap = u128::from(Limits::default().max_nodes);
        let offered = |p: &PlayerInfo, depth: Option<u32>| {
            p.abilities.always_moves
                && p.plays_at(&gomoku(), depth)
                && p.largest_board_within(depth, cap).is_none_or(|n| n >= 225)
        };
        for p in catalog() {
            let (_, disabled, title) = listed.iter().find(|o| o.0 == p.name).unwrap();
            assert_eq!(*disabled, !offered(p, None), "{}: {title}", p.name);
            if *disabled && !p.abilities.always_moves {
                assert!(title.contains("is no opponent"), "{}: {title}", p.name);
            } else if *disabled {
                assert!(title.contains("cannot play 15x15"), "{}: {title}", p.name);
                if p.abilities.searches_to_depth {
                    assert!(title.contains("depth 3 or less"), "{}: {title}", p.name);
                } else {
                    assert!(title.contains(&format!("Choose {strongest}")), "{}: {title}", p.name);
                }
            }
        }
        for name in ["alphabeta", "vcf", "vct", "perfect", "gomoku-minimax"] {
            let (_, disabled, title) = listed.iter().find(|o| o.0 == name).unwrap();
            assert!(disabled, "{name} is not offered on 15x15: {title}");
        }
        assert!(
            listed.iter().find(|o| o.0 == "alphabeta").unwrap().2.contains("within this server's limits"),
            "{listed:?}"
        );

        // A depth of 2 for O: the players whose tree then fits are offered.
        type_in(&c, "#o-depth", "2").await;
        for (name, disabled, title) in options().await {
            if let Some(p) = info(&name) {
                assert_eq!(disabled, !offered(p, Some(2)), "{name}: {title}");
            }
        }
        choose(&c, "#player-o", "gomoku-minimax").await;
        click(&c, "#new-game").await;
        wait_for(&c, &format!("document.querySelectorAll('#board .cell').length === 225 && {SETTLED}"), "the game").await;
        click(&c, "[data-move='h8']").await;
        wait_for(
            &c,
            &format!("(document.querySelectorAll('#board .stone').length === 2 && {SETTLED}) || document.querySelector('#message').textContent !== ''"),
            "gomoku-minimax's answer",
        )
        .await;
        let page = js(&c, "return [...document.querySelectorAll('#status, #message, #stat-move, #stat-nodes, #analysis-summary')].map(e => e.textContent).concat([document.querySelector('#machine').title, [...document.querySelectorAll('#board .stone')].map(e => e.parentElement.dataset.move + ' ' + e.className).join(', '), window.pageErrors.join('; ')]);").await;
        assert_eq!(text(&c, "#message").await, "", "{page}");
        assert_eq!(text(&c, "#status").await, "X (you) to move", "{page}");
        assert_eq!(
            js(&c, "return document.querySelector('#machine').title;").await,
            json!("gomoku-minimax:depth=2 for O"),
            "{page}"
        );
    })
    .await;
}

/// A seat's time and the analysis's depth and time reach the server (the request types
/// already took them; the page had no way to set them).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_seat_and_the_analysis_take_a_depth_or_a_time() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        choose(&c, "#preset", "15,15,5").await;
        choose(&c, "#player-o", "engine").await;
        type_in(&c, "#o-time", "0.3").await;
        click(&c, "#new-game").await;
        wait_for(&c, &format!("document.querySelectorAll('#board .cell').length === 225 && {SETTLED}"), "the game").await;
        click(&c, "[data-move='h8']").await;
        wait_for(
            &c,
            &format!("(document.querySelectorAll('#board .stone').length === 2 && {SETTLED}) || document.querySelector('#message').textContent !== ''"),
            "the engine's answer",
        )
        .await;
        assert_eq!(
            js(&c, "return document.querySelector('#machine').title;").await,
            json!("engine:time-ms=300 for O")
        );

        click(&c, "#see-search").await;
        // gomoku-pruned at its default depth 4 is not offered on 15x15 here: a depth first.
        type_in(&c, "#analyse-depth", "2").await;
        choose(&c, "#analyse-player", "gomoku-pruned").await;
        click(&c, "#analyse").await;
        wait_for(&c, "document.querySelector('#analysis-summary').textContent.startsWith('gomoku-pruned would play')", "the analysis at depth 2").await;
        let summary = text(&c, "#analysis-summary").await;
        assert!(summary.contains("(depth 2)"), "{summary}");

        // A time, without a depth.
        choose(&c, "#analyse-player", "engine").await;
        type_in(&c, "#analyse-depth", "").await;
        type_in(&c, "#analyse-time", "0.25").await;
        click(&c, "#analyse").await;
        wait_for(&c, "document.querySelector('#analysis-summary').textContent.startsWith('engine would play')", "the timed analysis").await;
        let summary = text(&c, "#analysis-summary").await;
        assert!(summary.contains("0.25 s allowed"), "{summary}");
        // A player without a depth: its depth box is off.
        choose(&c, "#analyse-player", "rules").await;
        assert_eq!(
            js(&c, "return [document.querySelector('#analyse-player').value, document.querySelector('#analyse-depth').disabled];").await,
            json!(["rules", true]),
            "rules has no depth"
        );
    })
    .await;
}
