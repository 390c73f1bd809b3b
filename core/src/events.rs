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
        if self.enabled {
            self.events.push(Event {
                round,
                player,
                seat: player.map(|p| p + 1),
                kind,
                text: text(),
            });
        }
    }
}
