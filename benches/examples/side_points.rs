//! Point location in a user's mesh file, written out for a side-by-side check with CGAL's
//! `Side_of_triangle_mesh` (`benches/cgal/side.sh` builds and runs the CGAL side and
//! compares the answers line for line).
//!
//! Reads a mesh file (OBJ, STL, PLY, OFF: `isect::io`), builds it leniently
//! (`TriMesh::from_soup`: exactly equal vertices welded, degenerate faces dropped), and
//! writes into the output directory:
//!
//! * `mesh.off`: the built mesh (shortest round-trip decimals: the same `f64` values);
//! * `points.txt`: the query points, `x y z` per line, the same way. They are built to
//!   find disagreements: every vertex (exactly on the surface), each vertex moved by one
//!   ulp up and down along each axis, edge midpoints and triangle centroids (rounded: on
//!   the surface or a rounding away from it), the points of a segment crossing a
//!   triangle sampled at 17 evenly spaced parameters, and seeded random points in the
//!   bounding box grown by a tenth;
//! * `isect.txt`: isect's answer per point, `1` inside (non-zero winding number), `0`
//!   on the surface, `-1` outside (`TriMesh::locate`).
//!
//! ```sh
//! cargo run --release -p isect-benches --example side_points -- MESH_FILE OUT_DIR [RANDOM_POINTS]
//! ```

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use isect::TriMesh;
use isect::mesh::Location;
use isect_testkit::meshes::off_text;
use isect_testkit::rng::Rng;

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(file), Some(dir)) = (args.next(), args.next()) else {
        eprintln!("usage: side_points MESH_FILE OUT_DIR [RANDOM_POINTS]");
        std::process::exit(2);
    };
    let random: usize = args.next().map_or(100_000, |n| n.parse().expect("a count"));
    let data = isect::io::read_mesh(&file).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    let (mesh, report) = TriMesh::from_soup(data.vertices, data.triangles);
    if !report.topology_ok() || !mesh.is_closed() {
        eprintln!("{file}: not a closed, consistently oriented mesh: no inside to compare");
        std::process::exit(1);
    }
    let dir = PathBuf::from(dir);
    std::fs::create_dir_all(&dir).expect("the output directory");
    let (v, t) = (mesh.vertices(), mesh.triangles());
    std::fs::write(dir.join("mesh.off"), off_text(&(v.to_vec(), t.to_vec()))).unwrap();

    // (name, where the category's points end)
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    let mut points: Vec<[f64; 3]> = Vec::new();
    for p in v {
        points.push(*p);
        for k in 0..3 {
            for up in [true, false] {
                let mut q = *p;
                q[k] = if up { q[k].next_up() } else { q[k].next_down() };
                points.push(q);
            }
        }
    }
    kinds.push(("vertices and one ulp off them", points.len()));
    for tri in t {
        let [a, b, c] = tri.map(|i| v[i as usize]);
        points.push(core::array::from_fn(|k| (a[k] + b[k]) / 2.0));
        points.push(core::array::from_fn(|k| (a[k] + b[k] + c[k]) / 3.0));
    }
    kinds.push(("edge midpoints and centroids", points.len()));
    let (mut lo, mut hi) = ([f64::MAX; 3], [f64::MIN; 3]);
    for p in v {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    let grow: [f64; 3] = core::array::from_fn(|k| (hi[k] - lo[k]) / 10.0);
    let mut rng = Rng::new(0x51de);
    for _ in 0..random / 20 {
        // A segment through a random triangle's centroid, sampled across the surface.
        let [a, b, c] = t[rng.below(t.len())].map(|i| v[i as usize]);
        let g: [f64; 3] = core::array::from_fn(|k| (a[k] + b[k] + c[k]) / 3.0);
        let d: [f64; 3] = core::array::from_fn(|k| rng.uniform(-1.0, 1.0) * grow[k] / 50.0);
        for s in 0..17 {
            let u = (s as f64 - 8.0) / 8.0;
            points.push(core::array::from_fn(|k| g[k] + u * d[k]));
        }
    }
    kinds.push(("segments across the surface", points.len()));
    for _ in 0..random {
        points.push(core::array::from_fn(|k| {
            rng.uniform(lo[k] - grow[k], hi[k] + grow[k])
        }));
    }

    kinds.push(("random points in the box", points.len()));
    let _ = mesh.locate(points[0]); // builds the BVH
    let mut answers: Vec<i8> = Vec::with_capacity(points.len());
    let mut times = Vec::new();
    let start = Instant::now();
    for &(_, end) in &kinds {
        let s = Instant::now();
        for &p in &points[answers.len()..end] {
            answers.push(match mesh.locate(p) {
                Some(Location::Inside { .. }) => 1,
                Some(Location::Boundary) => 0,
                Some(Location::Outside) => -1,
                None => panic!("a finite point in a closed mesh is always located"),
            });
        }
        times.push(s.elapsed().as_secs_f64());
    }
    let took = start.elapsed();
    let (mut pts, mut ans) = (String::new(), String::new());
    for (p, a) in points.iter().zip(&answers) {
        writeln!(pts, "{:?} {:?} {:?}", p[0], p[1], p[2]).unwrap();
        writeln!(ans, "{a}").unwrap();
    }
    std::fs::write(dir.join("points.txt"), pts).unwrap();
    std::fs::write(dir.join("isect.txt"), ans).unwrap();
    let count = |x: i8| answers.iter().filter(|&&a| a == x).count();
    println!(
        "{file}: {} triangles, {} points ({} inside, {} on the surface, {} outside); isect locate: {:.3} s ({:.2} µs a point)",
        t.len(),
        points.len(),
        count(1),
        count(0),
        count(-1),
        took.as_secs_f64(),
        took.as_secs_f64() * 1e6 / points.len() as f64
    );
    let mut from = 0;
    for (&(name, end), t) in kinds.iter().zip(&times) {
        println!(
            "  {name}: {} points, {:.2} µs a point",
            end - from,
            t * 1e6 / (end - from).max(1) as f64
        );
        from = end;
    }
}
