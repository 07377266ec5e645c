//! Geometric probability (RTR 22.4): surface area and mean width of bounding volumes.

use crate::{Aabb, Obb, Scalar, Sphere};
#[cfg(not(feature = "std"))]
use num_traits::Float;

/// Surface area and mean width of a convex volume, for cost models (RTR 22.4).
///
/// For convex bodies `A ⊆ B`, the probability that a random line (uniform isotropic)
/// meeting `B` also meets `A` is `area(A)/area(B)` (Cauchy's formula; the ratio the
/// surface-area heuristic uses), and that a random plane meeting `B` also meets `A` is
/// `mean_width(A)/mean_width(B)`.
///
/// **Rounded**: both are computed in `f64` from the nearest `f64` of each stored value
/// (`Scalar::to_f64`), with a relative error of a few units of `2⁻⁵³` for ordinary
/// magnitudes (`π` and square roots are involved, so not even rationals get exact
/// values); an empty volume (negative extent or radius) measures `0`. Non-finite input
/// gives a non-finite or NaN result. k-DOPs are not covered: their area needs the
/// polytope's vertices, which is not cheap.
///
/// # Examples
///
/// ```
/// use isect::bv::Measure;
/// use isect::{Aabb, Sphere};
/// let b = Aabb::new([0.0; 3], [1.0, 2.0, 3.0]);
/// assert_eq!(b.surface_area(), 22.0);
/// assert_eq!(b.mean_width(), 3.0);
/// let s = Sphere::new([0.0; 3], 1.0);
/// assert!((s.surface_area() - 4.0 * std::f64::consts::PI).abs() < 1e-12);
/// ```
pub trait Measure {
    /// The area of the boundary.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::bv::Measure;
    /// assert_eq!(isect::Aabb::new([0.0; 3], [1.0; 3]).surface_area(), 6.0);
    /// ```
    fn surface_area(&self) -> f64;

    /// The mean caliper width: the width `max u·x − min u·x` averaged over all unit
    /// directions `u`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::bv::Measure;
    /// assert_eq!(isect::Sphere::new([0.0; 3], 2.0).mean_width(), 4.0);
    /// ```
    fn mean_width(&self) -> f64;
}

/// Edge lengths of a box, `None` if it is empty.
fn extents<T: Scalar>(b: &Aabb<T>) -> Option<[f64; 3]> {
    let e: [f64; 3] = core::array::from_fn(|k| b.max[k].to_f64() - b.min[k].to_f64());
    if e.iter().any(|x| *x < 0.0) {
        None
    } else {
        Some(e)
    }
}

/// `2(xy + yz + zx)` and `(x + y + z)/2` for edges `x, y, z`.
impl<T: Scalar> Measure for Aabb<T> {
    fn surface_area(&self) -> f64 {
        extents(self).map_or(0.0, |[x, y, z]| 2.0 * (x * y + y * z + z * x))
    }
    fn mean_width(&self) -> f64 {
        extents(self).map_or(0.0, |[x, y, z]| 0.5 * (x + y + z))
    }
}

/// `4πr²` and `2r`.
impl<T: Scalar> Measure for Sphere<T> {
    fn surface_area(&self) -> f64 {
        let r = self.radius.to_f64();
        if r < 0.0 {
            0.0
        } else {
            4.0 * core::f64::consts::PI * r * r
        }
    }
    fn mean_width(&self) -> f64 {
        let r = self.radius.to_f64();
        if r < 0.0 {
            0.0
        } else {
            2.0 * r
        }
    }
}

/// The box as the exact parallelepiped of its axes: with edge vectors
/// `gᵢ = 2hᵢ·axes[i]`, area `2 Σ_{i<j} |gᵢ × gⱼ|` and mean width `Σ |gᵢ|/2`
/// (a parallelepiped is the Minkowski sum of three segments, a segment of length `L` has
/// mean width `L/2`, and mean width is additive under Minkowski sums). For orthonormal
/// axes these are the box formulas.
impl<T: Scalar> Measure for Obb<T> {
    fn surface_area(&self) -> f64 {
        let Some(g) = generators(self) else {
            return 0.0;
        };
        let mut s = 0.0;
        for (i, j) in [(0, 1), (1, 2), (2, 0)] {
            let (a, b) = (g[i], g[j]);
            let c = [
                a[1] * b[2] - a[2] * b[1],
                a[2] * b[0] - a[0] * b[2],
                a[0] * b[1] - a[1] * b[0],
            ];
            s += (c[0] * c[0] + c[1] * c[1] + c[2] * c[2]).sqrt();
        }
        2.0 * s
    }
    fn mean_width(&self) -> f64 {
        generators(self).map_or(0.0, |g| {
            g.iter()
                .map(|v| (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt())
                .sum::<f64>()
                * 0.5
        })
    }
}

fn generators<T: Scalar>(b: &Obb<T>) -> Option<[[f64; 3]; 3]> {
    let h: [f64; 3] = core::array::from_fn(|i| b.half_extents[i].to_f64());
    if h.iter().any(|x| *x < 0.0) {
        return None;
    }
    Some(core::array::from_fn(|i| {
        core::array::from_fn(|k| 2.0 * h[i] * b.axes[i][k].to_f64())
    }))
}
