//! Reading mesh files (feature `io`): OBJ, STL (ASCII and binary), PLY (ASCII and
//! binary) and OFF, into vertices and triangles ([`MeshData`]) ready for
//! [`TriMesh::from_soup`](crate::TriMesh::from_soup) or [`TriMesh::new`](crate::TriMesh::new).
//!
//! Every reader keeps the file's numbers exactly: coordinates are read as the file
//! writes them (decimal text correctly rounded to `f64`, except ASCII STL, whose
//! numbers are `f32` by the format and are rounded to `f32` as every STL reader does;
//! binary `f32` and integer values are converted exactly). Vertices keep the file's
//! numbering (0-based), faces with more than three corners are split into a fan of
//! triangles from their first corner (counted in [`MeshData::polygons`]), PLY triangle
//! strips (`tristrips`) into their triangles (counted in [`MeshData::strips`]), and
//! nothing is dropped silently: elements that are not part of a surface (OBJ lines and
//! points, PLY elements other than `vertex`, `face` and `tristrips`, the zero-area
//! triangles that stitch strips) are counted in [`MeshData::ignored`].
//!
//! Malformed input is an error ([`MeshFileError`]) naming the file and where: the line
//! (and column, for a token) in text, the byte offset in binary data. A NaN or infinite
//! coordinate, a face index out of range, a face with fewer than three corners, a file
//! shorter or longer than its header's counts: all are errors, never a panic or a lost
//! element.
//!
//! | format | read by | positions in errors |
//! |---|---|---|
//! | OBJ (`.obj`) | this crate (`obj.rs`) | line and column |
//! | OFF (`.off`) | this crate (`off.rs`) | line and column |
//! | STL ASCII (`.stl`) | the `stl_io` crate, after a check of the grammar by this crate | line and column |
//! | STL binary | the `stl_io` crate, after a check of the size and values by this crate | byte offset |
//! | PLY ASCII (`.ply`) | the `ply-rs-bw` crate, element by element | line (and column for a bad index or number) |
//! | PLY binary | the `ply-rs-bw` crate, element by element | byte offset of the element |
//!
//! OBJ and OFF are read by the crate's own small parsers: OFF has no maintained crate,
//! and the OBJ crate `tobj` renumbers vertices per object, divides by a `w` coordinate
//! (rounding), and reports errors without a line.
//!
//! # Examples
//!
//! ```
//! use isect::io::{read_mesh_from, MeshFormat};
//! let off = "OFF\n# a triangle\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n";
//! let data = read_mesh_from(off.as_bytes(), MeshFormat::Off, "tri.off").unwrap();
//! assert_eq!(data.triangles, vec![[0, 1, 2]]);
//! let err = read_mesh_from("OFF\n3 1 0\n0 0 0\n1 0 nan\n0 1 0\n3 0 1 2\n".as_bytes(), MeshFormat::Off, "bad.off").unwrap_err();
//! assert_eq!(err.to_string(), "bad.off:4:5: the z coordinate is NaN");
//! ```

mod obj;
mod off;
mod ply;
mod stl;

use std::fmt;
use std::io::BufRead;
use std::path::Path;
use std::string::{String, ToString};
use std::vec::Vec;

/// The mesh file formats [`read_mesh`] knows.
///
/// # Examples
///
/// ```
/// use isect::io::MeshFormat;
/// assert_eq!(MeshFormat::from_path("part.STL".as_ref()), Some(MeshFormat::Stl));
/// assert_eq!(MeshFormat::from_path("notes.txt".as_ref()), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeshFormat {
    /// Wavefront OBJ (`v` and `f` lines).
    Obj,
    /// STL, ASCII or binary (told apart by the content).
    Stl,
    /// Stanford PLY, ASCII or binary (from its header).
    Ply,
    /// Object File Format (`OFF`, and the `COFF`, `NOFF`, `CNOFF`, `STOFF` variants).
    Off,
}

impl MeshFormat {
    /// The format named by the file's extension (`obj`, `stl`, `ply`, `off`, any case).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(isect::io::MeshFormat::from_path("a/b.off".as_ref()), Some(isect::io::MeshFormat::Off));
    /// ```
    pub fn from_path(path: &Path) -> Option<MeshFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "obj" => Some(MeshFormat::Obj),
            "stl" => Some(MeshFormat::Stl),
            "ply" => Some(MeshFormat::Ply),
            "off" => Some(MeshFormat::Off),
            _ => None,
        }
    }

    /// The format's usual name (`"OBJ"`, …).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(isect::io::MeshFormat::Ply.name(), "PLY");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            MeshFormat::Obj => "OBJ",
            MeshFormat::Stl => "STL",
            MeshFormat::Ply => "PLY",
            MeshFormat::Off => "OFF",
        }
    }
}

/// Kinds of elements a file held that are not part of the triangle surface, with how
/// many and where the first was ([`MeshData::ignored`]).
///
/// # Examples
///
/// ```
/// use isect::io::{read_mesh_from, MeshFormat};
/// let obj = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nl 1 2\nl 2 3\n";
/// let data = read_mesh_from(obj.as_bytes(), MeshFormat::Obj, "m.obj").unwrap();
/// assert_eq!(data.ignored[0].what, "`l` (polyline) elements");
/// assert_eq!((data.ignored[0].count, data.ignored[0].first_line), (2, Some(5)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ignored {
    /// What kind of element.
    pub what: String,
    /// How many.
    pub count: usize,
    /// The line of the first (text formats), if known.
    pub first_line: Option<usize>,
}

/// Vertices and triangles read from a mesh file, in the file's numbering.
///
/// # Examples
///
/// ```
/// use isect::io::{read_mesh_from, MeshFormat};
/// let obj = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n";
/// let data = read_mesh_from(obj.as_bytes(), MeshFormat::Obj, "quad.obj").unwrap();
/// assert_eq!(data.triangles, vec![[0, 1, 2], [0, 2, 3]]);
/// assert_eq!((data.faces, data.polygons, data.triangle_face.clone()), (1, 1, vec![0, 0]));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MeshData<T> {
    /// The format the data was read as.
    pub format: MeshFormat,
    /// The vertices, in file order.
    pub vertices: Vec<[T; 3]>,
    /// The triangles, in file order (a polygon's fan in order), as 0-based vertex indices.
    pub triangles: Vec<[u32; 3]>,
    /// For each triangle, the face of the file it comes from (0-based).
    pub triangle_face: Vec<usize>,
    /// How many faces the file has.
    pub faces: usize,
    /// How many of them had more than three corners (split into a fan of triangles).
    pub polygons: usize,
    /// How many of them are triangle strips (PLY `tristrips`), split into their triangles.
    pub strips: usize,
    /// Elements read but not part of the surface.
    pub ignored: Vec<Ignored>,
}

impl MeshData<f64> {
    /// The same data in `f32`, when every coordinate is exactly an `f32` value (always
    /// so for STL, and for binary PLY with `float` coordinates); `None` otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::io::{read_mesh_from, MeshFormat};
    /// let d = read_mesh_from("v 0 0 0\nv 0.5 0 0\nv 0 1 0\nf 1 2 3\n".as_bytes(), MeshFormat::Obj, "-").unwrap();
    /// assert_eq!(d.to_f32().unwrap().vertices[1], [0.5_f32, 0.0, 0.0]);
    /// let d = read_mesh_from("v 0 0 0\nv 0.1 0 0\nv 0 1 0\nf 1 2 3\n".as_bytes(), MeshFormat::Obj, "-").unwrap();
    /// assert!(d.to_f32().is_none()); // 0.1 is not an f32
    /// ```
    pub fn to_f32(&self) -> Option<MeshData<f32>> {
        let vertices = self
            .vertices
            .iter()
            .map(|p| {
                let q = p.map(|x| x as f32);
                (0..3).all(|k| f64::from(q[k]) == p[k]).then_some(q)
            })
            .collect::<Option<Vec<_>>>()?;
        Some(MeshData {
            format: self.format,
            vertices,
            triangles: self.triangles.clone(),
            triangle_face: self.triangle_face.clone(),
            faces: self.faces,
            polygons: self.polygons,
            strips: self.strips,
            ignored: self.ignored.clone(),
        })
    }
}

/// Where in a file a [`MeshFileError`] is.
///
/// # Examples
///
/// ```
/// use isect::io::FilePosition;
/// assert_ne!(FilePosition::Line { line: 1, column: None }, FilePosition::Byte(1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FilePosition {
    /// The file as a whole (it cannot be opened or read, or its kind is unknown).
    File,
    /// A line of a text file, counted from 1, and the byte column counted from 1.
    Line {
        /// The line, from 1.
        line: usize,
        /// The column (bytes from the start of the line, from 1), when one token is at fault.
        column: Option<usize>,
    },
    /// A byte offset in binary data, from 0.
    Byte(u64),
}

/// A mesh file that could not be read: the file's name, where, and what is wrong.
/// Displayed as `FILE:LINE:COLUMN: message`, `FILE:LINE: message`,
/// `FILE: byte N: message` or `FILE: message`.
///
/// # Examples
///
/// ```
/// use isect::io::{read_mesh_from, FilePosition, MeshFormat};
/// let err = read_mesh_from("v 0 0 0\nf 1 2 3\n".as_bytes(), MeshFormat::Obj, "m.obj").unwrap_err();
/// assert_eq!(err.position, FilePosition::Line { line: 2, column: Some(5) });
/// assert_eq!(err.to_string(), "m.obj:2:5: vertex 2 is not defined (1 vertex before this line)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeshFileError {
    /// The file's name as given (or the name given for a reader).
    pub file: String,
    /// Where.
    pub position: FilePosition,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for MeshFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            FilePosition::File => write!(f, "{}: {}", self.file, self.message),
            FilePosition::Line { line, column: None } => {
                write!(f, "{}:{line}: {}", self.file, self.message)
            }
            FilePosition::Line {
                line,
                column: Some(c),
            } => write!(f, "{}:{line}:{c}: {}", self.file, self.message),
            FilePosition::Byte(b) => write!(f, "{}: byte {b}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for MeshFileError {}

/// Reads a mesh file, its format taken from the extension ([`MeshFormat::from_path`]).
///
/// # Errors
///
/// A [`MeshFileError`]: an unknown extension or a file that cannot be read
/// ([`FilePosition::File`]), or malformed content (see the [module docs](self)).
///
/// # Examples
///
/// ```
/// let path = std::env::temp_dir().join(format!("isect-doc-{}.obj", std::process::id()));
/// std::fs::write(&path, "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n").unwrap();
/// let data = isect::io::read_mesh(&path).unwrap();
/// assert_eq!((data.vertices.len(), data.triangles.len()), (3, 1));
/// # std::fs::remove_file(&path).unwrap();
/// ```
pub fn read_mesh(path: impl AsRef<Path>) -> Result<MeshData<f64>, MeshFileError> {
    let path = path.as_ref();
    let Some(format) = MeshFormat::from_path(path) else {
        return Err(MeshFileError {
            file: path.display().to_string(),
            position: FilePosition::File,
            message: "unknown mesh format (the extension is not .obj, .stl, .ply or .off)".into(),
        });
    };
    read_mesh_as(path, format)
}

/// Reads a mesh file in the given format, whatever its extension.
///
/// # Errors
///
/// As [`read_mesh`].
///
/// # Examples
///
/// ```
/// use isect::io::{read_mesh_as, MeshFormat};
/// let path = std::env::temp_dir().join(format!("isect-doc-{}.txt", std::process::id()));
/// std::fs::write(&path, "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n").unwrap();
/// assert_eq!(read_mesh_as(&path, MeshFormat::Off).unwrap().faces, 1);
/// # std::fs::remove_file(&path).unwrap();
/// ```
pub fn read_mesh_as(
    path: impl AsRef<Path>,
    format: MeshFormat,
) -> Result<MeshData<f64>, MeshFileError> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| MeshFileError {
        file: name.clone(),
        position: FilePosition::File,
        message: e.to_string(),
    })?;
    read_mesh_from(std::io::BufReader::new(file), format, &name)
}

/// Reads mesh data in the given format from any reader (standard input, memory);
/// `name` is the file name errors give.
///
/// # Errors
///
/// As [`read_mesh`] (an error of the reader itself has [`FilePosition::File`]).
///
/// # Examples
///
/// ```
/// use isect::io::{read_mesh_from, MeshFormat};
/// let ply = "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\n\
///            element face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n";
/// let data = read_mesh_from(ply.as_bytes(), MeshFormat::Ply, "t.ply").unwrap();
/// assert_eq!(data.vertices[1], [1.0, 0.0, 0.0]);
/// ```
pub fn read_mesh_from(
    mut reader: impl BufRead,
    format: MeshFormat,
    name: &str,
) -> Result<MeshData<f64>, MeshFileError> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(|e| MeshFileError {
        file: name.to_string(),
        position: FilePosition::File,
        message: e.to_string(),
    })?;
    let at = Here { file: name };
    match format {
        MeshFormat::Obj => obj::read(&bytes, at),
        MeshFormat::Off => off::read(&bytes, at),
        MeshFormat::Stl => stl::read(bytes, at),
        MeshFormat::Ply => ply::read(&bytes, at),
    }
}

/// The file being read: makes its errors.
#[derive(Clone, Copy)]
struct Here<'a> {
    file: &'a str,
}

impl Here<'_> {
    fn error(self, position: FilePosition, message: impl Into<String>) -> MeshFileError {
        MeshFileError {
            file: self.file.to_string(),
            position,
            message: message.into(),
        }
    }

    fn line(self, line: usize, message: impl Into<String>) -> MeshFileError {
        self.error(FilePosition::Line { line, column: None }, message)
    }

    fn column(self, line: usize, column: usize, message: impl Into<String>) -> MeshFileError {
        self.error(
            FilePosition::Line {
                line,
                column: Some(column),
            },
            message,
        )
    }

    fn byte(self, offset: u64, message: impl Into<String>) -> MeshFileError {
        self.error(FilePosition::Byte(offset), message)
    }
}

/// The lines of a text file: (line number from 1, text without the line end). A line
/// that is not UTF-8 is an error naming its line and the column of the first bad byte.
fn text_lines<'b>(bytes: &'b [u8], at: Here<'_>) -> Result<Vec<(usize, &'b str)>, MeshFileError> {
    let mut out = Vec::new();
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        match std::str::from_utf8(raw) {
            Ok(s) => out.push((i + 1, s)),
            Err(e) => {
                return Err(at.column(i + 1, e.valid_up_to() + 1, "not UTF-8 text"));
            }
        }
    }
    // A final line end does not start another line.
    if bytes.last() == Some(&b'\n') {
        out.pop();
    }
    Ok(out)
}

/// The whitespace-separated tokens of a line with their columns (bytes, from 1).
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((s + 1, &line[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s + 1, &line[s..]));
    }
    out
}

const AXES: [&str; 3] = ["x", "y", "z"];

/// A coordinate written as decimal text, correctly rounded to `f64`; NaN, the
/// infinities and numbers that overflow are errors.
fn coordinate(
    token: &str,
    axis: usize,
    line: usize,
    column: usize,
    at: Here<'_>,
) -> Result<f64, MeshFileError> {
    let x: f64 = token.parse().map_err(|_| {
        at.column(
            line,
            column,
            format!("the {} coordinate `{token}` is not a number", AXES[axis]),
        )
    })?;
    finite(
        x,
        axis,
        at,
        FilePosition::Line {
            line,
            column: Some(column),
        },
    )
}

/// `x` if finite, else the error at `position`.
fn finite(x: f64, axis: usize, at: Here<'_>, position: FilePosition) -> Result<f64, MeshFileError> {
    if x.is_finite() {
        return Ok(x);
    }
    let what = if x.is_nan() {
        "NaN".to_string()
    } else if x > 0.0 {
        "infinite (or overflows)".to_string()
    } else {
        "-infinite (or overflows)".to_string()
    };
    Err(at.error(position, format!("the {} coordinate is {what}", AXES[axis])))
}

/// Adds a face (0-based corner indices) as a fan of triangles.
fn push_face(data: &mut MeshData<f64>, corners: &[u32]) {
    let face = data.faces;
    data.faces += 1;
    if corners.len() > 3 {
        data.polygons += 1;
    }
    for k in 1..corners.len().saturating_sub(1) {
        data.triangles
            .push([corners[0], corners[k], corners[k + 1]]);
        data.triangle_face.push(face);
    }
}

/// Empty data of a format.
fn empty(format: MeshFormat) -> MeshData<f64> {
    MeshData {
        format,
        vertices: Vec::new(),
        triangles: Vec::new(),
        triangle_face: Vec::new(),
        faces: 0,
        polygons: 0,
        strips: 0,
        ignored: Vec::new(),
    }
}

/// Counts an ignored element of kind `what` at `line`.
fn ignore(data: &mut MeshData<f64>, what: &str, line: Option<usize>) {
    match data.ignored.iter_mut().find(|i| i.what == what) {
        Some(i) => i.count += 1,
        None => data.ignored.push(Ignored {
            what: what.to_string(),
            count: 1,
            first_line: line,
        }),
    }
}

/// "1 vertex", "2 vertices".
fn vertices_word(n: usize) -> String {
    if n == 1 {
        "1 vertex".to_string()
    } else {
        format!("{n} vertices")
    }
}
