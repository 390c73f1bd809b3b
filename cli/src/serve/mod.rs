//! `weft serve`: a local web page to play a game (people against bots, or several at one
//! screen), to watch any game move by move with each option's value to the bots, and,
//! with `--watch`, to see where a game goes differently when a pack file changes. The
//! page and its script are built into the binary (no network); it talks to the engine
//! in the JSON of `weft state` (docs/state-json.md, "weft serve").
//!
//! One thread runs the engine: each connection is read on a thread of its own and its
//! request handled here, one at a time. What a request may do is in [`app`]; what the
//! server refuses before it gets there (a foreign `Host`, a big body, a slow client) in
//! [`http`].

mod app;
mod http;
mod page;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use crate::packs::PackArgs;

/// How `--analyse` estimates chances to win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AnalyseBy {
    /// A tree search, its playouts played to the end.
    Mcts,
    /// Games played on by greedy bots.
    Greedy,
}

impl AnalyseBy {
    /// Playouts when `--playouts` is not given: about half a second a position on
    /// Tabriz either way.
    pub fn default_playouts(self) -> u32 {
        match self {
            AnalyseBy::Mcts => 64,
            AnalyseBy::Greedy => 16,
        }
    }

    /// The review's analyst for this choice.
    pub fn analyst(self) -> weft_core::review::Analyst {
        match self {
            AnalyseBy::Mcts => weft_core::review::Analyst::Search,
            AnalyseBy::Greedy => weft_core::review::Analyst::Greedy,
        }
    }
}

/// Flags of `weft serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    #[command(flatten)]
    pub packs: PackArgs,
    /// Players of the game to play (default: one per `--seats` entry, else 3).
    #[arg(long)]
    pub players: Option<usize>,
    /// Who sits at each seat: `human` or a bot, as for `weft play` (default: human, then
    /// greedy bots).
    #[arg(long, value_delimiter = ',')]
    pub seats: Vec<String>,
    /// Game seed (default: a random one, so no one at the table knows the deal).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Port to listen on (0: any free port; the URL printed says which).
    #[arg(long, default_value_t = 8765)]
    pub port: u16,
    /// Address to listen on. The default serves this machine only; another address lets
    /// anyone who reaches it play and watch (no password).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// A replay to open for watching (`weft sim --save-games`, `--save-failed`, a game
    /// `weft play` or the page saved).
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// A folder of saved games (`weft sim --save-games DIR`) the page lists for watching.
    #[arg(long, value_name = "DIR")]
    pub games: Option<PathBuf>,
    /// Estimate each seat's chance to win at every round's start (and the step shown):
    /// `mcts` (the default) by a tree search whose every playout goes on to the end of
    /// the game, `greedy` by games played on by greedy bots alone.
    #[arg(
        long,
        value_name = "BY",
        num_args = 0..=1,
        default_missing_value = "mcts",
        value_enum
    )]
    pub analyse: Option<AnalyseBy>,
    /// Games played on from a position for `--analyse`: the search's iterations for
    /// `mcts` (default 64), the games for `greedy` (default 16); the defaults cost about
    /// the same.
    #[arg(long, value_name = "N")]
    pub playouts: Option<u32>,
    /// Reload the packs when one of their files changes, play the games shown again on
    /// them and show the first decision where they go differently.
    #[arg(long)]
    pub watch: bool,
    /// Iterations per decision for an mcts seat (default 100, or `[bots.mcts]`).
    #[arg(long, value_name = "N")]
    pub mcts_iterations: Option<u32>,
    /// Rounds each mcts playout plays into before it is judged (0: the searcher's next
    /// turn; default 0, or `[bots.mcts] rounds`; 99: to the game's end).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=99))]
    pub mcts_rounds: Option<u32>,
}

pub fn run(a: ServeArgs) -> anyhow::Result<ExitCode> {
    let mut app = app::App::new(&a)?;
    let addr = std::net::SocketAddr::new(a.host, a.port);
    let listener = std::net::TcpListener::bind(addr).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AddrInUse {
            anyhow::anyhow!(
                "error: port {} of {} is taken (another `weft serve`?); give another with --port N, or --port 0 for any free one",
                a.port,
                a.host
            )
        } else {
            anyhow::anyhow!("error: cannot listen on {addr}: {e}")
        }
    })?;
    let bound = listener.local_addr()?;
    let host = if bound.ip().is_unspecified() {
        "127.0.0.1".to_string()
    } else if bound.ip().is_ipv6() {
        format!("[{}]", bound.ip())
    } else {
        bound.ip().to_string()
    };
    // The one line on stdout, which a script waits for: the address to open. Every other
    // message goes to stderr (a reader of the address may close stdout).
    println!("weft serve: http://{host}:{}/", bound.port());
    if !bound.ip().is_loopback() {
        eprintln!(
            "warning: listening on {} lets anyone who reaches this machine play and watch",
            bound.ip()
        );
    }
    let (to_engine, requests) = std::sync::mpsc::sync_channel(http::MAX_QUEUED);
    let port = bound.port();
    std::thread::spawn(move || http::accept(listener, port, to_engine));
    // Ctrl-C or SIGTERM ends the server between two requests.
    let stop = crate::signals::Stop::install();
    loop {
        if let Some(code) = stop.exit_code() {
            return Ok(ExitCode::from(code));
        }
        match requests.recv_timeout(Duration::from_millis(500)) {
            Ok(request) => http::answer(&mut app, request),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                anyhow::bail!("error: the server stopped accepting connections")
            }
        }
        if a.watch {
            app.check_files();
        }
    }
}
