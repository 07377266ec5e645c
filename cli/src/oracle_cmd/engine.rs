//! The scanning and evaluating core of `isect oracle`: test kinds, row parsing (CSV and
//! JSON Lines) and exact answers, over one chunk of whole lines at a time.
//!
//! The kinds, their columns and their exact answers come from the library
//! ([`isect::oracle::KINDS`]); hexadecimal floats from [`super::hexfloat`]. It uses
//! nothing else but `serde_json` and `std`; the throughput bench and the fuzz target
//! `oracle_file` drive it directly.

use std::borrow::Cow;

use isect::oracle::{AnswerForm, KindInfo, Outcome, KINDS};

use super::hexfloat::{is_hex, parse_hex};

/// A test kind of `isect oracle`: one of the library's [`KINDS`], so a kind added to
/// the library is a kind of the command line.
pub type Kind = &'static KindInfo;

/// The kind named `name` (also accepting `_` for `-`, any case, surrounding spaces).
pub fn kind_named(name: &str) -> Option<Kind> {
    let n = name.trim().to_ascii_lowercase().replace('_', "-");
    KINDS.iter().find(|k| k.name == n)
}

/// The most values a row of any kind has.
pub const MAX_ARITY: usize = {
    let mut max = 0;
    let mut i = 0;
    while i < KINDS.len() {
        if KINDS[i].columns.len() > max {
            max = KINDS[i].columns.len();
        }
        i += 1;
    }
    max
};

/// Whether the answer is a sign (predicates) rather than hit/miss.
pub fn is_sign(kind: Kind) -> bool {
    kind.answer == AnswerForm::Sign
}

/// The exact answer for one row of finite values: −1, 0, 1 for signs; 0 (miss) or
/// 1 (hit) for the others.
#[inline]
pub fn evaluate(kind: Kind, v: &[f64]) -> i8 {
    kind.exact(v)
}

/// The text of an answer code.
pub fn answer_text(kind: Kind, code: i8) -> &'static str {
    match (is_sign(kind), code) {
        (true, -1) => "negative",
        (true, 0) => "zero",
        (true, _) => "positive",
        (false, 0) => "miss",
        (false, _) => "hit",
    }
}

/// Parses a user's answer: signs as `-1`/`0`/`1`/`+1` or `negative`/`zero`/`positive`
/// (also `neg`, `pos`, `-`, `+`); hits as `1`/`0`, `true`/`false`, `hit`/`miss`,
/// `yes`/`no`. Case-insensitive.
pub fn parse_answer(kind: Kind, s: &str) -> Option<i8> {
    let t = s.trim();
    let lower;
    let t = if t.bytes().any(|b| b.is_ascii_uppercase()) {
        lower = t.to_ascii_lowercase();
        lower.as_str()
    } else {
        t
    };
    if is_sign(kind) {
        match t {
            "-1" | "negative" | "neg" | "-" | "-1.0" => Some(-1),
            "0" | "zero" | "0.0" | "-0" => Some(0),
            "1" | "+1" | "positive" | "pos" | "+" | "1.0" => Some(1),
            _ => None,
        }
    } else {
        match t {
            "1" | "true" | "hit" | "yes" | "intersect" | "intersects" => Some(1),
            "0" | "false" | "miss" | "no" | "disjoint" => Some(0),
            _ => None,
        }
    }
}

fn expected_answers(kind: Kind) -> &'static str {
    if is_sign(kind) {
        "-1, 0, 1, negative, zero or positive"
    } else {
        "1, 0, true, false, hit or miss"
    }
}

/// How a user's answer differs from the exact one (index into [`OUTCOMES`]).
pub fn outcome(kind: Kind, exact: i8, given: i8) -> usize {
    if is_sign(kind) {
        match (exact, given) {
            (0, _) => 2, // missed zero
            (_, 0) => 1, // false zero
            _ => 0,      // wrong sign
        }
    } else if given == 1 {
        3 // false hit
    } else {
        4 // miss
    }
}

/// The disagreement kinds, by [`outcome`] index (named by [`Outcome::name`]).
pub const OUTCOMES: [Outcome; 5] = [
    Outcome::WrongSign,
    Outcome::FalseZero,
    Outcome::MissedZero,
    Outcome::FalseHit,
    Outcome::Miss,
];

/// A message about a line of the chunk (line relative to the chunk's first, from 0;
/// column 1-based, in bytes).
#[derive(Clone, Debug)]
pub struct Issue {
    pub line: u64,
    pub column: usize,
    pub message: String,
}

/// A disagreement: line (relative), exact answer, the file's answer.
#[derive(Clone, Copy, Debug)]
pub struct Disagreement {
    pub line: u64,
    pub exact: i8,
    pub given: i8,
}

/// What scanning a chunk found.
#[derive(Debug, Default)]
pub struct Chunk {
    /// The answers, one line per data row.
    pub out: Vec<u8>,
    /// Lines in the chunk.
    pub lines: u64,
    /// Data rows.
    pub rows: u64,
    /// Rows with an answer column that agree.
    pub agree: u64,
    /// Counts per [`OUTCOMES`] entry.
    pub outcomes: [u64; 5],
    /// The first disagreements (at most `keep`).
    pub disagreements: Vec<Disagreement>,
    /// Rows with a non-finite value (answered `invalid`).
    pub invalid_rows: u64,
    /// The first non-finite reports (at most `keep`).
    pub invalid: Vec<Issue>,
    /// The first malformed line: scanning stops there.
    pub error: Option<Issue>,
    /// Lines skipped (blank lines; in CSV, comment lines starting with `#`).
    pub skipped: u64,
    /// The first skipped lines (at most `keep`), each with what it was.
    pub skipped_lines: Vec<Issue>,
}

/// How to read the rows of a file.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub kind: Kind,
    /// Whether rows carry an answer column.
    pub answers: bool,
    /// Read numbers as `f32` (then widened exactly).
    pub f32: bool,
    /// How many non-finite reports to keep per chunk.
    pub keep: usize,
    /// How many disagreements to keep per chunk.
    pub keep_disagreements: usize,
}

impl Layout {
    fn columns(&self) -> usize {
        self.kind.arity() + self.answers as usize
    }
}

/// A number field: a decimal as Rust's `f64` (`f32`) parser reads it, correctly rounded;
/// a C99 hexadecimal constant (`0x1.8p+1`, read exactly by [`parse_hex`]); or a
/// non-finite value as Rust or C's `printf`/`strtod` spell it (`inf`, `-INFINITY`,
/// `nan`, `-nan`, `nan(...)`: returned as the infinity or a NaN, reported by the scan).
#[inline]
pub fn parse_number(field: &str, f32: bool) -> Option<f64> {
    if is_hex(field) {
        return parse_hex(field, f32);
    }
    let parsed = if f32 {
        field.parse::<f32>().ok().map(f64::from)
    } else {
        field.parse::<f64>().ok()
    };
    parsed.or_else(|| c_nan(field))
}

/// C's `NAN(n-char-sequence)` (what `strtod` accepts and some `printf`s write, such as
/// `-nan(ind)`): a NaN.
fn c_nan(field: &str) -> Option<f64> {
    let t = field.strip_prefix(['+', '-']).unwrap_or(field);
    let inner = t.get(..4)?.eq_ignore_ascii_case("nan(").then(|| &t[4..])?;
    let inner = inner.strip_suffix(')')?;
    inner
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_')
        .then_some(f64::NAN)
}

#[inline]
fn trim(s: &str) -> &str {
    let b = s.as_bytes();
    if b.first().is_some_and(|c| *c == b' ' || *c == b'\t')
        || b.last()
            .is_some_and(|c| *c == b' ' || *c == b'\t' || *c == b'\r')
    {
        s.trim_matches(|c| c == ' ' || c == '\t' || c == '\r')
    } else {
        s
    }
}

impl Chunk {
    /// Records the result of one data row of finite or non-finite values.
    #[inline]
    fn row(
        &mut self,
        layout: &Layout,
        line: u64,
        values: &[f64],
        given: Option<i8>,
        bad: Option<(usize, String)>,
    ) {
        self.rows += 1;
        if let Some((column, text)) = bad {
            self.invalid_rows += 1;
            if self.invalid.len() < layout.keep {
                self.invalid.push(Issue {
                    line,
                    column,
                    message: format!("non-finite value {text}: row answered `invalid`"),
                });
            }
            self.out.extend_from_slice(b"invalid\n");
            return;
        }
        let exact = evaluate(layout.kind, values);
        self.out.extend_from_slice(match exact {
            -1 => b"-1\n",
            0 => b"0\n",
            _ => b"1\n",
        });
        if let Some(given) = given {
            if given == exact {
                self.agree += 1;
            } else {
                self.outcomes[outcome(layout.kind, exact, given)] += 1;
                if self.disagreements.len() < layout.keep_disagreements {
                    self.disagreements.push(Disagreement { line, exact, given });
                }
            }
        }
    }

    fn fail(&mut self, line: u64, column: usize, message: String) {
        self.error = Some(Issue {
            line,
            column,
            message,
        });
    }
}

/// The fields of one CSV line (without its line end), RFC 4180 style: separated by
/// commas; spaces and tabs around a field are not part of it; a field may be enclosed in
/// double quotes (`"1.5"`, `"a,b"`), with `""` for a quote inside. A quoted field ends
/// on its line (no number or answer contains a line break).
///
/// Yields `(column, text)` per field, the column 1-based (in bytes) where the field
/// starts (right after the previous comma), or an error `(column, message)`.
pub struct Fields<'a> {
    line: &'a str,
    start: usize,
    done: bool,
}

impl<'a> Fields<'a> {
    /// The fields of `line`.
    pub fn new(line: &'a str) -> Fields<'a> {
        Fields {
            line,
            start: 0,
            done: false,
        }
    }

    /// A quoted field starting with the quote at `open`: its text and the index of the
    /// comma after it (or the line's length).
    fn quoted(&self, open: usize) -> Result<(Cow<'a, str>, usize), (usize, String)> {
        let bytes = self.line.as_bytes();
        let mut text: Option<String> = None;
        let mut from = open + 1;
        let close = loop {
            let Some(q) = bytes[from..]
                .iter()
                .position(|&b| b == b'"')
                .map(|q| from + q)
            else {
                return Err((
                    open + 1,
                    "unterminated quoted field (a quoted field ends on its line)".into(),
                ));
            };
            if bytes.get(q + 1) == Some(&b'"') {
                // `""`: a quote inside the field.
                text.get_or_insert_with(String::new)
                    .push_str(&self.line[from..=q]);
                from = q + 2;
            } else {
                break q;
            }
        };
        let field: Cow<'a, str> = match text {
            None => Cow::Borrowed(trim(&self.line[open + 1..close])),
            Some(mut t) => {
                t.push_str(&self.line[from..close]);
                Cow::Owned(trim(&t).to_string())
            }
        };
        let mut after = close + 1;
        while after < bytes.len() && matches!(bytes[after], b' ' | b'\t' | b'\r') {
            after += 1;
        }
        if after < bytes.len() && bytes[after] != b',' {
            let c = self.line[after..].chars().next().unwrap_or(' ');
            return Err((
                after + 1,
                format!("unexpected `{c}` after the closing quote of a field"),
            ));
        }
        Ok((field, after))
    }
}

impl<'a> Iterator for Fields<'a> {
    type Item = Result<(usize, Cow<'a, str>), (usize, String)>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let bytes = self.line.as_bytes();
        let start = self.start;
        let mut p = start;
        while p < bytes.len() && matches!(bytes[p], b' ' | b'\t') {
            p += 1;
        }
        let (field, end) = if bytes.get(p) == Some(&b'"') {
            match self.quoted(p) {
                Ok(x) => x,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        } else {
            let end = bytes[start..]
                .iter()
                .position(|&b| b == b',')
                .map_or(bytes.len(), |q| start + q);
            (Cow::Borrowed(trim(&self.line[start..end])), end)
        };
        if end >= bytes.len() {
            self.done = true;
        } else {
            self.start = end + 1;
        }
        Some(Ok((start + 1, field)))
    }
}

/// What a skipped line is: `Some("blank line")` for a line of nothing but spaces, tabs
/// and carriage returns, `Some("comment line")` for a line starting with `#` (when
/// `comments`), `None` for a line to read.
pub fn skipped_kind(line: &str, comments: bool) -> Option<&'static str> {
    if line.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
        Some("blank line")
    } else if comments && line.starts_with('#') {
        Some("comment line")
    } else {
        None
    }
}

impl Chunk {
    /// Records a skipped line (blank, or a comment).
    fn skip(&mut self, layout: &Layout, line: u64, what: &'static str) {
        self.skipped += 1;
        if self.skipped_lines.len() < layout.keep {
            self.skipped_lines.push(Issue {
                line,
                column: 1,
                message: format!("skipped {what}"),
            });
        }
    }
}

/// Scans CSV rows (whole lines) of `text`; line numbers are relative to `text`'s first.
/// Blank lines and lines starting with `#` are skipped and recorded
/// ([`Chunk::skipped`]); fields are read by [`Fields`] (quotes allowed), numbers by
/// [`parse_number`] (decimal or C99 hexadecimal).
pub fn scan_csv(layout: &Layout, text: &str, chunk: &mut Chunk) {
    let arity = layout.kind.arity();
    let want = layout.columns();
    let mut values = [0.0f64; MAX_ARITY];
    let mut line_no: u64 = 0;
    for line in text.split_terminator('\n') {
        let this = line_no;
        line_no += 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        if let Some(what) = skipped_kind(line, true) {
            chunk.skip(layout, this, what);
            continue;
        }
        let mut given = None;
        let mut bad: Option<(usize, String)> = None;
        let mut n = 0usize;
        for field in Fields::new(line) {
            let (column, field) = match field {
                Ok(f) => f,
                Err((column, message)) => {
                    chunk.fail(this, column, message);
                    return;
                }
            };
            if n < arity {
                match parse_number(&field, layout.f32) {
                    Some(x) => {
                        if !x.is_finite() && bad.is_none() {
                            let name = layout.kind.columns[n];
                            bad = Some((column, format!("`{field}` in column {} ({name})", n + 1)));
                        }
                        values[n] = x;
                    }
                    None => {
                        let what = if field.is_empty() {
                            "empty field".to_string()
                        } else {
                            format!("bad number `{field}`")
                        };
                        chunk.fail(
                            this,
                            column,
                            format!("{what} in column {} ({})", n + 1, layout.kind.columns[n]),
                        );
                        return;
                    }
                }
            } else if n == arity && layout.answers {
                match parse_answer(layout.kind, &field) {
                    Some(a) => given = Some(a),
                    None => {
                        chunk.fail(
                            this,
                            column,
                            format!(
                                "bad answer `{field}` in column {}: expected {}",
                                n + 1,
                                expected_answers(layout.kind)
                            ),
                        );
                        return;
                    }
                }
            }
            n += 1;
        }
        if n != want {
            chunk.fail(
                this,
                1,
                format!(
                    "expected {want} columns ({}{}), found {n}",
                    layout.kind.columns.join(","),
                    if layout.answers { ",answer" } else { "" }
                ),
            );
            return;
        }
        chunk.row(layout, this, &values[..arity], given, bad);
    }
    chunk.lines = line_no;
}

/// What the first line of a CSV file that is not blank or a comment is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstLine {
    /// A header: its fields are exactly the kind's column names, plus `answer` when
    /// `answers`.
    Header { answers: bool },
    /// A data row (to be read as such), with an answer column when `answers`.
    Data { answers: bool },
}

/// Decides what the first line of a CSV file is (see [`FirstLine`]), or why it is
/// neither: a header (no field is a number) whose names are not the kind's columns, a
/// row with a wrong number of columns, or an unreadable quoted field. The issue's line
/// is 0 (the line given).
///
/// A header is taken as a header only when its fields are exactly the expected names;
/// otherwise the line is data, and a malformed field is then reported by [`scan_csv`]
/// with its line and column: no row is ever taken for a header by mistake.
pub fn csv_first_line(kind: Kind, line: &str, f32: bool) -> Result<FirstLine, Issue> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let issue = |column: usize, message: String| Issue {
        line: 0,
        column,
        message,
    };
    let mut fields: Vec<(usize, Cow<str>)> = Vec::new();
    for f in Fields::new(line) {
        fields.push(f.map_err(|(c, m)| issue(c, m))?);
    }
    let arity = kind.arity();
    let names: Vec<&str> = kind.columns.iter().copied().chain(["answer"]).collect();
    let n = fields.len();
    let named = |(i, (_, f)): (usize, &(usize, Cow<str>))| names.get(i) == Some(&f.as_ref());
    if (n == arity || n == arity + 1) && fields.iter().enumerate().all(named) {
        return Ok(FirstLine::Header {
            answers: n == arity + 1,
        });
    }
    let expected_header = format!(
        "{} (and `answer` for an answer column)",
        kind.columns.join(",")
    );
    let numbers = fields
        .iter()
        .take(arity)
        .filter(|(_, f)| parse_number(f, f32).is_some())
        .count();
    if numbers == 0 {
        // Meant as a header: say which name is wrong.
        if let Some((i, (column, f))) = fields
            .iter()
            .enumerate()
            .find(|(i, (_, f))| names.get(*i) != Some(&f.as_ref()))
        {
            let message = match names.get(i) {
                Some(want) => format!(
                    "header: column {} is `{f}`, expected `{want}` (the header of {} is {expected_header})",
                    i + 1,
                    kind.name
                ),
                None => format!(
                    "header: {n} columns, expected {arity} or {} (the header of {} is {expected_header})",
                    arity + 1,
                    kind.name
                ),
            };
            return Err(issue(*column, message));
        }
        return Err(issue(
            1,
            format!(
                "header: {n} columns, expected {arity} or {} (the header of {} is {expected_header})",
                arity + 1,
                kind.name
            ),
        ));
    }
    if n != arity && n != arity + 1 {
        return Err(issue(
            1,
            format!(
                "expected {arity} columns ({}) or {} with an answer column, found {n}",
                kind.columns.join(","),
                arity + 1
            ),
        ));
    }
    Ok(FirstLine::Data {
        answers: n == arity + 1,
    })
}

/// Reads a JSON number, or a string holding a number (so that `"inf"` and `"nan"`, which
/// JSON cannot spell, are reported as non-finite rather than malformed).
fn json_number(v: &serde_json::Value, f32: bool) -> Option<f64> {
    match v {
        serde_json::Value::Number(n) => {
            let x = n.as_f64()?;
            Some(if f32 { x as f32 as f64 } else { x })
        }
        serde_json::Value::String(s) => parse_number(s.trim(), f32),
        _ => None,
    }
}

fn json_answer(kind: Kind, v: &serde_json::Value) -> Option<i8> {
    match v {
        serde_json::Value::Bool(b) if !is_sign(kind) => Some(*b as i8),
        serde_json::Value::Number(n) => parse_answer(kind, &n.to_string()),
        serde_json::Value::String(s) => parse_answer(kind, s),
        _ => None,
    }
}

/// Scans JSON Lines rows of `text`: each non-blank line is either an array of numbers in
/// CSV column order (plus the answer last, when the file has answers) or an object with
/// the named points (`{"a": [..], "b": [..], …, "answer": 1}`).
pub fn scan_jsonl(layout: &Layout, text: &str, chunk: &mut Chunk) {
    let arity = layout.kind.arity();
    let mut values = [0.0f64; MAX_ARITY];
    let mut line_no: u64 = 0;
    for line in text.split_terminator('\n') {
        let this = line_no;
        line_no += 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        if let Some(what) = skipped_kind(line, false) {
            chunk.skip(layout, this, what);
            continue;
        }
        let value: serde_json::Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => {
                chunk.fail(this, e.column().max(1), format!("bad JSON: {e}"));
                return;
            }
        };
        match json_row(layout, &value, &mut values) {
            Err(message) => {
                chunk.fail(this, 1, message);
                return;
            }
            Ok((given, None)) => chunk.row(layout, this, &values[..arity], given, None),
            Ok((given, Some(t))) => chunk.row(layout, this, &values[..arity], given, Some((1, t))),
        }
    }
    chunk.lines = line_no;
}

/// Reads one JSON row into `values`: the file's answer (if any) and the description of
/// the first non-finite value (if any).
fn json_row(
    layout: &Layout,
    value: &serde_json::Value,
    values: &mut [f64; MAX_ARITY],
) -> Result<(Option<i8>, Option<String>), String> {
    let arity = layout.kind.arity();
    let mut bad: Option<String> = None;
    let mut put = |i: usize, v: &serde_json::Value, what: &dyn Fn() -> String| match json_number(
        v, layout.f32,
    ) {
        Some(x) => {
            if !x.is_finite() && bad.is_none() {
                bad = Some(format!("{v} at {}", what()));
            }
            values[i] = x;
            Ok(())
        }
        None => Err(format!("bad number `{v}` at {}", what())),
    };
    let mut given = None;
    match value {
        serde_json::Value::Array(items) => {
            let want = layout.columns();
            if items.len() != want {
                return Err(format!(
                    "expected an array of {want} values, found {}",
                    items.len()
                ));
            }
            for (i, v) in items.iter().take(arity).enumerate() {
                put(i, v, &|| format!("index {i} ({})", layout.kind.columns[i]))?;
            }
            if layout.answers {
                given = Some(json_answer(layout.kind, &items[arity]).ok_or_else(|| {
                    format!(
                        "bad answer `{}`: expected {}",
                        items[arity],
                        expected_answers(layout.kind)
                    )
                })?);
            }
        }
        serde_json::Value::Object(map) => {
            let mut i = 0;
            for &(key, dim) in layout.kind.points {
                let point = map.get(key).ok_or_else(|| format!("missing key `{key}`"))?;
                let coords = point
                    .as_array()
                    .filter(|a| a.len() == dim)
                    .ok_or_else(|| format!("`{key}` must be an array of {dim} numbers"))?;
                for (k, v) in coords.iter().enumerate() {
                    put(i, v, &|| format!("{key}[{k}]"))?;
                    i += 1;
                }
            }
            match (map.get("answer"), layout.answers) {
                (Some(a), true) => {
                    given = Some(json_answer(layout.kind, a).ok_or_else(|| {
                        format!(
                            "bad answer `{a}`: expected {}",
                            expected_answers(layout.kind)
                        )
                    })?);
                }
                (None, true) => return Err("missing key `answer` (the first row has one)".into()),
                (Some(_), false) => {
                    return Err("unexpected key `answer` (the first row has none)".into())
                }
                (None, false) => {}
            }
        }
        _ => return Err("expected a JSON array or object".into()),
    }
    Ok((given, bad))
}

/// Whether a JSON line carries an answer (array one longer than the arity, or an
/// `answer` key); `None` if the line is not usable JSON (the scan reports it).
pub fn jsonl_has_answer(kind: Kind, line: &str) -> Option<bool> {
    match serde_json::from_str::<serde_json::Value>(line).ok()? {
        serde_json::Value::Array(items) => Some(items.len() == kind.arity() + 1),
        serde_json::Value::Object(map) => Some(map.contains_key("answer")),
        _ => None,
    }
}
