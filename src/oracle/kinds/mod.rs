//! The test kinds the oracle judges, one file per kind (the four predicates share one),
//! with their input generators; `info.rs` describes the kinds whose query is a fixed row
//! of coordinates for tools that read queries from files.
//!
//! The construction helpers below are shared by every kind's generators.

use alloc::vec::Vec;

use super::check::{Family, TestKind};
use super::rng::{Rng, pow2, scale2};
use crate::FloatFormat;

mod info;
mod mesh_rays;
mod predicates;
mod ray_aabb;
mod ray_triangle;
mod tri_tri;

pub use info::{AnswerForm, KINDS, KindInfo};
pub use mesh_rays::MeshRaysKind;
pub use predicates::{IncircleKind, InsphereKind, Orient2dKind, Orient3dKind};
pub use ray_aabb::RayAabbKind;
pub use ray_triangle::{RayTriangleInput, RayTriangleKind};
pub use tri_tri::TriTriKind;

/// A point uniform in `[-1, 1]^D`, rounded to the format `p`.
fn uni<const D: usize>(p: FloatFormat, rng: &mut Rng) -> [f64; D] {
    core::array::from_fn(|_| p.round(rng.uniform(-1.0, 1.0)))
}

/// A point of `[-1, 1]^D` on the grid of step 2⁻¹⁰.
fn grid<const D: usize>(rng: &mut Rng) -> [f64; D] {
    core::array::from_fn(|_| rng.range(-1024, 1024) as f64 * pow2(-10))
}

/// `p + (q − p)·k/den`, exact for grid points and a power-of-two `den`.
fn lerp<const D: usize>(p: &[f64; D], q: &[f64; D], k: i64, den: f64) -> [f64; D] {
    core::array::from_fn(|i| p[i] + (q[i] - p[i]) * (k as f64 / den))
}

/// For [`Family::AimedAtVertices`] a random corner of `t`, otherwise a point `k/16` of
/// the way from a random corner to the next, `k` in `1..=15` (exact for grid triangles).
fn aim_point(t: &[[f64; 3]; 3], family: Family, rng: &mut Rng) -> [f64; 3] {
    let i = rng.below(3);
    if family == Family::AimedAtVertices {
        t[i]
    } else {
        lerp(&t[i], &t[(i + 1) % 3], rng.range(1, 15), 16.0)
    }
}

/// `q` with every coordinate multiplied by `2^e` ([`scale2`]) and rounded to the format
/// `p` (a second rounding only where the product is subnormal in `p`), through the kind's
/// coordinate list.
fn scaled_input<K: TestKind>(kind: &K, q: &K::Input, e: i32, p: FloatFormat) -> K::Input {
    let c: Vec<f64> = kind
        .coords(q)
        .iter()
        .map(|&x| p.round(scale2(x, e)))
        .collect();
    kind.with_coords(q, &c)
}

/// `q` with every coordinate rounded to the format `p` (the identity for `f64`, and for
/// every coordinate a construction already made exact in `p`).
fn rounded_input<K: TestKind>(kind: &K, q: K::Input, p: FloatFormat) -> K::Input {
    if p == FloatFormat::F64 {
        return q;
    }
    let c: Vec<f64> = kind.coords(&q).iter().map(|&x| p.round(x)).collect();
    kind.with_coords(&q, &c)
}

/// Randomly reorders the points.
fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

/// The power of two [`Family::ExtremeExponents`] scales by: `2^e`, `e` in −1,130..=1,000
/// for `f64`, in −180..=120 for `f32` (base inputs below 8 in magnitude stay finite, and
/// reach the subnormals and below, in the format).
fn extreme_exponent(p: FloatFormat, rng: &mut Rng) -> i32 {
    match p {
        FloatFormat::F64 => rng.range(-1130, 1000) as i32,
        FloatFormat::F32 => rng.range(-180, 120) as i32,
    }
}

/// The offset [`Family::FarFromOrigin`] translates by: each axis `±(1 + u)·2^k` rounded
/// to the format `p`, one `k` per input, in 20..=40 for `f64` and 6..=12 for `f32` (so a
/// configuration of size about 1 is still resolved, to 2⁻¹² and 2⁻¹¹ respectively).
fn far_offset<const D: usize>(p: FloatFormat, rng: &mut Rng) -> [f64; D] {
    let k = match p {
        FloatFormat::F64 => rng.range(20, 40),
        FloatFormat::F32 => rng.range(6, 12),
    } as i32;
    core::array::from_fn(|_| {
        let x = p.round((1.0 + rng.next_f64()) * pow2(k));
        if rng.chance(0.5) { x } else { -x }
    })
}

/// A point `off + u`, `u` uniform in `[-1, 1]^D`, rounded once to the format `p` (for
/// `f32`: after the rounding to `f64`, a second rounding).
fn uni_at<const D: usize>(off: &[f64; D], p: FloatFormat, rng: &mut Rng) -> [f64; D] {
    core::array::from_fn(|k| p.round(off[k] + rng.uniform(-1.0, 1.0)))
}

/// [`far_offset`] for [`Family::FarFromOrigin`], the origin otherwise.
fn far_or_zero<const D: usize>(f: Family, p: FloatFormat, rng: &mut Rng) -> [f64; D] {
    if f == Family::FarFromOrigin {
        far_offset(p, rng)
    } else {
        [0.0; D]
    }
}

/// Every coordinate multiplied by `2^e` and rounded to the format `p`.
fn scale_points<const D: usize>(points: &mut [[f64; D]], e: i32, p: FloatFormat) {
    for q in points {
        for x in q.iter_mut() {
            *x = p.round(scale2(*x, e));
        }
    }
}

/// Every point moved by `offset`, each coordinate rounded once to the format `p`.
fn translate_points<const D: usize>(points: &mut [[f64; D]], offset: &[f64; D], p: FloatFormat) {
    for q in points {
        for (x, o) in q.iter_mut().zip(offset) {
            *x = p.round(*x + o);
        }
    }
}

/// The base family for the transformed families: near-degenerate or exactly degenerate.
fn transformed_base(rng: &mut Rng) -> Family {
    [
        Family::NearDegenerate,
        Family::AimedAtVertices,
        Family::AimedAtEdges,
    ][rng.below(3)]
}

fn flat<const D: usize>(points: &[[f64; D]]) -> Vec<f64> {
    points.iter().flatten().copied().collect()
}

fn unflat<const D: usize, const N: usize>(c: &[f64]) -> [[f64; D]; N] {
    core::array::from_fn(|i| core::array::from_fn(|k| c[i * D + k]))
}
