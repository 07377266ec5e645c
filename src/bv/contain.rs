//! Exact point containment for spheres and oriented boxes (the checks that certify every
//! bounding volume this module builds).

use crate::overlap::obb_obb;
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::vec3::det3;
use crate::{Obb, Scalar, Sign, Sphere};

/// `r² − |p − c|²`.
struct SphereSlack<'a, T> {
    c: &'a [T; 3],
    r: &'a T,
    p: &'a [T; 3],
}

impl<T> Polynomial<T> for SphereSlack<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let r = lift(self.r);
        let mut acc = r.clone() * r;
        for k in 0..3 {
            let d = lift(&self.p[k]) - lift(&self.c[k]);
            acc = acc - d.clone() * d;
        }
        acc
    }
}

/// For the box axes `a₀, a₁, a₂`, `D = det[a₀, a₁, a₂]` and `Dᵢ` the same with column `i`
/// replaced by `p − c` (Cramer: `p − c = Σ (Dᵢ/D)·aᵢ`). `Which::Det` is `D`;
/// `Which::Side(i, s)` is `hᵢ·D + s·Dᵢ` for `s = ±1`.
struct ObbCramer<'a, T> {
    b: &'a Obb<T>,
    p: &'a [T; 3],
    which: Which,
}

#[derive(Clone, Copy)]
enum Which {
    Det,
    Side(usize, bool),
}

impl<T> Polynomial<T> for ObbCramer<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let ax: [[R; 3]; 3] =
            core::array::from_fn(|i| core::array::from_fn(|k| lift(&self.b.axes[i][k])));
        let d = det3(&ax[0], &ax[1], &ax[2]);
        match self.which {
            Which::Det => d,
            Which::Side(i, plus) => {
                let v: [R; 3] =
                    core::array::from_fn(|k| lift(&self.p[k]) - lift(&self.b.center[k]));
                let mut cols = ax.clone();
                cols[i] = v;
                let di = det3(&cols[0], &cols[1], &cols[2]);
                let hd = lift(&self.b.half_extents[i]) * d;
                if plus { hd + di } else { hd - di }
            }
        }
    }
}

impl<T: Scalar> Sphere<T> {
    /// `true` when `p` is in the closed ball, `|p − center|² ≤ radius²` with
    /// `radius ≥ 0`, decided exactly (the sign of that degree-2 polynomial by
    /// [`polynomial_sign`], for every finite float
    /// and for rationals).
    ///
    /// Bad input: a negative radius is the empty ball (`false`); a radius of `+∞` with
    /// finite centre and point contains the point; any other NaN or infinite value
    /// answers `false`. Never panics.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Sphere;
    /// let s = Sphere::new([0.0, 0.0, 0.0], 5.0);
    /// assert!(s.contains_point(&[3.0, 4.0, 0.0])); // exactly on the sphere
    /// assert!(!s.contains_point(&[3.0, 4.0f64.next_up(), 0.0]));
    /// ```
    pub fn contains_point(&self, p: &[T; 3]) -> bool {
        let finite3 = |v: &[T; 3]| v.iter().all(Scalar::is_finite);
        if !finite3(&self.center) || !finite3(p) {
            return false;
        }
        if !self.radius.is_finite() {
            return self.radius > T::zero();
        }
        if self.radius < T::zero() {
            return false;
        }
        polynomial_sign::<T, _>(&SphereSlack {
            c: &self.center,
            r: &self.radius,
            p,
        }) != Sign::Negative
    }
}

impl<T: Scalar> Obb<T> {
    /// `true` when `p` is in the closed box read as the exact parallelepiped
    /// `center + Σ sᵢ·axes[i]`, `|sᵢ| ≤ half_extents[i]` (axes exactly as given, nothing
    /// normalised), decided exactly.
    ///
    /// With `D = det[axes]` non-zero, `p − center = Σ (Dᵢ/D)·axes[i]` (Cramer), and the
    /// test is `−hᵢ|D| ≤ Dᵢ ≤ hᵢ|D|`: the signs of `hᵢ·D ± Dᵢ` (degree-4 polynomials)
    /// against the sign of `D`, exact for every finite float and for rationals. When the
    /// axes are linearly dependent (`D = 0`, a flat, segment or point box) the answer is
    /// the exact OBB/OBB test against the point ([`obb_obb`]).
    ///
    /// Bad input: a negative half extent is an empty box (`false`); any NaN or infinite
    /// value answers `false`. Never panics.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Obb;
    /// // A cube rotated 45° about z, unnormalised axes: corners at x = ±1.
    /// let b = Obb::new([0.0; 3], [[0.5, 0.5, 0.0], [-0.5, 0.5, 0.0], [0.0, 0.0, 1.0]], [1.0; 3]);
    /// assert!(b.contains_point(&[1.0, 0.0, 0.0]));
    /// assert!(!b.contains_point(&[1.0, 1e-300, 0.0]));
    /// ```
    pub fn contains_point(&self, p: &[T; 3]) -> bool {
        let finite3 = |v: &[T; 3]| v.iter().all(Scalar::is_finite);
        if !finite3(&self.center)
            || !finite3(p)
            || !self.axes.iter().all(finite3)
            || !finite3(&self.half_extents)
            || self.half_extents.iter().any(|h| *h < T::zero())
        {
            return false;
        }
        let sign = |which| polynomial_sign::<T, _>(&ObbCramer { b: self, p, which });
        let sd = sign(Which::Det);
        if sd == Sign::Zero {
            let id = [
                [T::one(), T::zero(), T::zero()],
                [T::zero(), T::one(), T::zero()],
                [T::zero(), T::zero(), T::one()],
            ];
            let point = Obb::new(p.clone(), id, [T::zero(), T::zero(), T::zero()]);
            return obb_obb(self, &point);
        }
        (0..3).all(|i| {
            [true, false].iter().all(|&plus| {
                let s = sign(Which::Side(i, plus));
                s == Sign::Zero || s == sd
            })
        })
    }
}
