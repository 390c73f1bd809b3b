//! The HTTP side of `weft serve`: what is refused before the engine sees a request, and
//! how answers are sent. Only `GET` and `POST`; a `Host` other than the address served
//! (a page elsewhere reaching this one through DNS rebinding) is refused; a body over
//! [`MAX_BODY`] or a URL over [`MAX_URL`] gets a 4xx without being read; every answer
//! carries a content security policy that lets the page load only its own script.

use std::io::Read;

use tiny_http::{Header, Request, Response};

use super::app::{App, Reply};
use super::page;

/// The largest request body read (a replay uploaded for watching).
pub const MAX_BODY: usize = 16 << 20;
/// The longest URL answered.
pub const MAX_URL: usize = 2048;

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
}

/// Sends `body` with `status` and `content_type`, and the headers every answer has.
fn send(request: Request, status: u16, content_type: &str, body: Vec<u8>) {
    let response = Response::from_data(body)
        .with_status_code(status)
        .with_header(header("Content-Type", content_type))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header("X-Frame-Options", "DENY"))
        .with_header(header("Referrer-Policy", "no-referrer"))
        .with_header(header(
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ));
    // A client that went away is not an error of the server's.
    let _ = request.respond(response);
}

fn send_reply(request: Request, reply: Reply) {
    if let Some(svg) = reply.svg {
        // Under the same policy as every answer: opened on its own, a pack's SVG runs
        // no script.
        return send(request, reply.status, "image/svg+xml", svg.into_bytes());
    }
    let body = serde_json::to_vec(&reply.body).unwrap_or_default();
    send(
        request,
        reply.status,
        "application/json; charset=utf-8",
        body,
    );
}

/// Whether the `Host` header names this server: `127.0.0.1:PORT`, `localhost:PORT`,
/// `[::1]:PORT`, or any address with the port when it listens on another address.
fn host_ok(request: &Request, port: u16) -> bool {
    let Some(host) = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Host"))
        .map(|h| h.value.as_str().to_ascii_lowercase())
    else {
        return false;
    };
    let Some((name, p)) = host.rsplit_once(':') else {
        return false;
    };
    if p.parse::<u16>().ok() != Some(port) {
        return false;
    }
    matches!(name, "127.0.0.1" | "localhost" | "[::1]") || name.parse::<std::net::IpAddr>().is_ok()
}

/// Answers one request.
pub fn handle(app: &mut App, mut request: Request) {
    let url = request.url().to_string();
    if url.len() > MAX_URL {
        return send_reply(request, Reply::error(414, "the URL is too long"));
    }
    if !host_ok(&request, app.port()) {
        return send_reply(
            request,
            Reply::error(403, "this server answers requests to its own address only"),
        );
    }
    let method = request.method().as_str().to_ascii_uppercase();
    if method != "GET" && method != "POST" {
        return send_reply(request, Reply::error(405, "only GET and POST"));
    }
    let (path, query) = url.split_once('?').unwrap_or((url.as_str(), ""));
    let path = path.to_string();
    let query = query.to_string();
    if method == "GET" {
        if let Some((content_type, body)) = page::asset(&path) {
            return send(request, 200, content_type, body.as_bytes().to_vec());
        }
    }
    let mut body = Vec::new();
    if method == "POST" {
        if request.body_length().is_some_and(|n| n > MAX_BODY) {
            return send_reply(
                request,
                Reply::error(413, format!("the body is over {} MiB", MAX_BODY >> 20)),
            );
        }
        let read = request
            .as_reader()
            .take(MAX_BODY as u64 + 1)
            .read_to_end(&mut body);
        if read.is_err() {
            return send_reply(request, Reply::error(400, "the body could not be read"));
        }
        if body.len() > MAX_BODY {
            return send_reply(
                request,
                Reply::error(413, format!("the body is over {} MiB", MAX_BODY >> 20)),
            );
        }
    }
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
    send_reply(request, reply);
}
