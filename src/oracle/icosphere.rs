//! The icosahedral spheres of the named scenes ([`super::scenes`]): vertices on a dyadic
//! grid, so every coordinate is exact in `f64` and in `f32`, closed and consistently
//! oriented.

use alloc::vec::Vec;
use std::collections::HashMap;

use super::rng::round_to;

/// The grid step of [`icosphere`] vertices: 2⁻¹⁴.
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::{icosphere, ICOSPHERE_GRID_EXP};
/// let step = 2f64.powi(ICOSPHERE_GRID_EXP);
/// let (v, _) = icosphere(2);
/// assert!(v.iter().flatten().all(|x| (x / step).fract() == 0.0));
/// ```
pub const ICOSPHERE_GRID_EXP: i32 = -14;

/// An indexed triangle mesh: vertices, and triangles as indices into them.
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::{unit_icosphere, IndexedMesh};
/// let (vertices, triangles): IndexedMesh = unit_icosphere(0); // the icosahedron
/// assert_eq!((vertices.len(), triangles.len()), (12, 20));
/// ```
pub type IndexedMesh = (Vec<[f64; 3]>, Vec<[u32; 3]>);

/// The most subdivision levels [`icosphere`] supports.
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::{try_icosphere, ICOSPHERE_MAX_LEVELS};
/// assert_eq!(ICOSPHERE_MAX_LEVELS, 7);
/// assert!(try_icosphere(ICOSPHERE_MAX_LEVELS + 1).is_err());
/// ```
pub const ICOSPHERE_MAX_LEVELS: u32 = 7;

/// The most subdivision levels [`unit_icosphere`] supports.
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::{try_unit_icosphere, UNIT_ICOSPHERE_MAX_LEVELS};
/// assert!(try_unit_icosphere(UNIT_ICOSPHERE_MAX_LEVELS + 1).is_err());
/// ```
pub const UNIT_ICOSPHERE_MAX_LEVELS: u32 = 9;

/// A scene asked for more subdivision levels than it supports.
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::{try_icosphere, TooManyLevels};
/// assert_eq!(try_icosphere(8).unwrap_err(), TooManyLevels { levels: 8, max: 7 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyLevels {
    /// The levels asked for.
    pub levels: u32,
    /// The most the scene supports.
    pub max: u32,
}

impl core::fmt::Display for TooManyLevels {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} subdivision levels asked for; at most {} are supported",
            self.levels, self.max
        )
    }
}

impl std::error::Error for TooManyLevels {}

/// [`icosphere`], refusing more than [`ICOSPHERE_MAX_LEVELS`] levels.
///
/// # Errors
///
/// [`TooManyLevels`] when `levels > 7`.
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::try_icosphere;
/// assert_eq!(try_icosphere(2).unwrap().1.len(), 320);
/// assert!(try_icosphere(8).is_err());
/// ```
pub fn try_icosphere(levels: u32) -> Result<IndexedMesh, TooManyLevels> {
    if levels > ICOSPHERE_MAX_LEVELS {
        return Err(TooManyLevels {
            levels,
            max: ICOSPHERE_MAX_LEVELS,
        });
    }
    Ok(icosphere(levels))
}

/// [`unit_icosphere`], refusing more than [`UNIT_ICOSPHERE_MAX_LEVELS`] levels.
///
/// # Errors
///
/// [`TooManyLevels`] when `levels > 9`.
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::try_unit_icosphere;
/// assert_eq!(try_unit_icosphere(1).unwrap().1.len(), 80);
/// assert!(try_unit_icosphere(10).is_err());
/// ```
pub fn try_unit_icosphere(levels: u32) -> Result<IndexedMesh, TooManyLevels> {
    if levels > UNIT_ICOSPHERE_MAX_LEVELS {
        return Err(TooManyLevels {
            levels,
            max: UNIT_ICOSPHERE_MAX_LEVELS,
        });
    }
    Ok(unit_icosphere(levels))
}

/// An icosphere: an icosahedron subdivided `levels` times (20·4^levels triangles), each
/// vertex projected onto the unit sphere and then **rounded to the dyadic grid of step
/// 2⁻¹⁴** ([`ICOSPHERE_GRID_EXP`]), so every coordinate is a 15-bit dyadic number (exact
/// in `f32` too).
///
/// The mesh is closed, every edge is shared by exactly two triangles, and every triangle
/// is counterclockwise seen from outside (so `orient3d(a, b, c, [0, 0, 0])` is
/// `Positive`), as [`TriMesh::new`](crate::TriMesh::new) requires. Supported for
/// `levels ≤ 7` ([`ICOSPHERE_MAX_LEVELS`]: 327,680 triangles, edges still about 70 grid
/// steps long); larger levels would make the rounding grid too coarse for the triangles,
/// so they give the level-7 sphere ([`try_icosphere`] refuses them instead). Every vertex
/// is within 2⁻¹⁴ of the unit sphere, and the origin is inside.
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::icosphere;
/// let (v, t) = icosphere(3);
/// assert_eq!(t.len(), 1280);
/// assert_eq!(v.len(), 642);
/// let mesh = isect::TriMesh::new(v, t).unwrap();
/// assert!(mesh.is_closed());
/// assert!(mesh.contains([0.0; 3]));
/// ```
pub fn icosphere(levels: u32) -> (Vec<[f64; 3]>, Vec<[u32; 3]>) {
    let (v, t) = unit_icosphere(levels.min(ICOSPHERE_MAX_LEVELS));
    let v = v
        .into_iter()
        .map(|p| p.map(|x| round_to(x, ICOSPHERE_GRID_EXP)))
        .collect();
    (v, t)
}

/// The icosphere of [`icosphere`] before rounding: every vertex is the normalized midpoint
/// as computed in `f64` (so on the unit sphere within a few ulps, with full 53-bit
/// mantissas, not on a grid). Same triangles, same orientation. For benchmarks and
/// generic rays; rays aimed at its edges cannot be exact.
///
/// Levels above 9 ([`UNIT_ICOSPHERE_MAX_LEVELS`]: 5,242,880 triangles) give the level-9
/// sphere ([`try_unit_icosphere`] refuses them instead).
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::unit_icosphere;
/// let (v, t) = unit_icosphere(1);
/// assert_eq!((v.len(), t.len()), (42, 80));
/// assert!(v.iter().all(|p| ((p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) - 1.0).abs() < 1e-15));
/// ```
pub fn unit_icosphere(levels: u32) -> (Vec<[f64; 3]>, Vec<[u32; 3]>) {
    let levels = levels.min(UNIT_ICOSPHERE_MAX_LEVELS);
    let (mut v, mut t) = icosahedron();
    for p in &mut v {
        *p = normalize(*p);
    }
    for _ in 0..levels {
        let mut mid: HashMap<(u32, u32), u32> = HashMap::new();
        let mut next = Vec::with_capacity(t.len() * 4);
        let mut midpoint = |i: u32, j: u32, v: &mut Vec<[f64; 3]>| -> u32 {
            *mid.entry((i.min(j), i.max(j))).or_insert_with(|| {
                let (a, b) = (v[i as usize], v[j as usize]);
                v.push(normalize([a[0] + b[0], a[1] + b[1], a[2] + b[2]]));
                (v.len() - 1) as u32
            })
        };
        for &[a, b, c] in &t {
            let ab = midpoint(a, b, &mut v);
            let bc = midpoint(b, c, &mut v);
            let ca = midpoint(c, a, &mut v);
            next.extend_from_slice(&[[a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]]);
        }
        t = next;
    }
    (v, t)
}

/// The regular icosahedron with the 12 vertices `(±1, ±φ, 0)`, `(0, ±1, ±φ)`,
/// `(±φ, 0, ±1)` (`φ` the golden ratio, rounded once to `f64`; circumradius `√(1 + φ²)`)
/// and 20 triangles counterclockwise seen from outside: the base mesh of
/// [`unit_icosphere`] and [`icosphere`], and the one icosahedron table of the crate.
pub(crate) fn icosahedron() -> IndexedMesh {
    let g = (1.0 + 5f64.sqrt()) / 2.0;
    let v: Vec<[f64; 3]> = vec![
        [-1.0, g, 0.0],
        [1.0, g, 0.0],
        [-1.0, -g, 0.0],
        [1.0, -g, 0.0],
        [0.0, -1.0, g],
        [0.0, 1.0, g],
        [0.0, -1.0, -g],
        [0.0, 1.0, -g],
        [g, 0.0, -1.0],
        [g, 0.0, 1.0],
        [-g, 0.0, -1.0],
        [-g, 0.0, 1.0],
    ];
    let t: Vec<[u32; 3]> = vec![
        [0, 11, 5],
        [0, 5, 1],
        [0, 1, 7],
        [0, 7, 10],
        [0, 10, 11],
        [1, 5, 9],
        [5, 11, 4],
        [11, 10, 2],
        [10, 7, 6],
        [7, 1, 8],
        [3, 9, 4],
        [3, 4, 2],
        [3, 2, 6],
        [3, 6, 8],
        [3, 8, 9],
        [4, 9, 5],
        [2, 4, 11],
        [6, 2, 10],
        [8, 6, 7],
        [9, 8, 1],
    ];
    (v, t)
}

pub(super) fn normalize(p: [f64; 3]) -> [f64; 3] {
    let n = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
    p.map(|x| x / n)
}
