//! SIGINT (Ctrl-C) and SIGTERM (what `kill`, Slurm and Kubernetes send at a time limit)
//! as a request to stop a run: the games under way are dropped, the finished ones are
//! kept and summarised, and the process exits 130 or 143 as a shell expects. A second
//! signal while stopping ends the process at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The stop request of this process.
pub struct Stop {
    /// Set by either signal.
    any: Arc<AtomicBool>,
    /// Set by SIGINT.
    interrupt: Arc<AtomicBool>,
}

impl Stop {
    /// Starts listening for SIGINT and SIGTERM (on Unix; elsewhere the run is never
    /// stopped this way and the system's default applies).
    pub fn install() -> Stop {
        let stop = Stop {
            any: Arc::new(AtomicBool::new(false)),
            interrupt: Arc::new(AtomicBool::new(false)),
        };
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGINT, SIGTERM};
            use signal_hook::flag;
            for (signal, code) in [(SIGINT, 130), (SIGTERM, 143)] {
                // The first signal sets the flags; a second, with them set, exits.
                let _ = flag::register_conditional_shutdown(signal, code, Arc::clone(&stop.any));
                let _ = flag::register(signal, Arc::clone(&stop.any));
            }
            let _ = flag::register(SIGINT, Arc::clone(&stop.interrupt));
        }
        stop
    }

    /// The flag a run polls ([`weft_core::sim::Limits::stop`]).
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.any)
    }

    /// The exit code of a stopped run (130 for SIGINT, 143 for SIGTERM), or `None` when
    /// no signal came.
    pub fn exit_code(&self) -> Option<u8> {
        if !self.any.load(Ordering::Relaxed) {
            None
        } else if self.interrupt.load(Ordering::Relaxed) {
            Some(130)
        } else {
            Some(143)
        }
    }

    /// The signal's name, for messages.
    pub fn name(&self) -> &'static str {
        if self.interrupt.load(Ordering::Relaxed) {
            "SIGINT"
        } else {
            "SIGTERM"
        }
    }
}
