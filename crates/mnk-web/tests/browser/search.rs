//! Seeing the search: the heat map, the expected line, the tree, the comparison; values listed
//! in the order of their worth whatever their scale; every value saying whose it is.

use crate::harness::{
    DESKTOP, SETTLED, choose, click, js, open, screenshot, text, type_in, wait_for, with_page,
};
use fantoccini::Client;
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn see_the_search_heat_map_line_tree_and_comparison() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        click(&c, "#see-search").await;
        click(&c, "[data-move='a1']").await;
        wait_for(
            &c,
            &format!(
                "document.querySelectorAll('#board .stone:not(.ghost)').length === 2 && {SETTLED}"
            ),
            "perfect's answer",
        )
        .await;
        // perfect's values are of the position it chose in, for O: not shown on X's turn now,
        // but one move back, one coloured cell per free cell there.
        assert_eq!(
            js(&c, "return document.querySelectorAll('#board .heat').length;").await,
            json!(0),
            "O's values are not X's"
        );
        click(&c, "#back").await;
        wait_for(
            &c,
            "document.querySelector('#see-search').checked && document.querySelectorAll('#board .heat').length === 8",
            "the heat map of perfect's values",
        )
        .await;
        click(&c, "#forward").await;
        // Alpha-beta's analysis of the position: a value per move, and its expected line as
        // numbered ghost stones.
        choose(&c, "#analyse-player", "alphabeta").await;
        click(&c, "#analyse").await;
        wait_for(&c, "document.querySelector('#analysis-summary').textContent.startsWith('alphabeta would play')", "the analysis").await;
        wait_for(
            &c,
            "document.querySelectorAll('#board .stone.ghost').length >= 2",
            "the ghost stones",
        )
        .await;
        // Numbered as the moves they would be: the third first.
        assert_eq!(
            js(&c, "return document.querySelector('#board .stone.ghost').textContent;").await,
            json!("3")
        );
        assert_eq!(
            js(&c, "return document.querySelectorAll('#board .heat').length;").await,
            json!(7)
        );
        screenshot(&c, "3x3-analysis-ghosts.png").await;
        // The tree alpha-beta searched, and one node opened.
        click(&c, "#tree-box summary").await;
        click(&c, "#show-tree").await;
        wait_for(
            &c,
            "document.querySelectorAll('#tree li').length === 8",
            "the root and its 7 children",
        )
        .await;
        assert!(
            text(&c, "#tree-summary")
                .await
                .starts_with("alphabeta searched")
        );
        click(&c, "#tree > li > ul > li:first-child .open").await;
        wait_for(
            &c,
            "document.querySelectorAll('#tree li').length > 8",
            "an expanded node",
        )
        .await;
        // The comparison, one row per algorithm.
        click(&c, "#compare-box summary").await;
        click(&c, "#compare").await;
        wait_for(
            &c,
            "document.querySelectorAll('#compare-table tbody tr').length === 7",
            "the comparison",
        )
        .await;
        let first = text(&c, "#compare-table tbody tr:first-child").await;
        assert!(first.starts_with("gametree"), "{first}");
        screenshot(&c, "3x3-see-the-search.png").await;
    })
    .await;
}

/// The candidate list and the heat map on a position where X's only move (blocking O's four
/// at h12) scores -342 and every other move loses: the proven losses (-1 as a number) must
/// come after the score, and be red. (The page listed "loss in 20", -1.0, above the
/// best move's -71.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn candidates_are_listed_wins_then_scores_then_losses() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        choose(&c, "#preset", "15,15,5").await;
        click(&c, "#records summary").await;
        type_in(&c, "#record", "h7 h8 c3 h9 d3 h10 e3 h11 m3 j9 m4 k10").await;
        click(&c, "#import").await;
        wait_for(
            &c,
            &format!("document.querySelectorAll('#board .stone').length === 12 && {SETTLED}"),
            "the imported position",
        )
        .await;
        click(&c, "#see-search").await;
        choose(&c, "#analyse-player", "engine").await;
        type_in(&c, "#analyse-depth", "2").await;
        click(&c, "#analyse").await;
        wait_for(
            &c,
            "document.querySelector('#analysis-summary').textContent.startsWith('engine would play h12')",
            "the engine's analysis",
        )
        .await;
        let items = js(
            &c,
            "return [...document.querySelectorAll('#candidates li')].map(li => li.textContent);",
        )
        .await;
        let items: Vec<&str> = items
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert!(items.len() > 10, "{items:?}");
        assert!(
            items[0].starts_with("h12: X -") && items[0].contains("(score)"),
            "the best move first, a score of X's: {items:?}"
        );
        for item in &items[1..] {
            assert!(item.contains(": win in 2 for O"), "then O's wins: {items:?}");
        }
        // The heat map: the move played outlined as best, every proven loss red (hue 0)
        // whatever its number.
        let heat: Value = js(
            &c,
            "return [...document.querySelectorAll('#board .heat')].map(h => [h.parentElement.dataset.move, h.classList.contains('best'), h.style.backgroundColor, h.textContent]);",
        )
        .await;
        let heat = heat.as_array().unwrap();
        assert!(heat.len() >= items.len(), "{heat:?}");
        for h in heat {
            let (mv, best, colour, label) = (&h[0], &h[1], h[2].as_str().unwrap(), &h[3]);
            assert_eq!(best, &json!(mv == "h12"), "{h}");
            if mv != "h12" {
                assert_eq!(label, &json!("L2"), "{h}");
                let rgb: Vec<u32> = colour
                    .trim_start_matches("rgb(")
                    .trim_end_matches(')')
                    .split(", ")
                    .map(|n| n.parse().unwrap())
                    .collect();
                assert!(rgb[0] > 200 && rgb[1] < 120 && rgb[2] < 120, "a loss is red: {h}");
            }
        }
        screenshot(&c, "15x15-candidates-best-first.png").await;
    })
    .await;
}

/// Values of the heat map, the candidate list and the tree belong to one side, the side that
/// chooses at the top of the search, and each panel says which: after O's move, O's values of
/// the position O chose in; analysing X's position, X's; the tree of that position shows X's
/// values, the very ones the heat map shows for the same moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_heat_map_and_the_tree_say_whose_values_they_show() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        click(&c, "#see-search").await;
        click(&c, "[data-move='a1']").await;
        wait_for(
            &c,
            &format!(
                "document.querySelectorAll('#board .stone:not(.ghost)').length === 2 && {SETTLED}"
            ),
            "perfect's answer",
        )
        .await;
        // Its values are of the position it chose in: one move back.
        click(&c, "#back").await;
        wait_for(
            &c,
            "document.querySelectorAll('#board .heat').length === 8",
            "perfect's values",
        )
        .await;
        let legend = text(&c, "#heat-legend").await;
        assert!(legend.contains("O's values"), "{legend}");
        let titles = heat_titles(&c).await;
        assert_eq!(titles.len(), 8);
        for (mv, value) in &titles {
            assert!(
                value == "draw" || value.starts_with("win in ") && value.ends_with(" for X"),
                "{mv}: {value}: perfect's values of O's moves after a corner"
            );
        }

        // X to move: minimax's values of X's moves, then the tree minimax searched here.
        click(&c, "#forward").await;
        choose(&c, "#analyse-player", "minimax").await;
        click(&c, "#analyse").await;
        wait_for(&c, "document.querySelector('#analysis-summary').textContent.startsWith('minimax would play')", "the analysis").await;
        let legend = text(&c, "#heat-legend").await;
        assert!(legend.contains("X's values"), "{legend}");
        let heat = heat_titles(&c).await;
        assert_eq!(heat.len(), 7);
        for (mv, value) in &heat {
            assert!(value.starts_with("X ") && value.ends_with("(score)"), "{mv}: {value}");
        }
        click(&c, "#tree-box summary").await;
        choose(&c, "#tree-player", "minimax").await;
        click(&c, "#show-tree").await;
        wait_for(
            &c,
            "document.querySelectorAll('#tree li').length === 8",
            "the root and its 7 children",
        )
        .await;
        let legend = text(&c, "#tree-legend").await;
        assert!(legend.contains("X's"), "{legend}");
        let rows = js(
            &c,
            "return [...document.querySelectorAll('#tree > li > ul > li > .node')].map(n => [n.querySelector('.mv').textContent, n.querySelector('.val').textContent]);",
        )
        .await;
        let rows = rows.as_array().unwrap();
        assert_eq!(rows.len(), 7);
        for row in rows {
            let (mv, value) = (row[0].as_str().unwrap(), row[1].as_str().unwrap());
            let shown = heat.iter().find(|(m, _)| m == mv).map(|(_, v)| v.as_str());
            assert_eq!(Some(value), shown, "{mv}: the tree and the heat map differ");
        }
        screenshot(&c, "3x3-one-viewpoint.png").await;
    })
    .await;
}

/// Each coloured cell's move and value, from its tooltip (`b2: X +0 (score)`).
async fn heat_titles(c: &Client) -> Vec<(String, String)> {
    let titles = js(
        c,
        "return [...document.querySelectorAll('#board .heat')].map(h => h.parentElement.title);",
    )
    .await;
    titles
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let t = t.as_str().unwrap();
            let (mv, value) = t
                .split_once(": ")
                .unwrap_or_else(|| panic!("a cell's tooltip says its move and value: {t:?}"));
            (mv.to_string(), value.to_string())
        })
        .collect()
}
