//! PLY, ASCII and binary, through the `ply-rs-bw` crate: its header parser (errors with
//! the header line) and its element readers, called one element at a time so that each
//! error has the element's line (ASCII) or byte offset (binary).
//!
//! The `vertex` element needs scalar properties `x`, `y`, `z` (any PLY number type,
//! converted exactly to `f64`: `float` values stay the file's `f32` values); the `face`
//! element a list property `vertex_indices` (or `vertex_index`). Checked here, with
//! positions: a line with more or fewer values than its element declares, a
//! non-finite coordinate, a negative or out-of-range index, a face with fewer than
//! three corners, a file that ends before the header's counts or has data after them.
//!
//! A `tristrips` element (a list property `vertex_indices`, `-1` ending a strip, as the
//! Stanford scans such as `igea.ply` store their surface) gives triangle strips: strip
//! vertices `v0 v1 v2 v3 …` are the triangles `(v0, v1, v2)`, `(v2, v1, v3)`, `(v2, v3,
//! v4)`, … (every other one reversed, so that all share the first one's orientation).
//! Each strip is one face of [`MeshData::faces`](super::MeshData::faces), counted in
//! [`MeshData::strips`](super::MeshData::strips); the triangles of a strip with a repeated
//! corner (the zero-area triangles that stitch strips together) are left out and counted
//! in [`MeshData::ignored`](super::MeshData::ignored), as are strips of fewer than three
//! vertices and other elements (`edge`, `material`, …).

use std::format;
use std::io::Cursor;
use std::string::{String, ToString};
use std::vec::Vec;

use ply_rs_bw::parser::{Parser, Reader};
use ply_rs_bw::ply::{DefaultElement, ElementDef, Encoding, Property, PropertyType};

use super::{
    FilePosition, Here, MeshData, MeshFileError, MeshFormat, empty, finite, ignore, push_face,
    tokens, vertices_word,
};

/// Reads a PLY file's bytes.
pub(super) fn read(bytes: &[u8], at: Here<'_>) -> Result<MeshData<f64>, MeshFileError> {
    let parser = Parser::<DefaultElement>::new();
    let mut reader = Reader::new(Cursor::new(bytes));
    let header = parser.read_header(&mut reader).map_err(|e| {
        let message = e.to_string();
        let message = message
            .split_once(": ")
            .filter(|_| e.line().is_some())
            .map_or(message.clone(), |m| m.1.to_string());
        // Without a line from ply-rs-bw: the line its reader had reached.
        // (An end-of-file error can name the line after the last: the last is named.)
        let last = bytes.iter().filter(|&&b| b == b'\n').count()
            + usize::from(bytes.last() != Some(&b'\n'));
        let line = e.line().unwrap_or(reader.line()).clamp(1, last.max(1));
        at.line(line, message.replace('\n', " "))
    })?;
    let mut offset = reader.get_ref().position() as usize;
    let mut line = bytes[..offset].iter().filter(|&&b| b == b'\n').count();
    // The header line declaring an element, for errors about its properties.
    let (header_end, header_lines) = (offset, line);
    let declared = |name: &str| {
        let text = String::from_utf8_lossy(&bytes[..header_end]);
        let found = text.lines().position(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            w.len() >= 2 && w[0] == "element" && w[1] == name
        });
        FilePosition::Line {
            line: found.map_or(header_lines.max(1), |k| k + 1),
            column: None,
        }
    };
    let mut data = empty(MeshFormat::Ply);
    let mut vertex_count: Option<usize> = None;
    for (name, def) in &header.elements {
        let role = match name.as_str() {
            "vertex" => Role::Vertex,
            "face" => Role::Face(face_property(def).ok_or_else(|| {
                at.error(
                    declared("face"),
                    "the face element has no list property vertex_indices or vertex_index",
                )
            })?),
            "tristrips" => Role::Strips(face_property(def).ok_or_else(|| {
                at.error(
                    declared("tristrips"),
                    "the tristrips element has no list property vertex_indices or vertex_index",
                )
            })?),
            _ => Role::Other,
        };
        if role == Role::Vertex {
            for axis in ["x", "y", "z"] {
                let scalar = def
                    .properties
                    .get(axis)
                    .is_some_and(|p| matches!(p.data_type, PropertyType::Scalar(_)));
                if !scalar {
                    return Err(at.error(
                        declared("vertex"),
                        format!("the vertex element has no scalar property {axis}"),
                    ));
                }
            }
            if def.count > u32::MAX as usize + 1 {
                return Err(at.error(declared("vertex"), "more than 2^32 vertices"));
            }
        }
        for k in 0..def.count {
            let (element, position, columns) = match header.encoding {
                Encoding::Ascii => {
                    let (text, number) = next_line(bytes, &mut offset, &mut line).ok_or_else(|| {
                        at.line(line.max(1), format!("the file ends after {k} of the {} `{name}` elements the header declares", def.count))
                    })?;
                    let text =
                        std::str::from_utf8(text).map_err(|_| at.line(number, "not UTF-8 text"))?;
                    let columns = ascii_columns(text, def, number, at)?;
                    let element = parser.read_ascii_element(text, def).map_err(|e| {
                        at.line(
                            number,
                            format!("ply-rs-bw: {}", e.to_string().replace('\n', " ")),
                        )
                    })?;
                    (
                        element,
                        FilePosition::Line {
                            line: number,
                            column: None,
                        },
                        Some(columns),
                    )
                }
                Encoding::BinaryLittleEndian | Encoding::BinaryBigEndian => {
                    let mut cursor = Cursor::new(bytes);
                    cursor.set_position(offset as u64);
                    let result = if header.encoding == Encoding::BinaryLittleEndian {
                        parser.read_little_endian_element(&mut cursor, def)
                    } else {
                        parser.read_big_endian_element(&mut cursor, def)
                    };
                    let element = result.map_err(|e| {
                        at.byte(
                            offset as u64,
                            format!(
                                "`{name}` element {k} of {}: {}",
                                def.count,
                                e.to_string().replace('\n', " ")
                            ),
                        )
                    })?;
                    let start = offset;
                    offset = cursor.position() as usize;
                    (element, FilePosition::Byte(start as u64), None)
                }
            };
            let at_column = |prop: &str, item: usize| match (&columns, position) {
                (Some(cols), FilePosition::Line { line, .. }) => FilePosition::Line {
                    line,
                    column: cols
                        .iter()
                        .find(|c| c.0 == prop)
                        .and_then(|c| c.1.get(item).copied()),
                },
                _ => position,
            };
            match role {
                Role::Vertex => {
                    let mut p = [0.0; 3];
                    for (axis, prop) in ["x", "y", "z"].into_iter().enumerate() {
                        let x = element.get(prop).and_then(scalar).unwrap_or(f64::NAN);
                        p[axis] = finite(x, axis, at, at_column(prop, 0))?;
                    }
                    data.vertices.push(p);
                }
                Role::Face(prop) | Role::Strips(prop) => {
                    let nv = vertex_count.unwrap_or(data.vertices.len());
                    let list = element.get(prop).map(list).unwrap_or_default();
                    let strips = matches!(role, Role::Strips(_));
                    if !strips && list.len() < 3 {
                        return Err(at.error(
                            at_column(prop, 0),
                            format!("a face needs at least 3 corners, found {}", list.len()),
                        ));
                    }
                    let mut corners = Vec::with_capacity(list.len());
                    for (c, &i) in list.iter().enumerate() {
                        if strips && i == -1 {
                            push_strip(&mut data, &corners);
                            corners.clear();
                            continue;
                        }
                        if i < 0 || i as u64 >= nv as u64 {
                            let hint = if strips { "; -1 ends a strip" } else { "" };
                            return Err(at.error(
                                at_column(prop, c + 1),
                                format!(
                                    "vertex {i} is out of range (the file has {}{hint})",
                                    vertices_word(nv)
                                ),
                            ));
                        }
                        corners.push(i as u32);
                    }
                    if strips {
                        push_strip(&mut data, &corners);
                    } else {
                        push_face(&mut data, &corners);
                    }
                }
                Role::Other => ignore(&mut data, &format!("`{name}` elements"), None),
            }
        }
        if role == Role::Vertex {
            vertex_count = Some(data.vertices.len());
        }
    }
    // Anything but whitespace after the declared elements is data the header does not
    // account for.
    match header.encoding {
        Encoding::Ascii => {
            if let Some((_, number)) = next_line(bytes, &mut offset, &mut line) {
                return Err(at.line(number, "data after the elements the header declares"));
            }
        }
        _ => {
            if offset < bytes.len() {
                return Err(at.byte(
                    offset as u64,
                    format!(
                        "{} bytes after the elements the header declares",
                        bytes.len() - offset
                    ),
                ));
            }
        }
    }
    Ok(data)
}

/// What an element is to the mesh.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role<'a> {
    Vertex,
    /// The name of the list property holding the corners.
    Face(&'a str),
    /// Triangle strips: the name of the list property holding them.
    Strips(&'a str),
    Other,
}

/// Adds one triangle strip (no `-1` inside) as a face: its triangles with three distinct
/// corners, in strip order and orientation; the others are counted as ignored.
fn push_strip(data: &mut MeshData<f64>, strip: &[u32]) {
    if strip.is_empty() {
        return;
    }
    if strip.len() < 3 {
        ignore(data, "strips of fewer than 3 vertices", None);
        return;
    }
    let face = data.faces;
    data.faces += 1;
    data.strips += 1;
    for (k, w) in strip.windows(3).enumerate() {
        let t = if k % 2 == 0 {
            [w[0], w[1], w[2]]
        } else {
            [w[1], w[0], w[2]]
        };
        if t[0] == t[1] || t[1] == t[2] || t[0] == t[2] {
            ignore(data, "strip triangles with a repeated corner", None);
            continue;
        }
        data.triangles.push(t);
        data.triangle_face.push(face);
    }
}

/// The face (or strip) element's list of corners.
fn face_property(def: &ElementDef) -> Option<&str> {
    ["vertex_indices", "vertex_index"].into_iter().find(|name| {
        def.properties
            .get(*name)
            .is_some_and(|p| matches!(p.data_type, PropertyType::List(..)))
    })
}

/// The next non-blank line from `offset` (its text and number), advancing past it.
fn next_line<'b>(
    bytes: &'b [u8],
    offset: &mut usize,
    line: &mut usize,
) -> Option<(&'b [u8], usize)> {
    while *offset < bytes.len() {
        let rest = &bytes[*offset..];
        let end = rest
            .iter()
            .position(|&b| b == b'\n')
            .map_or(rest.len(), |i| i + 1);
        *offset += end;
        *line += 1;
        let text = rest[..end].trim_ascii();
        if !text.is_empty() {
            return Some((text, *line));
        }
    }
    None
}

/// The columns of each property's values on an ASCII element line (for a list: its
/// count, then its items), checking that the line has exactly the values the element
/// declares.
fn ascii_columns(
    text: &str,
    def: &ElementDef,
    line: usize,
    at: Here<'_>,
) -> Result<Vec<(String, Vec<usize>)>, MeshFileError> {
    let words = tokens(text);
    let mut next = 0;
    let mut out = Vec::new();
    for (name, prop) in &def.properties {
        let Some(&(col, tok)) = words.get(next) else {
            return Err(at.line(
                line,
                format!("the line ends before property `{name}` of `{}`", def.name),
            ));
        };
        let n = match prop.data_type {
            PropertyType::Scalar(_) => {
                // Coordinates are checked here, with their column (ply-rs-bw's grammar
                // refuses `nan` and `inf` with a message about the whole line).
                if def.name == "vertex"
                    && let Some(axis) = ["x", "y", "z"].iter().position(|a| a == name)
                {
                    let x: f64 = tok.parse().map_err(|_| {
                        at.column(
                            line,
                            col,
                            format!("the {name} coordinate `{tok}` is not a number"),
                        )
                    })?;
                    let position = FilePosition::Line {
                        line,
                        column: Some(col),
                    };
                    finite(x, axis, at, position)?;
                }
                1
            }
            PropertyType::List(..) => {
                let count: usize = tok.parse().map_err(|_| {
                    at.column(
                        line,
                        col,
                        format!("the list length `{tok}` is not a non-negative integer"),
                    )
                })?;
                if words.len() - next - 1 < count {
                    return Err(at.line(
                        line,
                        format!("the list `{name}` declares {count} values, the line has fewer"),
                    ));
                }
                1 + count
            }
        };
        // For a scalar: its column; for a list: the count's, then each item's.
        let mut cols: Vec<usize> = words[next..next + n].iter().map(|w| w.0).collect();
        if n == 1 {
            cols.truncate(1);
        }
        out.push((name.clone(), cols));
        next += n;
    }
    if next < words.len() {
        return Err(at.column(
            line,
            words[next].0,
            format!(
                "{} values after the properties of `{}` the header declares",
                words.len() - next,
                def.name
            ),
        ));
    }
    Ok(out)
}

/// A scalar property as `f64` (exact for every PLY number type).
fn scalar(p: &Property) -> Option<f64> {
    Some(match *p {
        Property::Char(x) => x.into(),
        Property::UChar(x) => x.into(),
        Property::Short(x) => x.into(),
        Property::UShort(x) => x.into(),
        Property::Int(x) => x.into(),
        Property::UInt(x) => x.into(),
        Property::Float(x) => x.into(),
        Property::Double(x) => x,
        _ => return None,
    })
}

/// A list property as integers (a list of floats is not a list of indices: empty).
fn list(p: &Property) -> Vec<i64> {
    match p {
        Property::ListChar(v) => v.iter().map(|&x| x.into()).collect(),
        Property::ListUChar(v) => v.iter().map(|&x| x.into()).collect(),
        Property::ListShort(v) => v.iter().map(|&x| x.into()).collect(),
        Property::ListUShort(v) => v.iter().map(|&x| x.into()).collect(),
        Property::ListInt(v) => v.iter().map(|&x| x.into()).collect(),
        Property::ListUInt(v) => v.iter().map(|&x| x.into()).collect(),
        _ => Vec::new(),
    }
}
