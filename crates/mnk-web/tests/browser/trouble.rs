//! When something fails: the page never stays "thinking", says what failed and what to do,
//! and shows hints as information, not as errors.

use crate::harness::{DESKTOP, choose, click, js, open, text, wait_for, with_page};
use fantoccini::Client;
use serde_json::json;

const MESSAGE: &str = "document.querySelector('#message').textContent";

/// `vcf` finds no forced win on an open board and says so (422): the page stops thinking,
/// says the player could not move and how to go on; Undo and Retry work.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_error_ends_the_thinking_and_says_what_to_do() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        choose(&c, "#player-o", "vcf").await;
        click(&c, "#new-game").await;
        wait_for(&c, "document.querySelector('#status').textContent === 'X (you) to move' && document.querySelector('#player-o').value === 'vcf'", "the new game").await;
        click(&c, "[data-move='b2']").await;
        wait_for(&c, &format!("{MESSAGE} !== ''"), "vcf's refusal").await;
        // Whatever the timing of the page's updates, it must settle on "could not move".
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let status = text(&c, "#status").await;
        assert_eq!(status, "O (vcf) could not move");
        let message = text(&c, "#message").await;
        assert!(message.contains("no forced win"), "{message}");
        for todo in ["Retry", "Undo", "another player for O", "New game"] {
            assert!(message.contains(todo), "says what to do ({todo}): {message}");
        }
        assert_eq!(
            js(&c, "return document.querySelector('#retry').hidden;").await,
            json!(false)
        );
        // Retry asks again, and ends the same way.
        click(&c, "#retry").await;
        wait_for(&c, "document.querySelector('#status').textContent === 'O (vcf) could not move'", "the second refusal").await;
        click(&c, "#undo").await;
        wait_for(&c, "document.querySelector('#status').textContent === 'X (you) to move'", "the undone move").await;
        assert_eq!(text(&c, "#message").await, "");
        assert_eq!(
            js(&c, "return document.querySelector('#retry').hidden;").await,
            json!(true)
        );

        // The machine moving first fails the same way.
        choose(&c, "#player-x", "vcf").await;
        choose(&c, "#player-o", "human").await;
        click(&c, "#new-game").await;
        wait_for(&c, &format!("{MESSAGE} !== '' && document.querySelector('#player-x').value === 'vcf'"), "X's refusal").await;
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        assert_eq!(text(&c, "#status").await, "X (vcf) could not move");
    })
    .await;
}

/// A hint is information: not in the colour of errors.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_are_not_shown_in_the_error_colour() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        click(&c, "#hint").await;
        wait_for(&c, &format!("{MESSAGE}.startsWith('Hint')"), "the hint").await;
        let colour = "return getComputedStyle(document.querySelector('#message')).color;";
        let hint = js(&c, colour).await;
        // An error: vcf asked to analyse an open board.
        click(&c, "#see-search").await;
        choose(&c, "#analyse-player", "vcf").await;
        click(&c, "#analyse").await;
        wait_for(
            &c,
            &format!("{MESSAGE}.includes('no forced win')"),
            "vcf's refusal",
        )
        .await;
        let error = js(&c, colour).await;
        assert_ne!(hint, error, "a hint in the error colour");
        let red: Vec<u32> = error
            .as_str()
            .unwrap()
            .trim_start_matches("rgb(")
            .trim_end_matches(')')
            .split(", ")
            .map(|n| n.parse().unwrap())
            .collect();
        assert!(red[0] > red[1] + 80, "errors are red: {error}");
    })
    .await;
}
