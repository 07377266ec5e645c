//! Points and vectors from other math libraries, behind additive features.
//!
//! | feature | types accepted as [`Point2`] / [`Point3`] (by value or by reference) |
//! |---|---|
//! | `glam` | `glam::DVec2`, `glam::DVec3` (`f64`); `glam::Vec2`, `glam::Vec3` (`f32`) |
//! | `nalgebra` | `nalgebra::Point2<T>`, `Point3<T>`, `Vector2<T>`, `Vector3<T>` for `T` = `f32`, `f64` |
//! | `mint` | `mint::Point2<T>`, `Point3<T>`, `Vector2<T>`, `Vector3<T>` for `T` = `f32`, `f64` |
//!
//! The predicates read the coordinates in place (no copy, no conversion). The geometry
//! types hold arrays; every type above converts into one with `.into()` (each library
//! provides `From<…> for [T; N]`).
//!
//! # Examples
//!
//! ```
//! # #[cfg(feature = "glam")] {
//! use glam::DVec3;
//! use isect::{orient3d, Ray, Sign, Triangle, ray_triangle};
//! assert_eq!(orient3d(DVec3::ZERO, DVec3::X, DVec3::Y, DVec3::NEG_Z), Sign::Positive);
//! let tri = Triangle::new(DVec3::ZERO.into(), DVec3::X.into(), DVec3::Y.into());
//! let ray = Ray::new(DVec3::new(0.25, 0.25, 1.0).into(), DVec3::NEG_Z.into());
//! assert_eq!(ray_triangle(&ray, &tri).unwrap().t, 1.0);
//! # }
//! ```
//!
//! ```
//! # #[cfg(feature = "nalgebra")] {
//! use nalgebra::{Point2, Point3};
//! use isect::{orient2d, orient3d, Sign};
//! assert_eq!(orient2d(Point2::new(0.0, 0.0), Point2::new(1.0, 0.0), Point2::new(0.0, 1.0)), Sign::Positive);
//! let (a, b, c) = (Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
//! assert_eq!(orient3d(&a, &b, &c, &Point3::new(0.0, 0.0, 1.0)), Sign::Negative);
//! # }
//! ```
//!
//! ```
//! # #[cfg(feature = "mint")] {
//! use isect::{incircle, Sign};
//! let p = |x: f64, y: f64| mint::Point2 { x, y };
//! assert_eq!(incircle(p(1.0, 0.0), p(0.0, 1.0), p(-1.0, 0.0), p(0.0, 0.5)), Sign::Positive);
//! # }
//! ```

#[allow(unused_imports)]
use crate::{Point2, Point3};

/// `Point2`/`Point3` for a type and a reference to it, reading coordinates via `AsRef`.
#[allow(unused_macros)]
macro_rules! point_via_as_ref {
    ($trait:ident, $n:literal, $scalar:ty, $ty:ty) => {
        impl $trait for $ty {
            type Scalar = $scalar;
            #[inline(always)]
            fn coords(&self) -> &[$scalar; $n] {
                self.as_ref()
            }
        }
        impl $trait for &$ty {
            type Scalar = $scalar;
            #[inline(always)]
            fn coords(&self) -> &[$scalar; $n] {
                (*self).as_ref()
            }
        }
    };
}

#[cfg(feature = "glam")]
mod glam_impls {
    use super::*;
    point_via_as_ref!(Point2, 2, f64, glam::DVec2);
    point_via_as_ref!(Point3, 3, f64, glam::DVec3);
    point_via_as_ref!(Point2, 2, f32, glam::Vec2);
    point_via_as_ref!(Point3, 3, f32, glam::Vec3);
}

#[cfg(feature = "mint")]
mod mint_impls {
    use super::*;
    point_via_as_ref!(Point2, 2, f64, mint::Point2<f64>);
    point_via_as_ref!(Point3, 3, f64, mint::Point3<f64>);
    point_via_as_ref!(Point2, 2, f64, mint::Vector2<f64>);
    point_via_as_ref!(Point3, 3, f64, mint::Vector3<f64>);
    point_via_as_ref!(Point2, 2, f32, mint::Point2<f32>);
    point_via_as_ref!(Point3, 3, f32, mint::Point3<f32>);
    point_via_as_ref!(Point2, 2, f32, mint::Vector2<f32>);
    point_via_as_ref!(Point3, 3, f32, mint::Vector3<f32>);
}

#[cfg(feature = "nalgebra")]
mod nalgebra_impls {
    use super::*;
    point_via_as_ref!(Point2, 2, f64, nalgebra::Vector2<f64>);
    point_via_as_ref!(Point3, 3, f64, nalgebra::Vector3<f64>);
    point_via_as_ref!(Point2, 2, f32, nalgebra::Vector2<f32>);
    point_via_as_ref!(Point3, 3, f32, nalgebra::Vector3<f32>);

    /// Points: the coordinates are the point's `coords` vector.
    macro_rules! point_via_coords {
        ($trait:ident, $n:literal, $scalar:ty, $ty:ty) => {
            impl $trait for $ty {
                type Scalar = $scalar;
                #[inline(always)]
                fn coords(&self) -> &[$scalar; $n] {
                    self.coords.as_ref()
                }
            }
            impl $trait for &$ty {
                type Scalar = $scalar;
                #[inline(always)]
                fn coords(&self) -> &[$scalar; $n] {
                    self.coords.as_ref()
                }
            }
        };
    }
    point_via_coords!(Point2, 2, f64, nalgebra::Point2<f64>);
    point_via_coords!(Point3, 3, f64, nalgebra::Point3<f64>);
    point_via_coords!(Point2, 2, f32, nalgebra::Point2<f32>);
    point_via_coords!(Point3, 3, f32, nalgebra::Point3<f32>);
}
