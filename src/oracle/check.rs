//! `check`: run a candidate against the exact answers, tally a confusion matrix, shrink
//! the simplest failure.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;
use core::fmt::{self, Debug, Display};

use super::rng::Rng;
use super::shrink::shrink;
use crate::{FloatFormat, Sign};

/// How a candidate's answer relates to the exact one.
///
/// For sign answers (the predicates): [`Agree`](Outcome::Agree),
/// [`WrongSign`](Outcome::WrongSign) (both non-zero, opposite),
/// [`FalseZero`](Outcome::FalseZero) (candidate `Zero`, exact non-zero),
/// [`MissedZero`](Outcome::MissedZero) (exact `Zero`, candidate non-zero). For hit/miss
/// answers: [`FalseHit`](Outcome::FalseHit), [`Miss`](Outcome::Miss). For the number of
/// crossings of a ray with a closed mesh: [`Leak`](Outcome::Leak) (fewer than exact: the
/// ray slipped through a shared edge or vertex), [`DoubleCount`](Outcome::DoubleCount)
/// (more than exact).
///
/// # Examples
///
/// ```
/// use isect::oracle::{Answer, Outcome};
/// use isect::Sign;
/// assert_eq!(Sign::outcome(&Sign::Zero, &Sign::Positive), Outcome::MissedZero);
/// assert_eq!(bool::outcome(&true, &false), Outcome::Miss);
/// assert_eq!(usize::outcome(&2, &1), Outcome::Leak);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// The candidate's answer is the exact one.
    Agree,
    /// Exact and candidate signs are both non-zero and opposite.
    WrongSign,
    /// The candidate says `Zero`, the exact sign is not.
    FalseZero,
    /// The exact sign is `Zero`, the candidate's is not.
    MissedZero,
    /// The candidate reports a hit (or intersection) where there is none.
    FalseHit,
    /// The candidate reports no hit where there is one.
    Miss,
    /// The candidate counts fewer crossings than there are (a ray leaking through a mesh).
    Leak,
    /// The candidate counts more crossings than there are (a crossing counted twice).
    DoubleCount,
}

impl Outcome {
    /// A short lower-case name (`"wrong sign"`, `"false zero"` …).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(isect::oracle::Outcome::DoubleCount.name(), "double count");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Agree => "agree",
            Outcome::WrongSign => "wrong sign",
            Outcome::FalseZero => "false zero",
            Outcome::MissedZero => "missed zero",
            Outcome::FalseHit => "false hit",
            Outcome::Miss => "miss",
            Outcome::Leak => "leak",
            Outcome::DoubleCount => "double count",
        }
    }
}

/// An answer type of a test kind: how a candidate's answer compares with the exact one.
///
/// Implemented for [`Sign`] (predicates), `bool` (hit or miss, intersect or not) and
/// `usize` (number of crossings of a ray with a mesh).
///
/// # Examples
///
/// ```
/// use isect::oracle::{Answer, Outcome};
/// assert_eq!(bool::outcome(&false, &true), Outcome::FalseHit);
/// assert_eq!(usize::outcome(&2, &3), Outcome::DoubleCount);
/// ```
pub trait Answer: Clone + Debug + PartialEq + Ord {
    /// Classifies the candidate answer `got` against the exact answer `exact`.
    fn outcome(exact: &Self, got: &Self) -> Outcome;
}

impl Answer for Sign {
    fn outcome(exact: &Sign, got: &Sign) -> Outcome {
        match (exact, got) {
            _ if exact == got => Outcome::Agree,
            (Sign::Zero, _) => Outcome::MissedZero,
            (_, Sign::Zero) => Outcome::FalseZero,
            _ => Outcome::WrongSign,
        }
    }
}

impl Answer for bool {
    fn outcome(exact: &bool, got: &bool) -> Outcome {
        match (exact, got) {
            (true, false) => Outcome::Miss,
            (false, true) => Outcome::FalseHit,
            _ => Outcome::Agree,
        }
    }
}

impl Answer for usize {
    fn outcome(exact: &usize, got: &usize) -> Outcome {
        match got.cmp(exact) {
            core::cmp::Ordering::Less => Outcome::Leak,
            core::cmp::Ordering::Greater => Outcome::DoubleCount,
            core::cmp::Ordering::Equal => Outcome::Agree,
        }
    }
}

/// The input families every generator offers (see each [`TestKind`] for what they mean
/// there).
///
/// # Examples
///
/// ```
/// use isect::oracle::Family;
/// assert_eq!(Family::ALL.len(), 7);
/// assert_eq!(Family::NearDegenerate.name(), "near-degenerate");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// Generic inputs, uniform in a box around the origin: the easy case.
    Uniform,
    /// Points rounded onto lines, planes, circles and spheres (within an ulp or so of
    /// degenerate, usually not exactly); rays and triangles nearly touching.
    NearDegenerate,
    /// Exactly degenerate at a vertex: repeated points; rays aimed exactly at vertices
    /// and box corners; triangles sharing a vertex exactly. Coordinates on dyadic grids
    /// so the construction is exact.
    AimedAtVertices,
    /// Exactly degenerate along an edge: points exactly on segments, planes, circles and
    /// spheres; rays aimed exactly at points of edges; triangles touching along an edge.
    AimedAtEdges,
    /// A near-degenerate or exactly degenerate input scaled by `2^e`, `e` from −1,130 to
    /// 1,000: huge, tiny and subnormal coordinates (some flushing to zero). In `f32`
    /// ([`Generator::precision`]), `e` from −180 to 120: the `f32` range, its subnormals
    /// included, and never an infinity.
    ExtremeExponents,
    /// Far from the origin: for the predicates, the near-degenerate construction done
    /// around a point of magnitude 2²⁰ to 2⁴⁰ (so the last point is rounded at that
    /// magnitude); for rays, triangles and boxes, a near-degenerate or exactly degenerate
    /// input translated by such an offset (positions only, rounded once per coordinate:
    /// exact aims become near aims). In `f32`, the offsets are 2⁶ to 2¹³ (the same loss of
    /// precision relative to the format) and the rounding is to `f32`.
    FarFromOrigin,
    /// Each case drawn from one of the families above at random.
    Mixed,
}

impl Family {
    /// Every family, in declaration order.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(isect::oracle::Family::ALL[0], isect::oracle::Family::Uniform);
    /// ```
    pub const ALL: [Family; 7] = [
        Family::Uniform,
        Family::NearDegenerate,
        Family::AimedAtVertices,
        Family::AimedAtEdges,
        Family::ExtremeExponents,
        Family::FarFromOrigin,
        Family::Mixed,
    ];

    /// A short lower-case name.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(isect::oracle::Family::FarFromOrigin.name(), "far from origin");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Family::Uniform => "uniform",
            Family::NearDegenerate => "near-degenerate",
            Family::AimedAtVertices => "aimed at vertices",
            Family::AimedAtEdges => "aimed at edges",
            Family::ExtremeExponents => "extreme exponents",
            Family::FarFromOrigin => "far from origin",
            Family::Mixed => "mixed",
        }
    }

    /// `Mixed` resolved to a concrete family drawn from `rng`; other families unchanged.
    pub(crate) fn resolve(self, rng: &mut Rng) -> Family {
        match self {
            Family::Mixed => Family::ALL[rng.below(6)],
            f => f,
        }
    }
}

/// A kind of test the oracle can judge: its input, its exact answer, how to generate
/// inputs, and how to see an input as a list of coordinates (for shrinking).
///
/// Implemented by [`Orient2dKind`](super::Orient2dKind), [`Orient3dKind`](super::Orient3dKind),
/// [`IncircleKind`](super::IncircleKind), [`InsphereKind`](super::InsphereKind),
/// [`RayTriangleKind`](super::RayTriangleKind), [`TriTriKind`](super::TriTriKind),
/// [`RayAabbKind`](super::RayAabbKind) and [`MeshRaysKind`](super::MeshRaysKind).
///
/// # Examples
///
/// ```
/// use isect::oracle::{Family, Orient2dKind, Rng, TestKind};
/// let input = Orient2dKind.generate(Family::AimedAtEdges, &mut Rng::new(1));
/// assert_eq!(Orient2dKind.exact(&input), isect::Sign::Zero); // exactly collinear
/// ```
pub trait TestKind {
    /// One query.
    type Input: Clone + Debug;
    /// The answer to one query.
    type Answer: Answer;
    /// The kind's name, as on the command line (`"orient3d"`, `"ray-triangle"` …).
    const NAME: &'static str;
    /// The exact answer, from isect's exact functions.
    fn exact(&self, input: &Self::Input) -> Self::Answer;
    /// One input of `family`, drawn from `rng` (in `f64`: the same as
    /// [`generate_in`](TestKind::generate_in) with [`FloatFormat::F64`]).
    fn generate(&self, family: Family, rng: &mut Rng) -> Self::Input;
    /// One input of `family` whose every coordinate is a number of `format`, drawn from
    /// `rng`: for [`FloatFormat::F32`], `x as f32` is exact for every coordinate, so an
    /// `f32` candidate sees exactly the input the exact answer is for.
    ///
    /// isect's kinds build the families **in** the format: exact aims and exact
    /// degeneracies on points of the format, near-degenerate points rounded once to the
    /// format, extreme exponents within the format's range (subnormals of the format
    /// included, never overflowing), offsets far from the origin for the format's
    /// precision (see [`Family`]). The provided method, for kinds defined elsewhere, rounds
    /// every coordinate of [`generate`](TestKind::generate)'s input to the format (which
    /// may turn exact aims into near ones and huge values into infinities).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{Family, RayTriangleKind, Rng, TestKind};
    /// use isect::FloatFormat;
    /// let mut rng = Rng::new(4);
    /// let q = RayTriangleKind.generate_in(Family::ExtremeExponents, FloatFormat::F32, &mut rng);
    /// let c = RayTriangleKind.coords(&q);
    /// assert!(c.iter().all(|&x| x.is_finite() && f64::from(x as f32) == x));
    /// ```
    fn generate_in(&self, family: Family, format: FloatFormat, rng: &mut Rng) -> Self::Input {
        let input = self.generate(family, rng);
        if format == FloatFormat::F64 {
            return input;
        }
        let c: Vec<f64> = self
            .coords(&input)
            .iter()
            .map(|&x| format.round(x))
            .collect();
        self.with_coords(&input, &c)
    }
    /// The input's coordinates, in a fixed order.
    fn coords(&self, input: &Self::Input) -> Vec<f64>;
    /// The input with its coordinates replaced (same order and length as
    /// [`coords`](TestKind::coords)).
    fn with_coords(&self, input: &Self::Input, coords: &[f64]) -> Self::Input;
}

/// Where [`check`] draws its inputs from: a test kind, a family, a seed and the
/// precision of the inputs.
///
/// # Examples
///
/// ```
/// use isect::oracle::{Family, Generator, Orient3dKind};
/// let g = Generator::new(Orient3dKind, Family::NearDegenerate).seed(5);
/// let inputs = g.inputs(3);
/// assert_eq!(inputs.len(), 3);
/// assert_eq!(inputs, g.inputs(3)); // deterministic
/// ```
///
/// Inputs in the precision of an `f32` kernel (see [`Generator::precision`]):
///
/// ```
/// use isect::oracle::{Family, Generator, Orient3dKind};
/// use isect::FloatFormat;
/// let g = Generator::new(Orient3dKind, Family::NearDegenerate).precision(FloatFormat::F32);
/// for q in g.inputs(100) {
///     let f: [[f32; 3]; 4] = q.map(|p| p.map(|x| x as f32));
///     assert_eq!(f.map(|p| p.map(f64::from)), q); // exact: these are f32 inputs
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Generator<K> {
    /// The test kind.
    pub kind: K,
    /// The family of inputs.
    pub family: Family,
    /// The seed (default 0).
    pub seed: u64,
    /// The format every coordinate is a number of (default [`FloatFormat::F64`]).
    pub precision: FloatFormat,
}

impl<K: TestKind> Generator<K> {
    /// A generator of `family` inputs for `kind`, seed 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{Family, Generator, TriTriKind};
    /// let g = Generator::new(TriTriKind, Family::AimedAtEdges);
    /// assert_eq!(g.seed, 0);
    /// ```
    pub fn new(kind: K, family: Family) -> Generator<K> {
        Generator {
            kind,
            family,
            seed: 0,
            precision: FloatFormat::F64,
        }
    }

    /// The same generator with another seed.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{Family, Generator, Orient2dKind};
    /// assert_eq!(Generator::new(Orient2dKind, Family::Uniform).seed(9).seed, 9);
    /// ```
    pub fn seed(mut self, seed: u64) -> Generator<K> {
        self.seed = seed;
        self
    }

    /// The same generator with inputs in `precision`: every coordinate a number of that
    /// format, built in it ([`TestKind::generate_in`]). With [`FloatFormat::F32`], judge
    /// an `f32` implementation: convert the coordinates with `as f32` inside the
    /// candidate (exact), and the exact answers are those of the very `f32` values the
    /// candidate computes with, so every disagreement [`check`] reports is the
    /// candidate's own.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{Family, Generator, TriTriKind, TestKind};
    /// use isect::FloatFormat;
    /// let g = Generator::new(TriTriKind, Family::ExtremeExponents).precision(FloatFormat::F32);
    /// for q in g.inputs(200) {
    ///     // Finite in f32 (tiny and subnormal ones included), and exact as f32.
    ///     assert!(TriTriKind.coords(&q).iter().all(|&x| (x as f32).is_finite() && f64::from(x as f32) == x));
    /// }
    /// ```
    pub fn precision(mut self, precision: FloatFormat) -> Generator<K> {
        self.precision = precision;
        self
    }

    /// The first `n` inputs (the ones [`check`] runs, in order).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{Family, Generator, Orient2dKind};
    /// assert_eq!(Generator::new(Orient2dKind, Family::Mixed).inputs(4).len(), 4);
    /// ```
    pub fn inputs(&self, n: usize) -> Vec<K::Input> {
        let mut rng = Rng::new(self.seed);
        (0..n)
            .map(|_| self.kind.generate_in(self.family, self.precision, &mut rng))
            .collect()
    }
}

/// One disagreement: the input, the exact answer and the candidate's.
///
/// # Examples
///
/// ```
/// use isect::oracle::{check, Family, Generator, Orient2dKind};
/// use isect::Sign;
/// let report = check(|_: &[[f64; 2]; 3]| Sign::Zero, &Generator::new(Orient2dKind, Family::Uniform), 10);
/// let c = report.counterexample.unwrap();
/// assert_ne!(c.exact, c.got);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Failure<I, A> {
    /// The input.
    pub input: I,
    /// isect's exact answer.
    pub exact: A,
    /// The candidate's answer.
    pub got: A,
    /// How they differ.
    pub outcome: Outcome,
}

/// The result of [`check`]: the confusion matrix, counts per [`Outcome`], the first
/// failures, and the smallest counterexample after shrinking.
///
/// # Examples
///
/// ```
/// use isect::oracle::{check, Family, Generator, Orient3dKind, Outcome};
/// // The exact function as the candidate: no disagreements.
/// let g = Generator::new(Orient3dKind, Family::Mixed);
/// let report = check(|q: &[[f64; 3]; 4]| isect::orient3d(q[0], q[1], q[2], q[3]), &g, 500);
/// assert_eq!(report.disagreements(), 0);
/// assert_eq!(report.count(Outcome::Agree), 500);
/// ```
#[derive(Clone, Debug)]
pub struct Report<I, A> {
    /// The test kind's name.
    pub kind: &'static str,
    /// The input family.
    pub family: Family,
    /// The format of the inputs ([`Generator::precision`]).
    pub precision: FloatFormat,
    /// How many inputs were run.
    pub cases: usize,
    /// `confusion[(exact, got)]`: how many inputs had that exact answer and that
    /// candidate answer (the diagonal is agreement).
    pub confusion: BTreeMap<(A, A), usize>,
    /// How many inputs ended in each outcome (missing outcomes: none).
    pub outcomes: BTreeMap<Outcome, usize>,
    /// The first few failures, in generation order (at most [`Report::KEEP`]).
    pub failures: Vec<Failure<I, A>>,
    /// The simplest failure after shrinking, if there was a failure: still a failure of
    /// the same [`Outcome`], on coordinates as simple as the shrinker could make them
    /// (fewer mantissa bits, smaller exponents, zeros).
    pub counterexample: Option<Failure<I, A>>,
    /// The generated input the counterexample was shrunk from.
    pub shrunk_from: Option<I>,
}

impl<I, A> Report<I, A> {
    /// How many failures [`Report::failures`] keeps.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{check, Family, Generator, Orient2dKind, Report};
    /// let g = Generator::new(Orient2dKind, Family::AimedAtEdges);
    /// let r = check(|_: &[[f64; 2]; 3]| isect::Sign::Positive, &g, 100);
    /// assert_eq!(r.failures.len(), Report::<[[f64; 2]; 3], isect::Sign>::KEEP);
    /// ```
    pub const KEEP: usize = 16;

    /// The number of inputs that ended in `outcome`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{check, Family, Generator, Orient2dKind, Outcome};
    /// let g = Generator::new(Orient2dKind, Family::AimedAtEdges);
    /// let r = check(|_: &[[f64; 2]; 3]| isect::Sign::Positive, &g, 20);
    /// assert_eq!(r.count(Outcome::MissedZero), 20); // all are exactly collinear
    /// ```
    pub fn count(&self, outcome: Outcome) -> usize {
        self.outcomes.get(&outcome).copied().unwrap_or(0)
    }

    /// The number of inputs where the candidate disagreed with the exact answer.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{check, Family, Generator, Orient2dKind};
    /// let g = Generator::new(Orient2dKind, Family::Uniform);
    /// let r = check(|p: &[[f64; 2]; 3]| isect::orient2d(p[0], p[1], p[2]), &g, 50);
    /// assert_eq!(r.disagreements(), 0);
    /// ```
    pub fn disagreements(&self) -> usize {
        self.cases - self.count(Outcome::Agree)
    }
}

impl<I: Debug, A: Debug> Display for Report<I, A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let precision = match self.precision {
            FloatFormat::F64 => "f64",
            FloatFormat::F32 => "f32",
        };
        writeln!(
            f,
            "{} on {} {precision} inputs: {} cases, {} disagreements",
            self.kind,
            self.family.name(),
            self.cases,
            self.disagreements()
        )?;
        for (outcome, n) in &self.outcomes {
            writeln!(f, "  {:<13} {n}", outcome.name())?;
        }
        writeln!(f, "  confusion (exact -> candidate):")?;
        for ((exact, got), n) in &self.confusion {
            writeln!(f, "    {exact:?} -> {got:?}: {n}")?;
        }
        if let Some(c) = &self.counterexample {
            writeln!(
                f,
                "  smallest counterexample ({}): exact {:?}, candidate {:?}\n    {:?}",
                c.outcome.name(),
                c.exact,
                c.got,
                c.input
            )?;
        }
        Ok(())
    }
}

/// Runs `candidate` on the first `n` inputs of `generator` and compares every answer with
/// isect's exact one ([`TestKind::exact`]).
///
/// Returns a [`Report`] with the confusion matrix and, if any answer differed, the
/// simplest failure shrunk further: coordinates are replaced by simpler values (zero, the
/// value rounded to fewer mantissa bits, to an integer, all coordinates scaled by a power
/// of two toward exponent 0) as long as the candidate still fails **with the same
/// [`Outcome`]**; the shrunk input is re-checked against the exact answer, so the
/// counterexample is a real failure. Shrinking evaluates at most a few thousand inputs.
///
/// The candidate is any `FnMut(&Input) -> Answer`. To judge an `f32` implementation, give
/// the generator [`FloatFormat::F32`] ([`Generator::precision`]) and convert the
/// coordinates inside the closure with `as f32`: every coordinate is then an `f32` value,
/// the conversion is exact, and the exact answer is the one for the `f32` inputs the
/// candidate sees (with `f64` inputs the conversion would round, and a disagreement could
/// be the rounding's rather than the candidate's). The shrinker keeps the coordinates in
/// the generator's format.
///
/// # Examples
///
/// A naive orient3d (the plain determinant, no filter) fails on near-coplanar points; the
/// oracle finds it and shrinks a counterexample (a real failure, not a made-up one):
///
/// ```
/// use isect::oracle::{check, Family, Generator, Orient3dKind, Outcome};
/// use isect::Sign;
///
/// fn naive_orient3d(q: &[[f64; 3]; 4]) -> Sign {
///     let [a, b, c, d] = *q;
///     let (ax, ay, az) = (a[0] - d[0], a[1] - d[1], a[2] - d[2]);
///     let (bx, by, bz) = (b[0] - d[0], b[1] - d[1], b[2] - d[2]);
///     let (cx, cy, cz) = (c[0] - d[0], c[1] - d[1], c[2] - d[2]);
///     let det = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
///     Sign::of(det)
/// }
///
/// let g = Generator::new(Orient3dKind, Family::NearDegenerate).seed(1);
/// let report = check(naive_orient3d, &g, 10_000);
/// println!("{report}");
/// assert!(report.count(Outcome::WrongSign) + report.count(Outcome::MissedZero) > 0);
/// let c = report.counterexample.as_ref().unwrap();
/// // The shrunk counterexample still fails:
/// assert_eq!(isect::orient3d(c.input[0], c.input[1], c.input[2], c.input[3]), c.exact);
/// assert_eq!(naive_orient3d(&c.input), c.got);
/// assert_ne!(c.exact, c.got);
/// ```
pub fn check<K, C>(
    mut candidate: C,
    generator: &Generator<K>,
    n: usize,
) -> Report<K::Input, K::Answer>
where
    K: TestKind,
    C: FnMut(&K::Input) -> K::Answer,
{
    let kind = &generator.kind;
    let mut rng = Rng::new(generator.seed);
    let mut confusion = BTreeMap::new();
    let mut outcomes = BTreeMap::new();
    let mut failures = Vec::new();
    type Ranked<K> = (
        u64,
        Failure<<K as TestKind>::Input, <K as TestKind>::Answer>,
    );
    let mut simplest: Option<Ranked<K>> = None;
    for _ in 0..n {
        let input = kind.generate_in(generator.family, generator.precision, &mut rng);
        let exact = kind.exact(&input);
        let got = candidate(&input);
        let outcome = K::Answer::outcome(&exact, &got);
        *outcomes.entry(outcome).or_insert(0) += 1;
        if outcome != Outcome::Agree {
            let cost = super::shrink::cost(&kind.coords(&input));
            let failure = Failure {
                input,
                exact: exact.clone(),
                got: got.clone(),
                outcome,
            };
            if simplest.as_ref().is_none_or(|(c, _)| cost < *c) {
                simplest = Some((cost, failure.clone()));
            }
            if failures.len() < Report::<K::Input, K::Answer>::KEEP {
                failures.push(failure);
            }
        }
        *confusion.entry((exact, got)).or_insert(0) += 1;
    }
    let (counterexample, shrunk_from) = match simplest {
        Some((_, f)) => {
            let original = f.input.clone();
            (
                Some(shrink(kind, &mut candidate, f, generator.precision)),
                Some(original),
            )
        }
        None => (None, None),
    };
    Report {
        kind: K::NAME,
        family: generator.family,
        precision: generator.precision,
        cases: n,
        confusion,
        outcomes,
        failures,
        counterexample,
        shrunk_from,
    }
}

/// A reference to a kind is the same kind (so a [`Generator`] can borrow a big one, such
/// as a [`MeshRaysKind`](super::MeshRaysKind)).
impl<K: TestKind> TestKind for &K {
    type Input = K::Input;
    type Answer = K::Answer;
    const NAME: &'static str = K::NAME;
    fn exact(&self, input: &K::Input) -> K::Answer {
        (**self).exact(input)
    }
    fn generate(&self, family: Family, rng: &mut Rng) -> K::Input {
        (**self).generate(family, rng)
    }
    fn generate_in(&self, family: Family, format: FloatFormat, rng: &mut Rng) -> K::Input {
        (**self).generate_in(family, format, rng)
    }
    fn coords(&self, input: &K::Input) -> Vec<f64> {
        (**self).coords(input)
    }
    fn with_coords(&self, input: &K::Input, coords: &[f64]) -> K::Input {
        (**self).with_coords(input, coords)
    }
}
