//! Shared input decoding and exact helpers for the isect fuzz targets.
//!
//! libFuzzer hands every target an arbitrary byte string. Pure random bits almost never
//! produce the inputs exact geometry is about (coplanar points, a ray through a shared
//! edge, touching boxes), so [`Src`] decodes bytes into floats by *class*: small integers
//! and dyadic fractions (on which sums and midpoints are exact, so degeneracies are
//! common), repeats of earlier values, earlier values nudged by a few ulps, values scaled
//! to extreme exponents, subnormals, ±0, the largest finite values, and, when the input's
//! mode byte allows it, NaN and ±∞. Points are decoded the same way: fresh, repeated,
//! exact midpoints / parallelogram completions / reflections of earlier points (collinear
//! and coplanar sets), or an earlier point with one coordinate nudged.
//!
//! The first byte of the input is a mode byte:
//! * bit 0..2 == 0 (1 input in 8): non-finite values may appear;
//! * bit 3: every value is rounded to `f32` and decoded over the `f32` exponent range, so
//!   targets can check that the `f32`, `f64` and rational entry points agree.
//!
//! Running out of bytes yields zeros, so every input decodes to something.

use isect::ray::RayContact;
use isect::{Aabb, InputError, NonFiniteValue, Obb, Plane, Ray, Sphere};
use num_traits::{Signed, Zero};

/// The test kit's exact rationals and the vector operations its oracles use.
pub use isect_testkit::q::{cross, dot, q, q2, q3, q_pow2, sign as sign_q, sub, Q};

/// A byte-string decoder that yields floats of every class.
pub struct Src<'a> {
    data: &'a [u8],
    pos: usize,
    /// Non-finite values may be produced.
    pub nonfinite: bool,
    /// Every value is an `f32` (widened exactly to `f64`).
    pub f32_mode: bool,
    pool: Vec<f64>,
    pts: Vec<[f64; 3]>,
}

impl<'a> Src<'a> {
    /// A decoder over `data`; reads the mode byte.
    pub fn new(data: &'a [u8]) -> Src<'a> {
        let mut s = Src {
            data,
            pos: 0,
            nonfinite: false,
            f32_mode: false,
            pool: Vec::new(),
            pts: Vec::new(),
        };
        let mode = s.byte();
        s.nonfinite = mode & 7 == 0;
        s.f32_mode = mode & 8 != 0;
        s
    }

    /// Whether all bytes were consumed.
    pub fn is_empty(&self) -> bool {
        self.pos >= self.data.len()
    }

    /// The next byte, or 0 past the end.
    pub fn byte(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    /// The next `n <= 8` bytes as a little-endian integer.
    pub fn bits(&mut self, n: usize) -> u64 {
        let mut x = 0u64;
        for i in 0..n {
            x |= (self.byte() as u64) << (8 * i);
        }
        x
    }

    /// A boolean.
    pub fn bool(&mut self) -> bool {
        self.byte() & 1 == 1
    }

    /// An index below `n` (0 if `n == 0`).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.byte() as usize % n
        }
    }

    /// A small signed integer in `-8..=8`.
    pub fn small_int(&mut self) -> i64 {
        (self.byte() % 17) as i64 - 8
    }

    fn max_exp(&self) -> i32 {
        if self.f32_mode {
            127
        } else {
            1023
        }
    }

    fn min_sub_exp(&self) -> i32 {
        if self.f32_mode {
            -149
        } else {
            -1074
        }
    }

    /// Rounds to the current precision and keeps the value in the pool.
    fn finish(&mut self, mut x: f64) -> f64 {
        if self.f32_mode {
            x = x as f32 as f64;
        }
        if !self.nonfinite && !x.is_finite() {
            // Keep the sign and class "huge" without leaving the finite range.
            x = if x.is_nan() {
                0.0
            } else if self.f32_mode {
                f32::MAX.copysign(x as f32) as f64
            } else {
                f64::MAX.copysign(x)
            };
        }
        if self.pool.len() < 64 {
            self.pool.push(x);
        }
        x
    }

    /// A float of any class (see the module docs).
    pub fn f64(&mut self) -> f64 {
        let tag = self.byte();
        let x = match tag % 32 {
            // Small integers: exact degeneracies.
            0..=8 => self.small_int() as f64,
            // Dyadic fractions k / 2^e.
            9..=11 => {
                let k = self.small_int() as f64;
                let e = (self.byte() % 12) as i32;
                k / (1u64 << e) as f64
            }
            // Repeat an earlier value (or its negation).
            12..=15 => {
                if self.pool.is_empty() {
                    0.0
                } else {
                    let i = self.below(self.pool.len());
                    let v = self.pool[i];
                    if tag & 32 != 0 {
                        -v
                    } else {
                        v
                    }
                }
            }
            // An earlier value nudged by a few ulps.
            16..=18 => {
                let v = if self.pool.is_empty() {
                    1.0
                } else {
                    let i = self.below(self.pool.len());
                    self.pool[i]
                };
                let n = (self.byte() % 7) as i32 - 3;
                if self.f32_mode {
                    nudge32(v as f32, n) as f64
                } else {
                    nudge(v, n)
                }
            }
            // A small integer at an extreme scale: k · 2^e over the whole exponent range.
            19..=21 => {
                let k = self.small_int() as f64;
                let span = (self.max_exp() - self.min_sub_exp() + 1) as u64;
                let e = self.min_sub_exp() + (self.bits(2) % span) as i32;
                mul_pow2(k, e)
            }
            // Raw bits: any value of the type, including subnormals (and non-finite ones).
            22..=25 => {
                if self.f32_mode {
                    f32::from_bits(self.bits(4) as u32) as f64
                } else {
                    f64::from_bits(self.bits(8))
                }
            }
            // A uniform-ish value in [-2, 2) with a full mantissa.
            26..=27 => {
                let m = self.bits(7) as i64 & ((1 << 53) - 1);
                (m as f64 / (1u64 << 51) as f64) - 2.0
            }
            // Boundary values.
            _ => {
                let which = self.byte() % 12;
                let (max, minp, tiny) = if self.f32_mode {
                    (
                        f32::MAX as f64,
                        f32::MIN_POSITIVE as f64,
                        f32::from_bits(1) as f64,
                    )
                } else {
                    (f64::MAX, f64::MIN_POSITIVE, f64::from_bits(1))
                };
                match which {
                    0 => 0.0,
                    1 => -0.0,
                    2 => max,
                    3 => -max,
                    4 => minp,
                    5 => -tiny,
                    6 => tiny,
                    7 => minp - tiny,
                    8 => f64::NAN,
                    9 => f64::INFINITY,
                    10 => f64::NEG_INFINITY,
                    _ => 0.5,
                }
            }
        };
        self.finish(x)
    }

    /// A float that is finite whatever the mode.
    pub fn finite(&mut self) -> f64 {
        let x = self.f64();
        if x.is_finite() {
            x
        } else {
            0.0
        }
    }

    /// A non-negative float (for radii and half-extents); NaN stays NaN.
    pub fn nonneg(&mut self) -> f64 {
        let x = self.f64();
        if x < 0.0 {
            -x
        } else {
            x
        }
    }

    /// A point in space (see the module docs for the classes).
    pub fn pt3(&mut self) -> [f64; 3] {
        let tag = self.byte() % 16;
        let n = self.pts.len();
        let p = if n == 0 || tag < 7 {
            [self.f64(), self.f64(), self.f64()]
        } else {
            let (i, j, k) = (self.below(n), self.below(n), self.below(n));
            let (a, b, c) = (self.pts[i], self.pts[j], self.pts[k]);
            let mut p = match tag {
                7 | 8 => a,
                // Midpoint: collinear with a and b (exact for dyadics of modest exponent).
                9 => core::array::from_fn(|i| (a[i] + b[i]) * 0.5),
                // Reflection 2a − b: collinear.
                10 => core::array::from_fn(|i| a[i] + (a[i] - b[i])),
                // Parallelogram a + b − c: coplanar with a, b, c.
                11 => core::array::from_fn(|i| a[i] + b[i] - c[i]),
                // a + k (b − a) for a small integer k: collinear.
                12 => {
                    let k = self.small_int() as f64;
                    core::array::from_fn(|i| a[i] + k * (b[i] - a[i]))
                }
                // One coordinate of a nudged by an ulp or two.
                13 => {
                    let mut p = a;
                    let i = self.below(3);
                    let d = if self.bool() { 1 } else { -2 };
                    p[i] = if self.f32_mode {
                        nudge32(p[i] as f32, d) as f64
                    } else {
                        nudge(p[i], d)
                    };
                    p
                }
                // A coordinate permutation / sign flip of a.
                14 => {
                    let s = self.byte();
                    let perm = PERMS[(s % 6) as usize];
                    let mut p = [a[perm[0]], a[perm[1]], a[perm[2]]];
                    if s & 8 != 0 {
                        p[0] = -p[0];
                    }
                    p
                }
                // a with one coordinate taken from b (axis-aligned relations).
                _ => {
                    let mut p = a;
                    let i = self.below(3);
                    p[i] = b[i];
                    p
                }
            };
            for x in &mut p {
                *x = self.finish(*x);
            }
            p
        };
        if self.pts.len() < 32 {
            self.pts.push(p);
        }
        p
    }

    /// A point in the plane (a point in space with its z dropped).
    pub fn pt2(&mut self) -> [f64; 2] {
        let p = self.pt3();
        [p[0], p[1]]
    }

    /// A direction: a point, often a small-integer one (axis-aligned or diagonal).
    pub fn dir3(&mut self) -> [f64; 3] {
        if self.byte().is_multiple_of(4) {
            let v = [self.small_int(), self.small_int(), self.small_int()];
            v.map(|x| self.finish(x as f64))
        } else {
            self.pt3()
        }
    }
}

/// The six permutations of three axes.
pub const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The parity of a permutation of three axes (true for odd).
pub fn perm_odd(p: [usize; 3]) -> bool {
    let mut inv = 0;
    for i in 0..3 {
        for j in i + 1..3 {
            if p[i] > p[j] {
                inv += 1;
            }
        }
    }
    inv % 2 == 1
}

/// `x` moved by `n` ulps (towards +∞ for positive `n`); non-finite values unchanged.
pub fn nudge(x: f64, n: i32) -> f64 {
    if !x.is_finite() {
        return x;
    }
    let mut x = x;
    for _ in 0..n.unsigned_abs() {
        x = if n > 0 { x.next_up() } else { x.next_down() };
    }
    x
}

/// `f32` version of [`nudge`].
pub fn nudge32(x: f32, n: i32) -> f32 {
    if !x.is_finite() {
        return x;
    }
    let mut x = x;
    for _ in 0..n.unsigned_abs() {
        x = if n > 0 { x.next_up() } else { x.next_down() };
    }
    x
}

/// `x · 2^e`, computed in steps so that intermediate factors stay normal (rounded once at
/// the end when the result is subnormal).
pub fn mul_pow2(mut x: f64, mut e: i32) -> f64 {
    while e > 1000 {
        x *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        // Keep exactness where possible: only scale down in the last step if needed.
        if e < -1000 && x.abs() >= f64::MIN_POSITIVE * 2f64.powi(1000) {
            x *= 2f64.powi(-1000);
            e += 1000;
        } else {
            break;
        }
    }
    if e < -1022 {
        // 2^e is subnormal or zero as an f64: split.
        let half = e / 2;
        return x * 2f64.powi(half) * 2f64.powi(e - half);
    }
    x * 2f64.powi(e)
}

/// The error a `try_` form reports for the first NaN or infinite coordinate of `p`
/// (`InputError::NonFinite` with the axis), the part `what` (number `index`, if several)
/// of argument `argument`; `None` if every coordinate is finite.
pub fn non_finite_point(
    argument: usize,
    what: &'static str,
    index: Option<usize>,
    p: &[f64],
) -> Option<InputError> {
    let k = p.iter().position(|x| !x.is_finite())?;
    Some(InputError::NonFinite {
        argument,
        what,
        index,
        axis: Some(k),
        value: NonFiniteValue::from(p[k]),
    })
}

/// The error a `try_` form reports for the number `x` (a radius, an offset: no axis), the
/// part `what` of argument `argument`, if it is NaN or infinite.
pub fn non_finite_number(argument: usize, what: &'static str, x: f64) -> Option<InputError> {
    (!x.is_finite()).then_some(InputError::NonFinite {
        argument,
        what,
        index: None,
        axis: None,
        value: NonFiniteValue::from(x),
    })
}

/// The error of a test taking points as its arguments (a predicate, a 2D segment test):
/// the first non-finite coordinate, `what: "point"`, `argument` the point's position.
pub fn points_error(points: &[&[f64]]) -> Option<InputError> {
    points
        .iter()
        .enumerate()
        .find_map(|(i, p)| non_finite_point(i, "point", None, p))
}

/// What `isect::Validate` documents for each shape, written out here (not the library's
/// implementation): the first problem of argument `argument`, or `None`.
///
/// A ray: a non-finite origin, then direction (`what` `"origin"`, `"direction"`), then a
/// zero direction.
pub fn ray_error(argument: usize, r: &Ray<f64>) -> Option<InputError> {
    non_finite_point(argument, "origin", None, &r.origin)
        .or_else(|| non_finite_point(argument, "direction", None, &r.direction))
        .or_else(|| (r.direction == [0.0; 3]).then_some(InputError::ZeroDirection { argument }))
}

/// A sphere: a non-finite center, then radius, then a negative radius.
pub fn sphere_error(argument: usize, s: &Sphere<f64>) -> Option<InputError> {
    non_finite_point(argument, "center", None, &s.center)
        .or_else(|| non_finite_number(argument, "radius", s.radius))
        .or_else(|| (s.radius < 0.0).then_some(InputError::NegativeRadius { argument }))
}

/// An AABB: a non-finite min, then max, then the first axis with `min > max`.
pub fn aabb_error(argument: usize, b: &Aabb<f64>) -> Option<InputError> {
    non_finite_point(argument, "min", None, &b.min)
        .or_else(|| non_finite_point(argument, "max", None, &b.max))
        .or_else(|| {
            (0..3)
                .find(|&k| b.min[k] > b.max[k])
                .map(|axis| InputError::InvertedBox { argument, axis })
        })
}

/// An OBB: a non-finite center, then axis 0, 1, 2 (`index`), then half extents, then the
/// first negative half extent (`InvertedBox` on that box axis).
pub fn obb_error(argument: usize, b: &Obb<f64>) -> Option<InputError> {
    non_finite_point(argument, "center", None, &b.center)
        .or_else(|| (0..3).find_map(|i| non_finite_point(argument, "axis", Some(i), &b.axes[i])))
        .or_else(|| non_finite_point(argument, "half extents", None, &b.half_extents))
        .or_else(|| {
            (0..3)
                .find(|&k| b.half_extents[k] < 0.0)
                .map(|axis| InputError::InvertedBox { argument, axis })
        })
}

/// A plane: a non-finite normal, then offset, then a zero normal.
pub fn plane_error(argument: usize, p: &Plane<f64>) -> Option<InputError> {
    non_finite_point(argument, "normal", None, &p.normal)
        .or_else(|| non_finite_number(argument, "offset", p.offset))
        .or_else(|| (p.normal == [0.0; 3]).then_some(InputError::ZeroDirection { argument }))
}

/// A triangle or segment (its vertices in order): the first non-finite vertex
/// coordinate (`what` `"vertex"`, `index` the vertex). Degenerate ones are valid.
pub fn vertices_error(argument: usize, v: &[[f64; 3]]) -> Option<InputError> {
    v.iter()
        .enumerate()
        .find_map(|(i, p)| non_finite_point(argument, "vertex", Some(i), p))
}

/// A polygon: fewer than three vertices, then the first non-finite vertex coordinate.
pub fn polygon_error(argument: usize, v: &[[f64; 3]]) -> Option<InputError> {
    if v.len() < 3 {
        return Some(InputError::TooFewVertices {
            argument,
            count: v.len(),
        });
    }
    vertices_error(argument, v)
}

/// Checks the answer of a `try_` form: `Err(e)` exactly when the expected error `err` is
/// `Some(e)`, else `Ok` with the plain form's answer `plain` (compared by their `Debug`
/// text, so that the same NaN in both compares equal).
#[track_caller]
pub fn check_try<T: core::fmt::Debug>(
    what: &str,
    got: Result<T, InputError>,
    err: Option<InputError>,
    plain: T,
) {
    let want: Result<T, InputError> = match err {
        Some(e) => Err(e),
        None => Ok(plain),
    };
    assert_eq!(
        format!("{got:?}"),
        format!("{want:?}"),
        "{what}: {}",
        if want.is_err() {
            "the documented error"
        } else {
            "the plain answer"
        }
    );
}

/// Whether all values are finite.
pub fn all_finite<'x>(xs: impl IntoIterator<Item = &'x f64>) -> bool {
    xs.into_iter().all(|x| x.is_finite())
}

/// `x · 2^k` if that is exact in `f64` (finite, and no bits lost to underflow).
pub fn scale_exact(x: f64, k: i32) -> Option<f64> {
    if !x.is_finite() {
        return None;
    }
    let y = mul_pow2(x, k);
    if !y.is_finite() {
        return None;
    }
    if x == 0.0 {
        return Some(y);
    }
    if q(y) == q(x) * q_pow2(k) {
        Some(y)
    } else {
        None
    }
}

/// Every coordinate scaled by `2^k`, if all of them scale exactly.
pub fn scale_all<const N: usize>(xs: [f64; N], k: i32) -> Option<[f64; N]> {
    let mut out = [0.0; N];
    for i in 0..N {
        out[i] = scale_exact(xs[i], k)?;
    }
    Some(out)
}

/// Whether `x` is exactly an `f32`.
pub fn is_f32(x: f64) -> bool {
    x.is_nan() || (x as f32) as f64 == x
}

/// A small power-of-two exponent for exact scaling checks, biased towards extremes.
pub fn scale_exp(s: &mut Src) -> i32 {
    match s.byte() % 4 {
        0 => (s.byte() % 9) as i32 - 4,
        1 => 500 + (s.byte() % 200) as i32,
        2 => -500 - (s.byte() % 200) as i32,
        _ => (s.bits(2) % 2100) as i32 - 1050,
    }
}

// ---- the exact ray/triangle construction ----

#[allow(clippy::large_enum_variant)] // test-only, never stored in bulk
/// The exact answer for a ray crossing the plane of a non-degenerate triangle (not
/// parallel): `Some((t, contact, d·n < 0))` when the ray meets the closed triangle.
pub enum Exact {
    /// The triangle's vertices are collinear.
    Degenerate,
    /// The ray is parallel to the plane (lying in it when `coplanar`).
    Parallel {
        /// The ray lies in the plane.
        coplanar: bool,
    },
    /// The ray's line crosses the plane: the hit, if any.
    Cross(Option<(Q, RayContact, bool, [Q; 3])>),
}

pub fn exact_ray_triangle(o: &[Q; 3], d: &[Q; 3], a: &[Q; 3], b: &[Q; 3], c: &[Q; 3]) -> Exact {
    let n = cross(&sub(b, a), &sub(c, a));
    if n.iter().all(Zero::is_zero) {
        return Exact::Degenerate;
    }
    let den = dot(&n, d);
    if den.is_zero() {
        return Exact::Parallel {
            coplanar: dot(&n, &sub(o, a)).is_zero(),
        };
    }
    let t = dot(&n, &sub(a, o)) / &den;
    if t.is_negative() {
        return Exact::Cross(None);
    }
    let p: [Q; 3] = core::array::from_fn(|i| &o[i] + &t * &d[i]);
    let nn = dot(&n, &n);
    let wa = dot(&n, &cross(&sub(c, b), &sub(&p, b))) / &nn;
    let wb = dot(&n, &cross(&sub(a, c), &sub(&p, c))) / &nn;
    let wc = dot(&n, &cross(&sub(b, a), &sub(&p, a))) / &nn;
    if wa.is_negative() || wb.is_negative() || wc.is_negative() {
        return Exact::Cross(None);
    }
    let z = [wa.is_zero(), wb.is_zero(), wc.is_zero()];
    let contact = match z {
        [false, false, false] => RayContact::Interior,
        [false, false, true] => RayContact::Edge(0),
        [true, false, false] => RayContact::Edge(1),
        [false, true, false] => RayContact::Edge(2),
        [false, true, true] => RayContact::Vertex(0),
        [true, false, true] => RayContact::Vertex(1),
        [true, true, false] => RayContact::Vertex(2),
        [true, true, true] => unreachable!("weights sum to one"),
    };
    Exact::Cross(Some((t, contact, den.is_negative(), [wa, wb, wc])))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoder_reaches_every_class() {
        let mut seen = [false; 6];
        for seed in 0u32..20000 {
            let bytes: Vec<u8> = (0..64)
                .map(|i| (seed.wrapping_mul(2654435761) >> (i % 24)) as u8 ^ i as u8)
                .collect();
            let mut s = Src::new(&bytes);
            for _ in 0..8 {
                let x = s.f64();
                seen[0] |= x.is_nan();
                seen[1] |= x.is_infinite();
                seen[2] |= x != 0.0 && x.is_finite() && x.abs() < f64::MIN_POSITIVE;
                seen[3] |= x == 0.0 && x.is_sign_negative();
                seen[4] |= x.abs() > 1e300 && x.is_finite();
                seen[5] |= x == x.round() && x.abs() <= 8.0;
            }
        }
        assert_eq!(seen, [true; 6]);
    }

    /// Exact degeneracies must be common, or the targets test only general position.
    #[test]
    fn decoder_makes_degeneracies_common() {
        let (mut total, mut collinear, mut coplanar) = (0, 0, 0);
        let mut rng = isect_testkit::Rng::new(0x15EC_F022);
        for _ in 0..4000 {
            let bytes: Vec<u8> = (0..96).map(|_| rng.next_u64() as u8).collect();
            let mut s = Src::new(&bytes);
            let p: Vec<[f64; 3]> = (0..4).map(|_| s.pt3()).collect();
            if !all_finite(p.iter().flatten()) {
                continue;
            }
            total += 1;
            let q: Vec<[Q; 3]> = p.iter().map(q3).collect();
            let n = cross(&sub(&q[1], &q[0]), &sub(&q[2], &q[0]));
            if n.iter().all(Zero::is_zero) {
                collinear += 1;
            }
            if dot(&n, &sub(&q[3], &q[0])).is_zero() {
                coplanar += 1;
            }
        }
        eprintln!("{collinear} collinear, {coplanar} coplanar of {total}");
        assert!(total > 2000, "{total}");
        assert!(collinear * 20 > total, "collinear {collinear} of {total}");
        assert!(coplanar * 8 > total, "coplanar {coplanar} of {total}");
    }

    #[test]
    fn scaling_is_exact_or_refused() {
        assert_eq!(scale_exact(1.5, -1074), None);
        assert_eq!(scale_exact(3.0, -1074), Some(f64::from_bits(3)));
        assert_eq!(scale_exact(1.0, -1074), Some(f64::from_bits(1)));
        assert_eq!(scale_exact(1.5, 1023), Some(1.5 * 2f64.powi(1023)));
        assert_eq!(scale_exact(1.0, 1024), None);
    }
}
