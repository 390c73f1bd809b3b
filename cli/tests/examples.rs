//! Every command example in the docs and in the help texts is a command weft accepts
//! as written (issue 13, item 6): each parses (its flags exist and their values are
//! valid), and the machine-interface examples of `docs/state-json.md` and
//! `weft state --help` run and print what they promise.

mod common;

use common::weft;

/// The shell words of an example line, with a trailing `# comment` dropped and quotes
/// removed (`"a b"` is one word).
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in line.chars() {
        match (quote, c) {
            (None, '#') if word.is_empty() => break,
            (None, '"' | '\'') => {
                quote = Some(c);
                any = true;
            }
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if any || !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            (_, c) => word.push(c),
        }
    }
    if any || !word.is_empty() {
        out.push(word);
    }
    // A shell operator ends the weft command (`weft completions bash > file`).
    if let Some(k) = out
        .iter()
        .position(|w| [">", ">>", "<", "|", "&&", "||", ";"].contains(&w.as_str()))
    {
        out.truncate(k);
    }
    out
}

/// `weft …` lines inside the code blocks of a Markdown file (and the `cargo run … --`
/// form of the README), as argument lists without the leading `weft`.
fn examples_in_markdown(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if !in_code {
            continue;
        }
        let args = if let Some(rest) = t.strip_prefix("weft ") {
            rest
        } else if let Some((_, rest)) = t
            .strip_prefix("cargo run")
            .and_then(|r| r.split_once(" -- "))
        {
            rest
        } else {
            continue;
        };
        // Placeholders and shell variables are not literal commands.
        if args.contains('…') || args.contains('$') || args.contains('|') || args.contains('<') {
            continue;
        }
        out.push((t.to_string(), words(args)));
    }
    out
}

/// Every `Example: weft …` line of the top-level help and of each command's help.
fn examples_in_help() -> Vec<(String, Vec<String>)> {
    let (_, top, _) = weft(&["--help"]);
    let mut commands: Vec<String> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .filter(|c| c != "help")
        .collect();
    commands.push("doc content".into());
    let mut out = Vec::new();
    for c in commands {
        let mut args: Vec<&str> = c.split(' ').collect();
        args.push("--help");
        let (_, help, _) = weft(&args);
        for line in help.lines() {
            if let Some(ex) = line.trim().strip_prefix("Example: weft ") {
                out.push((format!("weft {c} --help: {}", line.trim()), words(ex)));
            }
        }
    }
    out
}

#[test]
fn every_documented_example_parses() {
    let repo = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let mut examples = examples_in_help();
    assert!(
        examples.len() >= 10,
        "the help texts give examples: {examples:?}"
    );
    let mut files = vec![repo.join("README.md")];
    for entry in std::fs::read_dir(repo.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        for (line, args) in examples_in_markdown(&text) {
            examples.push((format!("{}: {line}", path.display()), args));
        }
    }
    assert!(examples.len() >= 30, "{} examples", examples.len());
    let mut bad = Vec::new();
    for (where_, args) in &examples {
        // `--help` after the example's own words: clap checks every flag and value
        // before it, then prints help instead of running the command.
        let mut with_help: Vec<&str> = args.iter().map(String::as_str).collect();
        with_help.push("--help");
        let (code, _, err) = weft(&with_help);
        if code != 0 {
            bad.push(format!("{where_}\n  {}", err.lines().next().unwrap_or("")));
        }
    }
    assert!(
        bad.is_empty(),
        "examples weft does not accept:\n{}",
        bad.join("\n")
    );
}

/// The machine-interface examples run as written and print a state as JSON.
#[test]
fn the_state_examples_run_as_written() {
    let repo = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let doc = std::fs::read_to_string(repo.join("docs/state-json.md")).unwrap();
    let mut examples: Vec<Vec<String>> = examples_in_markdown(&doc)
        .into_iter()
        .map(|(_, a)| a)
        .filter(|a| a.first().is_some_and(|c| c == "state"))
        .collect();
    examples.extend(
        examples_in_help()
            .into_iter()
            .map(|(_, a)| a)
            .filter(|a| a.first().is_some_and(|c| c == "state")),
    );
    assert!(examples.len() >= 2, "{examples:?}");
    for args in examples {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = weft(&args);
        assert_eq!(code, 0, "weft {}: {err}", args.join(" "));
        let v: serde_json::Value = serde_json::from_str(&out)
            .unwrap_or_else(|e| panic!("weft {}: not JSON ({e}): {out}", args.join(" ")));
        assert!(
            v.get("state").is_some() || v.get("decision").is_some(),
            "{v}"
        );
    }
}

#[test]
fn words_split_like_a_shell() {
    assert_eq!(
        words(r#"sweep --set "a b=1" --x 'y z' # note"#),
        ["sweep", "--set", "a b=1", "--x", "y z"]
    );
    assert_eq!(
        words("ablate --card c07   # the pack"),
        ["ablate", "--card", "c07"]
    );
}
