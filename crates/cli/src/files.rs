//! Where the file commands (`aead … --in/--out`, `fe …`) read and write, and when.
//!
//! **Outputs** ([`Output::plan`], then [`Output::create`], then [`Pending::commit`]):
//! * `-` is standard output.
//! * A path that does not exist yet, a regular file, or a symbolic link to a regular file is
//!   *replaced atomically*: the bytes go to a temporary file in the directory of the file the
//!   path resolves to (links followed, the link itself kept), which is synced and renamed over
//!   it only when the command succeeded. On failure the temporary file is removed and the old
//!   file is untouched.
//! * Anything else that exists and is not a directory — a character device such as
//!   `/dev/null`, a FIFO, `/dev/stdout` — is *written in place*, never replaced, and also only
//!   after the command succeeded: the bytes are first spooled to an anonymous temporary file
//!   (unlinked at creation, in the system's temporary directory) and copied on commit.
//! * Refused before anything is written: a directory, a missing parent directory (named in the
//!   message), an output that is the same file as one of the command's inputs or keys
//!   (compared by device and inode, so links and `..` do not hide it), and two outputs of one
//!   command that are the same file.
//!
//! **Inputs** ([`read_bounded`]): read whole only up to a bound that a valid input cannot
//! exceed, so `/dev/zero` or an endless pipe is an error, not an exhausted memory.

use std::fs::{File, Metadata};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Where one output goes.
#[derive(Debug)]
pub struct Output {
    /// The path as the user gave it (for messages).
    shown: PathBuf,
    dest: Dest,
}

#[derive(Debug)]
enum Dest {
    Stdout,
    /// Atomic replacement of `target` (links resolved) through a temporary file in `dir`.
    Replace {
        target: PathBuf,
        dir: PathBuf,
    },
    /// An existing special file, opened for writing (no truncation, no replacement).
    InPlace(PathBuf),
}

/// An output being written: commit it to make it visible, drop it to discard it.
pub struct Pending<'a> {
    out: &'a Output,
    sink: Sink,
}

enum Sink {
    Temp(tempfile::NamedTempFile),
    Spool(File),
}

/// The identity of an existing file (device, inode) — or its canonical path off Unix.
#[cfg(unix)]
fn identity(m: &Metadata, _p: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((m.dev(), m.ino()))
}
#[cfg(not(unix))]
fn identity(_m: &Metadata, p: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(p).ok()
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(ma), Ok(mb)) => {
            let (ia, ib) = (identity(&ma, a), identity(&mb, b));
            ia.is_some() && ia == ib
        }
        _ => false,
    }
}

impl Output {
    /// Decides where `path` is written, refusing what must not be written (see the module doc).
    /// `inputs` are the command's input and key files; nothing is created here.
    pub fn plan(path: &Path, inputs: &[&Path]) -> Result<Output, String> {
        let shown = path.to_path_buf();
        if path.as_os_str() == "-" {
            return Ok(Output {
                shown,
                dest: Dest::Stdout,
            });
        }
        for i in inputs {
            if same_file(path, i) {
                return Err(format!(
                    "{}: refusing to write the output over the input {}",
                    path.display(),
                    i.display()
                ));
            }
        }
        let dest = match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => return Err(format!("{}: is a directory", path.display())),
            Ok(m) if m.is_file() => {
                let target =
                    std::fs::canonicalize(path).map_err(|e| format!("{}: {e}", path.display()))?;
                let dir = target
                    .parent()
                    .map(Path::to_path_buf)
                    .unwrap_or_else(|| PathBuf::from("/"));
                Dest::Replace { target, dir }
            }
            Ok(_) => Dest::InPlace(path.to_path_buf()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if std::fs::symlink_metadata(path).is_ok() {
                    return Err(format!(
                        "{}: a symbolic link to nothing (refusing to replace it)",
                        path.display()
                    ));
                }
                let dir = match path.parent() {
                    Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                    _ => PathBuf::from("."),
                };
                match std::fs::metadata(&dir) {
                    Ok(m) if m.is_dir() => {}
                    _ => {
                        return Err(format!(
                            "{}: the directory {} does not exist",
                            path.display(),
                            dir.display()
                        ))
                    }
                }
                Dest::Replace {
                    target: path.to_path_buf(),
                    dir,
                }
            }
            Err(e) => return Err(format!("{}: {e}", path.display())),
        };
        Ok(Output { shown, dest })
    }

    /// [`Output::plan`] for several outputs of one command, which must be distinct files.
    pub fn plan_all(paths: &[&Path], inputs: &[&Path]) -> Result<Vec<Output>, String> {
        for (i, a) in paths.iter().enumerate() {
            for b in &paths[..i] {
                if a == b || same_file(a, b) {
                    return Err(format!(
                        "{} and {} are the same file: give two different outputs",
                        b.display(),
                        a.display()
                    ));
                }
            }
        }
        paths.iter().map(|p| Output::plan(p, inputs)).collect()
    }

    /// The path as given, for messages.
    pub fn shown(&self) -> &Path {
        &self.shown
    }

    /// Whether an existing regular file would be replaced (its bytes can be inspected first).
    pub fn replaces_existing(&self) -> Option<&Path> {
        match &self.dest {
            Dest::Replace { target, .. } if target.is_file() => Some(target),
            _ => None,
        }
    }

    /// Starts writing: a temporary file next to the target, or an anonymous spool.
    pub fn create(&self) -> Result<Pending<'_>, String> {
        let sink = match &self.dest {
            Dest::Replace { dir, .. } => Sink::Temp(
                tempfile::Builder::new()
                    .prefix(".hayate-")
                    .suffix(".tmp")
                    .tempfile_in(dir)
                    .map_err(|e| {
                        format!(
                            "{}: cannot create a temporary file in {}: {e}",
                            self.shown.display(),
                            dir.display()
                        )
                    })?,
            ),
            Dest::Stdout | Dest::InPlace(_) => Sink::Spool(tempfile::tempfile().map_err(|e| {
                format!(
                    "{}: cannot create a temporary spool file: {e}",
                    self.shown.display()
                )
            })?),
        };
        Ok(Pending { out: self, sink })
    }
}

impl Pending<'_> {
    fn err(&self, e: std::io::Error) -> String {
        format!("{}: {e}", self.out.shown.display())
    }

    /// Makes the output visible: rename over the target, or copy the spool into the special
    /// file / standard output.
    pub fn commit(self) -> Result<(), String> {
        match (self.sink, &self.out.dest) {
            (Sink::Temp(tmp), Dest::Replace { target, .. }) => {
                tmp.as_file()
                    .sync_all()
                    .map_err(|e| format!("{}: {e}", self.out.shown.display()))?;
                tmp.persist(target)
                    .map_err(|e| format!("{}: {}", self.out.shown.display(), e.error))?;
                Ok(())
            }
            (Sink::Spool(mut f), dest) => {
                let shown = &self.out.shown;
                let e = |e: std::io::Error| format!("{}: {e}", shown.display());
                f.seek(SeekFrom::Start(0)).map_err(e)?;
                match dest {
                    Dest::InPlace(p) => {
                        let mut w = std::fs::OpenOptions::new().write(true).open(p).map_err(e)?;
                        std::io::copy(&mut f, &mut w).map_err(e)?;
                        w.flush().map_err(e)
                    }
                    _ => {
                        let mut w = std::io::stdout().lock();
                        std::io::copy(&mut f, &mut w).map_err(e)?;
                        w.flush().map_err(e)
                    }
                }
            }
            (Sink::Temp(_), _) => Err("internal: temporary file for a special output".into()),
        }
    }
}

impl Write for Pending<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match &mut self.sink {
            Sink::Temp(t) => t.write(buf),
            Sink::Spool(f) => f.write(buf),
        }
    }
    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        match &mut self.sink {
            Sink::Temp(t) => t.write_all(buf),
            Sink::Spool(f) => f.write_all(buf),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.sink {
            Sink::Temp(t) => t.flush(),
            Sink::Spool(f) => f.flush(),
        }
    }
}

impl Pending<'_> {
    /// Writes all of `bytes`, with the output's name in the error.
    pub fn put(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.write_all(bytes).map_err(|e| self.err(e))
    }
}

/// Reads `path` whole, refusing more than `limit` bytes (`what` names the expected content).
pub fn read_bounded(path: &Path, limit: usize, what: &str) -> Result<Vec<u8>, String> {
    let f = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    read_bounded_from(f, limit)
        .map_err(|e| format!("{}: {e}", path.display()))?
        .ok_or_else(|| {
            format!(
                "{}: larger than {limit} bytes, not a valid {what}",
                path.display()
            )
        })
}

/// Reads `r` to its end, or `None` if it holds more than `limit` bytes.
pub fn read_bounded_from(r: impl Read, limit: usize) -> std::io::Result<Option<Vec<u8>>> {
    let mut buf = Vec::new();
    r.take(limit as u64 + 1).read_to_end(&mut buf)?;
    Ok((buf.len() <= limit).then_some(buf))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_input_directory_and_missing_dir() {
        let d = tempfile::tempdir().unwrap();
        let a = d.path().join("a");
        std::fs::write(&a, b"x").unwrap();
        // the same file through another spelling
        let again = d.path().join(".").join("a");
        assert!(Output::plan(&again, &[&a]).is_err());
        assert!(Output::plan(d.path(), &[]).is_err());
        let e = Output::plan(&d.path().join("no/such/out"), &[]).unwrap_err();
        assert!(e.contains("does not exist"), "{e}");
        assert!(Output::plan_all(&[&a, &again], &[]).is_err());
    }

    #[test]
    fn replace_commits_only_on_commit() {
        let d = tempfile::tempdir().unwrap();
        let a = d.path().join("a");
        std::fs::write(&a, b"old").unwrap();
        let o = Output::plan(&a, &[]).unwrap();
        {
            let mut p = o.create().unwrap();
            p.put(b"new").unwrap();
            // dropped: discarded
        }
        assert_eq!(std::fs::read(&a).unwrap(), b"old");
        let mut p = o.create().unwrap();
        p.put(b"new").unwrap();
        p.commit().unwrap();
        assert_eq!(std::fs::read(&a).unwrap(), b"new");
        // only the target remains in the directory
        assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn symlink_target_replaced_link_kept() {
        let d = tempfile::tempdir().unwrap();
        let t = d.path().join("t");
        let l = d.path().join("l");
        std::fs::write(&t, b"old").unwrap();
        std::os::unix::fs::symlink(&t, &l).unwrap();
        let o = Output::plan(&l, &[]).unwrap();
        let mut p = o.create().unwrap();
        p.put(b"new").unwrap();
        p.commit().unwrap();
        assert!(std::fs::symlink_metadata(&l)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&t).unwrap(), b"new");
    }

    #[test]
    fn bounded_reads() {
        assert_eq!(read_bounded_from(&b"abc"[..], 3).unwrap().unwrap(), b"abc");
        assert!(read_bounded_from(&b"abcd"[..], 3).unwrap().is_none());
        // an endless reader stops at the bound
        assert!(read_bounded_from(std::io::repeat(0), 1 << 10)
            .unwrap()
            .is_none());
    }
}
