//! What `weft serve` does for each request: the game played at the page (a [`Table`]),
//! the game watched (a [`Review`]), and the pack they are played on. Every answer is
//! JSON in the shape of `weft state` with a part of its own (`table`, `review`).
//!
//! What a request can reach: the page, the pack's names and rule texts, the game at the
//! table as one **person's** seat sees it (never a bot's seat, never the whole state
//! while people play), the game watched (whole: a finished or saved game), and the
//! saved games of the `--games` folder by name. No request names a path.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use serde_json::{json, Value};
use weft_core::agent::BotOptions;
use weft_core::content::{Content, ZoneOwner};
use weft_core::replay::Replay;
use weft_core::review::Review;
use weft_core::table::{Table, TableError};
use weft_core::Answer;

use super::ServeArgs;
use crate::packs::PackArgs;
use crate::state_json::game_json;

/// An answer to a request: status and JSON (or, for the pack's board picture, SVG).
pub struct Reply {
    pub status: u16,
    pub body: Value,
    /// An SVG document instead of JSON.
    pub svg: Option<String>,
}

impl Reply {
    fn svg(text: String) -> Reply {
        Reply {
            status: 200,
            body: Value::Null,
            svg: Some(text),
        }
    }

    fn ok(body: Value) -> Reply {
        Reply {
            status: 200,
            body,
            svg: None,
        }
    }

    /// A refusal with a message saying what to do.
    pub fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply {
            status,
            body: json!({ "error": message.into() }),
            svg: None,
        }
    }
}

/// A reload of the packs under `--watch`, as the page shows it.
#[derive(Default, Clone)]
struct Reload {
    /// Reloads so far.
    count: u64,
    /// The loader's problems, when the edited packs did not load (the games go on, on
    /// the packs as they were).
    error: Option<String>,
    /// Where the game at the table went differently, in words.
    table: Option<String>,
    /// Where the game watched went differently: `{at, why}`.
    review: Option<Value>,
}

/// The server's state.
pub struct App {
    packs: PackArgs,
    content: Arc<Content>,
    options: BotOptions,
    table: Table,
    review: Option<Review>,
    /// Where the game watched came from, for the page's title.
    review_name: String,
    games: Option<PathBuf>,
    /// How `--analyse` estimates chances to win; `None` without it.
    analyse: Option<weft_core::review::Analyst>,
    playouts: u32,
    /// The packs' files as last read, to see a change (`--watch`).
    files: Option<Vec<BTreeMap<String, String>>>,
    reload: Reload,
}

impl App {
    /// The packs loaded, the game at the table set up and the `--replay` opened.
    pub fn new(a: &ServeArgs) -> anyhow::Result<App> {
        let content = a.packs.load()?;
        let options = BotOptions {
            mcts_iterations: a.mcts_iterations,
            mcts_rounds: a.mcts_rounds,
            ..BotOptions::default()
        };
        let table = Table::new(
            Arc::clone(&content),
            crate::play_cmd::table_seats(&a.seats, a.players)?,
            a.seed.unwrap_or_else(random_seed),
            &options,
        )
        .map_err(|e| anyhow::anyhow!("error: {e}"))?;
        if let Some(dir) = &a.games {
            if !dir.is_dir() {
                anyhow::bail!(
                    "error: --games {}: not a folder; give the folder `weft sim --save-games` wrote",
                    dir.display()
                );
            }
        }
        let mut app = App {
            packs: a.packs.clone(),
            content,
            options,
            table,
            review: None,
            review_name: String::new(),
            games: a.games.clone(),
            analyse: a.analyse.map(super::AnalyseBy::analyst),
            playouts: a
                .playouts
                .or(a.analyse.map(super::AnalyseBy::default_playouts))
                .unwrap_or(1)
                .max(1),
            files: None,
            reload: Reload::default(),
        };
        if let Some(path) = &a.replay {
            let text = crate::replay_cmd::read_replay_text(path)?;
            let replay = Replay::from_json(&text)
                .map_err(|e| anyhow::anyhow!("error: {}: {e}", path.display()))?;
            app.open_review(replay, path.display().to_string())
                .map_err(|e| anyhow::anyhow!("error: {}: {e}", path.display()))?;
        }
        if a.watch {
            app.files = app.snapshot();
        }
        // Bots answer until a person is asked.
        app.run_bots();
        Ok(app)
    }

    fn open_review(&mut self, replay: Replay, name: String) -> Result<(), String> {
        if replay.digest != self.content.digest {
            weft_core::replay::same_packs(&self.content, &replay).map_err(|e| e.to_string())?;
        }
        self.review = Some(Review::new(Arc::clone(&self.content), replay)?);
        self.review_name = name;
        Ok(())
    }

    fn run_bots(&mut self) {
        while self.table.bot_to_answer() {
            match self.table.bot_turn() {
                Some(Ok(_)) => {}
                _ => break,
            }
        }
    }

    /// Handles `method path?query` with `body` (already read, within its cap).
    pub fn route(&mut self, method: &str, path: &str, query: &str, body: &[u8]) -> Reply {
        let q = parse_query(query);
        match (method, path) {
            ("GET", "/api/info") => self.info(),
            // What the page polls for: small, unlike the names `info` carries.
            ("GET", "/api/reload") => Reply::ok(self.reload_json()),
            ("GET", "/layout/board.svg") => match &self.content.layout.board {
                Some((_, svg)) => Reply::svg(svg.clone()),
                None => Reply::error(404, "the pack has no [layout] board"),
            },
            ("GET", "/api/play") => self.play_view(&q),
            ("POST", "/api/play/answer") => self.play_answer(body),
            ("POST", "/api/play/undo") => self.play_undo(body),
            ("POST", "/api/play/new") => self.play_new(body),
            ("GET", "/api/play/replay") => {
                Reply::ok(serde_json::to_value(self.table.replay()).unwrap_or(Value::Null))
            }
            ("GET", "/api/watch") => self.watch_step(&q),
            ("GET", "/api/watch/chart") => self.watch_chart(),
            ("GET", "/api/watch/games") => self.watch_games(),
            ("POST", "/api/watch/open") => self.watch_open(body),
            (_, p) if p.starts_with("/api/") => {
                Reply::error(404, format!("no such request: {method} {p}"))
            }
            _ => Reply::error(404, "not found"),
        }
    }

    /// The pack's names and texts, the seats, what is open: what the page needs first.
    fn info(&mut self) -> Reply {
        let c = &self.content;
        let humans: Vec<usize> = (0..self.table.seats().len())
            .filter(|&s| self.table.is_human(s))
            .map(|s| s + 1)
            .collect();
        let review = self.review.as_ref().map(|r| {
            json!({
                "name": self.review_name,
                "answers": r.answers(),
                "players": r.replay().players,
                "seats": r.replay().seats,
                "seed": r.replay().seed,
                // Seeds past 2^53 lose digits as JavaScript numbers.
                "seed_text": r.replay().seed.to_string(),
                "rounds": r.rounds(),
                "stopped": r.stopped().map(|(n, key, why)| json!({"answer": n, "key": key, "why": why})),
                "error": r.replay().error,
            })
        });
        Reply::ok(json!({
            "title": c.title,
            "packs": c.packs,
            "names": names(c),
            "table": {
                "seats": self.table.seats(),
                "humans": humans,
                // The seed is the deal: not told while people play.
                "seed": (!self.people_playing()).then(|| self.table.seed()),
            },
            "review": review,
            "layout": {
                "scale": c.layout.scale,
                "board": c.layout.board.is_some(),
                "seat_colours": c.layout.seat_colours,
                "colours": c.layout.colours,
            },
            "analyse": self.analyse.map(|a| json!({ "by": a.name(), "playouts": self.playouts })),
            "games": self.games.is_some(),
            "reload": self.reload_json(),
        }))
    }

    /// The last reload under `--watch`, as `GET /api/info` gives it under `reload`.
    fn reload_json(&self) -> Value {
        json!({
            "count": self.reload.count,
            "error": self.reload.error,
            "table": self.reload.table,
            "review": self.reload.review,
        })
    }

    /// The seat `seat=N` (from 1) of the query, if it is a person's; else the refusal.
    fn person_seat(&self, q: &BTreeMap<String, String>) -> Result<usize, Reply> {
        let seats = self.table.seats().len();
        let n: usize = q
            .get("seat")
            .and_then(|s| s.parse().ok())
            .filter(|&n| n >= 1 && n <= seats)
            .ok_or_else(|| Reply::error(400, format!("give seat=N, a seat from 1 to {seats}")))?;
        if !self.table.is_human(n - 1) {
            return Err(Reply::error(
                403,
                format!("seat {n} is a bot's; the page shows the game as a person's seat sees it"),
            ));
        }
        Ok(n - 1)
    }

    /// The game at the table as person `seat` sees it, with the table's state.
    fn table_json(&mut self, seat: usize, hint: bool) -> Value {
        let view = self.table.view(seat);
        let st = self.table.state().clone();
        let mut out = game_json(
            &self.content,
            st.players.len(),
            self.table.seed(),
            &st,
            self.table.events(),
            Some(&view),
        );
        let asked = self.table.decision().map(|d| d.player);
        let hints = if hint && asked == Some(seat) {
            self.table.hints()
        } else {
            None
        };
        if self.people_playing() {
            // The seed is the deal: not told while people play.
            out["seed"] = Value::Null;
        }
        let notes = self.table.take_notes();
        let stopped = self.table.failure().map(|e| e.to_string());
        out["table"] = json!({
            "seats": self.table.seats(),
            "asked": asked.map(|p| p + 1),
            "asked_is_person": asked.is_some_and(|p| self.table.is_human(p)),
            "answers": self.table.answers().len(),
            "can_undo": (0..self.table.answers().len()).any(|i| self.table.is_human(self.table.answered_by()[i])),
            "since": self.table.last_answer_of(seat).map_or(0, |n| self.table.events_before(n)),
            "hints": hints.map(|h| h.iter().map(|v| v.is_finite().then_some(*v)).collect::<Vec<_>>()),
            "notes": notes,
            "stopped": stopped,
        });
        out
    }

    fn play_view(&mut self, q: &BTreeMap<String, String>) -> Reply {
        match self.person_seat(q) {
            Ok(seat) => {
                let hint = q.get("hint").is_some_and(|v| v == "1");
                Reply::ok(self.table_json(seat, hint))
            }
            Err(r) => r,
        }
    }

    fn play_answer(&mut self, body: &[u8]) -> Reply {
        let Ok(v) = serde_json::from_slice::<Value>(body) else {
            return Reply::error(
                400,
                "the body must be JSON: {\"seat\": N, \"answer\": \"KEY\"}",
            );
        };
        let seat = v["seat"].as_u64().map(|n| n as usize);
        let answer = v["answer"].as_str();
        let (Some(seat), Some(answer)) = (seat, answer) else {
            return Reply::error(400, "give {\"seat\": N, \"answer\": \"KEY\"} (seat from 1)");
        };
        if seat == 0 || seat > self.table.seats().len() || !self.table.is_human(seat - 1) {
            return Reply::error(
                403,
                format!("seat {seat} is not a person's seat at this table"),
            );
        }
        match self.table.answer(seat - 1, Answer::Key(answer.to_string())) {
            Ok(_) => {
                self.run_bots();
                Reply::ok(
                    json!({ "ok": true, "asked": self.table.decision().map(|d| d.player + 1) }),
                )
            }
            Err(e @ (TableError::Refused(_) | TableError::NotAsked { .. })) => {
                Reply::error(409, e.to_string())
            }
            Err(e) => Reply::error(409, e.to_string()),
        }
    }

    fn play_undo(&mut self, _body: &[u8]) -> Reply {
        match self.table.undo() {
            Ok(seat) => Reply::ok(json!({ "ok": true, "asked": seat + 1 })),
            Err(e) => Reply::error(409, e.to_string()),
        }
    }

    fn play_new(&mut self, body: &[u8]) -> Reply {
        let v: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        let seed = v["seed"].as_u64().unwrap_or_else(random_seed);
        match Table::new(
            Arc::clone(&self.content),
            self.table.seats().to_vec(),
            seed,
            &self.options,
        ) {
            Ok(t) => {
                self.table = t;
                self.run_bots();
                Reply::ok(json!({ "ok": true }))
            }
            Err(e) => Reply::error(409, e),
        }
    }

    /// Step `step=K` of the game watched: the position before answer K, whole (or as
    /// `seat=N` sees it), the question and the option chosen, the last answer's events,
    /// the greedy bot's value of each option and, analysed, the chances to win.
    fn watch_step(&mut self, q: &BTreeMap<String, String>) -> Reply {
        let analyse = self.analyse;
        let playouts = self.playouts;
        let content = Arc::clone(&self.content);
        let Some(r) = self.review.as_mut() else {
            return Reply::error(404, "no game is open for watching: open one first");
        };
        let k: usize = q
            .get("step")
            .and_then(|s| s.parse().ok())
            .unwrap_or(0)
            .min(r.answers());
        let st = r.state(k).clone();
        let (events, from) = r.events_to(k);
        let events = events.to_vec();
        let players = r.replay().players;
        let seat = q
            .get("seat")
            .and_then(|s| s.parse::<usize>().ok())
            .filter(|&n| n >= 1 && n <= players);
        let view = seat.map(|n| weft_core::view::SeatView::of(&content, &st, n - 1));
        let mut out = game_json(
            &content,
            players,
            r.replay().seed,
            &st,
            &events,
            view.as_ref(),
        );
        // The question answered at K and the option chosen; at the end of a game that
        // stopped on a failed answer, the question and the answer that failed.
        let decision = r
            .decision(k)
            .map(|(d, chosen)| (d.clone(), Some(chosen)))
            .or_else(|| st.decision().map(|d| (d.clone(), None)));
        let failing = (k == r.answers())
            .then(|| {
                r.replay()
                    .failing_answer
                    .clone()
                    .zip(r.replay().error.clone())
            })
            .flatten()
            .map(|(key, error)| json!({ "key": key, "error": error }));
        let values = decision.as_ref().and_then(|_| r.values(k));
        let chances = analyse.and_then(|by| r.chances(k, playouts, by));
        out["review"] = json!({
            "step": k,
            "answers": r.answers(),
            "last_events_from": from,
            "chosen": decision.as_ref().and_then(|(_, c)| *c),
            "chosen_key": decision.as_ref().and_then(|(d, c)| c.map(|c| d.options[c].key.to_string())),
            "failing": failing,
            "full_decision": decision.as_ref().map(|(d, _)| {
                let mut with = st.clone();
                with.decision = Some(Arc::new(d.clone()));
                weft_core::view::decision_json(&content, &with)
            }),
            "values": values.map(|v| v.iter().map(|x| x.is_finite().then_some(*x)).collect::<Vec<_>>()),
            "chances": chances,
        });
        Reply::ok(out)
    }

    /// Each seat's standing over the game watched, and with `--analyse` its chance to
    /// win at each round's start.
    fn watch_chart(&mut self) -> Reply {
        let (analyse, playouts) = (self.analyse, self.playouts);
        let Some(r) = self.review.as_mut() else {
            return Reply::error(404, "no game is open for watching: open one first");
        };
        let standings = r.standings();
        let mut chances: Vec<Value> = Vec::new();
        if let Some(by) = analyse {
            let mut steps: Vec<usize> = r.rounds().into_iter().map(|(_, k)| k).collect();
            steps.push(r.answers());
            for k in steps {
                chances.push(json!({ "step": k, "chances": r.chances(k, playouts, by) }));
            }
        }
        Reply::ok(json!({
            "standings": standings,
            "rounds": r.rounds(),
            "chances": chances,
        }))
    }

    /// The saved games of the `--games` folder, by name.
    fn watch_games(&self) -> Reply {
        let Some(dir) = &self.games else {
            return Reply::ok(json!({ "games": [] }));
        };
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                    .filter_map(|e| e.file_name().into_string().ok())
                    .filter(|n| n.ends_with(".json"))
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names.truncate(10_000);
        Reply::ok(json!({ "games": names }))
    }

    /// Opens a game to watch: `{"game": NAME}` (a name the `--games` listing gave),
    /// `{"table": true}` (the game at the table so far, when no person plays it or it
    /// is over) or `{"replay": {...}}` (a replay file's JSON, as the page uploads it).
    fn watch_open(&mut self, body: &[u8]) -> Reply {
        let Ok(v) = serde_json::from_slice::<Value>(body) else {
            return Reply::error(
                400,
                "the body must be JSON: {\"game\": NAME} or {\"replay\": {...}}",
            );
        };
        let (replay, name) = if let Some(name) = v["game"].as_str() {
            let Some(dir) = &self.games else {
                return Reply::error(404, "no --games folder was given");
            };
            let listed = self.watch_games().body["games"]
                .as_array()
                .is_some_and(|a| a.iter().any(|n| n.as_str() == Some(name)));
            if !listed {
                return Reply::error(404, format!("`{name}` is not a game of the --games folder"));
            }
            let path = dir.join(name);
            let text = match crate::replay_cmd::read_replay_text(&path) {
                Ok(t) => t,
                Err(e) => return Reply::error(422, e.to_string()),
            };
            match Replay::from_json(&text) {
                Ok(r) => (r, name.to_string()),
                Err(e) => return Reply::error(422, format!("{name}: {e}")),
            }
        } else if v["table"].as_bool() == Some(true) {
            (self.table.replay(), "the game at the table".to_string())
        } else if v.get("replay").is_some() {
            match serde_json::from_value::<Replay>(v["replay"].clone()) {
                Ok(r) => match r.validate() {
                    Ok(()) => (r, "an uploaded replay".to_string()),
                    Err(e) => return Reply::error(422, e.to_string()),
                },
                Err(e) => return Reply::error(422, format!("not a valid replay file: {e}")),
            }
        } else {
            return Reply::error(
                400,
                "give {\"game\": NAME}, {\"table\": true} or {\"replay\": {...}}",
            );
        };
        // The same seed and players is the same deal, whatever the digest says (a
        // digest is easily edited; the packs are compared by name only).
        let live = replay.seed == self.table.seed() && replay.players == self.table.seats().len();
        if live && self.people_playing() {
            return Reply::error(
                403,
                "this is the game at the table, under way with people at it: watching it would show their hidden cards; finish it first",
            );
        }
        match self.open_review(replay, name) {
            Ok(()) => self.info(),
            Err(e) => Reply::error(422, e),
        }
    }

    /// Whether people play the game at the table and it is not over: then no request
    /// gets it whole.
    fn people_playing(&self) -> bool {
        self.table.result().is_none()
            && (0..self.table.seats().len()).any(|s| self.table.is_human(s))
    }

    /// The packs' files as they are now (`None` for packs built into the binary).
    fn snapshot(&self) -> Option<Vec<BTreeMap<String, String>>> {
        let (files, library) = self.packs.read().ok()?;
        Some(
            files
                .into_iter()
                .chain(std::iter::once(library))
                .map(|f| f.files)
                .collect(),
        )
    }

    /// Under `--watch`: when a pack file changed, reloads the packs and plays the games
    /// shown again on them, noting where each first goes differently.
    pub fn check_files(&mut self) {
        let now = self.snapshot();
        if now == self.files {
            return;
        }
        self.files = now;
        self.reload.count += 1;
        let content = match self.packs.load() {
            Ok(c) => c,
            Err(e) => {
                self.reload.error = Some(e.to_string());
                eprintln!("reload failed: {e}");
                return;
            }
        };
        self.reload.error = None;
        // The game at the table first: if it cannot be played on the new packs, they are
        // not taken (every part of the page stays on one content).
        let saved = self.table.replay();
        let (table, how) = match Table::resume(Arc::clone(&content), &saved, None, &self.options) {
            Ok(t) => t,
            Err(e) => {
                self.reload.error = Some(format!(
                    "the game at the table could not be played again on the edited packs, so they were not taken: {e}"
                ));
                return;
            }
        };
        self.reload.table = Some(match &how.stopped {
            Some((n, key, why)) => format!(
                "answer {n} (`{key}`) no longer goes: {why}; the game goes on from before it"
            ),
            None if how.differs => "every answer still goes, but the position now differs".into(),
            None => "the same game".into(),
        });
        self.table = table;
        let old_content = std::mem::replace(&mut self.content, Arc::clone(&content));
        if let Some(r) = &self.review {
            let replay = r.replay().clone();
            let name = self.review_name.clone();
            let diverged = r.diverge(&content);
            match diverged.and_then(|d| self.open_review(replay, name).map(|()| d)) {
                Ok(d) => self.reload.review = Some(json!({"at": d.at, "why": d.why})),
                Err(e) => {
                    // Not watchable on the new packs: closed, rather than drawn with
                    // names of the old ones.
                    self.review = None;
                    self.reload.review = Some(json!({
                        "at": null,
                        "why": format!("the game watched could not be played on the edited packs and was closed: {e}"),
                    }));
                }
            }
        }
        drop(old_content);
        self.run_bots();
        eprintln!("reloaded the packs ({})", self.reload.count);
    }
}

/// The names and texts the page shows for the pack's ids (public: what a card says,
/// not where it lies), and the board's layout.
fn names(c: &Content) -> Value {
    json!({
        "counters": c.counters.iter().map(|k| json!({"id": k.id, "name": k.name})).collect::<Vec<_>>(),
        "materials": c.materials.iter().map(|m| json!({"id": m.id, "name": m.name})).collect::<Vec<_>>(),
        "tiles": c.tiles.iter().map(|t| json!({"id": t.id, "name": t.name, "text": t.text})).collect::<Vec<_>>(),
        "slots": c.board.slots.iter().map(|s| json!({"id": s.id, "pos": s.pos})).collect::<Vec<_>>(),
        // Each path between two neighbouring slots once, by slot index, with what a
        // travel over it costs and needs (words, empty when free).
        "paths": c.board.neighbours.iter().enumerate().flat_map(|(a, ns)| {
            ns.iter().filter(move |&&b| (b as usize) > a).map(move |&b| {
                let words = |list: &[(weft_core::content::CounterId, u32)]| {
                    list.iter()
                        .map(|&(k, n)| format!("{n} {}", c.counters[k as usize].name))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                match c.board.route(a as u16, b) {
                    Some(r) => json!([a, b, words(&r.cost), words(&r.requires)]),
                    None => json!([a, b]),
                }
            })
        }).collect::<Vec<_>>(),
        "dice_spaces": c.dice_play.spaces.iter().map(|s| json!({
            "id": s.id, "name": s.name, "dice": s.dice, "min_strength": s.min_strength,
            "occupancy": s.occupancy.name(), "extra": s.extra, "text": s.text,
        })).collect::<Vec<_>>(),
        "markers": c.markers.iter().map(|m| json!({"id": m.id, "name": m.name, "shape": m.shape})).collect::<Vec<_>>(),
        "neutral_name": c.dice_play.pools.as_ref().map(|p| p.neutral_name.clone()),
        "areas": c.board.areas.iter().map(|a| json!({"id": a.id, "name": a.name})).collect::<Vec<_>>(),
        "zones": c.zones.iter().map(|z| json!({
            "id": z.id,
            "name": z.name,
            "owner": if z.owner == ZoneOwner::Player { "player" } else { "shared" },
        })).collect::<Vec<_>>(),
        "cards": c.cards.iter().map(|k| json!({
            "id": k.id, "name": k.name, "kind": k.kind, "text": crate::play_text::card_terms(c, k).join("; "),
        })).collect::<Vec<_>>(),
        "dice": c.dice.iter().map(|d| json!({"id": d.id, "faces": d.faces})).collect::<Vec<_>>(),
    })
}

/// `a=1&b=x` as a map (values percent-decoded; malformed escapes kept as they are).
fn parse_query(q: &str) -> BTreeMap<String, String> {
    q.split('&')
        .filter(|p| !p.is_empty())
        .take(32)
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect()
}

/// Percent-decoding of a query part (`+` as a space).
fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 3;
                    }
                    None => {
                        out.push(b'%');
                        i += 1;
                    }
                }
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A seed no one at the table knows: from the process's random hasher keys.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}
