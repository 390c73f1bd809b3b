//! `weft play` driven through a pseudo-terminal, as a person at a terminal uses it
//! (issue 31 item 3): options by number and key, hints, undo, save, resume, and
//! hot-seat play in which each seat's screen shows only its own hand.

#![cfg(unix)]

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::FromRawFd;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn weft() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_weft"));
    c.current_dir(env!("CARGO_MANIFEST_DIR")).arg("-q");
    c
}

/// `weft` running on the slave side of a pseudo-terminal, its output gathered as it
/// comes.
struct Terminal {
    master: File,
    child: Child,
    output: Arc<Mutex<Vec<u8>>>,
    /// How much of the output earlier `expect`s have read.
    read_to: usize,
}

impl Terminal {
    fn spawn(args: &[&str]) -> Terminal {
        // SAFETY: plain libc calls on a descriptor this function owns; every return
        // value is checked.
        let (master, slave) = unsafe {
            let fd = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY);
            assert!(fd >= 0, "posix_openpt");
            assert_eq!(libc::grantpt(fd), 0, "grantpt");
            assert_eq!(libc::unlockpt(fd), 0, "unlockpt");
            let mut name = [0 as libc::c_char; 128];
            assert_eq!(libc::ptsname_r(fd, name.as_mut_ptr(), name.len()), 0);
            let path = std::ffi::CStr::from_ptr(name.as_ptr())
                .to_str()
                .unwrap()
                .to_string();
            let slave = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open(path)
                .unwrap();
            (File::from_raw_fd(fd), slave)
        };
        let child = weft()
            .args(args)
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave))
            .spawn()
            .unwrap();
        let output = Arc::new(Mutex::new(Vec::new()));
        let (mut reader, sink) = (master.try_clone().unwrap(), Arc::clone(&output));
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // Ends with EIO once the child has exited and no slave is open.
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Terminal {
            master,
            child,
            output,
            read_to: 0,
        }
    }

    /// Waits for `needle` after what earlier calls read, and returns the output from
    /// there to just past it.
    fn expect(&mut self, needle: &str) -> String {
        self.expect_any(&[needle]).1
    }

    /// Waits for the first of `needles` to come, and returns which and the output up to
    /// just past it.
    fn expect_any(&mut self, needles: &[&str]) -> (usize, String) {
        let start = Instant::now();
        loop {
            {
                let out = self.output.lock().unwrap();
                let text = String::from_utf8_lossy(&out[self.read_to..]).to_string();
                let first = needles
                    .iter()
                    .enumerate()
                    .filter_map(|(i, n)| text.find(n).map(|at| (at + n.len(), i)))
                    .min();
                if let Some((end, i)) = first {
                    self.read_to += text[..end].len();
                    return (i, text[..end].to_string());
                }
                if start.elapsed() > Duration::from_secs(120) {
                    panic!("none of {needles:?} came; the terminal shows:\n{text}");
                }
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Types `line` and Enter.
    fn send(&mut self, line: &str) {
        self.master
            .write_all(format!("{line}\n").as_bytes())
            .unwrap();
    }

    /// Waits for the program to end and returns its exit code.
    fn wait(mut self) -> i32 {
        let status = self.child.wait().unwrap();
        status.code().unwrap_or(-1)
    }
}

/// The ids of the cards in seat `seat`'s (0-based) hand at the start of a Tabriz game.
fn hand_ids(players: usize, seed: u64, seat: usize) -> Vec<String> {
    let out = weft()
        .args([
            "state",
            "--players",
            &players.to_string(),
            "--seed",
            &seed.to_string(),
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let cards = v["cards"].as_array().unwrap();
    v["state"]["players"][seat]["zones"][0]["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| {
            cards[k.as_u64().unwrap() as usize]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn a_person_plays_against_bots_with_hints_undo_save_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("game.json");
    let saved = saved.to_str().unwrap();
    let theirs = hand_ids(3, 5, 1);
    let mut t = Terminal::spawn(&[
        "play",
        "--players",
        "3",
        "--seats",
        "human,greedy,greedy",
        "--seed",
        "5",
        "--hint",
    ]);
    let first = t.expect("seat 1> ");
    assert!(first.contains("Your move: Move an apprentice"), "{first}");
    assert!(first.contains("[greedy: best]"), "hints shown: {first}");
    assert!(first.contains("Hand: 2 cards, face down"), "{first}");
    for id in &theirs {
        assert!(
            !first.contains(&format!("({id})")),
            "seat 2's {id} shown to seat 1"
        );
    }
    // By number: option 2 is the move to the Wool merchant.
    t.send("2");
    let next = t.expect("seat 1> ");
    assert!(next.contains("Take the action of Wool merchant"), "{next}");
    assert!(
        next.contains("seat 1: moves an apprentice from plaza to bazaar-gate"),
        "{next}"
    );
    // By key.
    t.send("act");
    let buy = t.expect("seat 1> ");
    assert!(
        buy.contains("an effect is under way"),
        "the effect's changes so far: {buy}"
    );
    t.send("undo");
    let back = t.expect("seat 1> ");
    assert!(back.contains("taken back: seat 1 is asked again"), "{back}");
    assert!(back.contains("Take the action of Wool merchant"), "{back}");
    t.send("nonsense");
    let refused = t.expect("seat 1> ");
    assert!(
        refused.contains("not taken: `nonsense` is not an option here"),
        "{refused}"
    );
    t.send("look c19");
    assert!(t
        .expect("seat 1> ")
        .contains("Gabbeh door rug (c19) [commission]"));
    t.send(&format!("save {saved}"));
    assert!(t.expect("seat 1> ").contains("saved"));
    t.send("quit");
    assert_eq!(t.wait(), 0);

    let check = weft().args(["replay", saved]).output().unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    let replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(saved).unwrap()).unwrap();
    assert_eq!(
        replay["seats"],
        serde_json::json!(["human", "greedy", "greedy"])
    );
    assert!(
        replay["answers"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("move:plaza:bazaar-gate")),
        "the person's answer is saved"
    );
    let n = replay["answers"].as_array().unwrap().len();

    let mut t = Terminal::spawn(&["play", "--resume", saved]);
    let resumed = t.expect("seat 1> ");
    assert!(
        resumed.contains(&format!("{n} of {n} answers played again")),
        "{resumed}"
    );
    assert!(
        resumed.contains("Take the action of Wool merchant"),
        "{resumed}"
    );
    t.send("act");
    t.expect("seat 1> ");
    t.send("quit");
    let warned = t.expect("seat 1> ");
    assert!(warned.contains("The game is not saved"), "{warned}");
    t.send("quit");
    assert_eq!(t.wait(), 0);
}

#[test]
fn hot_seat_passes_the_screen_and_shows_each_seat_only_its_hand() {
    let hands = [hand_ids(2, 6, 0), hand_ids(2, 6, 1)];
    let mut t = Terminal::spawn(&["play", "--seats", "human,human", "--seed", "6"]);
    let (mut passes, mut answered, mut seen_by) = (0, 0, [false, false]);
    while answered < 12 {
        let (which, text) = t.expect_any(&["Press Enter when only seat ", "> "]);
        if which == 0 {
            passes += 1;
            assert!(text.contains("Pass the screen to seat"), "{text}");
            t.send("");
            continue;
        }
        // A seat's screen, up to its prompt `seat N> `.
        let seat: usize = text
            .rsplit("seat ")
            .next()
            .and_then(|s| s.trim_end_matches("> ").trim().parse().ok())
            .unwrap_or_else(|| panic!("a seat's prompt: {text}"));
        seen_by[seat - 1] = true;
        for id in &hands[2 - seat] {
            assert!(
                !text.contains(&format!("({id})")),
                "seat {seat}'s screen shows the other seat's {id}:\n{text}"
            );
        }
        t.send("1");
        answered += 1;
    }
    assert!(
        passes >= 2 && seen_by == [true, true],
        "both seats played: {passes}"
    );
    // The end of input (Ctrl-D at the start of a line) leaves the game, whatever it
    // was asking.
    t.master.write_all(b"\x04").unwrap();
    let Terminal { mut child, .. } = t;
    assert!(child.wait().unwrap().success());
}

#[test]
fn bad_seats_and_bad_replays_are_refused_with_what_to_do() {
    let out = weft()
        .args(["play", "--seats", "human,grumpy"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("seat 2: unknown bot `grumpy`"), "{err}");

    let out = weft()
        .args(["play", "--players", "3", "--seats", "human,greedy"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("one per player"));

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{ not json").unwrap();
    let out = weft()
        .args(["play", "--resume", bad.to_str().unwrap()])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.json") && err.contains("not a valid replay"),
        "{err}"
    );
}

#[test]
fn input_that_ends_leaves_quietly_and_says_the_game_was_not_saved() {
    let mut child = weft()
        .args(["play", "--seed", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"1\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("input ended; the game was not saved"),
        "{text}"
    );
    assert!(!text.contains("\x1b[2J"), "no screen clearing into a pipe");
}

/// A dice game in the terminal: each pool, the dice spaces with this round's dice, the
/// neutral supply, the markers on the board (issue 32 item 5).
#[test]
fn a_dice_game_shows_pools_action_spaces_and_markers() {
    let mut child = weft()
        .args([
            "play",
            "--pack",
            "../content/marco-polo-2",
            "--players",
            "2",
            "--seats",
            "human,random",
            "--seed",
            "3",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1\n1\nboard\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("      dice: "), "{text}");
    assert!(
        text.contains("Action spaces (4 × black die in the supply)"),
        "{text}"
    );
    assert!(
        text.contains("Travel 1 (travel1, 1 die): seat 2 [2]"),
        "{text}"
    );
    assert!(text.contains("Contracts in Xi'an: Contract"), "{text}");
    // The characters: offered at setup (M-SETUP-7), then each seat's own.
    assert!(
        text.contains("Characters on offer: De Wu (de_wu) | Mei Lin & Tenshin (mei_lin)"),
        "{text}"
    );
    assert!(text.contains("Character: De Wu (de_wu)"), "{text}");
    // The objective kept: the seat's own, face up; the other's, face down (M-MAT-6).
    assert!(text.contains("Objective: Objective O02 (O02)"), "{text}");
    assert!(text.contains("Objective: 1 card, face down"), "{text}");
}
