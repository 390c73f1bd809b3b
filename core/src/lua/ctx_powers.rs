//! The `ctx` function of hook points (`ctx:trigger`): the pack's scripts fire a point,
//! and the cards a player holds that define its hook run it for them after the hook
//! that fired it (a character's power, [`crate::powers`]).

use mlua::Value;

use super::ctx::{err, Ctx};
use crate::flow::Job;

/// The longest argument a hook point takes, in bytes.
const MAX_ARG: usize = 200;

impl Ctx {
    /// `ctx:trigger(p, point [, arg])`: queues hook point `point` for player p's held
    /// cards; `arg` (a string or an integer) is handed to each as its third argument.
    pub(super) fn trigger(&mut self, p: i64, point: &str, arg: Value) -> mlua::Result<()> {
        let p = self.player_index(p)?;
        let hooks = &self.content.program.hooks;
        let Some(i) = hooks.iter().position(|h| h.on_cards && h.name == point) else {
            let points: Vec<&str> = hooks
                .iter()
                .filter(|h| h.on_cards)
                .map(|h| h.name.as_str())
                .collect();
            return Err(err(format!(
                "ctx:trigger: `{point}` is not a hook point of the flow ({}); declare it in game.toml: [flow] hook_points = [\"{point}\"]",
                if points.is_empty() {
                    "it has none".to_string()
                } else {
                    points.join(", ")
                }
            )));
        };
        let arg = match arg {
            Value::Nil => String::new(),
            Value::Integer(n) => n.to_string(),
            Value::Number(x) if x.fract() == 0.0 && x.abs() < 1e15 => (x as i64).to_string(),
            Value::String(s) => {
                let s = s.to_str()?.to_string();
                if s.len() > MAX_ARG {
                    return Err(err(format!(
                        "ctx:trigger: the argument is {} bytes; a hook point takes at most {MAX_ARG}",
                        s.len()
                    )));
                }
                s
            }
            other => {
                return Err(err(format!(
                "ctx:trigger: the argument is a {}; a hook point takes a string or a whole number",
                other.type_name()
            )))
            }
        };
        self.state.flow.incoming.push(Job::Trigger {
            player: p,
            hook: i as u8,
            arg,
        });
        Ok(())
    }
}
