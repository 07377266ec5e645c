//! Object File Format, ASCII: a header keyword (`OFF`, or `COFF`, `NOFF`, `CNOFF`,
//! `STOFF`, whose vertex lines carry colours, normals or texture coordinates after
//! x y z), the counts `vertices faces edges` (on the header line or the next), one
//! vertex per line, then one face per line: `n i₁ … iₙ` (0-based) and an optional
//! colour. `#` starts a comment; blank lines are skipped. Binary OFF and the
//! n-dimensional `nOFF`/`4OFF` are refused with an error.

use std::format;
use std::vec::Vec;

use super::{
    Here, MeshData, MeshFileError, MeshFormat, coordinate, empty, push_face, text_lines, tokens,
    vertices_word,
};

/// Reads an OFF file's bytes.
pub(super) fn read(bytes: &[u8], at: Here<'_>) -> Result<MeshData<f64>, MeshFileError> {
    let mut data = empty(MeshFormat::Off);
    let all = text_lines(bytes, at)?;
    let last_line = all.last().map_or(1, |l| l.0);
    // The non-blank lines with their tokens, comments removed.
    let mut lines = all.into_iter().filter_map(|(n, text)| {
        let words = tokens(text.split('#').next().unwrap_or(""));
        (!words.is_empty()).then_some((n, words))
    });
    let Some((header_line, header)) = lines.next() else {
        return Err(at.line(last_line, "empty file: no OFF header"));
    };
    let keyword = header[0].1;
    if !matches!(
        keyword,
        "OFF" | "COFF" | "NOFF" | "CNOFF" | "STOFF" | "STCOFF" | "STNOFF" | "STCNOFF"
    ) {
        return Err(at.column(
            header_line,
            header[0].0,
            format!("`{keyword}` is not an OFF header this reader supports (OFF, COFF, NOFF, CNOFF, STOFF)"),
        ));
    }
    // The counts: after the keyword, or on the next line.
    let (counts_line, counts) = if header.len() > 1 {
        (header_line, header[1..].to_vec())
    } else {
        lines.next().ok_or_else(|| {
            at.line(
                last_line,
                "the file ends before the counts line (vertices faces edges)",
            )
        })?
    };
    if counts.first().map(|t| t.1) == Some("BINARY") {
        return Err(at.line(counts_line, "binary OFF is not supported"));
    }
    if counts.len() != 3 {
        return Err(at.line(
            counts_line,
            format!(
                "the counts line needs 3 numbers (vertices faces edges), found {}",
                counts.len()
            ),
        ));
    }
    let mut n = [0usize; 3];
    for (k, &(col, tok)) in counts.iter().enumerate() {
        n[k] = tok.parse().map_err(|_| {
            at.column(
                counts_line,
                col,
                format!("the count `{tok}` is not a non-negative integer"),
            )
        })?;
    }
    let [nv, nf, _] = n;
    if nv > u32::MAX as usize + 1 {
        return Err(at.line(counts_line, "more than 2^32 vertices"));
    }
    for i in 0..nv {
        let Some((line, words)) = lines.next() else {
            return Err(at.line(
                last_line,
                format!(
                    "the file ends after {i} of the {nv} vertices declared on line {counts_line}"
                ),
            ));
        };
        if words.len() < 3 {
            return Err(at.line(
                line,
                format!("a vertex needs x y z, found {} values", words.len()),
            ));
        }
        let mut p = [0.0; 3];
        for axis in 0..3 {
            p[axis] = coordinate(words[axis].1, axis, line, words[axis].0, at)?;
        }
        data.vertices.push(p);
    }
    let mut corners: Vec<u32> = Vec::new();
    for f in 0..nf {
        let Some((line, words)) = lines.next() else {
            return Err(at.line(
                last_line,
                format!("the file ends after {f} of the {nf} faces declared on line {counts_line}"),
            ));
        };
        let (col, tok) = words[0];
        let k: usize = tok.parse().map_err(|_| {
            at.column(
                line,
                col,
                format!("the corner count `{tok}` is not a non-negative integer"),
            )
        })?;
        if k < 3 {
            return Err(at.column(
                line,
                col,
                format!("a face needs at least 3 corners, found {k}"),
            ));
        }
        if words.len() < 1 + k {
            return Err(at.line(
                line,
                format!(
                    "the face declares {k} corners but lists {}",
                    words.len() - 1
                ),
            ));
        }
        if words.len() > 1 + k + 4 {
            return Err(at.column(
                line,
                words[1 + k].0,
                format!(
                    "{} values after the {k} corners (at most 4, a colour, are allowed)",
                    words.len() - 1 - k
                ),
            ));
        }
        corners.clear();
        for &(col, tok) in &words[1..=k] {
            let index: u64 = tok.parse().map_err(|_| {
                at.column(
                    line,
                    col,
                    format!("the vertex index `{tok}` is not a non-negative integer"),
                )
            })?;
            if index >= nv as u64 {
                return Err(at.column(
                    line,
                    col,
                    format!(
                        "vertex {index} is out of range (the file has {})",
                        vertices_word(nv)
                    ),
                ));
            }
            corners.push(index as u32);
        }
        push_face(&mut data, &corners);
    }
    if let Some((line, _)) = lines.next() {
        return Err(at.line(
            line,
            format!("data after the {nv} vertices and {nf} faces declared on line {counts_line}"),
        ));
    }
    Ok(data)
}
