//! A `weft serve` for tests, and plain HTTP/1.0 requests to it (shared by
//! `serve.rs` and `browser.rs`).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

fn weft() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_weft"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// Plays `weft -q sim ARGS --save-games GAMES` and returns once it succeeded: the saved
/// games to watch.
pub fn save_games(args: &[&str], games: &std::path::Path) {
    let out = weft()
        .arg("-q")
        .arg("sim")
        .args(args)
        .arg("--save-games")
        .arg(games)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A `weft serve` on a free port, stopped when dropped.
pub struct Server {
    child: Child,
    pub port: u16,
}

impl Server {
    pub fn start(args: &[&str]) -> Server {
        let mut child = weft()
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .trim()
            .strip_prefix("weft serve: http://127.0.0.1:")
            .and_then(|p| p.trim_end_matches('/').parse().ok())
            .unwrap_or_else(|| panic!("the URL line: {line:?}"));
        Server { child, port }
    }

    /// Sends `raw` as the request and returns (status, headers, body).
    pub fn raw(&self, raw: &[u8]) -> (u16, String, String) {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let _ = s.write_all(raw);
        let mut out = Vec::new();
        let _ = s.read_to_end(&mut out);
        let text = String::from_utf8_lossy(&out).to_string();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        (status, head.to_string(), body.to_string())
    }

    pub fn get(&self, path: &str) -> (u16, String) {
        let (status, _, body) = self.raw(
            format!(
                "GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
                self.port
            )
            .as_bytes(),
        );
        (status, body)
    }

    pub fn post(&self, path: &str, body: &str) -> (u16, String) {
        let (status, _, body) = self.raw(
            format!(
                "POST {path} HTTP/1.0\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                self.port,
                body.len()
            )
            .as_bytes(),
        );
        (status, body)
    }

    pub fn json(&self, path: &str) -> serde_json::Value {
        let (status, body) = self.get(path);
        assert_eq!(status, 200, "{path}: {body}");
        serde_json::from_str(&body).unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
