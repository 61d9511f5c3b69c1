//! When something fails: the page never stays "thinking", says what failed and what to do,
//! and shows hints as information, not as errors.

use crate::harness::{DESKTOP, choose, click, js, open, text, type_in, wait_for, with_page};
use fantoccini::Client;
use serde_json::json;

const MESSAGE: &str = "document.querySelector('#message').textContent";

/// `perfect` with 10 ms to solve 7x6 cannot, and says so (422): the page stops thinking,
/// says the player could not move and how to go on; Undo and Retry work. (Was `vcf`, which
/// the page no longer offers as an opponent.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_error_ends_the_thinking_and_says_what_to_do() {
    with_page(DESKTOP, |c: Client, base: String| async move {
        open(&c, &base).await;
        choose(&c, "#preset", "7,6,4").await;
        choose(&c, "#player-o", "perfect").await;
        type_in(&c, "#o-time", "0.01").await;
        click(&c, "#new-game").await;
        wait_for(&c, "document.querySelector('#status').textContent === 'X (you) to move' && document.querySelectorAll('#board .cell').length === 42", "the new game").await;
        click(&c, "[data-move='d1']").await;
        wait_for(&c, &format!("{MESSAGE} !== ''"), "perfect's refusal").await;
        // Whatever the timing of the page's updates, it must settle on "could not move".
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let status = text(&c, "#status").await;
        assert_eq!(status, "O (perfect:time-ms=10) could not move");
        let message = text(&c, "#message").await;
        assert!(message.contains("out of reach"), "{message}");
        for todo in ["Retry", "Undo", "another player for O", "New game"] {
            assert!(message.contains(todo), "says what to do ({todo}): {message}");
        }
        assert_eq!(
            js(&c, "return document.querySelector('#retry').hidden;").await,
            json!(false)
        );
        // Retry asks again, and ends the same way.
        click(&c, "#retry").await;
        wait_for(&c, "document.querySelector('#status').textContent === 'O (perfect:time-ms=10) could not move'", "the second refusal").await;
        click(&c, "#undo").await;
        wait_for(&c, "document.querySelector('#status').textContent === 'X (you) to move'", "the undone move").await;
        assert_eq!(text(&c, "#message").await, "");
        assert_eq!(
            js(&c, "return document.querySelector('#retry').hidden;").await,
            json!(true)
        );

        // The machine moving first fails the same way.
        choose(&c, "#player-x", "perfect").await;
        type_in(&c, "#x-time", "0.01").await;
        choose(&c, "#player-o", "human").await;
        click(&c, "#new-game").await;
        wait_for(&c, &format!("{MESSAGE} !== '' && document.querySelector('#player-x').value === 'perfect'"), "X's refusal").await;
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        assert_eq!(text(&c, "#status").await, "X (perfect:time-ms=10) could not move");
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
