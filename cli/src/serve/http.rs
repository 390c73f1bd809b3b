//! The HTTP side of `weft serve`: HTTP/1.1 over `std::net`, each request head parsed by
//! `httparse`, one request per connection. Each connection is read on a thread of its
//! own, with a time limit, so a client that sends slowly or not at all holds only that
//! thread; the engine thread gets only requests read whole within their caps. What is
//! refused before the engine sees it: a head over [`MAX_HEAD`] (431), a head that does
//! not parse (400), a body over [`MAX_BODY`] (413, never read: the connection is closed),
//! a chunked body (411), a `Host` other than the address served (403: a page elsewhere
//! reaching this one through DNS rebinding), a method other than GET and POST (405), a
//! URL over [`MAX_URL`] (414), a client too slow (408). Every answer carries a content
//! security policy that lets the page load only its own script.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::Duration;

use super::app::{App, Reply};
use super::page;

/// The largest request body read (a replay uploaded for watching).
pub const MAX_BODY: usize = 16 << 20;
/// The longest URL answered.
pub const MAX_URL: usize = 2048;
/// The largest request head (request line and headers).
pub const MAX_HEAD: usize = 16 << 10;
/// How long a client may take to send its request, and to take the answer.
const CLIENT_SECONDS: u64 = 10;

/// A request read whole, ready for the engine thread, which sends its reply back to the
/// connection's thread (the writing, which a slow reader can drag out, happens there).
pub struct Ready {
    method: String,
    path: String,
    query: String,
    body: Vec<u8>,
    reply: std::sync::mpsc::SyncSender<Reply>,
}

/// A request as read, before it is handed on.
struct Incoming {
    method: String,
    path: String,
    query: String,
    body: Vec<u8>,
}

/// Most connections served at once; more are answered 503 at once.
const MAX_CONNECTIONS: usize = 256;
/// Most requests waiting for the engine; more are answered 503.
pub const MAX_QUEUED: usize = 64;

/// Why a request is refused before the engine sees it: status and message.
type Refusal = (u16, String);

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        503 => "Service Unavailable",
        413 => "Payload Too Large",
        414 => "URI Too Long",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        _ => "",
    }
}

/// Writes the answer and closes the connection (a client gone is not an error).
fn send(mut stream: TcpStream, status: u16, content_type: &str, body: &[u8]) {
    let head = format!(
        "HTTP/1.1 {status} {}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\nContent-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'\r\n\r\n",
        reason(status),
        body.len()
    );
    let _ = stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(body))
        .and_then(|()| stream.flush());
    // A lingering close: what the client still sends (a refused body) is read and
    // thrown away for a moment, so closing does not reset the connection before the
    // client has read the answer.
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_millis(500)));
    let mut sink = [0u8; 8192];
    let mut drained = 0usize;
    while drained < (1 << 20) {
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(n) => drained += n,
        }
    }
}

fn send_reply(stream: TcpStream, reply: Reply) {
    if let Some(svg) = reply.svg {
        // Under the same policy as every answer: opened on its own, a pack's SVG runs
        // no script.
        return send(stream, reply.status, "image/svg+xml", svg.as_bytes());
    }
    let body = serde_json::to_vec(&reply.body).unwrap_or_default();
    send(
        stream,
        reply.status,
        "application/json; charset=utf-8",
        &body,
    );
}

/// Whether `host` (the `Host` header) names this server: `127.0.0.1:PORT`,
/// `localhost:PORT`, `[::1]:PORT`, or any IP address with the port (when it listens on
/// another address); a name that is not an address is refused.
fn host_ok(host: Option<&str>, port: u16) -> bool {
    let Some(host) = host.map(str::to_ascii_lowercase) else {
        return false;
    };
    // `[::1]:8765`, `127.0.0.1:8765`, or without a port when it is HTTP's own, 80.
    let (name, p) = match host.rsplit_once(':') {
        Some((name, p)) if !p.ends_with(']') => (name.to_string(), p.parse::<u16>().ok()),
        _ => (host.clone(), Some(80)),
    };
    let name = name.as_str();
    if p != Some(port) {
        return false;
    }
    let bare = name.trim_start_matches('[').trim_end_matches(']');
    name == "localhost" || bare.parse::<std::net::IpAddr>().is_ok()
}

/// Reads one request from `stream`: its head (at most [`MAX_HEAD`]), then exactly the
/// body its `Content-Length` declares (at most [`MAX_BODY`]).
fn read_request(stream: &mut TcpStream, port: u16) -> Result<Incoming, Refusal> {
    // One deadline for the whole request: each read gets only the time left, so a
    // client that sends a byte now and then is cut off all the same.
    let deadline = std::time::Instant::now() + Duration::from_secs(CLIENT_SECONDS);
    let _ = stream.set_write_timeout(Some(Duration::from_secs(CLIENT_SECONDS)));
    let time_left = |stream: &TcpStream| -> Result<(), Refusal> {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() {
            return Err((408, "the request took too long to arrive".into()));
        }
        let _ = stream.set_read_timeout(Some(left));
        Ok(())
    };
    let slow = |e: std::io::Error| -> Refusal {
        match e.kind() {
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => {
                (408, "the request took too long to arrive".into())
            }
            _ => (400, format!("the request could not be read: {e}")),
        }
    };
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    let (head_len, method, target, host, length) = loop {
        time_left(stream)?;
        let n = stream.read(&mut chunk).map_err(slow)?;
        if n == 0 {
            return Err((400, "the connection closed before the request ended".into()));
        }
        buf.extend_from_slice(&chunk[..n]);
        let mut headers = [httparse::EMPTY_HEADER; 64];
        let mut req = httparse::Request::new(&mut headers);
        match req.parse(&buf) {
            Ok(httparse::Status::Complete(len)) if len > MAX_HEAD => {
                return Err((
                    431,
                    format!("the request head is over {} KiB", MAX_HEAD >> 10),
                ));
            }
            Ok(httparse::Status::Complete(len)) => {
                let header = |name: &str| {
                    req.headers
                        .iter()
                        .find(|h| h.name.eq_ignore_ascii_case(name))
                        .map(|h| String::from_utf8_lossy(h.value).into_owned())
                };
                if header("transfer-encoding").is_some() {
                    return Err((411, "send the body with a Content-Length".into()));
                }
                let length = match header("content-length") {
                    None => 0,
                    Some(v) => v
                        .trim()
                        .parse::<u64>()
                        .map_err(|_| (400, "the Content-Length is not a number".to_string()))?,
                };
                break (
                    len,
                    req.method.unwrap_or("").to_ascii_uppercase(),
                    req.path.unwrap_or("").to_string(),
                    header("host"),
                    length,
                );
            }
            Ok(httparse::Status::Partial) if buf.len() > MAX_HEAD => {
                return Err((
                    431,
                    format!("the request head is over {} KiB", MAX_HEAD >> 10),
                ));
            }
            Ok(httparse::Status::Partial) => {}
            Err(e) => return Err((400, format!("not an HTTP request: {e}"))),
        }
    };
    if target.len() > MAX_URL {
        return Err((414, "the URL is too long".into()));
    }
    if !host_ok(host.as_deref(), port) {
        return Err((
            403,
            "this server answers requests to its own address only".into(),
        ));
    }
    if method != "GET" && method != "POST" {
        return Err((405, "only GET and POST".into()));
    }
    if length > MAX_BODY as u64 {
        return Err((413, format!("the body is over {} MiB", MAX_BODY >> 20)));
    }
    let mut body = buf.split_off(head_len);
    body.truncate(length as usize);
    let missing = length as usize - body.len();
    let mut left = missing;
    while left > 0 {
        time_left(stream)?;
        let n = stream.read(&mut chunk[..left.min(4096)]).map_err(slow)?;
        if n == 0 {
            return Err((400, "the connection closed before the body ended".into()));
        }
        body.extend_from_slice(&chunk[..n]);
        left -= n;
    }
    let (path, query) = target.split_once('?').unwrap_or((target.as_str(), ""));
    Ok(Incoming {
        method,
        path: path.to_string(),
        query: query.to_string(),
        body,
    })
}

/// Accepts connections for ever, each read on a thread of its own (at most
/// [`MAX_CONNECTIONS`] at once): refusals and the page's own files are answered there,
/// every other request is queued for the engine thread through `to_engine` (at most
/// [`MAX_QUEUED`] waiting) and its reply written back on the connection's thread.
pub fn accept(listener: TcpListener, port: u16, to_engine: std::sync::mpsc::SyncSender<Ready>) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let open = std::sync::Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else {
            // Out of descriptors, say: wait a moment rather than spin.
            std::thread::sleep(Duration::from_millis(50));
            continue;
        };
        if open.load(Ordering::Relaxed) >= MAX_CONNECTIONS {
            // Said at once, without waiting on the client: this is the accept loop.
            let _ = stream.set_write_timeout(Some(Duration::from_millis(200)));
            let _ = stream.write_all(
                b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            );
            continue;
        }
        open.fetch_add(1, Ordering::Relaxed);
        let (to_engine, open) = (to_engine.clone(), std::sync::Arc::clone(&open));
        let spawned = std::thread::Builder::new().spawn(move || {
            serve_connection(&mut stream, port, &to_engine);
            open.fetch_sub(1, Ordering::Relaxed);
        });
        if spawned.is_err() {
            // Out of threads: the connection is dropped (with its count), the server
            // goes on.
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// One connection: its request read, refused, served from the page, or handed to the
/// engine and its reply written.
fn serve_connection(
    stream: &mut TcpStream,
    port: u16,
    to_engine: &std::sync::mpsc::SyncSender<Ready>,
) {
    let Ok(out) = stream.try_clone() else { return };
    let r = match read_request(stream, port) {
        Err((status, message)) => return send_reply(out, Reply::error(status, message)),
        Ok(r) => r,
    };
    if r.method == "GET" {
        if let Some((content_type, text)) = page::asset(&r.path) {
            return send(out, 200, content_type, text.as_bytes());
        }
    }
    let (reply, answer) = std::sync::mpsc::sync_channel(1);
    let ready = Ready {
        method: r.method,
        path: r.path,
        query: r.query,
        body: r.body,
        reply,
    };
    match to_engine.try_send(ready) {
        Ok(()) => {}
        Err(std::sync::mpsc::TrySendError::Full(_)) => {
            return send_reply(out, Reply::error(503, "the engine is busy; try again"));
        }
        // The engine thread is gone only when the server is stopping.
        Err(std::sync::mpsc::TrySendError::Disconnected(_)) => return,
    }
    if let Ok(reply) = answer.recv() {
        send_reply(out, reply);
    }
}

/// Answers a request on the engine thread.
pub fn answer(app: &mut App, r: Ready) {
    let Ready {
        method,
        path,
        query,
        body,
        reply: to_connection,
    } = r;
    // A bug in a handler must not take the server down with the game in it.
    let reply = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        app.route(&method, &path, &query, &body)
    }))
    .unwrap_or_else(|_| {
        Reply::error(
            500,
            "the engine failed on this request (a bug: please report it)",
        )
    });
    // The connection's thread writes it; a client gone is no matter.
    let _ = to_connection.send(reply);
}
