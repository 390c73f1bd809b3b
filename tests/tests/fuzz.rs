//! Fuzzing with proptest: mutated pack files (TOML and Lua) through the loader and the
//! Lua host, and random answer sequences through the engine. Nothing may panic; a
//! refused answer must leave the state unchanged. `WEFT_FUZZ_CASES` sets the cases per
//! target (CI runs a short pass; the long runs are reported on the issue).

use std::sync::Arc;

use proptest::prelude::*;
use weft_core::content::{load_content, PackFiles};
use weft_core::lua::LuaHost;
use weft_core::Engine;
use weft_tests::{fixture_files, library};

static RUNS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Counts executions and prints a line every 5,000, for long runs (`--nocapture`).
fn tick(target: &str) {
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
    if n % 5000 == 0 {
        eprintln!("fuzz: {n} executions (last target {target})");
    }
}

fn cases() -> u32 {
    std::env::var("WEFT_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

/// One edit to a file: overwrite, insert or delete bytes at a position.
#[derive(Debug, Clone)]
enum Edit {
    Overwrite(usize, Vec<u8>),
    Insert(usize, Vec<u8>),
    Delete(usize, usize),
}

fn interesting_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 1..8),
        proptest::sample::select(vec![
            b"[".to_vec(),
            b"]".to_vec(),
            b"{".to_vec(),
            b"}".to_vec(),
            b"=".to_vec(),
            b"\"".to_vec(),
            b"\n".to_vec(),
            b"-1".to_vec(),
            b"99999999999999999999".to_vec(),
            b"end".to_vec(),
            b"function".to_vec(),
            b"while true do end".to_vec(),
            b"ctx:choose{options={1,2}}".to_vec(),
            b"nil".to_vec(),
            b"..".to_vec(),
            b"[[x]]".to_vec(),
            b"require(\"weft.shop\")".to_vec(),
            b"error(1)".to_vec(),
        ]),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), interesting_bytes()).prop_map(|(p, b)| Edit::Overwrite(p, b)),
        (any::<usize>(), interesting_bytes()).prop_map(|(p, b)| Edit::Insert(p, b)),
        (any::<usize>(), 1usize..40).prop_map(|(p, n)| Edit::Delete(p, n)),
    ]
}

fn apply_edits(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let len = bytes.len().max(1);
        match e {
            Edit::Overwrite(p, b) => {
                let at = p % len;
                for (i, x) in b.iter().enumerate() {
                    if at + i < bytes.len() {
                        bytes[at + i] = *x;
                    }
                }
            }
            Edit::Insert(p, b) => {
                let at = (p % len).min(bytes.len());
                bytes.splice(at..at, b.iter().copied());
            }
            Edit::Delete(p, n) => {
                let at = (p % len).min(bytes.len());
                let end = (at + n).min(bytes.len());
                bytes.drain(at..end);
            }
        }
    }
    bytes
}

/// `pack` with its `file_index`-th file (modulo the file count) edited, through the same
/// byte checks as any pack; `None` when the checks refuse it.
fn with_one_file_mutated(
    pack: &PackFiles,
    origin: &str,
    file_index: usize,
    edits: &[Edit],
) -> Option<PackFiles> {
    let names: Vec<&String> = pack.files.keys().collect();
    let name = names[file_index % names.len()].clone();
    let files = pack.files.iter().map(|(k, v)| {
        let bytes = v.clone().into_bytes();
        let bytes = if *k == name {
            apply_edits(bytes, edits)
        } else {
            bytes
        };
        (k.clone(), bytes)
    });
    PackFiles::from_bytes(origin, files).ok()
}

/// Loads the fixture pack with one file mutated; if it loads, plays a few decisions.
fn load_mutated(file_index: usize, edits: &[Edit]) {
    let Some(pack) = with_one_file_mutated(&fixture_files(), "fuzz", file_index, edits) else {
        return;
    };
    let Ok(content) = load_content(&[pack], &library()) else {
        return;
    };
    let content = Arc::new(content);
    let Ok(host) = LuaHost::new(Arc::clone(&content)) else {
        return;
    };
    let mut engine = Engine::new(Arc::clone(&content), Box::new(host));
    for players in content.player_counts() {
        let Ok(mut st) = engine.new_game(players as usize, 3) else {
            continue;
        };
        for k in 0..200usize {
            let Some(d) = st.decision() else { break };
            let pick = k % d.options.len();
            if engine.apply(&mut st, pick).is_err() {
                break;
            }
        }
    }
}

/// Mutated Lua modules of the shared library, run through whole short games.
fn library_mutated(file_index: usize, edits: &[Edit]) {
    let Some(lib) = with_one_file_mutated(&library(), "fuzz-lib", file_index, edits) else {
        return;
    };
    let Ok(content) = load_content(&[fixture_files()], &lib) else {
        return;
    };
    let content = Arc::new(content);
    let Ok(host) = LuaHost::new(Arc::clone(&content)) else {
        return;
    };
    let mut engine = Engine::new(Arc::clone(&content), Box::new(host));
    let Ok(mut st) = engine.new_game(2, file_index as u64) else {
        return;
    };
    for k in 0..300usize {
        let Some(d) = st.decision() else { break };
        let pick = (k * 7) % d.options.len();
        let before = st.clone();
        if engine.apply(&mut st, pick).is_err() {
            assert_eq!(st, before, "an error changed the state");
            break;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fuzz_pack_files(file in 0usize..64, edits in proptest::collection::vec(edit(), 1..6)) {
        tick("pack files");
        load_mutated(file, &edits);
    }

    #[test]
    fn fuzz_library_scripts(file in 0usize..64, edits in proptest::collection::vec(edit(), 1..4)) {
        tick("library scripts");
        library_mutated(file, &edits);
    }

    #[test]
    fn fuzz_answers(seed in any::<u64>(), players in 2usize..=5, answers in proptest::collection::vec((any::<u16>(), any::<bool>()), 1..400)) {
        tick("answers");
        let content = weft_tests::content();
        let mut engine = Engine::with_lua(content).unwrap();
        let mut st = engine.new_game(players, seed).unwrap();
        for (n, as_key) in answers {
            let Some(d) = st.decision() else {
                prop_assert!(engine.apply(&mut st, 0usize).is_err());
                break;
            };
            let count = d.options.len();
            let key = d.options.get(n as usize % (count + 1)).map(|o| o.key.to_string()).unwrap_or_else(|| format!("junk:{n}"));
            let before = st.clone();
            let result = if as_key {
                engine.apply(&mut st, key.as_str())
            } else {
                engine.apply(&mut st, n as usize % (count + 2))
            };
            if result.is_err() {
                prop_assert_eq!(&st, &before);
            }
        }
    }
}
