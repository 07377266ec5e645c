//! The four predicate kinds: [`Orient2dKind`], [`Orient3dKind`], [`IncircleKind`] and
//! [`InsphereKind`], whose inputs are arrays of points and whose answer is a [`Sign`].

use alloc::vec::Vec;

use super::super::check::{Family, TestKind};
use super::super::rng::{Rng, pow2};
use super::super::scenes::{affine_rounded, near_coplanar_quad, unit_vector};
use super::{
    extreme_exponent, far_offset, far_or_zero, flat, grid, lerp, rounded_input, scale_points,
    shuffle, transformed_base, unflat, uni, uni_at,
};
use crate::{FloatFormat, Sign};

/// Integer points on the circle `x² + y² = 65²` (4225 = 5²·13² has many representations).
fn circle_lattice() -> Vec<[i64; 2]> {
    let r2 = 65 * 65;
    let mut out = Vec::new();
    for x in -65i64..=65 {
        let y2 = r2 - x * x;
        let y = (y2 as f64).sqrt() as i64;
        if y * y == y2 {
            out.push([x, y]);
            if y != 0 {
                out.push([x, -y]);
            }
        }
    }
    out
}

/// Integer points on the sphere `x² + y² + z² = 9²`.
fn sphere_lattice() -> Vec<[i64; 3]> {
    let mut out = Vec::new();
    for x in -9i64..=9 {
        for y in -9i64..=9 {
            let z2 = 81 - x * x - y * y;
            if z2 < 0 {
                continue;
            }
            let z = (z2 as f64).sqrt() as i64;
            if z * z == z2 {
                out.push([x, y, z]);
                if z != 0 {
                    out.push([x, y, -z]);
                }
            }
        }
    }
    out
}

/// `n` distinct lattice points, scaled by `2^e` and moved to a random grid centre: exact.
fn lattice_pick<const D: usize, const N: usize>(
    lattice: &[[i64; D]],
    e: i32,
    rng: &mut Rng,
) -> [[f64; D]; N] {
    let centre: [f64; D] = core::array::from_fn(|_| rng.range(-512, 512) as f64 * pow2(-10));
    let mut idx: Vec<usize> = (0..lattice.len()).collect();
    shuffle(&mut idx, rng);
    core::array::from_fn(|i| {
        core::array::from_fn(|k| centre[k] + lattice[idx[i]][k] as f64 * pow2(e))
    })
}

fn orient2d_input(family: Family, fmt: FloatFormat, rng: &mut Rng) -> [[f64; 2]; 3] {
    match family.resolve(rng) {
        Family::Uniform | Family::Mixed => [0; 3].map(|_| uni(fmt, rng)),
        f @ (Family::NearDegenerate | Family::FarFromOrigin) => {
            let off = far_or_zero(f, fmt, rng);
            let (a, b) = (uni_at(&off, fmt, rng), uni_at(&off, fmt, rng));
            let t = rng.uniform(-1.0, 2.0);
            let mut p = [a, b, affine_rounded(fmt, &a, &b, &a, t, 0.0)];
            shuffle(&mut p, rng);
            p
        }
        Family::AimedAtVertices => {
            let (a, b) = (grid(rng), grid(rng));
            let mut p = [a, b, if rng.chance(0.5) { a } else { b }];
            shuffle(&mut p, rng);
            p
        }
        Family::AimedAtEdges => {
            let (a, b) = (grid(rng), grid(rng));
            let c = lerp(&a, &b, rng.range(-8, 16), 8.0);
            let mut p = [a, b, c];
            shuffle(&mut p, rng);
            p
        }
        Family::ExtremeExponents => {
            let mut p = orient2d_input(transformed_base(rng), fmt, rng);
            scale_points(&mut p, extreme_exponent(fmt, rng), fmt);
            p
        }
    }
}

fn orient3d_input(family: Family, fmt: FloatFormat, rng: &mut Rng) -> [[f64; 3]; 4] {
    match family.resolve(rng) {
        Family::Uniform | Family::Mixed => [0; 4].map(|_| uni(fmt, rng)),
        Family::NearDegenerate => {
            let mut p = near_coplanar_quad(fmt, rng);
            shuffle(&mut p, rng);
            p
        }
        Family::FarFromOrigin => {
            let off = far_offset(fmt, rng);
            let [a, b, c] = [0; 3].map(|_| uni_at(&off, fmt, rng));
            let (s, t) = (rng.uniform(-1.0, 2.0), rng.uniform(-1.0, 2.0));
            let mut p = [a, b, c, affine_rounded(fmt, &a, &b, &c, s, t)];
            shuffle(&mut p, rng);
            p
        }
        Family::AimedAtVertices => {
            // d repeats a vertex, or lies exactly on the line through two of them.
            let [a, b, c] = [0; 3].map(|_| grid(rng));
            let d = match rng.below(3) {
                0 => [a, b, c][rng.below(3)],
                _ => lerp(&a, &b, rng.range(-8, 16), 8.0),
            };
            let mut p = [a, b, c, d];
            shuffle(&mut p, rng);
            p
        }
        Family::AimedAtEdges => {
            let [a, b, c] = [0; 3].map(|_| grid(rng));
            let (s, t) = (
                rng.range(-8, 16) as f64 / 8.0,
                rng.range(-8, 16) as f64 / 8.0,
            );
            let d = core::array::from_fn(|k| a[k] + s * (b[k] - a[k]) + t * (c[k] - a[k]));
            let mut p = [a, b, c, d];
            shuffle(&mut p, rng);
            p
        }
        Family::ExtremeExponents => {
            let mut p = orient3d_input(transformed_base(rng), fmt, rng);
            scale_points(&mut p, extreme_exponent(fmt, rng), fmt);
            p
        }
    }
}

fn incircle_input(family: Family, fmt: FloatFormat, rng: &mut Rng) -> [[f64; 2]; 4] {
    match family.resolve(rng) {
        Family::Uniform | Family::Mixed => [0; 4].map(|_| uni(fmt, rng)),
        f @ (Family::NearDegenerate | Family::FarFromOrigin) => {
            let m: [f64; 2] = uni_at(&far_or_zero(f, fmt, rng), fmt, rng);
            let r = rng.uniform(0.1, 1.0);
            [0; 4].map(|_| {
                let th = rng.uniform(0.0, core::f64::consts::TAU);
                [
                    fmt.round(m[0] + r * th.cos()),
                    fmt.round(m[1] + r * th.sin()),
                ]
            })
        }
        Family::AimedAtVertices => {
            let [a, b, c] = [0; 3].map(|_| grid(rng));
            let mut p = [a, b, c, [a, b, c][rng.below(3)]];
            shuffle(&mut p, rng);
            p
        }
        Family::AimedAtEdges => lattice_pick(&circle_lattice(), -7, rng),
        Family::ExtremeExponents => {
            let mut p = incircle_input(transformed_base(rng), fmt, rng);
            scale_points(&mut p, extreme_exponent(fmt, rng), fmt);
            p
        }
    }
}

fn insphere_input(family: Family, fmt: FloatFormat, rng: &mut Rng) -> [[f64; 3]; 5] {
    match family.resolve(rng) {
        Family::Uniform | Family::Mixed => [0; 5].map(|_| uni(fmt, rng)),
        f @ (Family::NearDegenerate | Family::FarFromOrigin) => {
            let m: [f64; 3] = uni_at(&far_or_zero(f, fmt, rng), fmt, rng);
            let r = rng.uniform(0.1, 1.0);
            [0; 5].map(|_| {
                let u = unit_vector(rng);
                core::array::from_fn(|k| fmt.round(m[k] + r * u[k]))
            })
        }
        Family::AimedAtVertices => {
            let [a, b, c, d] = [0; 4].map(|_| grid(rng));
            let mut p = [a, b, c, d, [a, b, c, d][rng.below(4)]];
            shuffle(&mut p, rng);
            p
        }
        Family::AimedAtEdges => lattice_pick(&sphere_lattice(), -4, rng),
        Family::ExtremeExponents => {
            let mut p = insphere_input(transformed_base(rng), fmt, rng);
            scale_points(&mut p, extreme_exponent(fmt, rng), fmt);
            p
        }
    }
}

macro_rules! predicate_kind {
    ($(#[$doc:meta])* $name:ident, $label:literal, $d:literal, $n:literal, $gen:ident, |$p:ident| $exact:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;

        impl TestKind for $name {
            type Input = [[f64; $d]; $n];
            type Answer = Sign;
            const NAME: &'static str = $label;
            fn exact(&self, $p: &[[f64; $d]; $n]) -> Sign {
                $exact
            }
            fn generate(&self, family: Family, rng: &mut Rng) -> [[f64; $d]; $n] {
                self.generate_in(family, FloatFormat::F64, rng)
            }
            fn generate_in(
                &self,
                family: Family,
                format: FloatFormat,
                rng: &mut Rng,
            ) -> [[f64; $d]; $n] {
                rounded_input(self, $gen(family, format, rng), format)
            }
            fn coords(&self, input: &[[f64; $d]; $n]) -> Vec<f64> {
                flat(input)
            }
            fn with_coords(&self, _input: &[[f64; $d]; $n], c: &[f64]) -> [[f64; $d]; $n] {
                $name::from_coords(c)
            }
        }

        impl $name {
            /// The query whose coordinates are `c`, in [`TestKind::coords`] order.
            pub(crate) fn from_coords(c: &[f64]) -> [[f64; $d]; $n] {
                unflat(c)
            }
        }
    };
}

predicate_kind!(
    /// `orient2d(a, b, c)` on `[a, b, c]`: the exact sign from [`crate::orient2d`]
    /// (Positive when counterclockwise).
    ///
    /// Families: `NearDegenerate` puts `c` (in random position) on the line `ab`
    /// rounded once; `AimedAtVertices` repeats a point; `AimedAtEdges` puts a point
    /// exactly on the line through the other two (inside or outside the segment), on the
    /// grid of step 2⁻¹³.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{check, Family, Generator, Orient2dKind};
    /// let g = Generator::new(Orient2dKind, Family::NearDegenerate);
    /// let r = check(|p: &[[f64; 2]; 3]| isect::orient2d(p[0], p[1], p[2]), &g, 100);
    /// assert_eq!(r.disagreements(), 0);
    /// ```
    Orient2dKind, "orient2d", 2, 3, orient2d_input, |p| crate::orient2d(p[0], p[1], p[2])
);

predicate_kind!(
    /// `orient3d(a, b, c, d)` on `[a, b, c, d]`: the exact sign from [`crate::orient3d`]
    /// (Positive when `d` is below the plane of counterclockwise `a, b, c`).
    ///
    /// Families: `NearDegenerate` is [`near_coplanar_orient3d`](crate::oracle::scenes::near_coplanar_orient3d)
    /// with the points shuffled; `AimedAtVertices` repeats a point or puts one exactly on
    /// the line through two others; `AimedAtEdges` puts one exactly on the plane of the
    /// others (grid of step 2⁻¹³).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{Family, Orient3dKind, Rng, TestKind};
    /// let q = Orient3dKind.generate(Family::AimedAtEdges, &mut Rng::new(3));
    /// assert_eq!(Orient3dKind.exact(&q), isect::Sign::Zero);
    /// ```
    Orient3dKind, "orient3d", 3, 4, orient3d_input, |p| crate::orient3d(p[0], p[1], p[2], p[3])
);

predicate_kind!(
    /// `incircle(a, b, c, d)` on `[a, b, c, d]`: the exact sign from [`crate::incircle`]
    /// (Positive when `d` is inside the circle through counterclockwise `a, b, c`).
    ///
    /// Families: `NearDegenerate` rounds four points of a random circle;
    /// `AimedAtVertices` repeats a point; `AimedAtEdges` picks four integer points of the
    /// circle of radius 65, scaled by 2⁻⁷ and moved to a grid point (exactly cocircular).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{Family, IncircleKind, Rng, TestKind};
    /// let q = IncircleKind.generate(Family::AimedAtEdges, &mut Rng::new(3));
    /// assert_eq!(IncircleKind.exact(&q), isect::Sign::Zero);
    /// ```
    IncircleKind, "incircle", 2, 4, incircle_input, |p| crate::incircle(p[0], p[1], p[2], p[3])
);

predicate_kind!(
    /// `insphere(a, b, c, d, e)` on `[a, b, c, d, e]`: the exact sign from
    /// [`crate::insphere`] (Positive when `e` is inside the sphere through `a, b, c, d`
    /// with `orient3d(a, b, c, d)` Positive).
    ///
    /// Families: `NearDegenerate` rounds five points of a random sphere;
    /// `AimedAtVertices` repeats a point; `AimedAtEdges` picks five integer points of the
    /// sphere of radius 9, scaled by 2⁻⁴ and moved to a grid point (exactly cospherical).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{Family, InsphereKind, Rng, TestKind};
    /// let q = InsphereKind.generate(Family::AimedAtEdges, &mut Rng::new(3));
    /// assert_eq!(InsphereKind.exact(&q), isect::Sign::Zero);
    /// ```
    InsphereKind, "insphere", 3, 5, insphere_input, |p| crate::insphere(p[0], p[1], p[2], p[3], p[4])
);
