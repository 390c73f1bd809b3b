//! Every pack in the repository, each as the chain it loads in (its base first), for the
//! tests that run on all of them (`basic`, `speed_layer`).

use std::sync::Arc;

use weft_core::content::{load_content, Content, PackFiles};

use crate::{
    cabriole_files, cards_files, dice_files, fixture_files, library, marco_polo_files,
    queues_files, repo, tabriz_files,
};

/// A pack of the repository and the chain it loads in.
pub struct RepoPack {
    /// Its name in test messages.
    pub name: &'static str,
    /// The packs it loads with, its base first and itself last.
    pub chain: Vec<PackFiles>,
}

impl RepoPack {
    /// The chain, loaded.
    pub fn content(&self) -> Arc<Content> {
        load_chain(&self.chain)
    }
}

/// `chain` (base first) loaded with the shared library; panics with the load errors.
pub fn load_chain(chain: &[PackFiles]) -> Arc<Content> {
    Arc::new(load_content(chain, &library()).unwrap_or_else(|e| panic!("{e}")))
}

/// The files of the pack at `path` (from the repository root).
pub fn pack_at(path: &str) -> PackFiles {
    PackFiles::from_dir(&repo().join(path)).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

/// Every pack in the repository: the three games, the Caravan expansion of Marco Polo II,
/// the example expansion and the three variants (each on Tabriz), and the test fixtures
/// (the delayed-payoff ones on Tabriz).
pub fn repo_packs() -> Vec<RepoPack> {
    let on_tabriz = |path: &str| vec![tabriz_files(), pack_at(path)];
    vec![
        RepoPack {
            name: "tabriz",
            chain: vec![tabriz_files()],
        },
        RepoPack {
            name: "cabriole",
            chain: vec![cabriole_files()],
        },
        RepoPack {
            name: "silk-road",
            chain: on_tabriz("content/examples/silk-road"),
        },
        RepoPack {
            name: "short-game",
            chain: on_tabriz("content/variants/short-game"),
        },
        RepoPack {
            name: "long-legs",
            chain: on_tabriz("content/variants/long-legs"),
        },
        RepoPack {
            name: "steady-potters",
            chain: on_tabriz("content/variants/steady-potters"),
        },
        RepoPack {
            name: "rules-fixture",
            chain: vec![fixture_files()],
        },
        RepoPack {
            name: "queues-fixture",
            chain: vec![queues_files()],
        },
        RepoPack {
            name: "cards-fixture",
            chain: vec![cards_files()],
        },
        RepoPack {
            name: "dice-fixture",
            chain: vec![dice_files()],
        },
        RepoPack {
            name: "delayed-fixture",
            chain: on_tabriz("tests/fixtures/delayed"),
        },
        RepoPack {
            name: "delayed-unprofitable-fixture",
            chain: vec![
                tabriz_files(),
                pack_at("tests/fixtures/delayed"),
                pack_at("tests/fixtures/delayed-unprofitable"),
            ],
        },
        RepoPack {
            name: "marco-polo-2",
            chain: vec![marco_polo_files()],
        },
        RepoPack {
            name: "marco-polo-2-caravan",
            chain: vec![marco_polo_files(), pack_at("content/marco-polo-2-caravan")],
        },
    ]
}

/// The pack named `name` among [`repo_packs`].
pub fn repo_pack(name: &str) -> RepoPack {
    repo_packs()
        .into_iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no pack {name} in the repository list"))
}

/// Whether the repository holds a pack folder (a `pack.toml`) that [`repo_packs`] does
/// not list, under `content/` or `tests/fixtures/`: the list must grow with the packs.
pub fn unlisted_pack_folders() -> Vec<String> {
    let listed: Vec<String> = repo_packs()
        .iter()
        .filter_map(|p| p.chain.last().map(|f| f.origin.clone()))
        .collect();
    let mut found = Vec::new();
    for root in ["content", "tests/fixtures"] {
        collect_pack_folders(&repo().join(root), &mut found);
    }
    found
        .into_iter()
        .filter(|dir| !listed.iter().any(|l| same_folder(l, dir)))
        .collect()
}

/// Every folder under `dir` (itself included) that holds a `pack.toml`.
fn collect_pack_folders(dir: &std::path::Path, out: &mut Vec<String>) {
    if dir.join("pack.toml").is_file() {
        out.push(dir.display().to_string());
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut subdirs: Vec<_> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    subdirs.sort();
    for sub in subdirs {
        collect_pack_folders(&sub, out);
    }
}

/// Whether two paths name the same folder.
fn same_folder(a: &str, b: &str) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// The courtyard action of [`failing_pack`]: it asks how, then gains; or has a verb
/// refused under `pcall` and goes on; or fails in one of the ways scripts fail (the
/// `ctx` functions misused under `pcall`, reported in one error; a wrong amount; a name
/// that is no counter; a player that does not exist; an error of its own after a
/// second question, which a held call continues to).
pub const FAILING_COURTYARD: &str = r#"
local function misuse(ctx, p)
  local out = {}
  for _, try in {
    function() return ctx.materials(nil) end,
    function() return ctx.count(nil, p, "coins") end,
    function() return ctx:count(p) end,
    function() return ctx:cards("hand", p + 10) end,
    function() return ctx:gain(p, "coins", -1) end,
    function() return ctx:pay(p, "prestige", 1) end,
    function() return ctx:take_slot(99) end,
  } do
    local ok, v = pcall(try)
    table.insert(out, tostring(ok) .. " " .. (if type(v) == "string" then v else type(v)))
  end
  return table.concat(out, "; ")
end

return { action = function(ctx)
  local p = ctx:player()
  local how = ctx:choose({ prompt = "How?", options = {
    "gain", "refused", "misuse", "wrong-amount", "no-counter", "no-player", "raise" } })
  if how == "gain" then
    ctx:gain(p, "coins", 1)
  elseif how == "refused" then
    local paid, why = pcall(ctx.pay, ctx, p, "coins", 1000)
    ctx:log("paid " .. tostring(paid) .. ": " .. tostring(why))
    ctx:gain(p, "wool", 1)
  elseif how == "misuse" then
    error(misuse(ctx, p), 0)
  elseif how == "wrong-amount" then
    ctx:gain(p, "wool", 1.5)
  elseif how == "no-counter" then
    ctx:gain(p, "woool", 1)
  elseif how == "no-player" then
    return ctx:count(p + 10, "coins") > 0
  else
    local when = ctx:choose({ prompt = "When?", options = { "now", "later" } })
    if when == "now" then
      error("the courtyard gives way")
    end
    ctx:gain(p, "coins", 2)
  end
end }
"#;

/// The rules fixture with [`FAILING_COURTYARD`] as its courtyard's action: a pack whose
/// script fails, for comparing the error path.
pub fn failing_pack() -> RepoPack {
    let mut files = fixture_files();
    crate::with_courtyard_script(&mut files, FAILING_COURTYARD);
    RepoPack {
        name: "failing-courtyard",
        chain: vec![files],
    }
}
