//! `isect audit --mesh FILE`: the audit's ray and triangle-pair scenes built on the
//! user's own mesh, in the mesh's own precision.
//!
//! The file is read by `isect::io::read_mesh` (OBJ, STL, PLY, OFF; a malformed file is
//! `FILE:LINE:COL: message`) and built with `TriMesh::from_soup` (exactly equal vertices
//! welded, so an STL's triangles share their edges). The run's float type is the file's
//! own precision unless `--float` says otherwise: `f32` for an STL or PLY file whose
//! coordinates are all `f32` values ([`runs_in_f32`]), `f64` otherwise; for `--float f32`
//! on an `f64` file the coordinates are rounded to `f32` first (and the mesh rebuilt from
//! them).
//!
//! Scenes (the built-in sphere scenes' families, on this mesh):
//! - `mesh-vertices`, `mesh-edges`: rays aimed **exactly** at the mesh's vertices and at
//!   points exactly on its edges ([`exact_rays`]), every coordinate in the run's
//!   precision;
//! - `mesh-vertices-float`, `mesh-edges-float`: the same aims as ordinary code computes
//!   them, rounded (`isect::oracle::scenes::aimed_rays_in`: `o = p − 8(q − p)` in
//!   floating point, so the ray passes within rounding error of the aim);
//! - `mesh-tri-pairs`: pairs of the mesh's own triangles whose bounding boxes meet (found
//!   by the mesh's BVH), the most nearly coplanar of each kind: sharing an edge, sharing
//!   a vertex, sharing nothing ([`mesh_pairs`]).

use isect::io::{MeshData, MeshFileError, MeshFormat};
use isect::mesh::{Bvh, SoupReport};
use isect::oracle::scenes::{aimed_rays_in, Aim};
use isect::oracle::Rng;
use isect::{FloatFormat, Ray, Sign, TriMesh};
use serde::Serialize;

use super::scenes::Data;

/// The scenes of `--mesh`, in report order.
pub const SCENES: [&str; 5] = [
    "mesh-vertices",
    "mesh-edges",
    "mesh-vertices-float",
    "mesh-edges-float",
    "mesh-tri-pairs",
];

/// What `report.json` says about the user's mesh.
#[derive(Serialize, Clone)]
pub struct MeshReport {
    /// The file as given.
    pub file: String,
    /// `OBJ`, `STL`, `PLY` or `OFF`.
    pub format: &'static str,
    /// Faces in the file.
    pub faces: usize,
    /// `f32` when every coordinate of the file is an `f32` value, else `f64`.
    pub file_precision: &'static str,
    /// Coordinates changed by rounding to the run's float type (`--float f32` on an `f64`
    /// file); 0 otherwise.
    pub rounded_coordinates: usize,
    /// Vertices after exact welding.
    pub vertices: usize,
    /// Triangles after welding (degenerate and repeated ones dropped).
    pub triangles: usize,
    /// Triangles of the file dropped (no area, repeated, after rounding too).
    pub dropped_triangles: usize,
    /// Every edge shared by two triangles in opposite directions.
    pub closed: bool,
}

/// The mesh read, in `f64` holding values of the run's float type, welded.
pub struct UserMesh {
    /// The report's description.
    pub report: MeshReport,
    /// The welded mesh.
    pub mesh: TriMesh<f64>,
}

/// Reads `path` with `isect::io`.
///
/// # Errors
///
/// The reader's error, `FILE:LINE:COL: message` for malformed content.
pub fn read(path: &std::path::Path) -> Result<MeshData<f64>, MeshFileError> {
    isect::io::read_mesh(path)
}

/// `true` when every coordinate of the file is an `f32` value.
pub fn is_f32(data: &MeshData<f64>) -> bool {
    data.to_f32().is_some()
}

/// The run's default float type is `f32`: a binary or typed format (STL, PLY) whose
/// coordinates are all `f32` values. Text OBJ and OFF files carry no type, and a text
/// written from `f32` data rarely reads back to `f32` values (`0.1` is not one), so
/// coordinates that happen to be `f32` values there (integers, halves) run in `f64`.
pub fn runs_in_f32(data: &MeshData<f64>) -> bool {
    matches!(data.format, MeshFormat::Stl | MeshFormat::Ply) && is_f32(data)
}

/// The file's mesh in `format` (every coordinate rounded to it: exact when the file is
/// already in that precision), welded. `Err` when no triangle is left.
pub fn build(file: &str, data: &MeshData<f64>, format: FloatFormat) -> Result<UserMesh, String> {
    let mut rounded_coordinates = 0;
    let vertices: Vec<[f64; 3]> = data
        .vertices
        .iter()
        .map(|p| {
            p.map(|x| {
                let r = format.round(x);
                rounded_coordinates += usize::from(r != x);
                r
            })
        })
        .collect();
    if vertices.iter().flatten().any(|x| !x.is_finite()) {
        return Err(format!(
            "{file}: a coordinate overflows {} (beyond its largest finite value)",
            name(format)
        ));
    }
    let (mesh, soup): (TriMesh<f64>, SoupReport) =
        TriMesh::from_soup(vertices, data.triangles.clone());
    if mesh.triangles().is_empty() {
        return Err(format!(
            "{file}: no triangle with an area is left to aim at ({} faces read)",
            data.faces
        ));
    }
    let report = MeshReport {
        file: file.to_string(),
        format: data.format.name(),
        faces: data.faces,
        file_precision: if is_f32(data) { "f32" } else { "f64" },
        rounded_coordinates,
        vertices: mesh.vertices().len(),
        triangles: mesh.triangles().len(),
        dropped_triangles: soup.input_triangles - mesh.triangles().len(),
        closed: mesh.is_closed(),
    };
    Ok(UserMesh { report, mesh })
}

fn name(format: FloatFormat) -> &'static str {
    match format {
        FloatFormat::F32 => "f32",
        _ => "f64",
    }
}

/// The scene `name` (one of [`SCENES`]) on the mesh, with about `size` cases, every
/// coordinate a value of `format`.
pub fn scene(
    name: &str,
    mesh: &TriMesh<f64>,
    format: FloatFormat,
    size: usize,
    seed: u64,
) -> Data<f64> {
    let (v, t) = (mesh.vertices(), mesh.triangles());
    let with_rays = |rays: Vec<Ray<f64>>| Data::Mesh {
        vertices: v.to_vec(),
        triangles: t.to_vec(),
        rays,
    };
    match name {
        "mesh-vertices" => with_rays(exact_rays(format, v, t, Aim::Vertex, size, seed)),
        "mesh-edges" => with_rays(exact_rays(format, v, t, Aim::Edge, size, seed)),
        "mesh-vertices-float" => with_rays(aimed_rays_in(format, v, t, Aim::Vertex, size, seed)),
        "mesh-edges-float" => with_rays(aimed_rays_in(format, v, t, Aim::Edge, size, seed)),
        _ => Data::TriPairs(mesh_pairs(v, t, mesh.bvh(), size)),
    }
}

/// One line saying what scene `name` is, on `file`.
pub fn description(name: &str, file: &str, triangles: usize) -> String {
    let what = match name {
        "mesh-vertices" => "rays aimed exactly at vertices of",
        "mesh-edges" => "rays aimed exactly at points on edges of",
        "mesh-vertices-float" => "rays aimed at vertices (the aim rounds, as in ordinary code) of",
        "mesh-edges-float" => "rays aimed at edge points (the aim rounds) of",
        _ => {
            return format!(
                "pairs of triangles of {file} whose boxes meet, the most nearly coplanar sharing an edge, a vertex, or nothing"
            )
        }
    };
    format!("{what} {file} ({triangles} triangles), against its triangles")
}

/// `2^e` for `-1074 ≤ e ≤ 1023`, exactly (subnormal below `-1022`).
fn pow2(e: i32) -> f64 {
    let e = e.clamp(-1074, 1023);
    if e >= -1022 {
        f64::from_bits(((e + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (e + 1074))
    }
}

/// The spacing of `format`'s numbers at `x` (`x` a finite, non-zero value of `format`).
fn ulp(format: FloatFormat, x: f64) -> f64 {
    let biased = ((x.to_bits() >> 52) & 0x7ff) as i32;
    // The exponent of x as an f64 (f32 values are normal f64s; f64 subnormals: -1022).
    let e = if biased == 0 { -1022 } else { biased - 1023 };
    let bits = format.mantissa_bits() as i32;
    let least = match format {
        FloatFormat::F32 => -149,
        _ => -1074,
    };
    pow2((e - (bits - 1)).max(least))
}

/// A value of `format` near `target` such that `p − q` is exact in `format` (and `q`
/// itself a value of `format`): `q` a multiple of the spacing `g` of the numbers at `p`
/// with `|q| < R` and `|p − q| < R`, `R = g·2^bits` (every multiple of `g` below `R` in
/// magnitude is a value of `format`, and `|p| < R`). `target` is clamped into that
/// window, so the ray through `q` and `p` is exact even when `p` is tiny next to the
/// mesh (its direction is then nearly in the plane of that coordinate).
fn grid_point(format: FloatFormat, p: f64, target: f64) -> f64 {
    if p == 0.0 {
        // p − q = −q, exact for any q of the format.
        return format.round(target);
    }
    let g = ulp(format, p);
    let r = (g * pow2(format.mantissa_bits() as i32)).min(f64::MAX);
    // p ∈ (−R, R): one of p − R, p + R is within (−2R, 2R) and exact; the other bound
    // is ±R. Both ends are multiples of g strictly inside.
    let lo = (p - r).max(-r) + g;
    let hi = (p + r).min(r) - g;
    let t = target.clamp(lo, hi);
    (t / g).round() * g
}

/// `p` lies strictly inside the segment `a b`, exactly: the cross product
/// `(b − a) × (p − a)` is zero (its components are the `orient2d` of the three
/// coordinate projections, evaluated exactly by isect), `p` is in the segment's box, and
/// `p` is neither end.
fn on_edge_exactly(a: [f64; 3], b: [f64; 3], p: [f64; 3]) -> bool {
    let proj = |x: [f64; 3], i: usize, j: usize| [x[i], x[j]];
    let collinear = [(1, 2), (2, 0), (0, 1)]
        .iter()
        .all(|&(i, j)| isect::orient2d(proj(a, i, j), proj(b, i, j), proj(p, i, j)) == Sign::Zero);
    collinear
        && p != a
        && p != b
        && (0..3).all(|k| a[k].min(b[k]) <= p[k] && p[k] <= a[k].max(b[k]))
}

/// Rays aimed **exactly** at the mesh's vertices ([`Aim::Vertex`]) or at points exactly
/// on its edges ([`Aim::Edge`]), every coordinate a value of `format`, for any mesh (the
/// built-in scenes' `aimed_rays` is exact only on a coarse dyadic grid).
///
/// Each ray: pick a random triangle and corner `a` (for edges, the next corner `b` and
/// the point `p = a + (b − a)·k/16`, `k` in `1..=15` at random and then 8, 4, 12, 2, 6,
/// 10, 14, rounded to `format` and kept only when it is exactly on the edge, checked by
/// [`on_edge_exactly`]; up to 64 edges);
/// draw a target in the central quarter of the mesh's bounding box, and take as origin
/// `q` the point of `format` nearest to it for which `p − q` is exact ([`grid_point`]);
/// the direction is `d = p − q`. So `o + 1·d = p` exactly: the ray passes exactly
/// through the aim at `t = 1`. Rays that cannot be made (no exact edge point found)
/// are left out, so there may be fewer than `n`.
pub fn exact_rays(
    format: FloatFormat,
    vertices: &[[f64; 3]],
    triangles: &[[u32; 3]],
    aim: Aim,
    n: usize,
    seed: u64,
) -> Vec<Ray<f64>> {
    if triangles.is_empty() {
        return Vec::new();
    }
    let mut rng = Rng::new(seed ^ 0x05E2_AE55);
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for p in vertices {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    let centre: [f64; 3] = std::array::from_fn(|k| lo[k] / 2.0 + hi[k] / 2.0);
    let half: [f64; 3] = std::array::from_fn(|k| (hi[k] / 8.0 - lo[k] / 8.0).max(0.0));
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        for _ in 0..64 {
            let tri = triangles[rng.below(triangles.len())];
            let i = rng.below(3);
            let a = vertices[tri[i] as usize];
            let p = match aim {
                Aim::Vertex => a,
                Aim::Edge => {
                    let b = vertices[tri[(i + 1) % 3] as usize];
                    // A random k/16 first, then the coarser fractions, which are exact
                    // more often (the midpoint needs one spare bit per coordinate).
                    let first = rng.range(1, 15);
                    let found = [first, 8, 4, 12, 2, 6, 10, 14].into_iter().find_map(|k| {
                        let k = k as f64 / 16.0;
                        let p: [f64; 3] =
                            std::array::from_fn(|c| format.round(a[c] + (b[c] - a[c]) * k));
                        on_edge_exactly(a, b, p).then_some(p)
                    });
                    match found {
                        Some(p) => p,
                        None => continue,
                    }
                }
            };
            let q: [f64; 3] = std::array::from_fn(|c| {
                grid_point(format, p[c], centre[c] + rng.uniform(-half[c], half[c]))
            });
            let d: [f64; 3] = std::array::from_fn(|c| p[c] - q[c]);
            // q + d = p with no rounding: d is exact by construction
            // (proofs/audit_aims.md); this check is a safety net.
            let exact = (0..3).all(|c| q[c] + d[c] == p[c] && p[c] - d[c] == q[c]);
            if d != [0.0; 3] && exact && d.iter().chain(&q).all(|x| x.is_finite()) {
                out.push(Ray::new(q, d));
                break;
            }
        }
    }
    out
}

/// Pairs of the mesh's triangles whose bounding boxes meet (the BVH's overlapping pairs),
/// as triangle corners: of each kind (sharing an edge, sharing one vertex, sharing none)
/// the most nearly coplanar (smallest `1 − |cos|` of the angle between their normals,
/// ties by index), a third of `n` each, the rest filled from the other kinds.
pub fn mesh_pairs(
    vertices: &[[f64; 3]],
    triangles: &[[u32; 3]],
    bvh: &Bvh,
    n: usize,
) -> Vec<[[[f64; 3]; 3]; 2]> {
    let normal = |t: &[u32; 3]| {
        let [a, b, c] = t.map(|k| vertices[k as usize]);
        let (u, v) = (
            [b[0] - a[0], b[1] - a[1], b[2] - a[2]],
            [c[0] - a[0], c[1] - a[1], c[2] - a[2]],
        );
        let m = [
            u[1] * v[2] - u[2] * v[1],
            u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0],
        ];
        let len = m.iter().map(|x| x * x).sum::<f64>().sqrt();
        if len > 0.0 && len.is_finite() {
            m.map(|x| x / len)
        } else {
            [0.0; 3]
        }
    };
    let normals: Vec<[f64; 3]> = triangles.iter().map(normal).collect();
    // By kind: 0 shared vertices, 1, 2.
    let mut kinds: [Vec<(f64, u32, u32)>; 3] = Default::default();
    bvh.for_each_overlapping_pair(|i, j| {
        let (ti, tj) = (&triangles[i as usize], &triangles[j as usize]);
        let shared = ti.iter().filter(|v| tj.contains(v)).count().min(2);
        let (ni, nj) = (&normals[i as usize], &normals[j as usize]);
        let cos = (ni[0] * nj[0] + ni[1] * nj[1] + ni[2] * nj[2]).abs();
        let (i, j) = (i.min(j), i.max(j));
        kinds[shared].push((1.0 - cos, i, j));
    });
    for k in &mut kinds {
        k.sort_by(|x, y| x.0.total_cmp(&y.0).then((x.1, x.2).cmp(&(y.1, y.2))));
    }
    let mut taken = [0usize; 3];
    let mut left = n;
    // Edge-sharing pairs first, then vertex-sharing, then disjoint: a third each.
    for (slot, kind) in [2usize, 1, 0].into_iter().enumerate() {
        let share = (n / 3 + usize::from(slot < n % 3))
            .min(kinds[kind].len())
            .min(left);
        taken[kind] = share;
        left -= share;
    }
    for kind in [2usize, 1, 0] {
        let more = (kinds[kind].len() - taken[kind]).min(left);
        taken[kind] += more;
        left -= more;
    }
    let corners = |i: u32| triangles[i as usize].map(|k| vertices[k as usize]);
    [2usize, 1, 0]
        .into_iter()
        .flat_map(|kind| {
            kinds[kind][..taken[kind]]
                .iter()
                .map(|&(_, i, j)| [corners(i), corners(j)])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_rational::BigRational;

    fn q(x: f64) -> BigRational {
        BigRational::from_float(x).unwrap()
    }

    /// A mesh with awkward coordinates: full-precision decimals, one tiny coordinate
    /// next to large ones, a subnormal, and (in f32) values of every exponent.
    fn awkward(format: FloatFormat) -> (Vec<[f64; 3]>, Vec<[u32; 3]>) {
        let (v, t) = isect::oracle::scenes::unit_icosphere(1);
        let mut v: Vec<[f64; 3]> = v
            .iter()
            .enumerate()
            .map(|(i, p)| {
                p.map(|x| format.round(x * (1.0 + i as f64 * 0.1) + 100.0 * (i % 3) as f64))
            })
            .collect();
        v[0][0] = format.round(1e-30);
        v[1][1] = format.round(-3e-39);
        v[2][2] = if format == FloatFormat::F32 {
            1e-45
        } else {
            5e-324
        };
        (v, t)
    }

    /// Every exact ray passes exactly through its aim at t = 1 (checked in rationals),
    /// the aim is a vertex or strictly inside an edge of the mesh (rationals too), and
    /// every coordinate is a value of the format.
    #[test]
    fn exact_rays_pass_exactly_through_their_aims() {
        for format in [FloatFormat::F64, FloatFormat::F32] {
            let (v, t) = awkward(format);
            for aim in [Aim::Vertex, Aim::Edge] {
                let rays = exact_rays(format, &v, &t, aim, 300, 9);
                assert!(
                    rays.len() > 250,
                    "{format:?} {aim:?}: only {} rays",
                    rays.len()
                );
                for r in &rays {
                    for x in r.origin.iter().chain(&r.direction) {
                        assert_eq!(format.round(*x), *x, "not a value of {format:?}");
                    }
                    let p: Vec<BigRational> =
                        (0..3).map(|c| q(r.origin[c]) + q(r.direction[c])).collect();
                    let on = |a: &[f64; 3], b: &[f64; 3]| {
                        // p = a + s (b − a) for one s in (0, 1), exactly.
                        let mut s: Option<BigRational> = None;
                        for c in 0..3 {
                            let (qa, qb) = (q(a[c]), q(b[c]));
                            if qa == qb {
                                if p[c] != qa {
                                    return false;
                                }
                                continue;
                            }
                            let sc = (&p[c] - &qa) / (qb - &qa);
                            if s.as_ref().is_some_and(|s| *s != sc) {
                                return false;
                            }
                            s = Some(sc);
                        }
                        s.is_some_and(|s| s > q(0.0) && s < q(1.0))
                    };
                    let hit = match aim {
                        Aim::Vertex => v.iter().any(|w| (0..3).all(|c| q(w[c]) == p[c])),
                        Aim::Edge => t.iter().any(|tri| {
                            (0..3).any(|i| on(&v[tri[i] as usize], &v[tri[(i + 1) % 3] as usize]))
                        }),
                    };
                    assert!(hit, "{format:?} {aim:?}: {r:?} misses its aim");
                }
            }
        }
    }

    #[test]
    fn grid_points_keep_the_difference_exact() {
        for format in [FloatFormat::F64, FloatFormat::F32] {
            for &p in &[1e-30, -3.5, 1000.25, 5e-324, 1e-45, 3e38, -1.7e308] {
                let p = format.round(p);
                if p == 0.0 || !p.is_finite() {
                    continue;
                }
                for &target in &[0.0, 1.0, -1e10, 1e300, p * 3.0, -p] {
                    let g = grid_point(format, p, target);
                    assert_eq!(format.round(g), g, "{p} {target}");
                    let d = p - g;
                    assert_eq!(format.round(d), d);
                    assert_eq!(q(g) + q(d), q(p), "{format:?} p={p} target={target}");
                }
            }
        }
    }

    #[test]
    fn pairs_of_each_kind() {
        let (v, t) = isect::oracle::scenes::unit_icosphere(2);
        let mesh = TriMesh::new(v.clone(), t.clone()).unwrap();
        let pairs = mesh_pairs(&v, &t, mesh.bvh(), 90);
        assert_eq!(pairs.len(), 90);
        let shared = |[a, b]: &[[[f64; 3]; 3]; 2]| a.iter().filter(|p| b.contains(p)).count();
        let count = |k: usize| pairs.iter().filter(|p| shared(p) == k).count();
        assert_eq!((count(2), count(1), count(0)), (30, 30, 30));
        // More than the mesh has: all of them, each once.
        let all = mesh_pairs(&v, &t, mesh.bvh(), usize::MAX / 2);
        assert_eq!(all.len(), mesh.bvh().overlapping_pairs().len());
    }
}
