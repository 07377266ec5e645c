//! `isect oracle generate TEST --family F --count N [--float f32|f64] [--seed S] [--hex]
//! --out q.csv [--answers a.txt]`: the library's adversarial queries
//! ([`isect::oracle::KindInfo::generate`]) as a CSV file any language can read, with the
//! exact answers in a separate file or in a last column.
//!
//! The numbers are written so that reading them gives the generated values bit for bit:
//! the shortest decimal that reads back to the value in `f64` (Rust's `{:?}`), or with
//! `--hex` the C99 hexadecimal constant (`printf("%a")`'s notation, exact by
//! construction). For `--float f32` the values are `f32` values and the same decimal
//! reads back to them in `f32` too (it is within half an `f64` ulp of an `f32` value), so
//! `strtof`, `strtod`, Python's `float`, `numpy.float32` and `isect oracle` with or
//! without `--f32` all read the very values the answers are for. (The shortest `f32`
//! decimal, `0.1` for `0.1f32`, would read back to another number in `f64`: an `f64`
//! reader would check different queries.) Both files are written to a temporary file and
//! renamed into place when complete.

use std::path::PathBuf;

use isect::oracle::{Family, Rng};
use isect::FloatFormat;

use super::engine::{self, Kind};
use super::hexfloat::format_hex;
use super::{Fatal, Sink};
use isect::oracle::KINDS;

/// The input families, as the command line names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FamilyArg {
    /// Generic inputs, uniform around the origin.
    Uniform,
    /// Within rounding of degenerate (on a line, plane, circle, edge).
    #[value(alias = "near")]
    NearDegenerate,
    /// Exactly at vertices (rays through a vertex, repeated points).
    #[value(alias = "aimed-at-vertices")]
    Vertices,
    /// Exactly on edges (rays through an edge point, points on a line or plane).
    #[value(alias = "aimed-at-edges")]
    Edges,
    /// Degenerate inputs scaled to huge, tiny and subnormal magnitudes.
    #[value(alias = "extreme")]
    ExtremeExponents,
    /// Degenerate inputs translated far from the origin.
    #[value(alias = "far")]
    FarFromOrigin,
    /// Each query from one of the above at random.
    Mixed,
}

impl FamilyArg {
    fn family(self) -> Family {
        match self {
            FamilyArg::Uniform => Family::Uniform,
            FamilyArg::NearDegenerate => Family::NearDegenerate,
            FamilyArg::Vertices => Family::AimedAtVertices,
            FamilyArg::Edges => Family::AimedAtEdges,
            FamilyArg::ExtremeExponents => Family::ExtremeExponents,
            FamilyArg::FarFromOrigin => Family::FarFromOrigin,
            FamilyArg::Mixed => Family::Mixed,
        }
    }
}

/// The precision of the generated numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FloatArg {
    /// binary32: every value an `f32`, the families built in `f32`.
    F32,
    /// binary64.
    F64,
}

/// Options of `isect oracle generate`.
#[derive(clap::Args, Debug)]
#[command(after_long_help = GENERATE_HELP)]
pub struct GenerateArgs {
    /// The test (as for `isect oracle TEST FILE`).
    pub test: String,
    /// The family of adversarial inputs.
    #[arg(long, value_enum, default_value_t = FamilyArg::Mixed)]
    pub family: FamilyArg,
    /// How many queries.
    #[arg(long, default_value_t = 1000)]
    pub count: usize,
    /// The precision of the queries' numbers (and of the family's construction).
    #[arg(long = "float", value_enum, default_value_t = FloatArg::F64)]
    pub float: FloatArg,
    /// The seed (same seed, same queries, on every platform).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Write C99 hexadecimal floats (`0x1.8p+1`) instead of shortest decimals.
    #[arg(long)]
    pub hex: bool,
    /// The CSV file of queries (`-`: standard output).
    #[arg(long, short)]
    pub out: PathBuf,
    /// Write the exact answers to this file, one per line in row order, instead of as a
    /// last `answer` column of the CSV.
    #[arg(long, value_name = "FILE")]
    pub answers: Option<PathBuf>,
}

const GENERATE_HELP: &str = "\
OUTPUT: a header line with the test's column names (those `isect oracle TEST FILE` reads,
see `isect oracle --help`), plus `answer` when the answers go into the CSV, then one query
per line. Numbers are the shortest decimals that read back to the exact generated value
in f64; with --float f32 the values are f32 values and the same text reads back to them
in f32 as well (strtof, strtod, Python float, numpy.float32 and `isect oracle` with or
without --f32 all read them exactly). With --hex: C99 hexadecimal floats (printf's %a;
strtof, strtod and Python's float.fromhex read them exactly).
Answers are written as `isect oracle` writes them: -1, 0, 1 for signs, 1 (hit) or 0 (miss).

ROUND TRIP: run your kernel on the rows, write its answers as a last column `answer`, and
`isect oracle TEST FILE` lists every disagreement with its line.

EXAMPLE:
  isect oracle generate ray-triangle --family vertices --count 1000 --float f32 \\
      --out q.csv --answers a.txt";

/// One number as the file writes it (an `f32` value is an `f64` value: the same text
/// reads back to it in both formats).
fn number(x: f64, hex: bool) -> String {
    if hex {
        format_hex(x)
    } else {
        format!("{x:?}")
    }
}

/// Writes the queries (and answers).
pub(super) fn run(args: &GenerateArgs) -> Result<(), Fatal> {
    let kind: Kind = engine::kind_named(&args.test).ok_or_else(|| {
        let names: Vec<&str> = KINDS.iter().map(|k| k.name).collect();
        Fatal(format!(
            "unknown test `{}`: expected one of {}",
            args.test,
            names.join(", ")
        ))
    })?;
    let format = match args.float {
        FloatArg::F32 => FloatFormat::F32,
        FloatArg::F64 => FloatFormat::F64,
    };
    let separate = args.answers.is_some();
    let mut csv = kind.columns.join(",");
    if !separate {
        csv += ",answer";
    }
    csv.push('\n');
    let mut answers = String::new();
    let mut rng = Rng::new(args.seed);
    for _ in 0..args.count {
        let row = kind.generate(args.family.family(), format, &mut rng);
        let fields: Vec<String> = row.iter().map(|&x| number(x, args.hex)).collect();
        csv += &fields.join(",");
        let exact = kind.exact(&row);
        if separate {
            answers += &format!("{exact}\n");
        } else {
            csv += &format!(",{exact}");
        }
        csv.push('\n');
    }
    let mut queries = Sink::new(Some(&args.out))?;
    if let Err(e) = queries.write(csv.as_bytes()) {
        queries.discard();
        return Err(e);
    }
    if let Some(path) = &args.answers {
        let mut sink = Sink::new(Some(path))?;
        if let Err(e) = sink.write(answers.as_bytes()) {
            sink.discard();
            queries.discard();
            return Err(e);
        }
        if let Err(e) = sink.commit() {
            queries.discard();
            return Err(e);
        }
    }
    queries.commit()
}
