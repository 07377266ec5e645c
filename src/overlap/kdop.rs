//! k-DOPs (Real-Time Rendering, 4th ed., sections 22.2 and 22.13) for k = 6, 14, 18 and
//! 26: the type, its exact construction from points, and the exact overlap test.

use num_rational::BigRational;
use num_traits::Zero;

use crate::error::check_point;
use crate::predicates::{Polynomial, Ring, expansion_in_place, polynomial_sign};
use crate::scalar::as_f64_array;
use crate::{InputError, Scalar, Sign, Validate};

/// All 13 directions: axes, corners, edges.
const ALL: [[i8; 3]; 13] = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
    [1, 1, 1],
    [1, -1, 1],
    [1, 1, -1],
    [1, -1, -1],
    [1, 1, 0],
    [1, 0, 1],
    [0, 1, 1],
    [1, -1, 0],
    [1, 0, -1],
    [0, 1, -1],
];

const fn directions<const N: usize>() -> [[i8; 3]; N] {
    assert!(
        N == 3 || N == 7 || N == 9 || N == 13,
        "a k-DOP has k = 6, 14, 18 or 26 (N = k/2 = 3, 7, 9 or 13 directions)"
    );
    let mut out = [[0i8; 3]; N];
    let mut i = 0;
    while i < N {
        // The 18-DOP skips the four corner directions.
        let j = if N == 9 && i >= 3 { i + 4 } else { i };
        out[i] = ALL[j];
        i += 1;
    }
    out
}

/// A k-DOP (discrete oriented polytope, RTR4 §22.2 and §22.13) with `N = k/2` slabs:
/// the points `x` with `min[i] ≤ dᵢ·x ≤ max[i]` for every `i`, where
/// `dᵢ = Kdop::<T, N>::DIRECTIONS[i]`. Use the aliases [`Kdop6`], [`Kdop14`],
/// [`Kdop18`], [`Kdop26`]; any other `N` fails to compile when its directions are used.
///
/// The normals `dᵢ` are fixed small-integer directions (every component is −1, 0 or 1),
/// the same for every k-DOP of a size, so two k-DOPs overlap iff every pair of slab
/// intervals does:
///
/// | k | type | directions `dᵢ` (in this order) |
/// |---|---|---|
/// | 6 | [`Kdop6`] | `x, y, z` |
/// | 14 | [`Kdop14`] | `x, y, z`, `(1,1,1), (1,−1,1), (1,1,−1), (1,−1,−1)` |
/// | 18 | [`Kdop18`] | `x, y, z`, `(1,1,0), (1,0,1), (0,1,1), (1,−1,0), (1,0,−1), (0,1,−1)` |
/// | 26 | [`Kdop26`] | the 3 of the 6-DOP, the 4 corners of the 14-DOP, the 6 edges of the 18-DOP |
///
/// Exactness: [`kdop_kdop`] only compares stored numbers (exact).
/// [`Kdop::from_points`] picks each slab's extreme point by the exact sign of
/// `dᵢ·(p − q)` and stores `dᵢ·p` **rounded outward** in `T` (down for a minimum, up for
/// a maximum): the exact value for rationals, and for floats the nearest float at or
/// beyond it (a sum such as `x + y + z` of floats is not always a float). So the k-DOP
/// of floats always contains its points, and the overlap of two such k-DOPs is exact for
/// the stored slabs and conservative for the point sets: it never misses an overlap of
/// the exact k-DOPs of the points (proofs/overlap_boxes.md, section 4).
///
/// A k-DOP with `min[i] > max[i]` on some slab is empty.
///
/// # Examples
///
/// ```
/// use isect::overlap::{kdop_kdop, Kdop14};
/// let a = Kdop14::from_points(&[[0.0, 0.0, 0.0], [1.0, 1.0, 1.0]]).unwrap();
/// assert_eq!(a.min[3], 0.0); // x + y + z
/// assert_eq!(a.max[3], 3.0);
/// assert!(kdop_kdop(&a, &a));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Kdop<T, const N: usize> {
    /// The lower end of each slab, `min[i] ≤ dᵢ·x`.
    pub min: [T; N],
    /// The upper end of each slab, `dᵢ·x ≤ max[i]`.
    pub max: [T; N],
}

/// The 6-DOP (an axis-aligned box).
///
/// # Examples
///
/// ```
/// use isect::overlap::Kdop6;
/// let b = Kdop6::new([0.0; 3], [1.0; 3]);
/// assert!(b.contains_point(&[1.0, 0.5, 0.0]));
/// ```
pub type Kdop6<T> = Kdop<T, 3>;
/// The 14-DOP (box and corner cuts).
///
/// # Examples
///
/// ```
/// use isect::overlap::Kdop14;
/// assert_eq!(Kdop14::<f64>::DIRECTIONS[6], [1, -1, -1]);
/// ```
pub type Kdop14<T> = Kdop<T, 7>;
/// The 18-DOP (box and edge cuts).
///
/// # Examples
///
/// ```
/// use isect::overlap::Kdop18;
/// assert_eq!(Kdop18::<f64>::DIRECTIONS[8], [0, 1, -1]);
/// ```
pub type Kdop18<T> = Kdop<T, 9>;
/// The 26-DOP (box, corner and edge cuts).
///
/// # Examples
///
/// ```
/// use isect::overlap::Kdop26;
/// let k = Kdop26::from_points(&[[1.0, 2.0, 3.0]]).unwrap();
/// assert_eq!((k.min[12], k.max[12]), (-1.0, -1.0)); // y − z
/// ```
pub type Kdop26<T> = Kdop<T, 13>;

/// `d·p − d·q`, or `d·p − s` when `q` is `None`.
struct SlabDiff<'a, T> {
    d: [i8; 3],
    p: &'a [T; 3],
    q: Option<&'a [T; 3]>,
    s: Option<&'a T>,
}

impl<T> Polynomial<T> for SlabDiff<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let dot = |p: &[T; 3]| {
            let mut acc: Option<R> = None;
            for (x, &c) in p.iter().zip(&self.d) {
                let t = match c {
                    0 => continue,
                    c if c > 0 => lift(x),
                    _ => -lift(x),
                };
                acc = Some(match acc {
                    None => t,
                    Some(a) => a + t,
                });
            }
            acc.unwrap_or_else(|| {
                let x = lift(&p[0]);
                x.clone() - x
            })
        };
        let a = dot(self.p);
        match (self.q, self.s) {
            (Some(q), _) => a - dot(q),
            (None, Some(s)) => a - lift(s),
            (None, None) => a,
        }
    }
}

/// `d·p` computed in `T` (rounded for floats).
fn dot_t<T: Scalar>(d: [i8; 3], p: &[T; 3]) -> T {
    let mut acc = T::zero();
    for k in 0..3 {
        match d[k] {
            0 => {}
            c if c > 0 => acc = acc + &p[k],
            _ => acc = acc - &p[k],
        }
    }
    acc
}

/// The exact sign of `t₀ + t₁ + t₂ + t₃` (the largest component of their expansion).
/// `None` if anything overflowed (the expansion then holds an infinity or NaN).
fn sum_sign4(mut t: [f64; 4]) -> Option<Sign> {
    let n = expansion_in_place(&mut t);
    if !t[..n].iter().all(|x| x.is_finite()) {
        return None;
    }
    Some(if n == 0 {
        Sign::Zero
    } else {
        Sign::of(t[n - 1])
    })
}

/// `d·p` rounded in `T` towards `+∞` (`up`) or `−∞`: exact when representable, else the
/// nearest value of `T` beyond it.
fn dot_outward<T: Scalar>(d: [i8; 3], p: &[T; 3], up: bool) -> T {
    let s = dot_t(d, p);
    let (Some(x), Some(_)) = (as_f64_array(p), s.as_f64()) else {
        // Rationals: the sum is exact.
        return s;
    };
    let terms: [f64; 3] = core::array::from_fn(|k| f64::from(d[k]) * x[k]);
    // sign(d·p − v), exact; None on overflow.
    let side = |v: &T| {
        let v = v.as_f64()?;
        if !v.is_finite() {
            return None;
        }
        sum_sign4([terms[0], terms[1], terms[2], -v])
    };
    let (outward, inward) = if up {
        (Sign::Negative, Sign::Positive)
    } else {
        (Sign::Positive, Sign::Negative)
    };
    let mut v = s;
    // A sum of three floats rounded twice is within a few ulps of the exact value unless
    // it cancels; a few steps settle it, the rational path takes the rest.
    for _ in 0..4 {
        match side(&v) {
            Some(Sign::Zero) => return v,
            Some(sg) if sg == outward => {
                let v2 = step(v.clone(), !up);
                match side(&v2) {
                    Some(Sign::Zero) => return v2,
                    Some(sg2) if sg2 == inward => return v,
                    Some(_) => v = v2,
                    None => break,
                }
            }
            Some(_) => v = step(v, up),
            None => break,
        }
    }
    dot_outward_exact(d, p, up)
}

#[cold]
#[inline(never)]
fn dot_outward_exact<T: Scalar>(d: [i8; 3], p: &[T; 3], up: bool) -> T {
    let mut q = BigRational::zero();
    for k in 0..3 {
        let Some(x) = p[k].to_rational() else {
            return dot_t(d, p);
        };
        match d[k] {
            0 => {}
            c if c > 0 => q += x,
            _ => q -= x,
        }
    }
    let v = T::from_rational(&q);
    let Some(vq) = v.to_rational() else {
        // Rounded to an infinity: outward if it has the right sign, else the largest
        // finite value one step inside it.
        let outward = if up { v > T::zero() } else { v < T::zero() };
        return if outward { v } else { step(v, up) };
    };
    let wrong = if up { vq < q } else { vq > q };
    if !wrong {
        return v;
    }
    step(v, up)
}

/// The next value of a float `T` towards `+∞` (`up`) or `−∞` (the value itself for
/// exact types, which never need it).
#[inline(always)]
fn step<T: Scalar>(v: T, up: bool) -> T {
    if up {
        Scalar::next_up(&v)
    } else {
        Scalar::next_down(&v)
    }
}

impl<T: Scalar, const N: usize> Kdop<T, N> {
    /// The slab normals `dᵢ` of this size, in slab order (table in the [`Kdop`] docs).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::Kdop18;
    /// assert_eq!(Kdop18::<f64>::DIRECTIONS[3], [1, 1, 0]);
    /// ```
    pub const DIRECTIONS: [[i8; 3]; N] = directions::<N>();

    /// The k-DOP with the given slab ends, taken as given.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::Kdop6;
    /// let b = Kdop6::new([0.0; 3], [1.0; 3]); // the unit cube
    /// assert_eq!(b.max, [1.0; 3]);
    /// ```
    #[inline]
    pub fn new(min: [T; N], max: [T; N]) -> Self {
        Kdop { min, max }
    }

    /// The tightest k-DOP of this size containing every point.
    ///
    /// For each slab the extreme points are chosen by the exact sign of `dᵢ·(p − q)`, and
    /// `dᵢ·p` at the extreme is stored exactly for rationals and rounded outward (down for
    /// `min`, up for `max`, to the nearest float at or beyond the exact value) for floats,
    /// so the result always contains the points. `None` for no points or a NaN or
    /// infinite coordinate. Cost: one filtered exact comparison per point and slab.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::Kdop14;
    /// // 1 + 2⁻⁶⁰ is not an f64: the x + y + z slab is rounded outward.
    /// let k = Kdop14::from_points(&[[1.0, 2f64.powi(-60), 0.0]]).unwrap();
    /// assert_eq!(k.max[3], 1.0f64.next_up());
    /// assert_eq!(k.min[3], 1.0);
    /// ```
    pub fn from_points<'a>(points: impl IntoIterator<Item = &'a [T; 3]>) -> Option<Self>
    where
        T: 'a,
    {
        let mut it = points.into_iter();
        let first = it.next()?;
        if !first.iter().all(Scalar::is_finite) {
            return None;
        }
        let mut lo: [&[T; 3]; N] = [first; N];
        let mut hi: [&[T; 3]; N] = [first; N];
        for p in it {
            if !p.iter().all(Scalar::is_finite) {
                return None;
            }
            for i in 0..N {
                let d = Self::DIRECTIONS[i];
                let cmp = |q: &[T; 3]| {
                    polynomial_sign::<T, _>(&SlabDiff {
                        d,
                        p,
                        q: Some(q),
                        s: None,
                    })
                };
                if cmp(lo[i]) == Sign::Negative {
                    lo[i] = p;
                }
                if cmp(hi[i]) == Sign::Positive {
                    hi[i] = p;
                }
            }
        }
        Some(Kdop {
            min: core::array::from_fn(|i| dot_outward(Self::DIRECTIONS[i], lo[i], false)),
            max: core::array::from_fn(|i| dot_outward(Self::DIRECTIONS[i], hi[i], true)),
        })
    }

    /// `true` when `p` is in the closed k-DOP: `min[i] ≤ dᵢ·p ≤ max[i]` on every slab,
    /// each comparison exact (the sign of `dᵢ·p − min[i]`, a polynomial sign). `false` if
    /// anything is NaN or infinite.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::Kdop14;
    /// let k = Kdop14::from_points(&[[0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]).unwrap();
    /// assert!(k.contains_point(&[0.25, 0.25, 0.5])); // x + y + z = 1: on the corner cut
    /// assert!(!k.contains_point(&[0.25, 0.25, 0.5f64.next_up()]));
    /// ```
    pub fn contains_point(&self, p: &[T; 3]) -> bool {
        if !p.iter().all(Scalar::is_finite) {
            return false;
        }
        (0..N).all(|i| {
            let d = Self::DIRECTIONS[i];
            // The sign of dᵢ·p − bound; a non-finite bound compares by its sign alone.
            let side = |bound: &T| {
                if bound.is_finite() {
                    Some(polynomial_sign::<T, _>(&SlabDiff {
                        d,
                        p,
                        q: None,
                        s: Some(bound),
                    }))
                } else if *bound > T::zero() {
                    Some(Sign::Negative)
                } else if *bound < T::zero() {
                    Some(Sign::Positive)
                } else {
                    None // NaN
                }
            };
            matches!(side(&self.min[i]), Some(Sign::Positive | Sign::Zero))
                && matches!(side(&self.max[i]), Some(Sign::Negative | Sign::Zero))
        })
    }

    /// `true` if some slab is empty (`min[i] > max[i]`) or holds NaN.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::Kdop6;
    /// assert!(Kdop6::new([1.0, 0.0, 0.0], [0.0, 1.0, 1.0]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        (0..N).any(|i| {
            self.min[i]
                .partial_cmp(&self.max[i])
                .is_none_or(|o| o.is_gt())
        })
    }
}

/// Whether the slab intervals of two k-DOPs of the same size overlap on every direction
/// (closed: touching counts), RTR's k-DOP/k-DOP test, decided exactly.
///
/// The answer is `a.min[i] ≤ b.max[i]` and `b.min[i] ≤ a.max[i]` for every slab `i`: only
/// comparisons of stored numbers, so it is exact for every scalar type. What it means
/// geometrically: `false` proves the two k-DOPs disjoint (a slab direction separates
/// them). `true` is the classic k-DOP answer and is **conservative** for `k > 6`: two
/// k-DOPs whose intervals overlap on all `k/2` normals can still be separated along a
/// direction that is not a slab normal (for `k = 6`, two boxes, it is exact). This is
/// the standard test; its purpose is cheap culling.
///
/// An empty slab (`min[i] > max[i]`) or NaN in either k-DOP answers `false`; infinite
/// ends compare as numbers. Never panics.
///
/// # Examples
///
/// ```
/// use isect::overlap::{kdop_kdop, Kdop26};
/// let a = Kdop26::from_points(&[[0.0, 0.0, 0.0], [1.0, 1.0, 1.0]]).unwrap();
/// let b = Kdop26::from_points(&[[1.0, 1.0, 1.0], [2.0, 0.0, 2.0]]).unwrap();
/// assert!(kdop_kdop(&a, &b)); // they share the corner (1, 1, 1)
/// // Moved up by one ulp of 1 along z: the z slab separates.
/// let up = 1.0f64.next_up();
/// let c = Kdop26::from_points(&[[1.0, 1.0, up], [2.0, 0.0, 2.0]]).unwrap();
/// assert!(!kdop_kdop(&a, &c));
/// ```
pub fn kdop_kdop<T: Scalar, const N: usize>(a: &Kdop<T, N>, b: &Kdop<T, N>) -> bool {
    (0..N).all(|i| {
        a.min[i] <= a.max[i] && b.min[i] <= b.max[i] && a.min[i] <= b.max[i] && b.min[i] <= a.max[i]
    })
}

/// [`kdop_kdop`], refusing invalid k-DOPs instead of answering for them.
///
/// # Errors
///
/// The first problem [`Validate`] finds, `a` (argument 0) first:
/// [`InputError::NonFinite`] for a NaN or infinite slab end (`what` is `"min"` or
/// `"max"`, `axis` the slab), [`InputError::InvertedBox`] for an empty slab
/// (`min[i] > max[i]`, `axis` the slab `i`).
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_kdop_kdop, Kdop6};
/// use isect::InputError;
/// let a = Kdop6::new([0.0; 3], [1.0; 3]);
/// assert_eq!(try_kdop_kdop(&a, &Kdop6::new([1.0; 3], [2.0; 3])), Ok(true));
/// let empty = Kdop6::new([0.0, 2.0, 0.0], [1.0; 3]);
/// assert_eq!(
///     try_kdop_kdop(&a, &empty),
///     Err(InputError::InvertedBox { argument: 1, axis: 1 })
/// );
/// ```
pub fn try_kdop_kdop<T: Scalar, const N: usize>(
    a: &Kdop<T, N>,
    b: &Kdop<T, N>,
) -> Result<bool, InputError> {
    a.validate(0)?;
    b.validate(1)?;
    Ok(kdop_kdop(a, b))
}

/// A k-DOP is valid when every slab end is finite and no slab is empty: a NaN or infinite
/// end is [`InputError::NonFinite`] (`what`: `"min"` or `"max"`, `axis`: the slab), an
/// empty slab `min[i] > max[i]` is [`InputError::InvertedBox`] with `axis` the slab `i`
/// (the slab order of [`Kdop::DIRECTIONS`]; for the 6-DOP, the coordinate axis).
///
/// # Examples
///
/// ```
/// use isect::overlap::Kdop14;
/// use isect::{InputError, Validate};
/// let k = Kdop14::from_points(&[[0.0, 0.0, 0.0], [1.0, 1.0, 1.0]]).unwrap();
/// assert_eq!(k.validate(0), Ok(()));
/// let mut bad = k.clone();
/// bad.max[4] = -1.0; // the slab x − y + z
/// assert_eq!(bad.validate(2), Err(InputError::InvertedBox { argument: 2, axis: 4 }));
/// ```
impl<T: Scalar, const N: usize> Validate for Kdop<T, N> {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        check_point(argument, "min", None, &self.min)?;
        check_point(argument, "max", None, &self.max)?;
        match (0..N).find(|&i| self.min[i] > self.max[i]) {
            Some(axis) => Err(InputError::InvertedBox { argument, axis }),
            None => Ok(()),
        }
    }
}
