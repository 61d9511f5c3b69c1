//! What the test files that read `mnk ... --json` share: the object a finished command
//! printed.

use serde_json::Value;
use std::process::Output;

/// Whether the command `what` succeeded, and the JSON object it printed; a failure to read
/// one panics with everything it wrote.
pub fn json_of(what: &str, out: &Output) -> (bool, Value) {
    let value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{what}: {e}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.success(), value)
}

/// The JSON object the command `what` printed, which must have succeeded.
pub fn json_ok(what: &str, out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    json_of(what, out).1
}
