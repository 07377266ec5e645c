//! `orient3d_many`'s own filter (the plane's normal once per call, proofs/predicates.md
//! §9): many points against one plane, each answer against the independent rational
//! oracle and the one-call `orient3d`. The planes are built to hurt the normal's bound:
//! lattice planes with points exactly on them (the answer is `Zero`, which no filter may
//! certify), one ulp off, far out along the plane, planes whose two edge vectors are
//! nearly parallel (the normal cancels), whole configurations scaled from the subnormal
//! range to the edge of overflow, and rows with NaN and infinities.

use super::batch::check_rows;
use isect::predicates::orient3d_many;
use isect::{Sign, orient3d};
use isect_testkit::float::{Fl, mul_pow2_f64, nudge};
use isect_testkit::predicates as oracle;
use isect_testkit::{Rng, RngExt};

/// Every row of `d` against the oracle and the one-call predicate (`batch.rs`'s
/// [`check_rows`]: `Zero` for a row with a non-finite coordinate).
fn check<F: Fl>(what: &str, plane: &[[F; 3]; 3], d: &[[F; 3]]) {
    let mut out = vec![Sign::Zero; d.len()];
    orient3d_many(&plane[0], &plane[1], &plane[2], d, &mut out).unwrap();
    let rows: Vec<[[F; 3]; 4]> = d
        .iter()
        .map(|p| [plane[0], plane[1], plane[2], *p])
        .collect();
    check_rows(what, &rows, &out, oracle::orient3d, |p| {
        orient3d(p[0], p[1], p[2], p[3])
    });
}

/// [`check`] with the plane and every row scaled by `2^k` (exact unless it underflows or
/// overflows; the oracle reads the scaled values).
fn check_scaled(what: &str, plane: [[f64; 3]; 3], rows: Vec<[f64; 3]>, k: i32) {
    let s = |p: [f64; 3]| p.map(|x| mul_pow2_f64(x, k));
    let rows: Vec<[f64; 3]> = rows.into_iter().map(s).collect();
    check(&format!("{what} at 2^{k}"), &plane.map(s), &rows);
}

fn ints(g: &mut Rng, r: i64) -> [i64; 3] {
    std::array::from_fn(|_| g.range(-r, r))
}

/// A plane through `a`, `a + u`, `a + v` (integers below `2^26`, in a random order) and
/// `n` rows: lattice points `a + m·u + k·v` exactly on it (some far out), the same one
/// ulp off, the plane's own points, and random points near it. With `thin`, `v` is
/// `u` times a small integer plus a unit vector: the edge vectors are nearly parallel
/// and the normal's products cancel. `small` keeps every lattice coordinate below `2^22`
/// (exact in `f32`).
fn lattice_plane(g: &mut Rng, n: usize, thin: bool, small: bool) -> ([[f64; 3]; 3], Vec<[f64; 3]>) {
    // Bits of: the base point, the edge vectors, the rows' lattice steps, the far rows'.
    let [ba, bu, br, bf] = if small {
        [20, 6, 6, 8]
    } else {
        [26, 10, 12, 24]
    };
    let a = ints(g, 1 << ba);
    let u = ints(g, 1 << (if thin { bu + 2 } else { bu }));
    let v: [i64; 3] = if thin {
        let l = g.range(-5, 5);
        let e = g.below(3);
        std::array::from_fn(|i| l * u[i] + i64::from(i == e))
    } else {
        ints(g, 1 << bu)
    };
    let at = |m: i64, k: i64| -> [f64; 3] {
        std::array::from_fn(|i| (a[i] + m * u[i] + k * v[i]) as f64)
    };
    let mut plane = [at(0, 0), at(1, 0), at(0, 1)];
    for i in (1..3).rev() {
        plane.swap(i, g.below(i + 1));
    }
    let rows = (0..n)
        .map(|_| {
            let r = 1 << br;
            let p = at(g.range(-r, r), g.range(-r, r));
            match g.below(7) {
                0 | 1 => p,
                2 => {
                    let mut p = p;
                    let k = g.below(3);
                    p[k] = nudge(p[k], if g.below(2) == 0 { 1 } else { -1 });
                    p
                }
                3 => plane[g.below(3)],
                4 => {
                    let far = 1 << bf;
                    at(g.range(-far, far), g.range(-far, far))
                }
                5 => {
                    let q = g.point::<3>(1.0);
                    std::array::from_fn(|i| p[i] + q[i])
                }
                _ => std::array::from_fn(|i| p[i] + g.signed() * 2f64.powi(ba + 4)),
            }
        })
        .collect();
    (plane, rows)
}

/// Lengths around the chunk of 16 rows and the rows after the last chunk.
const LENGTHS: [usize; 9] = [0, 1, 3, 15, 16, 17, 33, 47, 64];

#[test]
fn points_on_lattice_planes_match_the_oracle_at_every_scale() {
    let mut g = Rng::new(0x00B1_A2E5);
    let scales = [
        -1074, -1050, -1000, -700, -540, -300, -100, 0, 100, 300, 500, 700, 900, 940, 960,
    ];
    for k in scales {
        for thin in [false, true] {
            for _ in 0..isect_testkit::cases(3) {
                let n = LENGTHS[g.below(LENGTHS.len())];
                let (plane, rows) = lattice_plane(&mut g, n, thin, false);
                check_scaled(&format!("lattice plane, thin {thin}"), plane, rows, k);
            }
        }
    }
}

/// The plane and its points at different scales: a huge plane with tiny points, a tiny
/// plane with huge points, and one row in each chunk far from the others (the chunk's
/// maxima are then that row's).
#[test]
fn mixed_scales_match_the_oracle() {
    let mut g = Rng::new(0x0D15_CA1E);
    for _ in 0..isect_testkit::cases(40) {
        let thin = g.below(2) == 0;
        let (plane, rows) = lattice_plane(&mut g, 48, thin, false);
        let (kp, kd) = (g.range(-1074, 960) as i32, g.range(-1074, 960) as i32);
        let plane = plane.map(|p| p.map(|x| mul_pow2_f64(x, kp)));
        let mut rows: Vec<[f64; 3]> = rows
            .into_iter()
            .map(|p| p.map(|x| mul_pow2_f64(x, kd)))
            .collect();
        for chunk in rows.chunks_mut(16) {
            let i = g.below(chunk.len());
            let k = g.range(-600, 600) as i32;
            chunk[i] = chunk[i].map(|x| mul_pow2_f64(x, k));
        }
        check(&format!("plane at 2^{kp}, rows at 2^{kd}"), &plane, &rows);
    }
}

/// Near the top of the range the normal's products, the differences `a − d` or the
/// determinant overflow; near the bottom they underflow.
#[test]
fn overflow_and_underflow_match_the_oracle() {
    let mut g = Rng::new(0x0F10);
    for _ in 0..isect_testkit::cases(40) {
        let (plane, rows) = lattice_plane(&mut g, 40, false, false);
        let top = g.range(960, 997) as i32;
        let plane = plane.map(|p| p.map(|x| mul_pow2_f64(x, top)));
        let rows: Vec<[f64; 3]> = rows
            .into_iter()
            .map(|p| {
                let k = if g.below(4) == 0 { 997 } else { top };
                let mut p = p.map(|x| mul_pow2_f64(x, k));
                if g.below(8) == 0 {
                    p[g.below(3)] = f64::MAX * if g.below(2) == 0 { 1.0 } else { -1.0 };
                }
                p
            })
            .collect();
        check(&format!("plane at 2^{top}"), &plane, &rows);
        let rows: Vec<[f64; 3]> = (0..33)
            .map(|_| {
                std::array::from_fn(|_| {
                    f64::from_bits(g.below(1 << 20) as u64)
                        * if g.below(2) == 0 { 1.0 } else { -1.0 }
                })
            })
            .collect();
        let tiny: [[f64; 3]; 3] = std::array::from_fn(|_| {
            std::array::from_fn(|_| f64::from_bits(g.below(1 << 12) as u64))
        });
        check("subnormal plane and points", &tiny, &rows);
    }
}

/// Rows with a NaN or an infinity answer `Zero` and leave the other rows of their chunk
/// alone; a non-finite plane answers `Zero` everywhere.
#[test]
fn non_finite_rows_and_planes_answer_zero() {
    let mut g = Rng::new(0x0000_BAD0);
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let (plane, mut rows) = lattice_plane(&mut g, 35, false, false);
        for i in [0, 7, 16, 34] {
            rows[i][i % 3] = bad;
        }
        check("non-finite rows", &plane, &rows);
        let mut p = plane;
        p[g.below(3)][g.below(3)] = bad;
        check("non-finite plane", &p, &rows);
    }
}

/// `f32` planes and points (read widened to `f64`): lattices that `f32` holds exactly,
/// scaled from its subnormals to near its overflow.
#[test]
fn f32_planes_match_the_oracle() {
    let mut g = Rng::new(0x0F32);
    for k in [-149, -140, -100, -60, 0, 40, 80, 100] {
        for _ in 0..isect_testkit::cases(6) {
            let thin = g.below(2) == 0;
            let (plane, rows) = lattice_plane(&mut g, 40, thin, true);
            let to = |p: [f64; 3]| p.map(|x| f32::from_f64(mul_pow2_f64(x, k - 20)));
            let rows: Vec<[f32; 3]> = rows.into_iter().map(to).collect();
            check(&format!("f32 plane at 2^{k}"), &plane.map(to), &rows);
        }
    }
}

/// A plane through three rounded points whose edge vectors are nearly parallel (the third
/// point `a + λ·(b − a)` moved by `2^-e`, `e` in 8..48: the normal's products cancel and
/// its rounding error is far above its size), and rows near it: `a + s·(b − a) +
/// t·(c − a)` rounded, some moved by `2^-j` for `j` in 10..60, so that determinants
/// range from far above the bound to far below. Every coordinate has a full significand,
/// so every product rounds.
fn rounded_thin_plane(g: &mut Rng, n: usize) -> ([[f64; 3]; 3], Vec<[f64; 3]>) {
    let a = g.point::<3>(1.0);
    let w = g.point::<3>(1.0);
    let p = g.point::<3>(1.0);
    let (l, e) = (g.uniform(-2.0, 2.0), g.range(8, 48) as i32);
    let b: [f64; 3] = std::array::from_fn(|i| a[i] + w[i]);
    let c: [f64; 3] = std::array::from_fn(|i| a[i] + l * w[i] + mul_pow2_f64(p[i], -e));
    let rows = (0..n)
        .map(|_| {
            let (s, t) = (g.uniform(-4.0, 4.0), g.uniform(-4.0, 4.0));
            let mut d: [f64; 3] =
                std::array::from_fn(|i| a[i] + s * (b[i] - a[i]) + t * (c[i] - a[i]));
            if g.below(3) == 0 {
                let j = g.range(10, 60) as i32;
                let k = g.below(3);
                d[k] += mul_pow2_f64(g.signed(), -j);
            }
            d
        })
        .collect();
    ([a, b, c], rows)
}

/// Rounded thin planes at every scale: the normal's own rounding error is what decides
/// (a bound without the products' magnitudes `|π₁| + |π₂|` fails here).
#[test]
fn rounded_thin_planes_match_the_oracle() {
    let mut g = Rng::new(0x7417);
    for k in [-1074, -1000, -600, -300, 0, 300, 600, 960] {
        for _ in 0..isect_testkit::cases(20) {
            let (plane, rows) = rounded_thin_plane(&mut g, 48);
            check_scaled("rounded thin plane", plane, rows, k);
        }
    }
}

/// A plane whose edge vectors are about `2^-530`, so the normal's products are subnormal
/// and round by up to `η/2` absolutely, with rows `2^400`…`2^500` away: the products'
/// absolute error times the rows' distance is far above the relative part of the bound
/// (a bound without its `8η` term fails here).
#[test]
fn underflowing_normals_with_far_rows_match_the_oracle() {
    let mut g = Rng::new(0x0005_0B17);
    for _ in 0..isect_testkit::cases(60) {
        let (plane, rows) = rounded_thin_plane(&mut g, 40);
        let kp = g.range(-545, -520) as i32;
        let a = plane[0];
        // The plane's points relative to `a`, scaled down; `a` itself stays at 0.
        let plane = plane.map(|p| std::array::from_fn(|i| mul_pow2_f64(p[i] - a[i], kp)));
        let rows: Vec<[f64; 3]> = rows
            .into_iter()
            .map(|p| {
                let k = g.range(400, 500) as i32;
                let far: [f64; 3] = std::array::from_fn(|i| mul_pow2_f64(p[i] - a[i], k));
                // Near the plane through the origin with the scaled-down normal: a row
                // on the line through 0 along a plane point, moved a little.
                let q = plane[1 + g.below(2)];
                let s = mul_pow2_f64(g.uniform(1.0, 2.0), k - kp);
                let mut d: [f64; 3] = std::array::from_fn(|i| q[i] * s);
                if g.below(2) == 0 {
                    d[g.below(3)] += far[0] * mul_pow2_f64(1.0, -g.range(20, 60) as i32);
                }
                d
            })
            .collect();
        check(&format!("normal at 2^{}", 2 * kp), &plane, &rows);
    }
}
