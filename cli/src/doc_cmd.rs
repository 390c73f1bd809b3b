//! `weft doc content` (the readable reference of a pack's tiles and cards) and `weft doc
//! lua-api` (the Lua API reference, from the table of `ctx` functions the host registers).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use weft_core::doc::{content_doc, to_markdown};
use weft_core::lua::LuaHost;

use crate::packs::PackArgs;

/// Flags of `weft doc`.
#[derive(Args, Debug)]
pub struct DocArgs {
    #[command(subcommand)]
    what: DocWhat,
}

#[derive(Subcommand, Debug)]
enum DocWhat {
    /// Every tile and card: costs, rewards, and rules text generated from the data.
    ///
    /// Example: weft doc content --out docs/content.md
    Content {
        #[command(flatten)]
        packs: PackArgs,
        /// Print one JSON object: `tiles`, `played` (cards a `play` step plays, with
        /// cost and reward), `cards` (templates, in a game that plays none), `unlocks`,
        /// `round` and `invented`.
        #[arg(long)]
        json: bool,
        /// Write the Markdown to FILE instead of printing it.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// The Lua API: every hook and every ctx function, what it returns and which hooks
    /// may call it, generated from the host's registration code.
    ///
    /// Example: weft doc lua-api --out docs/lua-api.md
    LuaApi {
        /// Write the Markdown to FILE instead of printing it.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
}

fn emit(md: &str, out: Option<PathBuf>) -> anyhow::Result<()> {
    match out {
        Some(path) => {
            std::fs::write(&path, md)?;
            if !crate::output::quiet() {
                eprintln!("wrote {}", path.display());
            }
        }
        None => print!("{md}"),
    }
    Ok(())
}

pub fn run(a: DocArgs) -> anyhow::Result<ExitCode> {
    match a.what {
        DocWhat::Content { packs, json, out } => {
            let content = packs.load()?;
            let host = LuaHost::new(content.clone()).map_err(|e| anyhow::anyhow!("{e}"))?;
            let doc = content_doc(&content, &host);
            if json {
                println!("{}", serde_json::to_string_pretty(&doc)?);
            } else {
                emit(&to_markdown(&doc, &content), out)?;
            }
            Ok(ExitCode::SUCCESS)
        }
        DocWhat::LuaApi { out } => {
            let md =
                weft_core::lua::api_doc::markdown().map_err(|e| anyhow::anyhow!("error: {e}"))?;
            emit(&md, out)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
