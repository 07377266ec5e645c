//! proptest strategies for the oracle's input families (feature `proptest`).
//!
//! Each strategy draws a 64-bit seed and builds the input with the same generator as
//! [`check`](fn@super::check), so a property test sees exactly the families the oracle
//! uses: uniform, near-degenerate, aimed exactly at vertices and edges, extreme
//! exponents, far from the origin. proptest shrinks the seed (toward small seeds), not
//! the coordinates; use [`check`](fn@super::check) for coordinate shrinking. The named
//! strategies draw `f64` inputs; [`generated`] takes a [`Generator`] and so its
//! precision (inputs of `f32` values with [`FloatFormat::F32`](crate::FloatFormat::F32)).
//!
//! # Examples
//!
//! ```
//! use isect::oracle::{strategies, Family};
//! use proptest::prelude::*;
//!
//! proptest! {
//!     #![proptest_config(ProptestConfig::with_cases(64))]
//!     # #[allow(unused)]
//!     fn orient3d_is_antisymmetric(q in strategies::orient3d_inputs(Family::Mixed)) {
//!         let [a, b, c, d] = q;
//!         prop_assert_eq!(isect::orient3d(a, b, c, d), -isect::orient3d(b, a, c, d));
//!     }
//! }
//! orient3d_is_antisymmetric();
//! ```

use core::fmt::Debug;

use proptest::prelude::*;

use super::check::{Family, Generator, TestKind};
use super::kinds::{
    IncircleKind, InsphereKind, MeshRaysKind, Orient2dKind, Orient3dKind, RayAabbKind,
    RayTriangleInput, RayTriangleKind, TriTriKind,
};
use super::rng::Rng;
use super::scenes::Tri;
use crate::{Aabb, Ray};

/// Inputs of `kind` from `family`, one per drawn seed.
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family, TriTriKind};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let s = strategies::inputs(TriTriKind, Family::AimedAtEdges);
/// let (a, b) = s.new_tree(&mut TestRunner::default()).unwrap().current();
/// assert!(isect::tri_tri_intersect(a, b)); // touching at least
/// ```
pub fn inputs<K>(kind: K, family: Family) -> impl Strategy<Value = K::Input>
where
    K: TestKind + Clone + Debug + 'static,
{
    any::<u64>().prop_map(move |seed| kind.generate(family, &mut Rng::new(seed)))
}

/// The inputs of `generator` (its kind, family and precision), one per drawn seed (the
/// generator's own seed is not used): with [`FloatFormat::F32`](crate::FloatFormat::F32),
/// inputs of `f32` values for properties of `f32` code.
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family, Generator, RayTriangleKind, TestKind};
/// use isect::FloatFormat;
/// use proptest::prelude::*;
///
/// proptest! {
///     #![proptest_config(ProptestConfig::with_cases(64))]
///     # #[allow(unused)]
///     fn aimed_f32_rays_hit(q in strategies::generated(
///         Generator::new(RayTriangleKind, Family::AimedAtEdges).precision(FloatFormat::F32),
///     )) {
///         prop_assert!(RayTriangleKind.coords(&q).iter().all(|&x| f64::from(x as f32) == x));
///         prop_assert!(RayTriangleKind.exact(&q)); // aimed exactly at an edge point
///     }
/// }
/// aimed_f32_rays_hit();
/// ```
pub fn generated<K>(generator: Generator<K>) -> impl Strategy<Value = K::Input>
where
    K: TestKind + Clone + Debug + 'static,
{
    any::<u64>().prop_map(move |seed| {
        generator
            .kind
            .generate_in(generator.family, generator.precision, &mut Rng::new(seed))
    })
}

/// Any [`Family`] except `Mixed` (uniformly).
///
/// # Examples
///
/// ```
/// use isect::oracle::strategies;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let f = strategies::family().new_tree(&mut TestRunner::default()).unwrap().current();
/// assert_ne!(f, isect::oracle::Family::Mixed);
/// ```
pub fn family() -> impl Strategy<Value = Family> {
    (0usize..6).prop_map(|i| Family::ALL[i])
}

/// `orient2d` inputs `[a, b, c]` ([`Orient2dKind`]).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let [a, b, c] = strategies::orient2d_inputs(Family::AimedAtEdges)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert_eq!(isect::orient2d(a, b, c), isect::Sign::Zero);
/// ```
pub fn orient2d_inputs(family: Family) -> impl Strategy<Value = [[f64; 2]; 3]> {
    inputs(Orient2dKind, family)
}

/// `orient3d` inputs `[a, b, c, d]` ([`Orient3dKind`]).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let [a, b, c, d] = strategies::orient3d_inputs(Family::AimedAtEdges)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert_eq!(isect::orient3d(a, b, c, d), isect::Sign::Zero);
/// ```
pub fn orient3d_inputs(family: Family) -> impl Strategy<Value = [[f64; 3]; 4]> {
    inputs(Orient3dKind, family)
}

/// `incircle` inputs `[a, b, c, d]` ([`IncircleKind`]).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let [a, b, c, d] = strategies::incircle_inputs(Family::AimedAtEdges)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert_eq!(isect::incircle(a, b, c, d), isect::Sign::Zero);
/// ```
pub fn incircle_inputs(family: Family) -> impl Strategy<Value = [[f64; 2]; 4]> {
    inputs(IncircleKind, family)
}

/// `insphere` inputs `[a, b, c, d, e]` ([`InsphereKind`]).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let [a, b, c, d, e] = strategies::insphere_inputs(Family::AimedAtEdges)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert_eq!(isect::insphere(a, b, c, d, e), isect::Sign::Zero);
/// ```
pub fn insphere_inputs(family: Family) -> impl Strategy<Value = [[f64; 3]; 5]> {
    inputs(InsphereKind, family)
}

/// Ray/triangle inputs ([`RayTriangleKind`]).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family, RayTriangleKind, TestKind};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let q = strategies::ray_triangle_inputs(Family::AimedAtVertices)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert!(RayTriangleKind.exact(&q));
/// ```
pub fn ray_triangle_inputs(family: Family) -> impl Strategy<Value = RayTriangleInput> {
    inputs(RayTriangleKind, family)
}

/// Triangle pairs ([`TriTriKind`]).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let (a, b) = strategies::tri_tri_inputs(Family::AimedAtVertices)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert!(isect::tri_tri_intersect(a, b));
/// ```
pub fn tri_tri_inputs(family: Family) -> impl Strategy<Value = (Tri, Tri)> {
    inputs(TriTriKind, family)
}

/// Ray/box inputs ([`RayAabbKind`]).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let (r, b) = strategies::ray_aabb_inputs(Family::AimedAtEdges)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert!(isect::ray::ray_aabb(&r, &b).is_some());
/// ```
pub fn ray_aabb_inputs(family: Family) -> impl Strategy<Value = (Ray<f64>, Aabb<f64>)> {
    inputs(RayAabbKind, family)
}

/// Rays against a mesh ([`MeshRaysKind`]; the mesh is cloned into the strategy).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family, MeshRaysKind};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let kind = MeshRaysKind::icosphere(1);
/// let ray = strategies::mesh_rays_inputs(&kind, Family::AimedAtVertices)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert_eq!(kind.mesh().hits(&ray).len(), 2); // in through a vertex, out again
/// ```
pub fn mesh_rays_inputs(
    kind: &MeshRaysKind,
    family: Family,
) -> impl Strategy<Value = Ray<f64>> + use<> {
    inputs(kind.clone(), family)
}
