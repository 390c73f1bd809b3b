//! `weft serve` in a real browser (issue 31 item 5): headless Chromium, driven through
//! ChromeDriver's WebDriver protocol, plays Tabriz and Cabriole by clicking on the board
//! and the options, passes the screen between two people, steps a saved game, checks
//! that no card of another seat's hand reaches the page, and saves screenshots to
//! `target/tmp/screenshots/`.
//!
//! `.ci/run` installs Debian's `chromium` and `chromium-driver` and sets
//! `WEFT_REQUIRE_BROWSER=1`, so there a missing browser fails the test; elsewhere the
//! test says it was skipped.

mod server;

use std::io::{Read, Write};

use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use server::Server;

/// A headless Chromium under ChromeDriver, closed when dropped.
struct Browser {
    driver: Child,
    port: u16,
    session: String,
}

fn find(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(program))
            .find(|p| p.is_file())
    })
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Browser {
    /// `None` (the test skipped) when ChromeDriver or Chromium is missing and
    /// `WEFT_REQUIRE_BROWSER` is not set.
    fn start() -> Option<Browser> {
        let driver = find("chromedriver");
        let chromium = find("chromium").or_else(|| find("chromium-browser"));
        let (Some(driver), Some(chromium)) = (driver, chromium) else {
            if std::env::var_os("WEFT_REQUIRE_BROWSER").is_some() {
                panic!("chromium and chromedriver are needed (apt-get install chromium chromium-driver)");
            }
            eprintln!("skipped: no chromium or chromedriver on PATH (`.ci/run` installs them)");
            return None;
        };
        let port = free_port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut b = Browser {
            driver: child,
            port,
            session: String::new(),
        };
        let start = Instant::now();
        while b.call("GET", "/status", None).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = tempfile::tempdir().unwrap().keep();
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--window-size=1400,1000",
                    format!("--user-data-dir={}", profile.display())],
            }
        }}});
        let v = b
            .call("POST", "/session", Some(caps))
            .expect("a browser session");
        b.session = v["sessionId"].as_str().unwrap().to_string();
        Some(b)
    }

    /// One WebDriver call; the `value` of its answer, or the error it reports.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).map_err(|e| e.to_string())?;
        s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let req = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        s.write_all(req.as_bytes()).map_err(|e| e.to_string())?;
        // The head, then exactly Content-Length bytes (ChromeDriver may keep the
        // connection open).
        let mut reader = std::io::BufReader::new(s);
        let mut length = 0usize;
        loop {
            let mut line = String::new();
            use std::io::BufRead;
            if reader.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Err("the connection closed in the head".into());
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((k, v)) = line.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse().map_err(|_| "a bad Content-Length")?;
                }
            }
        }
        let mut out = vec![0u8; length];
        reader.read_exact(&mut out).map_err(|e| e.to_string())?;
        let json = String::from_utf8_lossy(&out).to_string();
        let v: Value = serde_json::from_str(&json).map_err(|e| format!("{e}: {json}"))?;
        match v["value"].get("error") {
            Some(e) => Err(format!("{e}: {}", v["value"]["message"])),
            None => Ok(v["value"].clone()),
        }
    }

    fn session(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    fn goto(&self, url: &str) {
        self.session("POST", "/url", Some(json!({ "url": url })))
            .unwrap();
    }

    /// Runs `script` in the page and returns its value.
    fn js(&self, script: &str) -> Value {
        self.session(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
        .unwrap()
    }

    /// Waits until `script` returns true.
    fn wait(&self, what: &str, script: &str) {
        let start = Instant::now();
        loop {
            if self.js(script) == json!(true) {
                return;
            }
            if start.elapsed() > Duration::from_secs(60) {
                let text = self.js("return document.body.innerText");
                panic!(
                    "waited in vain for {what}; the page shows:\n{}",
                    text.as_str().unwrap_or("")
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Clicks the first element matching `css`, as a person would (WebDriver's click:
    /// scrolled into view, at its centre).
    fn click(&self, css: &str) {
        let e = self
            .session(
                "POST",
                "/element",
                Some(json!({"using": "css selector", "value": css})),
            )
            .unwrap_or_else(|e| panic!("no element `{css}`: {e}"));
        let id = e
            .as_object()
            .unwrap()
            .values()
            .next()
            .unwrap()
            .as_str()
            .unwrap()
            .to_string();
        self.session("POST", &format!("/element/{id}/click"), Some(json!({})))
            .unwrap_or_else(|e| panic!("clicking `{css}`: {e}"));
    }

    /// Saves a screenshot of the window as `name`.png and returns its path.
    fn screenshot(&self, name: &str) -> PathBuf {
        use base64_decode as decode;
        let v = self.session("GET", "/screenshot", None).unwrap();
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, decode(v.as_str().unwrap())).unwrap();
        eprintln!("screenshot: {}", path.display());
        path
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.session("DELETE", "", None);
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Standard base64 (what WebDriver's screenshots are).
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let digits: Vec<u8> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk.iter().fold(0u32, |n, &d| n << 6 | u32::from(d)) << (6 * (4 - chunk.len()));
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len().saturating_sub(1)]);
    }
    out
}

/// The ids of the cards of seat `seat` (0-based) that seat `me` may not see, after
/// `answers`: those of its zones that `me`'s view shows face down (`me` = `seat`: all
/// its cards).
fn hidden_ids(
    pack: &str,
    players: usize,
    seed: u64,
    answers: &[String],
    seat: usize,
    me: usize,
) -> Vec<String> {
    let state = |view: Option<usize>| -> Value {
        let mut c = Command::new(env!("CARGO_BIN_EXE_weft"));
        c.current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["state", "--pack", pack, "--players", &players.to_string()])
            .args(["--seed", &seed.to_string(), "--answers", &answers.join(",")]);
        if let Some(v) = view {
            c.args(["--seat", &(v + 1).to_string()]);
        }
        serde_json::from_slice(&c.output().unwrap().stdout).unwrap()
    };
    let (whole, seen) = (state(None), state(Some(me)));
    let cards = whole["cards"].as_array().unwrap();
    let zones = whole["state"]["players"][seat]["zones"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    zones
        .iter()
        .enumerate()
        .filter(|(i, _)| {
            me == seat || seen["state"]["players"][seat]["zones"][*i]["hidden"] == json!(true)
        })
        .flat_map(|(_, z)| z["cards"].as_array().cloned().unwrap_or_default())
        .filter_map(|k| k.as_u64())
        .map(|k| cards[k as usize].as_str().unwrap().to_string())
        .collect()
}

/// The ids of every card drawn on the page.
fn cards_on_page(b: &Browser) -> Vec<String> {
    b.js("return [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)")
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

/// The answers of the game at the table so far.
fn answers(s: &Server) -> Vec<String> {
    let (_, body) = s.get("/api/play/replay");
    let v: Value = serde_json::from_str(&body).unwrap();
    v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect()
}

fn assert_no_hidden_card(
    b: &Browser,
    s: &Server,
    pack: &str,
    players: usize,
    seed: u64,
    me: usize,
) {
    let shown = cards_on_page(b);
    let answers = answers(s);
    for other in (0..players).filter(|&p| p != me) {
        let hidden = hidden_ids(pack, players, seed, &answers, other, me);
        for id in hidden {
            assert!(
                !shown.contains(&id),
                "seat {}'s {id} is on seat {}'s page",
                other + 1,
                me + 1
            );
        }
    }
    let html = b.js("return document.documentElement.outerHTML");
    assert!(!html.as_str().unwrap().contains("\"rng\""));
}

#[test]
fn tabriz_is_played_by_clicking_the_board_and_the_options() {
    let Some(b) = Browser::start() else { return };
    let s = Server::start(&["--seats", "human,greedy", "--players", "2", "--seed", "5"]);
    b.goto(&format!("http://127.0.0.1:{}/", s.port));
    b.wait(
        "the board",
        "return document.querySelectorAll('.slot.choosable').length > 0",
    );
    assert_no_hidden_card(&b, &s, "tabriz", 2, 5, 0);
    let own = hidden_ids("tabriz", 2, 5, &answers(&s), 0, 0);
    let shown = cards_on_page(&b);
    assert!(
        own.iter().all(|id| shown.contains(id)),
        "its own hand is shown: {own:?} {shown:?}"
    );
    b.screenshot("tabriz-play");
    b.click("#hint");
    b.wait(
        "greedy's values",
        "return document.querySelectorAll('.option .value').length > 0",
    );
    b.screenshot("tabriz-hints");
    // A move by clicking the tile it goes to.
    b.click(".slot.choosable[data-slot='bazaar-gate']");
    b.wait(
        "the question after the move",
        "return [...document.querySelectorAll('.decision h3')].some(h => h.textContent.includes('Take the action'))",
    );
    b.click(".option[data-key='act']");
    b.wait(
        "the effect's question",
        "return document.querySelector('.round').textContent.includes('under way')",
    );
    b.wait(
        "no hints while the effect asks",
        "return document.querySelector('.decision').textContent.includes('No hints while')",
    );
    b.screenshot("tabriz-effect");
    let asked = answers(&s).len();
    b.click(".option");
    // The click's answer reaches the server before the count undo must go below is
    // read (on a loaded machine the page's request can come after this thread reads).
    let sent = std::time::Instant::now();
    while answers(&s).len() <= asked && sent.elapsed() < std::time::Duration::from_secs(20) {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // Undo goes back to the question before the last answer.
    let before = answers(&s).len();
    assert!(before > asked, "the effect's answer was taken");
    b.click("#undo");
    b.wait("the undo", &format!("return fetch('/api/play?seat=1').then(r => r.json()).then(g => g.table.answers < {before})"));
    assert_no_hidden_card(&b, &s, "tabriz", 2, 5, 0);
}

#[test]
fn cabriole_is_played_by_clicking_an_area() {
    let Some(b) = Browser::start() else { return };
    let s = Server::start(&[
        "--pack",
        "cabriole",
        "--seats",
        "human,greedy",
        "--players",
        "2",
        "--seed",
        "3",
    ]);
    b.goto(&format!("http://127.0.0.1:{}/", s.port));
    b.wait(
        "the options",
        "return document.querySelectorAll('.option').length > 0",
    );
    // Setup questions are answered with the option buttons until workers are placed.
    for _ in 0..6 {
        if b.js("return document.querySelectorAll('.area.choosable').length > 0") == json!(true) {
            break;
        }
        b.click(".option");
        std::thread::sleep(Duration::from_millis(300));
    }
    b.wait(
        "an area to place on",
        "return document.querySelectorAll('.area.choosable').length > 0",
    );
    b.screenshot("cabriole-play");
    let before = answers(&s).len();
    b.click(".area.choosable");
    b.wait(
        "the placement",
        &format!("return fetch('/api/play/replay').then(r => r.json()).then(g => g.answers.length > {before})"),
    );
    assert!(
        answers(&s)[before].starts_with("place:"),
        "{:?}",
        &answers(&s)[before..]
    );
    b.wait(
        "the next screen",
        "return document.querySelectorAll('.option').length > 0",
    );
    assert_no_hidden_card(&b, &s, "cabriole", 2, 3, 0);
}

#[test]
fn two_people_pass_the_screen_and_each_sees_only_its_hand() {
    let Some(b) = Browser::start() else { return };
    let s = Server::start(&["--seats", "human,human", "--players", "2", "--seed", "6"]);
    b.goto(&format!("http://127.0.0.1:{}/", s.port));
    for _ in 0..3 {
        b.wait(
            "the pass screen",
            "return !document.getElementById('pass').hidden",
        );
        assert!(
            cards_on_page(&b).is_empty(),
            "nothing shown while the screen is passed"
        );
        b.click("#pass-ready");
        b.wait(
            "a seat's screen",
            "return document.querySelectorAll('.option').length > 0",
        );
        let me = b
            .js("return Number(document.querySelector('.player.me').dataset.seat)")
            .as_u64()
            .unwrap() as usize;
        assert_no_hidden_card(&b, &s, "tabriz", 2, 6, me - 1);
        // Answer until the other person is asked.
        for _ in 0..4 {
            if b.js("return !document.getElementById('pass').hidden") == json!(true) {
                break;
            }
            b.click(".option");
            std::thread::sleep(Duration::from_millis(300));
        }
    }
}

#[test]
fn a_saved_game_is_stepped_move_by_move() {
    let Some(b) = Browser::start() else { return };
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    server::save_games(
        &[
            "--games",
            "1",
            "--players",
            "3",
            "--bots",
            "greedy",
            "--seed",
            "4",
        ],
        &games,
    );
    let s = Server::start(&[
        "--seats",
        "greedy,greedy,greedy",
        "--players",
        "3",
        "--games",
        games.to_str().unwrap(),
        "--replay",
        games.join("game-00000.json").to_str().unwrap(),
        "--analyse",
        "--playouts",
        "4",
    ]);
    b.goto(&format!("http://127.0.0.1:{}/#watch", s.port));
    b.wait("the stepper", "return !document.getElementById('stepper').hidden && document.getElementById('step-text').textContent.startsWith('decision 0')");
    for _ in 0..3 {
        b.click("#forward");
    }
    b.wait(
        "step 3",
        "return document.getElementById('step-text').textContent.startsWith('decision 3 of')",
    );
    b.wait(
        "the option chosen",
        "return document.querySelectorAll('.option.chosen').length === 1",
    );
    b.wait(
        "its value to the bot",
        "return document.querySelectorAll('.option .value').length > 0",
    );
    b.wait(
        "the chart",
        "return document.querySelectorAll('.chart-svg polyline').length === 3",
    );
    b.wait(
        "the chart of chances to win, by an mcts search",
        "return document.querySelector('.chart-svg').textContent.includes('chance to win') && document.querySelector('.chart-svg').textContent.includes('mcts search of 4 playouts')",
    );
    b.wait(
        "each seat's chance beside the question",
        "return (document.querySelector('.chances') || {textContent: ''}).textContent.includes('(mcts)')",
    );
    b.js("const s = document.getElementById('round-jump'); s.selectedIndex = 2; s.dispatchEvent(new Event('change')); return true");
    b.wait(
        "round 2",
        "return document.getElementById('step-text').textContent.includes('round 2')",
    );
    b.screenshot("tabriz-watch");
    // As one seat sees it: the others' hands face down.
    b.js("const s = document.getElementById('as-seat'); s.value = '1'; s.dispatchEvent(new Event('change')); return true");
    b.wait(
        "seat 1's view",
        "return document.querySelectorAll('.back').length > 0",
    );
}
