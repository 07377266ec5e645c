//! The triangles a fast ray test is run on, for meshes too large to test every triangle
//! against every ray.
//!
//! The built-in scenes (and user meshes of at most [`ALL_TRIANGLES_UP_TO`] triangles) run
//! every fast test on every triangle, so no hit a fast test reports is left uncounted.
//! Above that, each ray is tested against the triangles whose bounding box, **grown by
//! [`GROWTH`] of its largest side** (plus a relative 2⁻²⁰ of its coordinates' magnitude
//! for rounding), comes near the ray: the ray is clipped to the union of the grown boxes
//! and cut into segments about two grown boxes long, and a box query on the library's
//! [`Bvh`] collects every grown box that meets a segment's box. The exact hits always
//! lie in the triangles' own boxes, so none is missed (the audit's `exact` row, per
//! triangle over these candidates, checks it against `TriMesh::hits` on every ray). A
//! fast test's hit lies in the triangle grown by its barycentric tolerance (at most the
//! sweep's largest epsilon, 1e-2 by default, times the triangle's sides) up to rounding;
//! a hit further out (a near-parallel ray whose rounded barycentrics land anywhere)
//! would go uncounted. The unit test `candidates_count_what_all_triangles_count`
//! compares both ways on a mesh of a few thousand triangles.

use isect::mesh::Bvh;

/// Meshes up to this many triangles: every fast test runs on every triangle.
pub const ALL_TRIANGLES_UP_TO: usize = 2000;

/// How much each triangle's box grows, as a fraction of its largest side.
pub const GROWTH: f64 = 0.05;

/// Per-ray candidate triangles of one mesh.
pub struct Candidates {
    bvh: Bvh,
    lo: [f64; 3],
    hi: [f64; 3],
    /// The length of a segment of the ray.
    step: f64,
    /// The slack added around each segment's box.
    slack: f64,
}

impl Candidates {
    /// The candidate finder over triangles given by their corners (in `f64`, exactly).
    pub fn new(triangles: &[[[f64; 3]; 3]]) -> Candidates {
        let boxes: Vec<([f64; 3], [f64; 3])> = triangles
            .iter()
            .map(|t| {
                let lo: [f64; 3] = std::array::from_fn(|k| t[0][k].min(t[1][k]).min(t[2][k]));
                let hi: [f64; 3] = std::array::from_fn(|k| t[0][k].max(t[1][k]).max(t[2][k]));
                let side = (0..3).fold(0.0f64, |m, k| m.max(hi[k] - lo[k]));
                let mag = (0..3).fold(0.0f64, |m, k| m.max(lo[k].abs()).max(hi[k].abs()));
                let pad = GROWTH * side + mag * 2f64.powi(-20);
                (lo.map(|x| x - pad), hi.map(|x| x + pad))
            })
            .collect();
        let mut lo = [f64::INFINITY; 3];
        let mut hi = [f64::NEG_INFINITY; 3];
        let mut sizes: Vec<f64> = Vec::with_capacity(boxes.len());
        for (l, h) in &boxes {
            for k in 0..3 {
                lo[k] = lo[k].min(l[k]);
                hi[k] = hi[k].max(h[k]);
            }
            sizes.push((0..3).fold(0.0f64, |m, k| m.max(h[k] - l[k])));
        }
        let extent = (0..3).fold(0.0f64, |m, k| m.max(hi[k] - lo[k]));
        let median = if sizes.is_empty() {
            extent
        } else {
            let mid = sizes.len() / 2;
            *sizes.select_nth_unstable_by(mid, f64::total_cmp).1
        };
        let mag = (0..3).fold(0.0f64, |m, k| m.max(lo[k].abs()).max(hi[k].abs()));
        Candidates {
            bvh: Bvh::new(&boxes),
            lo,
            hi,
            // At most 4096 segments across the whole box.
            step: (2.0 * median).max(extent * 3.0 / 4096.0),
            slack: (mag + extent) * 2f64.powi(-40),
        }
    }

    /// The candidate triangles of the ray `o + t·d`, `t ≥ 0` (coordinates as `f64`),
    /// sorted, without repeats, into `out` (cleared first).
    pub fn of_ray(&self, o: [f64; 3], d: [f64; 3], out: &mut Vec<u32>) {
        out.clear();
        // The parameter interval inside the grown bounding box (slab test in f64; the
        // slack below covers its rounding).
        let (mut t0, mut t1) = (0.0f64, f64::INFINITY);
        for k in 0..3 {
            let (lo, hi) = (self.lo[k] - self.slack, self.hi[k] + self.slack);
            if d[k] == 0.0 {
                if o[k] < lo || o[k] > hi {
                    return;
                }
                continue;
            }
            let (a, b) = ((lo - o[k]) / d[k], (hi - o[k]) / d[k]);
            let (a, b) = if a <= b { (a, b) } else { (b, a) };
            t0 = t0.max(a);
            t1 = t1.min(b);
        }
        // An empty interval, or NaN from a non-finite ray: no candidates.
        if t0
            .partial_cmp(&t1)
            .is_none_or(|o| o == std::cmp::Ordering::Greater)
        {
            return;
        }
        let length = (t1 - t0) * d.iter().map(|x| x * x).sum::<f64>().sqrt();
        let segments = ((length / self.step).ceil() as usize).clamp(1, 1 << 14);
        let at = |t: f64| -> [f64; 3] { std::array::from_fn(|k| o[k] + t * d[k]) };
        let mut p = at(t0);
        for s in 1..=segments {
            let t = if s == segments {
                t1
            } else {
                t0 + (t1 - t0) * s as f64 / segments as f64
            };
            let q = at(t);
            let lo: [f64; 3] = std::array::from_fn(|k| p[k].min(q[k]) - self.slack);
            let hi: [f64; 3] = std::array::from_fn(|k| p[k].max(q[k]) + self.slack);
            self.bvh.for_each_overlapping(lo, hi, |i| out.push(i));
            p = q;
        }
        out.sort_unstable();
        out.dedup();
    }
}
