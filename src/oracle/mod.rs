//! The reference oracle: judge your own (fast, `f32`, SIMD, GPU, epsilon-based)
//! intersection code against isect's exact answers.
//!
//! * [`scenes`]: named, reproducible adversarial scenes (a dyadic icosphere with rays
//!   aimed exactly at its vertices and edges, near-coplanar triangle pairs, Kettner et
//!   al.'s orient2d grid, near-coplanar orient3d quadruples, near-parallel box rays).
//! * Test kinds ([`TestKind`]), each named after its test with a `Kind` suffix:
//!   [`Orient2dKind`], [`Orient3dKind`], [`IncircleKind`], [`InsphereKind`],
//!   [`RayTriangleKind`], [`TriTriKind`], [`RayAabbKind`] and [`MeshRaysKind`] (crossings
//!   of rays with a closed mesh), each with generators for every [`Family`] of inputs:
//!   uniform, near-degenerate, aimed exactly at vertices and at edges, extreme exponents
//!   (subnormals included), far from the origin.
//! * [`KINDS`]: the kinds whose query is a fixed row of coordinates ([`KindInfo`]: name,
//!   columns, point names, exact answer of a row), the list the `isect oracle` command
//!   line reads its tests from.
//! * [`check`](fn@check): runs a candidate function on generated inputs, compares every answer
//!   with the exact one, and returns a [`Report`]: the confusion matrix, the counts per
//!   [`Outcome`] (wrong sign, false zero, missed zero, false hit, miss, leak, double
//!   count) and the simplest failure, shrunk.
//! * **Precision**: every generator builds its families in `f64` (the default) or in
//!   `f32` ([`Generator::precision`] with [`FloatFormat::F32`](crate::FloatFormat::F32),
//!   [`TestKind::generate_in`], the scenes' `_in` forms): every coordinate is then an `f32`
//!   value, exact aims and degeneracies hold on those values, near-degenerate means near
//!   in `f32`, extreme exponents stay finite in `f32` (reaching its subnormals), and the
//!   exact answers are those of the `f32` inputs, so the failures [`check`](fn@check) reports for
//!   an `f32` kernel are the kernel's own.
//! * `strategies` (feature `proptest`): the same families as proptest strategies.
//! * [`Rng`]: the crate's one deterministic generator (SplitMix64), which everything here
//!   draws from and isect's tests, benchmarks and fuzz targets use (no `rand` dependency;
//!   same seed, same inputs, everywhere).
//!
//! The exact answers come from isect's exact functions ([`crate::orient3d`],
//! [`crate::ray::ray_triangle_closed`], [`crate::tri_tri_intersect`],
//! [`crate::ray::ray_aabb`], [`crate::TriMesh::hits`]); their exactness is tested
//! against independent rational oracles in `tests/`.
//!
//! # Examples
//!
//! Möller–Trumbore with the "recommended" absolute epsilon 1e-5, judged as a test against
//! the closed triangle on a mix of all input families:
//!
//! ```
//! use isect::oracle::{check, Family, Generator, Outcome, RayTriangleInput, RayTriangleKind, TestKind};
//!
//! fn moller_trumbore(q: &RayTriangleInput) -> bool {
//!     let eps = 1e-5;
//!     let sub = |a: [f64; 3], b: [f64; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
//!     let cross = |a: [f64; 3], b: [f64; 3]| {
//!         [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
//!     };
//!     let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
//!     let [v0, v1, v2] = q.triangle;
//!     let (e1, e2) = (sub(v1, v0), sub(v2, v0));
//!     let p = cross(q.ray.direction, e2);
//!     let det = dot(e1, p);
//!     if det.abs() < eps {
//!         return false;
//!     }
//!     let s = sub(q.ray.origin, v0);
//!     let u = dot(s, p) / det;
//!     if !(0.0..=1.0).contains(&u) {
//!         return false;
//!     }
//!     let qv = cross(s, e1);
//!     let v = dot(q.ray.direction, qv) / det;
//!     if v < 0.0 || u + v > 1.0 {
//!         return false;
//!     }
//!     dot(e2, qv) / det >= 0.0
//! }
//!
//! let g = Generator::new(RayTriangleKind, Family::Mixed).seed(2);
//! let report = check(moller_trumbore, &g, 2_000);
//! println!("{report}");
//! // It misses rays that touch the triangle (tiny or grazing ones: det below 1e-5) and
//! // reports hits for rays that pass just beside an edge.
//! assert!(report.count(Outcome::Miss) > 0);
//! assert!(report.count(Outcome::FalseHit) > 0);
//! // The shrunk counterexample is a real failure: isect says one thing, the candidate
//! // the other.
//! let c = report.counterexample.as_ref().unwrap();
//! assert_eq!(RayTriangleKind.exact(&c.input), c.exact);
//! assert_eq!(moller_trumbore(&c.input), c.got);
//! assert_ne!(c.exact, c.got);
//! ```

//! The same test in `f32`, as a GPU kernel computes it: with `f32` inputs, every failure
//! in the report is the kernel's own (the exact answer is for the `f32` values it sees):
//!
//! ```
//! use isect::oracle::{check, Family, Generator, RayTriangleInput, RayTriangleKind};
//! use isect::FloatFormat;
//!
//! fn moller_trumbore_f32(q: &RayTriangleInput) -> bool {
//!     let f = |p: [f64; 3]| p.map(|x| x as f32); // exact: the inputs are f32 values
//!     let sub = |a: [f32; 3], b: [f32; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
//!     let cross = |a: [f32; 3], b: [f32; 3]| {
//!         [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
//!     };
//!     let dot = |a: [f32; 3], b: [f32; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
//!     let (o, d) = (f(q.ray.origin), f(q.ray.direction));
//!     let [v0, v1, v2] = q.triangle.map(f);
//!     let (e1, e2) = (sub(v1, v0), sub(v2, v0));
//!     let p = cross(d, e2);
//!     let det = dot(e1, p);
//!     if det == 0.0 {
//!         return false;
//!     }
//!     let s = sub(o, v0);
//!     let u = dot(s, p) / det;
//!     let qv = cross(s, e1);
//!     let v = dot(d, qv) / det;
//!     u >= 0.0 && v >= 0.0 && u + v <= 1.0 && dot(e2, qv) / det >= 0.0
//! }
//!
//! let g = Generator::new(RayTriangleKind, Family::Mixed)
//!     .seed(2)
//!     .precision(FloatFormat::F32);
//! let report = check(moller_trumbore_f32, &g, 2_000);
//! println!("{report}");
//! assert!(report.disagreements() > 0); // rays through edges and vertices, in f32
//! let c = report.counterexample.as_ref().unwrap();
//! assert!(c.input.triangle.iter().flatten().all(|&x| f64::from(x as f32) == x));
//! ```

mod check;
mod icosphere;
mod kinds;
mod rng;
pub mod scenes;
mod shrink;
#[cfg(feature = "proptest")]
pub mod strategies;

pub use check::{Answer, Failure, Family, Generator, Outcome, Report, TestKind, check};
pub use kinds::{
    AnswerForm, IncircleKind, InsphereKind, KINDS, KindInfo, MeshRaysKind, Orient2dKind,
    Orient3dKind, RayAabbKind, RayTriangleInput, RayTriangleKind, TriTriKind,
};
pub use rng::Rng;
