//! `weft doc content`: the readable reference of a pack's tiles and cards.

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
        /// Print one JSON object with `tiles` and `commissions`.
        #[arg(long)]
        json: bool,
        /// Write the Markdown to FILE instead of printing it.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
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
                let md = to_markdown(&doc, &content);
                match out {
                    Some(path) => {
                        std::fs::write(&path, md)?;
                        eprintln!("wrote {}", path.display());
                    }
                    None => print!("{md}"),
                }
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}
