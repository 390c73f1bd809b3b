//! The page `weft serve` serves, built into the binary: one HTML file, its style sheet
//! and its script. No other file is ever served.

/// The page's files by path: (content type, text).
pub fn asset(path: &str) -> Option<(&'static str, &'static str)> {
    match path {
        "/" | "/index.html" => Some(("text/html; charset=utf-8", include_str!("page/index.html"))),
        "/app.css" => Some(("text/css; charset=utf-8", include_str!("page/app.css"))),
        "/app.js" => Some((
            "text/javascript; charset=utf-8",
            include_str!("page/app.js"),
        )),
        _ => None,
    }
}
