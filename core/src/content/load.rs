//! Turning pack files into [`Content`]: parse every file, resolve every id, and report
//! every problem at once.

use sha2::{Digest, Sha256};

use super::digest::hex;

use super::diagnostics::Loader;
use super::program::Program;
use super::raw::GameToml;
use super::resolve::{self, Scripts};
use super::*;

/// Loads a chain of packs (base first, each after the packs it extends) plus the shared
/// script library into validated [`Content`]. See `content/layers.rs` for how later packs
/// add, replace and remove items. Every problem in every file is returned together.
pub fn load_content(packs: &[PackFiles], library: &PackFiles) -> Result<Content, ContentErrors> {
    if packs.is_empty() {
        return Err(ContentErrors(vec![ContentError::new(
            "<none>",
            "no pack given",
        )]));
    }
    let mut ld = Loader::default();
    let Some(merged) = super::layers::merge(&mut ld, packs, library) else {
        return Err(ContentErrors(ld.into_errors()));
    };
    let mut content = resolve(&mut ld, merged);
    content.apply_limits(&crate::limits::ScriptLimits::default());
    if ld.errors().is_empty() {
        Ok(content)
    } else {
        Err(ContentErrors(ld.into_errors()))
    }
}

/// The merged chain as [`Content`]: each section of the pack resolved in turn (see
/// `content/resolve/`), the zones and cards, the decks and deals, then the round
/// (`[flow]`). Every problem goes to `ld`.
fn resolve(ld: &mut Loader, merged: super::layers::Merged) -> Content {
    let super::layers::Merged {
        game,
        game_label,
        board,
        board_label,
        tiles: tiles_raw,
        pack_cards,
        provenance,
        modules,
        test_modules,
        packs,
        layout_files,
    } = merged;
    let (gf, bf) = (game_label.as_str(), board_label.as_str());
    // The chain's game.toml files, base first (the library, last, has none).
    let game_labels: Vec<String> = packs[..packs.len().saturating_sub(1)]
        .iter()
        .map(|p| format!("{}/game.toml", p.name))
        .collect();
    ld.index_entries(&game_labels);
    let scripts = Scripts { modules: &modules };
    let materials = resolve::game::materials(ld, gf, &game);
    let counters = resolve::counters::resolve(ld, gf, &game, &materials);
    let dice = resolve::game::dice(ld, gf, &game, &materials);
    resolve::game::pieces(ld, gf, &game);
    let (tracks, unlocks) = resolve::tracks::resolve(ld, gf, &game, &counters, &scripts);
    let setup = resolve::setup::resolve(ld, gf, &game, &counters);
    let tiles = resolve::tiles::resolve(ld, gf, &game, tiles_raw, &scripts);
    let (board_parts, start_slot) =
        resolve::board::resolve(ld, (gf, bf), &game, &board, &tiles, &scripts, &counters);
    let mut dice_play =
        resolve::dice::resolve(ld, gf, &game, &board.dice_spaces, bf, &counters, &scripts);
    let substitutes = resolve::payment::resolve(ld, gf, &game, &counters);
    let markers = resolve::markers::resolve(ld, gf, &game);
    let placement = game
        .placement
        .as_ref()
        .map(|p| resolve::board::placement(ld, p, gf));
    resolve::bots::check(ld, gf, &game, &BOTS);
    let ids = materials
        .iter()
        .map(|m| (gf, "material", m.id.as_str()))
        .chain(dice.iter().map(|d| (gf, "die", d.id.as_str())))
        .chain(
            board_parts
                .slots
                .iter()
                .map(|s| (bf, "slot", s.id.as_str())),
        )
        .chain(
            tiles
                .iter()
                .map(|t| (t.script.declared_in.as_str(), "tile", t.id.as_str())),
        );
    resolve::game::check_ids(ld, ids);
    let player_counts: Vec<u8> = setup.keys().copied().collect();
    let zones = super::zones::resolve_zones(ld, gf, &game.zones, &player_counts);
    resolve::dice::link(
        ld,
        (gf, bf),
        (&game, &board.dice_spaces),
        (&markers, &zones, &board_parts.slots),
        &mut dice_play,
    );
    let module_of = |b: &str| {
        resolve::module_name(b)
            .ok()
            .filter(|m| modules.contains_key(m))
    };
    let mut cards = super::zones::resolve_cards(
        ld,
        pack_cards,
        &zones,
        &counters,
        &game.abilities,
        &module_of,
    );
    if cards.len() > CardIx::MAX as usize {
        ld.fail(
            gf,
            "",
            format!("{} cards: more than {} in all", cards.len(), CardIx::MAX),
            "split the game into smaller packs",
        );
    }
    super::zones::check_starting_caps(ld, gf, &zones, &cards, &player_counts);
    let decks = resolve::decks::resolve(ld, gf, &game, &zones, &counters, &mut cards);
    let deals = resolve::deals::resolve(ld, gf, &game, &zones, &decks, &player_counts);
    let program = round(
        ld,
        &game,
        &game_labels,
        gf,
        &board_parts,
        (&counters, &zones),
    );
    let card_value = CardValue {
        cost: game.report.card_cost.clone(),
        points: game.report.card_points.clone(),
        completed_zone: game.report.completed_zone.clone(),
    };
    if let Some(z) = &card_value.completed_zone {
        let player_zone = zones
            .iter()
            .any(|x| &x.id == z && x.owner == crate::content::ZoneOwner::Player);
        if !player_zone {
            ld.fail(
                gf,
                "completed_zone",
                format!("[report] completed_zone = \"{z}\" is not a player zone of [[zones]]"),
                "name the player zone a card ends in when its player finished it, e.g. completed_zone = \"completed\"",
            );
        }
    }
    resolve::cards::check_card_value(ld, &card_value, &cards, &counters);
    let mut h = Sha256::new();
    for p in &packs {
        h.update(p.digest.as_bytes());
    }
    let digest = hex(&h.finalize()[..16]);
    let score = resolve::score::resolve(
        ld,
        gf,
        game.score.as_ref(),
        (&counters, &game.abilities),
        &tracks,
        materials.len(),
    );
    let end = resolve::end::resolve(ld, gf, &game.end, &counters);
    let layout = resolve::layout::resolve(ld, gf, &game.layout, &layout_files, &counters);
    let counter_ids = counters[materials.len()..]
        .iter()
        .map(|k| k.id.clone())
        .collect();
    let cards_have_powers = cards.iter().any(|c| c.has_powers());
    Content {
        counters,
        counter_ids,
        score,
        packs,
        digest,
        title: game.title,
        pieces: game.pieces,
        random_first_player: game.first_player != "seat1",
        instruction_budget: 0,
        memory_limit: 0,
        hook_seconds: 0.0,
        requested_budget: game.instruction_budget,
        requested_memory_mb: game.memory_limit_mb,
        materials,
        dice,
        decks,
        free_kind: game
            .movement
            .as_ref()
            .map(|m| m.free_kind.clone())
            .unwrap_or_default(),
        start_slot,
        abilities: game.abilities,
        cards_have_powers,
        tracks,
        unlocks,
        end,
        setup,
        bot_params: game.bots.clone(),
        deals,
        board: board_parts,
        tiles,
        modules,
        program,
        placement,
        zones,
        cards,
        provenance,
        card_value,
        test_modules,
        layout,
        dice_play,
        substitutes,
        markers,
    }
}

/// What the bots take, for [`resolve::bots::check`].
const BOTS: resolve::bots::Catalog = resolve::bots::Catalog {
    names: crate::agent::BOT_NAMES,
    params: crate::agent::bot_param_names,
    greedy_weights: &crate::agent::GreedyWeights::NAMES,
    greedy_accepts: crate::agent::GreedyWeights::accepts,
};

/// `[flow]` compiled into the round's program, and a `move` step asked of a game with
/// no `[movement]` refused.
fn round(
    ld: &mut Loader,
    game: &GameToml,
    game_labels: &[String],
    gf: &str,
    board: &Board,
    (counters, zones): (&[Counter], &[Zone]),
) -> Program {
    let errors_before_flow = ld.errors().len();
    let program = super::flow_toml::compile(
        ld,
        game,
        game_labels,
        gf,
        !board.areas.is_empty(),
        (counters, zones),
    );

    // A `[flow]` that failed to compile comes back empty: its errors are the cause, and
    // no movement is asked for.
    let flow_failed = ld.errors().len() > errors_before_flow;
    let mover = program.blocks.iter().find_map(|b| {
        let k = b.steps.iter().position(|s| s.kind.traits().moves_piece)?;
        Some((b.id.as_str(), k))
    });
    if let Some((block, k)) = mover.filter(|_| game.movement.is_none() && !flow_failed) {
        // At the step itself, by the parser's positions.
        let at = super::diagnostics::flow_text::Texts::new(ld, game_labels).step(block, k, None);
        let message = "the round moves pieces (a `move` step) but the game has no [movement]";
        let help = "add [movement] with free_kind and start, or take the `move` step out of [flow]";
        match at {
            Some(pos) => ld.push(
                super::ContentError::new(pos.file, message)
                    .at(pos.line, pos.column)
                    .help(help),
            ),
            None => ld.fail(gf, "\"move\"", message, help),
        }
    }
    program
}
