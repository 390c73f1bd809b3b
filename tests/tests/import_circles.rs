//! Import circles among `core`'s modules (issue 30, item 7): a module that imports one
//! that imports it back, directly or through others. There are none: kernel, then the
//! games' primitives, then the tools. A new circle fails here.
//!
//! A module is a file of `core/src` (`engine/steps/mod.rs` is `engine::steps`). Its
//! imports are the `crate::…` and `super::…` paths in its code (comment lines and
//! `#[cfg(test)] mod tests` left out), each taken to the longest module it names. A
//! path to one of the module's own ancestors (a facade `mod.rs`) is not counted.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use weft_tests::repo;

/// The circles allowed, each sorted: none (item 7 of issue 30 emptied this list; keep
/// it empty).
const KNOWN: &[&[&str]] = &[];

/// Every `.rs` file under `dir`, as (module path, source).
fn modules(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
    for entry in std::fs::read_dir(dir).expect("core/src reads") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            modules(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).expect("under the root");
            let mut parts: Vec<String> = rel
                .with_extension("")
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
                parts.pop();
            }
            let source = std::fs::read_to_string(&path).expect("a source file reads");
            out.insert(parts.join("::"), source);
        }
    }
}

/// The code of a source: no comment lines, no test module.
fn code(source: &str) -> String {
    let source = source
        .split("#[cfg(test)]\nmod tests")
        .next()
        .unwrap_or_default();
    source
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths after each `prefix` in `code`: `crate::engine::steps::KINDS` gives
/// `engine::steps::KINDS`.
fn paths_after<'a>(code: &'a str, prefix: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    code.match_indices(prefix).filter_map(move |(at, _)| {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            return None;
        }
        let rest = &code[at + prefix.len()..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        Some(rest[..end].trim_end_matches(':'))
    })
}

/// The longest module `path` names.
fn module_of(path: &str, modules: &BTreeMap<String, String>) -> Option<String> {
    let segs: Vec<&str> = path.split("::").collect();
    (1..=segs.len())
        .rev()
        .map(|k| segs[..k].join("::"))
        .find(|m| modules.contains_key(m))
}

/// Each module's imports of other modules (not of its own ancestors).
fn imports(modules: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    modules
        .iter()
        .map(|(m, source)| {
            let code = code(source);
            let parent: Vec<&str> = m.split("::").collect();
            let parent = parent[..parent.len().saturating_sub(1)].join("::");
            let mut to = BTreeSet::new();
            let crate_paths = paths_after(&code, "crate::").map(str::to_string);
            let super_paths = paths_after(&code, "super::").map(|p| {
                if parent.is_empty() {
                    p.to_string()
                } else {
                    format!("{parent}::{p}")
                }
            });
            for path in crate_paths.chain(super_paths) {
                if let Some(t) = module_of(&path, modules) {
                    let ancestor = t.is_empty() || m.starts_with(&format!("{t}::"));
                    if &t != m && !ancestor {
                        to.insert(t);
                    }
                }
            }
            (m.clone(), to)
        })
        .collect()
}

/// The strongly connected groups of more than one module (Tarjan's algorithm, with an
/// explicit stack), each sorted.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> BTreeSet<Vec<String>> {
    let names: Vec<&String> = edges.keys().collect();
    let ix: BTreeMap<&String, usize> = names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let next: Vec<Vec<usize>> = names
        .iter()
        .map(|n| edges[*n].iter().map(|t| ix[t]).collect())
        .collect();
    let n = names.len();
    let (mut index, mut low, mut on) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut count, mut out) = (Vec::new(), 0, BTreeSet::new());
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut work = vec![(start, 0usize)];
        index[start] = count;
        low[start] = count;
        count += 1;
        stack.push(start);
        on[start] = true;
        while let Some(&mut (v, ref mut k)) = work.last_mut() {
            if let Some(&w) = next[v].get(*k) {
                *k += 1;
                if index[w] == usize::MAX {
                    index[w] = count;
                    low[w] = count;
                    count += 1;
                    stack.push(w);
                    on[w] = true;
                    work.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(u, _)) = work.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                let mut group = Vec::new();
                loop {
                    let w = stack.pop().expect("on the stack");
                    on[w] = false;
                    group.push(names[w].clone());
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    out.insert(group);
                }
            }
        }
    }
    out
}

#[test]
fn core_has_no_import_circles() {
    let root = repo().join("core/src");
    let mut mods = BTreeMap::new();
    modules(&root, &root, &mut mods);
    assert!(mods.contains_key("engine::steps"), "{:?}", mods.keys());
    let found = circles(&imports(&mods));
    let known: BTreeSet<Vec<String>> = KNOWN
        .iter()
        .map(|c| c.iter().map(|m| m.to_string()).collect())
        .collect();
    let new: Vec<_> = found.difference(&known).collect();
    let gone: Vec<_> = known.difference(&found).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "import circles in core/src changed.\n  new or grown: {new:?}\n  gone or shrunk (take them off KNOWN): {gone:?}\n\
         A module must not import one that imports it back: move the shared piece down a layer (kernel, then the games' primitives, then the tools)."
    );
}

#[test]
fn a_circle_is_found() {
    let edges: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(m, to)| (m.to_string(), to.into_iter().map(String::from).collect()))
    .collect();
    let found = circles(&edges);
    assert_eq!(
        found,
        BTreeSet::from([vec!["a".to_string(), "b".into(), "c".into()]])
    );
}
