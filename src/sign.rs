//! The three-valued answer of every predicate.

use core::cmp::Ordering;
use core::ops::Neg;

/// The sign of a determinant: the answer of every predicate in this crate.
///
/// `Sign` is ordered `Negative < Zero < Positive` and negates with `-`.
///
/// # Examples
///
/// ```
/// use isect::Sign;
/// assert_eq!(-Sign::Positive, Sign::Negative);
/// assert_eq!(Sign::of(-2.5_f64), Sign::Negative);
/// assert_eq!(Sign::Zero * Sign::Negative, Sign::Zero);
/// assert!(Sign::Negative < Sign::Zero);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(i8)]
pub enum Sign {
    /// The value is strictly below zero.
    Negative = -1,
    /// The value is exactly zero: the points are in a degenerate position.
    Zero = 0,
    /// The value is strictly above zero.
    Positive = 1,
}

impl Sign {
    /// The sign of `x` compared with zero (`Zero` for `-0.0`).
    ///
    /// For a value that is not ordered against zero (a NaN) this returns `Zero`;
    /// the predicates never pass a NaN here.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Sign;
    /// assert_eq!(Sign::of(-0.0_f64), Sign::Zero);
    /// assert_eq!(Sign::of(3_i64), Sign::Positive);
    /// ```
    #[inline]
    pub fn of<T: PartialOrd + num_traits::Zero>(x: T) -> Sign {
        Sign::from_ordering(x.partial_cmp(&T::zero()).unwrap_or(Ordering::Equal))
    }

    /// `Less` → `Negative`, `Equal` → `Zero`, `Greater` → `Positive`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Sign;
    /// assert_eq!(Sign::from_ordering(1.cmp(&2)), Sign::Negative);
    /// ```
    #[inline]
    pub const fn from_ordering(o: Ordering) -> Sign {
        match o {
            Ordering::Less => Sign::Negative,
            Ordering::Equal => Sign::Zero,
            Ordering::Greater => Sign::Positive,
        }
    }

    /// The sign as `-1`, `0` or `1`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Sign;
    /// assert_eq!(Sign::Negative.to_i32(), -1);
    /// ```
    #[inline]
    pub const fn to_i32(self) -> i32 {
        self as i8 as i32
    }

    /// `true` for `Positive`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(isect::Sign::Positive.is_positive());
    /// ```
    #[inline]
    pub const fn is_positive(self) -> bool {
        matches!(self, Sign::Positive)
    }

    /// `true` for `Negative`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(isect::Sign::Negative.is_negative());
    /// ```
    #[inline]
    pub const fn is_negative(self) -> bool {
        matches!(self, Sign::Negative)
    }

    /// `true` for `Zero`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(isect::Sign::Zero.is_zero());
    /// ```
    #[inline]
    pub const fn is_zero(self) -> bool {
        matches!(self, Sign::Zero)
    }

    /// The sign with `Negative` and `Positive` exchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Sign;
    /// assert_eq!(Sign::Negative.reversed(), Sign::Positive);
    /// ```
    #[inline]
    pub const fn reversed(self) -> Sign {
        match self {
            Sign::Negative => Sign::Positive,
            Sign::Zero => Sign::Zero,
            Sign::Positive => Sign::Negative,
        }
    }

    /// The ordering of the value against zero.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Sign;
    /// assert_eq!(Sign::Positive.to_ordering(), core::cmp::Ordering::Greater);
    /// ```
    #[inline]
    pub const fn to_ordering(self) -> Ordering {
        match self {
            Sign::Negative => Ordering::Less,
            Sign::Zero => Ordering::Equal,
            Sign::Positive => Ordering::Greater,
        }
    }
}

impl Neg for Sign {
    type Output = Sign;
    #[inline]
    fn neg(self) -> Sign {
        self.reversed()
    }
}

impl core::ops::Mul for Sign {
    type Output = Sign;
    /// The sign of a product.
    #[inline]
    fn mul(self, rhs: Sign) -> Sign {
        match (self as i8) * (rhs as i8) {
            0 => Sign::Zero,
            1 => Sign::Positive,
            _ => Sign::Negative,
        }
    }
}

impl core::fmt::Display for Sign {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Sign::Negative => "negative",
            Sign::Zero => "zero",
            Sign::Positive => "positive",
        })
    }
}
