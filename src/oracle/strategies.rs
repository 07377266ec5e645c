//! proptest strategies for the oracle's input families (feature `proptest`).
//!
//! Each strategy draws a 64-bit seed and builds the input with the same generator as
//! [`check`](super::check), so a property test sees exactly the families the oracle
//! uses: uniform, near-degenerate, aimed exactly at vertices and edges, extreme
//! exponents, far from the origin. proptest shrinks the seed (toward small seeds), not
//! the coordinates; use [`check`](super::check) for coordinate shrinking.
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
//!     fn orient3d_is_antisymmetric(q in strategies::orient3d(Family::Mixed)) {
//!         let [a, b, c, d] = q;
//!         prop_assert_eq!(isect::orient3d(a, b, c, d), -isect::orient3d(b, a, c, d));
//!     }
//! }
//! orient3d_is_antisymmetric();
//! ```

use core::fmt::Debug;

use proptest::prelude::*;

use super::check::{Family, TestKind};
use super::kinds::{
    Incircle, Insphere, MeshRays, Orient2d, Orient3d, RayAabb, RayTriangle, RayTriangleInput,
    TriTri,
};
use super::rng::Rng;
use super::scenes::Tri;
use crate::{Aabb, Ray};

/// Inputs of `kind` from `family`, one per drawn seed.
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family, TriTri};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let s = strategies::inputs(TriTri, Family::AimedAtEdges);
/// let (a, b) = s.new_tree(&mut TestRunner::default()).unwrap().current();
/// assert!(isect::tri_tri_intersect(a, b)); // touching at least
/// ```
pub fn inputs<K>(kind: K, family: Family) -> impl Strategy<Value = K::Input>
where
    K: TestKind + Clone + Debug + 'static,
{
    any::<u64>().prop_map(move |seed| kind.generate(family, &mut Rng::new(seed)))
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

/// `orient2d` inputs `[a, b, c]` ([`Orient2d`]).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let [a, b, c] = strategies::orient2d(Family::AimedAtEdges)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert_eq!(isect::orient2d(a, b, c), isect::Sign::Zero);
/// ```
pub fn orient2d(family: Family) -> impl Strategy<Value = [[f64; 2]; 3]> {
    inputs(Orient2d, family)
}

/// `orient3d` inputs `[a, b, c, d]` ([`Orient3d`]).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let [a, b, c, d] = strategies::orient3d(Family::AimedAtEdges)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert_eq!(isect::orient3d(a, b, c, d), isect::Sign::Zero);
/// ```
pub fn orient3d(family: Family) -> impl Strategy<Value = [[f64; 3]; 4]> {
    inputs(Orient3d, family)
}

/// `incircle` inputs `[a, b, c, d]` ([`Incircle`]).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let [a, b, c, d] = strategies::incircle(Family::AimedAtEdges)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert_eq!(isect::incircle(a, b, c, d), isect::Sign::Zero);
/// ```
pub fn incircle(family: Family) -> impl Strategy<Value = [[f64; 2]; 4]> {
    inputs(Incircle, family)
}

/// `insphere` inputs `[a, b, c, d, e]` ([`Insphere`]).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let [a, b, c, d, e] = strategies::insphere(Family::AimedAtEdges)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert_eq!(isect::insphere(a, b, c, d, e), isect::Sign::Zero);
/// ```
pub fn insphere(family: Family) -> impl Strategy<Value = [[f64; 3]; 5]> {
    inputs(Insphere, family)
}

/// Ray/triangle inputs ([`RayTriangle`]).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family, RayTriangle, TestKind};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let q = strategies::ray_triangle(Family::AimedAtVertices)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert!(RayTriangle.exact(&q));
/// ```
pub fn ray_triangle(family: Family) -> impl Strategy<Value = RayTriangleInput> {
    inputs(RayTriangle, family)
}

/// Triangle pairs ([`TriTri`]).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let (a, b) = strategies::tri_tri(Family::AimedAtVertices)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert!(isect::tri_tri_intersect(a, b));
/// ```
pub fn tri_tri(family: Family) -> impl Strategy<Value = (Tri, Tri)> {
    inputs(TriTri, family)
}

/// Ray/box inputs ([`RayAabb`]).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let (r, b) = strategies::ray_aabb(Family::AimedAtEdges)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert!(isect::ray::aabb::ray_aabb(&r, &b).is_some());
/// ```
pub fn ray_aabb(family: Family) -> impl Strategy<Value = (Ray<f64>, Aabb<f64>)> {
    inputs(RayAabb, family)
}

/// Rays against a mesh ([`MeshRays`]; the mesh is cloned into the strategy).
///
/// # Examples
///
/// ```
/// use isect::oracle::{strategies, Family, MeshRays};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let kind = MeshRays::icosphere(1);
/// let ray = strategies::mesh_rays(&kind, Family::AimedAtVertices)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert_eq!(kind.mesh().hits(&ray).len(), 2); // in through a vertex, out again
/// ```
pub fn mesh_rays(kind: &MeshRays, family: Family) -> impl Strategy<Value = Ray<f64>> {
    inputs(kind.clone(), family)
}
