//! Which packs a load uses, in which order: the packs asked for, plus every pack they
//! `extends` (by name, found among the packs asked for, then on the pack path, then the
//! built-in base pack), each after the packs it builds on.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::{ContentError, ContentErrors, PackFiles};

/// A pack's name and what it extends, read without validating the rest.
fn header(pack: &PackFiles) -> Result<(String, Vec<String>), ContentError> {
    let label = format!("{}/pack.toml", pack.origin);
    let Some(text) = pack.files.get("pack.toml") else {
        return Err(ContentError::new(label, "file is missing")
            .help("a pack folder holds pack.toml with at least name and version"));
    };
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let err = ContentError::new(&label, e.message().trim().to_string());
        match e.span() {
            Some(span) => err.at_offset(text, span.start),
            None => err,
        }
    })?;
    let name = table
        .get("name")
        .and_then(|v| v.as_str())
        .ok_or_else(|| ContentError::new(&label, "pack.toml has no name"))?
        .to_string();
    let extends = table
        .get("extends")
        .and_then(|v| v.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    Ok((name, extends))
}

/// Reads the packs in the immediate subfolders of each pack-path folder (or the folder
/// itself, when it is a pack). Returns the packs read and the problems of those that
/// could not be read (a FIFO inside, a link, a cap passed), so a caller can say why a
/// pack was passed over instead of calling it missing.
pub fn packs_on_path(dirs: &[PathBuf]) -> (Vec<PackFiles>, Vec<ContentError>) {
    let mut out = Vec::new();
    let mut unreadable = Vec::new();
    let mut read = |dir: &std::path::Path| match PackFiles::from_dir(dir) {
        Ok(p) => out.push(p),
        Err(e) => unreadable.extend(e),
    };
    for dir in dirs {
        if dir.join("pack.toml").is_file() {
            read(dir);
            continue;
        }
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut subdirs: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.join("pack.toml").is_file())
            .collect();
        subdirs.sort();
        for sub in subdirs {
            read(&sub);
        }
    }
    (out, unreadable)
}

/// What `pack.toml` says of a pack, for a list of packs.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PackHeader {
    /// `name`.
    pub name: String,
    /// `version`.
    pub version: String,
    /// `description` (empty when it has none).
    pub description: String,
    /// `extends`.
    pub extends: Vec<String>,
}

/// The header of `pack`, or `None` when its `pack.toml` is missing or malformed.
pub fn pack_header(pack: &PackFiles) -> Option<PackHeader> {
    let (name, extends) = header(pack).ok()?;
    let table: toml::Table = pack.files.get("pack.toml")?.parse().ok()?;
    let text = |key: &str| {
        table
            .get(key)
            .and_then(|v| v.as_str())
            .unwrap_or("")
            .to_string()
    };
    Some(PackHeader {
        version: text("version"),
        description: text("description"),
        name,
        extends,
    })
}

/// The pack of `available` (the pack path's, then the built-in ones) named `asked`, a
/// `--pack` value that is no folder. `Err` says what `asked` is instead and lists the
/// names there are.
pub fn pack_named(
    available: &[PackFiles],
    asked: &std::path::Path,
) -> Result<PackFiles, ContentError> {
    let text = asked.display().to_string();
    let name = asked.to_str().filter(|n| !n.contains(['/', '\\']));
    if let Some(found) = name.and_then(|n| {
        available
            .iter()
            .find(|p| header(p).is_ok_and(|(m, _)| m == n))
    }) {
        return Ok(found.clone());
    }
    let mut names: Vec<String> = available
        .iter()
        .filter_map(|p| header(p).ok().map(|(n, _)| n))
        .collect();
    names.sort();
    names.dedup();
    let what = if asked.is_file() {
        "is a file, not a pack folder or a pack's name"
    } else if asked.exists() {
        "is not a pack folder or a pack's name"
    } else {
        "is no folder and no pack's name"
    };
    Err(ContentError::new(text, what).help(format!(
        "give a folder that holds pack.toml, or the name of a pack built into weft or on the pack path (--pack-path, WEFT_PACK_PATH, ./content): {} (`weft packs` lists them)",
        names.join(", ")
    )))
}

/// Orders `requested` and the packs they extend (looked up in `available`, first match
/// by name wins) so that every pack comes after the packs it extends.
pub fn resolve_chain(
    requested: Vec<PackFiles>,
    available: Vec<PackFiles>,
) -> Result<Vec<PackFiles>, ContentErrors> {
    let mut errors = Vec::new();
    let mut by_name: BTreeMap<String, (PackFiles, Vec<String>)> = BTreeMap::new();
    let mut wanted = Vec::new();
    for p in requested {
        match header(&p) {
            Ok((name, extends)) => {
                if let Some((first, _)) = by_name.get(&name) {
                    // Two packs asked for by one name: one would be dropped silently.
                    errors.push(
                        ContentError::new(
                            format!("{}/pack.toml", p.origin),
                            format!(
                                "two packs are named `{name}`: {} and {}",
                                first.origin, p.origin
                            ),
                        )
                        .help("give each pack its own name in its pack.toml"),
                    );
                    continue;
                }
                wanted.push(name.clone());
                by_name.insert(name, (p, extends));
            }
            Err(e) => errors.push(e),
        }
    }
    for p in available {
        if let Ok((name, extends)) = header(&p) {
            by_name.entry(name).or_insert((p, extends));
        }
    }
    if !errors.is_empty() {
        return Err(ContentErrors(errors));
    }
    let mut order: Vec<String> = Vec::new();
    let mut visiting: Vec<String> = Vec::new();
    for name in &wanted {
        visit(name, None, &by_name, &mut order, &mut visiting, &mut errors);
    }
    if !errors.is_empty() {
        return Err(ContentErrors(errors));
    }
    Ok(order
        .into_iter()
        .filter_map(|n| by_name.remove(&n).map(|(p, _)| p))
        .collect())
}

fn visit(
    name: &str,
    from: Option<&str>,
    by_name: &BTreeMap<String, (PackFiles, Vec<String>)>,
    order: &mut Vec<String>,
    visiting: &mut Vec<String>,
    errors: &mut Vec<ContentError>,
) {
    if order.iter().any(|n| n == name) {
        return;
    }
    if visiting.iter().any(|n| n == name) {
        errors.push(ContentError::new(
            format!("{name}/pack.toml"),
            format!(
                "packs extend each other in a circle: {} -> {name}",
                visiting.join(" -> ")
            ),
        ));
        return;
    }
    let Some((_, extends)) = by_name.get(name) else {
        let known: Vec<&String> = by_name.keys().collect();
        errors.push(
            ContentError::new(
                format!("{}/pack.toml", from.unwrap_or(name)),
                format!("extends `{name}`, but no pack of that name was found"),
            )
            .help(format!(
                "give it with --pack DIR, or a folder holding it with --pack-path DIR; packs found: {}",
                crate::text::list(&known, "and")
            )),
        );
        return;
    };
    visiting.push(name.to_string());
    for parent in extends {
        visit(parent, Some(name), by_name, order, visiting, errors);
    }
    visiting.pop();
    order.push(name.to_string());
}
