//! Which packs a command loads: `--pack DIR` (repeatable), else `./content/tabriz` when
//! it exists, else the base pack embedded in the binary. Packs that a loaded pack
//! `extends` are found by name on the pack path (`--pack-path DIR`, then the folders in
//! `WEFT_PACK_PATH`, then `./content`), else the built-in base pack. The shared script
//! library comes from `--scripts DIR`, else `./scripts` when running in a checkout, else
//! the binary.

use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use weft_core::content::PackFiles;
use weft_core::limits::ScriptLimits;
use weft_core::Content;

/// Pack selection flags shared by every command.
#[derive(Args, Debug, Clone)]
pub struct PackArgs {
    /// A pack folder (holding pack.toml). Default: ./content/tabriz, else the built-in pack.
    #[arg(long = "pack", value_name = "DIR")]
    pub packs: Vec<PathBuf>,
    /// A folder of packs (or a pack folder) where packs named by `extends` are looked
    /// up (repeatable; also WEFT_PACK_PATH, colon separated; then ./content).
    #[arg(long = "pack-path", value_name = "DIR")]
    pub pack_path: Vec<PathBuf>,
    /// The shared Lua library folder. Default: ./scripts in a checkout, else built in.
    #[arg(long, value_name = "DIR")]
    pub scripts: Option<PathBuf>,
    /// Interrupt checks one hook call may use (default 200000). A pack's game.toml may
    /// ask for less, never more.
    #[arg(long, value_name = "N")]
    pub budget: Option<u64>,
    /// Memory cap of each Lua VM in MiB (default 64). A pack's game.toml may ask for less,
    /// never more.
    #[arg(long = "memory-mb", value_name = "MIB")]
    pub memory_mb: Option<u32>,
    /// Wall-clock seconds one hook call may run before the watchdog stops it (default 10).
    #[arg(long = "hook-seconds", value_name = "S", value_parser = positive_seconds)]
    pub hook_seconds: Option<f64>,
}

/// A duration flag that must be above 0: up to a year.
pub fn positive_seconds(text: &str) -> Result<f64, String> {
    weft_core::limits::parse_seconds(text, None)
}

impl PackArgs {
    /// The pack folders and library folder to read, defaults applied.
    fn resolved(&self) -> (Vec<PathBuf>, Option<PathBuf>) {
        let mut packs = self.packs.clone();
        if packs.is_empty() && PathBuf::from("content/tabriz/pack.toml").is_file() {
            packs.push(PathBuf::from("content/tabriz"));
        }
        let scripts = self.scripts.clone().or_else(|| {
            (!packs.is_empty() && PathBuf::from("scripts/weft").is_dir())
                .then(|| PathBuf::from("scripts"))
        });
        (packs, scripts)
    }

    /// Where packs named by `extends` or by `--pack NAME` are looked up.
    fn pack_path(&self) -> Vec<PathBuf> {
        search_path(&self.pack_path)
    }

    /// Reads the packs' and library's files without interpreting them; the chain comes
    /// base first.
    pub fn read(&self) -> anyhow::Result<(Vec<PackFiles>, PackFiles)> {
        let (packs, scripts) = self.resolved();
        let refs: Vec<&std::path::Path> = packs.iter().map(|p| p.as_path()).collect();
        weft_core::read_packs(&refs, &self.pack_path(), scripts.as_deref())
            .map_err(|e| anyhow::anyhow!("{e}"))
    }

    /// Loads the content, or explains every problem.
    pub fn load(&self) -> anyhow::Result<Arc<Content>> {
        let (files, library) = self.read()?;
        self.load_files(&files, &library)
            .map_err(|e| anyhow::anyhow!("{e}"))
    }

    /// Loads already-read files under the user's limits; the error is the loader's list
    /// of problems.
    pub fn load_files(
        &self,
        files: &[PackFiles],
        library: &PackFiles,
    ) -> anyhow::Result<Arc<Content>> {
        let limits = self.limits()?;
        let content = weft_core::load_files(files, library).map_err(|e| anyhow::anyhow!("{e}"))?;
        if limits == ScriptLimits::default() {
            return Ok(content);
        }
        let mut c = (*content).clone();
        c.apply_limits(&limits);
        Ok(Arc::new(c))
    }

    /// The script limits the user asked for, defaults filled in.
    pub fn limits(&self) -> anyhow::Result<ScriptLimits> {
        let d = ScriptLimits::default();
        let limits = ScriptLimits {
            instruction_budget: self.budget.unwrap_or(d.instruction_budget),
            memory_mb: self.memory_mb.unwrap_or(d.memory_mb),
            hook_seconds: self.hook_seconds.unwrap_or(d.hook_seconds),
        };
        limits.validate().map_err(|e| anyhow::anyhow!(e))?;
        Ok(limits)
    }

    /// The same selection as command-line arguments, for a child process.
    pub fn to_args(&self) -> Vec<String> {
        let mut out = Vec::new();
        for p in &self.packs {
            out.push("--pack".into());
            out.push(p.display().to_string());
        }
        for p in &self.pack_path {
            out.push("--pack-path".into());
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
        if let Some(m) = self.memory_mb {
            out.push("--memory-mb".into());
            out.push(m.to_string());
        }
        if let Some(s) = self.hook_seconds {
            out.push("--hook-seconds".into());
            out.push(s.to_string());
        }
        out
    }
}

/// The folders packs are looked up in by name: `given` (`--pack-path`), then the folders
/// of `WEFT_PACK_PATH`, then `./content` when it exists; the built-in packs come after.
pub fn search_path(given: &[PathBuf]) -> Vec<PathBuf> {
    let mut dirs = given.to_vec();
    if let Some(env) = std::env::var_os("WEFT_PACK_PATH") {
        dirs.extend(std::env::split_paths(&env));
    }
    if PathBuf::from("content").is_dir() {
        dirs.push(PathBuf::from("content"));
    }
    dirs
}
