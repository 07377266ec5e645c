//! An independent exact winding number of a closed triangle mesh around a point: the
//! signed crossings of one ray in a direction checked to be generic, counted with exact
//! integer arithmetic (no perturbation, no tie-breaking: a direction for which a tie
//! could arise is rejected and the next one tried).
//!
//! Written apart from the library: the library casts its rays along `+x` and breaks ties
//! by symbolic perturbation; this oracle avoids ties altogether, decides "on the surface"
//! and each crossing with the barycentric weights of the explicit crossing point, and
//! works on integers (the rationals brought to a common denominator).

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

use crate::Q;

type V = [BigInt; 3];

fn sub(a: &V, b: &V) -> V {
    [&a[0] - &b[0], &a[1] - &b[1], &a[2] - &b[2]]
}

fn cross(a: &V, b: &V) -> V {
    [
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}

fn dot(a: &V, b: &V) -> BigInt {
    &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
}

fn scale(s: &BigInt, a: &V) -> V {
    [s * &a[0], s * &a[1], s * &a[2]]
}

/// The directions tried, in order: integer vectors with no zero coordinate and no
/// simple relation between their coordinates, then a deterministic stream of others.
fn direction(k: u64) -> V {
    const FIRST: [[i64; 3]; 4] = [[97, 31, 17], [-53, 89, 29], [13, -71, 101], [41, 59, -83]];
    if let Some(d) = FIRST.get(k as usize) {
        return d.map(BigInt::from);
    }
    // SplitMix64-style mixing of k, three coordinates in [-1000, 1000] \ {0}.
    let mut z = k.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    core::array::from_fn(|_| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        let c = (z % 2000) as i64 - 1000;
        BigInt::from(if c == 0 { 1 } else { c })
    })
}

/// The winding number around `p` of the closed triangle mesh (every edge used by two
/// triangles in opposite directions; not checked), counted `+1` inside a component whose
/// triangles are counterclockwise seen from outside: `None` when `p` is on a triangle
/// (closed: its edges and vertices included).
///
/// Method: `p` is tested against every closed triangle (coplanar, and the three
/// barycentric weights of `p` non-negative). Then a direction `d` is taken for which the
/// ray `p + s·d` (`s > 0`) meets no edge: for every edge `uv`, `det[u − p, v − p, d] ≠ 0`
/// (the ray's line and the edge are not coplanar), or `p` is on the edge's line and `d`
/// is not along it (they meet only at `p`, which is off the edge). So the ray meets no
/// edge or vertex, and lies in no triangle's plane (it would be coplanar with an edge
/// not through `p`); every meeting of the ray with a triangle is then a transversal
/// crossing of its interior, counted `sign(d · n)` (`n = (b − a) × (c − a)`): leaving
/// through the back of a counterclockwise-outside face is `+1`. The sum is the winding
/// number.
///
/// # Panics
///
/// If a triangle index is out of range, or no generic direction is found among the first
/// 10,000 tried (impossible for a mesh with fewer edges than that squared).
pub fn winding_number(vertices: &[[Q; 3]], triangles: &[[u32; 3]], p: &[Q; 3]) -> Option<i64> {
    // A common denominator: every coordinate becomes an integer (a positive scaling of
    // space, which changes no winding number).
    let mut den = BigInt::one();
    for x in vertices.iter().flatten().chain(p) {
        den = den.lcm(x.denom());
    }
    let int = |x: &Q| x.numer() * (&den / x.denom());
    let verts: Vec<V> = vertices.iter().map(|v| v.each_ref().map(int)).collect();
    let p: V = p.each_ref().map(int);
    let tris: Vec<[&V; 3]> = triangles
        .iter()
        .map(|t| t.map(|i| &verts[i as usize]))
        .collect();

    // On the surface: coplanar with a triangle and inside or on it (weights of p are the
    // components along n of the cross products of the corners seen from p).
    for [a, b, c] in &tris {
        let n = cross(&sub(b, a), &sub(c, a));
        if !dot(&n, &sub(&p, a)).is_zero() {
            continue;
        }
        let (pa, pb, pc) = (sub(a, &p), sub(b, &p), sub(c, &p));
        let w = [
            dot(&n, &cross(&pb, &pc)),
            dot(&n, &cross(&pc, &pa)),
            dot(&n, &cross(&pa, &pb)),
        ];
        if w.iter().all(|x| !x.is_negative()) {
            return None;
        }
    }

    // The ray p + s·d (s > 0) meets the closed edge uv only if p, u, v and p + d are
    // coplanar. Coplanar with p on the edge's line (not on the edge itself: p is off
    // the surface) it meets the line only at p (s = 0) unless d is along the edge.
    let misses_edge = |d: &V, u: &V, v: &V| {
        let m = cross(&sub(u, &p), &sub(v, &p));
        if m.iter().all(Zero::is_zero) {
            !cross(&sub(v, u), d).iter().all(Zero::is_zero)
        } else {
            !dot(&m, d).is_zero()
        }
    };
    let d = (0..10_000u64)
        .map(direction)
        .find(|d| {
            tris.iter().all(|&[a, b, c]| {
                [(a, b), (b, c), (c, a)]
                    .iter()
                    .all(|(u, v)| misses_edge(d, u, v))
            })
        })
        .expect("a generic direction among the first 10,000");

    let mut winding = 0i64;
    for [a, b, c] in &tris {
        let n = cross(&sub(b, a), &sub(c, a));
        let den_t = dot(&d, &n);
        if den_t.is_zero() {
            continue; // parallel to the plane, and not in it: no meeting
        }
        // The crossing point is h = p + (num/den_t)·d; with den_t > 0 after a sign flip,
        // den_t·(q − h) = den_t·(q − p) − num·d for each corner q.
        let num = dot(&n, &sub(a, &p));
        let (num, den_t, s) = if den_t.is_negative() {
            (-num, -den_t, -1)
        } else {
            (num, den_t, 1)
        };
        if !num.is_positive() {
            continue; // behind the origin (num = 0 would put p in the plane at h = p)
        }
        let from_h = |q: &V| sub(&scale(&den_t, &sub(q, &p)), &scale(&num, &d));
        let (ha, hb, hc) = (from_h(a), from_h(b), from_h(c));
        let w = [
            dot(&n, &cross(&hb, &hc)),
            dot(&n, &cross(&hc, &ha)),
            dot(&n, &cross(&ha, &hb)),
        ];
        // No weight is zero (the line meets no edge); all positive: inside.
        if w.iter().all(|x| x.is_positive()) {
            winding += s;
        }
    }
    Some(winding)
}
