//! `isect oracle TEST FILE`: exact answers for a file of queries, and the disagreements
//! with the file's own answers.
//!
//! The file is read in blocks of whole lines; each block is cut into pieces scanned in
//! parallel (rayon) by the hand-written scanner in `oracle_cmd/engine.rs`, and the
//! pieces' answers are written in order, so line numbers and output order are those of
//! the file. Output goes to a temporary file next to `--out` that is renamed into place
//! only when the whole input was read without error (or, for standard output, is held
//! in memory and printed at the end): a malformed file never leaves half an answer file.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use rayon::prelude::*;

pub mod engine;

use engine::{Chunk, Issue, Kind, Layout, OUTCOMES};
use isect::oracle::KINDS;

/// The long help after the options: the general rules, with each test's columns, JSON
/// keys and meaning taken from the library's kinds.
fn help_text() -> String {
    let mut columns = String::new();
    let mut keys = String::new();
    let mut meanings = String::new();
    for kind in &KINDS {
        let name = kind.name;
        columns += &format!("\n  {name:<13} {}[,answer]", kind.columns.join(","));
        let points: Vec<String> = kind
            .points
            .iter()
            .map(|(key, _)| format!("\"{key}\":[..]"))
            .collect();
        keys += &format!("\n  {name:<13} {{{}}}", points.join(","));
        meanings += &format!("\n  {name:<13} {}", wrap(kind.meaning, 16, 88));
    }
    format!(
        "\
TESTS AND COLUMNS (CSV: one query per line, values separated by commas; an optional
header line, recognised by a first field that is not a number; blank lines and lines
starting with # are skipped):{columns}
Numbers: decimal notation as Rust's f64 parser (with --f32, its f32 parser) reads it,
correctly rounded: 0.1, -2e-300, 1E5, .5; inf, infinity and nan are read and reported as
non-finite, as are numbers that overflow (1e400). Every row of a
file has the same number of columns; the answer column is present when the header or
the first row has one more column than the test's inputs.

JSON LINES (.jsonl, .ndjson, .json or --format jsonl): each line is an array of the
same values in the same order ([ax, ay, ..., answer]), or an object with the points by
name, plus \"answer\" if any:{keys}
Non-finite values may be given as strings (\"inf\", \"nan\"). With --f32, JSON numbers are
read to the nearest f64 and then rounded to f32 (CSV fields go straight to f32).

SEMANTICS AND ANSWERS: sign tests answer -1, 0 or 1 (Shewchuk's conventions), the others
1 (hit, intersect) or 0 (miss):{meanings}
The file's answers may be written -1/0/1, negative/zero/positive (signs) or 1/0,
true/false, hit/miss (the others).

OUTPUT: one line per query row, in order: the exact answer, or `invalid` for a row with a
non-finite value. Disagreements (FILE:LINE: ..., the first --max-report of them),
non-finite reports (FILE:LINE:COLUMN: ...) and a summary go to standard error; with
--disagreements FILE, every disagreement also goes to FILE as CSV rows
line,exact,given,kind (kind: wrong sign, false zero, missed zero, false hit or miss).

EXIT CODES: 0 every row answered (and every given answer right); 1 some given answers
disagree with the exact ones; 2 error: unknown test, unreadable or malformed file
(FILE:LINE:COLUMN: message; no output written); 3 some rows had non-finite values
(answered `invalid`) and no given answer disagreed."
    )
}

/// `text` broken into lines of at most `width` characters where its words allow, the
/// lines after the first indented by `indent` spaces (the first line starts at column
/// `indent`).
fn wrap(text: &str, indent: usize, width: usize) -> String {
    let mut out = String::new();
    let mut column = indent;
    for word in text.split_whitespace() {
        if column > indent && column + 1 + word.len() > width {
            out += "\n";
            out += &" ".repeat(indent);
            column = indent;
        } else if column > indent {
            out += " ";
            column += 1;
        }
        out += word;
        column += word.len();
    }
    out
}

/// The help of the TEST argument: the names of the tests.
fn test_help() -> String {
    let names: Vec<&str> = KINDS.iter().map(|k| k.name).collect();
    format!("The test: {}.", names.join(", "))
}

/// Input format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// By file extension: .jsonl, .ndjson and .json are JSON Lines, anything else CSV.
    Auto,
    /// Comma-separated values.
    Csv,
    /// One JSON array or object per line.
    Jsonl,
}

/// Options of `isect oracle`.
#[derive(clap::Args, Debug)]
#[command(after_long_help = help_text())]
pub struct OracleArgs {
    // The test's name (help: the names of the library's kinds).
    #[arg(help = test_help())]
    pub test: String,
    /// The query file (CSV or JSON Lines; see --help for the columns).
    pub file: PathBuf,
    /// Write the answers to this file instead of standard output (replaced atomically).
    #[arg(long, short)]
    pub out: Option<PathBuf>,
    /// The input format.
    #[arg(long, value_enum, default_value_t = Format::Auto)]
    pub format: Format,
    /// Read the numbers as f32 (rounded to f32 as a C or GPU program would read them).
    #[arg(long)]
    pub f32: bool,
    /// How many disagreements and non-finite rows to list on standard error.
    #[arg(long, default_value_t = 20)]
    pub max_report: usize,
    /// Also write every disagreement to this CSV file (`line,exact,given,kind`; replaced
    /// atomically, written only when the whole input was read).
    #[arg(long, value_name = "FILE")]
    pub disagreements: Option<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print no summary (still the errors, disagreements and non-finite reports).
    #[arg(long, short)]
    pub quiet: bool,
}

/// Bytes read per block (the last partial line is carried over).
const BLOCK: usize = 8 << 20;
/// Bytes per piece scanned by one rayon task.
const PIECE: usize = 256 << 10;
/// Files at least this big get a progress bar (on a terminal).
const PROGRESS_BYTES: u64 = 64 << 20;

/// A fatal error: printed as `isect: MESSAGE`, exit code 2.
struct Fatal(String);

/// Runs the oracle over a file.
pub fn run(args: &OracleArgs) -> Result<ExitCode, String> {
    let pool = match args.threads {
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build()
            .map_err(|e| e.to_string())?,
        None => rayon::ThreadPoolBuilder::new()
            .build()
            .map_err(|e| e.to_string())?,
    };
    match pool.install(|| run_inner(args)) {
        Ok(code) => Ok(code),
        Err(Fatal(message)) => {
            eprintln!("isect: {message}");
            Ok(ExitCode::from(2))
        }
    }
}

/// Where answers go until the run succeeds.
enum Sink {
    Memory(Vec<u8>),
    Temp {
        writer: BufWriter<File>,
        temp: PathBuf,
        target: PathBuf,
    },
}

impl Sink {
    fn new(out: Option<&Path>) -> Result<Sink, Fatal> {
        let Some(target) = out.filter(|p| p.as_os_str() != "-") else {
            return Ok(Sink::Memory(Vec::new()));
        };
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = target
            .file_name()
            .ok_or_else(|| Fatal(format!("{}: not a file name", target.display())))?;
        let temp = dir.join(format!(
            ".{}.isect-tmp-{}",
            name.to_string_lossy(),
            std::process::id()
        ));
        let file = File::create(&temp)
            .map_err(|e| Fatal(format!("{}: cannot create: {e}", temp.display())))?;
        Ok(Sink::Temp {
            writer: BufWriter::with_capacity(1 << 20, file),
            temp,
            target: target.to_path_buf(),
        })
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), Fatal> {
        match self {
            Sink::Memory(v) => {
                v.extend_from_slice(bytes);
                Ok(())
            }
            Sink::Temp { writer, temp, .. } => writer
                .write_all(bytes)
                .map_err(|e| Fatal(format!("{}: write failed: {e}", temp.display()))),
        }
    }

    /// Moves the answers into place.
    fn commit(self) -> Result<(), Fatal> {
        match self {
            Sink::Memory(v) => {
                let mut out = std::io::stdout().lock();
                out.write_all(&v)
                    .and_then(|_| out.flush())
                    .map_err(|e| Fatal(format!("standard output: {e}")))
            }
            Sink::Temp {
                writer,
                temp,
                target,
            } => {
                let file = writer
                    .into_inner()
                    .map_err(|e| Fatal(format!("{}: write failed: {e}", temp.display())))?;
                file.sync_all().ok();
                drop(file);
                std::fs::rename(&temp, &target).map_err(|e| {
                    let _ = std::fs::remove_file(&temp);
                    Fatal(format!("{}: cannot write: {e}", target.display()))
                })
            }
        }
    }

    /// Removes the temporary file.
    fn discard(self) {
        if let Sink::Temp { writer, temp, .. } = self {
            drop(writer);
            let _ = std::fs::remove_file(&temp);
        }
    }
}

/// Totals over the file.
#[derive(Default)]
struct Totals {
    rows: u64,
    agree: u64,
    outcomes: [u64; 5],
    invalid_rows: u64,
    /// (absolute line, exact, given)
    disagreements: Vec<(u64, i8, i8)>,
    invalid: Vec<(u64, usize, String)>,
}

fn run_inner(args: &OracleArgs) -> Result<ExitCode, Fatal> {
    let kind = engine::kind_named(&args.test).ok_or_else(|| {
        let names: Vec<&str> = KINDS.iter().map(|k| k.name).collect();
        Fatal(format!(
            "unknown test `{}`: expected one of {}",
            args.test,
            names.join(", ")
        ))
    })?;
    let path = &args.file;
    let shown = path.display().to_string();
    let mut file = File::open(path).map_err(|e| Fatal(format!("{shown}: cannot read: {e}")))?;
    let jsonl = match args.format {
        Format::Csv => false,
        Format::Jsonl => true,
        Format::Auto => matches!(
            path.extension()
                .and_then(|e| e.to_str())
                .map(str::to_ascii_lowercase)
                .as_deref(),
            Some("jsonl" | "ndjson" | "json")
        ),
    };
    let at = |line: u64, column: usize, message: &str| {
        Fatal(format!("{shown}:{line}:{column}: {message}"))
    };

    let mut sink = Sink::new(args.out.as_deref())?;
    let result = scan_file(args, kind, jsonl, &mut file, &mut sink, &at);
    let totals = match result {
        Ok(t) => t,
        Err(e) => {
            sink.discard();
            return Err(e);
        }
    };
    if let Some(path) = &args.disagreements {
        let mut list = Sink::new(Some(path))?;
        let mut text = String::from("line,exact,given,kind\n");
        for &(line, exact, given) in &totals.disagreements {
            text += &format!(
                "{line},{exact},{given},{}\n",
                OUTCOMES[engine::outcome(kind, exact, given)].name()
            );
        }
        if let Err(e) = list.write(text.as_bytes()) {
            list.discard();
            sink.discard();
            return Err(e);
        }
        if let Err(e) = list.commit() {
            sink.discard();
            return Err(e);
        }
    }
    sink.commit()?;

    // Reports.
    let keep = args.max_report;
    for (line, column, message) in totals.invalid.iter().take(keep) {
        eprintln!("{shown}:{line}:{column}: {message}");
    }
    if totals.invalid_rows as usize > keep.min(totals.invalid.len()) {
        eprintln!(
            "{shown}: ... {} more rows with non-finite values",
            totals.invalid_rows as usize - keep.min(totals.invalid.len())
        );
    }
    for &(line, exact, given) in totals.disagreements.iter().take(keep) {
        eprintln!(
            "{shown}:{line}: disagreement: exact {}, file says {} ({})",
            engine::answer_text(kind, exact),
            engine::answer_text(kind, given),
            OUTCOMES[engine::outcome(kind, exact, given)].name()
        );
    }
    let disagreements: u64 = totals.outcomes.iter().sum();
    if disagreements as usize > keep.min(totals.disagreements.len()) {
        eprintln!(
            "{shown}: ... {} more disagreements",
            disagreements as usize - keep.min(totals.disagreements.len())
        );
    }
    if !args.quiet {
        let mut summary = format!(
            "isect oracle {}: {} rows, {} non-finite",
            kind.name, totals.rows, totals.invalid_rows
        );
        if totals.agree + disagreements > 0 {
            summary += &format!(
                ", {} answers checked: {} agree, {} disagree",
                totals.agree + disagreements,
                totals.agree,
                disagreements
            );
            let parts: Vec<String> = OUTCOMES
                .iter()
                .zip(totals.outcomes)
                .filter(|(_, n)| *n > 0)
                .map(|(outcome, n)| format!("{} {n}", outcome.name()))
                .collect();
            if !parts.is_empty() {
                summary += &format!(" ({})", parts.join(", "));
            }
        }
        eprintln!("{summary}");
    }
    Ok(if disagreements > 0 {
        ExitCode::from(1)
    } else if totals.invalid_rows > 0 {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    })
}

/// Reads `file` block by block and scans it; returns the totals, or the first error.
fn scan_file(
    args: &OracleArgs,
    kind: Kind,
    jsonl: bool,
    file: &mut File,
    sink: &mut Sink,
    at: &dyn Fn(u64, usize, &str) -> Fatal,
) -> Result<Totals, Fatal> {
    // A progress bar on standard error for big files (hidden when it is not a terminal).
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    let progress = if size >= PROGRESS_BYTES && !args.quiet {
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(size),
            indicatif::ProgressDrawTarget::stderr(),
        );
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let result = scan_blocks(args, kind, jsonl, file, sink, at, &progress);
    progress.finish_and_clear();
    result
}

/// [`scan_file`]'s loop over blocks.
fn scan_blocks(
    args: &OracleArgs,
    kind: Kind,
    jsonl: bool,
    file: &mut File,
    sink: &mut Sink,
    at: &dyn Fn(u64, usize, &str) -> Fatal,
    progress: &indicatif::ProgressBar,
) -> Result<Totals, Fatal> {
    let mut totals = Totals::default();
    let mut buf: Vec<u8> = Vec::with_capacity(BLOCK + PIECE);
    let mut line_base: u64 = 1; // the absolute number of the next line
    let mut layout: Option<Layout> = None;
    let mut eof = false;
    let mut any_data = false;
    while !eof {
        // Fill the buffer up to BLOCK (after the carried-over partial line).
        let start = buf.len();
        buf.resize(start + BLOCK, 0);
        let mut filled = start;
        while filled < buf.len() {
            let n = file
                .read(&mut buf[filled..])
                .map_err(|e| at(line_base, 1, &format!("read failed: {e}")))?;
            if n == 0 {
                eof = true;
                break;
            }
            filled += n;
        }
        buf.truncate(filled);
        if buf.is_empty() {
            break;
        }
        // Whole lines only, unless at the end of the file.
        let cut = if eof {
            buf.len()
        } else {
            match buf.iter().rposition(|&b| b == b'\n') {
                Some(p) => p + 1,
                // A line longer than the block: read on (the buffer grows).
                None => continue,
            }
        };
        let text = match std::str::from_utf8(&buf[..cut]) {
            Ok(t) => t,
            Err(e) => {
                let before = &buf[..e.valid_up_to()];
                let line = line_base + before.iter().filter(|&&b| b == b'\n').count() as u64;
                let col = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
                return Err(at(line, col, "invalid UTF-8"));
            }
        };
        let mut text = text;
        if layout.is_none() {
            // The first non-blank line decides the header and the answer column.
            let mut skipped = 0usize;
            let mut rest = text;
            let mut first: Option<&str> = None;
            while !rest.is_empty() {
                let end = rest.find('\n').map_or(rest.len(), |p| p + 1);
                let line = rest[..end].trim_end_matches(['\n', '\r']);
                if line.trim().is_empty() || (!jsonl && line.starts_with('#')) {
                    skipped += end;
                    rest = &rest[end..];
                    line_base += 1;
                    continue;
                }
                first = Some(line);
                break;
            }
            text = &text[skipped..];
            let Some(line) = first else {
                if eof {
                    break;
                }
                continue_with_carry(&mut buf, cut);
                continue;
            };
            let arity = kind.arity();
            let answers = if jsonl {
                engine::jsonl_has_answer(kind, line).unwrap_or(false)
            } else {
                let n = engine::csv_fields(line);
                if n != arity && n != arity + 1 {
                    return Err(at(
                        line_base,
                        1,
                        &format!(
                            "expected {arity} columns ({}) or {} with an answer column, found {n}",
                            kind.columns.join(","),
                            arity + 1
                        ),
                    ));
                }
                if engine::csv_is_header(line) {
                    let end = text.find('\n').map_or(text.len(), |p| p + 1);
                    text = &text[end..];
                    line_base += 1;
                }
                n == arity + 1
            };
            layout = Some(Layout {
                kind,
                answers,
                f32: args.f32,
                keep: args.max_report,
                keep_disagreements: disagreement_cap(args),
            });
        }
        let lay = layout.expect("set above");
        // Cut into pieces at line ends and scan them in parallel.
        let mut pieces: Vec<&str> = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let end = if rest.len() <= PIECE {
                rest.len()
            } else {
                rest[PIECE..]
                    .find('\n')
                    .map_or(rest.len(), |p| PIECE + p + 1)
            };
            pieces.push(&rest[..end]);
            rest = &rest[end..];
        }
        let chunks: Vec<Chunk> = pieces
            .par_iter()
            .map(|piece| {
                let mut chunk = Chunk::default();
                if jsonl {
                    engine::scan_jsonl(&lay, piece, &mut chunk);
                } else {
                    engine::scan_csv(&lay, piece, &mut chunk);
                }
                chunk
            })
            .collect();
        for (piece, chunk) in pieces.iter().zip(chunks) {
            if let Some(Issue {
                line,
                column,
                message,
            }) = chunk.error
            {
                return Err(at(line_base + line, column, &message));
            }
            sink.write(&chunk.out)?;
            any_data |= chunk.rows > 0;
            totals.rows += chunk.rows;
            totals.agree += chunk.agree;
            totals.invalid_rows += chunk.invalid_rows;
            for k in 0..5 {
                totals.outcomes[k] += chunk.outcomes[k];
            }
            for d in chunk.disagreements {
                if totals.disagreements.len() < disagreement_cap(args) {
                    totals
                        .disagreements
                        .push((line_base + d.line, d.exact, d.given));
                }
            }
            for i in chunk.invalid {
                if totals.invalid.len() < args.max_report {
                    totals
                        .invalid
                        .push((line_base + i.line, i.column, i.message));
                }
            }
            line_base += piece.split_terminator('\n').count() as u64;
        }
        progress.inc(cut as u64);
        continue_with_carry(&mut buf, cut);
    }
    if !any_data {
        return Err(at(
            line_base,
            1,
            &format!(
                "no data rows: expected rows of {} values ({}){}",
                kind.arity(),
                kind.columns.join(","),
                if layout.is_some() {
                    " after the header"
                } else {
                    " (empty file)"
                }
            ),
        ));
    }
    Ok(totals)
}

/// How many disagreements to collect: all of them for `--disagreements`, else the ones
/// listed on standard error.
fn disagreement_cap(args: &OracleArgs) -> usize {
    if args.disagreements.is_some() {
        usize::MAX
    } else {
        args.max_report
    }
}

/// Keeps the bytes after `cut` (a partial last line) at the start of `buf`.
fn continue_with_carry(buf: &mut Vec<u8>, cut: usize) {
    buf.drain(..cut);
}
