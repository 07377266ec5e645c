//! The batch queries (`first_hits`, `hits_many`, `locate_many`) answer, in order, what the
//! single queries answer, for every ray and point of a batch: random ones, rays aimed
//! exactly at vertices and edge midpoints, points on vertices, non-finite and zero-
//! direction inputs; with the `rayon` feature on pools of 1, 2 and 3 threads.

use isect::oracle::Rng;
use isect::{Ray, TriMesh};
use isect_testkit::meshes::{geodesic_sphere, placed, union};

/// Two overlapping spheres in one mesh (winding number 2 where they overlap).
fn mesh() -> TriMesh<f64> {
    let (v, t) = union(&[
        geodesic_sphere(6),
        placed(&geodesic_sphere(4), 0.6, [0.7, 0.0, 0.0]),
    ]);
    TriMesh::new(v, t).unwrap()
}

fn inputs(mesh: &TriMesh<f64>) -> (Vec<Ray<f64>>, Vec<[f64; 3]>) {
    let mut rng = Rng::new(7);
    let unit = |rng: &mut Rng| -> [f64; 3] { core::array::from_fn(|_| rng.uniform(-2.0, 2.0)) };
    let (mut rays, mut points) = (Vec::new(), Vec::new());
    for k in 0..300 {
        let o = unit(&mut rng);
        let d = unit(&mut rng);
        rays.push(Ray::new(o, d));
        points.push(o);
        // Aimed exactly at a vertex v: from 2v in direction −v (both exact), t = 1 at v.
        let v = mesh.vertices()[k * 7 % mesh.vertices().len()];
        rays.push(Ray::new(v.map(|x| 2.0 * x), v.map(|x| -x)));
        points.push(v);
        let t = mesh.triangles()[k * 11 % mesh.triangles().len()];
        let (a, b) = (
            mesh.vertices()[t[0] as usize],
            mesh.vertices()[t[1] as usize],
        );
        points.push(core::array::from_fn(|i| (a[i] + b[i]) / 2.0));
    }
    rays.push(Ray::new([f64::NAN, 0.0, 0.0], [1.0, 0.0, 0.0]));
    rays.push(Ray::new([0.0, 0.0, 0.0], [0.0, 0.0, 0.0]));
    points.push([0.0, f64::INFINITY, 0.0]);
    (rays, points)
}

fn check(mesh: &TriMesh<f64>, rays: &[Ray<f64>], points: &[[f64; 3]]) {
    let first = mesh.first_hits(rays);
    let all = mesh.hits_many(rays);
    let at = mesh.locate_many(points);
    assert_eq!(
        (first.len(), all.len(), at.len()),
        (rays.len(), rays.len(), points.len())
    );
    for (k, r) in rays.iter().enumerate() {
        assert_eq!(first[k], mesh.first_hit(r), "first hit of ray {k}");
        assert_eq!(all[k], mesh.hits(r), "hits of ray {k}");
    }
    for (k, p) in points.iter().enumerate() {
        assert_eq!(at[k], mesh.locate(*p), "point {k}");
    }
    // The batch is not trivially empty.
    assert!(first.iter().filter(|h| h.is_some()).count() > rays.len() / 3);
    assert!(at.contains(&Some(isect::mesh::Location::Inside { winding_number: 2 })));
    assert!(at.contains(&Some(isect::mesh::Location::Boundary)));
    assert_eq!(first[rays.len() - 1], None);
    assert_eq!(at[points.len() - 1], None);
}

#[test]
fn batch_queries_answer_as_the_single_ones() {
    let mesh = mesh();
    let (rays, points) = inputs(&mesh);
    check(&mesh, &rays, &points);
    assert!(mesh.first_hits(&[]).is_empty() && mesh.locate_many(&[]).is_empty());
}

#[cfg(feature = "rayon")]
#[test]
fn batch_queries_are_the_same_on_any_number_of_threads() {
    let mesh = mesh();
    let (rays, points) = inputs(&mesh);
    for n in [1, 2, 3] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .unwrap();
        pool.install(|| check(&mesh, &rays, &points));
    }
}
