//! OBB/OBB overlap (Real-Time Rendering, 4th ed., section 22.13): the exact test over the
//! separating axes of [`obb_axes`](super::obb_axes), with an `f64` zonotope filter, and
//! Gottschalk's classic 15-axis test under a policy.

use crate::geometry::Obb;
use crate::policy::Policy;
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::vec3::{dot, sub};
use crate::{InputError, Scalar, Sign, Validate};

use super::filter::{abs, finite3, obb_as_f64};
use super::obb_axes::{AxisDir, ObbAxis, ObbPair, PAIRS};
use super::zonotope::{Rounded, in_range, mul_is_exact, zonotope_contains};

/// `±(D·L) − Σₘ σₘ·extentₘ·(gₘ·L)`: positive iff `L` separates the boxes, when the `σₘ`
/// are the signs of `gₘ·L` (the sign `±` is `negate`).
struct SepPoly<'a, T> {
    pair: &'a ObbPair<'a, T>,
    axis: ObbAxis,
    signs: [i8; 6],
    negate: bool,
}

impl<T> Polynomial<T> for SepPoly<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let dir: AxisDir<R> = self.pair.direction(self.axis, lift);
        let d = dir.dot(&self.pair.center_diff(lift));
        let d = if self.negate { -d } else { d };
        match self.pair.radius(&dir, &self.signs, lift) {
            Some(r) => d - r,
            None => d,
        }
    }
}

impl<T: Scalar> ObbPair<'_, T> {
    /// `true` if `axis` separates the boxes, decided exactly.
    fn separates(&self, axis: ObbAxis) -> bool {
        let signs = self.signs(axis);
        let sep = |negate| {
            polynomial_sign::<T, _>(&SepPoly {
                pair: self,
                axis,
                signs,
                negate,
            }) == Sign::Positive
        };
        sep(false) || sep(true)
    }

    /// The exact test: the 15 classic axes, then the rank completion on a cold path.
    fn intersects(&self) -> bool {
        if PAIRS
            .iter()
            .any(|&(p, q)| self.separates(ObbAxis::Cross(p, q)))
        {
            return false;
        }
        self.degenerate_intersects()
    }

    /// After none of the 15 axes separated: complete the test when the Minkowski
    /// difference is not full-dimensional (flat, collinear or point boxes).
    #[cold]
    #[inline(never)]
    fn degenerate_intersects(&self) -> bool {
        !self.extra_axes().any(|axis| self.separates(axis))
    }
}

fn valid<T: Scalar>(b: &Obb<T>) -> bool {
    finite3(&b.center)
        && b.axes.iter().all(finite3)
        && finite3(&b.half_extents)
        && b.half_extents.iter().all(|h| *h >= T::zero())
}

/// Whether two closed oriented boxes intersect (touching counts), exactly (RTR4 §22.13).
///
/// Each box is read as the exact parallelepiped of [`Obb`]: `center + Σ sᵢ·axes[i]`,
/// `|sᵢ| ≤ half_extents[i]`, with the axes exactly as given (a rounded rotation matrix
/// is fine; nothing is normalised; neither unit length nor orthogonality is needed). The
/// answer is the one exact arithmetic gives, for every finite `f32`/`f64` input and for
/// rationals: the 15 separating axes of the classic test, written as cross products so
/// that they are the true face normals of a skewed box, each compared exactly, plus the
/// extra axes that flat, collinear or point boxes need (coplanar flat boxes included).
/// Every branch is the exact sign of an integer polynomial of the inputs
/// ([`polynomial_sign`]); why these axes suffice is
/// `proofs/overlap_boxes.md`, section 1.
///
/// Cost: for `f64`/`f32`, the 15 axes are first tried in plain `f64` with a rigorous
/// error bound (proofs/overlap_boxes.md, section 3), which settles nearly every pair;
/// touching, nearly touching, flat and extreme-range pairs take the exact path (up to
/// about a hundred small polynomial signs).
///
/// Degenerate input, never a panic: zero axes and zero half extents are valid (flat or
/// point boxes); a negative half extent makes a box empty and answers `false`, as does
/// any NaN or infinite value; [`try_obb_obb`] reports them instead.
///
/// # Examples
///
/// ```
/// use isect::overlap::obb_obb;
/// use isect::Obb;
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let a = Obb::new([0.0; 3], id, [1.0; 3]);
/// // A cube rotated 45° about z (unnormalised axes (1, 1, 0), (−1, 1, 0)); its corner
/// // reaches x = cx − 1.
/// let rot = [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// assert!(obb_obb(&a, &Obb::new([2.0, 0.0, 0.0], rot, [0.5, 0.5, 1.0]))); // touching
/// let beyond = 2.0f64.next_up();
/// assert!(!obb_obb(&a, &Obb::new([beyond, 0.0, 0.0], rot, [0.5, 0.5, 1.0])));
/// ```
pub fn obb_obb<T: Scalar>(a: &Obb<T>, b: &Obb<T>) -> bool {
    if !valid(a) || !valid(b) {
        return false;
    }
    if let Some(answer) = obb_obb_f64(a, b) {
        return answer;
    }
    ObbPair::new(a, b).intersects()
}

/// The answer when `f64` arithmetic settles it (for `f64`/`f32` input), from the shared
/// zonotope filter (proofs/overlap_boxes.md, section 3) on the six generators
/// `gᵢ = fl(hᵢ·aᵢ)`, `fl(kⱼ·bⱼ)` (one product each) and `d = fl(c_b − cₐ)` (one
/// rounding): `Some(false)` if a rounded pair-cross axis certainly separates,
/// `Some(true)` if the generators certainly span space and no exact pair-cross axis can
/// separate (all 15 pairs), else `None`.
#[inline]
fn obb_obb_f64<T: Scalar>(a: &Obb<T>, b: &Obb<T>) -> Option<bool> {
    let (ca, aa, ha) = obb_as_f64(a)?;
    let (cb, ab, hb) = obb_as_f64(b)?;
    let generator = |i: usize| -> ([f64; 3], f64) {
        if i < 3 {
            (aa[i], ha[i])
        } else {
            (ab[i - 3], hb[i - 3])
        }
    };
    let g: [[f64; 3]; 6] = core::array::from_fn(|i| {
        let (v, h) = generator(i);
        v.map(|x| h * x)
    });
    let in_range = in_range(&[ca, cb, ha, hb, aa[0], aa[1], aa[2], ab[0], ab[1], ab[2]]);
    let exact_generators = in_range
        && (0..6).all(|i| {
            let (v, h) = generator(i);
            v.iter().all(|&x| mul_is_exact(h, x))
        });
    zonotope_contains(&Rounded {
        d: core::array::from_fn(|k| cb[k] - ca[k]),
        md: core::array::from_fn(|k| cb[k].abs() + ca[k].abs()),
        mg: g.map(|v| v.map(f64::abs)),
        g,
        in_range,
        exact_generators,
    })
}

/// [`obb_obb`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// The first problem [`Validate`] finds, `a` (argument 0) first:
/// [`InputError::NonFinite`] (`what`: `"center"`, `"axis"` with `index` the axis,
/// `"half extents"`), [`InputError::InvertedBox`] for a negative half extent (`axis` is
/// the box axis).
///
/// # Examples
///
/// ```
/// use isect::overlap::try_obb_obb;
/// use isect::{InputError, NonFiniteValue, Obb};
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let a = Obb::new([0.0; 3], id, [1.0; 3]);
/// assert_eq!(try_obb_obb(&a, &a), Ok(true));
/// let bad = Obb::new([0.0, f64::NAN, 0.0], id, [1.0; 3]);
/// assert_eq!(
///     try_obb_obb(&a, &bad),
///     Err(InputError::NonFinite {
///         argument: 1,
///         what: "center",
///         index: None,
///         axis: Some(1),
///         value: NonFiniteValue::NaN,
///     })
/// );
/// ```
pub fn try_obb_obb<T: Scalar>(a: &Obb<T>, b: &Obb<T>) -> Result<bool, InputError> {
    a.validate(0)?;
    b.validate(1)?;
    Ok(obb_obb(a, b))
}

/// Gottschalk's classic OBB/OBB test (the 15 axes of S. Gottschalk, M. Lin, D. Manocha,
/// "OBBTree", SIGGRAPH 1996, as printed in RTR4 §22.13), computed in `T` and decided under
/// `policy`.
///
/// What is computed, in `T`'s arithmetic, reading the axes as **orthonormal** frames:
/// `R[i][j] = aᵢ·bⱼ`, `|R[i][j]|`, `t = (D·a₀, D·a₁, D·a₂)` with `D = c_b − cₐ`; then
/// for each of the 15 axes the classic `|t·L|` and radii `rA`, `rB` (e.g. for `L = a₀ ×
/// b₀`: `|t₂R₁₀ − t₁R₂₀|` against `h₁|R₂₀| + h₂|R₁₀| + k₁|R₀₂| + k₂|R₀₁|`). An axis
/// separates when `policy.sign(|t·L| − rA − rB, |t·L| + rA + rB)` is `Positive`; the
/// boxes intersect when none does.
///
/// Gottschalk adds an `ε` to every `|R[i][j]|` so that nearly parallel edges (whose cross
/// product is rounding noise) cannot separate; here the policy's tolerance plays that
/// role (`Absolute { eps }`, `Relative { eps }`): under [`Naive`](crate::policy::Naive)
/// the test is the unprotected one and nearly parallel boxes can be falsely separated.
///
/// **Not exact** for floats, and for axes that are not orthonormal it answers for a
/// different box than [`obb_obb`] (the formulas assume `aᵢ·aⱼ = δᵢⱼ`). No validation;
/// NaN gives an arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::{obb_obb, obb_obb_gottschalk_with};
/// use isect::policy::{Absolute, Naive};
/// use isect::Obb;
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let a = Obb::new([0.0; 3], id, [1.0; 3]);
/// let b = Obb::new([2.0 + 1e-12, 0.0, 0.0], id, [1.0; 3]); // a gap of 1e-12
/// assert!(!obb_obb(&a, &b));
/// assert!(!obb_obb_gottschalk_with(Naive, &a, &b));
/// assert!(obb_obb_gottschalk_with(Absolute { eps: 1e-9 }, &a, &b));
/// ```
pub fn obb_obb_gottschalk_with<T: Scalar, P: Policy<T>>(policy: P, a: &Obb<T>, b: &Obb<T>) -> bool {
    let d = sub(&b.center, &a.center);
    let r: [[T; 3]; 3] =
        core::array::from_fn(|i| core::array::from_fn(|j| dot(&a.axes[i], &b.axes[j])));
    let ar: [[T; 3]; 3] = core::array::from_fn(|i| core::array::from_fn(|j| abs(r[i][j].clone())));
    let t: [T; 3] = core::array::from_fn(|i| dot(&d, &a.axes[i]));
    let (h, k) = (&a.half_extents, &b.half_extents);
    let sep = |tl: T, ra: T, rb: T| {
        let tl = abs(tl);
        let scale = tl.clone() + &ra + &rb;
        policy.sign(&(tl - ra - rb), &scale) == Sign::Positive
    };
    // A's axes.
    for i in 0..3 {
        let rb = dot(k, &ar[i]);
        if sep(t[i].clone(), h[i].clone(), rb) {
            return false;
        }
    }
    // B's axes.
    for j in 0..3 {
        let tl = t[0].clone() * &r[0][j] + t[1].clone() * &r[1][j] + t[2].clone() * &r[2][j];
        let ra = h[0].clone() * &ar[0][j] + h[1].clone() * &ar[1][j] + h[2].clone() * &ar[2][j];
        if sep(tl, ra, k[j].clone()) {
            return false;
        }
    }
    // aᵢ × bⱼ.
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            let tl = t[i2].clone() * &r[i1][j] - t[i1].clone() * &r[i2][j];
            let ra = h[i1].clone() * &ar[i2][j] + h[i2].clone() * &ar[i1][j];
            let rb = k[j1].clone() * &ar[i][j2] + k[j2].clone() * &ar[i][j1];
            if sep(tl, ra, rb) {
                return false;
            }
        }
    }
    true
}
