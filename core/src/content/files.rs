//! Reading a pack's files into memory, with the checks every file passes before any
//! parser sees it: only regular files and folders, a size cap per file and per pack,
//! caps on the number of files and folders and on the folder depth, valid UTF-8, no NUL
//! bytes, and safe relative paths.

use std::collections::BTreeMap;
use std::fs::{File, FileType};
use std::io::Read;
use std::path::{Path, PathBuf};

use super::error::ContentError;

/// The largest file a pack may contain, in bytes. Larger files are refused unread.
pub const MAX_FILE_BYTES: usize = 1024 * 1024;

/// The most bytes one pack's files may hold together (32 MiB). Every name is counted, so
/// a file hard-linked under many names counts once per name.
pub const MAX_PACK_BYTES: usize = 32 * 1024 * 1024;

/// The most files a pack may contain; more is reported as an error.
pub const MAX_FILES: usize = 10_000;

/// The most folders a pack may contain, its root included.
pub const MAX_DIRS: usize = 1_000;

/// How deep folders may nest below the pack root (`tiles/x.lua` is at depth 1).
pub const MAX_DEPTH: usize = 16;

/// A pack's text files, keyed by their path relative to the pack root, always with `/`.
///
/// Packs are read into memory once, from disk or from the copy embedded in the binary,
/// so the loader never touches the file system itself.
#[derive(Debug, Clone, Default)]
pub struct PackFiles {
    /// Where the files came from, for messages (a directory path or `<embedded>`).
    pub origin: String,
    /// File contents by relative path, e.g. `tiles/wool-shop.toml`.
    pub files: BTreeMap<String, String>,
}

/// The walk over one pack folder: what was read so far and what was wrong.
struct Walk<'a> {
    root: &'a Path,
    pack: PackFiles,
    errors: Vec<ContentError>,
    files: usize,
    dirs: usize,
    bytes: usize,
}

/// A cap was hit: reading stops there.
struct Stop;

impl Walk<'_> {
    /// An error that ends the walk: `what` exceeded its cap.
    fn cap(&mut self, what: String) -> Stop {
        self.errors.push(
            ContentError::new(self.root.display().to_string(), what).help(
                "a pack holds text files only (TOML and Lua); remove what does not belong in it",
            ),
        );
        Stop
    }

    /// Reads the folder `dir`, `depth` levels below the root, queueing its subfolders.
    fn folder(
        &mut self,
        dir: &Path,
        depth: usize,
        queue: &mut Vec<(PathBuf, usize)>,
    ) -> Result<(), Stop> {
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(e) => {
                self.errors
                    .push(ContentError::new(dir.display().to_string(), e.to_string()));
                return Ok(());
            }
        };
        // Never hold more names than the caps allow, however large the folder.
        let most = MAX_FILES + MAX_DIRS;
        let mut entries: Vec<_> = entries.filter_map(Result::ok).take(most + 1).collect();
        if entries.len() > most {
            return Err(self.cap(format!(
                "the folder {} holds more than {most} entries; a pack may hold at most {MAX_FILES} files and {MAX_DIRS} folders",
                dir.display()
            )));
        }
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let path = entry.path();
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            // The entry's own type: a symbolic link is not followed.
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                self.dirs += 1;
                if self.dirs > MAX_DIRS {
                    return Err(self.cap(format!(
                        "the pack has more than {MAX_DIRS} folders (the cap)"
                    )));
                }
                if depth + 1 > MAX_DEPTH {
                    return Err(self.cap(format!(
                        "{} is nested more than {MAX_DEPTH} folders deep (the cap)",
                        path.display()
                    )));
                }
                queue.push((path, depth + 1));
                continue;
            }
            self.files += 1;
            if self.files > MAX_FILES {
                return Err(self.cap(format!(
                    "the pack has more than {MAX_FILES} files (the cap)"
                )));
            }
            match self.file(&path, &kind) {
                Ok(text) => {
                    let rel = path
                        .strip_prefix(self.root)
                        .map(|p| p.to_string_lossy().replace('\\', "/"))
                        .unwrap_or_else(|_| path.display().to_string());
                    self.pack.files.insert(rel, text);
                }
                Err(e) => self.errors.push(e),
            }
            if self.bytes > MAX_PACK_BYTES {
                return Err(Stop);
            }
        }
        Ok(())
    }

    /// Reads one file, if it is a regular file within the caps; errors name the file.
    fn file(&mut self, path: &Path, kind: &FileType) -> Result<String, ContentError> {
        let name = path.display().to_string();
        let symlink = || {
            ContentError::new(&name, "symbolic links are not read")
                .help("copy the file into the pack instead")
        };
        if kind.is_symlink() {
            return Err(symlink());
        }
        if !kind.is_file() {
            return Err(not_regular(&name, kind));
        }
        let file = open_no_follow(path).map_err(|e| {
            // The path became a link after the folder was listed.
            #[cfg(unix)]
            if e.raw_os_error() == Some(libc::ELOOP) {
                return symlink();
            }
            ContentError::new(&name, e.to_string())
        })?;
        // The opened handle's own type and size: the path may have changed since the
        // folder was listed.
        let meta = file
            .metadata()
            .map_err(|e| ContentError::new(&name, e.to_string()))?;
        if !meta.is_file() {
            return Err(not_regular(&name, &meta.file_type()));
        }
        if meta.len() > MAX_FILE_BYTES as u64 {
            return Err(too_big(&name, meta.len()));
        }
        let bytes = read_capped(file, &name)?;
        self.bytes += bytes.len();
        if self.bytes > MAX_PACK_BYTES {
            return Err(ContentError::new(
                self.root.display().to_string(),
                format!(
                    "the pack's files hold more than {MAX_PACK_BYTES} bytes together (the cap; reading stopped at {name})"
                ),
            )
            .help("a pack holds text files only (TOML and Lua); a file hard-linked under several names counts once per name"));
        }
        check_text(&name, bytes)
    }
}

/// Reads at most [`MAX_FILE_BYTES`] and one byte more, so a file that grows while read,
/// or lies about its size, cannot exhaust memory; more than the cap is an error.
fn read_capped(reader: impl Read, name: &str) -> Result<Vec<u8>, ContentError> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ContentError::new(name, e.to_string()))?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(ContentError::new(
            name,
            format!("file is more than {MAX_FILE_BYTES} bytes (the limit)"),
        )
        .help("split the file, or remove what does not belong in a pack"));
    }
    Ok(bytes)
}

/// Opens `path` for reading without following a symbolic link and without blocking on a
/// FIFO (on Unix; elsewhere the caller's file-type checks are all there is).
fn open_no_follow(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    options.open(path)
}

/// "not a regular file (a FIFO)" and what to do.
fn not_regular(name: &str, kind: &FileType) -> ContentError {
    ContentError::new(
        name,
        format!(
            "not a regular file ({}): weft reads only regular files",
            kind_name(kind)
        ),
    )
    .help("remove it from the pack; a pack holds plain text files in folders")
}

/// What a file that is neither a regular file nor a folder is, in words.
fn kind_name(kind: &FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
    }
    if kind.is_symlink() {
        "a symbolic link"
    } else if kind.is_dir() {
        "a folder"
    } else {
        "a special file"
    }
}

impl PackFiles {
    /// Reads every file under `dir`, refusing anything but regular files and folders,
    /// symbolic links, oversized, non-UTF-8 and NUL-containing files, and stopping at the
    /// caps on files, folders, depth and total bytes (`MAX_FILES`, `MAX_DIRS`,
    /// `MAX_DEPTH`, `MAX_PACK_BYTES` in this module).
    ///
    /// All problems are returned together; files that pass are kept.
    pub fn from_dir(dir: &Path) -> Result<PackFiles, Vec<ContentError>> {
        if !dir.is_dir() {
            return Err(vec![ContentError::new(
                dir.display().to_string(),
                "no such pack directory",
            )
            .help(
                "pass the folder that holds pack.toml, e.g. --pack content/tabriz",
            )]);
        }
        let mut walk = Walk {
            root: dir,
            pack: PackFiles {
                origin: dir.display().to_string(),
                files: BTreeMap::new(),
            },
            errors: Vec::new(),
            files: 0,
            dirs: 1,
            bytes: 0,
        };
        let mut queue = vec![(dir.to_path_buf(), 0)];
        while let Some((current, depth)) = queue.pop() {
            if walk.folder(&current, depth, &mut queue).is_err() {
                break;
            }
        }
        if walk.errors.is_empty() {
            Ok(walk.pack)
        } else {
            Err(walk.errors)
        }
    }

    /// Builds a pack from in-memory files (embedded packs, tests), with the same checks.
    pub fn from_bytes<I, P>(origin: &str, files: I) -> Result<PackFiles, Vec<ContentError>>
    where
        I: IntoIterator<Item = (P, Vec<u8>)>,
        P: Into<String>,
    {
        let mut pack = PackFiles {
            origin: origin.to_string(),
            files: BTreeMap::new(),
        };
        let mut errors = Vec::new();
        for (path, bytes) in files {
            let path = path.into();
            if let Err(e) = check_relative_path(&path) {
                errors.push(ContentError::new(path, e));
                continue;
            }
            match check_text(&path, bytes) {
                Ok(text) => {
                    pack.files.insert(path, text);
                }
                Err(e) => errors.push(e),
            }
        }
        if errors.is_empty() {
            Ok(pack)
        } else {
            Err(errors)
        }
    }

    /// The pack's scenario test files: `tests/*.lua` (any depth) but the helpers in
    /// `tests/lib/`.
    pub fn test_files(&self) -> impl Iterator<Item = (&String, &String)> + '_ {
        self.under("tests", ".lua")
            .filter(|(path, _)| !path.starts_with("tests/lib/"))
    }

    /// The files under `folder/` (no trailing slash) whose name ends with `ext`, sorted.
    pub fn under<'a>(
        &'a self,
        folder: &'a str,
        ext: &'a str,
    ) -> impl Iterator<Item = (&'a String, &'a String)> + 'a {
        self.files.iter().filter(move |(path, _)| {
            path.strip_prefix(folder)
                .and_then(|rest| rest.strip_prefix('/'))
                .is_some_and(|_| path.ends_with(ext))
        })
    }
}

fn too_big(path: &str, len: u64) -> ContentError {
    ContentError::new(
        path,
        format!("file is {len} bytes; the limit is {MAX_FILE_BYTES} bytes"),
    )
    .help("split the file, or remove what does not belong in a pack")
}

/// Refuses files that are too big, not UTF-8, or contain NUL bytes, before any parsing.
pub fn check_text(path: &str, bytes: Vec<u8>) -> Result<String, ContentError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(too_big(path, bytes.len() as u64));
    }
    if let Some(pos) = bytes.iter().position(|&b| b == 0) {
        let line = bytes[..pos].iter().filter(|&&b| b == b'\n').count() + 1;
        return Err(ContentError::new(path, "file contains a NUL byte")
            .at(line, 1)
            .help("packs hold text only (TOML and Lua source); precompiled or binary files are refused"));
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let line = bytes[..good].iter().filter(|&&b| b == b'\n').count() + 1;
        ContentError::new(path, "file is not valid UTF-8")
            .at(line, 1)
            .help("save the file as UTF-8 text")
    })
}

/// Checks a path written inside a pack (a `behaviour` or `require` name resolved to a file):
/// relative, forward slashes, no `..`, no empty parts.
pub fn check_relative_path(path: &str) -> Result<(), String> {
    if path.is_empty() {
        return Err("empty path".into());
    }
    if path.starts_with('/') || path.starts_with('\\') || path.contains(':') {
        return Err(format!(
            "`{path}` is an absolute path; paths in a pack are relative to the pack"
        ));
    }
    if path
        .split(['/', '\\'])
        .any(|part| part == ".." || part.is_empty() || part == ".")
    {
        return Err(format!(
            "`{path}` leaves the pack or has an empty part; use a plain relative path such as tiles/x.lua"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that counts the bytes taken from it.
    struct Counting<R>(R, std::rc::Rc<std::cell::Cell<usize>>);

    impl<R: Read> Read for Counting<R> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.read(buf)?;
            self.1.set(self.1.get() + n);
            Ok(n)
        }
    }

    #[test]
    fn a_file_larger_than_it_said_is_read_no_further_than_the_cap() {
        let taken = std::rc::Rc::new(std::cell::Cell::new(0));
        let endless = Counting(
            std::io::repeat(b'a').take(8 * MAX_FILE_BYTES as u64),
            taken.clone(),
        );
        let err = read_capped(endless, "x.lua").unwrap_err();
        assert!(err.message.contains("more than"), "{err}");
        assert!(
            taken.get() <= MAX_FILE_BYTES + 1,
            "read {} bytes",
            taken.get()
        );
    }

    /// The type of a regular file (the crate's Cargo.toml; tests run in the crate folder).
    fn regular_kind() -> FileType {
        std::fs::metadata("Cargo.toml").unwrap().file_type()
    }

    fn walk(root: &Path) -> Walk<'_> {
        Walk {
            root,
            pack: PackFiles::default(),
            errors: Vec::new(),
            files: 0,
            dirs: 1,
            bytes: 0,
        }
    }

    /// The opened handle is checked, not only the listing: a file swapped for a device
    /// or a FIFO after the folder was listed is refused without blocking.
    #[cfg(unix)]
    #[test]
    fn the_opened_handle_must_be_a_regular_file() {
        let root = Path::new("/dev");
        let err = walk(root)
            .file(Path::new("/dev/zero"), &regular_kind())
            .unwrap_err();
        assert!(err.message.contains("a character device"), "{err}");

        let dir = std::env::temp_dir().join(format!("weft-files-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("x.lua");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(status.success());
        // In a thread, so a blocking open shows as a failure, not a hang.
        let (tx, rx) = std::sync::mpsc::channel();
        let (d, f) = (dir.clone(), fifo.clone());
        std::thread::spawn(move || tx.send(walk(&d).file(&f, &regular_kind())).unwrap());
        let result = rx.recv_timeout(std::time::Duration::from_secs(10));
        std::fs::remove_dir_all(&dir).ok();
        let err = result.expect("opening a FIFO blocked").unwrap_err();
        assert!(err.message.contains("not a regular file (a FIFO)"), "{err}");
    }

    /// A file swapped for a link after the folder was listed is not followed.
    #[cfg(unix)]
    #[test]
    fn a_path_that_became_a_link_is_not_followed() {
        let dir = std::env::temp_dir().join(format!("weft-files-link-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let link = dir.join("x.lua");
        // A link to a regular file that exists (the crate's Cargo.toml).
        let target = std::fs::canonicalize("Cargo.toml").unwrap();
        std::os::unix::fs::symlink(target, &link).unwrap();
        let result = walk(&dir).file(&link, &regular_kind());
        std::fs::remove_dir_all(&dir).ok();
        let err = result.unwrap_err();
        assert!(err.message.contains("symbolic links are not read"), "{err}");
    }
}
