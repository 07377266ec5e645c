//! `isect audit`: the common fast intersection tests under a sweep of epsilons, against
//! the exact answers, on built-in scenes that aim at their weak spots (issue 6).
//!
//! Each scene (`scenes.rs`, built from `isect::oracle::scenes`) is run in `f64` or, with
//! `--float f32`, rounded to `f32` and run in `f32`. For every case the exact answer comes
//! from isect (`TriMesh::hits`, `tri_tri_intersect`, `orient2d`, `orient3d`, `ray_aabb`);
//! each fast test runs under every rule of the sweep (`rules.rs`: absolute epsilons 0,
//! 1e-12 … 1e-2 and relative ones of 1 … 256 ulps, through isect's policy layer) and its
//! failures are counted by kind (`eval.rs`). Each scene also has an `exact` row: isect's
//! exact test by a second path (per triangle instead of the mesh's BVH, or in rational
//! arithmetic), which must count zero failures. Output: a table on the terminal, and in
//! the output folder `report.json`, plots (`plot.rs`, PNG and SVG), sign maps
//! (`signmap.rs`) and `index.html` (`html.rs`).

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

mod candidates;
mod eval;
mod float;
mod html;
mod plot;
mod recommend;
mod rules;
mod scenes;
mod signmap;
mod user_mesh;

use eval::Test;
use float::AuditFloat;
use recommend::Recommendation;
use rules::Rule;
use scenes::SceneKind;
use user_mesh::MeshReport;

/// The float type the fast tests run in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FloatType {
    /// Single precision: the scenes are rounded to f32 and the f32 variants run.
    F32,
    /// Double precision.
    F64,
}

/// Options of `isect audit`.
#[derive(clap::Args)]
pub struct AuditArgs {
    /// Scenes to run, comma-separated [default: all]
    #[arg(long, value_enum, value_delimiter = ',', num_args = 1..)]
    pub scenes: Vec<SceneKind>,
    /// Audit on your own mesh (.obj, .stl, .ply, .off) instead of the built-in scenes:
    /// rays aimed exactly and rounded at its vertices and edges, and pairs of its
    /// nearly coplanar triangles, in the file's own precision
    #[arg(long, value_name = "FILE", conflicts_with = "scenes")]
    pub mesh: Option<PathBuf>,
    /// Your absolute epsilons, comma-separated, each finite and at least 0 (0, the plain
    /// formula, is always in the sweep) [default: 0,1e-12,1e-11,...,1e-2]
    #[arg(long, value_name = "LIST", value_delimiter = ',', num_args = 1, value_parser = rules::parse_eps)]
    pub eps: Vec<f64>,
    /// Your relative tolerances in ulps of the scale, comma-separated whole numbers of
    /// at least 1 [default: 1,4,16,64,256]
    #[arg(long, value_name = "LIST", value_delimiter = ',', num_args = 1, value_parser = rules::parse_ulps)]
    pub ulps: Vec<u32>,
    /// Cases per scene: rays, triangle pairs or predicate calls (the orient2d grid is
    /// the smallest square at least this big)
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub size: u64,
    /// Float type the fast tests run in [default: f64; with --mesh, the file's own
    /// precision: f32 for an STL or PLY file whose coordinates are all f32 values, else
    /// f64]
    #[arg(long, value_enum)]
    pub float: Option<FloatType>,
    /// Output folder for report.json, the plots and index.html (created if missing)
    #[arg(long, default_value = "audit-out")]
    pub out: PathBuf,
    /// Seed of the scene generators
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// `report.json`.
#[derive(Serialize)]
pub struct Report {
    /// `isect audit`.
    pub tool: &'static str,
    /// The crate version.
    pub version: &'static str,
    /// `f32` or `f64`.
    pub float: &'static str,
    /// Generator seed.
    pub seed: u64,
    /// Requested cases per scene.
    pub size: u64,
    /// Worker threads.
    pub threads: usize,
    /// Wall-clock seconds of the whole run.
    pub seconds: f64,
    /// The user's mesh (`--mesh`), when the audit ran on one.
    pub mesh: Option<MeshReport>,
    /// The finding the terminal output leads with, when the aimed-ray scenes ran.
    pub headline: Option<Headline>,
    /// One entry per scene.
    pub scenes: Vec<SceneReport>,
    /// The sign maps.
    pub sign_maps: Vec<signmap::MapSummary>,
}

/// Möller–Trumbore at the recommended epsilon on the aimed-ray scenes.
#[derive(Serialize)]
pub struct Headline {
    /// The absolute epsilon (1e-5).
    pub epsilon: f64,
    /// One line per aimed-ray scene.
    pub scenes: Vec<HeadlineScene>,
}

/// One aimed-ray scene in the headline.
#[derive(Serialize)]
pub struct HeadlineScene {
    /// Scene name.
    pub scene: &'static str,
    /// Rays cast.
    pub rays: u64,
    /// Rays with fewer hits than exact crossings.
    pub leaks: u64,
    /// Rays with more hits than exact crossings.
    pub double_counts: u64,
    /// The same counts of isect's exact row (zero).
    pub exact_failures: u64,
    /// The fewest rays failing in any way under any rule of the sweep.
    pub best_failing: u64,
    /// The first rule of the sweep with that many.
    pub best_rule: String,
    /// The plot (PNG) of this sweep.
    pub plot: String,
    /// Leaks of the tolerant variant (epsilon on the barycentrics too) at the same epsilon.
    pub tolerant_leaks: u64,
    /// Its double counts.
    pub tolerant_double_counts: u64,
}

/// One scene's results.
#[derive(Serialize)]
pub struct SceneReport {
    /// Scene name (`--scenes`).
    pub name: &'static str,
    /// What it is.
    pub description: String,
    /// Number of cases.
    pub cases: u64,
    /// Seconds spent on it.
    pub seconds: f64,
    /// The tests run on it.
    pub tests: Vec<TestReport>,
}

/// One test on one scene.
#[derive(Serialize)]
pub struct TestReport {
    /// Short id.
    pub id: &'static str,
    /// Title.
    pub title: &'static str,
    /// The isect function.
    pub function: &'static str,
    /// Failure kinds counted, in order.
    pub kinds: Vec<&'static str>,
    /// Plot files (PNG, SVG) when the test has a sweep.
    pub plots: Vec<String>,
    /// One row per rule.
    pub rows: Vec<RowReport>,
    /// What to choose, in words, from these rows (`recommend.rs`).
    pub recommendation: Option<Recommendation>,
}

/// One rule of one test.
#[derive(Serialize)]
pub struct RowReport {
    /// The rule (`{"kind": "absolute", "value": 1e-5}`, `{"kind": "ulps", "value": 4}`,
    /// `{"kind": "fixed"}`, `{"kind": "exact"}`).
    pub rule: Rule,
    /// Its label.
    pub label: String,
    /// Cases per failure kind.
    pub counts: BTreeMap<&'static str, u64>,
    /// Failure rate per kind (count / cases).
    pub rates: BTreeMap<&'static str, f64>,
    /// Cases with at least one failure.
    pub failing: u64,
}

/// Runs the audit.
pub fn run(args: &AuditArgs) -> Result<ExitCode, String> {
    let Some(path) = &args.mesh else {
        return match args.float.unwrap_or(FloatType::F64) {
            FloatType::F64 => run_in::<f64>(args, None),
            FloatType::F32 => run_in::<f32>(args, None),
        };
    };
    // A file that cannot be read: FILE:LINE:COL: message, exit 2 (bad input).
    let data = match user_mesh::read(path) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("isect: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let float = args.float.unwrap_or(if user_mesh::runs_in_f32(&data) {
        FloatType::F32
    } else {
        FloatType::F64
    });
    let format = match float {
        FloatType::F32 => isect::FloatFormat::F32,
        FloatType::F64 => isect::FloatFormat::F64,
    };
    let mesh = match user_mesh::build(&path.display().to_string(), &data, format) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("isect: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    match float {
        FloatType::F64 => run_in::<f64>(args, Some(&mesh)),
        FloatType::F32 => run_in::<f32>(args, Some(&mesh)),
    }
}

/// One scene to run: its name, description and cases in `f64`.
struct Planned<'a> {
    name: &'static str,
    description: String,
    build: Box<dyn Fn() -> scenes::Data<f64> + 'a>,
}

fn run_in<T: AuditFloat>(
    args: &AuditArgs,
    user: Option<&user_mesh::UserMesh>,
) -> Result<ExitCode, String> {
    let start = Instant::now();
    let out = &args.out;
    if out.exists() && !out.is_dir() {
        return Err(format!(
            "--out {}: exists and is not a directory",
            out.display()
        ));
    }
    std::fs::create_dir_all(out)
        .map_err(|e| format!("--out {}: cannot create the folder: {e}", out.display()))?;
    let size = usize::try_from(args.size).map_err(|_| "--size is too large".to_string())?;
    let seed = args.seed;
    let planned: Vec<Planned> = match user {
        Some(u) => user_mesh::SCENES
            .iter()
            .map(|&name| Planned {
                name,
                description: user_mesh::description(name, &u.report.file, u.report.triangles),
                build: Box::new(move || user_mesh::scene(name, &u.mesh, T::FORMAT, size, seed)),
            })
            .collect(),
        None => {
            let mut kinds: Vec<SceneKind> = if args.scenes.is_empty() {
                SceneKind::ALL.to_vec()
            } else {
                args.scenes.clone()
            };
            kinds.dedup();
            kinds
                .into_iter()
                .map(|kind| Planned {
                    name: kind.name(),
                    description: kind.description().to_string(),
                    build: Box::new(move || {
                        let mut data = scenes::build(kind, size, seed);
                        if let (scenes::Data::Orient2d(triples), "f32") = (&mut data, T::NAME) {
                            scenes::kettner_for_f32(triples);
                        }
                        data
                    }),
                })
                .collect()
        }
    };
    let sweep = rules::sweep_of_lists(
        (!args.eps.is_empty()).then_some(&args.eps[..]),
        (!args.ulps.is_empty()).then_some(&args.ulps[..]),
    );
    let place = |name: &str| {
        if user.is_some() {
            "this mesh".to_string()
        } else {
            name.to_string()
        }
    };
    let terminal = std::io::stderr().is_terminal();
    let mut reports = Vec::new();
    for plan in &planned {
        let scene_start = Instant::now();
        let data = (plan.build)().rounded::<T>();
        let progress = progress_bar(terminal, data.len() as u64, plan.name);
        let tests = eval::run(&data, &sweep, &progress)?;
        progress.finish_and_clear();
        reports.push(scene_report(
            (plan.name, &plan.description, &place(plan.name)),
            data.len() as u64,
            scene_start,
            tests,
            out,
        )?);
    }
    // The sign maps are of the float type, not of a mesh: the built-in audit draws them.
    let mut sign_maps = Vec::new();
    if user.is_none() {
        for panel in signmap::panels::<T>()? {
            sign_maps.push(panel.write(out, "signmap_")?);
        }
    }
    let mut report = Report {
        tool: "isect audit",
        version: env!("CARGO_PKG_VERSION"),
        float: T::NAME,
        seed: args.seed,
        size: args.size,
        threads: rayon::current_num_threads(),
        seconds: 0.0,
        mesh: user.map(|u| u.report.clone()),
        headline: None,
        scenes: reports,
        sign_maps,
    };
    report.headline = headline(&report);
    report.seconds = start.elapsed().as_secs_f64();
    let json = serde_json::to_string_pretty(&report).map_err(|e| format!("report.json: {e}"))?;
    write(out, "report.json", json + "\n")?;
    write(out, "index.html", html::page(&report))?;
    print!("{}", terminal_text(&report, out));
    // isect's exact rows count zero by construction; anything else is a bug in isect.
    let broken: Vec<String> = (report.scenes.iter())
        .flat_map(|s| s.tests.iter().map(move |t| (s, t)))
        .filter(|(_, t)| {
            t.rows
                .iter()
                .any(|r| r.rule == Rule::Exact && r.failing > 0)
        })
        .map(|(s, t)| format!("{}/{}", s.name, t.id))
        .collect();
    if !broken.is_empty() {
        eprintln!(
            "isect: the exact rows of {} disagree with isect's exact answers: a bug in isect, please report it with report.json",
            broken.join(", ")
        );
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}

fn write(dir: &Path, name: &str, text: String) -> Result<(), String> {
    let path = dir.join(name);
    std::fs::write(&path, text).map_err(|e| format!("writing {}: {e}", path.display()))
}

fn progress_bar(terminal: bool, len: u64, name: &str) -> ProgressBar {
    if !terminal {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{prefix:>18} [{bar:40}] {pos}/{len} {elapsed}")
        .map(|s| s.progress_chars("=> "))
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_prefix(name.to_string());
    bar
}

fn scene_report(
    (name, description, place): (&'static str, &str, &str),
    cases: u64,
    start: Instant,
    tests: Vec<Test>,
    out: &Path,
) -> Result<SceneReport, String> {
    let mut reports = Vec::new();
    for test in tests {
        let rate = |n: u64| {
            if cases == 0 {
                0.0
            } else {
                n as f64 / cases as f64
            }
        };
        let rows: Vec<RowReport> = (test.rules.iter().zip(&test.counts))
            .map(|(&rule, counts)| RowReport {
                rule,
                label: rule.label(),
                counts: test
                    .kinds
                    .iter()
                    .copied()
                    .zip(counts.iter().copied())
                    .collect(),
                rates: test
                    .kinds
                    .iter()
                    .copied()
                    .zip(counts.iter().map(|&n| rate(n)))
                    .collect(),
                failing: *counts.last().unwrap_or(&0),
            })
            .collect();
        let plots = if test.rules.len() > 1 {
            let plot = plot::SweepPlot {
                title: format!("{} on {}: cases failing against epsilon", test.title, name),
                kinds: test.kinds,
                rows: (test.rules.iter().zip(&test.counts))
                    .map(|(&r, c)| {
                        (
                            r,
                            c[..test.kinds.len()]
                                .iter()
                                .map(|&n| 100.0 * rate(n))
                                .collect(),
                        )
                    })
                    .collect(),
            };
            plot::write_sweep(out, &format!("{name}_{}", test.id), &plot)?.to_vec()
        } else {
            Vec::new()
        };
        let mut report = TestReport {
            id: test.id,
            title: test.title,
            function: test.function,
            kinds: test.kinds.to_vec(),
            plots,
            rows,
            recommendation: None,
        };
        report.recommendation = Some(recommend::recommend(&report, cases, place));
        reports.push(report);
    }
    Ok(SceneReport {
        name,
        description: description.to_string(),
        cases,
        seconds: start.elapsed().as_secs_f64(),
        tests: reports,
    })
}

fn headline(report: &Report) -> Option<Headline> {
    let scenes: Vec<HeadlineScene> = report
        .scenes
        .iter()
        .filter(|s| {
            matches!(
                s.name,
                "sphere-vertices"
                    | "sphere-edges"
                    | "sphere-vertices-float"
                    | "sphere-edges-float"
                    | "mesh-vertices"
                    | "mesh-edges"
                    | "mesh-vertices-float"
                    | "mesh-edges-float"
            )
        })
        .filter_map(|s| {
            let mt = s.tests.iter().find(|t| t.id == "moller-trumbore")?;
            let row = mt
                .rows
                .iter()
                .find(|r| r.rule == Rule::Absolute(rules::RECOMMENDED))?;
            let exact = s.tests.iter().find(|t| t.id == "exact")?.rows.first()?;
            let tolerant = s
                .tests
                .iter()
                .find(|t| t.id == "moller-trumbore-tolerant")?
                .rows
                .iter()
                .find(|r| r.rule == Rule::Absolute(rules::RECOMMENDED))?;
            let best = mt.rows.iter().min_by_key(|r| r.failing)?;
            Some(HeadlineScene {
                best_failing: best.failing,
                best_rule: best.label.clone(),
                scene: s.name,
                rays: s.cases,
                leaks: row.counts["leak"],
                double_counts: row.counts["double count"],
                exact_failures: exact.failing,
                plot: mt.plots.first()?.clone(),
                tolerant_leaks: tolerant.counts["leak"],
                tolerant_double_counts: tolerant.counts["double count"],
            })
        })
        .collect();
    (!scenes.is_empty()).then_some(Headline {
        epsilon: rules::RECOMMENDED,
        scenes,
    })
}

/// `eps 1e-5` for an absolute epsilon's label, `16 ulps` as it is.
pub(crate) fn rule_words(label: &str) -> String {
    if label.ends_with("ulps") {
        label.to_string()
    } else {
        format!("eps {label}")
    }
}

fn pct(n: u64, of: u64) -> String {
    if of == 0 {
        "-".into()
    } else {
        format!("{:.2}%", 100.0 * n as f64 / of as f64)
    }
}

/// What the aimed rays were cast at, in words.
pub(crate) fn subject(report: &Report) -> String {
    match &report.mesh {
        Some(m) => format!("{} ({} triangles)", m.file, m.triangles),
        None => "an icosphere of 1,280 triangles".to_string(),
    }
}

/// The terminal output: the headline, then one table per scene, then the files.
fn terminal_text(report: &Report, out: &Path) -> String {
    let mut s = String::new();
    if let Some(h) = &report.headline {
        s += &format!(
            "Möller–Trumbore at the recommended epsilon {:e} ({}), on {}:\n",
            h.epsilon,
            report.float,
            subject(report)
        );
        for line in &h.scenes {
            let what = match line.scene {
                "sphere-vertices" | "mesh-vertices" => "exactly at vertices",
                "sphere-edges" | "mesh-edges" => "exactly at edges",
                "sphere-vertices-float" | "mesh-vertices-float" => "at vertices, rounded",
                _ => "at edges, rounded",
            };
            s += &format!(
                "  rays aimed {what:<20}: {} of {} leak (fewer hits than crossings, {}), {} double-count ({}); isect exact: {} wrong\n",
                line.leaks,
                line.rays,
                pct(line.leaks, line.rays),
                line.double_counts,
                pct(line.double_counts, line.rays),
                line.exact_failures
            );
            s += &format!(
                "  {:<31}  with the epsilon on the barycentrics too (u >= -eps): {} leak, {} double-count\n",
                "",
                line.tolerant_leaks,
                line.tolerant_double_counts
            );
        }
        s += "\n";
    }
    if let Some(m) = &report.mesh {
        s += &format!(
            "{}: {}, {} faces, {} coordinates; built: {} vertices, {} triangles ({} dropped), {}\n",
            m.file,
            m.format,
            m.faces,
            m.file_precision,
            m.vertices,
            m.triangles,
            m.dropped_triangles,
            if m.closed {
                "closed"
            } else {
                "not closed (the exact counts are isect's per-triangle crossings)"
            }
        );
        if m.rounded_coordinates > 0 {
            s += &format!(
                "  {} coordinates rounded to {} (--float {})\n",
                m.rounded_coordinates, report.float, report.float
            );
        }
        s += "\n";
    }
    for scene in &report.scenes {
        s += &format!(
            "{}: {} ({} cases, {:.1} s)\n",
            scene.name, scene.description, scene.cases, scene.seconds
        );
        for test in &scene.tests {
            s += &format!("  {}  [{}]\n", test.title, test.function);
            s += &format!("    {:>10}", "epsilon");
            for k in &test.kinds {
                s += &format!(" {k:>20}");
            }
            s += "\n";
            for row in &test.rows {
                s += &format!("    {:>10}", row.label);
                for k in &test.kinds {
                    let n = row.counts[k];
                    s += &format!(" {:>20}", format!("{n} ({})", pct(n, scene.cases)));
                }
                s += "\n";
            }
        }
        s += "\n";
    }
    for map in &report.sign_maps {
        s += &format!(
            "sign map {}: the plain {} formula is wrong in {} of {} cells ({} false zeros, {} missed zeros, {} opposite signs)\n",
            map.name, report.float, map.wrong, map.cells, map.false_zero, map.missed_zero, map.wrong_sign
        );
    }
    s += "\nWhat to choose, per fast test and scene:\n";
    for scene in &report.scenes {
        for test in &scene.tests {
            if let Some(r) = test
                .recommendation
                .as_ref()
                .filter(|r| r.verdict != "exact")
            {
                s += &format!("  {}: {}\n", scene.name, r.text);
            }
        }
    }
    s += &format!(
        "\nwrote {} (report.json, index.html, plots) in {:.1} s on {} threads\n",
        out.display(),
        report.seconds,
        report.threads
    );
    s
}
