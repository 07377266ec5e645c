//! A small driver for instruction counts of the batch predicates (noise-free evidence
//! beside the criterion rows of `benches/predicates.rs`, group `<predicate>_batch`).
//!
//! ```sh
//! cargo build --release -p isect-benches --example batch_predicates
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \
//!     target/release/examples/batch_predicates orient3d batch 1000
//! callgrind_annotate /tmp/cg.out | head
//! ```
//!
//! Arguments: the predicate (`orient2d`, `orient3d`, `incircle`, `insphere`,
//! `orient3d_many`), the implementation (`naive`: the plain formula one row at a time into
//! a hash; `naive_out`: the plain formula writing a sign per row, which LLVM vectorizes;
//! `loop`: the exact scalar predicate per row; `batch`: the batch entry point), the
//! number of passes over 1024 random rows (coordinates uniform in `[-1, 1]`), and
//! optionally `near` for near-degenerate rows (the last point rounded onto the line,
//! plane, circle or sphere of the others) or `mixed` for random rows with one row in
//! sixteen scaled by `2^500` (one huge row in every chunk of the batch filter), or `flat`
//! for random rows with the last coordinate scaled by `2^-FLAT_EXP` (default 30; a thin
//! slab). Prints a
//! checksum of the answers. Subtract the run with 0 passes (the set-up) to get the cost
//! of the passes.

use std::hint::black_box;

use isect::Sign;
use isect::predicates::{
    incircle_batch, insphere_batch, orient2d_batch, orient3d_batch, orient3d_many,
};
use isect_testkit::{Rng, RngExt};

const N: usize = 1024;

#[inline(always)]
fn sign(x: f64) -> Sign {
    if x > 0.0 {
        Sign::Positive
    } else if x < 0.0 {
        Sign::Negative
    } else {
        Sign::Zero
    }
}

#[inline(always)]
fn orient2d_naive(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2]) -> f64 {
    (a[0] - c[0]) * (b[1] - c[1]) - (a[1] - c[1]) * (b[0] - c[0])
}

#[inline(always)]
fn orient3d_naive(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3]) -> f64 {
    let (adx, ady, adz) = (a[0] - d[0], a[1] - d[1], a[2] - d[2]);
    let (bdx, bdy, bdz) = (b[0] - d[0], b[1] - d[1], b[2] - d[2]);
    let (cdx, cdy, cdz) = (c[0] - d[0], c[1] - d[1], c[2] - d[2]);
    adx * (bdy * cdz - bdz * cdy) + bdx * (cdy * adz - cdz * ady) + cdx * (ady * bdz - adz * bdy)
}

#[inline(always)]
fn incircle_naive(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2], d: &[f64; 2]) -> f64 {
    let (adx, ady) = (a[0] - d[0], a[1] - d[1]);
    let (bdx, bdy) = (b[0] - d[0], b[1] - d[1]);
    let (cdx, cdy) = (c[0] - d[0], c[1] - d[1]);
    let alift = adx * adx + ady * ady;
    let blift = bdx * bdx + bdy * bdy;
    let clift = cdx * cdx + cdy * cdy;
    alift * (bdx * cdy - cdx * bdy)
        + blift * (cdx * ady - adx * cdy)
        + clift * (adx * bdy - bdx * ady)
}

#[inline(always)]
fn insphere_naive(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3], e: &[f64; 3]) -> f64 {
    let (aex, aey, aez) = (a[0] - e[0], a[1] - e[1], a[2] - e[2]);
    let (bex, bey, bez) = (b[0] - e[0], b[1] - e[1], b[2] - e[2]);
    let (cex, cey, cez) = (c[0] - e[0], c[1] - e[1], c[2] - e[2]);
    let (dex, dey, dez) = (d[0] - e[0], d[1] - e[1], d[2] - e[2]);
    let ab = aex * bey - bex * aey;
    let bc = bex * cey - cex * bey;
    let cd = cex * dey - dex * cey;
    let da = dex * aey - aex * dey;
    let ac = aex * cey - cex * aey;
    let bd = bex * dey - dex * bey;
    let abc = aez * bc - bez * ac + cez * ab;
    let bcd = bez * cd - cez * bd + dez * bc;
    let cda = cez * da + dez * ac + aez * cd;
    let dab = dez * ab + aez * bd + bez * da;
    let alift = aex * aex + aey * aey + aez * aez;
    let blift = bex * bex + bey * bey + bez * bez;
    let clift = cex * cex + cey * cey + cez * cez;
    let dlift = dex * dex + dey * dey + dez * dez;
    (dlift * abc - clift * dab) + (blift * cda - alift * bcd)
}

/// `k` columns of `N` points, uniform in `[-1, 1]`; with `near`, the last column is
/// rounded onto the line / plane / circle / sphere of the others (`shape`).
fn cols<const D: usize>(g: &mut Rng, k: usize) -> Vec<Vec<[f64; D]>> {
    (0..k)
        .map(|_| (0..N).map(|_| g.point::<D>(1.0)).collect())
        .collect()
}

/// Near-degenerate rows: the last point an affine combination of the first two (2D) or
/// three (3D), rounded; for the in-tests, every point is put on one circle / sphere.
fn make_near<const D: usize>(g: &mut Rng, c: &mut [Vec<[f64; D]>], lifted: bool) {
    let k = c.len();
    for i in 0..N {
        if lifted {
            let center = g.point::<D>(1.0);
            let r = 0.1 + g.next_f64();
            for col in c.iter_mut() {
                let v = g.point::<D>(1.0);
                let n = v.iter().map(|x| x * x).sum::<f64>().sqrt().max(1e-3);
                col[i] = std::array::from_fn(|j| center[j] + r * v[j] / n);
            }
        } else {
            let base = c[0][i];
            let w: Vec<f64> = (1..k - 1).map(|_| g.signed()).collect();
            let p: [f64; D] = std::array::from_fn(|j| {
                let mut x = base[j];
                for (col, s) in c[1..k - 1].iter().zip(&w) {
                    x += s * (col[i][j] - base[j]);
                }
                x
            });
            c[k - 1][i] = p;
        }
    }
}

/// Row `i` of every column times `2^500` for every `i ≡ 7 (mod 16)` (for
/// `orient3d_many`, of the last column only: the plane stays shared).
fn make_mixed<const D: usize>(c: &mut [Vec<[f64; D]>]) {
    for col in c.iter_mut() {
        for p in col.iter_mut().skip(7).step_by(16) {
            *p = p.map(|x| x * 2f64.powi(500));
        }
    }
}

/// The last coordinate of every point times `2^-k` (`flat`, `k` from the environment
/// variable `FLAT_EXP`, default 30): a thin slab, whose per-axis maxima differ by `2^k`.
fn make_flat<const D: usize>(c: &mut [Vec<[f64; D]>]) {
    let k: i32 = std::env::var("FLAT_EXP").map_or(30, |v| v.parse().expect("FLAT_EXP: an integer"));
    for col in c.iter_mut() {
        for p in col.iter_mut() {
            p[D - 1] *= 2f64.powi(-k);
        }
    }
}

fn checksum(out: &[Sign]) -> i64 {
    out.iter()
        .fold(0i64, |h, s| h.rotate_left(1) ^ i64::from(s.to_i32()))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!(
            "usage: batch_predicates PREDICATE naive|naive_out|loop|batch PASSES [near|mixed|flat]"
        );
        std::process::exit(2);
    }
    let (pred, how) = (args[1].as_str(), args[2].as_str());
    let passes: usize = args[3].parse().expect("a number of passes");
    let near = args.get(4).is_some_and(|a| a == "near");
    let mixed = args.get(4).is_some_and(|a| a == "mixed");
    let flat = args.get(4).is_some_and(|a| a == "flat");
    let mut g = Rng::new(0x5EED_BA7C);
    let mut out = vec![Sign::Zero; N];
    let mut h = 0i64;
    // Each predicate's passes run in a function of their own (`#[inline(never)]`), so
    // that its loops compile as in a caller of that one predicate, not inside one `main`
    // holding all five (whose register allocation and inlining moved every count when
    // one predicate's code changed).
    macro_rules! go {
        ($c:ident, $d:literal, $naive:ident, $exact:path, $batch:expr, [$($i:literal),*]) => {{
            #[inline(never)]
            fn body(c: &[Vec<[f64; $d]>], how: &str, passes: usize, out: &mut [Sign]) -> i64 {
                let mut h = 0i64;
                for _ in 0..passes {
                    match how {
                        "naive" => {
                            for i in 0..N {
                                h = h.rotate_left(1) ^ i64::from(sign($naive($(&c[$i][i]),*)).to_i32());
                            }
                        }
                        "naive_out" => {
                            let s = [$(&c[$i][..N]),*];
                            let out = &mut out[..N];
                            for i in 0..N {
                                out[i] = sign($naive($(&s[$i][i]),*));
                            }
                        }
                        "loop" => {
                            for (i, o) in out.iter_mut().enumerate() {
                                *o = $exact($(&c[$i][i]),*);
                            }
                        }
                        "batch" => $batch(black_box(c), &mut *out),
                        _ => panic!("unknown implementation {how}"),
                    }
                    h ^= checksum(black_box(&*out));
                }
                h
            }
            h ^= body(&$c, how, passes, &mut out);
        }};
    }
    match pred {
        "orient2d" => {
            let mut c = cols::<2>(&mut g, 3);
            if near {
                make_near(&mut g, &mut c, false);
            }
            if mixed {
                make_mixed(&mut c);
            }
            if flat {
                make_flat(&mut c);
            }
            go!(
                c,
                2,
                orient2d_naive,
                isect::orient2d,
                |c: &[Vec<[f64; 2]>], out: &mut [Sign]| {
                    orient2d_batch(&c[0][..], &c[1][..], &c[2][..], out).unwrap()
                },
                [0, 1, 2]
            );
        }
        "orient3d" => {
            let mut c = cols::<3>(&mut g, 4);
            if near {
                make_near(&mut g, &mut c, false);
            }
            if mixed {
                make_mixed(&mut c);
            }
            if flat {
                make_flat(&mut c);
            }
            go!(
                c,
                3,
                orient3d_naive,
                isect::orient3d,
                |c: &[Vec<[f64; 3]>], out: &mut [Sign]| {
                    orient3d_batch(&c[0][..], &c[1][..], &c[2][..], &c[3][..], out).unwrap()
                },
                [0, 1, 2, 3]
            );
        }
        "orient3d_many" => {
            let mut c = cols::<3>(&mut g, 4);
            for col in &mut c[..3] {
                let p = col[0];
                col.fill(p);
            }
            if near {
                make_near(&mut g, &mut c, false);
            }
            if mixed {
                make_mixed(&mut c[3..]);
            }
            if flat {
                make_flat(&mut c);
            }
            go!(
                c,
                3,
                orient3d_naive,
                isect::orient3d,
                |c: &[Vec<[f64; 3]>], out: &mut [Sign]| {
                    orient3d_many(&c[0][0], &c[1][0], &c[2][0], &c[3][..], out).unwrap()
                },
                [0, 1, 2, 3]
            );
        }
        "incircle" => {
            let mut c = cols::<2>(&mut g, 4);
            if near {
                make_near(&mut g, &mut c, true);
            }
            if mixed {
                make_mixed(&mut c);
            }
            if flat {
                make_flat(&mut c);
            }
            go!(
                c,
                2,
                incircle_naive,
                isect::incircle,
                |c: &[Vec<[f64; 2]>], out: &mut [Sign]| {
                    incircle_batch(&c[0][..], &c[1][..], &c[2][..], &c[3][..], out).unwrap()
                },
                [0, 1, 2, 3]
            );
        }
        "insphere" => {
            let mut c = cols::<3>(&mut g, 5);
            if near {
                make_near(&mut g, &mut c, true);
            }
            if mixed {
                make_mixed(&mut c);
            }
            if flat {
                make_flat(&mut c);
            }
            go!(
                c,
                3,
                insphere_naive,
                isect::insphere,
                |c: &[Vec<[f64; 3]>], out: &mut [Sign]| {
                    insphere_batch(&c[0][..], &c[1][..], &c[2][..], &c[3][..], &c[4][..], out)
                        .unwrap()
                },
                [0, 1, 2, 3, 4]
            );
        }
        _ => panic!("unknown predicate {pred}"),
    }
    println!("{h}");
}
