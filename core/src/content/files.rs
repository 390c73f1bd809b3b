//! Reading a pack's files into memory, with the checks every file passes before any
//! parser sees it: a size cap, valid UTF-8, no NUL bytes, and safe relative paths.

use std::collections::BTreeMap;
use std::path::Path;

use super::error::ContentError;

/// The largest file a pack may contain, in bytes. Larger files are refused unread.
pub const MAX_FILE_BYTES: usize = 1024 * 1024;

/// The most files a pack may contain; more is reported as an error.
pub const MAX_FILES: usize = 10_000;

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

impl PackFiles {
    /// Reads every file under `dir`, refusing oversized, non-UTF-8 and NUL-containing files.
    ///
    /// All problems are returned together; files that pass are kept.
    pub fn from_dir(dir: &Path) -> Result<PackFiles, Vec<ContentError>> {
        let mut pack = PackFiles {
            origin: dir.display().to_string(),
            files: BTreeMap::new(),
        };
        let mut errors = Vec::new();
        if !dir.is_dir() {
            return Err(vec![ContentError::new(
                dir.display().to_string(),
                "no such pack directory",
            )
            .help(
                "pass the folder that holds pack.toml, e.g. --pack content/tabriz",
            )]);
        }
        let mut stack = vec![dir.to_path_buf()];
        while let Some(current) = stack.pop() {
            let entries = match std::fs::read_dir(&current) {
                Ok(entries) => entries,
                Err(e) => {
                    errors.push(ContentError::new(
                        current.display().to_string(),
                        e.to_string(),
                    ));
                    continue;
                }
            };
            let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
            entries.sort_by_key(|e| e.file_name());
            for entry in entries {
                let path = entry.path();
                let name = entry.file_name().to_string_lossy().to_string();
                if name.starts_with('.') {
                    continue;
                }
                let Ok(kind) = entry.file_type() else {
                    continue;
                };
                if kind.is_symlink() {
                    errors.push(
                        ContentError::new(
                            path.display().to_string(),
                            "symbolic links are not read",
                        )
                        .help("copy the file into the pack instead"),
                    );
                } else if kind.is_dir() {
                    stack.push(path);
                } else if pack.files.len() >= MAX_FILES {
                    errors.push(ContentError::new(
                        dir.display().to_string(),
                        format!("the pack has more than {MAX_FILES} files"),
                    ));
                    return Err(errors);
                } else {
                    let rel = path
                        .strip_prefix(dir)
                        .map(|p| p.to_string_lossy().replace('\\', "/"))
                        .unwrap_or(name);
                    match std::fs::metadata(&path) {
                        Ok(meta) if meta.len() as usize > MAX_FILE_BYTES => {
                            errors.push(too_big(&rel, meta.len() as usize));
                            continue;
                        }
                        Err(e) => {
                            errors.push(ContentError::new(rel, e.to_string()));
                            continue;
                        }
                        Ok(_) => {}
                    }
                    match std::fs::read(&path) {
                        Ok(bytes) => match check_text(&rel, bytes) {
                            Ok(text) => {
                                pack.files.insert(rel, text);
                            }
                            Err(e) => errors.push(e),
                        },
                        Err(e) => errors.push(ContentError::new(rel, e.to_string())),
                    }
                }
            }
        }
        if errors.is_empty() {
            Ok(pack)
        } else {
            Err(errors)
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

fn too_big(path: &str, len: usize) -> ContentError {
    ContentError::new(
        path,
        format!("file is {len} bytes; the limit is {MAX_FILE_BYTES} bytes"),
    )
    .help("split the file, or remove what does not belong in a pack")
}

/// Refuses files that are too big, not UTF-8, or contain NUL bytes, before any parsing.
pub fn check_text(path: &str, bytes: Vec<u8>) -> Result<String, ContentError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(too_big(path, bytes.len()));
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
