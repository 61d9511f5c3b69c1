//! Files the commands read and write.
//!
//! Reading is bounded: [`read_at_most`] refuses a file longer than the most its kind holds
//! before reading more than that (so `--load /dev/zero` or a 100 MB file is an error, not a
//! process that reads until memory runs out), and [`text`] turns bytes into text with the one
//! wording every command uses (bytes counted from 1; a UTF-8 byte order mark accepted).
//!
//! Writing whole files ([`write_atomically`]) depends on what the path names:
//! - a regular file, or nothing yet: written to a temporary file beside it, synced, then
//!   renamed over it, so that a kill or a full disk leaves either the old file or the new one,
//!   never half of one; the temporary file is removed on every way out (an error, or an
//!   interrupt that leaves: [`remove_temporary_files`]);
//! - a symbolic link: the same for the file it points to (the link stays a link);
//! - anything else (a device such as `/dev/null`, a FIFO, a terminal): written directly, never
//!   replaced, so `--save /dev/null` discards and a device node is never turned into a file;
//! - `-`: standard output.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// The name that means standard output.
pub const STDOUT: &str = "-";

/// Reads the file at `path` whole, refusing one of more than `max` bytes (`what` names what
/// the file should hold, for the message) before reading more than `max + 1` bytes of it.
///
/// # Errors
/// The file system's error, or [`io::ErrorKind::FileTooLarge`] with a message that says the
/// limit.
pub fn read_at_most(path: &Path, max: u64, what: &str) -> io::Result<Vec<u8>> {
    let file = File::open(path)?;
    let too_large = |found: String| {
        io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("{found}, more than the {max} bytes {what} may hold"),
        )
    };
    if let Ok(meta) = file.metadata()
        && meta.is_file()
        && meta.len() > max
    {
        return Err(too_large(format!("{} bytes", meta.len())));
    }
    let mut bytes = Vec::new();
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_large("it goes on".to_string()));
    }
    Ok(bytes)
}

/// `bytes` as text (a leading UTF-8 byte order mark dropped), or the message every command
/// gives for a file that is not UTF-8: the first byte that cannot be read, counted from 1, and
/// what the file should be (`a record`, `a proof`).
///
/// # Errors
/// The message, without the file's name.
pub fn text(bytes: Vec<u8>, what: &str) -> Result<String, String> {
    let mut text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "not UTF-8 text (byte {} cannot be read); {what} is text",
            e.utf8_error().valid_up_to() + 1
        )
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// Writes `bytes` to `path` whole (see the module: atomically where `path` is a file).
///
/// # Errors
/// The file system's error.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomically_with(path, |w| w.write_all(bytes))
}

/// As [`write_atomically`], for contents written in pieces by `write` (through a buffer).
///
/// # Errors
/// The file system's error, or `write`'s.
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    match destination(path)? {
        Destination::Stdout => {
            let mut out = io::BufWriter::new(io::stdout().lock());
            write(&mut out)?;
            out.flush()
        }
        Destination::Direct(path) => {
            let file = OpenOptions::new().write(true).open(path)?;
            let mut out = io::BufWriter::new(file);
            write(&mut out)?;
            out.flush()
        }
        Destination::Replace(path) => replace(&path, write),
    }
}

/// A file that lines are added to as they come (`mnk match --save`, `mnk tune
/// --save-games`): an existing file keeps its lines and the new ones follow; `-` is standard
/// output; a device or a FIFO is written as it is.
///
/// # Errors
/// The file system's error.
pub fn open_to_append(path: &Path) -> io::Result<Box<dyn Write + Send>> {
    if path.as_os_str() == STDOUT {
        return Ok(Box::new(io::stdout()));
    }
    if fs::metadata(path).is_ok_and(|m| m.is_dir()) {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "a directory, not a file",
        ));
    }
    Ok(Box::new(
        OpenOptions::new().create(true).append(true).open(path)?,
    ))
}

/// Where a write to a path goes.
#[derive(Debug, PartialEq, Eq)]
enum Destination {
    /// Standard output (`-`).
    Stdout,
    /// A file that is not a regular one (a device, a FIFO): written in place.
    Direct(PathBuf),
    /// A regular file, existing or not: replaced through a temporary file beside it.
    Replace(PathBuf),
}

/// How many symbolic links are followed before giving up (as the kernel's `ELOOP`).
const MAX_LINKS: usize = 40;

fn destination(path: &Path) -> io::Result<Destination> {
    if path.as_os_str() == STDOUT {
        return Ok(Destination::Stdout);
    }
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let meta = match fs::symlink_metadata(&path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Destination::Replace(path)),
            Err(e) => return Err(e),
        };
        if meta.file_type().is_symlink() {
            let target = fs::read_link(&path)?;
            path = match path.parent() {
                Some(dir) => dir.join(target),
                None => target,
            };
        } else if meta.is_file() {
            return Ok(Destination::Replace(path));
        } else if meta.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "a directory, not a file",
            ));
        } else {
            return Ok(Destination::Direct(path));
        }
    }
    Err(io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links, one after the other"
    )))
}

/// The temporary files being written now, removed by [`remove_temporary_files`].
static TEMPORARY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Removes the temporary files of writes in progress: called on the way out of a command that
/// an interrupt ends, so none is left behind.
pub fn remove_temporary_files() {
    let files = std::mem::take(&mut *TEMPORARY.lock().unwrap_or_else(PoisonError::into_inner));
    for file in files {
        let _ = fs::remove_file(file);
    }
}

fn replace(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    let temporary = temporary_for(path);
    TEMPORARY
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .push(temporary.clone());
    let written = File::create(&temporary).and_then(|f| {
        let mut buffered = io::BufWriter::with_capacity(1 << 20, f);
        write(&mut buffered)?;
        buffered
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?
            .sync_all()
    });
    let renamed = written.and_then(|()| fs::rename(&temporary, path));
    if renamed.is_err() {
        // The temporary file is of no use to anyone; the error says what went wrong.
        let _ = fs::remove_file(&temporary);
    }
    TEMPORARY
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .retain(|t| t != &temporary);
    renamed
}

fn temporary_for(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{}.tmp", std::process::id()));
    path.with_file_name(name)
}

/// Whether two paths name the same file: the same text, or the same file once links and
/// `..` are resolved (paths that do not exist yet are compared by their folder).
pub fn same_file(a: &Path, b: &Path) -> bool {
    let resolve = |p: &Path| -> Option<PathBuf> {
        if let Ok(full) = fs::canonicalize(p) {
            return Some(full);
        }
        let dir = match p.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        Some(fs::canonicalize(dir).ok()?.join(p.file_name()?))
    };
    a == b || matches!((resolve(a), resolve(b)), (Some(x), Some(y)) if x == y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("mnk-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replaces_the_file_whole_and_leaves_nothing_behind() {
        let dir = folder("replace");
        let path = dir.join("weights.txt");
        fs::write(&path, "old").unwrap();
        write_atomically(&path, b"new contents").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new contents");
        assert_eq!(names(&dir), ["weights.txt"]);
        // A failed write leaves the old file and no temporary one.
        let failed = write_atomically_with(&path, |w| {
            w.write_all(b"half")?;
            Err(io::Error::other("disk full"))
        });
        assert!(failed.is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "new contents");
        assert_eq!(names(&dir), ["weights.txt"]);
        // None of this folder's left registered for removal (other tests, in parallel, may
        // have theirs).
        let registered = TEMPORARY.lock().unwrap().clone();
        assert!(
            !registered.iter().any(|p| p.starts_with(&dir)),
            "{registered:?}"
        );
        // A directory that does not exist: an error, and no file anywhere.
        let missing = dir.join("no-such-dir").join("w.txt");
        assert!(write_atomically(&missing, b"x").is_err());
        // A directory is no file.
        assert!(write_atomically(&dir, b"x").is_err());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_written_through_and_stays_a_link() {
        let dir = folder("link");
        let target = dir.join("game.txt");
        fs::write(&target, "old").unwrap();
        let link = dir.join("latest");
        std::os::unix::fs::symlink("game.txt", &link).unwrap();
        write_atomically(&link, b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
        // A link to a file not yet written creates it.
        let dangling = dir.join("next");
        std::os::unix::fs::symlink("next.txt", &dangling).unwrap();
        write_atomically(&dangling, b"first").unwrap();
        assert_eq!(fs::read_to_string(dir.join("next.txt")).unwrap(), "first");
        assert!(same_file(&link, &target));
        assert!(!same_file(&link, &dangling));
        assert!(same_file(
            &dir.join("x.txt"),
            &dir.join("../").join(dir.file_name().unwrap()).join("x.txt")
        ));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_written_in_place() {
        let dir = folder("fifo");
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return; // no mkfifo here: the device test in tests/cli.rs covers the same path
        }
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
        };
        write_atomically(&fifo, b"through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), "through the pipe");
        use std::os::unix::fs::FileTypeExt;
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn reads_are_bounded() {
        let dir = folder("read");
        let path = dir.join("record.txt");
        fs::write(&path, "h8 h9").unwrap();
        assert_eq!(read_at_most(&path, 5, "a record").unwrap(), b"h8 h9");
        let e = read_at_most(&path, 4, "a record").unwrap_err();
        assert_eq!(
            e.to_string(),
            "5 bytes, more than the 4 bytes a record may hold"
        );
        #[cfg(unix)]
        {
            let e = read_at_most(Path::new("/dev/zero"), 1000, "a record").unwrap_err();
            assert_eq!(
                e.to_string(),
                "it goes on, more than the 1000 bytes a record may hold"
            );
        }
        assert_eq!(text(b"\xef\xbb\xbfh8".to_vec(), "a record").unwrap(), "h8");
        assert_eq!(
            text(b"h8 \xff".to_vec(), "a record").unwrap_err(),
            "not UTF-8 text (byte 4 cannot be read); a record is text"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
