//! The scanning and evaluating core of `isect oracle`: test kinds, row parsing (CSV and
//! JSON Lines) and exact answers, over one chunk of whole lines at a time.
//!
//! The kinds, their columns and their exact answers come from the library
//! ([`isect::oracle::KINDS`]). Self-contained (it uses only `isect`, `serde_json` and
//! `std`), so the throughput bench includes this file directly.

use isect::oracle::{AnswerForm, KindInfo, Outcome, KINDS};

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

#[inline]
fn parse_number(field: &str, f32: bool) -> Option<f64> {
    if f32 {
        field.parse::<f32>().ok().map(f64::from)
    } else {
        field.parse::<f64>().ok()
    }
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

/// Scans CSV rows (whole lines) of `text`; line numbers are relative to `text`'s first.
/// Blank lines and lines starting with `#` are skipped.
pub fn scan_csv(layout: &Layout, text: &str, chunk: &mut Chunk) {
    let arity = layout.kind.arity();
    let want = layout.columns();
    let mut values = [0.0f64; MAX_ARITY];
    let mut line_no: u64 = 0;
    for line in text.split_terminator('\n') {
        let this = line_no;
        line_no += 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.is_empty() || line.starts_with('#') || line.bytes().all(|b| b == b' ' || b == b'\t')
        {
            continue;
        }
        let mut given = None;
        let mut bad: Option<(usize, String)> = None;
        let mut n = 0usize;
        let mut start = 0usize;
        let bytes = line.as_bytes();
        loop {
            let end = match bytes[start..].iter().position(|&b| b == b',') {
                Some(p) => start + p,
                None => bytes.len(),
            };
            let field = trim(&line[start..end]);
            if n < arity {
                match parse_number(field, layout.f32) {
                    Some(x) => {
                        if !x.is_finite() && bad.is_none() {
                            let name = layout.kind.columns[n];
                            bad = Some((
                                start + 1,
                                format!("`{field}` in column {} ({name})", n + 1),
                            ));
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
                            start + 1,
                            format!("{what} in column {} ({})", n + 1, layout.kind.columns[n]),
                        );
                        return;
                    }
                }
            } else if n == arity && layout.answers {
                match parse_answer(layout.kind, field) {
                    Some(a) => given = Some(a),
                    None => {
                        chunk.fail(
                            this,
                            start + 1,
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
            if end == bytes.len() {
                break;
            }
            start = end + 1;
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
        if line.trim().is_empty() {
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

/// Whether a CSV line is a header: its first field is not a number.
pub fn csv_is_header(line: &str) -> bool {
    let first = trim(line.split(',').next().unwrap_or(""));
    !first.is_empty() && first.parse::<f64>().is_err()
}

/// The number of comma-separated fields of a CSV line.
pub fn csv_fields(line: &str) -> usize {
    line.bytes().filter(|&b| b == b',').count() + 1
}
