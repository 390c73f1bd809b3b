//! `weft serve` over HTTP (issue 31 items 4 and 6): the page and the engine's JSON, a
//! person's seat only, games watched step by step, and every request that must be
//! refused (another seat's view, paths, foreign hosts, huge or malformed requests, a
//! port already taken) refused with a 4xx or a clear error, the server still up.

mod common;
mod server;

use common::copy_dir;

use std::process::Command;

use server::Server;

fn weft() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_weft"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// The card indices in seat `seat`'s (0-based) hand in the whole state of the game.
fn hand_of(players: usize, seed: u64, answers: &str, seat: usize) -> Vec<u64> {
    let out = weft()
        .args([
            "state",
            "--players",
            &players.to_string(),
            "--seed",
            &seed.to_string(),
        ])
        .args(["--answers", answers])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["state"]["players"][seat]["zones"][0]["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_u64().unwrap())
        .collect()
}

#[test]
fn the_page_and_a_persons_view_are_served_and_a_bots_view_is_not() {
    let s = Server::start(&["--seats", "human,greedy,greedy", "--seed", "5"]);
    let (status, head, body) = s.raw(
        format!(
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            s.port
        )
        .as_bytes(),
    );
    assert_eq!(status, 200);
    assert!(body.contains("<script src=\"/app.js\""), "{body}");
    assert!(
        head.contains("Content-Security-Policy: default-src 'none'"),
        "{head}"
    );
    assert_eq!(s.get("/app.js").0, 200);

    let info = s.json("/api/info");
    assert_eq!(info["title"], "Tabriz");
    assert_eq!(info["table"]["humans"], serde_json::json!([1]));

    let g = s.json("/api/play?seat=1");
    assert_eq!(g["format"], 4, "the JSON of weft state");
    assert_eq!(g["view"]["seat"], 1);
    assert!(g.get("state_hash").is_none());
    assert!(
        g["seed"].is_null(),
        "the seed is the deal: not told while people play"
    );
    assert!(info["table"]["seed"].is_null());
    assert_eq!(g["table"]["asked"], 1, "the bots answered first");
    // Another hand: a count and backs, no card.
    let other = &g["state"]["players"][1]["zones"][0];
    assert_eq!(other["hidden"], true);
    let answers: Vec<String> = (0..g["table"]["answers"].as_u64().unwrap())
        .map(|_| String::new())
        .collect();
    assert!(answers.len() < 50);
    let (status, body) = s.get("/api/play?seat=2");
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("bot's"), "{body}");
    assert_eq!(s.get("/api/play?seat=9").0, 400);
    assert_eq!(s.get("/api/play").0, 400);

    // An answer by key, then undo.
    let key = g["decision"]["options"][1]["key"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, body) = s.post(
        "/api/play/answer",
        &format!("{{\"seat\":1,\"answer\":\"{key}\"}}"),
    );
    assert_eq!(status, 200, "{body}");
    let after = s.json("/api/play?seat=1");
    assert!(after["table"]["answers"].as_u64() > g["table"]["answers"].as_u64());
    let (status, body) = s.post("/api/play/answer", "{\"seat\":1,\"answer\":\"no-such\"}");
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("not an option"), "{body}");
    let (status, _) = s.post("/api/play/answer", "{\"seat\":2,\"answer\":\"act\"}");
    assert_eq!(status, 403, "a bot's seat");
    assert_eq!(s.post("/api/play/undo", "{}").0, 200);
    let back = s.json("/api/play?seat=1");
    assert_eq!(back["table"]["answers"], g["table"]["answers"]);
    assert_eq!(back["state"], g["state"], "the same position again");

    // The saved game is a replay weft replay accepts.
    let (status, replay) = s.get("/api/play/replay");
    assert_eq!(status, 200);
    // But it cannot be watched (whole) while the person plays it.
    let (status, body) = s.post("/api/watch/open", &format!("{{\"replay\": {replay}}}"));
    assert_eq!(status, 403, "{body}");
    let (status, _) = s.post("/api/watch/open", "{\"table\": true}");
    assert_eq!(status, 403);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.json");
    std::fs::write(&file, replay).unwrap();
    let check = weft()
        .args(["replay", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
}

#[test]
fn no_seat_view_holds_another_seats_hand() {
    // Hot-seat: two people; each one's JSON names only its own hand.
    let s = Server::start(&["--seats", "human,human", "--seed", "6", "--players", "2"]);
    for seat in [1usize, 2] {
        let g = s.json(&format!("/api/play?seat={seat}"));
        let answers = g["table"]["answers"].as_u64().unwrap();
        assert_eq!(answers, 0);
        let theirs = hand_of(2, 6, "", 2 - seat);
        let text = g["state"].to_string();
        let zone = &g["state"]["players"][2 - seat]["zones"][0];
        assert_eq!(zone["hidden"], true, "{zone}");
        assert_eq!(zone["count"].as_u64().unwrap() as usize, theirs.len());
        let own = hand_of(2, 6, "", seat - 1);
        assert_eq!(
            g["state"]["players"][seat - 1]["zones"][0]["cards"],
            serde_json::json!(own)
        );
        assert!(!text.contains("rng"), "no generator in a view");
    }
}

#[test]
fn requests_that_must_be_refused_are_refused_and_the_server_stays_up() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    server::save_games(&["--games", "2", "--players", "2", "--seed", "3"], &games);
    let s = Server::start(&[
        "--seats",
        "random,random",
        "--games",
        games.to_str().unwrap(),
    ]);
    // Paths: no file is served but the page's own.
    for path in [
        "/../../etc/passwd",
        "/%2e%2e/Cargo.toml",
        "/Cargo.toml",
        "/api/../Cargo.toml",
    ] {
        assert_eq!(s.get(path).0, 404, "{path}");
    }
    let (status, body) = s.post("/api/watch/open", "{\"game\":\"../../Cargo.toml\"}");
    assert_eq!(status, 404, "{body}");
    let (status, body) = s.post("/api/watch/open", "{\"game\":\"/etc/passwd\"}");
    assert_eq!(status, 404, "{body}");
    // A foreign Host (DNS rebinding), or none.
    let (status, _, _) =
        s.raw(b"GET /api/info HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 403);
    let (status, _, _) = s.raw(b"GET /api/info HTTP/1.0\r\n\r\n");
    assert_eq!(status, 403);
    // Methods, bodies, URLs.
    let (status, _, _) = s.raw(
        format!(
            "DELETE /api/info HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            s.port
        )
        .as_bytes(),
    );
    assert_eq!(status, 405);
    let (status, _, _) = s.raw(
        format!(
            "POST /api/watch/open HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: 900000000\r\nConnection: close\r\n\r\n{{",
            s.port
        )
        .as_bytes(),
    );
    assert_eq!(status, 413, "a huge body is refused unread");
    let (status, _, _) = s.raw(
        format!(
            "POST /api/play/answer HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: 18446744073709551615\r\n\r\n",
            s.port
        )
        .as_bytes(),
    );
    assert_eq!(status, 413, "the largest length there is");
    let (status, _, _) = s.raw(
        format!(
            "POST /api/play/answer HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
            s.port
        )
        .as_bytes(),
    );
    assert_eq!(status, 411);
    let (status, _, _) = s.raw(
        format!(
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nX-Pad: {}\r\n\r\n",
            s.port,
            "a".repeat(20_000)
        )
        .as_bytes(),
    );
    assert_eq!(status, 431, "a head over 16 KiB");
    // A client that sends part of its body and stops holds only its own connection.
    let mut slow = std::net::TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    use std::io::Write;
    slow.write_all(
        format!(
            "POST /api/play/answer HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: 5000\r\n\r\n{{\"seat\"",
            s.port
        )
        .as_bytes(),
    )
    .unwrap();
    let started = std::time::Instant::now();
    assert_eq!(s.json("/api/info")["title"], "Tabriz");
    assert!(
        started.elapsed().as_secs() < 5,
        "answered while the slow client waits"
    );
    drop(slow);
    assert_eq!(s.get(&format!("/api/info?{}", "a".repeat(5000))).0, 414);
    assert_eq!(s.post("/api/play/answer", "{not json").0, 400);
    assert_eq!(
        s.post("/api/watch/open", "{\"replay\": {\"format\": 1}}").0,
        422
    );
    let (status, _, _) = s.raw(b"NONSENSE\r\n\r\n");
    assert!(status == 0 || (400..500).contains(&status), "{status}");
    let (status, _, _) = s.raw(b"\x00\x01\x02garbage\xff\r\n\r\n");
    assert!(status == 0 || (400..500).contains(&status), "{status}");
    // An all-bot table: every view is a bot's.
    assert_eq!(s.get("/api/play?seat=1").0, 403);

    // Watching a saved game by name.
    let list = s.json("/api/watch/games");
    assert_eq!(
        list["games"],
        serde_json::json!(["game-00000.json", "game-00001.json"])
    );
    let (status, body) = s.post("/api/watch/open", "{\"game\":\"game-00001.json\"}");
    assert_eq!(status, 200, "{body}");
    let info: serde_json::Value = serde_json::from_str(&body).unwrap();
    let n = info["review"]["answers"].as_u64().unwrap();
    assert!(n > 10);
    let step = s.json("/api/watch?step=3");
    assert_eq!(step["review"]["step"], 3);
    let chosen = step["review"]["chosen"].as_u64().unwrap() as usize;
    let options = step["review"]["full_decision"]["options"]
        .as_array()
        .unwrap();
    assert!(chosen < options.len());
    assert_eq!(
        step["review"]["values"].as_array().unwrap().len(),
        options.len(),
        "a value per option"
    );
    let last = s.json(&format!("/api/watch?step={}", n + 100));
    assert_eq!(last["review"]["step"], n, "past the end is the end");
    assert!(last["result"].is_object(), "the game's result at its end");
    let chart = s.json("/api/watch/chart");
    assert_eq!(chart["standings"].as_array().unwrap().len() as u64, n + 1);
    // Still up.
    assert_eq!(s.json("/api/info")["title"], "Tabriz");
}

#[test]
fn a_port_already_taken_is_refused_with_what_to_do() {
    let s = Server::start(&[]);
    let out = weft()
        .args(["serve", "--port", &s.port.to_string()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is taken") && err.contains("--port"), "{err}");
}

#[test]
fn a_packs_board_picture_is_served_as_an_image_that_runs_no_script() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("drawn");
    std::fs::create_dir_all(pack.join("layout")).unwrap();
    std::fs::write(
        pack.join("pack.toml"),
        "name = \"drawn\"\nversion = \"0.1.0\"\nextends = [\"tabriz\"]\n",
    )
    .unwrap();
    std::fs::write(
        pack.join("game.toml"),
        "[layout]\nboard = \"layout/board.svg\"\n",
    )
    .unwrap();
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 9 9\"><script>alert(1)</script><circle r=\"4\"/></svg>";
    std::fs::write(pack.join("layout/board.svg"), svg).unwrap();
    let s = Server::start(&["--pack", pack.to_str().unwrap()]);
    let (status, head, body) = s.raw(
        format!(
            "GET /layout/board.svg HTTP/1.0\r\nHost: 127.0.0.1:{}\r\n\r\n",
            s.port
        )
        .as_bytes(),
    );
    assert_eq!(status, 200);
    assert_eq!(body, svg);
    assert!(head.contains("Content-Type: image/svg+xml"), "{head}");
    assert!(
        head.contains("default-src 'none'"),
        "no script runs in it: {head}"
    );
    assert_eq!(s.json("/api/info")["layout"]["board"], true);
    // Without a picture there is none to get.
    let plain = Server::start(&[]);
    assert_eq!(plain.get("/layout/board.svg").0, 404);
    assert_eq!(
        plain.json("/api/info")["layout"]["colours"]["green"],
        "#3b8c4f"
    );
}

/// Writes `text` to `path` in one step (a hidden file renamed over it), so a watcher
/// polling the folder never reads it half written.
fn write_whole(path: &std::path::Path, text: &str) {
    let tmp = path.with_file_name(".edit.tmp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

/// Waits until `/api/reload` reports `count` reloads, and returns `/api/info`.
fn reloaded(s: &Server, count: u64) -> serde_json::Value {
    let start = std::time::Instant::now();
    loop {
        let reload = s.json("/api/reload");
        if reload["count"] == count {
            let info = s.json("/api/info");
            assert_eq!(info["reload"], reload, "the same in both");
            return info;
        }
        assert!(start.elapsed().as_secs() < 60, "no reload: {reload}");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

#[test]
fn an_edited_pack_is_reloaded_and_the_first_difference_shown() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("tabriz");
    copy_dir(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/tabriz"),
        &pack,
    );
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
            "2",
            "--pack",
            pack.to_str().unwrap(),
        ],
        &games,
    );
    let s = Server::start(&[
        "--pack",
        pack.to_str().unwrap(),
        "--watch",
        "--players",
        "3",
        "--replay",
        games.join("game-00000.json").to_str().unwrap(),
    ]);
    assert_eq!(s.json("/api/info")["reload"]["count"], 0);
    // A broken edit: reported, the games go on as they were.
    let game_toml = pack.join("game.toml");
    let good = std::fs::read_to_string(&game_toml).unwrap();
    write_whole(&game_toml, &format!("{good}\n[[[broken\n"));
    let info = reloaded(&s, 1);
    let err = info["reload"]["error"].as_str().unwrap();
    assert!(err.contains("game.toml"), "{err}");
    assert!(
        s.json("/api/watch?step=5")["review"]["step"] == 5,
        "still watching"
    );
    // Every player starts with one more coin: the watched game differs from its setup.
    write_whole(
        &game_toml,
        &good.replace(
            "start = { coins = 5, wool = 1 }",
            "start = { coins = 6, wool = 1 }",
        ),
    );
    let info = reloaded(&s, 2);
    assert!(info["reload"]["error"].is_null(), "{}", info["reload"]);
    let review = &info["reload"]["review"];
    assert_eq!(review["at"], 0, "{review}");
    assert!(
        review["why"]
            .as_str()
            .unwrap()
            .contains("set up differently"),
        "{review}"
    );
    assert!(info["reload"]["table"].is_string());
    // The game watched is the one on the edited pack now.
    let g = s.json("/api/watch?step=0");
    let coins = g["state"]["players"][0]["counters"][5].as_i64().unwrap();
    assert!(coins >= 6, "played on the new setup: {coins}");
}

/// `--analyse`: each seat's chance to win at the step shown and at every round's
/// start, by an mcts search (the default) or by greedy playouts; shares that add up to
/// one, and at the end the game's result.
#[test]
fn analysed_games_show_each_seats_chance_to_win() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    server::save_games(
        &[
            "--games",
            "1",
            "--players",
            "2",
            "--seed",
            "9",
            "--bots",
            "greedy",
        ],
        &games,
    );
    let replay = games.join("game-00000.json");
    for (by, flags) in [
        ("mcts", vec!["--analyse"]),
        ("greedy", vec!["--analyse", "greedy"]),
    ] {
        let mut args = vec!["--seats", "random,random", "--playouts", "4"];
        args.extend(flags);
        args.extend(["--replay", replay.to_str().unwrap()]);
        let s = Server::start(&args);
        let info = s.json("/api/info");
        assert_eq!(info["analyse"]["by"], by, "{}", info["analyse"]);
        assert_eq!(info["analyse"]["playouts"], 4);
        let step = s.json("/api/watch?step=4");
        let chances: Vec<f64> = step["review"]["chances"]
            .as_array()
            .unwrap_or_else(|| panic!("chances at a step: {}", step["review"]))
            .iter()
            .map(|c| c.as_f64().unwrap())
            .collect();
        assert_eq!(chances.len(), 2);
        assert!(
            (chances.iter().sum::<f64>() - 1.0).abs() < 1e-9,
            "{chances:?}"
        );
        let chart = s.json("/api/watch/chart");
        let points = chart["chances"].as_array().unwrap();
        let rounds = chart["rounds"].as_array().unwrap().len();
        assert_eq!(points.len(), rounds + 1, "each round's start and the end");
        let end = &points.last().unwrap()["chances"];
        let result = &s.json(&format!("/api/watch?step={}", info["review"]["answers"]))["result"];
        let winners = result["winners"].as_array().unwrap();
        for w in winners {
            let w = w.as_u64().unwrap() as usize;
            assert!(
                end[w].as_f64().unwrap() > 0.0,
                "a winner's chance at the end"
            );
        }
    }
    // Without --analyse: no chances.
    let s = Server::start(&[
        "--seats",
        "random,random",
        "--replay",
        replay.to_str().unwrap(),
    ]);
    assert!(s.json("/api/info")["analyse"].is_null());
    assert!(s.json("/api/watch?step=4")["review"]["chances"].is_null());
}
