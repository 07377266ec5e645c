//! C99 hexadecimal floating constants (`printf("%a")`, `strtod`): `0x1.8p+1`, `-0x0p+0`,
//! `0x1.fffffep+127`, read **exactly** into `f64` or `f32` and written back.
//!
//! Reading rounds the exact value `m·2^e` of the digits once to the target format, to
//! nearest with ties to even, with gradual underflow (subnormals; values below half the
//! smallest subnormal become a signed zero) and overflow to a signed infinity (as
//! `strtod` does, which then reports `ERANGE`: the oracle reports such a value as
//! non-finite). Writing gives the normalized form `[-]0x1.hhhp±d` with the fewest
//! hexadecimal digits that hold the value exactly (`0x0p+0` for zero), which C's
//! `strtod`/`strtof`, Python's `float.fromhex` and this reader read back bit for bit.

/// The largest exponent value kept while reading (more is overflow or underflow anyway).
const EXP_CLAMP: i64 = 1 << 40;

/// Whether `field` looks like a hexadecimal constant: an optional sign, then `0x`/`0X`.
pub fn is_hex(field: &str) -> bool {
    let b = field.as_bytes();
    let b = match b.first() {
        Some(b'+' | b'-') => &b[1..],
        _ => b,
    };
    b.len() >= 2 && b[0] == b'0' && (b[1] | 0x20) == b'x'
}

/// The value of the C99 hexadecimal floating constant `s`, correctly rounded to `f32`
/// (`f32 == true`, returned widened, exactly) or `f64`; `None` when `s` is not one.
///
/// Grammar (as `strtod` reads it, without surrounding space): `[+-]0x` then hexadecimal
/// digits with at most one `.` (at least one digit), then optionally `p` or `P`, an
/// optional sign and decimal digits (a power of two).
pub fn parse_hex(s: &str, f32: bool) -> Option<f64> {
    let b = s.as_bytes();
    let (negative, mut i) = match b.first() {
        Some(b'-') => (true, 1),
        Some(b'+') => (false, 1),
        _ => (false, 0),
    };
    if b.len() < i + 2 || b[i] != b'0' || (b[i + 1] | 0x20) != b'x' {
        return None;
    }
    i += 2;
    // The significand: up to 60 significant bits in `m`, the rest folded into `sticky`.
    let mut m: u64 = 0;
    let mut exp: i64 = 0;
    let mut sticky = false;
    let mut digits = 0usize;
    let mut point = false;
    while i < b.len() {
        let c = b[i];
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            b'.' if !point => {
                point = true;
                i += 1;
                continue;
            }
            _ => break,
        };
        digits += 1;
        if m >> 56 == 0 {
            m = (m << 4) | u64::from(d);
            if point {
                exp -= 4;
            }
        } else {
            sticky |= d != 0;
            if !point {
                exp += 4;
            }
        }
        i += 1;
    }
    if digits == 0 {
        return None;
    }
    if i < b.len() {
        if b[i] | 0x20 != b'p' {
            return None;
        }
        i += 1;
        let (sign, start) = match b.get(i) {
            Some(b'-') => (-1, i + 1),
            Some(b'+') => (1, i + 1),
            _ => (1, i),
        };
        if start >= b.len() || !b[start..].iter().all(u8::is_ascii_digit) {
            return None;
        }
        let mut e: i64 = 0;
        for &c in &b[start..] {
            e = (e * 10 + i64::from(c - b'0')).min(EXP_CLAMP);
        }
        exp += sign * e;
    }
    let x = if f32 {
        f64::from(f32::from_bits(
            round_bits(m, exp, sticky, 24, -149, 127) as u32
        ))
    } else {
        f64::from_bits(round_bits(m, exp, sticky, 53, -1074, 1023))
    };
    Some(if negative { -x } else { x })
}

/// The bits (sign clear) of the binary format with `p`-bit significands, smallest
/// subnormal `2^lsb_min` and largest exponent `emax`, nearest to `m·2^exp` (plus a
/// positive amount below `2^exp` when `sticky`): ties to even, infinity on overflow.
fn round_bits(m: u64, exp: i64, sticky: bool, p: u32, lsb_min: i64, emax: i64) -> u64 {
    let fraction_bits = p - 1;
    let exponent_field = |e: i64| -> u64 { ((e + emax) as u64) << fraction_bits };
    if m == 0 {
        return 0;
    }
    let nbits = i64::from(64 - m.leading_zeros());
    let top = exp + nbits - 1; // the exponent of the leading bit
    let mut lsb = (top - i64::from(p - 1)).max(lsb_min);
    let shift = lsb - exp;
    let mut q: u64 = if shift <= 0 {
        // Exact: fewer bits than the format holds (`sticky` needs a full `m`).
        m << (-shift)
    } else {
        let kept = if shift >= 64 { 0 } else { m >> shift };
        let (rem_above_half, rem_is_half) = if shift > 64 {
            (false, false) // below a quarter of the last place: rounds down
        } else {
            let half = 1u64 << (shift - 1);
            let rem = if shift == 64 {
                m
            } else {
                m & ((1u64 << shift) - 1)
            };
            (
                rem > half || (rem == half && sticky),
                rem == half && !sticky,
            )
        };
        if rem_above_half || (rem_is_half && kept & 1 == 1) {
            kept + 1
        } else {
            kept
        }
    };
    if q >> p != 0 {
        // Rounded up to the next power of two.
        q >>= 1;
        lsb += 1;
    }
    if q == 0 {
        return 0;
    }
    let e = lsb + i64::from(p - 1); // the exponent of a normal q's leading bit
    if q >> (p - 1) == 0 {
        // Subnormal (lsb == lsb_min): biased exponent 0.
        return q;
    }
    if e > emax {
        return exponent_field(emax + 1); // infinity
    }
    exponent_field(e) | (q & ((1u64 << fraction_bits) - 1))
}

/// `x` as a C99 hexadecimal constant, normalized (`0x1.8p+1`, `-0x1p-149`, `0x0p+0`,
/// `-0x0p+0`), with the fewest digits that hold it exactly; `inf`, `-inf` and `nan` as
/// C's `printf` spells them. An `f32` value is written the same way (it is an `f64`).
pub fn format_hex(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if x.is_infinite() {
        return format!("{sign}inf");
    }
    if x == 0.0 {
        return format!("{sign}0x0p+0");
    }
    let bits = x.abs().to_bits();
    let field = (bits >> 52) as i64;
    let fraction = bits & ((1u64 << 52) - 1);
    // Normalize: the leading bit becomes the 1 before the point.
    let (mut frac, exp) = if field == 0 {
        let shift = fraction.leading_zeros() - 11; // bring the leading bit to bit 52
        let m = fraction << shift;
        (m & ((1u64 << 52) - 1), -1022 - i64::from(shift))
    } else {
        (fraction, field - 1023)
    };
    let mut digits = String::new();
    let mut n = 13;
    while n > 0 && frac & 0xF == 0 {
        frac >>= 4;
        n -= 1;
    }
    if n > 0 {
        digits = format!(".{frac:0width$x}", width = n);
    }
    let esign = if exp < 0 { '-' } else { '+' };
    format!("{sign}0x1{digits}p{esign}{}", exp.abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_built_values() {
        assert_eq!(parse_hex("0x1.8p+1", false), Some(3.0));
        assert_eq!(parse_hex("0X1.8P1", false), Some(3.0));
        let z = parse_hex("-0x0p+0", false).unwrap();
        assert!(z == 0.0 && z.is_sign_negative());
        assert_eq!(parse_hex("0x1.fffffep+127", true), Some(f32::MAX as f64));
        assert_eq!(parse_hex("0x1.fffffep+127", false), Some(f32::MAX as f64));
        // One more bit than f32 holds, a tie, rounds to even: up, to 2^128: overflow.
        assert_eq!(parse_hex("0x1.ffffffp+127", true), Some(f64::INFINITY));
        assert_eq!(parse_hex("0x1.fffffefp+127", true), Some(f32::MAX as f64));
        assert_eq!(parse_hex("0x1p-149", true), Some(f32::from_bits(1) as f64));
        assert_eq!(parse_hex("0x1p-150", true), Some(0.0)); // tie to even: 0
        assert_eq!(
            parse_hex("0x1.000001p-150", true),
            Some(f32::from_bits(1) as f64)
        );
        assert_eq!(
            parse_hex("0x1.8p-149", true),
            Some(f32::from_bits(2) as f64)
        ); // tie: to even
        assert_eq!(parse_hex("0x1p-1074", false), Some(f64::from_bits(1)));
        assert_eq!(parse_hex("0x1p-1075", false), Some(0.0));
        assert_eq!(parse_hex("0x1.8p-1075", false), Some(f64::from_bits(1)));
        assert_eq!(
            parse_hex("0x1.fffffffffffff8p+1023", false),
            Some(f64::INFINITY)
        );
        assert_eq!(
            parse_hex("0x1.fffffffffffff7ffffffffp+1023", false),
            Some(f64::MAX)
        );
        assert_eq!(parse_hex("0x.8p1", false), Some(1.0));
        assert_eq!(parse_hex("0x10", false), Some(16.0));
        assert_eq!(parse_hex("0x1.", false), Some(1.0));
        assert_eq!(
            parse_hex("-0x1p99999999999999999999", false),
            Some(f64::NEG_INFINITY)
        );
        assert_eq!(parse_hex("0x1p-99999999999999999999", true), Some(0.0));
        // A long significand: the bits beyond 60 still decide the rounding.
        assert_eq!(
            parse_hex("0x1.00000000000008000000000000001p0", false),
            Some(1.0 + f64::EPSILON)
        );
        assert_eq!(
            parse_hex("0x1.00000000000008000000000000000p0", false),
            Some(1.0)
        );
        assert_eq!(parse_hex("0x0000000000000000000001.8p+1", false), Some(3.0));
        for bad in [
            "0x", "0xp1", "0x1p", "0x1p+", "0x1.2.3", "0x1g", "1.5", "0x1p1.5", "x1", "0x1 ",
        ] {
            assert_eq!(parse_hex(bad, false), None, "{bad}");
        }
        assert_eq!(format_hex(3.0), "0x1.8p+1");
        assert_eq!(format_hex(-0.0), "-0x0p+0");
        assert_eq!(format_hex(f32::MAX as f64), "0x1.fffffep+127");
        assert_eq!(format_hex(f64::from_bits(1)), "0x1p-1074");
        assert_eq!(format_hex(f32::from_bits(1) as f64), "0x1p-149");
        assert_eq!(format_hex(0.1), "0x1.999999999999ap-4");
    }

    #[test]
    fn every_value_round_trips() {
        let mut rng = isect::oracle::Rng::new(3);
        for _ in 0..200_000 {
            let x = f64::from_bits(rng.next_u64());
            if x.is_finite() {
                assert_eq!(
                    parse_hex(&format_hex(x), false).map(f64::to_bits),
                    Some(x.to_bits())
                );
            }
            let y = f32::from_bits(rng.next_u64() as u32);
            if y.is_finite() {
                let back = parse_hex(&format_hex(y as f64), true).unwrap();
                assert_eq!((back as f32).to_bits(), y.to_bits(), "{y:e}");
            }
        }
    }

    /// A decimal big number, base 10⁹ little-endian.
    struct Big(Vec<u64>);

    impl Big {
        fn mul_add(&mut self, m: u64, a: u64) {
            let mut carry = a;
            for limb in &mut self.0 {
                let x = *limb * m + carry;
                *limb = x % 1_000_000_000;
                carry = x / 1_000_000_000;
            }
            while carry > 0 {
                self.0.push(carry % 1_000_000_000);
                carry /= 1_000_000_000;
            }
        }
        fn digits(&self) -> String {
            let mut s = String::new();
            for (i, limb) in self.0.iter().rev().enumerate() {
                if i == 0 {
                    s += &limb.to_string();
                } else {
                    s += &format!("{limb:09}");
                }
            }
            if s.is_empty() {
                "0".into()
            } else {
                s
            }
        }
    }

    /// The exact decimal value of hexadecimal digits `digits` (no point) times `2^e`.
    fn exact_decimal(digits: &[u8], e: i64) -> String {
        let mut m = Big(Vec::new());
        for &d in digits {
            m.mul_add(16, u64::from(d));
        }
        if e >= 0 {
            let mut k = e;
            while k > 0 {
                let step = k.min(29);
                m.mul_add(1 << step, 0);
                k -= step;
            }
            m.digits()
        } else {
            let mut k = -e;
            while k > 0 {
                let step = k.min(13);
                m.mul_add(5u64.pow(step as u32), 0);
                k -= step;
            }
            format!("{}e-{}", m.digits(), -e)
        }
    }

    /// Random hexadecimal constants (long significands, exponents across both formats'
    /// subnormal and overflow ranges) read exactly: the same value as Rust's correctly
    /// rounded parse of the constant's exact decimal expansion, in `f64` and in `f32`.
    #[test]
    fn hex_constants_equal_rusts_parse_of_their_exact_decimal() {
        let mut rng = isect::oracle::Rng::new(11);
        for i in 0..3000 {
            let n = 1 + rng.below(if i % 2 == 0 { 8 } else { 30 });
            let digits: Vec<u8> = (0..n)
                .map(|k| {
                    if k == 0 && rng.chance(0.5) {
                        1
                    } else {
                        rng.below(16) as u8
                    }
                })
                .collect();
            let point = rng.below(n + 1);
            let e = if i % 3 == 0 {
                rng.range(-200, 140)
            } else {
                rng.range(-1200, 1100)
            };
            let hex: String = digits
                .iter()
                .map(|d| char::from_digit(u32::from(*d), 16).unwrap())
                .collect();
            let text = format!("0x{}.{}p{e:+}", &hex[..point], &hex[point..]);
            let text = if point == 0 {
                format!("0x0.{hex}p{e:+}")
            } else {
                text
            };
            let decimal = exact_decimal(&digits, e - 4 * (n - point) as i64);
            let want64: f64 = decimal.parse().unwrap();
            let want32: f32 = decimal.parse().unwrap();
            assert_eq!(
                parse_hex(&text, false).map(f64::to_bits),
                Some(want64.to_bits()),
                "{text} = {decimal}"
            );
            let got32 = parse_hex(&text, true).unwrap();
            assert_eq!((got32 as f32).to_bits(), want32.to_bits(), "{text}");
            assert_eq!(f64::from(got32 as f32), got32);
            let negative = parse_hex(&format!("-{text}"), false).unwrap();
            assert_eq!(negative.to_bits(), (-want64).to_bits());
        }
    }
}
