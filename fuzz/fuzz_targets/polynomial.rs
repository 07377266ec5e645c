//! polynomial_sign on arbitrary integer polynomials (a decoded straight-line program of
//! +, −, × and negation over up to six inputs, depth-limited) for f64, f32 and
//! BigRational, against the exact value of the same program evaluated in rationals.
//! Non-finite inputs that the program reads must give Zero.
#![no_main]

use isect::predicates::{polynomial_sign, Polynomial, Ring};
use isect::Sign;
use isect_fuzz::{q, sign_q, Src, Q};
use libfuzzer_sys::fuzz_target;

#[derive(Debug, Clone, Copy)]
enum Op {
    Input(usize),
    Add(usize, usize),
    Sub(usize, usize),
    Mul(usize, usize),
    Neg(usize),
}

struct Prog<'a, T> {
    ops: &'a [Op],
    inputs: &'a [T],
}

impl<T> Polynomial<T> for Prog<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let mut vals: Vec<R> = Vec::with_capacity(self.ops.len());
        for op in self.ops {
            let v = match *op {
                Op::Input(i) => lift(&self.inputs[i]),
                Op::Add(a, b) => vals[a].clone() + vals[b].clone(),
                Op::Sub(a, b) => vals[a].clone() - vals[b].clone(),
                Op::Mul(a, b) => vals[a].clone() * vals[b].clone(),
                Op::Neg(a) => -vals[a].clone(),
            };
            vals.push(v);
        }
        vals.pop().expect("at least one op")
    }
}

fuzz_target!(|data: &[u8]| {
    let mut s = Src::new(data);
    let n_in = 1 + s.below(6);
    let inputs: Vec<f64> = (0..n_in).map(|_| s.f64()).collect();
    let mut ops = vec![];
    let mut degree: Vec<u32> = vec![];
    let mut used = vec![false; n_in];
    for i in 0..1 + s.below(14) {
        let op = if i == 0 {
            Op::Input(s.below(n_in))
        } else {
            let (a, b) = (s.below(i), s.below(i));
            match s.byte() % 5 {
                0 => Op::Input(s.below(n_in)),
                1 => Op::Add(a, b),
                2 => Op::Sub(a, b),
                3 if degree[a] + degree[b] <= 12 => Op::Mul(a, b),
                3 => Op::Add(a, b),
                _ => Op::Neg(a),
            }
        };
        let d = match op {
            Op::Input(k) => {
                used[k] = true;
                1
            }
            Op::Add(a, b) | Op::Sub(a, b) => degree[a].max(degree[b]),
            Op::Mul(a, b) => degree[a] + degree[b],
            Op::Neg(a) => degree[a],
        };
        degree.push(d);
        ops.push(op);
    }
    let got = polynomial_sign(&Prog {
        ops: &ops,
        inputs: &inputs,
    });
    // Every lifted ("read") input counts, live or dead: the filter flags non-finite
    // lifts since tests/fuzz_regressions.rs, fuzz_polynomial_dead_non_finite_input.
    let reads_nonfinite = inputs.iter().zip(&used).any(|(x, &u)| u && !x.is_finite());
    if reads_nonfinite {
        assert_eq!(
            got,
            Sign::Zero,
            "a non-finite input gives Zero: {ops:?} on {inputs:?}"
        );
        return;
    }
    // Unused inputs may be non-finite; give the rational evaluation zeros there.
    let qin: Vec<Q> = inputs
        .iter()
        .map(|&x| if x.is_finite() { q(x) } else { q(0.0) })
        .collect();
    let exact = Prog {
        ops: &ops,
        inputs: &qin,
    }
    .eval(&|x: &Q| x.clone());
    let want = sign_q(&exact);
    assert_eq!(got, want, "polynomial_sign {ops:?} on {inputs:?}");
    assert_eq!(
        polynomial_sign(&Prog {
            ops: &ops,
            inputs: &qin
        }),
        want,
        "BigRational"
    );
    if s.f32_mode {
        let f: Vec<f32> = inputs.iter().map(|&x| x as f32).collect();
        assert_eq!(
            polynomial_sign(&Prog {
                ops: &ops,
                inputs: &f
            }),
            want,
            "f32"
        );
    }
});
