//! Which packs a command loads: `--pack DIR` (repeatable), else `./content/tabriz` when
//! it exists, else the base pack embedded in the binary. The shared script library comes
//! from `--scripts DIR`, else `./scripts` when running in a checkout, else the binary.

use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use weft_core::content::PackFiles;
use weft_core::Content;

/// Pack selection flags shared by every command.
#[derive(Args, Debug, Clone)]
pub struct PackArgs {
    /// A pack folder (holding pack.toml). Default: ./content/tabriz, else the built-in pack.
    #[arg(long = "pack", value_name = "DIR")]
    pub packs: Vec<PathBuf>,
    /// The shared Lua library folder. Default: ./scripts beside ./content, else built in.
    #[arg(long, value_name = "DIR")]
    pub scripts: Option<PathBuf>,
    /// Interrupt checks one hook call may use (overrides game.toml's instruction_budget).
    #[arg(long, value_name = "N")]
    pub budget: Option<u64>,
}

impl PackArgs {
    /// The pack folders and library folder to read, defaults applied.
    fn resolved(&self) -> (Vec<PathBuf>, Option<PathBuf>) {
        let mut packs = self.packs.clone();
        let mut scripts = self.scripts.clone();
        if packs.is_empty() && PathBuf::from("content/tabriz/pack.toml").is_file() {
            packs.push(PathBuf::from("content/tabriz"));
            if scripts.is_none() && PathBuf::from("scripts/weft").is_dir() {
                scripts = Some(PathBuf::from("scripts"));
            }
        }
        (packs, scripts)
    }

    /// Reads the packs' and library's files without interpreting them.
    pub fn read(&self) -> anyhow::Result<(Vec<PackFiles>, PackFiles)> {
        let (packs, scripts) = self.resolved();
        let refs: Vec<&std::path::Path> = packs.iter().map(|p| p.as_path()).collect();
        weft_core::read_packs(&refs, scripts.as_deref()).map_err(|e| anyhow::anyhow!("{e}"))
    }

    /// Loads the content, or explains every problem.
    pub fn load(&self) -> anyhow::Result<Arc<Content>> {
        let (packs, scripts) = self.resolved();
        let refs: Vec<&std::path::Path> = packs.iter().map(|p| p.as_path()).collect();
        let content =
            weft_core::load(&refs, scripts.as_deref()).map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(match self.budget {
            Some(b) => {
                let mut c = (*content).clone();
                c.instruction_budget = b;
                Arc::new(c)
            }
            None => content,
        })
    }

    /// The same selection as command-line arguments, for a child process.
    pub fn to_args(&self) -> Vec<String> {
        let mut out = Vec::new();
        for p in &self.packs {
            out.push("--pack".into());
            out.push(p.display().to_string());
        }
        if let Some(s) = &self.scripts {
            out.push("--scripts".into());
            out.push(s.display().to_string());
        }
        if let Some(b) = self.budget {
            out.push("--budget".into());
            out.push(b.to_string());
        }
        out
    }
}
