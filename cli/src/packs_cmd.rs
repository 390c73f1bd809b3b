//! `weft packs`: the packs weft can run by name (`--pack NAME`), from the pack path and
//! built into the binary, with what each says of itself.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use weft_core::content::{pack_header, packs_on_path, PackHeader};

/// Flags of `weft packs`.
#[derive(Args, Debug)]
pub struct PacksArgs {
    /// A folder of packs (or a pack folder) to list too (repeatable; also WEFT_PACK_PATH,
    /// colon separated; then ./content).
    #[arg(long = "pack-path", value_name = "DIR")]
    pack_path: Vec<PathBuf>,
    /// Print the list as JSON.
    #[arg(long)]
    json: bool,
}

/// One pack name and where it is found, first match first.
#[derive(serde::Serialize)]
struct Listed {
    #[serde(flatten)]
    header: PackHeader,
    /// Where `--pack NAME` finds it: a folder, or `built in`.
    from: String,
    /// Whether the binary carries a pack of this name too.
    built_in: bool,
}

/// Runs `weft packs`.
pub fn run(a: PacksArgs) -> anyhow::Result<ExitCode> {
    let (on_path, _) = packs_on_path(&crate::packs::search_path(&a.pack_path));
    let built_in = weft_core::embedded::packs();
    let mut listed: Vec<Listed> = Vec::new();
    let found = on_path
        .iter()
        .map(|p| (p.origin.clone(), p))
        .chain(built_in.iter().map(|(_, p)| ("built in".to_string(), p)));
    for (from, pack) in found {
        let Some(header) = pack_header(pack) else {
            continue;
        };
        if listed.iter().any(|l| l.header.name == header.name) {
            continue;
        }
        let built = built_in
            .iter()
            .any(|(_, p)| pack_header(p).is_some_and(|h| h.name == header.name));
        listed.push(Listed {
            header,
            from,
            built_in: built,
        });
    }
    if a.json {
        println!("{}", serde_json::to_string_pretty(&listed)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!("packs weft runs by name (--pack NAME), the first found of each name:");
    let width = listed
        .iter()
        .map(|l| l.header.name.len())
        .max()
        .unwrap_or(0);
    for l in &listed {
        let from = if l.from == "built in" || !l.built_in {
            l.from.clone()
        } else {
            format!("{} (also built in)", l.from)
        };
        let extends = if l.header.extends.is_empty() {
            String::new()
        } else {
            format!(", extends {}", l.header.extends.join(", "))
        };
        println!(
            "  {:<width$}  {}  {from}{extends}",
            l.header.name, l.header.version
        );
        if !l.header.description.is_empty() {
            println!("  {:<width$}  {}", "", l.header.description);
        }
    }
    Ok(ExitCode::SUCCESS)
}
