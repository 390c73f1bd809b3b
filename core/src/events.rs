//! What happened: a log of events for people and tools. Recording is optional so bulk
//! simulation pays nothing for it.

use serde::Serialize;

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Event {
    /// Round it happened in.
    pub round: u32,
    /// The player concerned, if any (0-based, as every index of the state JSON).
    pub player: Option<usize>,
    /// The same player numbered from 1, as reports, summaries and event texts number
    /// seats ("seat 2").
    pub seat: Option<usize>,
    /// Machine-readable kind: `move`, `gain`, `pay`, `fulfil`, `skill`, …
    pub kind: &'static str,
    /// Text for people.
    pub text: String,
    /// When only some seats may read `text` (it names a card the others could not
    /// watch move): which, and the text for the others (see [`crate::view`]). Not in
    /// the JSON: `weft state` shows every event whole, `weft state --seat N` as that
    /// seat may read it.
    #[serde(skip)]
    pub private: Option<Private>,
}

/// What of an event only some seats may read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Private {
    /// One bit per seat (0-based) that may read the event's text; seats past 63 read
    /// the public text.
    seats: u64,
    /// The text for every other seat.
    pub public_text: String,
    /// The places the card the text names lay in or moved between, as (zone, player
    /// for a player zone): a seat that sees one of them reads the text.
    pub places: Vec<(crate::content::ZoneId, Option<usize>)>,
}

impl Private {
    /// Readable by `seats` (0-based), those that see one of `places`; `public_text`
    /// for the others.
    pub fn new(
        seats: impl IntoIterator<Item = usize>,
        public_text: String,
        places: Vec<(crate::content::ZoneId, Option<usize>)>,
    ) -> Private {
        let seats = seats
            .into_iter()
            .filter(|&s| s < 64)
            .fold(0u64, |m, s| m | (1 << s));
        Private {
            seats,
            public_text,
            places,
        }
    }

    /// Whether seat `seat` (0-based) may read the event's text.
    pub fn seen_by(&self, seat: usize) -> bool {
        seat < 64 && self.seats & (1 << seat) != 0
    }
}

/// Where events go while a step runs; off by default.
#[derive(Debug, Default)]
pub struct EventLog {
    /// Whether to record.
    pub enabled: bool,
    /// Recorded events.
    pub events: Vec<Event>,
}

impl EventLog {
    /// A log that records.
    pub fn recording() -> EventLog {
        EventLog {
            enabled: true,
            events: Vec::new(),
        }
    }

    /// Records an event; `text` is only built when recording.
    pub fn push(
        &mut self,
        round: u32,
        player: Option<usize>,
        kind: &'static str,
        text: impl FnOnce() -> String,
    ) {
        self.push_private(round, player, kind, text, || None);
    }

    /// Records an event whose text only some seats may read: `private` (built only
    /// when recording) says which, and what the others read; `None` when all may.
    pub fn push_private(
        &mut self,
        round: u32,
        player: Option<usize>,
        kind: &'static str,
        text: impl FnOnce() -> String,
        private: impl FnOnce() -> Option<Private>,
    ) {
        if self.enabled {
            self.events.push(Event {
                round,
                player,
                seat: player.map(|p| p + 1),
                kind,
                text: text(),
                private: private(),
            });
        }
    }
}
