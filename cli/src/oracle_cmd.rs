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
pub mod generate;
pub mod hexfloat;

use engine::{Chunk, FirstLine, Issue, Kind, Layout, OUTCOMES};
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
TESTS AND COLUMNS (CSV as RFC 4180 writes it: one query per line, fields separated by
commas, optionally in double quotes, \"\" for a quote inside, a quoted field ends on its
line):{columns}
The first line is a header only when its fields are exactly these names (plus `answer`
for an answer column). Any other first line is data: a malformed field there is an
error naming line 1 and its column, and a first line without any number is taken for a
misspelled header and its first wrong name is reported. No row is ever dropped: every
line is a row (one answer), the header, a skipped line, or an error. Blank lines and
lines starting with # are skipped and listed (FILE:LINE: skipped ...) on standard error.
FILE `-` reads standard input.
Numbers: decimal notation as Rust's f64 parser (with --f32, its f32 parser) reads it,
correctly rounded: 0.1, -2e-300, 1E5, .5; C99 hexadecimal floats as printf(\"%a\")
writes them, read exactly and correctly rounded (to f32 with --f32): 0x1.8p+1, -0x0p+0,
0x1.fffffep+127. inf, infinity, nan (any case, signed) and C's nan(...) are read and
reported as non-finite (the row is answered `invalid`), as are numbers that overflow
(1e400, 0x1p1024). Every row of a file has the same number of columns; the answer
column is present when the header or the first row has one more column than the test's
inputs.

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

/// Options of `isect oracle`: `isect oracle TEST FILE` answers a file of queries;
/// `isect oracle generate TEST ...` writes one.
#[derive(clap::Args, Debug)]
#[command(
    after_long_help = help_text(),
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct OracleArgs {
    /// `generate`: write adversarial queries instead of answering them.
    #[command(subcommand)]
    pub command: Option<OracleCommand>,
    // The test's name (help: the names of the library's kinds).
    #[arg(help = test_help(), required = true)]
    pub test: Option<String>,
    /// The query file (CSV or JSON Lines; `-` for standard input; see --help for the
    /// columns).
    #[arg(required = true)]
    pub file: Option<PathBuf>,
    /// Write the answers to this file instead of standard output (replaced atomically).
    #[arg(long, short)]
    pub out: Option<PathBuf>,
    /// The input format.
    #[arg(long, value_enum, default_value_t = Format::Auto)]
    pub format: Format,
    /// Read the numbers as f32 (rounded to f32 as a C or GPU program would read them).
    #[arg(long)]
    pub f32: bool,
    /// How many disagreements, non-finite rows and skipped lines to list on standard error
    /// (each also counted in the summary).
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

/// The subcommands of `isect oracle`.
#[derive(clap::Subcommand, Debug)]
pub enum OracleCommand {
    /// Write adversarial queries of a test as CSV, with their exact answers, for a kernel
    /// in any language to answer (then check its answers with `isect oracle TEST FILE`).
    Generate(generate::GenerateArgs),
}

/// Runs the oracle over a file, or `isect oracle generate`.
pub fn run(args: &OracleArgs) -> Result<ExitCode, String> {
    if let Some(OracleCommand::Generate(g)) = &args.command {
        return Ok(match generate::run(g) {
            Ok(()) => ExitCode::SUCCESS,
            Err(Fatal(message)) => {
                eprintln!("isect: {message}");
                ExitCode::from(2)
            }
        });
    }
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

/// What reading a file of queries found, over the whole file.
#[derive(Debug, Default)]
pub struct Summary {
    /// Data rows read (one answer each).
    pub rows: u64,
    /// Rows whose given answer agrees with the exact one.
    pub agree: u64,
    /// Disagreements per [`OUTCOMES`] entry.
    pub outcomes: [u64; 5],
    /// Rows with a non-finite value (answered `invalid`).
    pub invalid_rows: u64,
    /// The first disagreements: (line, exact, given).
    pub disagreements: Vec<(u64, i8, i8)>,
    /// The first non-finite reports: (line, column, message).
    pub invalid: Vec<(u64, usize, String)>,
    /// Lines skipped: blank lines, and in CSV comment lines (`#`).
    pub skipped: u64,
    /// The first skipped lines: (line, what it was).
    pub skipped_lines: Vec<(u64, String)>,
    /// The line of the header, if the file has one.
    pub header: Option<u64>,
}

/// How [`read_queries`] reads its input.
#[derive(Clone, Copy, Debug)]
pub struct ReadOptions {
    /// The test kind.
    pub kind: Kind,
    /// JSON Lines rather than CSV.
    pub jsonl: bool,
    /// Read the numbers as `f32`.
    pub f32: bool,
    /// How many non-finite and skipped lines to keep for the report.
    pub keep: usize,
    /// How many disagreements to keep.
    pub keep_disagreements: usize,
}

/// Why [`read_queries`] stopped: a malformed line (1-based line and column), or the
/// output could not be written.
#[derive(Debug)]
pub enum ReadError {
    /// A malformed line: nothing after it was read.
    At {
        line: u64,
        column: usize,
        message: String,
    },
    /// Writing the answers failed.
    Output(String),
}

fn run_inner(args: &OracleArgs) -> Result<ExitCode, Fatal> {
    let test = args.test.as_deref().unwrap_or_default();
    let kind = engine::kind_named(test).ok_or_else(|| {
        let names: Vec<&str> = KINDS.iter().map(|k| k.name).collect();
        Fatal(format!(
            "unknown test `{test}`: expected one of {}",
            names.join(", ")
        ))
    })?;
    let path = args.file.clone().unwrap_or_else(|| PathBuf::from("-"));
    let stdin = path.as_os_str() == "-";
    let shown = if stdin {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let (mut input, size): (Box<dyn Read>, u64) = if stdin {
        (Box::new(std::io::stdin().lock()), 0)
    } else {
        let file = File::open(&path).map_err(|e| Fatal(format!("{shown}: cannot read: {e}")))?;
        let size = file.metadata().map(|m| m.len()).unwrap_or(0);
        (Box::new(file), size)
    };
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
    let options = ReadOptions {
        kind,
        jsonl,
        f32: args.f32,
        keep: args.max_report,
        keep_disagreements: disagreement_cap(args),
    };

    let mut sink = Sink::new(args.out.as_deref())?;
    // A progress bar on standard error for big files (hidden when it is not a terminal).
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
    let result = read_queries(
        &mut input,
        &options,
        &mut |bytes| sink.write(bytes).map_err(|Fatal(m)| m),
        Some(&progress),
    );
    progress.finish_and_clear();
    let totals = match result {
        Ok(t) => t,
        Err(e) => {
            sink.discard();
            return Err(match e {
                ReadError::At {
                    line,
                    column,
                    message,
                } => Fatal(format!("{shown}:{line}:{column}: {message}")),
                ReadError::Output(message) => Fatal(message),
            });
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
    for (line, what) in totals.skipped_lines.iter().take(keep) {
        eprintln!("{shown}:{line}: {what}");
    }
    let listed = keep.min(totals.skipped_lines.len());
    if totals.skipped as usize > listed {
        eprintln!(
            "{shown}: ... {} more skipped lines",
            totals.skipped as usize - listed
        );
    }
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
        if let Some(line) = totals.header {
            summary += &format!(", header on line {line}");
        }
        if totals.skipped > 0 {
            summary += &format!(", {} lines skipped (blank or comment)", totals.skipped);
        }
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

/// Reads a whole file of queries from `input` and hands the answers, one line per data
/// row in order, to `out` (advancing `progress` by the bytes read); returns what it
/// found, or the first malformed line.
///
/// Every line of the input is accounted for: a data row (one answer), the header (CSV:
/// only a first line whose fields are exactly the kind's column names, see
/// [`engine::csv_first_line`]), a skipped blank or comment line (counted and listed in
/// the [`Summary`]), or the error that stops the reading. The input is read in blocks of
/// whole lines, each cut into pieces scanned in parallel (rayon); line numbers and output
/// order are those of the input.
///
/// # Errors
///
/// [`ReadError::At`] for the first malformed line (nothing after it is read; what was
/// handed to `out` before must be discarded), [`ReadError::Output`] when `out` fails.
pub fn read_queries(
    input: &mut dyn Read,
    options: &ReadOptions,
    out: &mut dyn FnMut(&[u8]) -> Result<(), String>,
    progress: Option<&indicatif::ProgressBar>,
) -> Result<Summary, ReadError> {
    let kind = options.kind;
    let jsonl = options.jsonl;
    let at = |line: u64, column: usize, message: &str| ReadError::At {
        line,
        column,
        message: message.to_string(),
    };
    let mut totals = Summary::default();
    let mut buf: Vec<u8> = Vec::with_capacity(BLOCK + PIECE);
    let mut line_base: u64 = 1; // the absolute number of the next line
    let mut layout: Option<Layout> = None;
    let mut eof = false;
    while !eof {
        // Fill the buffer up to BLOCK (after the carried-over partial line).
        let start = buf.len();
        buf.resize(start + BLOCK, 0);
        let mut filled = start;
        while filled < buf.len() {
            let n = match input.read(&mut buf[filled..]) {
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(at(line_base, 1, &format!("read failed: {e}"))),
            };
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
            // The first line that is not blank or a comment decides the header and the
            // answer column; the skipped lines before it are recorded like the others.
            let mut first: Option<&str> = None;
            while !text.is_empty() {
                let end = text.find('\n').map_or(text.len(), |p| p + 1);
                let line = text[..end].strip_suffix('\n').unwrap_or(&text[..end]);
                let Some(what) = engine::skipped_kind(line, !jsonl) else {
                    first = Some(line);
                    break;
                };
                totals.skipped += 1;
                if totals.skipped_lines.len() < options.keep {
                    totals
                        .skipped_lines
                        .push((line_base, format!("skipped {what}")));
                }
                text = &text[end..];
                line_base += 1;
            }
            let Some(line) = first else {
                if eof {
                    break;
                }
                continue_with_carry(&mut buf, cut);
                continue;
            };
            let answers = if jsonl {
                engine::jsonl_has_answer(kind, line).unwrap_or(false)
            } else {
                match engine::csv_first_line(kind, line, options.f32) {
                    Err(Issue {
                        column, message, ..
                    }) => return Err(at(line_base, column, &message)),
                    Ok(FirstLine::Header { answers }) => {
                        totals.header = Some(line_base);
                        let end = text.find('\n').map_or(text.len(), |p| p + 1);
                        text = &text[end..];
                        line_base += 1;
                        answers
                    }
                    Ok(FirstLine::Data { answers }) => answers,
                }
            };
            layout = Some(Layout {
                kind,
                answers,
                f32: options.f32,
                keep: options.keep,
                keep_disagreements: options.keep_disagreements,
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
            out(&chunk.out).map_err(ReadError::Output)?;
            totals.rows += chunk.rows;
            totals.agree += chunk.agree;
            totals.invalid_rows += chunk.invalid_rows;
            totals.skipped += chunk.skipped;
            for k in 0..5 {
                totals.outcomes[k] += chunk.outcomes[k];
            }
            for d in chunk.disagreements {
                if totals.disagreements.len() < options.keep_disagreements {
                    totals
                        .disagreements
                        .push((line_base + d.line, d.exact, d.given));
                }
            }
            for i in chunk.invalid {
                if totals.invalid.len() < options.keep {
                    totals
                        .invalid
                        .push((line_base + i.line, i.column, i.message));
                }
            }
            for s in chunk.skipped_lines {
                if totals.skipped_lines.len() < options.keep {
                    totals.skipped_lines.push((line_base + s.line, s.message));
                }
            }
            line_base += piece.split_terminator('\n').count() as u64;
        }
        if let Some(bar) = progress {
            bar.inc(cut as u64);
        }
        continue_with_carry(&mut buf, cut);
    }
    if totals.rows == 0 {
        return Err(at(
            line_base,
            1,
            &format!(
                "no data rows: expected rows of {} values ({}){}",
                kind.arity(),
                kind.columns.join(","),
                if totals.header.is_some() {
                    " after the header"
                } else if layout.is_none() {
                    " (nothing but blank or comment lines)"
                } else {
                    ""
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
