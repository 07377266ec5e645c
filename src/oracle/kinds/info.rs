//! The test kinds whose query is a fixed row of coordinates, described for tools that read
//! queries from files (the `isect oracle` command line takes its kinds from [`KINDS`]).

use alloc::vec::Vec;

use super::super::check::{Family, TestKind};
use super::super::rng::Rng;
use super::ray_triangle::RayTriangleKind;
use super::{IncircleKind, InsphereKind, Orient2dKind, Orient3dKind, RayAabbKind, TriTriKind};
use crate::{FloatFormat, Sign};

/// What a test kind answers, as a file of queries writes it.
///
/// # Examples
///
/// ```
/// use isect::oracle::{AnswerForm, KINDS};
/// assert_eq!(KINDS[0].answer, AnswerForm::Sign); // orient2d
/// assert_eq!(KINDS[4].answer, AnswerForm::Hit); // ray-triangle
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnswerForm {
    /// A sign, written `-1`, `0` or `1` (the predicates).
    Sign,
    /// Hit or miss (intersect or not), written `1` or `0`.
    Hit,
}

/// A test kind whose query is a fixed row of `f64` coordinates: its name, its columns,
/// how the coordinates group into named points, what it answers, and the exact answer for
/// a row. One entry of [`KINDS`] per such kind; the [`TestKind`] of the same
/// [`name`](KindInfo::name) generates and judges the same queries.
///
/// # Examples
///
/// ```
/// use isect::oracle::{KindInfo, KINDS};
/// let k: &KindInfo = KINDS.iter().find(|k| k.name == "orient2d").unwrap();
/// assert_eq!(k.columns, ["ax", "ay", "bx", "by", "cx", "cy"]);
/// assert_eq!(k.points, [("a", 2), ("b", 2), ("c", 2)]);
/// assert_eq!(k.exact(&[0.0, 0.0, 1.0, 0.0, 0.0, 1.0]), 1); // counterclockwise
/// ```
#[derive(Clone, Copy, Debug)]
pub struct KindInfo {
    /// The name, as [`TestKind::NAME`] (`"orient2d"`, `"ray-triangle"` …).
    pub name: &'static str,
    /// The coordinates of one query in row order (`"ax"`, `"ay"`, …), the order of
    /// [`TestKind::coords`].
    pub columns: &'static [&'static str],
    /// The named points and vectors of a query with their dimensions, in column order
    /// (`("a", 2)`, `("origin", 3)` …): the keys of a query written as an object.
    pub points: &'static [(&'static str, usize)],
    /// What the kind answers.
    pub answer: AnswerForm,
    /// What the answer means, in one line of plain ASCII text.
    pub meaning: &'static str,
    exact: fn(&[f64]) -> i8,
    generate: fn(Family, FloatFormat, &mut Rng) -> Vec<f64>,
}

/// The row of coordinates of one input of `kind` ([`TestKind::generate_in`]).
fn row_of<K: TestKind>(kind: K, family: Family, format: FloatFormat, rng: &mut Rng) -> Vec<f64> {
    let q = kind.generate_in(family, format, rng);
    kind.coords(&q)
}

impl KindInfo {
    /// The number of coordinates of one query.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(isect::oracle::KINDS[5].arity(), 18); // tri-tri: two triangles
    /// ```
    pub fn arity(&self) -> usize {
        self.columns.len()
    }

    /// The exact answer to the query with these coordinates (in [`columns`](Self::columns)
    /// order; `coords` must hold at least [`arity`](Self::arity) values), as query files
    /// write it: the sign as `-1`, `0`, `1` for [`AnswerForm::Sign`], `1` (hit) or `0`
    /// (miss) for [`AnswerForm::Hit`]. The answer of the kind's [`TestKind::exact`];
    /// non-finite coordinates get what that function returns for them (`0`).
    ///
    /// # Panics
    ///
    /// If `coords` is shorter than [`arity`](Self::arity).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::KINDS;
    /// let ray_aabb = KINDS.iter().find(|k| k.name == "ray-aabb").unwrap();
    /// // A ray along +x from the origin, a unit box ahead of it: a hit.
    /// let row = [0.0, 0.5, 0.5, 1.0, 0.0, 0.0, 2.0, 0.0, 0.0, 3.0, 1.0, 1.0];
    /// assert_eq!(ray_aabb.exact(&row), 1);
    /// ```
    #[inline]
    pub fn exact(&self, coords: &[f64]) -> i8 {
        (self.exact)(coords)
    }

    /// One generated query of `family` in `precision`, as a row in
    /// [`columns`](Self::columns) order: the coordinates of the [`TestKind`] of the same
    /// name's [`generate_in`](TestKind::generate_in), drawn from `rng` (so the rows are
    /// those [`check`](fn@super::super::check) runs for the same seed). This is what
    /// `isect oracle generate` writes.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{Family, KINDS, Rng};
    /// use isect::FloatFormat;
    /// let ray_triangle = KINDS.iter().find(|k| k.name == "ray-triangle").unwrap();
    /// let row = ray_triangle.generate(Family::AimedAtVertices, FloatFormat::F32, &mut Rng::new(1));
    /// assert_eq!(row.len(), ray_triangle.arity());
    /// assert!(row.iter().all(|&x| f64::from(x as f32) == x));
    /// assert_eq!(ray_triangle.exact(&row), 1); // aimed exactly at a vertex: a hit
    /// ```
    pub fn generate(&self, family: Family, precision: FloatFormat, rng: &mut Rng) -> Vec<f64> {
        (self.generate)(family, precision, rng)
    }
}

fn sign_code(s: Sign) -> i8 {
    s.to_i32() as i8
}

/// Every test kind whose query is a fixed row of coordinates, in the order tools list
/// them: the four predicates, then ray/triangle, triangle/triangle and ray/box.
/// ([`MeshRaysKind`](super::MeshRaysKind) is not here: its queries need a mesh.)
///
/// # Examples
///
/// ```
/// let names: Vec<&str> = isect::oracle::KINDS.iter().map(|k| k.name).collect();
/// assert_eq!(names, ["orient2d", "orient3d", "incircle", "insphere", "ray-triangle", "tri-tri", "ray-aabb"]);
/// ```
pub const KINDS: [KindInfo; 7] = [
    KindInfo {
        name: Orient2dKind::NAME,
        columns: &["ax", "ay", "bx", "by", "cx", "cy"],
        points: &[("a", 2), ("b", 2), ("c", 2)],
        answer: AnswerForm::Sign,
        meaning: "the exact sign of orient2d(a, b, c): positive when a, b, c are counterclockwise",
        exact: |c| sign_code(Orient2dKind.exact(&Orient2dKind::from_coords(c))),
        generate: |f, p, rng| row_of(Orient2dKind, f, p, rng),
    },
    KindInfo {
        name: Orient3dKind::NAME,
        columns: &[
            "ax", "ay", "az", "bx", "by", "bz", "cx", "cy", "cz", "dx", "dy", "dz",
        ],
        points: &[("a", 3), ("b", 3), ("c", 3), ("d", 3)],
        answer: AnswerForm::Sign,
        meaning: "the exact sign of orient3d(a, b, c, d): positive when d is below the plane \
                  of counterclockwise a, b, c",
        exact: |c| sign_code(Orient3dKind.exact(&Orient3dKind::from_coords(c))),
        generate: |f, p, rng| row_of(Orient3dKind, f, p, rng),
    },
    KindInfo {
        name: IncircleKind::NAME,
        columns: &["ax", "ay", "bx", "by", "cx", "cy", "dx", "dy"],
        points: &[("a", 2), ("b", 2), ("c", 2), ("d", 2)],
        answer: AnswerForm::Sign,
        meaning: "the exact sign of incircle(a, b, c, d): positive when d is inside the \
                  circle through counterclockwise a, b, c",
        exact: |c| sign_code(IncircleKind.exact(&IncircleKind::from_coords(c))),
        generate: |f, p, rng| row_of(IncircleKind, f, p, rng),
    },
    KindInfo {
        name: InsphereKind::NAME,
        columns: &[
            "ax", "ay", "az", "bx", "by", "bz", "cx", "cy", "cz", "dx", "dy", "dz", "ex", "ey",
            "ez",
        ],
        points: &[("a", 3), ("b", 3), ("c", 3), ("d", 3), ("e", 3)],
        answer: AnswerForm::Sign,
        meaning: "the exact sign of insphere(a, b, c, d, e): positive when e is inside the \
                  sphere through a, b, c, d with orient3d(a, b, c, d) positive",
        exact: |c| sign_code(InsphereKind.exact(&InsphereKind::from_coords(c))),
        generate: |f, p, rng| row_of(InsphereKind, f, p, rng),
    },
    KindInfo {
        name: RayTriangleKind::NAME,
        columns: &[
            "ox", "oy", "oz", "dx", "dy", "dz", "ax", "ay", "az", "bx", "by", "bz", "cx", "cy",
            "cz",
        ],
        points: &[
            ("origin", 3),
            ("direction", 3),
            ("a", 3),
            ("b", 3),
            ("c", 3),
        ],
        answer: AnswerForm::Hit,
        meaning: "1 if the ray (t >= 0) touches the closed triangle (degenerate triangle or \
                  zero direction: 0)",
        exact: |c| RayTriangleKind.exact(&RayTriangleKind::from_coords(c)) as i8,
        generate: |f, p, rng| row_of(RayTriangleKind, f, p, rng),
    },
    KindInfo {
        name: TriTriKind::NAME,
        columns: &[
            "ax", "ay", "az", "bx", "by", "bz", "cx", "cy", "cz", "px", "py", "pz", "qx", "qy",
            "qz", "rx", "ry", "rz",
        ],
        points: &[("a", 3), ("b", 3), ("c", 3), ("p", 3), ("q", 3), ("r", 3)],
        answer: AnswerForm::Hit,
        meaning: "1 if the closed triangles abc and pqr share a point",
        exact: |c| TriTriKind.exact(&TriTriKind::from_coords(c)) as i8,
        generate: |f, p, rng| row_of(TriTriKind, f, p, rng),
    },
    KindInfo {
        name: RayAabbKind::NAME,
        columns: &[
            "ox", "oy", "oz", "dx", "dy", "dz", "minx", "miny", "minz", "maxx", "maxy", "maxz",
        ],
        points: &[("origin", 3), ("direction", 3), ("min", 3), ("max", 3)],
        answer: AnswerForm::Hit,
        meaning: "1 if the ray (t >= 0) touches the closed box (inverted box: 0)",
        exact: |c| RayAabbKind.exact(&RayAabbKind::from_coords(c)) as i8,
        generate: |f, p, rng| row_of(RayAabbKind, f, p, rng),
    },
];

#[cfg(test)]
mod tests {
    use super::super::super::check::Family;
    use super::super::super::rng::Rng;
    use super::*;
    use alloc::vec::Vec;

    /// Every entry agrees with its [`TestKind`]: name, columns (count and point grouping)
    /// and exact answers on every family.
    fn agrees<K: TestKind>(info: &KindInfo, kind: K, code: impl Fn(K::Answer) -> i8) {
        assert_eq!(info.name, K::NAME);
        let grouped: usize = info.points.iter().map(|(_, d)| d).sum();
        assert_eq!(grouped, info.arity(), "{}", info.name);
        let mut rng = Rng::new(17);
        for family in Family::ALL {
            for _ in 0..50 {
                let q = kind.generate(family, &mut rng);
                let c: Vec<f64> = kind.coords(&q);
                assert_eq!(c.len(), info.arity(), "{}", info.name);
                assert_eq!(info.exact(&c), code(kind.exact(&q)), "{} {q:?}", info.name);
            }
        }
    }

    #[test]
    fn kind_infos_agree_with_their_test_kinds() {
        let sign = |s: Sign| s.to_i32() as i8;
        let hit = |b: bool| b as i8;
        agrees(&KINDS[0], Orient2dKind, sign);
        agrees(&KINDS[1], Orient3dKind, sign);
        agrees(&KINDS[2], IncircleKind, sign);
        agrees(&KINDS[3], InsphereKind, sign);
        agrees(&KINDS[4], RayTriangleKind, hit);
        agrees(&KINDS[5], TriTriKind, hit);
        agrees(&KINDS[6], RayAabbKind, hit);
        // Column names are the point names followed by the axis (the JSON object form
        // and the CSV form describe the same row).
        for k in &KINDS {
            let mut i = 0;
            for (point, dim) in k.points {
                for axis in ["x", "y", "z"].iter().take(*dim) {
                    let prefix = match *point {
                        "origin" => "o",
                        "direction" => "d",
                        p => p,
                    };
                    assert_eq!(k.columns[i], alloc::format!("{prefix}{axis}"), "{}", k.name);
                    i += 1;
                }
            }
        }
    }
}
