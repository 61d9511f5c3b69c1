//! Files the commands write whole: written atomically, so that a kill or a full disk leaves
//! either the old file or the new one, never half of one.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` through a temporary file next to it (same directory, so the
/// rename does not cross file systems), synced before it replaces `path`.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomically_with(path, |w| w.write_all(bytes))
}

/// As [`write_atomically`], for contents written in pieces by `write` (through a buffer).
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let temporary = temporary_for(path);
    let written = std::fs::File::create(&temporary).and_then(|f| {
        let mut buffered = io::BufWriter::with_capacity(1 << 20, f);
        write(&mut buffered)?;
        buffered
            .into_inner()
            .map_err(|e| e.into_error())?
            .sync_all()
    });
    let renamed = written.and_then(|()| std::fs::rename(&temporary, path));
    if renamed.is_err() {
        // The temporary file is of no use to anyone; the error says what went wrong.
        let _ = std::fs::remove_file(&temporary);
    }
    renamed
}

fn temporary_for(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{}.tmp", std::process::id()));
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_whole_and_leaves_nothing_behind() {
        let dir = std::env::temp_dir().join(format!("mnk-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("weights.txt");
        std::fs::write(&path, "old").unwrap();
        write_atomically(&path, b"new contents").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new contents");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["weights.txt"]);
        // A directory that does not exist: an error, and no file anywhere.
        let missing = dir.join("no-such-dir").join("w.txt");
        assert!(write_atomically(&missing, b"x").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
