//! Docs that cannot go stale (issue 29, item 7): every number README.md and docs/*.md
//! quote from weft's output sits between markers, `<!-- weft:ID -->8.0% (3.9–15.6)<!--
//! /weft -->`, which Markdown renders as nothing, and docs/numbers.toml says for each ID
//! which command gives it and how to read and format it from that command's `--json`. A
//! marker on a line of its own, before a fenced block and closed on a line of its own
//! after it, holds a whole block quoted from the terminal (`[block.ID]`: the command and
//! the lines of its output the block shows). A marker in a code span (after a backtick)
//! is an example, not a marker.
//!
//! This test finds every marker, checks that each has an entry and each entry a marker,
//! runs each command once with the binary under test from the repository root, and
//! compares the marked text with what the command gives now. When the numbers are meant
//! to change (a rules or bot change), regenerate them: `WEFT_BLESS=docs cargo test -p
//! weft-cli --test doc_numbers` (or `tools/update-doc-numbers`) rewrites the marked texts
//! in place; read the diff, and change the words around a number whose meaning moved.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Deserialize;
use serde_json::Value;

const REGENERATE: &str = "WEFT_BLESS=docs cargo test -p weft-cli --test doc_numbers";
const OPEN: &str = "<!-- weft:";
const CLOSE: &str = "<!-- /weft -->";

fn root() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).to_path_buf()
}

/// docs/numbers.toml.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Registry {
    /// Commands by name: weft's arguments, without `--json`.
    command: BTreeMap<String, CommandSpec>,
    /// Numbers read from a command's `--json`.
    #[serde(default)]
    number: BTreeMap<String, NumberSpec>,
    /// Blocks quoted from a command's terminal output.
    #[serde(default)]
    block: BTreeMap<String, BlockSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CommandSpec {
    args: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NumberSpec {
    command: String,
    path: String,
    format: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BlockSpec {
    command: String,
    /// Each shown line is the first line of the output, after the previous one shown,
    /// that starts with this text; `…` stands for the lines left out between them.
    lines: Vec<String>,
    /// Lines shown after the last line matched, as they follow it.
    #[serde(default)]
    then: usize,
}

/// One marker in a doc.
struct Marker {
    file: String,
    line: usize,
    id: String,
    /// Byte range of the text between the markers.
    start: usize,
    end: usize,
    /// On a line of its own (a block), rather than inside a line of prose.
    block: bool,
}

/// README.md and docs/*.md, as paths from the repository root.
fn docs() -> Vec<String> {
    let mut files = vec!["README.md".to_string()];
    let mut more: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    more.sort();
    files.extend(more);
    files
}

fn line_of(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

/// Every marker of `text`; a malformed one is a problem named by file and line.
fn markers(file: &str, text: &str, problems: &mut Vec<String>) -> Vec<Marker> {
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(i) = text[at..].find("<!--") {
        let open = at + i;
        let rest = &text[open..];
        // In a code span, a marker is an example: skip to the span's end.
        if text[..open].ends_with('`') {
            at = text[open..].find('`').map_or(text.len(), |n| open + n + 1);
            continue;
        }
        if rest.starts_with(CLOSE) {
            problems.push(format!(
                "{file}:{}: `{CLOSE}` closes no marker",
                line_of(text, open)
            ));
            at = open + CLOSE.len();
            continue;
        }
        if !rest.starts_with(OPEN) {
            at = open + 4;
            continue;
        }
        let line = line_of(text, open);
        let Some(id_end) = rest.find(" -->") else {
            problems.push(format!("{file}:{line}: a marker that never ends"));
            break;
        };
        let id = &rest[OPEN.len()..id_end];
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            problems.push(format!(
                "{file}:{line}: marker id `{id}`: use lower-case letters, digits and -"
            ));
        }
        let start = open + id_end + " -->".len();
        let Some(len) = text[start..].find(CLOSE) else {
            problems.push(format!(
                "{file}:{line}: marker `{id}` is never closed by `{CLOSE}`"
            ));
            break;
        };
        let end = start + len;
        if text[start..end].contains(OPEN) {
            problems.push(format!(
                "{file}:{line}: marker `{id}` holds another marker before its `{CLOSE}`"
            ));
        }
        let line_start = text[..open].rfind('\n').map_or(0, |n| n + 1);
        let block = text[line_start..open].trim().is_empty() && text[start..].starts_with('\n');
        if text[line_start..open].trim().is_empty() && !block {
            // An HTML comment that starts a line starts an HTML block in Markdown, which
            // would show the number outside its paragraph.
            problems.push(format!(
                "{file}:{line}: marker `{id}` starts a line: move it after a word of its sentence"
            ));
        }
        found.push(Marker {
            file: file.to_string(),
            line,
            id: id.to_string(),
            start,
            end,
            block,
        });
        at = end + CLOSE.len();
    }
    found
}

/// The value at `path` in `v`: keys separated by dots, `[N]` for an array's element,
/// `[FIELD=VALUE]` for the first element whose FIELD is VALUE (a string, or a number or
/// boolean as written in the JSON).
fn lookup<'a>(v: &'a Value, path: &str) -> Result<&'a Value, String> {
    let mut cur = v;
    let mut rest = path;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('[') {
            let close = after
                .find(']')
                .ok_or_else(|| format!("`[` without `]` in `{path}`"))?;
            let inner = &after[..close];
            rest = &after[close + 1..];
            let items = cur
                .as_array()
                .ok_or_else(|| format!("`[{inner}]` on a value that is not an array"))?;
            cur = if let Ok(i) = inner.parse::<usize>() {
                items
                    .get(i)
                    .ok_or_else(|| format!("index {i} past the {} elements", items.len()))?
            } else {
                let (field, want) = inner
                    .split_once('=')
                    .ok_or_else(|| format!("`[{inner}]`: neither an index nor FIELD=VALUE"))?;
                items
                    .iter()
                    .find(|item| {
                        // In an array of arrays (pairs), FIELD is an index.
                        let got = match (item, field.parse::<usize>()) {
                            (Value::Array(a), Ok(i)) => a.get(i).unwrap_or(&Value::Null),
                            _ => &item[field],
                        };
                        match got {
                            Value::String(s) => s == want,
                            Value::Number(n) => n.to_string() == want,
                            Value::Bool(b) => b.to_string() == want,
                            _ => false,
                        }
                    })
                    .ok_or_else(|| format!("no element with {field} = {want}"))?
            };
        } else {
            let rest_key = rest.strip_prefix('.').unwrap_or(rest);
            let end = rest_key.find(['.', '[']).unwrap_or(rest_key.len());
            let key = &rest_key[..end];
            rest = &rest_key[end..];
            cur = cur
                .get(key)
                .ok_or_else(|| format!("no key `{key}` (keys here: {})", keys(cur)))?;
        }
    }
    Ok(cur)
}

fn keys(v: &Value) -> String {
    match v {
        Value::Object(m) => m.keys().cloned().collect::<Vec<_>>().join(", "),
        _ => "none: not an object".into(),
    }
}

fn number(v: &Value, what: &str) -> Result<f64, String> {
    v.as_f64()
        .ok_or_else(|| format!("{what} is not a number: {v}"))
}

/// A number with `digits` decimals, with `+` or `−` (U+2212) before it when `signed`;
/// zero after rounding is unsigned.
fn fixed(x: f64, digits: usize, signed: bool) -> String {
    let text = format!("{:.*}", digits, x.abs());
    let zero = text.chars().all(|c| c == '0' || c == '.');
    if zero {
        text
    } else if x < 0.0 {
        format!("−{text}")
    } else if signed {
        format!("+{text}")
    } else {
        text
    }
}

/// Formats the value `v` as `format` says:
/// - `share:N`: a share with its interval, `{value, lo, hi}` as fractions: `8.0% (3.9–15.6)`;
/// - `percent:N`: a fraction as a percentage, `70%`;
/// - `points:N`: a fraction as signed percentage points, `+48.2`, `−35`;
/// - `number:N`: a number as it is, `9.3`;
/// - `signed:N`: a number with its sign, `+1.7`;
/// - `ordinal:0`: a whole number as an ordinal, `17th`.
///
/// N is the number of decimals.
fn format_value(v: &Value, format: &str) -> Result<String, String> {
    let (kind, digits) = format
        .split_once(':')
        .ok_or_else(|| format!("format `{format}`: write KIND:DECIMALS, such as percent:1"))?;
    let digits: usize = digits
        .parse()
        .map_err(|_| format!("format `{format}`: decimals must be a whole number"))?;
    Ok(match kind {
        "share" => {
            let [value, lo, hi] = ["value", "lo", "hi"].map(|k| number(&v[k], k));
            format!(
                "{}% ({}–{})",
                fixed(value? * 100.0, digits, false),
                fixed(lo? * 100.0, digits, false),
                fixed(hi? * 100.0, digits, false)
            )
        }
        "percent" => format!("{}%", fixed(number(v, "the value")? * 100.0, digits, false)),
        "points" => fixed(number(v, "the value")? * 100.0, digits, true),
        "number" => fixed(number(v, "the value")?, digits, false),
        "signed" => fixed(number(v, "the value")?, digits, true),
        "ordinal" => {
            let n = v
                .as_u64()
                .ok_or_else(|| format!("an ordinal needs a whole number, not {v}"))?;
            weft_core::text::ordinal(n)
        }
        _ => {
            return Err(format!(
            "format `{format}`: the kinds are share, percent, points, number, signed and ordinal"
        ))
        }
    })
}

/// The text a block marker holds: a fenced block with the command and the lines of its
/// output the entry names, `…` where lines are left out.
fn render_block(args: &[String], out: &str, spec: &BlockSpec) -> Result<String, String> {
    let lines: Vec<&str> = out.lines().collect();
    let mut shown = vec![format!("weft {}", shell_words(args))];
    let mut next = 0;
    let mut last = None;
    for prefix in &spec.lines {
        let i = (next..lines.len())
            .find(|&i| lines[i].starts_with(prefix.as_str()))
            .ok_or_else(|| {
                format!("no line after line {next} of the output starts with `{prefix}`")
            })?;
        if i != next {
            shown.push("…".into());
        }
        shown.push(lines[i].trim_end().into());
        last = Some(i);
        next = i + 1;
    }
    let last = last.ok_or("a block needs at least one line")?;
    for k in 1..=spec.then {
        let l = lines
            .get(last + k)
            .ok_or_else(|| format!("the output ends before {} lines after the last", spec.then))?;
        shown.push(l.trim_end().into());
    }
    if lines[last + spec.then + 1..]
        .iter()
        .any(|l| !l.trim().is_empty())
    {
        shown.push("…".into());
    }
    Ok(format!("\n```\n{}\n```\n", shown.join("\n")))
}

/// The arguments as one would type them in a shell.
fn shell_words(args: &[String]) -> String {
    args.iter()
        .map(|a| {
            if a.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_./:,=".contains(c))
            {
                a.clone()
            } else {
                format!("\"{a}\"")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `weft args` at the repository root; its stdout, or why it failed.
fn run(args: &[String]) -> Result<String, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(args)
        .arg("--quiet")
        .current_dir(root())
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "exit {:?}: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into())
}

/// A command's terminal output and its `--json`, each if asked for.
struct Outputs {
    text: Option<Result<String, String>>,
    json: Option<Result<String, String>>,
}

/// Runs `weft args` for its terminal output (`text`), its `--json`, or both. A `sim`
/// asked for both is played once: its records go to `records`, and `weft merge` makes
/// the JSON summary from them (the same summary but for the timings).
fn run_command(args: &[String], text: bool, json: bool, records: &Path) -> Outputs {
    let with = |extra: &[&str]| -> Vec<String> {
        args.iter()
            .cloned()
            .chain(extra.iter().map(|s| s.to_string()))
            .collect()
    };
    if text && json && args.first().is_some_and(|a| a == "sim") {
        let records = records.to_string_lossy();
        let played = run(&with(&["--out", &records]));
        // The flags that choose the content, for merge to name cards and tiles.
        let mut merge = vec!["merge".to_string(), records.to_string(), "--json".into()];
        for (flag, value) in args.iter().zip(args.iter().skip(1)) {
            if ["--pack", "--pack-path", "--scripts"].contains(&flag.as_str()) {
                merge.extend([flag.clone(), value.clone()]);
            }
        }
        let merged = match &played {
            Ok(_) => run(&merge),
            Err(e) => Err(e.clone()),
        };
        return Outputs {
            text: Some(played),
            json: Some(merged),
        };
    }
    Outputs {
        text: text.then(|| run(args)),
        json: json.then(|| run(&with(&["--json"]))),
    }
}

#[test]
fn numbers_quoted_in_the_docs_are_what_the_commands_give() {
    let registry_text = std::fs::read_to_string(root().join("docs/numbers.toml")).unwrap();
    let registry: Registry =
        toml::from_str(&registry_text).unwrap_or_else(|e| panic!("docs/numbers.toml: {e}"));
    let bless = std::env::var("WEFT_BLESS").is_ok_and(|m| m == "docs");

    // Every marker, and every entry used by one.
    let mut problems = Vec::new();
    let mut texts = BTreeMap::new();
    let mut found = Vec::new();
    for file in docs() {
        let text = std::fs::read_to_string(root().join(&file)).unwrap();
        found.extend(markers(&file, &text, &mut problems));
        texts.insert(file, text);
    }
    let mut used = BTreeSet::new();
    for m in &found {
        let command = if m.block {
            registry.block.get(&m.id).map(|b| &b.command)
        } else {
            registry.number.get(&m.id).map(|n| &n.command)
        };
        match command {
            None => problems.push(format!(
                "{}:{}: marker `{}` has no [{}.{}] in docs/numbers.toml",
                m.file,
                m.line,
                m.id,
                if m.block { "block" } else { "number" },
                m.id
            )),
            Some(c) if !registry.command.contains_key(c) => problems.push(format!(
                "docs/numbers.toml: `{}` names the command `{c}`, which [command] does not define",
                m.id
            )),
            Some(_) => {}
        }
        used.insert(m.id.clone());
    }
    let entries: Vec<&String> = registry
        .number
        .keys()
        .chain(registry.block.keys())
        .collect();
    for id in &entries {
        if !used.contains(*id) {
            problems.push(format!(
                "docs/numbers.toml: `{id}` is not quoted in README.md or docs/*.md (no `{OPEN}{id} -->`): remove it"
            ));
        }
    }
    let commands_used: BTreeSet<&String> = registry
        .number
        .values()
        .map(|n| &n.command)
        .chain(registry.block.values().map(|b| &b.command))
        .collect();
    for name in registry.command.keys() {
        if !commands_used.contains(name) {
            problems.push(format!(
                "docs/numbers.toml: command `{name}` is used by no entry"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));

    // Each command once: with `--json` for numbers, as is for blocks, both at once for a
    // `sim` that both need (its records, then `weft merge --json` on them).
    let mut wanted: BTreeMap<&String, (bool, bool)> = BTreeMap::new();
    for m in &found {
        if m.block {
            wanted.entry(&registry.block[&m.id].command).or_default().0 = true;
        } else {
            wanted.entry(&registry.number[&m.id].command).or_default().1 = true;
        }
    }
    let records = tempfile::tempdir().unwrap();
    let outputs: BTreeMap<&String, Outputs> = std::thread::scope(|s| {
        let handles: Vec<_> = wanted
            .iter()
            .map(|(name, &(text, json))| {
                let args = &registry.command[*name].args;
                let out = records.path().join(format!("{name}.jsonl"));
                s.spawn(move || (*name, run_command(args, text, json, &out)))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut terminal: BTreeMap<&String, String> = BTreeMap::new();
    let mut parsed: BTreeMap<&String, Value> = BTreeMap::new();
    for (name, out) in outputs {
        let args = shell_words(&registry.command[name].args);
        match out.text {
            Some(Err(e)) => problems.push(format!("command `{name}` (weft {args}) failed: {e}")),
            Some(Ok(text)) => {
                terminal.insert(name, text);
            }
            None => {}
        }
        match out.json {
            Some(Err(e)) => {
                problems.push(format!("command `{name}` (weft {args} --json) failed: {e}"))
            }
            Some(Ok(text)) => match serde_json::from_str(&text) {
                Ok(v) => {
                    parsed.insert(name, v);
                }
                Err(e) => problems.push(format!("command `{name}` (weft {args} --json): {e}")),
            },
            None => {}
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));

    // What each marker should hold now.
    let mut stale = Vec::new();
    let mut edits: BTreeMap<String, Vec<(usize, usize, String)>> = BTreeMap::new();
    for m in &found {
        let text = &texts[&m.file][m.start..m.end];
        let (name, now) = if m.block {
            let spec = &registry.block[&m.id];
            let out = &terminal[&spec.command];
            (
                &spec.command,
                render_block(&registry.command[&spec.command].args, out, spec),
            )
        } else {
            let spec = &registry.number[&m.id];
            let v = &parsed[&spec.command];
            (
                &spec.command,
                lookup(v, &spec.path)
                    .map_err(|e| format!("path `{}`: {e}", spec.path))
                    .and_then(|x| format_value(x, &spec.format)),
            )
        };
        let now = match now {
            Ok(now) => now,
            Err(e) => {
                problems.push(format!("{}:{}: marker `{}`: {e}", m.file, m.line, m.id));
                continue;
            }
        };
        if text != now {
            let mut msg = String::new();
            let _ = write!(
                msg,
                "{}:{}: `{}` reads {:?}, but `weft {}` now gives {:?}",
                m.file,
                m.line,
                m.id,
                text,
                shell_words(&registry.command[name].args),
                now
            );
            stale.push(msg);
            edits
                .entry(m.file.clone())
                .or_default()
                .push((m.start, m.end, now));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));

    if bless {
        for (file, mut changes) in edits {
            let mut text = texts[&file].clone();
            changes.sort_by_key(|c| std::cmp::Reverse(c.0));
            for (start, end, now) in changes {
                text.replace_range(start..end, &now);
            }
            std::fs::write(root().join(&file), text).unwrap();
        }
        for s in &stale {
            eprintln!("rewrote {s}");
        }
        return;
    }
    assert!(
        stale.is_empty(),
        "{} quoted number(s) no longer match the commands' output:\n{}\n\n\
         If the change is meant to move them, regenerate with `{REGENERATE}` \
         (or tools/update-doc-numbers), then read the diff and fix any sentence whose \
         meaning changed.",
        stale.len(),
        stale.join("\n")
    );
}

/// The path language and the formats, on a small document.
#[test]
fn paths_and_formats_read_as_documented() {
    let v: Value = serde_json::json!({
        "bots": [
            {"bot": "greedy", "win_share": {"value": 0.3, "lo": 0.2, "hi": 0.41}},
            {"bot": "greedy:rush-silk", "win_share": {"value": 0.08, "lo": 0.039, "hi": 0.156}}
        ],
        "points": [{"value": 0, "metric": -0.35}, {"value": 1, "metric": 0.0004}],
        "rounds": {"value": 9.26},
        "pairs": [["unfinished", 0.14], ["completed", 0.21]],
        "rank": [17, 21]
    });
    let get = |p: &str, f: &str| format_value(lookup(&v, p).unwrap(), f).unwrap();
    assert_eq!(
        get("bots[bot=greedy:rush-silk].win_share", "share:1"),
        "8.0% (3.9–15.6)"
    );
    assert_eq!(get("bots[0].win_share.value", "percent:0"), "30%");
    assert_eq!(get("points[value=0].metric", "points:0"), "−35");
    assert_eq!(get("points[value=1].metric", "points:1"), "0.0");
    assert_eq!(get("rounds.value", "number:0"), "9");
    assert_eq!(get("rounds.value", "signed:1"), "+9.3");
    assert_eq!(get("pairs[0=completed][1]", "percent:0"), "21%");
    assert_eq!(get("rank[0]", "ordinal:0"), "17th");
    assert_eq!(get("rank[1]", "ordinal:0"), "21st");
    assert!(lookup(&v, "bots[bot=mcts]").is_err());
    assert!(lookup(&v, "nothing").is_err());
    assert!(format_value(&v["rounds"], "share").is_err());

    let mut problems = Vec::new();
    let text = "a <!-- weft:x -->1<!-- /weft --> b\n<!-- weft:y -->2<!-- /weft -->\n";
    let found = markers("t.md", text, &mut problems);
    assert_eq!(found.len(), 2);
    assert_eq!(&text[found[0].start..found[0].end], "1");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].starts_with("t.md:2: marker `y` starts a line"));

    let mut problems = Vec::new();
    let text = "`<!-- weft:ID -->` and `<!-- weft:x -->1<!-- /weft -->` are examples";
    assert!(markers("t.md", text, &mut problems).is_empty());
    assert!(problems.is_empty(), "{problems:?}");
}
