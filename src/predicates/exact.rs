//! The four determinants written once over any exact ring.
//!
//! These are the formulas the rational kernel evaluates directly and the float kernel's
//! exact stages evaluate over expansions or big integers. Every formula uses only
//! `+`, `-` and `*`, so it is exact in any ring where those are exact.

// The ring operations the formulas use: the public `Ring` of `poly.rs` (`+ − ×` and
// negation), which every type evaluated here (rationals, big integers, expansions) has.
use super::poly::Ring;

#[inline]
fn sq<R: Ring>(x: &R) -> R {
    x.clone() * x.clone()
}

/// `(a − c) × (b − c)`: twice the signed area of the triangle `abc`.
pub(crate) fn orient2d<R: Ring>(a: &[R; 2], b: &[R; 2], c: &[R; 2]) -> R {
    let acx = a[0].clone() - c[0].clone();
    let acy = a[1].clone() - c[1].clone();
    let bcx = b[0].clone() - c[0].clone();
    let bcy = b[1].clone() - c[1].clone();
    acx * bcy - acy * bcx
}

/// `det[a − d; b − d; c − d]`. Always inlined: over `f64` it is the grid shortcuts' plain
/// evaluation (some thirty instructions, which a call would double).
#[inline(always)]
pub(crate) fn orient3d<R: Ring>(a: &[R; 3], b: &[R; 3], c: &[R; 3], d: &[R; 3]) -> R {
    let [adx, ady, adz] = diff3(a, d);
    let [bdx, bdy, bdz] = diff3(b, d);
    let [cdx, cdy, cdz] = diff3(c, d);
    let m_a = bdy.clone() * cdz.clone() - bdz.clone() * cdy.clone();
    let m_b = cdy * adz.clone() - cdz * ady.clone();
    let m_c = ady * bdz - adz * bdy;
    adx * m_a + bdx * m_b + cdx * m_c
}

/// The incircle determinant of `a, b, c, d` (translated so that `d` is the origin).
pub(crate) fn incircle<R: Ring>(a: &[R; 2], b: &[R; 2], c: &[R; 2], d: &[R; 2]) -> R {
    let adx = a[0].clone() - d[0].clone();
    let ady = a[1].clone() - d[1].clone();
    let bdx = b[0].clone() - d[0].clone();
    let bdy = b[1].clone() - d[1].clone();
    let cdx = c[0].clone() - d[0].clone();
    let cdy = c[1].clone() - d[1].clone();
    let alift = sq(&adx) + sq(&ady);
    let blift = sq(&bdx) + sq(&bdy);
    let clift = sq(&cdx) + sq(&cdy);
    let bc = bdx.clone() * cdy.clone() - cdx.clone() * bdy.clone();
    let ca = cdx * ady.clone() - adx.clone() * cdy;
    let ab = adx * bdy - bdx * ady;
    alift * bc + blift * ca + clift * ab
}

/// The insphere determinant of `a, b, c, d, e` (translated so that `e` is the origin).
pub(crate) fn insphere<R: Ring>(a: &[R; 3], b: &[R; 3], c: &[R; 3], d: &[R; 3], e: &[R; 3]) -> R {
    let [aex, aey, aez] = diff3(a, e);
    let [bex, bey, bez] = diff3(b, e);
    let [cex, cey, cez] = diff3(c, e);
    let [dex, dey, dez] = diff3(d, e);
    let ab = aex.clone() * bey.clone() - bex.clone() * aey.clone();
    let bc = bex.clone() * cey.clone() - cex.clone() * bey.clone();
    let cd = cex.clone() * dey.clone() - dex.clone() * cey.clone();
    let da = dex.clone() * aey.clone() - aex.clone() * dey.clone();
    let ac = aex.clone() * cey.clone() - cex.clone() * aey.clone();
    let bd = bex.clone() * dey.clone() - dex.clone() * bey.clone();
    let abc = aez.clone() * bc.clone() - bez.clone() * ac.clone() + cez.clone() * ab.clone();
    let bcd = bez.clone() * cd.clone() - cez.clone() * bd.clone() + dez.clone() * bc;
    let cda = cez.clone() * da.clone() + dez.clone() * ac + aez.clone() * cd;
    let dab = dez.clone() * ab + aez.clone() * bd + bez.clone() * da;
    let alift = sq(&aex) + sq(&aey) + sq(&aez);
    let blift = sq(&bex) + sq(&bey) + sq(&bez);
    let clift = sq(&cex) + sq(&cey) + sq(&cez);
    let dlift = sq(&dex) + sq(&dey) + sq(&dez);
    (dlift * abc - clift * dab) + (blift * cda - alift * bcd)
}

#[inline]
fn diff3<R: Ring>(p: &[R; 3], q: &[R; 3]) -> [R; 3] {
    [
        p[0].clone() - q[0].clone(),
        p[1].clone() - q[1].clone(),
        p[2].clone() - q[2].clone(),
    ]
}
