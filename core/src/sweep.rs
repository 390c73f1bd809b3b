//! `weft sweep`: one number of a pack's data played at several values on the same seeds,
//! so a designer sees where a card becomes fair.
//!
//! A setting is written `FILE:PATH=VALUES`:
//! - `FILE` is a file of the pack, as in the pack folder (`cards/common.toml`);
//! - `PATH` is dotted keys from the top of that file (`end.commissions`), or starts with
//!   the `id` of an element of an array of tables (`c22.reward.prestige`: the
//!   `[[cards]]` entry whose `id` is `c22`, then its `reward`, then `prestige`);
//! - `VALUES` is an inclusive integer range `0..3` or a comma list `1,2,4` or `0.5,1.5`.
//!
//! Each value is a variant of the pack with that one number changed (in the last pack
//! of the chain that has the file); every variant plays the same game seeds, so the
//! differences between values are paired, as in `weft compare`.

use std::sync::Arc;

use serde::Serialize;

use crate::compare::Metric;
use crate::content::{Content, PackFiles, PackInfo};
use crate::report::ended;
use crate::report::stats::{estimate, mean, Estimate};
use crate::sim::{run, GameRecord, SimConfig};

/// Most values one sweep may play.
pub const MAX_VALUES: usize = 50;

/// One value a setting takes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Value {
    /// A whole number.
    Int(i64),
    /// A number with a fraction.
    Float(f64),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            // `{:?}` keeps the point of `1.0`, so the text parses back to a fraction.
            Value::Float(x) => write!(f, "{x:?}"),
        }
    }
}

impl Value {
    /// As a number, for charts.
    pub fn as_f64(self) -> f64 {
        match self {
            Value::Int(n) => n as f64,
            Value::Float(x) => x,
        }
    }
}

/// A parsed `--set FILE:PATH=VALUES`.
#[derive(Debug, Clone, PartialEq)]
pub struct Setting {
    /// The pack file.
    pub file: String,
    /// The dotted path in it.
    pub path: Vec<String>,
    /// The values to play, in order.
    pub values: Vec<Value>,
}

const SYNTAX: &str = "write it as FILE:PATH=VALUES, e.g. cards/common.toml:c22.reward.prestige=0..3 or game.toml:end.commissions=7,9,11";

fn number(text: &str) -> Result<Value, String> {
    let t = text.trim();
    if let Ok(n) = t.parse::<i64>() {
        return Ok(Value::Int(n));
    }
    match t.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(Value::Float(x)),
        _ => Err(format!("`{t}` is not a number; {SYNTAX}")),
    }
}

impl std::str::FromStr for Setting {
    type Err = String;

    fn from_str(text: &str) -> Result<Setting, String> {
        let (target, values) = text
            .split_once('=')
            .ok_or_else(|| format!("`{text}` has no `=VALUES`; {SYNTAX}"))?;
        let (file, path) = target
            .rsplit_once(':')
            .ok_or_else(|| format!("`{target}` has no `FILE:`; {SYNTAX}"))?;
        let path: Vec<String> = path.split('.').map(|s| s.trim().to_string()).collect();
        if file.trim().is_empty() || path.iter().any(String::is_empty) {
            return Err(format!("`{target}` has an empty file or key; {SYNTAX}"));
        }
        let values = match values.split_once("..") {
            Some((lo, hi)) => {
                let (Value::Int(lo), Value::Int(hi)) = (number(lo)?, number(hi)?) else {
                    return Err(format!(
                        "a range `{values}` takes whole numbers; list fractions with commas"
                    ));
                };
                if hi < lo || i128::from(hi) - i128::from(lo) >= MAX_VALUES as i128 {
                    return Err(format!(
                        "the range `{values}` must go up and hold at most {MAX_VALUES} values"
                    ));
                }
                (lo..=hi).map(Value::Int).collect()
            }
            None => values
                .split(',')
                .map(number)
                .collect::<Result<Vec<_>, _>>()?,
        };
        if values.is_empty() || values.len() > MAX_VALUES {
            return Err(format!("give 1 to {MAX_VALUES} values; {SYNTAX}"));
        }
        // By number: `1` and `1.0` are one value, and a value played twice would be one
        // value's games twice over.
        for (i, v) in values.iter().enumerate() {
            if values[..i].iter().any(|w| w.as_f64() == v.as_f64()) {
                return Err(format!(
                    "the value {v} is listed twice; list each value once"
                ));
            }
        }
        Ok(Setting {
            file: file.trim().to_string(),
            path,
            values,
        })
    }
}

impl std::fmt::Display for Setting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file, self.path.join("."))
    }
}

/// The table `path[..k]` leads to in `table`, where the first key may be an element id.
fn walk<'t>(table: &'t mut toml::Table, path: &[String]) -> Result<&'t mut toml::Table, String> {
    let mut here = table;
    for (i, key) in path.iter().enumerate() {
        let next = if here.contains_key(key) {
            here.get_mut(key)
        } else if i == 0 {
            // An element id: the element of any array of tables with `id = key`.
            here.iter_mut()
                .filter_map(|(_, v)| v.as_array_mut())
                .flat_map(|a| a.iter_mut())
                .find(|e| e.get("id").and_then(toml::Value::as_str) == Some(key))
        } else {
            None
        };
        here = match next {
            Some(toml::Value::Table(t)) => t,
            Some(_) => return Err(format!("`{}` is not a table", path[..=i].join("."))),
            None => {
                return Err(format!(
                    "there is no `{}` (a key, or the id of an element of an array of tables)",
                    path[..=i].join(".")
                ))
            }
        };
    }
    Ok(here)
}

impl Setting {
    /// The current value in `packs` (the last pack with the file), if it is a number.
    pub fn current(&self, packs: &[PackFiles]) -> Result<Option<Value>, String> {
        let (_, table) = self.find(packs)?;
        let mut table = table;
        let (last, parents) = self.path.split_last().expect("parsed: not empty");
        let here = walk(&mut table, parents)?;
        Ok(match here.get(last) {
            Some(toml::Value::Integer(n)) => Some(Value::Int(*n)),
            Some(toml::Value::Float(x)) => Some(Value::Float(*x)),
            _ => None,
        })
    }

    fn find(&self, packs: &[PackFiles]) -> Result<(usize, toml::Table), String> {
        let (i, pack) = packs
            .iter()
            .enumerate()
            .rev()
            .find(|(_, p)| p.files.contains_key(&self.file))
            .ok_or_else(|| format!("no pack of the chain has the file `{}`", self.file))?;
        let table = pack.files[&self.file]
            .parse::<toml::Table>()
            .map_err(|e| format!("{}/{}: {e}", pack.origin, self.file))?;
        Ok((i, table))
    }

    /// The packs with the setting at `value`. The key must hold a number; a key the
    /// file lacks (a default the loader fills in) is added only inside an inline table.
    pub fn apply(&self, packs: &[PackFiles], value: Value) -> Result<Vec<PackFiles>, String> {
        let (i, mut table) = self.find(packs)?;
        let (last, parents) = self.path.split_last().expect("parsed: not empty");
        let here = walk(&mut table, parents)?;
        match here.get(last) {
            Some(toml::Value::Integer(_) | toml::Value::Float(_)) => {}
            Some(other) => {
                return Err(format!(
                    "`{self}` is {other}, not a number; a sweep changes one number"
                ))
            }
            // A missing key may be a default the loader fills in: set below.
            None => {}
        }
        // Edited where it stands, not re-serialised: an error the loader finds at this
        // value then names the line of the user's file.
        let edited = set_in_place(&packs[i].files[&self.file], &self.path, value)
            .map_err(|e| format!("{}: {e}", self))?;
        let mut out = packs.to_vec();
        out[i].files.insert(self.file.clone(), edited);
        Ok(out)
    }
}

/// A spanned TOML table, as parsed with positions.
type SpannedTable<'i> = toml::de::DeTable<'i>;

/// The entry `key` of `table`.
fn entry<'t, 'i>(
    table: &'t SpannedTable<'i>,
    key: &str,
) -> Option<&'t toml::Spanned<toml::de::DeValue<'i>>> {
    table
        .iter()
        .find(|(k, _)| k.get_ref().as_ref() == key)
        .map(|(_, v)| v)
}

/// The element of any array of tables in `table` whose `id` is `id`.
fn element<'t, 'i>(
    table: &'t SpannedTable<'i>,
    id: &str,
) -> Option<&'t toml::Spanned<toml::de::DeValue<'i>>> {
    use toml::de::DeValue;
    table
        .values()
        .filter_map(|v| match v.get_ref() {
            DeValue::Array(items) => Some(items),
            _ => None,
        })
        .flat_map(|items| items.iter())
        .find(|item| match item.get_ref() {
            DeValue::Table(t) => {
                matches!(entry(t, "id").map(|v| v.get_ref()), Some(DeValue::String(s)) if s.as_ref() == id)
            }
            _ => false,
        })
}

/// `key` as TOML writes it: bare when it may be, else quoted.
fn toml_key(key: &str) -> String {
    if !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        key.to_string()
    } else {
        toml::Value::String(key.to_string()).to_string()
    }
}

/// `text` (a TOML file) with the number at `path` (as [`walk`] reads it) set to
/// `value`, every other byte as it was: the number's text is replaced where it stands,
/// and a key its table lacks is added inside the table's braces when the table is
/// inline. A key missing from a table with a `[header]` is refused, since adding it
/// would move the lines after it.
fn set_in_place(text: &str, path: &[String], value: Value) -> Result<String, String> {
    use toml::de::DeValue;
    let root = toml::de::DeTable::parse(text).map_err(|e| e.to_string())?;
    let (last, parents) = path.split_last().expect("a setting has a path");
    let mut here = root.get_ref();
    let mut span = None;
    for (i, key) in parents.iter().enumerate() {
        let next = entry(here, key).or_else(|| if i == 0 { element(here, key) } else { None });
        match next.map(|v| (v.get_ref(), v.span())) {
            Some((DeValue::Table(t), s)) => {
                here = t;
                span = Some(s);
            }
            _ => return Err(format!("there is no table `{}`", path[..=i].join("."))),
        }
    }
    let literal = value.to_string();
    if let Some(v) = entry(here, last) {
        let at = v.span();
        return Ok(format!("{}{literal}{}", &text[..at.start], &text[at.end..]));
    }
    let inline = span
        .clone()
        .filter(|s| text[s.clone()].starts_with('{') && text[s.clone()].ends_with('}'));
    let Some(s) = inline else {
        return Err(format!(
            "the file has no `{}`; weft sets a number where it stands, so that errors keep naming your file's lines: add `{} = …` to the file, then sweep it",
            path.join("."),
            toml_key(last)
        ));
    };
    let close = s.end - 1;
    let inside = text[s.start + 1..close].trim_end();
    let sep = if inside.trim().is_empty() || inside.ends_with(',') {
        " "
    } else {
        ", "
    };
    let kept = s.start + 1 + inside.len();
    Ok(format!(
        "{}{sep}{} = {literal} {}",
        &text[..kept],
        toml_key(last),
        &text[close..]
    ))
}

/// One value's games.
#[derive(Debug, Clone, Serialize)]
pub struct Point {
    /// The value played.
    pub value: Value,
    /// Games that ended by the rules.
    pub finished: u64,
    /// Games that errored.
    pub errored: u64,
    /// Script errors the bots met while looking ahead at this value, by place.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lookahead_errors: Vec<crate::report::lookahead::LookaheadSummary>,
    /// Games at this value in which the bots met any of them.
    #[serde(skip_serializing_if = "is_zero")]
    pub lookahead_error_games: u64,
    /// The metric over the games that say something about it.
    pub metric: Estimate,
    /// The metric minus its value at the pack's current value, paired by seed, with a
    /// 95% interval (`None` when the current value is not among the values).
    pub versus_current: Option<Estimate>,
}

/// A sweep's outcome.
#[derive(Debug, Clone, Serialize)]
pub struct Sweep {
    /// The setting, `FILE:PATH`.
    pub setting: String,
    /// Its value in the pack as it is.
    pub current: Option<Value>,
    /// The metric, in words.
    pub metric: String,
    /// Whether the metric is a share (shown in percent).
    pub share: bool,
    /// The fair share (1 / players), for win-share metrics.
    pub fair: Option<f64>,
    /// The pack chain as it is.
    pub packs: Vec<PackInfo>,
    /// Games per value (every value plays the same seeds).
    pub games: u64,
    /// The run seed.
    pub seed: u64,
    /// Bot name per seat.
    pub seats: Vec<String>,
    /// Per value.
    pub points: Vec<Point>,
}

/// The games of one value of a sweep, sorted by game index.
#[derive(Debug, Clone)]
pub struct ValueGames {
    /// The value played.
    pub value: Value,
    /// Its games (of this shard, or of every shard once merged).
    pub records: Vec<GameRecord>,
}

/// The metric's value in one game (a holder metric: the win share of the seats that
/// used the component, `None` where nobody did).
fn single(metric: &Metric, r: &GameRecord) -> Option<f64> {
    metric.pair(r, r).map(|(a, _)| a)
}

/// Turns pack files into content, under the caller's limits.
pub type LoadPacks<'a> = dyn Fn(&[PackFiles]) -> Result<Arc<Content>, String> + 'a;

/// Checks that `metric` can be swept at `players` on `base`, the pack as it is. A sweep
/// charts one metric, so `all` is refused.
pub fn check(base: &Content, metric: &Metric, players: usize) -> Result<(), String> {
    if *metric == Metric::All {
        return Err("a sweep charts one metric: give --metric (all is for compare)".into());
    }
    metric.check(base, players)
}

/// Plays every value of `setting` on the same seeds (this process's shard of them, per
/// `cfg.shard`); `load` turns edited pack files into content (the caller's limits
/// applied). `on_value(i)` is called after value `i`. Every record is marked with its
/// variant (`FILE:PATH=VALUE`) so the shards of a sweep can be joined by [`join`].
pub fn play(
    packs: &[PackFiles],
    setting: &Setting,
    cfg: &SimConfig,
    load: &LoadPacks<'_>,
    on_value: &dyn Fn(usize),
) -> Result<Vec<ValueGames>, String> {
    let mut runs = Vec::new();
    for (i, &value) in setting.values.iter().enumerate() {
        let edited = setting.apply(packs, value)?;
        let content = load(&edited).map_err(|e| format!("at {setting} = {value}: {e}"))?;
        let mut records = run(&content, cfg, &|_| {})?;
        for r in &mut records {
            r.variant = Some(format!("{setting}={value}"));
        }
        runs.push(ValueGames { value, records });
        on_value(i);
    }
    Ok(runs)
}

/// Plays and summarises a whole sweep in this process: [`check`], [`play`], [`summarise`].
pub fn sweep(
    packs: &[PackFiles],
    setting: &Setting,
    metric: &Metric,
    cfg: &SimConfig,
    load: &LoadPacks<'_>,
    on_value: &dyn Fn(usize),
) -> Result<Sweep, String> {
    let base = load(packs)?;
    check(&base, metric, cfg.players)?;
    let runs = play(packs, setting, cfg, load, on_value)?;
    summarise(packs, &base, setting, metric, &runs)
}

/// The metric per value and the paired differences against the pack's current value,
/// from the games of every value (all of them: a shard's games alone are not a sweep).
pub fn summarise(
    packs: &[PackFiles],
    base: &Content,
    setting: &Setting,
    metric: &Metric,
    runs: &[ValueGames],
) -> Result<Sweep, String> {
    let current = setting.current(packs)?;
    let first = runs
        .iter()
        .flat_map(|v| v.records.first())
        .next()
        .ok_or("the sweep played no games")?;
    let share = metric.is_share();
    // By number: a pack's `1.0` is the value `1` of a whole-number range.
    let at_current = current.and_then(|c| runs.iter().position(|v| v.value.as_f64() == c.as_f64()));
    let points = runs
        .iter()
        .map(|run| {
            let records = &run.records;
            let xs: Vec<f64> = records
                .iter()
                .filter(|r| ended(r))
                .filter_map(|r| single(metric, r))
                .collect();
            let est = estimate(&xs, share);
            let versus_current = at_current.map(|k| {
                let diffs: Vec<f64> = runs[k]
                    .records
                    .iter()
                    .zip(records)
                    .filter(|(a, b)| ended(a) && ended(b))
                    .filter_map(|(a, b)| metric.pair(a, b))
                    .map(|(a, b)| b - a)
                    .collect();
                mean(&diffs)
            });
            Point {
                value: run.value,
                finished: records.iter().filter(|r| ended(r)).count() as u64,
                errored: records.iter().filter(|r| r.error.is_some()).count() as u64,
                lookahead_errors: crate::report::lookahead::summarise(records),
                lookahead_error_games: crate::report::lookahead::games_with_errors(records),
                metric: est,
                versus_current,
            }
        })
        .collect();
    let players = first.seats.len();
    Ok(Sweep {
        setting: setting.to_string(),
        current: at_current.map(|k| runs[k].value).or(current),
        metric: metric.to_string(),
        share,
        fair: matches!(metric, Metric::Holder(_) | Metric::SeatWin(_))
            .then(|| 1.0 / players.max(1) as f64),
        packs: base.packs.clone(),
        games: runs
            .iter()
            .map(|v| v.records.len() as u64)
            .max()
            .unwrap_or(0),
        seed: first.run_seed,
        seats: first.seats.clone(),
        points,
    })
}

/// Groups the records of a sweep's shards (any order, any files) by value, and checks
/// that they make one whole sweep: every record names the same setting, every value has
/// every game of the run exactly once, and all were played with the same seed, seats and
/// game count. The setting comes back with the values found, in the order the values
/// were first written.
pub fn join(records: Vec<GameRecord>) -> Result<(Setting, Vec<ValueGames>), String> {
    let Some(first) = records.first() else {
        return Err("the files hold no games".into());
    };
    let (run_seed, run_games, seats) = (first.run_seed, first.run_games, first.seats.clone());
    if run_games == 0 {
        return Err(format!(
            "game {} does not say how many games its run has; it was not written by a `weft sweep` shard",
            first.index
        ));
    }
    let mut setting: Option<Setting> = None;
    let mut runs: Vec<ValueGames> = Vec::new();
    for r in records {
        let variant = r.variant.as_deref().ok_or_else(|| {
            format!(
                "game {} was not played by `weft sweep` (it has no setting); join `weft sim --out` files with `weft merge`",
                r.index
            )
        })?;
        let one: Setting = variant
            .parse()
            .map_err(|e| format!("game {}: its setting `{variant}`: {e}", r.index))?;
        let [value] = one.values[..] else {
            return Err(format!(
                "game {}: its setting `{variant}` holds more than one value",
                r.index
            ));
        };
        match &setting {
            None => setting = Some(one.clone()),
            Some(s) if s.file != one.file || s.path != one.path => {
                return Err(format!(
                    "the files mix two sweeps: `{s}` and `{one}`; join the shards of one sweep"
                ))
            }
            Some(_) => {}
        }
        if (r.run_seed, r.run_games, &r.seats) != (run_seed, run_games, &seats) {
            return Err(format!(
                "game {} at {one} = {value} was played with other flags (seed {}, {} games, bots {}) than the first (seed {run_seed}, {run_games} games, bots {}); join the shards of one sweep",
                r.index,
                r.run_seed,
                r.run_games,
                r.seats.join(","),
                seats.join(",")
            ));
        }
        match runs.iter_mut().find(|v| v.value == value) {
            Some(v) => v.records.push(r),
            None => {
                if runs.len() == MAX_VALUES {
                    return Err(format!("the files hold more than {MAX_VALUES} values"));
                }
                runs.push(ValueGames {
                    value,
                    records: vec![r],
                })
            }
        }
    }
    for v in &mut runs {
        v.records.sort_by_key(|r| r.index);
        if let Some(w) = v.records.windows(2).find(|w| w[0].index == w[1].index) {
            return Err(format!(
                "game {} at value {} is there twice; did two shards use the same --shard?",
                w[0].index, v.value
            ));
        }
        // Every index is below `run_games` (validated) and none is there twice, so the
        // missing count is a difference and the first gap is found in one walk.
        let missing = run_games.saturating_sub(v.records.len() as u64);
        if missing > 0 || v.records.len() as u64 > run_games {
            let gap = (0..)
                .zip(&v.records)
                .find(|(i, r)| r.index != *i)
                .map_or(v.records.len() as u64, |(i, _)| i);
            return Err(format!(
                "{missing} of the {run_games} games at value {} are missing (the first is game {gap}); did every shard finish?",
                v.value
            ));
        }
    }
    let mut setting = setting.expect("at least one record");
    setting.values = runs.iter().map(|v| v.value).collect();
    Ok((setting, runs))
}

/// Checks that each value's games were played on `packs` with the setting at that value
/// (by content digest), so that a join is summarised against the pack it was played on.
pub fn check_played_on(
    packs: &[PackFiles],
    setting: &Setting,
    runs: &[ValueGames],
    load: &LoadPacks<'_>,
) -> Result<(), String> {
    for v in runs {
        let content = load(&setting.apply(packs, v.value)?)
            .map_err(|e| format!("at {setting} = {}: {e}", v.value))?;
        if let Some(r) = v.records.iter().find(|r| r.digest != content.digest) {
            return Err(format!(
                "game {} at {setting} = {} was played on other content than this pack at that value (digest {} vs {}); give the --pack the sweep was run with",
                r.index, v.value, r.digest, content.digest
            ));
        }
    }
    Ok(())
}

/// Whether a count is zero (left out of the JSON).
fn is_zero(n: &u64) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_parse_and_bad_ones_say_how_to_write_them() {
        let s: Setting = "cards/common.toml:c22.reward.prestige=0..3"
            .parse()
            .unwrap();
        assert_eq!(s.file, "cards/common.toml");
        assert_eq!(s.path, ["c22", "reward", "prestige"]);
        assert_eq!(s.values, (0..=3).map(Value::Int).collect::<Vec<_>>());
        let s: Setting = "game.toml:end.commissions=7, 9,11".parse().unwrap();
        assert_eq!(s.values, [Value::Int(7), Value::Int(9), Value::Int(11)]);
        let s: Setting = "game.toml:bots.greedy.skill=0.5,1.5".parse().unwrap();
        assert_eq!(s.values, [Value::Float(0.5), Value::Float(1.5)]);
        for (bad, wanted) in [
            ("game.toml:end.commissions", "no `=VALUES`"),
            ("end.commissions=3", "no `FILE:`"),
            ("game.toml:end.commissions=3..1", "must go up"),
            ("game.toml:end.commissions=0..99", "at most 50"),
            ("game.toml:end.commissions=1.5..3", "whole numbers"),
            ("game.toml:end.commissions=a", "not a number"),
            ("game.toml:end..x=1", "empty file or key"),
            (
                "game.toml:end.commissions=-9223372036854775808..9223372036854775807",
                "at most 50",
            ),
            ("game.toml:end.commissions=1,2,1", "listed twice"),
            ("game.toml:end.commissions=1,1.0", "listed twice"),
        ] {
            let e = bad.parse::<Setting>().unwrap_err();
            assert!(e.contains(wanted), "{bad}: {e}");
        }
    }

    /// A record's `variant` (`FILE:PATH=VALUE`) reads back as the same value, of the
    /// same kind: a fraction written `1.0` stays a TOML float, so the content digest of a
    /// joined shard matches the pack at that value.
    #[test]
    fn a_value_reads_back_from_its_text_as_itself() {
        for v in [
            Value::Float(1.0),
            Value::Float(1e16),
            Value::Float(-0.5),
            Value::Float(0.1),
            Value::Int(-3),
            Value::Int(7),
        ] {
            let s: Setting = format!("game.toml:end.x={v}").parse().unwrap();
            assert_eq!(s.values, [v], "{v}");
        }
    }
}
