//! `{ do = "block", block = "NAME" }`: runs another block, then goes on (also every
//! entry of the `setup`, `round` and `end` lists).

use serde::Deserialize;

use super::ProgramNames;
use super::StepCx;
use crate::error::EngineError;
use crate::events::EventLog;
use crate::flow::BlockId;
use crate::flow::Frame;
use crate::state::GameState;

use super::{Next, StepKind, StepToml};
use crate::engine::interp::next_step;
use crate::engine::Engine;

/// The fields of a `block` step.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BlockToml {
    block: Option<String>,
}

impl StepToml for BlockToml {
    fn compile(self, cx: &mut dyn StepCx<'_>) -> Option<Box<dyn StepKind>> {
        let name = cx.need("block", &self.block, "{ do = \"block\", block = \"NAME\" }")?;
        let block = cx.block_ref("block", &name)?;
        Some(Box::new(BlockStep { block }))
    }
}

/// Runs block `block`, when its rounds admit the current one, then goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockStep {
    /// The block it runs.
    pub block: BlockId,
}

impl StepKind for BlockStep {
    fn name(&self) -> &'static str {
        "block"
    }

    fn runs_block(&self) -> Option<BlockId> {
        Some(self.block)
    }

    fn renumber(&mut self, map: &dyn Fn(BlockId) -> BlockId) {
        self.block = map(self.block);
    }

    fn outline(&self, prog: &dyn ProgramNames, gate: &str) -> String {
        // A block names itself with its own rounds, whatever the step's.
        let _ = gate;
        prog.block_title(self.block)
    }

    fn run(
        &self,
        eng: &mut Engine,
        st: &mut GameState,
        _log: &mut EventLog,
    ) -> Result<Next, EngineError> {
        if eng
            .content
            .program
            .block(self.block)
            .rounds
            .admits(st.round)
        {
            st.flow.frames.push(Frame {
                block: self.block,
                pc: 0,
                iter: 0,
            });
        } else {
            next_step(st);
        }
        Ok(Next::Continue)
    }
}
