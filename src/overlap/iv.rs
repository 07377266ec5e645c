//! `f64` interval arithmetic for the conservative forms of the overlap tests: each
//! operation on end points is rounded to nearest and widened by one ulp each way, so the
//! interval contains the exact real value (the argument is in proofs/overlap_boxes.md,
//! section 5, "Frusta"). Used by the conservative frustum tests
//! (`frustum_conservative.rs`); a shared module so that other conservative forms reuse one
//! audited implementation.

/// A closed interval `[lo, hi]` containing an exact real value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Iv {
    pub(crate) lo: f64,
    pub(crate) hi: f64,
}

impl Iv {
    #[inline(always)]
    pub(crate) fn pt(x: f64) -> Iv {
        Iv { lo: x, hi: x }
    }
    /// Widen a rounded-to-nearest result by one ulp each way: contains the exact one.
    #[inline(always)]
    pub(crate) fn out(lo: f64, hi: f64) -> Iv {
        if lo.is_nan() || hi.is_nan() {
            // ∞ − ∞ or 0·∞ after an overflow: nothing is known.
            return Iv {
                lo: f64::NEG_INFINITY,
                hi: f64::INFINITY,
            };
        }
        Iv {
            lo: lo.next_down(),
            hi: hi.next_up(),
        }
    }
    #[inline(always)]
    pub(crate) fn add(self, o: Iv) -> Iv {
        Iv::out(self.lo + o.lo, self.hi + o.hi)
    }
    #[inline(always)]
    pub(crate) fn sub(self, o: Iv) -> Iv {
        Iv::out(self.lo - o.hi, self.hi - o.lo)
    }
    #[inline(always)]
    pub(crate) fn mul(self, o: Iv) -> Iv {
        if self.lo == self.hi && o.lo == o.hi {
            // Two exact numbers (the common case: inputs): one product.
            let p = self.lo * o.lo;
            return Iv::out(p, p);
        }
        let p = [
            self.lo * o.lo,
            self.lo * o.hi,
            self.hi * o.lo,
            self.hi * o.hi,
        ];
        let lo = p[0].min(p[1]).min(p[2]).min(p[3]);
        let hi = p[0].max(p[1]).max(p[2]).max(p[3]);
        if p.iter().any(|x| x.is_nan()) {
            return Iv::out(f64::NAN, f64::NAN);
        }
        Iv::out(lo, hi)
    }
    #[inline(always)]
    pub(crate) fn abs(self) -> Iv {
        if self.lo >= 0.0 {
            self
        } else if self.hi <= 0.0 {
            Iv {
                lo: -self.hi,
                hi: -self.lo,
            }
        } else {
            Iv {
                lo: 0.0,
                hi: (-self.lo).max(self.hi),
            }
        }
    }
    /// The whole interval is finite and `> 0` (`pos`) or `< 0` (`neg`).
    #[inline(always)]
    pub(crate) fn pos(self) -> bool {
        self.lo > 0.0 && self.hi.is_finite()
    }
    #[inline(always)]
    pub(crate) fn neg(self) -> bool {
        self.hi < 0.0 && self.lo.is_finite()
    }
}

/// `n · v` in interval arithmetic.
#[inline(always)]
pub(crate) fn dot_iv(n: &[Iv; 3], v: &[Iv; 3]) -> Iv {
    n[0].mul(v[0]).add(n[1].mul(v[1])).add(n[2].mul(v[2]))
}
