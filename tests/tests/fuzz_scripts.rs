//! Fuzzing the sandbox with generated hooks: each one strings together library and
//! `ctx` calls with extreme arguments (2^31, 2^53, NaN, huge and empty strings and
//! tables), sometimes in loops, sometimes under `pcall`. Whatever the script, the action
//! must end within a time bound (so work inside one library call stays within the
//! budget), leave the state unchanged when it fails, and leave the engine able to play
//! the next game. `WEFT_FUZZ_CASES` sets the cases (CI runs a short pass).

use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use proptest::prelude::*;
use weft_core::content::load_content;
use weft_tests::{at_courtyard, fixture_files, library, with_courtyard_script};

fn cases() -> u32 {
    std::env::var("WEFT_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(48)
}

const NUMBERS: &[&str] = &[
    "0", "1", "-1", "2", "3.5", "255", "65536", "2^31-1", "2^31", "-2^31", "2^53", "2^63", "1e308",
    "-1e308", "0/0", "1/0", "-1/0", "#T", "-#T",
];
const STRINGS: &[&str] = &[
    "''",
    "'a'",
    "'%'",
    "'.-.-.-b'",
    "string.rep('a', 4096)",
    "S",
    "'\\0\\27[2J'",
    "'é'",
];
const TABLES: &[&str] = &[
    "{}",
    "T",
    "{1, 2, 3}",
    "{n = 1}",
    "setmetatable({}, {__index = function() return 1 end})",
];

/// One call with arguments picked by `pick`.
fn call(kind: usize, a: &str, b: &str, c: &str, s: &str, t: &str) -> String {
    match kind % 26 {
        0 => format!("table.move({t}, {a}, {b}, {c})"),
        1 => format!("table.insert({t}, {a}, 1)"),
        2 => format!("table.remove({t}, {a})"),
        3 => format!("string.rep({s}, {a})"),
        4 => format!("({s}):sub({a}, {b})"),
        5 => format!("({s}):byte({a}, {b})"),
        6 => format!("table.concat({t}, {s}, {a}, {b})"),
        7 => format!("table.unpack({t}, {a}, {b})"),
        8 => format!("table.create({a}, 1)"),
        9 => format!("utf8.char({a})"),
        10 => format!("utf8.len({s}, {a}, {b})"),
        11 => format!("utf8.offset({s}, {a}, {b})"),
        12 => format!("({s}):find({s}, {a}, true)"),
        13 => format!("({s}):find({s}, {a})"),
        14 => format!("string.format('%' .. tostring({a}) .. 'd', 1)"),
        15 => format!("tonumber({s}, {a})"),
        16 => format!("select({a}, 1, 2, 3)"),
        17 => format!("table.sort({t})"),
        18 => format!("table.clone({t})"),
        19 => format!("table.find({t}, {a}, {b})"),
        20 => format!("({s}):gsub({s}, {s}, {a})"),
        21 => format!("ctx:gain(ctx:player(), 'coins', {a})"),
        22 => format!("ctx:add(ctx:player(), 'prestige', {a})"),
        23 => format!("ctx:set_counter('x', {a})"),
        24 => format!("ctx:random({a})"),
        _ => format!("string.format('%s %s', {t}, {s})"),
    }
}

/// A hook of `steps` calls, each maybe in a loop or under pcall.
fn hook(steps: &[(usize, usize, usize, usize, usize, usize, u8)]) -> String {
    let mut body = String::from(
        "return { action = function(ctx)\n  local T = table.create(100000, 'x')\n  local S = string.rep('ab', 100000)\n",
    );
    for &(kind, a, b, c, s, t, wrap) in steps {
        let one = call(
            kind,
            NUMBERS[a % NUMBERS.len()],
            NUMBERS[b % NUMBERS.len()],
            NUMBERS[c % NUMBERS.len()],
            STRINGS[s % STRINGS.len()],
            TABLES[t % TABLES.len()],
        );
        let line = match wrap % 4 {
            0 => format!("  local _ = {one}\n"),
            1 => format!("  pcall(function() local _ = {one} end)\n"),
            2 => format!("  for i = 1, 1000 do pcall(function() local _ = {one} end) end\n"),
            _ => format!("  for i = 1, 2^31 do local _ = {one} end\n"),
        };
        body.push_str(&line);
    }
    body.push_str("end }\n");
    body
}

/// Runs the hook's action on its own thread; fails when it takes longer than `secs`.
fn run_bounded(source: String, secs: u64) -> Result<(), String> {
    let (tx, rx) = mpsc::channel();
    let src = source.clone();
    std::thread::spawn(move || {
        let mut files = fixture_files();
        with_courtyard_script(&mut files, &src);
        let content = Arc::new(load_content(&[files], &library()).expect("the pack loads"));
        let mut g = at_courtyard(content);
        let before = g.st.clone();
        let outcome = match g.try_answer("act") {
            Ok(()) => Ok(()),
            Err(e) => {
                if g.st != before {
                    Err(format!("a failed action changed the state: {e}"))
                } else {
                    Ok(())
                }
            }
        };
        // The engine still plays a new game.
        let next = g
            .engine
            .new_game(2, 5)
            .map(|_| ())
            .map_err(|e| e.to_string());
        let _ = tx.send(outcome.and(next));
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(r) => r.map_err(|e| format!("{e}\n{source}")),
        Err(_) => Err(format!("still running after {secs} s:\n{source}")),
    }
}

proptest! {
    // Few shrink steps: a hook that never ends leaves its thread running, and each
    // shrink step that still hangs would leave another.
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, max_shrink_iters: 16, ..ProptestConfig::default() })]

    #[test]
    fn fuzz_library_and_ctx_calls(steps in proptest::collection::vec(
        (0usize..26, 0usize..64, 0usize..64, 0usize..64, 0usize..16, 0usize..8, any::<u8>()), 1..5))
    {
        // 10 s per hook call (the watchdog) plus room for a slow, shared machine.
        let r = run_bounded(hook(&steps), 40);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }
}
