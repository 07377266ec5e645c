//! Runs the fast tests of one scene under every rule and counts their errors against the
//! exact answers.

use indicatif::ProgressBar;
use isect::overlap::{tri_tri_intersect, tri_tri_moller_with};
use isect::policy::Policy;
use isect::ray::{
    ray_aabb, ray_aabb_conservative, ray_aabb_slab, ray_triangle_moller_tolerant_with,
    ray_triangle_moller_with, ray_triangle_woop, SlabRay,
};
use isect::{orient2d, orient3d, ray_triangle, Aabb, Ray, Sign, TriMesh, Triangle};
use num_rational::BigRational;
use rayon::prelude::*;

use super::candidates::{self, Candidates};
use super::float::AuditFloat;
use super::rules::Rule;
use super::scenes::Data;

/// Failure kinds of a ray cast against every triangle of a closed mesh, per ray, with
/// `exact` the number of crossings `TriMesh::hits` reports and `got` the number of
/// triangles the fast test hits: leak `got < exact`; double count `got > exact`; false
/// hit `exact = 0 < got` (also a double count); miss `got = 0 < exact` (also a leak).
pub const MESH_KINDS: &[&str] = &["leak", "double count", "false hit", "miss"];
/// Failure kinds of a yes/no test: false hit (says yes, exact no), miss (the reverse).
pub const PAIR_KINDS: &[&str] = &["false hit", "miss"];
/// Failure kinds of a sign: wrong sign (both non-zero, opposite), false zero (says zero,
/// exact non-zero), missed zero (says non-zero, exact zero).
pub const SIGN_KINDS: &[&str] = &["wrong sign", "false zero", "missed zero"];

/// One fast test (or isect's exact check) and the rules it runs under.
pub struct Test {
    /// Short id, used in file names.
    pub id: &'static str,
    /// Human title.
    pub title: &'static str,
    /// The isect function that runs it.
    pub function: &'static str,
    /// The failure kinds counted.
    pub kinds: &'static [&'static str],
    /// The rows.
    pub rules: Vec<Rule>,
    /// Per row: per kind the number of cases with that failure, then (last) the number of
    /// cases with any failure.
    pub counts: Vec<Vec<u64>>,
}

impl Test {
    fn new(
        id: &'static str,
        title: &'static str,
        function: &'static str,
        kinds: &'static [&'static str],
        rules: Vec<Rule>,
    ) -> Test {
        let counts = vec![vec![0; kinds.len() + 1]; rules.len()];
        Test {
            id,
            title,
            function,
            kinds,
            rules,
            counts,
        }
    }
}

/// Counts per test, row and kind; `mask` bit `k` set means failure kind `k`.
#[derive(Clone)]
struct Tally(Vec<Vec<Vec<u64>>>);

impl Tally {
    fn zero(tests: &[Test]) -> Tally {
        Tally(tests.iter().map(|t| t.counts.clone()).collect())
    }
    #[inline]
    fn add(&mut self, test: usize, row: usize, mask: u8) {
        if mask != 0 {
            let c = &mut self.0[test][row];
            let last = c.len() - 1;
            for (k, slot) in c[..last].iter_mut().enumerate() {
                *slot += u64::from(mask >> k & 1);
            }
            c[last] += 1;
        }
    }
    fn merge(mut self, other: Tally) -> Tally {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            for (x, y) in a.iter_mut().zip(b) {
                for (p, q) in x.iter_mut().zip(y) {
                    *p += q;
                }
            }
        }
        self
    }
}

/// Runs `per_case` over `cases` on all cores and sums the tallies.
fn tally<C: Sync>(
    cases: &[C],
    tests: &mut [Test],
    progress: &ProgressBar,
    per_case: impl Fn(&C, &mut Tally) + Sync,
) {
    let zero = Tally::zero(tests);
    let total = cases
        .par_chunks(64)
        .map(|chunk| {
            let mut t = zero.clone();
            for case in chunk {
                per_case(case, &mut t);
            }
            progress.inc(chunk.len() as u64);
            t
        })
        .reduce(|| zero.clone(), Tally::merge);
    for (test, counts) in tests.iter_mut().zip(total.0) {
        test.counts = counts;
    }
}

fn mesh_mask(exact: usize, got: usize) -> u8 {
    u8::from(got < exact)
        | u8::from(got > exact) << 1
        | u8::from(exact == 0 && got > 0) << 2
        | u8::from(got == 0 && exact > 0) << 3
}

fn pair_mask(exact: bool, got: bool) -> u8 {
    u8::from(got && !exact) | u8::from(exact && !got) << 1
}

fn sign_mask(exact: Sign, got: Sign) -> u8 {
    let wrong = exact != Sign::Zero && got != Sign::Zero && exact != got;
    u8::from(wrong)
        | u8::from(got == Sign::Zero && exact != Sign::Zero) << 1
        | u8::from(got != Sign::Zero && exact == Sign::Zero) << 2
}

fn q3<T: AuditFloat>(p: &[T; 3]) -> [BigRational; 3] {
    p.map(|x| x.rational())
}

/// The box grown by the rule's tolerance on every side (in `T`, rounded): the usual way
/// an epsilon enters the slab test. `Absolute(e)`: by `e`; `Ulps(n)`: by `n·ε_T` times
/// the largest coordinate magnitude of the box on that axis.
fn grown<T: AuditFloat>(b: &Aabb<T>, rule: Rule) -> Aabb<T> {
    let pad = |k: usize| -> T {
        match rule {
            Rule::Absolute(e) => T::from_f64(e),
            Rule::Ulps(n) => {
                let m = b.min[k].abs().max(b.max[k].abs());
                // n·ε_T·m in T, with ε_T = 2u (the gap from 1 to the next number).
                let u = <T as isect::FloatScalar>::UNIT_ROUNDOFF;
                T::from_f64(f64::from(n)) * (u + u) * m
            }
            Rule::Fixed | Rule::Exact => T::zero(),
        }
    };
    let p = [pad(0), pad(1), pad(2)];
    Aabb::new(
        [0, 1, 2].map(|k| b.min[k] - p[k]),
        [0, 1, 2].map(|k| b.max[k] + p[k]),
    )
}

/// Runs every test of a scene under the rules of `sweep`; returns the tests with their
/// counts filled in.
pub fn run<T: AuditFloat>(
    data: &Data<T>,
    sweep: &[Rule],
    progress: &ProgressBar,
) -> Result<Vec<Test>, String> {
    run_with(data, sweep, progress, candidates::ALL_TRIANGLES_UP_TO)
}

/// [`run`], testing every triangle against every ray on meshes of at most `all_up_to`
/// triangles and only each ray's candidates (`candidates.rs`) above.
fn run_with<T: AuditFloat>(
    data: &Data<T>,
    sweep: &[Rule],
    progress: &ProgressBar,
    all_up_to: usize,
) -> Result<Vec<Test>, String> {
    let sweep = sweep.to_vec();
    Ok(match data {
        Data::Mesh {
            vertices,
            triangles,
            rays,
        } => {
            // A user's mesh may keep non-manifold or misoriented edges (built by
            // `TriMesh::from_soup`, which `TriMesh::new` refuses); the exact counts are
            // then isect's per-triangle answers with its tie-break.
            let mesh = match TriMesh::new(vertices.clone(), triangles.clone()) {
                Ok(m) => m,
                Err(_) => TriMesh::from_soup(vertices.clone(), triangles.clone()).0,
            };
            if mesh.triangles().is_empty() {
                return Err("the scene's mesh has no triangles".into());
            }
            let tris: Vec<Triangle<T>> = (0..mesh.triangles().len())
                .map(|i| mesh.triangle(i))
                .collect();
            let finder = (tris.len() > all_up_to).then(|| {
                let corners: Vec<[[f64; 3]; 3]> = tris
                    .iter()
                    .map(|t| [&t.a, &t.b, &t.c].map(|p| p.map(|x| x.widen())))
                    .collect();
                Candidates::new(&corners)
            });
            let mut tests = vec![
                Test::new(
                    "moller-trumbore",
                    "Möller–Trumbore",
                    "isect::ray::ray_triangle_moller_with",
                    MESH_KINDS,
                    sweep.clone(),
                ),
                Test::new(
                    "moller-trumbore-tolerant",
                    "Möller–Trumbore, epsilon on the barycentrics too (u ≥ −ε)",
                    "isect::ray::ray_triangle_moller_tolerant_with",
                    MESH_KINDS,
                    sweep.clone(),
                ),
                Test::new(
                    "woop",
                    "Woop–Benthin–Wald (watertight)",
                    "isect::ray::ray_triangle_woop",
                    MESH_KINDS,
                    vec![Rule::Fixed],
                ),
                Test::new(
                    "exact",
                    "isect ray_triangle, per triangle",
                    "isect::ray_triangle",
                    MESH_KINDS,
                    vec![Rule::Exact],
                ),
            ];
            let rules = sweep.clone();
            tally(rays, &mut tests, progress, |ray: &Ray<T>, t| {
                let exact = mesh.hits(ray).len();
                let mut near = Vec::new();
                if let Some(f) = &finder {
                    let w = |p: &[T; 3]| p.map(|x| x.widen());
                    f.of_ray(w(&ray.origin), w(&ray.direction), &mut near);
                }
                let count = |f: &dyn Fn(&Triangle<T>) -> bool| match &finder {
                    None => tris.iter().filter(|x| f(x)).count(),
                    Some(_) => near.iter().filter(|&&i| f(&tris[i as usize])).count(),
                };
                for (row, &rule) in rules.iter().enumerate() {
                    let got = count(&|x| ray_triangle_moller_with(rule, ray, x).is_some());
                    t.add(0, row, mesh_mask(exact, got));
                    let got = count(&|x| ray_triangle_moller_tolerant_with(rule, ray, x).is_some());
                    t.add(1, row, mesh_mask(exact, got));
                }
                t.add(
                    2,
                    0,
                    mesh_mask(exact, count(&|x| ray_triangle_woop(ray, x).is_some())),
                );
                t.add(
                    3,
                    0,
                    mesh_mask(exact, count(&|x| ray_triangle(ray, x).is_some())),
                );
            });
            tests
        }
        Data::TriPairs(pairs) => {
            let mut tests = vec![
                Test::new(
                    "moller-tri-tri",
                    "Möller triangle/triangle",
                    "isect::overlap::tri_tri_moller_with",
                    PAIR_KINDS,
                    sweep.clone(),
                ),
                Test::new(
                    "exact",
                    "isect tri_tri_intersect in rationals",
                    "isect::tri_tri_intersect::<BigRational>",
                    PAIR_KINDS,
                    vec![Rule::Exact],
                ),
            ];
            tally(pairs, &mut tests, progress, |[a, b], t| {
                let exact = tri_tri_intersect(a, b);
                for (row, &rule) in sweep.iter().enumerate() {
                    t.add(0, row, pair_mask(exact, tri_tri_moller_with(rule, a, b)));
                }
                let (qa, qb) = (a.map(|p| q3(&p)), b.map(|p| q3(&p)));
                t.add(1, 0, pair_mask(exact, tri_tri_intersect(&qa, &qb)));
            });
            tests
        }
        Data::Orient2d(triples) => {
            let mut tests = vec![
                Test::new(
                    "naive-orient2d",
                    "plain orient2d determinant",
                    "isect::policy::orient2d_naive",
                    SIGN_KINDS,
                    sweep.clone(),
                ),
                Test::new(
                    "exact",
                    "isect orient2d in rationals",
                    "isect::orient2d::<BigRational>",
                    SIGN_KINDS,
                    vec![Rule::Exact],
                ),
            ];
            tally(triples, &mut tests, progress, |[a, b, c], t| {
                let exact = orient2d(a, b, c);
                for (row, &rule) in sweep.iter().enumerate() {
                    t.add(0, row, sign_mask(exact, rule.orient2d(a, b, c)));
                }
                let q = |p: &[T; 2]| p.map(|x| x.rational());
                t.add(1, 0, sign_mask(exact, orient2d(q(a), q(b), q(c))));
            });
            tests
        }
        Data::Orient3d(quads) => {
            let mut tests = vec![
                Test::new(
                    "naive-orient3d",
                    "plain orient3d determinant",
                    "isect::policy::orient3d_naive",
                    SIGN_KINDS,
                    sweep.clone(),
                ),
                Test::new(
                    "exact",
                    "isect orient3d in rationals",
                    "isect::orient3d::<BigRational>",
                    SIGN_KINDS,
                    vec![Rule::Exact],
                ),
            ];
            tally(quads, &mut tests, progress, |[a, b, c, d], t| {
                let exact = orient3d(a, b, c, d);
                for (row, &rule) in sweep.iter().enumerate() {
                    t.add(0, row, sign_mask(exact, rule.orient3d(a, b, c, d)));
                }
                t.add(1, 0, sign_mask(exact, orient3d(q3(a), q3(b), q3(c), q3(d))));
            });
            tests
        }
        Data::BoxRays(cases) => {
            let mut tests = vec![
                Test::new(
                    "slab",
                    "slab test, box grown by epsilon",
                    "isect::ray::ray_aabb_slab",
                    PAIR_KINDS,
                    sweep.clone(),
                ),
                Test::new(
                    "slab-conservative",
                    "slab test with outward rounding (Ize 2013)",
                    "isect::ray::ray_aabb_conservative",
                    PAIR_KINDS,
                    vec![Rule::Fixed],
                ),
                Test::new(
                    "exact",
                    "isect ray_aabb in rationals",
                    "isect::ray::ray_aabb::<BigRational>",
                    PAIR_KINDS,
                    vec![Rule::Exact],
                ),
            ];
            tally(cases, &mut tests, progress, |(b, ray), t| {
                let exact = ray_aabb(ray, b).is_some();
                let slab = SlabRay::new(ray);
                for (row, &rule) in sweep.iter().enumerate() {
                    let got = ray_aabb_slab(&slab, &grown(b, rule)).is_some();
                    t.add(0, row, pair_mask(exact, got));
                }
                t.add(
                    1,
                    0,
                    pair_mask(exact, ray_aabb_conservative(&slab, b).is_some()),
                );
                let qray = Ray::new(q3(&ray.origin), q3(&ray.direction));
                let qbox = Aabb::new(q3(&b.min), q3(&b.max));
                t.add(2, 0, pair_mask(exact, ray_aabb(&qray, &qbox).is_some()));
            });
            tests
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::rules;
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(mesh_mask(2, 1), 0b0001);
        assert_eq!(mesh_mask(2, 3), 0b0010);
        assert_eq!(mesh_mask(0, 1), 0b0110);
        assert_eq!(mesh_mask(2, 0), 0b1001);
        assert_eq!(mesh_mask(2, 2), 0);
        assert_eq!(pair_mask(false, true), 1);
        assert_eq!(pair_mask(true, false), 2);
        assert_eq!(sign_mask(Sign::Positive, Sign::Negative), 1);
        assert_eq!(sign_mask(Sign::Positive, Sign::Zero), 2);
        assert_eq!(sign_mask(Sign::Zero, Sign::Negative), 4);
        assert_eq!(sign_mask(Sign::Zero, Sign::Zero), 0);
    }

    /// The per-ray candidates (`candidates.rs`) count exactly what testing every triangle
    /// counts, for every test and rule, on a bumpy sphere with rays aimed exactly and
    /// rounded at its vertices and edges, in f64 and in f32.
    #[test]
    fn candidates_count_what_all_triangles_count() {
        use isect::oracle::scenes::{aimed_rays_in, unit_icosphere, Aim};
        use isect::FloatFormat;
        let (v, t) = unit_icosphere(3);
        for format in [FloatFormat::F64, FloatFormat::F32] {
            let v: Vec<[f64; 3]> = v
                .iter()
                .enumerate()
                .map(|(i, p)| p.map(|x| format.round(x * (1.0 + 0.03 * (i % 7) as f64))))
                .collect();
            let mut rays = Vec::new();
            for aim in [Aim::Vertex, Aim::Edge] {
                rays.extend(aimed_rays_in(format, &v, &t, aim, 150, 4));
                rays.extend(super::super::user_mesh::exact_rays(
                    format, &v, &t, aim, 150, 4,
                ));
            }
            let data = Data::Mesh {
                vertices: v.clone(),
                triangles: t.clone(),
                rays,
            };
            let sweep = rules::sweep_of_lists(None, None);
            let hidden = ProgressBar::hidden();
            let counts = |data: &Data<f64>, limit| -> Vec<Vec<Vec<u64>>> {
                (run_with(data, &sweep, &hidden, limit).unwrap().into_iter())
                    .map(|t| t.counts)
                    .collect()
            };
            let (all, near) = (counts(&data, usize::MAX), counts(&data, 0));
            assert_eq!(all, near, "{format:?}");
            // Not vacuous: the fast tests fail on these rays.
            assert!(all[0][0].last().unwrap() > &0);
            if format == FloatFormat::F32 {
                let d32 = data.rounded::<f32>();
                let c = |limit| -> Vec<Vec<Vec<u64>>> {
                    (run_with(&d32, &sweep, &hidden, limit).unwrap().into_iter())
                        .map(|t| t.counts)
                        .collect()
                };
                assert_eq!(c(usize::MAX), c(0), "in f32");
            }
        }
    }

    #[test]
    fn grown_box() {
        let b = Aabb::new([0.0, -2.0, 1.0], [1.0, 4.0, 2.0]);
        let g = grown(&b, Rule::Absolute(0.5));
        assert_eq!((g.min, g.max), ([-0.5, -2.5, 0.5], [1.5, 4.5, 2.5]));
        let g = grown(&b, Rule::Ulps(1));
        let e = f64::EPSILON;
        assert_eq!(g.min, [-e, -2.0 - 4.0 * e, 1.0 - 2.0 * e]);
    }
}
