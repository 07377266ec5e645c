//! Wavefront OBJ: `v x y z [w | r g b]` vertices and `f` faces (`i`, `i/t`, `i//n`,
//! `i/t/n` corners, 1-based or negative = relative to the vertices so far). Comments
//! start with `#`. Texture coordinates, normals, groups, objects, smoothing groups and
//! materials are attributes, skipped; `l` (polylines), `p` (points) and free-form
//! geometry, and statements this reader does not know, are counted in
//! [`MeshData::ignored`](super::MeshData::ignored).

use std::format;
use std::vec::Vec;

use super::{
    Here, MeshData, MeshFileError, MeshFormat, coordinate, empty, ignore, push_face, text_lines,
    tokens, vertices_word,
};

/// Reads an OBJ file's bytes.
pub(super) fn read(bytes: &[u8], at: Here<'_>) -> Result<MeshData<f64>, MeshFileError> {
    let mut data = empty(MeshFormat::Obj);
    let mut corners: Vec<u32> = Vec::new();
    for (line, text) in text_lines(bytes, at)? {
        let text = text.split('#').next().unwrap_or("");
        let words = tokens(text);
        let Some(&(_, keyword)) = words.first() else {
            continue;
        };
        if text.trim_end().ends_with('\\') {
            return Err(at.line(
                line,
                "line continuation (`\\` at the end of a line) is not supported",
            ));
        }
        match keyword {
            "v" => {
                let values = &words[1..];
                if !matches!(values.len(), 3 | 4 | 6) {
                    return Err(at.line(
                        line,
                        format!(
                            "a vertex needs x y z (then w, or r g b): found {} values",
                            values.len()
                        ),
                    ));
                }
                let mut p = [0.0; 3];
                for axis in 0..3 {
                    let (col, tok) = values[axis];
                    p[axis] = coordinate(tok, axis, line, col, at)?;
                }
                if values.len() == 4 {
                    let (col, tok) = values[3];
                    if tok.parse::<f64>() != Ok(1.0) {
                        return Err(at.column(
                            line,
                            col,
                            format!("the homogeneous coordinate w = `{tok}` is not 1 (dividing by it would round the vertex)"),
                        ));
                    }
                }
                if data.vertices.len() > u32::MAX as usize {
                    return Err(at.line(line, "more than 2^32 vertices"));
                }
                data.vertices.push(p);
            }
            "f" => {
                corners.clear();
                for &(col, tok) in &words[1..] {
                    corners.push(corner(tok, data.vertices.len(), line, col, at)?);
                }
                if corners.len() < 3 {
                    return Err(at.line(
                        line,
                        format!("a face needs at least 3 corners, found {}", corners.len()),
                    ));
                }
                push_face(&mut data, &corners);
            }
            "l" => ignore(&mut data, "`l` (polyline) elements", Some(line)),
            "p" => ignore(&mut data, "`p` (point) elements", Some(line)),
            "curv" | "curv2" | "surf" => {
                ignore(&mut data, "free-form curves and surfaces", Some(line))
            }
            "vt" | "vn" | "vp" | "g" | "o" | "s" | "mg" | "usemtl" | "mtllib" | "usemap"
            | "maplib" | "lod" | "bevel" | "c_interp" | "d_interp" | "shadow_obj" | "trace_obj"
            | "cstype" | "deg" | "bmat" | "step" | "parm" | "trim" | "hole" | "scrv" | "sp"
            | "end" | "con" => {}
            other => ignore(
                &mut data,
                &format!("unknown statements `{other}`"),
                Some(line),
            ),
        }
    }
    Ok(data)
}

/// A face corner `v`, `v/t`, `v//n` or `v/t/n`: its 0-based vertex index.
fn corner(
    token: &str,
    count: usize,
    line: usize,
    col: usize,
    at: Here<'_>,
) -> Result<u32, MeshFileError> {
    let first = token.split('/').next().unwrap_or("");
    let k: i64 = first.parse().map_err(|_| {
        at.column(
            line,
            col,
            format!("the face corner `{token}` is not a vertex index"),
        )
    })?;
    let index = if k > 0 {
        k - 1
    } else if k < 0 {
        count as i64 + k
    } else {
        return Err(at.column(line, col, "vertex index 0 (OBJ counts from 1)"));
    };
    if index < 0 || index >= count as i64 {
        return Err(at.column(
            line,
            col,
            format!(
                "vertex {k} is not defined ({} before this line)",
                vertices_word(count)
            ),
        ));
    }
    Ok(index as u32)
}
