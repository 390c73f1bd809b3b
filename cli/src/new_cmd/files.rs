//! Writing a scaffold's files safely: every file is checked before any is written, so a
//! refusal writes nothing; nothing is written through a symbolic link, onto something
//! that is not a regular file, or over an existing file.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write as _};
use std::path::{Path, PathBuf};

use anyhow::Context;

/// A refusal to write through a symbolic link or onto something that is not a regular
/// file: a problem found in the folder, reported with exit code 1.
#[derive(Debug)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

/// A file `weft new` wrote, and whether it was new or changed (appended to).
pub struct Written {
    /// The file's path.
    pub path: PathBuf,
    /// Whether it was created (else appended to).
    pub created: bool,
}

/// One file `weft new` writes, at a `/`-separated path below the pack folder.
pub struct Write {
    /// The path below the pack folder, e.g. `tiles/x.toml`.
    pub rel: String,
    /// What to write (appended when `append` is set and the file exists).
    pub text: String,
    /// `Some(header)`: append to the file if it exists (`text` starts on a new line),
    /// else create it with `header` first. `None`: create it; an existing file is an
    /// error.
    pub append: Option<String>,
}

impl Write {
    /// A new file; an existing one is an error.
    pub fn create(rel: impl Into<String>, text: impl Into<String>) -> Write {
        Write {
            rel: rel.into(),
            text: text.into(),
            append: None,
        }
    }

    /// Text appended to a file, created with `header` first if it does not exist.
    pub fn append(rel: impl Into<String>, header: &str, text: impl Into<String>) -> Write {
        Write {
            append: Some(header.to_string()),
            ..Write::create(rel, text)
        }
    }
}

/// Checks the files a scaffold will touch before anything else is read (a pack with a
/// link in it is refused as such, not as a pack that does not load): `create` files
/// must not exist, `append` files may. The texts are not known yet; [`write_all`]
/// checks again.
pub fn precheck(root: &Path, create: &[String], append: &[String]) -> anyhow::Result<()> {
    for rel in create {
        check_target(root, &Write::create(rel.as_str(), ""))?;
    }
    for rel in append {
        check_target(root, &Write::append(rel.as_str(), "", ""))?;
    }
    Ok(())
}

/// Whether `name` (a grade or zone given on the command line) can be part of a file
/// name below the pack: letters, digits, `-`, `_` and `.`, not starting with a dot.
pub fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// Checks every write, then writes them all; returns the paths written.
pub fn write_all(root: &Path, writes: &[Write]) -> anyhow::Result<Vec<Written>> {
    for w in writes {
        check_target(root, w)?;
    }
    writes.iter().map(|w| write_one(root, w)).collect()
}

/// Refuses a write that would go through a symbolic link (each folder below `root` and
/// the file itself are looked at, links not followed), onto a file that is not a regular
/// file, or over an existing file when creating.
pub fn check_target(root: &Path, w: &Write) -> anyhow::Result<()> {
    let parts: Vec<&str> = w.rel.split('/').collect();
    let mut at = root.to_path_buf();
    for (i, part) in parts.iter().enumerate() {
        at.push(part);
        let last = i + 1 == parts.len();
        let meta = match std::fs::symlink_metadata(&at) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(Refused(format!("error: {}: {e}", at.display())).into()),
        };
        if meta.file_type().is_symlink() {
            return Err(Refused(format!(
                "error: {} is a symbolic link; weft new never writes through a link (it may point outside the pack)\n  help: replace the link with a real {} inside the pack; nothing was written",
                at.display(),
                if last { "file" } else { "folder" }
            ))
            .into());
        }
        if !last && !meta.is_dir() {
            return Err(Refused(format!(
                "error: {} is not a folder; nothing was written",
                at.display()
            ))
            .into());
        }
        if last && !meta.is_file() {
            return Err(Refused(format!(
                "error: {} is not a regular file; weft new writes only regular files; nothing was written",
                at.display()
            ))
            .into());
        }
        if last && w.append.is_none() {
            anyhow::bail!(
                "error: {} already exists; weft new never overwrites a file",
                at.display()
            );
        }
    }
    Ok(())
}

/// Opens `path` with `options`, never following a symbolic link in its last part.
fn open_no_follow(options: &mut OpenOptions, path: &Path) -> std::io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The text of an existing file below the pack folder (`None` when there is none), read
/// without following a link and only if it is a regular file.
pub fn read_existing(path: &Path) -> anyhow::Result<Option<String>> {
    let file = match open_no_follow(OpenOptions::new().read(true), path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Refused(format!("error: {}: {e}", path.display())).into()),
    };
    if !file.metadata()?.is_file() {
        return Err(Refused(format!("error: {} is not a regular file", path.display())).into());
    }
    let mut text = String::new();
    file.take(weft_core::content::MAX_FILE_BYTES as u64 + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("error: could not read {}", path.display()))?;
    Ok(Some(text))
}

/// Writes one checked file: a new file is created only if nothing is there (a link
/// included); an append goes to the regular file that was checked.
fn write_one(root: &Path, w: &Write) -> anyhow::Result<Written> {
    let path = root.join(&w.rel);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("error: could not create {}", dir.display()))?;
    }
    let existing = read_existing(&path)?;
    let created = existing.is_none();
    let (text, file) = match (existing, &w.append) {
        (Some(old), Some(_)) => {
            let gap = if old.is_empty() || old.ends_with('\n') {
                ""
            } else {
                "\n"
            };
            let file = open_no_follow(OpenOptions::new().append(true), &path);
            (format!("{gap}{}", w.text), file)
        }
        (_, header) => {
            let file = open_no_follow(OpenOptions::new().write(true).create_new(true), &path);
            (
                format!("{}{}", header.as_deref().unwrap_or(""), w.text),
                file,
            )
        }
    };
    let mut file = file.with_context(|| format!("error: could not write {}", path.display()))?;
    file.write_all(text.as_bytes())
        .with_context(|| format!("error: could not write {}", path.display()))?;
    Ok(Written { path, created })
}
