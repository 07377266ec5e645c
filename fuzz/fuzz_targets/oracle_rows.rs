//! The whole reading pipeline of `isect oracle` (`isect_cli::oracle_cmd::read_queries`:
//! the first-line rule, the block reader and the parallel scanners), on arbitrary bytes
//! and on files assembled from the pieces that make files hard (right, misspelled and
//! quoted headers, quoted fields, hex floats, C's non-finite spellings, typos, blank and
//! comment lines, CRLF, short rows), for the invariant of issue 16:
//!
//! **no input row is ever missing from the answers without an error naming it.**
//!
//! Every line of the input is accounted for, counted independently of the reader here:
//! when the read succeeds, answers + skipped lines + header = lines, the skipped lines
//! listed are exactly the blank and comment lines (classified here), and the header is
//! there exactly when the first line that is not skipped holds the test's column names
//! (checked here with a naive split); when it fails, the error names a line of the input
//! that is neither skipped nor the header, with a column inside it (or the line after
//! the last, "no data rows", only when no line is a row), and no answer is handed out
//! for a line after it.
#![no_main]

use isect::oracle::KINDS;
use isect_cli::oracle_cmd::{read_queries, ReadError, ReadOptions};
use libfuzzer_sys::fuzz_target;

/// Blank (spaces, tabs, carriage returns only) or, in CSV, a comment.
fn skipped(line: &str, csv: bool) -> bool {
    line.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\r')) || (csv && line.starts_with('#'))
}

/// Whether `line` is a header for the columns `names` (plus `answer`): its fields,
/// split at every comma, trimmed, with one pair of surrounding quotes removed and trimmed
/// again, are exactly the names.
fn is_header(line: &str, names: &[&str]) -> bool {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let fields: Vec<&str> = line
        .split(',')
        .map(|f| {
            let f = f.trim_matches([' ', '\t', '\r']);
            match f.strip_prefix('"').and_then(|f| f.strip_suffix('"')) {
                Some(inner) if !inner.contains('"') => inner.trim_matches([' ', '\t', '\r']),
                _ => f,
            }
        })
        .collect();
    let n = fields.len();
    (n == names.len() || n == names.len() + 1)
        && fields
            .iter()
            .zip(names.iter().chain(&["answer"]))
            .all(|(f, want)| f == want)
}

/// A file assembled from hard pieces, chosen by the bytes.
fn assemble(data: &[u8], columns: &[&str]) -> String {
    let mut out = String::new();
    let good = |i: u8| -> String {
        let v = [
            "0",
            "1",
            "-1",
            "0.5",
            "1e-310",
            "0x1.8p+1",
            "-0x0p+0",
            "0x1.fffffep+127",
            "\"2\"",
            " 3 ",
            "\" 4 \"",
            "1e400",
            "-nan",
            "INF",
            "nan(ind)",
            "0x1p-1074",
        ];
        v[i as usize % v.len()].to_string()
    };
    for (i, &b) in data.iter().enumerate() {
        let row = |extra: &str| -> String {
            let mut fields: Vec<String> = (0..columns.len())
                .map(|k| good(b.wrapping_add(k as u8 * 7)))
                .collect();
            if !extra.is_empty() {
                fields.push(extra.to_string());
            }
            fields.join(",")
        };
        let line = match b % 16 {
            0 => columns.join(","),
            1 => format!("{},answer", columns.join(",")),
            2 => columns
                .iter()
                .map(|c| format!("\"{c}\""))
                .collect::<Vec<_>>()
                .join(", "),
            3 => columns.join(",").replace('x', "X"),
            4 => String::new(),
            5 => "  \t".into(),
            6 => "# comment, 1, 2".into(),
            7 => row("1"),
            8 => row("hit"),
            9 => row("").replacen('0', "O", 1),
            10 => row("").replacen(',', ",\"", 1),
            11 => row("")
                .rsplit_once(',')
                .map(|(a, _)| a.to_string())
                .unwrap_or_default(),
            12 => format!("{}\r", row("")),
            13 => row("\"0\"\"\""),
            _ => row(""),
        };
        out += &line;
        if i + 1 < data.len() || b & 0x40 == 0 {
            out.push('\n');
        }
    }
    out
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let kind = &KINDS[data[0] as usize % KINDS.len()];
    let jsonl = data[1] & 1 == 1 && data[1] & 0x80 != 0;
    let f32 = data[1] & 2 == 2;
    let bytes: Vec<u8> = if data[1] & 0x80 != 0 {
        data[2..].to_vec()
    } else {
        assemble(&data[2..], kind.columns).into_bytes()
    };
    let options = ReadOptions {
        kind,
        jsonl,
        f32,
        keep: usize::MAX,
        keep_disagreements: usize::MAX,
    };
    let mut out: Vec<u8> = Vec::new();
    let result = read_queries(
        &mut &bytes[..],
        &options,
        &mut |b| {
            out.extend_from_slice(b);
            Ok(())
        },
        None,
    );
    let answers = out.iter().filter(|&&b| b == b'\n').count() as u64;
    let Ok(text) = std::str::from_utf8(&bytes) else {
        // Invalid UTF-8 is an error naming its line.
        match result {
            Err(ReadError::At { line, column, .. }) => {
                let lines = bytes.split(|&b| b == b'\n').count() as u64;
                assert!(line >= 1 && line <= lines && column >= 1);
            }
            other => panic!("invalid UTF-8 read without an error: {other:?}"),
        }
        return;
    };
    let lines: Vec<&str> = text.split_terminator('\n').collect();
    let skip: Vec<bool> = lines.iter().map(|l| skipped(l, !jsonl)).collect();
    let first = skip.iter().position(|s| !s);
    let header = !jsonl && first.is_some_and(|i| is_header(lines[i], kind.columns));
    match result {
        Ok(summary) => {
            assert_eq!(summary.rows, answers, "one answer per row");
            assert_eq!(
                summary.rows + summary.skipped + u64::from(summary.header.is_some()),
                lines.len() as u64,
                "every line accounted for\n{text}"
            );
            let want_skipped: Vec<u64> = (0..lines.len())
                .filter(|&i| skip[i])
                .map(|i| i as u64 + 1)
                .collect();
            let listed: Vec<u64> = summary.skipped_lines.iter().map(|s| s.0).collect();
            assert_eq!(listed, want_skipped, "{text}");
            assert_eq!(
                summary.header,
                header.then(|| first.unwrap() as u64 + 1),
                "{text}"
            );
            assert!(summary.rows > 0);
            for (line, column, _) in &summary.invalid {
                let l = lines[*line as usize - 1];
                assert!(*column >= 1 && *column <= l.len() + 1);
            }
        }
        Err(ReadError::At {
            line,
            column,
            message,
        }) => {
            assert!(!message.is_empty());
            assert!(line >= 1 && line as usize <= lines.len() + 1, "line {line}");
            if let Some(l) = lines.get(line as usize - 1) {
                assert!(
                    column >= 1 && column <= l.len() + 1,
                    "column {column} of {l:?}"
                );
            }
            // A skipped line is never the error; nothing after the error is answered
            // (the command line then discards the answers and writes nothing).
            let before = line as usize - 1;
            let skipped_before = skip[..before.min(lines.len())]
                .iter()
                .filter(|s| **s)
                .count();
            let header_before = header && first.is_some_and(|i| i < before);
            assert!(
                answers as usize + skipped_before + usize::from(header_before) <= before,
                "answers beyond the error at line {line}: {message}\n{text}"
            );
            if line as usize <= lines.len() {
                assert!(
                    !skip[before],
                    "a skipped line is the error: {message}\n{text}"
                );
                assert!(
                    !(header && first == Some(before)),
                    "the header is the error: {message}\n{text}"
                );
            } else {
                // Past the last line: only when there is no row at all.
                assert!(message.contains("no data rows"), "{message}");
                let rows = (0..lines.len())
                    .filter(|&i| !(skip[i] || (header && first == Some(i))))
                    .count();
                assert_eq!(rows, 0, "{message}\n{text}");
            }
        }
        Err(ReadError::Output(e)) => panic!("output failed: {e}"),
    }
});
