//! `weft play`: one game in the terminal, people against bots or each other. Each
//! person's screen shows only what their seat may see ([`crate::play_text`]); between
//! two people at the same screen it asks to pass the screen first. Answers by number or
//! key; `undo` goes back to the last answer a person gave (the game is played again
//! from its answers); `save` writes a replay that `--resume` continues and `weft replay`
//! checks; `hint` (or `--hint`) shows each option's value to the greedy bot.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;
use weft_core::agent::BotOptions;
use weft_core::replay::Replay;
use weft_core::table::{Table, TableError, HUMAN};
use weft_core::text::printable_line;
use weft_core::Answer;

use crate::packs::PackArgs;
use crate::play_text;

/// Flags of `weft play`.
#[derive(Args, Debug)]
pub struct PlayCmdArgs {
    #[command(flatten)]
    packs: PackArgs,
    /// Players (default: one per `--seats` entry, else 3).
    #[arg(long)]
    players: Option<usize>,
    /// Who sits at each seat, in turn order from seat 1: `human`, or a bot (`random`,
    /// `greedy`, `greedy:SET`, `mcts`). Several `human` seats play at one screen
    /// (hot-seat). Default: human, then greedy bots.
    #[arg(long, value_delimiter = ',')]
    seats: Vec<String>,
    /// Game seed (default 1; with --resume, the saved game's).
    #[arg(long)]
    seed: Option<u64>,
    /// Show each option's value to the greedy bot at every question of a person.
    #[arg(long)]
    hint: bool,
    /// Continue the game of a replay file (one `save` wrote, or any replay: `weft sim
    /// --save-games`, `--save-failed`). Its seats, players and seed are used unless
    /// given; on packs edited since, its answers are played while they still are
    /// options.
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// Save the game to FILE after every answer (and `save` with no file writes there).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Iterations per decision for an mcts seat (default 100, or `[bots.mcts]`).
    #[arg(long, value_name = "N")]
    mcts_iterations: Option<u32>,
    /// Rounds each mcts playout plays into before it is judged (0: the searcher's next
    /// turn; default 0, or `[bots.mcts] rounds`; 99: to the game's end).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=99))]
    mcts_rounds: Option<u32>,
}

/// The commands a person may type, for `help`.
const HELP: &str = "\
  NUMBER or KEY   answer with that option
  undo (u)        take back your last answer (the game is played again up to it)
  save [FILE]     save the game as a replay (resume with `weft play --resume FILE`)
  hint (h)        show what each option is worth to the greedy bot
  look ID (l)     a card's, tile's or area's name and rule text
  board (b)       show the board again
  help (?)        this list
  quit (q)        leave the game";

/// Where the game is read from and written to: a person at a terminal, or anything
/// that writes lines (a test, a pipe).
struct Screen<R: BufRead, W: Write> {
    input: R,
    out: W,
    /// Whether output is a terminal: the screen is cleared before it is passed on.
    tty: bool,
}

impl<R: BufRead, W: Write> Screen<R, W> {
    /// A line the person typed, trimmed; `None` at the end of input.
    fn read(&mut self, prompt: &str) -> Option<String> {
        let _ = write!(self.out, "{prompt}");
        let _ = self.out.flush();
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(line.trim().to_string()),
        }
    }

    fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
    }

    fn clear(&mut self) {
        if self.tty {
            // The screen and the scrollback: the last seat's hand must not be a scroll away.
            let _ = write!(self.out, "\x1b[2J\x1b[3J\x1b[H");
        }
    }
}

/// The seats from the flags: `--seats` as given, checked against `--players`.
fn seats_of(a: &PlayCmdArgs, saved: Option<&Replay>) -> anyhow::Result<Option<Vec<String>>> {
    if a.seats.is_empty() && saved.is_some() {
        return Ok(None);
    }
    table_seats(&a.seats, a.players.or(saved.map(|r| r.players))).map(Some)
}

/// The seats of a game people play (`weft play`, `weft serve`): `--seats` as given,
/// checked against `--players`; without it, a person at seat 1 and greedy bots
/// (`players`, else 3 in all).
pub fn table_seats(seats: &[String], players: Option<usize>) -> anyhow::Result<Vec<String>> {
    if seats.is_empty() {
        let n = players.unwrap_or(3);
        let mut seats = vec![HUMAN.to_string()];
        seats.extend((1..n).map(|_| "greedy".to_string()));
        return Ok(seats);
    }
    if let Some(n) = players {
        if n != seats.len() {
            anyhow::bail!(
                "error: --seats names {} seats for {n} players; give one per player (e.g. --seats {})",
                seats.len(),
                std::iter::once(HUMAN)
                    .chain(std::iter::repeat_n("greedy", n.saturating_sub(1)))
                    .collect::<Vec<_>>()
                    .join(",")
            );
        }
    }
    Ok(seats.to_vec())
}

pub fn run(a: PlayCmdArgs) -> anyhow::Result<ExitCode> {
    let content = a.packs.load()?;
    let options = BotOptions {
        mcts_iterations: a.mcts_iterations,
        mcts_rounds: a.mcts_rounds,
        ..BotOptions::default()
    };
    let saved = match &a.resume {
        Some(path) => {
            let text = crate::replay_cmd::read_replay_text(path)?;
            Some(
                Replay::from_json(&text)
                    .map_err(|e| anyhow::anyhow!("error: {}: {e}", path.display()))?,
            )
        }
        None => None,
    };
    let seats = seats_of(&a, saved.as_ref())?;
    let mut resumed = None;
    let mut table = match &saved {
        Some(r) => {
            if let Some(seed) = a.seed.filter(|&s| s != r.seed) {
                anyhow::bail!(
                    "error: --seed {seed} differs from the saved game's seed {}; leave --seed out to resume it",
                    r.seed
                );
            }
            let (t, how) = Table::resume(Arc::clone(&content), r, seats, &options)
                .map_err(|e| anyhow::anyhow!("error: {e}"))?;
            resumed = Some(how);
            t
        }
        None => Table::new(
            Arc::clone(&content),
            seats.unwrap_or_default(),
            a.seed.unwrap_or(1),
            &options,
        )
        .map_err(|e| anyhow::anyhow!("error: {e}"))?,
    };
    let stdin = std::io::stdin();
    let tty = std::io::stdout().is_terminal();
    let mut screen = Screen {
        input: stdin.lock(),
        out: std::io::stdout().lock(),
        tty,
    };
    if let (Some(how), Some(path)) = (&resumed, &a.resume) {
        screen.say(&resume_text(how, path));
    }
    let humans = (0..table.seats().len())
        .filter(|&s| table.is_human(s))
        .count();
    screen.say(&format!(
        "{} · {} players · seed {} · seats: {}",
        printable_line(&content.title),
        table.seats().len(),
        table.seed(),
        table
            .seats()
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {}", i + 1, printable_line(s)))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    let mut game = Game {
        table: &mut table,
        hint_always: a.hint,
        save: a.save.clone(),
        humans,
        shown_to: None,
        unsaved: false,
        last_shown: None,
    };
    game.play(&mut screen)
}

/// What a resumed game went through, in words.
fn resume_text(how: &weft_core::table::Resumed, path: &std::path::Path) -> String {
    let mut text = format!(
        "resumed {}: {} of {} answers played again",
        path.display(),
        how.played,
        how.recorded
    );
    if how.packs_changed {
        text.push_str(" (the packs changed since it was saved)");
    }
    if let Some((n, key, why)) = &how.stopped {
        text.push_str(&format!(
            "; answer {n} (`{}`) no longer goes: {}; the game goes on from before it",
            printable_line(key),
            printable_line(why)
        ));
    } else if how.differs {
        text.push_str("; the position now differs from the saved one (the packs play differently), the game goes on from it");
    }
    text
}

/// A game under way at the screen.
struct Game<'t> {
    table: &'t mut Table,
    hint_always: bool,
    save: Option<PathBuf>,
    humans: usize,
    /// The person whose view the screen shows now (0-based seat).
    shown_to: Option<usize>,
    /// Answers given since the last save.
    unsaved: bool,
    /// The seat and answer count the screen was last drawn for.
    last_shown: Option<(usize, usize)>,
}

impl Game<'_> {
    fn play<R: BufRead, W: Write>(
        &mut self,
        screen: &mut Screen<R, W>,
    ) -> anyhow::Result<ExitCode> {
        let mut quitting = false;
        loop {
            // Bots answer until a person is asked or the game ends.
            while self.table.bot_to_answer() {
                match self.table.bot_turn() {
                    Some(Ok(_)) => self.autosave(screen),
                    Some(Err(e)) => {
                        screen.say(&format!("error: {}", printable_line(&e.to_string())));
                        screen.say("The game cannot go on from here: `undo` to take back your last answer, `save FILE` to keep the error as a replay.");
                        break;
                    }
                    None => break,
                }
            }
            for note in self.table.take_notes() {
                screen.say(&format!("note: {}", printable_line(&note)));
            }
            let asked = self.table.decision().map(|d| d.player);
            let person_asked = asked.filter(|&p| self.table.is_human(p));
            let me = person_asked.or(self.shown_to).unwrap_or_else(|| {
                (0..self.table.seats().len())
                    .find(|&s| self.table.is_human(s))
                    .unwrap_or(0)
            });
            if person_asked.is_some() && self.shown_to != Some(me) && self.humans > 1 {
                screen.clear();
                let ready = screen.read(&format!(
                    "Pass the screen to seat {}. Press Enter when only seat {} can see it. ",
                    me + 1,
                    me + 1
                ));
                if ready.is_none() {
                    return self.leave(screen);
                }
                screen.clear();
            }
            self.shown_to = Some(me);
            let now = (me, self.table.answers().len());
            if self.last_shown != Some(now) {
                self.last_shown = Some(now);
                self.show(screen, me, self.hint_always);
            }
            let prompt = match asked {
                Some(p) if self.table.is_human(p) => format!("seat {}> ", p + 1),
                _ => "> ".to_string(),
            };
            let Some(line) = screen.read(&prompt) else {
                return self.leave(screen);
            };
            let (word, rest) = line
                .split_once(char::is_whitespace)
                .map_or((line.as_str(), ""), |(w, r)| (w, r.trim()));
            match word {
                "" => {}
                "help" | "?" => screen.say(HELP),
                "board" | "b" => self.show(screen, me, false),
                "hint" | "h" => self.show_hints(screen, me),
                "look" | "l" => match play_text::look(self.table.content(), rest) {
                    Some(text) => screen.say(&text),
                    None => screen.say(&format!(
                        "`{}` names no card, tile or area of the pack",
                        printable_line(rest)
                    )),
                },
                "save" => self.save_to(screen, (!rest.is_empty()).then(|| PathBuf::from(rest))),
                "undo" | "u" => match self.table.undo() {
                    Ok(seat) => {
                        screen.say(&format!("taken back: seat {} is asked again", seat + 1));
                        self.unsaved = true;
                        self.autosave(screen);
                    }
                    Err(e) => {
                        screen.say(&format!("cannot undo: {}", printable_line(&e.to_string())))
                    }
                },
                "quit" | "q" | "exit" => {
                    if self.unsaved
                        && self.save.is_none()
                        && !quitting
                        && self.table.result().is_none()
                    {
                        screen.say("The game is not saved: `save FILE` to keep it, or `quit` again to leave without saving.");
                        quitting = true;
                        continue;
                    }
                    return Ok(ExitCode::SUCCESS);
                }
                _ => match asked {
                    Some(p) if self.table.is_human(p) => {
                        let answer = match line.parse::<usize>() {
                            Ok(n) if n >= 1 => Answer::Index(n - 1),
                            Ok(_) => Answer::Key(line.clone()),
                            Err(_) => Answer::Key(line.clone()),
                        };
                        match self.table.answer(p, answer) {
                            Ok(_) => {
                                self.unsaved = true;
                                self.autosave(screen);
                            }
                            Err(TableError::Refused(why)) => screen.say(&format!(
                                "not taken: {}\n(answer with a number from 1 to {}, or a key; `help` lists the commands)",
                                printable_line(&why),
                                self.table.decision().map_or(0, |d| d.options.len())
                            )),
                            Err(e) => screen.say(&format!(
                                "not taken: {}",
                                printable_line(&e.to_string())
                            )),
                        }
                    }
                    _ => screen.say(
                        "No one at this screen is asked now. `undo`, `save`, `board` or `quit`.",
                    ),
                },
            }
            quitting = false;
        }
    }

    /// The board, what happened since the seat last answered, and its question.
    fn show<R: BufRead, W: Write>(&mut self, screen: &mut Screen<R, W>, me: usize, hints: bool) {
        let view = self.table.view(me);
        let content = Arc::clone(self.table.content());
        screen.say("");
        screen.say(&play_text::board(&content, &view, self.table.seats(), me));
        let since = self
            .table
            .last_answer_of(me)
            .map_or(0, |n| self.table.events_before(n));
        let happened = play_text::events(&view, &self.table.events()[since..]);
        if !happened.is_empty() {
            screen.say(if since == 0 {
                "What happened"
            } else {
                "What happened since your last answer"
            });
            screen.say(happened.trim_end());
        }
        if let Some(r) = self.table.result().cloned() {
            screen.say(&self.result_text(&r));
            return;
        }
        let values = if hints && view.state().decision().is_some_and(|d| d.player == me) {
            self.table.hints()
        } else {
            None
        };
        screen.say(play_text::question(&view, values.as_deref()).trim_end());
    }

    fn show_hints<R: BufRead, W: Write>(&mut self, screen: &mut Screen<R, W>, me: usize) {
        if self.table.decision().is_none_or(|d| d.player != me) {
            screen.say("No question of yours to weigh now.");
            return;
        }
        let view = self.table.view(me);
        let Some(values) = self.table.hints() else {
            screen.say("No hints while a card's or tile's effect is asking: the bot would read cards you cannot see.");
            return;
        };
        screen.say(play_text::question(&view, Some(&values)).trim_end());
        screen.say("(greedy: each option's value to the greedy bot after finishing your turn greedily, against the best; `fails`: the option raises an error)");
    }

    fn result_text(&self, r: &weft_core::state::GameResult) -> String {
        let mut out = format!(
            "Game over ({}) after {} rounds.\n",
            printable_line(&r.cause),
            r.rounds
        );
        for (p, score) in r.scores.iter().enumerate() {
            let won = if r.winners.contains(&p) {
                "  ← wins"
            } else {
                ""
            };
            out.push_str(&format!(
                "  {}: {score}{won}\n",
                play_text::seat_name(self.table.seats(), p, None)
            ));
        }
        out.push_str(
            "`save FILE` keeps the game; `undo` takes your last answer back; `quit` leaves.",
        );
        out
    }

    fn save_to<R: BufRead, W: Write>(&mut self, screen: &mut Screen<R, W>, path: Option<PathBuf>) {
        let Some(path) = path.or_else(|| self.save.clone()) else {
            screen.say(
                "save where? `save FILE` (or start with --save FILE to save after every answer)",
            );
            return;
        };
        match std::fs::write(&path, self.table.replay().to_json()) {
            Ok(()) => {
                self.unsaved = false;
                screen.say(&format!(
                    "saved {} ({} answers); go on later with `weft play --resume {}`",
                    path.display(),
                    self.table.answers().len(),
                    path.display()
                ));
            }
            Err(e) => screen.say(&format!("error: could not save {}: {e}", path.display())),
        }
    }

    /// Saves to `--save` after an answer, quietly unless it fails.
    fn autosave<R: BufRead, W: Write>(&mut self, screen: &mut Screen<R, W>) {
        if let Some(path) = &self.save {
            match std::fs::write(path, self.table.replay().to_json()) {
                Ok(()) => self.unsaved = false,
                Err(e) => screen.say(&format!("error: could not save {}: {e}", path.display())),
            }
        }
    }

    /// The end of input: leaves, saying whether the game was kept.
    fn leave<R: BufRead, W: Write>(
        &mut self,
        screen: &mut Screen<R, W>,
    ) -> anyhow::Result<ExitCode> {
        screen.say("");
        if self.unsaved && self.table.result().is_none() {
            screen.say("input ended; the game was not saved");
        }
        Ok(ExitCode::SUCCESS)
    }
}
