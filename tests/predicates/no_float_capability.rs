//! A scalar type the library has never seen, without the float capability, gets exact
//! answers from every test: `Q` is a user's wrapper of `BigRational` with its own
//! predicate kernel, leaving `Scalar::FLOAT`, `as_f64` and the rest at their defaults.
//! Every answer on `Q` must equal the answer on `f64` for the same (exactly
//! representable) input, and every construction must equal the `BigRational` one: the
//! float filters must not be needed for correctness, and a type they cannot see must not
//! fall onto a wrong path.
//!
//! Inputs are small integers scaled by powers of two, so that exact ties (points on edges,
//! touching spheres, coplanar triangles, parallel segments) are frequent.

use core::ops::{Add, Div, Mul, Neg, Sub};

use isect::oracle::Rng;
use isect::predicates::Polynomial;
use isect::{ExactKernel, Kernel, Scalar, Sign};
use num_rational::BigRational;
use num_traits::{One, Zero};

/// A user's exact number type: a `BigRational` in a newtype the library does not know.
#[derive(Clone, Debug, PartialEq, PartialOrd)]
struct Q(BigRational);

macro_rules! op {
    ($tr:ident, $f:ident) => {
        impl $tr for Q {
            type Output = Q;
            fn $f(self, o: Q) -> Q {
                Q(self.0.$f(o.0))
            }
        }
        impl<'a> $tr<&'a Q> for Q {
            type Output = Q;
            fn $f(self, o: &'a Q) -> Q {
                Q(self.0.$f(&o.0))
            }
        }
    };
}
op!(Add, add);
op!(Sub, sub);
op!(Mul, mul);
op!(Div, div);

impl Neg for Q {
    type Output = Q;
    fn neg(self) -> Q {
        Q(-self.0)
    }
}
impl Zero for Q {
    fn zero() -> Q {
        Q(BigRational::zero())
    }
    fn is_zero(&self) -> bool {
        self.0.is_zero()
    }
}
impl One for Q {
    fn one() -> Q {
        Q(BigRational::one())
    }
}

/// The user's kernel: determinants through the library's exact rational kernel, and
/// polynomials evaluated directly in `Q` (a ring).
struct QKernel;

fn q2(p: &[Q; 2]) -> [BigRational; 2] {
    p.clone().map(|x| x.0)
}
fn q3(p: &[Q; 3]) -> [BigRational; 3] {
    p.clone().map(|x| x.0)
}

impl Kernel<Q> for QKernel {
    fn orient2d(a: &[Q; 2], b: &[Q; 2], c: &[Q; 2]) -> Sign {
        <ExactKernel as Kernel<BigRational>>::orient2d(&q2(a), &q2(b), &q2(c))
    }
    fn orient3d(a: &[Q; 3], b: &[Q; 3], c: &[Q; 3], d: &[Q; 3]) -> Sign {
        <ExactKernel as Kernel<BigRational>>::orient3d(&q3(a), &q3(b), &q3(c), &q3(d))
    }
    fn incircle(a: &[Q; 2], b: &[Q; 2], c: &[Q; 2], d: &[Q; 2]) -> Sign {
        <ExactKernel as Kernel<BigRational>>::incircle(&q2(a), &q2(b), &q2(c), &q2(d))
    }
    fn insphere(a: &[Q; 3], b: &[Q; 3], c: &[Q; 3], d: &[Q; 3], e: &[Q; 3]) -> Sign {
        <ExactKernel as Kernel<BigRational>>::insphere(&q3(a), &q3(b), &q3(c), &q3(d), &q3(e))
    }
    fn polynomial_sign<P: Polynomial<Q> + ?Sized>(p: &P) -> Sign {
        let v: Q = p.eval(&|x: &Q| x.clone());
        Sign::of(v.0)
    }
}

impl Scalar for Q {
    type Kernel = QKernel;
    const EXACT: bool = true;
    fn is_finite(&self) -> bool {
        true
    }
    fn to_f64(&self) -> f64 {
        self.0.to_f64()
    }
    fn to_rational(&self) -> Option<BigRational> {
        Some(self.0.clone())
    }
    fn from_rational(q: &BigRational) -> Q {
        Q(q.clone())
    }
    // FLOAT, as_f64, from_f64_rounded, next_up, next_down: the defaults (no capability).
}

fn q(x: f64) -> Q {
    Q(BigRational::from_float(x).unwrap())
}
fn r(x: f64) -> BigRational {
    BigRational::from_float(x).unwrap()
}
fn qp(p: [f64; 3]) -> [Q; 3] {
    p.map(q)
}
fn rp(p: [f64; 3]) -> [BigRational; 3] {
    p.map(r)
}

/// A coordinate on a coarse grid (many exact ties), scaled by a power of two shared by the
/// whole case (so ties survive the scaling exactly).
fn coord(rng: &mut Rng, scale: f64) -> f64 {
    rng.range(-3, 3) as f64 * scale
}
fn point(rng: &mut Rng, scale: f64) -> [f64; 3] {
    [coord(rng, scale), coord(rng, scale), coord(rng, scale)]
}
fn scale(rng: &mut Rng) -> f64 {
    [1.0, 0.5, 2f64.powi(-40), 2f64.powi(60), 2f64.powi(-600)][rng.below(5)]
}

const CASES: usize = 400;

#[test]
fn the_type_has_no_float_capability() {
    assert_eq!(<Q as Scalar>::FLOAT, None);
    assert_eq!(q(0.5).as_f64(), None);
    assert_eq!(Scalar::next_up(&q(0.5)), q(0.5));
}

#[test]
fn predicates_agree_with_f64() {
    let mut rng = Rng::new(1);
    for _ in 0..CASES {
        let s = scale(&mut rng);
        let p: [[f64; 3]; 5] = core::array::from_fn(|_| point(&mut rng, s));
        assert_eq!(
            isect::orient3d(p[0], p[1], p[2], p[3]),
            isect::orient3d(qp(p[0]), qp(p[1]), qp(p[2]), qp(p[3]))
        );
        assert_eq!(
            isect::insphere(p[0], p[1], p[2], p[3], p[4]),
            isect::insphere(qp(p[0]), qp(p[1]), qp(p[2]), qp(p[3]), qp(p[4]))
        );
        let t = |x: [f64; 3]| [x[0], x[1]];
        let tq = |x: [f64; 3]| [q(x[0]), q(x[1])];
        assert_eq!(
            isect::incircle(t(p[0]), t(p[1]), t(p[2]), t(p[3])),
            isect::incircle(tq(p[0]), tq(p[1]), tq(p[2]), tq(p[3]))
        );
    }
}

#[test]
fn ray_triangle_agrees_with_f64_and_rationals() {
    let mut rng = Rng::new(2);
    let mut hits = 0;
    for _ in 0..CASES {
        let s = scale(&mut rng);
        let [a, b, c, o, mut d] = core::array::from_fn(|_| point(&mut rng, s));
        // Most rays are aimed exactly at a vertex, an edge point or an interior point
        // (dyadic combinations of the vertices: exact), the rest go anywhere.
        let mix = |w: [f64; 3]| -> [f64; 3] {
            core::array::from_fn(|k| w[0] * a[k] + w[1] * b[k] + w[2] * c[k])
        };
        let aim = [
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [0.5, 0.5, 0.0],
            [0.0, 0.5, 0.5],
            [0.25, 0.25, 0.5],
        ];
        if rng.below(4) != 0 {
            let t = mix(aim[rng.below(aim.len())]);
            d = core::array::from_fn(|k| t[k] - o[k]);
        }
        if d == [0.0; 3] {
            continue;
        }
        let f = isect::ray_triangle(&isect::Ray::new(o, d), &isect::Triangle::new(a, b, c));
        let hq = isect::ray_triangle(
            &isect::Ray::new(qp(o), qp(d)),
            &isect::Triangle::new(qp(a), qp(b), qp(c)),
        );
        let hr = isect::ray_triangle(
            &isect::Ray::new(rp(o), rp(d)),
            &isect::Triangle::new(rp(a), rp(b), rp(c)),
        );
        assert_eq!(f.is_some(), hq.is_some(), "{o:?} {d:?} {a:?} {b:?} {c:?}");
        if let (Some(hq), Some(hr)) = (hq, hr) {
            hits += 1;
            assert_eq!(hq.t.0, hr.t);
            assert_eq!(hq.front, hr.front);
        }
    }
    assert!(hits > CASES / 20, "too few hits to mean anything: {hits}");
}

#[test]
fn tri_tri_agrees_with_f64() {
    let mut rng = Rng::new(3);
    let mut touching = 0;
    for _ in 0..CASES {
        let s = scale(&mut rng);
        let a: [[f64; 3]; 3] = core::array::from_fn(|_| point(&mut rng, s));
        let b: [[f64; 3]; 3] = core::array::from_fn(|_| point(&mut rng, s));
        let (aq, bq) = (a.map(qp), b.map(qp));
        let f = isect::tri_tri(a, b);
        assert_eq!(f, isect::tri_tri(&aq, &bq), "{a:?} {b:?}");
        assert_eq!(
            isect::tri_tri_intersect(a, b),
            isect::tri_tri_intersect(&aq, &bq)
        );
        if f.intersects() && !f.interiors_meet() {
            touching += 1;
        }
    }
    assert!(touching > 0, "the generator must produce touching pairs");
}

#[test]
fn volume_overlaps_agree_with_f64() {
    use isect::{Aabb, Obb, Plane, Sphere};
    let mut rng = Rng::new(4);
    for _ in 0..CASES {
        let s = scale(&mut rng);
        let (c1, c2) = (point(&mut rng, s), point(&mut rng, s));
        let (r1, r2) = ((rng.range(0, 3) as f64) * s, (rng.range(0, 3) as f64) * s);
        let (lo, hi) = (point(&mut rng, s), point(&mut rng, s));
        let (lo, hi) = (
            core::array::from_fn(|k| lo[k].min(hi[k])),
            core::array::from_fn(|k| lo[k].max(hi[k])),
        );
        let (sa, sb) = (Sphere::new(c1, r1), Sphere::new(c2, r2));
        let (sqa, sqb) = (Sphere::new(qp(c1), q(r1)), Sphere::new(qp(c2), q(r2)));
        let bx: Aabb<f64> = Aabb::new(lo, hi);
        let bq = Aabb::new(qp(lo), qp(hi));
        assert_eq!(
            isect::overlap::sphere_sphere(&sa, &sb),
            isect::overlap::sphere_sphere(&sqa, &sqb)
        );
        assert_eq!(
            isect::overlap::sphere_aabb(&sa, &bx),
            isect::overlap::sphere_aabb(&sqa, &bq)
        );
        let bx2 = Aabb::new(c1, core::array::from_fn(|k| c1[k].max(c2[k])));
        let bq2 = Aabb::new(qp(c1), qp(core::array::from_fn(|k| c1[k].max(c2[k]))));
        assert_eq!(
            isect::overlap::aabb_aabb(&bx, &bx2),
            isect::overlap::aabb_aabb(&bq, &bq2)
        );
        let n = point(&mut rng, 1.0);
        if n != [0.0; 3] {
            let pl = Plane::new(n, coord(&mut rng, s));
            let plq = Plane::new(qp(n), q(pl.offset));
            assert_eq!(
                isect::overlap::plane_aabb(&pl, &bx),
                isect::overlap::plane_aabb(&plq, &bq)
            );
        }
        // Boxes with integer (skewed) axes: exact parallelepipeds.
        let axes = [
            point(&mut rng, 1.0),
            point(&mut rng, 1.0),
            point(&mut rng, 1.0),
        ];
        let ext = [r1, r2, s];
        let o1 = Obb::new(c1, axes, ext);
        let o2 = Obb::new(
            c2,
            [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            [s, s, s],
        );
        let oq1 = Obb::new(qp(c1), axes.map(qp), ext.map(q));
        let oq2 = Obb::new(qp(c2), o2.axes.map(qp), [q(s), q(s), q(s)]);
        assert_eq!(
            isect::overlap::obb_obb(&o1, &o2),
            isect::overlap::obb_obb(&oq1, &oq2)
        );
    }
}

#[test]
fn constructions_equal_the_rational_ones() {
    use isect::Plane;
    let mut rng = Rng::new(5);
    let mut points = 0;
    for _ in 0..CASES {
        let s = scale(&mut rng);
        let planes: [([f64; 3], f64); 3] =
            core::array::from_fn(|_| (point(&mut rng, 1.0), coord(&mut rng, s)));
        let pq = planes.map(|(n, d)| Plane::new(qp(n), q(d)));
        let pr = planes.map(|(n, d)| Plane::new(rp(n), r(d)));
        let xq = isect::overlap::three_planes(&pq[0], &pq[1], &pq[2]);
        let xr = isect::overlap::three_planes(&pr[0], &pr[1], &pr[2]);
        assert_eq!(xq.map(|p| p.map(|x| x.0)), xr);
        points += usize::from(xr.is_some());
    }
    assert!(points > CASES / 4);
}

#[test]
fn sweeps_and_meshes_agree_with_f64() {
    use isect::{Ray, Sphere, TriMesh};
    let mut rng = Rng::new(6);
    for _ in 0..CASES {
        let s = scale(&mut rng);
        let (c1, c2, v1, v2) = (
            point(&mut rng, s),
            point(&mut rng, s),
            point(&mut rng, s),
            point(&mut rng, s),
        );
        let (r1, r2) = ((rng.range(0, 2) as f64) * s, (rng.range(0, 2) as f64) * s);
        let f =
            isect::sweep::sweep_sphere_sphere(&Sphere::new(c1, r1), &v1, &Sphere::new(c2, r2), &v2);
        let g = isect::sweep::sweep_sphere_sphere(
            &Sphere::new(qp(c1), q(r1)),
            &qp(v1),
            &Sphere::new(qp(c2), q(r2)),
            &qp(v2),
        );
        assert_eq!(
            f.is_some(),
            g.is_some(),
            "{c1:?} {v1:?} {c2:?} {v2:?} {r1} {r2}"
        );
    }
    // A closed octahedron of integer vertices: inside/outside and ray hits on its faces,
    // edges and vertices.
    let v: Vec<[f64; 3]> = vec![
        [2.0, 0.0, 0.0],
        [-2.0, 0.0, 0.0],
        [0.0, 2.0, 0.0],
        [0.0, -2.0, 0.0],
        [0.0, 0.0, 2.0],
        [0.0, 0.0, -2.0],
    ];
    let t: Vec<[u32; 3]> = vec![
        [0, 2, 4],
        [2, 1, 4],
        [1, 3, 4],
        [3, 0, 4],
        [2, 0, 5],
        [1, 2, 5],
        [3, 1, 5],
        [0, 3, 5],
    ];
    let mf = TriMesh::new(v.clone(), t.clone()).unwrap();
    let mq = TriMesh::new(v.iter().map(|p| qp(*p)).collect(), t).unwrap();
    for _ in 0..CASES {
        let p = point(&mut rng, 1.0);
        assert_eq!(mf.contains(p), mq.contains(qp(p)), "{p:?}");
        let d = point(&mut rng, 1.0);
        if d == [0.0; 3] {
            continue;
        }
        let (hf, hq) = (mf.hits(&Ray::new(p, d)), mq.hits(&Ray::new(qp(p), qp(d))));
        assert_eq!(hf.len(), hq.len(), "{p:?} {d:?}");
    }
}
