//! STL, through the `stl_io` crate, with the checks it does not make and the positions
//! its errors do not carry.
//!
//! Which kind: data starting with `solid` and holding no NUL byte is ASCII unless its
//! size is exactly that of a binary file with the count at byte 80 (84 + 50 n bytes);
//! anything else is binary (binary headers often start with `solid` too). Binary: the size must be exactly 84 + 50 n (a shorter file is
//! truncated, a longer one has data the count does not cover: both errors with the
//! byte offset), and every vertex coordinate must be finite (error at its byte offset).
//! ASCII: the grammar is checked line by line first (`solid`, then `facet normal`,
//! `outer loop`, three `vertex`, `endloop`, `endfacet`, …, `endsolid`; one solid per
//! file), every vertex coordinate parsed as `f32` and finite, with line and column (a
//! normal must be three numbers, NaN allowed: normals are not geometry and are not
//! used); then `stl_io` reads the checked facets' vertices. Every triangle is kept as three vertices of its own (a soup, as
//! the format stores it): [`TriMesh::from_soup`](crate::TriMesh::from_soup) welds them.
//! Facet normals and attribute bytes are not geometry and are not used.

use std::format;
use std::io::Cursor;
use std::vec::Vec;

use super::{
    FilePosition, Here, MeshData, MeshFileError, MeshFormat, empty, finite, push_face, text_lines,
    tokens,
};

/// Reads an STL file's bytes (ASCII or binary).
pub(super) fn read(mut bytes: Vec<u8>, at: Here<'_>) -> Result<MeshData<f64>, MeshFileError> {
    let binary_size = |b: &[u8]| {
        b.len() >= 84
            && u32::from_le_bytes([b[80], b[81], b[82], b[83]]) as u64 * 50 + 84 == b.len() as u64
    };
    // Text never holds a NUL byte; binary data nearly always does (in the count, the
    // attribute bytes, small coordinates).
    let text = bytes.trim_ascii_start().starts_with(b"solid") && !bytes.contains(&0);
    if text && !binary_size(&bytes) {
        return read_ascii(&bytes, at);
    }
    if bytes.len() < 84 {
        return Err(at.byte(
            bytes.len() as u64,
            format!(
                "binary STL truncated: {} bytes, the header and count take 84",
                bytes.len()
            ),
        ));
    }
    let n = u32::from_le_bytes([bytes[80], bytes[81], bytes[82], bytes[83]]) as u64;
    let expected = 84 + 50 * n;
    let len = bytes.len() as u64;
    if len < expected {
        let whole = (len - 84) / 50;
        return Err(at.byte(
            84 + 50 * whole,
            format!("binary STL truncated: the file ends inside triangle {whole} of the {n} declared at byte 80"),
        ));
    }
    if len > expected {
        return Err(at.byte(
            expected,
            format!(
                "{} bytes after the {n} triangles declared at byte 80",
                len - expected
            ),
        ));
    }
    // stl_io takes a header starting with "solid " for ASCII: the header is free text.
    bytes[0] = b' ';
    let mut data = empty(MeshFormat::Stl);
    let mut cursor = Cursor::new(&bytes[..]);
    let reader =
        stl_io::create_stl_reader(&mut cursor).map_err(|e| at.byte(0, format!("stl_io: {e}")))?;
    for (k, triangle) in reader.enumerate() {
        let offset = 84 + 50 * k as u64;
        let triangle = triangle.map_err(|e| at.byte(offset, format!("stl_io: {e}")))?;
        add_triangle(
            &mut data,
            &triangle,
            |j, axis| FilePosition::Byte(offset + 12 + 12 * j as u64 + 4 * axis as u64),
            at,
        )?;
    }
    check_count(&data, n as usize, at, FilePosition::Byte(80))?;
    Ok(data)
}

/// Adds one triangle's three vertices (checked finite) and the face.
fn add_triangle(
    data: &mut MeshData<f64>,
    triangle: &stl_io::Triangle,
    position: impl Fn(usize, usize) -> FilePosition,
    at: Here<'_>,
) -> Result<(), MeshFileError> {
    let base = data.vertices.len();
    if base + 3 > u32::MAX as usize {
        return Err(at.error(position(0, 0), "more than 2^32 vertices"));
    }
    for (j, v) in triangle.vertices.iter().enumerate() {
        let mut p = [0.0; 3];
        for axis in 0..3 {
            p[axis] = finite(f64::from(v[axis]), axis, at, position(j, axis))?;
        }
        data.vertices.push(p);
    }
    let b = base as u32;
    push_face(data, &[b, b + 1, b + 2]);
    Ok(())
}

/// The number of triangles read is the number the file declared.
fn check_count(
    data: &MeshData<f64>,
    n: usize,
    at: Here<'_>,
    position: FilePosition,
) -> Result<(), MeshFileError> {
    if data.faces != n {
        return Err(at.error(
            position,
            format!(
                "stl_io read {} triangles where the file has {n}",
                data.faces
            ),
        ));
    }
    Ok(())
}

/// ASCII STL: the grammar checked here with positions, the values read by `stl_io`.
fn read_ascii(bytes: &[u8], at: Here<'_>) -> Result<MeshData<f64>, MeshFileError> {
    let lines = text_lines(bytes, at)?;
    let last_line = lines.last().map_or(1, |l| l.0);
    let mut lines = lines
        .into_iter()
        .map(|(n, t)| (n, tokens(t)))
        .filter(|(_, w)| !w.is_empty());
    // The line of each facet's `facet normal`, and the text handed to stl_io: the
    // facets as checked, with the normals (not geometry, and often NaN for degenerate
    // facets, which stl_io refuses) written as 0 0 0.
    let mut facets: Vec<usize> = Vec::new();
    let mut text = b"solid \n".to_vec();
    let mut next = |expect: &str| {
        lines.next().ok_or_else(|| {
            at.line(
                last_line,
                format!("the file ends where `{expect}` is expected"),
            )
        })
    };
    let (first_line, first) = next("solid")?;
    if first[0].1 != "solid" {
        return Err(at.column(
            first_line,
            first[0].0,
            "an ASCII STL file starts with `solid`",
        ));
    }
    loop {
        let (line, words) = next("facet normal` or `endsolid")?;
        match words[0].1 {
            "endsolid" => break,
            "facet" if words.len() == 5 && words[1].1 == "normal" => {
                for &(col, tok) in &words[2..] {
                    if tok.parse::<f32>().is_err() {
                        return Err(at.column(
                            line,
                            col,
                            format!("the normal's value `{tok}` is not a number"),
                        ));
                    }
                }
                facets.push(line);
                text.extend_from_slice(b"facet normal 0 0 0\nouter loop\n");
            }
            _ => {
                return Err(at.column(
                    line,
                    words[0].0,
                    "expected `facet normal nx ny nz` or `endsolid`",
                ));
            }
        }
        let (line, words) = next("outer loop")?;
        if words.len() != 2 || words[0].1 != "outer" || words[1].1 != "loop" {
            return Err(at.column(line, words[0].0, "expected `outer loop`"));
        }
        for _ in 0..3 {
            let (line, words) = next("vertex")?;
            if words.len() != 4 || words[0].1 != "vertex" {
                return Err(at.column(line, words[0].0, "expected `vertex x y z`"));
            }
            numbers(&words[1..], line, at)?;
            text.extend(format!("vertex {} {} {}\n", words[1].1, words[2].1, words[3].1).bytes());
        }
        text.extend_from_slice(b"endloop\nendfacet\n");
        for expect in ["endloop", "endfacet"] {
            let (line, words) = next(expect)?;
            if words.len() != 1 || words[0].1 != expect {
                return Err(at.column(line, words[0].0, format!("expected `{expect}`")));
            }
        }
    }
    if let Some((line, _)) = lines.next() {
        return Err(at.line(
            line,
            "data after `endsolid` (only one solid per file is supported)",
        ));
    }
    text.extend_from_slice(b"endsolid\n");
    let mut cursor = Cursor::new(&text[..]);
    let reader = stl_io::create_stl_reader(&mut cursor)
        .map_err(|e| at.line(first_line, format!("stl_io: {e}")))?;
    let mut data = empty(MeshFormat::Stl);
    for (k, triangle) in reader.enumerate() {
        let line = facets.get(k).copied().unwrap_or(last_line);
        let triangle = triangle.map_err(|e| at.line(line, format!("stl_io: {e}")))?;
        add_triangle(
            &mut data,
            &triangle,
            |_, _| FilePosition::Line { line, column: None },
            at,
        )?;
    }
    check_count(
        &data,
        facets.len(),
        at,
        FilePosition::Line {
            line: first_line,
            column: None,
        },
    )?;
    Ok(data)
}

/// Three finite `f32` numbers.
fn numbers(words: &[(usize, &str)], line: usize, at: Here<'_>) -> Result<(), MeshFileError> {
    for (axis, &(col, tok)) in words.iter().enumerate() {
        let x: f32 = tok.parse().map_err(|_| {
            at.column(
                line,
                col,
                format!(
                    "the vertex's {} value `{tok}` is not a number",
                    super::AXES[axis]
                ),
            )
        })?;
        finite(
            f64::from(x),
            axis,
            at,
            FilePosition::Line {
                line,
                column: Some(col),
            },
        )?;
    }
    Ok(())
}
