//! The game a scaffold goes into: the pack as it loads, with the packs it extends, so
//! that a new tile, card or area names slots, materials, dice, grades, zones and
//! counters the game has, and a kind that cannot fit is refused with what exists.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use weft_core::content::program::StepKind;
use weft_core::content::{Material, Slot, Zone, ZoneKind, ZoneOwner};
use weft_core::Content;

use crate::packs::PackArgs;

/// Flags of `weft new tile|card|area` that say how to find the packs the pack extends
/// (as for every command that loads a pack).
#[derive(clap::Args, Debug, Clone)]
pub struct LoadFlags {
    /// A folder of packs (or a pack folder) where packs named by `extends` are looked
    /// up (repeatable; also WEFT_PACK_PATH, colon separated; then ./content; then the
    /// packs built into weft).
    #[arg(long = "pack-path", value_name = "DIR")]
    pub pack_path: Vec<PathBuf>,
    /// The shared Lua library folder. Default: ./scripts in a checkout, else built in.
    #[arg(long, value_name = "DIR")]
    pub scripts: Option<PathBuf>,
}

/// A loaded game, seen from the pack a scaffold is added to.
pub struct Game {
    /// Everything the chain declares, merged.
    pub content: Arc<Content>,
}

impl Game {
    /// Loads the pack in `folder` with the packs it extends, as `weft check --pack
    /// folder` would. A pack that does not load is an error listing its problems: the
    /// scaffold is fitted to what the game declares, so it must load first.
    pub fn load(folder: &Path, flags: &LoadFlags) -> anyhow::Result<Game> {
        if !folder.join("pack.toml").is_file() {
            anyhow::bail!(
                "error: {} holds no pack.toml\n  help: create a pack first with `weft new pack NAME` (an expansion) or `weft new game NAME` (a game of its own), or give --pack DIR",
                folder.display()
            );
        }
        let args = PackArgs {
            packs: vec![folder.to_path_buf()],
            pack_path: flags.pack_path.clone(),
            scripts: flags.scripts.clone(),
            budget: None,
            memory_mb: None,
            hook_seconds: None,
        };
        let content = args.load().map_err(|e| {
            anyhow::anyhow!(
                "{e}\nerror: weft new fits the scaffold to the game the pack loads, and {} does not load\n  help: fix the problems above (`weft check --pack {0}` lists them too), then run weft new again; nothing was written",
                folder.display()
            )
        })?;
        Ok(Game { content })
    }

    /// The game's title, for messages (`Tabriz`, `Lantern market`).
    pub fn title(&self) -> &str {
        &self.content.title
    }

    /// The game's materials, cheapest first as declared.
    pub fn materials(&self) -> &[Material] {
        &self.content.materials
    }

    /// The name of the coins counter for rules text, in lower case (`coins`): the
    /// counter of id `coins`, or `coins` when the game declares none.
    pub fn coins_name(&self) -> String {
        self.content
            .counter("coins")
            .map_or("coins".to_string(), |k| {
                self.content.counters[k as usize].name.to_lowercase()
            })
    }

    /// The slot a new tile's slot is joined to by a path: the start slot when the game
    /// has `[movement]`, else the first slot; `None` when the board has no slots.
    pub fn anchor_slot(&self) -> Option<&Slot> {
        let slots = &self.content.board.slots;
        slots
            .get(self.content.start_slot as usize)
            .or_else(|| slots.first())
    }

    /// Whether the game has `[movement]` (pieces that move between slots).
    pub fn has_movement(&self) -> bool {
        !self.content.free_kind.is_empty()
    }

    /// Every step of the round's program, in every block.
    fn steps(&self) -> impl Iterator<Item = &dyn StepKind> {
        self.content
            .program
            .blocks
            .iter()
            .flat_map(|b| b.steps.iter().map(|s| &*s.kind))
    }

    /// Whether some block of the program has a step of kind `name` (`do = "name"`).
    pub fn has_step(&self, name: &str) -> bool {
        self.steps().any(|s| s.name() == name)
    }

    /// Whether pieces can take a tile's action: `[movement]` and an `act` step.
    pub fn acts_on_tiles(&self) -> bool {
        self.has_movement() && self.has_step("act")
    }

    /// Whether players place workers and resolve them: `[placement]`, a `place` step
    /// and a `resolve` step.
    pub fn places_workers(&self) -> bool {
        self.content.placement.is_some() && self.has_step("place") && self.has_step("resolve")
    }

    /// The zones a `[[cards]]` card may start in: the shared piles, but a deck's
    /// discard pile (a grid is filled from a pile by a refill step).
    pub fn card_zones(&self) -> Vec<&Zone> {
        self.content
            .zones
            .iter()
            .enumerate()
            .filter(|(i, z)| {
                z.owner == ZoneOwner::Shared
                    && matches!(z.kind, ZoneKind::Pile)
                    && !self.content.decks.iter().any(|d| d.discard as usize == *i)
            })
            .map(|(_, z)| z)
            .collect()
    }

    /// The piles of [`Game::card_zones`] as a list for messages: `deck, spare`.
    pub fn card_zone_list(&self) -> String {
        self.card_zones()
            .iter()
            .map(|z| z.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The tile that already has `id`, with where it is declared.
    pub fn tile(&self, id: &str) -> Option<String> {
        let t = self.content.tiles.iter().find(|t| t.id == id)?;
        Some(format!("a tile `{id}` ({})", t.script.declared_in))
    }

    /// The board slot that already has `id`, with where it is declared.
    pub fn slot(&self, id: &str) -> Option<String> {
        let s = self.content.board.slots.iter().find(|s| s.id == id)?;
        Some(format!("a board slot `{id}` ({})", s.declared_at))
    }

    /// The card template or card copy that already has `id`, with where it is
    /// declared.
    pub fn card(&self, id: &str) -> Option<String> {
        let c = &self.content;
        if let Some(k) = c.cards.iter().find(|k| k.template == id) {
            return Some(format!("a card `{id}` ({})", k.declared_in));
        }
        let k = c.cards.iter().find(|k| k.id == id)?;
        Some(format!(
            "a card `{id}`, a copy of `{}` ({})",
            k.template, k.declared_in
        ))
    }

    /// The area that already has `id`, with where it is declared.
    pub fn area(&self, id: &str) -> Option<String> {
        let a = self.content.board.areas.iter().find(|a| a.id == id)?;
        Some(format!("an area `{id}` ({})", a.declared_at))
    }

    /// Refuses an id that `used` says an item of the game already has (an item of the
    /// same id would need `replace = true`, which a scaffold never writes).
    pub fn refuse_used(&self, used: Option<String>) -> anyhow::Result<()> {
        if let Some(what) = used {
            anyhow::bail!(
                "error: {} already has {what}\n  help: pick another id; to change that item, edit it (or declare it again with replace = true in a pack that extends its pack); nothing was written",
                self.title()
            );
        }
        Ok(())
    }
}

/// `2 wool` in rules text: a count and a name in lower case.
pub fn amount(n: u32, name: &str) -> String {
    format!("{n} {}", name.to_lowercase())
}
