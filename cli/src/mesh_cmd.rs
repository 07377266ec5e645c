//! `isect mesh FILE`: what a mesh file holds and what is wrong with it, decided exactly.
//!
//! The file is read by `isect::io` (OBJ, STL, PLY, OFF), built with
//! `TriMesh::from_soup` (exact welding, degenerate and duplicate faces dropped and
//! reported), and described: closed or not, boundary and non-manifold edges,
//! orientation (consistent, and outward or inward by the exact sign of the volume),
//! connected components, the Euler characteristic.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use isect::io::{MeshData, MeshFileError, MeshFormat};
use isect::mesh::{SoupReport, Topology};
use isect::{Sign, TriMesh};
use serde_json::{json, Value};

/// Meshes with at least this many faces get a progress indicator (on a terminal).
const PROGRESS_FACES: usize = 200_000;

/// The long help after the options.
const HELP: &str = "\
WHAT IT PRINTS: the file's vertices and faces; what building the mesh changed (vertices
with exactly equal coordinates welded, faces with no area or repeated dropped, vertices
no face uses dropped; faces with more than three corners and PLY triangle strips split
into triangles); whether the surface is closed; its boundary edges (used by one
triangle), non-manifold edges (more than two), non-manifold vertices (where the surface
is pinched: the triangles around the vertex form more than one fan) and misoriented
edges (two triangles in the same direction); the
orientation: consistent or not, and for a closed mesh outward or inward by the exact
sign of its volume; connected components; the Euler characteristic V - E + F.
Faces and vertices are numbered from 0 in file order; an edge names its two vertices by
their number in the file (for welded vertices, the first of those with the same
coordinates).

SELF-INTERSECTIONS: every pair of faces whose closed triangles meet, except where their
only common points are a shared vertex or a shared edge (CGAL's semantics: shared means
the same vertex after welding), decided exactly; the first --max-report on the terminal
and in the JSON object, all with --pairs FILE (CSV face_a,face_b,triangle_a,triangle_b;
triangles are numbered among the file's triangles after polygons are split). With
--against B: the pairs of faces, one of each mesh, whose closed triangles meet.

PROGRESS: on a terminal, meshes of 200,000 faces or more show what is being done on
standard error, and the pair search a bar with the fraction of its parts done (its
parts differ in size, so the bar is an estimate until the end); nothing is drawn when
standard error is not a terminal or with --json.

EXIT CODES: 0 the mesh is a clean closed, outward, consistently oriented surface
without self-intersections (with --against: no pair meets); 1 problems found (listed
under `problems`; with --against: some pairs meet); 2 bad input (FILE:LINE: message for
a malformed file).";

/// The file format, when the extension does not say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    /// Wavefront OBJ.
    Obj,
    /// STL, ASCII or binary.
    Stl,
    /// Stanford PLY, ASCII or binary.
    Ply,
    /// Object File Format.
    Off,
}

impl FormatArg {
    fn format(self) -> MeshFormat {
        match self {
            FormatArg::Obj => MeshFormat::Obj,
            FormatArg::Stl => MeshFormat::Stl,
            FormatArg::Ply => MeshFormat::Ply,
            FormatArg::Off => MeshFormat::Off,
        }
    }
}

/// Options of `isect mesh`.
#[derive(clap::Args, Debug)]
#[command(after_long_help = HELP)]
pub struct MeshArgs {
    /// The mesh file: .obj, .stl, .ply or .off (`-` reads standard input; give --format).
    pub file: PathBuf,
    /// The file format (default: from the extension).
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// Print one JSON object on standard output instead of the text report.
    #[arg(long)]
    pub json: bool,
    /// How many edges, faces and pairs of each kind to list (text report) and how many
    /// pairs the JSON object lists (all go to --pairs).
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub max_report: usize,
    /// Write every intersecting pair of faces to this CSV file
    /// (`face_a,face_b,triangle_a,triangle_b`).
    #[arg(long, value_name = "FILE")]
    pub pairs: Option<PathBuf>,
    /// A second mesh file: list the pairs of faces, one of each mesh, that intersect
    /// (--format applies to both files).
    #[arg(long, value_name = "FILE")]
    pub against: Option<PathBuf>,
}

/// A mesh read and built, with where each piece came from.
struct Loaded {
    name: String,
    data: MeshData<f64>,
    mesh: TriMesh<f64>,
    report: SoupReport,
}

impl Loaded {
    /// The file's face of the mesh's triangle `t`.
    fn face_of(&self, t: usize) -> usize {
        self.data.triangle_face[self.report.triangle_origin[t]]
    }

    /// The file's faces of a list of input triangles, without repeats.
    fn faces_of(&self, triangles: &[usize]) -> Vec<usize> {
        let mut f: Vec<usize> = triangles
            .iter()
            .map(|&t| self.data.triangle_face[t])
            .collect();
        f.sort_unstable();
        f.dedup();
        f
    }
}

/// Runs `isect mesh`.
pub fn run(args: &MeshArgs) -> Result<ExitCode, String> {
    let terminal = std::io::stderr().is_terminal() && !args.json;
    let loaded = match load(&args.file, args.format, terminal) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{e}");
            return Ok(ExitCode::from(2));
        }
    };
    if let Some(path) = &args.against {
        let other = match load(path, args.format, terminal) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("{e}");
                return Ok(ExitCode::from(2));
            }
        };
        return against(args, &loaded, &other, terminal);
    }
    let progress = spinner(terminal && loaded.data.faces >= PROGRESS_FACES);
    progress.set_message("topology and orientation");
    let mut summary = describe(&loaded);
    progress.finish_and_clear();
    let progress = bar(terminal && loaded.data.faces >= PROGRESS_FACES);
    progress.set_message("self-intersections");
    let pairs = loaded
        .mesh
        .self_intersections_reporting(&|done, all| advance(&progress, done, all));
    progress.finish_and_clear();
    let faces = face_pairs(&loaded, &loaded, &pairs);
    summary.json["self_intersections"] = json!({
        "pairs": pairs.len(),
        "first_pairs": &faces[..faces.len().min(args.max_report)],
    });
    if let Some(path) = &args.pairs {
        if let Err(e) = write_pairs(path, &loaded, &loaded, &pairs) {
            eprintln!("isect: {e}");
            return Ok(ExitCode::from(2));
        }
    }
    let mut problems = problems(&summary);
    if !pairs.is_empty() {
        problems.push(format!("{} self-intersecting pairs of faces", pairs.len()));
    }
    if args.json {
        let mut value = summary.json;
        value["problems"] = json!(problems);
        println!(
            "{}",
            serde_json::to_string(&value).map_err(|e| e.to_string())?
        );
    } else {
        print!("{}", text_report(&loaded, &summary, args.max_report));
        print!("self-intersections: {}", pairs.len());
        println!("{}", pair_list(&faces, args.max_report));
        if problems.is_empty() {
            println!("problems: none");
        } else {
            println!("problems: {}", problems.join("; "));
        }
    }
    Ok(if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `isect mesh A --against B`: the pairs of faces, one of each, that intersect.
fn against(args: &MeshArgs, a: &Loaded, b: &Loaded, terminal: bool) -> Result<ExitCode, String> {
    let progress = bar(terminal && a.data.faces + b.data.faces >= PROGRESS_FACES);
    progress.set_message("intersecting pairs");
    let pairs = a
        .mesh
        .intersecting_pairs_reporting(&b.mesh, &|done, all| advance(&progress, done, all));
    progress.finish_and_clear();
    let faces = face_pairs(a, b, &pairs);
    if let Some(path) = &args.pairs {
        if let Err(e) = write_pairs(path, a, b, &pairs) {
            eprintln!("isect: {e}");
            return Ok(ExitCode::from(2));
        }
    }
    if args.json {
        let value = json!({
            "file": a.name,
            "against": b.name,
            "triangles": [a.mesh.triangles().len(), b.mesh.triangles().len()],
            "pairs": pairs.len(),
            "first_pairs": &faces[..faces.len().min(args.max_report)],
        });
        println!(
            "{}",
            serde_json::to_string(&value).map_err(|e| e.to_string())?
        );
    } else {
        for l in [a, b] {
            println!(
                "{}: {}, {} faces, built: {} vertices, {} triangles",
                l.name,
                l.data.format.name(),
                l.data.faces,
                l.mesh.vertices().len(),
                l.mesh.triangles().len()
            );
        }
        print!(
            "intersecting pairs (face of {}, face of {}): {}",
            a.name,
            b.name,
            pairs.len()
        );
        println!("{}", pair_list(&faces, args.max_report));
    }
    Ok(if pairs.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The file faces of pairs of mesh triangles (`[triangle of a, triangle of b]`).
fn face_pairs(a: &Loaded, b: &Loaded, pairs: &[[u32; 2]]) -> Vec<[usize; 2]> {
    pairs
        .iter()
        .map(|&[i, j]| [a.face_of(i as usize), b.face_of(j as usize)])
        .collect()
}

/// The first `max` face pairs, one per line after a colon (empty for none).
fn pair_list(faces: &[[usize; 2]], max: usize) -> String {
    let mut out = String::new();
    for f in faces.iter().take(max) {
        out += &format!("\n  faces {} and {}", f[0], f[1]);
    }
    if faces.len() > max {
        out += &format!(
            "\n  … and {} more (all with --pairs FILE)",
            faces.len() - max
        );
    }
    out
}

/// Writes every pair as CSV: the file faces, and the triangles' indices among the
/// file's triangles (after polygons are split).
fn write_pairs(path: &Path, a: &Loaded, b: &Loaded, pairs: &[[u32; 2]]) -> Result<(), String> {
    let mut text = String::from("face_a,face_b,triangle_a,triangle_b\n");
    for &[i, j] in pairs {
        let (ti, tj) = (
            a.report.triangle_origin[i as usize],
            b.report.triangle_origin[j as usize],
        );
        text += &format!(
            "{},{},{ti},{tj}\n",
            a.data.triangle_face[ti], b.data.triangle_face[tj]
        );
    }
    std::fs::write(path, text).map_err(|e| format!("writing {}: {e}", path.display()))
}

/// A progress spinner on standard error, or a hidden one.
fn spinner(show: bool) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} {elapsed}") {
        bar.set_style(style);
    }
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    bar
}

/// A progress bar on standard error for a pair search, or a hidden one; its length is set
/// by the search's first report ([`advance`]); until then it shows 0 %.
fn bar(show: bool) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(1), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{msg} [{bar:30}] {percent:>3}% {elapsed} (eta {eta})")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// Moves a pair-search bar: `(0, all)` comes first and sets its length, then each
/// finished part (`done` ≥ 1, from any thread, in any order) moves it by one.
fn advance(bar: &ProgressBar, done: usize, all: usize) {
    if done == 0 {
        bar.set_length(all as u64);
    } else {
        bar.inc(1);
    }
}

/// Reads a mesh file (or standard input) and builds the mesh.
fn load(path: &Path, format: Option<FormatArg>, terminal: bool) -> Result<Loaded, MeshFileError> {
    let progress = spinner(terminal);
    progress.set_message(format!("reading {}", path.display()));
    let data = if path.as_os_str() == "-" {
        let format = format.map(FormatArg::format).ok_or_else(|| MeshFileError {
            file: "-".into(),
            position: isect::io::FilePosition::File,
            message: "standard input needs --format".into(),
        })?;
        isect::io::read_mesh_from(std::io::stdin().lock(), format, "-")?
    } else {
        match format {
            Some(f) => isect::io::read_mesh_as(path, f.format())?,
            None => isect::io::read_mesh(path)?,
        }
    };
    if data.faces < PROGRESS_FACES {
        progress.finish_and_clear();
    } else {
        progress.set_message("welding and checking faces");
    }
    let (mesh, report) = TriMesh::from_soup(data.vertices.clone(), data.triangles.clone());
    progress.finish_and_clear();
    Ok(Loaded {
        name: path.display().to_string(),
        data,
        mesh,
        report,
    })
}

/// What the report says, as values and as JSON.
struct Summary {
    topology: Topology,
    volume: Option<Sign>,
    json: Value,
}

fn sign_word(s: Sign) -> &'static str {
    match s {
        Sign::Positive => "positive",
        Sign::Zero => "zero",
        Sign::Negative => "negative",
    }
}

/// The mesh's vertex `v` as the file's vertex number.
fn file_edge(l: &Loaded, e: [u32; 2]) -> [u32; 2] {
    e.map(|v| l.report.vertex_origin[v as usize])
}

fn describe(l: &Loaded) -> Summary {
    let topology = l.mesh.topology();
    let volume = topology.is_closed().then(|| l.mesh.volume_sign());
    let r = &l.report;
    let ignored: Vec<Value> = l
        .data
        .ignored
        .iter()
        .map(|i| json!({"what": i.what, "count": i.count, "first_line": i.first_line}))
        .collect();
    let json = json!({
        "file": l.name,
        "format": l.data.format.name(),
        "file_vertices": l.data.vertices.len(),
        "file_faces": l.data.faces,
        "polygons_split": l.data.polygons,
        "triangle_strips": l.data.strips,
        "ignored": ignored,
        "repairs": {
            "merged_vertices": r.merged_vertices.len(),
            "unreferenced_vertices": r.unreferenced_vertices,
            "degenerate_faces": l.faces_of(&r.degenerate_triangles),
            "duplicate_faces": r.duplicate_triangles.iter()
                .map(|d| [l.data.triangle_face[d[0]], l.data.triangle_face[d[1]]]).collect::<Vec<_>>(),
        },
        "vertices": l.mesh.vertices().len(),
        "triangles": l.mesh.triangles().len(),
        "edges": topology.edges,
        "closed": topology.is_closed(),
        "boundary_edges": topology.boundary_edges.iter().map(|&e| file_edge(l, e)).collect::<Vec<_>>(),
        "non_manifold_edges": topology.non_manifold_edges.iter()
            .map(|&(e, n)| json!({"edge": file_edge(l, e), "faces": n})).collect::<Vec<_>>(),
        "non_manifold_vertices": topology.non_manifold_vertices.iter()
            .map(|&(v, n)| json!({"vertex": l.report.vertex_origin[v as usize], "fans": n})).collect::<Vec<_>>(),
        "misoriented_edges": topology.misoriented_edges.iter()
            .map(|&(e, t)| json!({"edge": file_edge(l, e), "faces": t.map(|t| l.face_of(t as usize))})).collect::<Vec<_>>(),
        "consistently_oriented": topology.is_consistently_oriented(),
        "volume_sign": volume.map(sign_word),
        "orientation": volume.map(|s| match s {
            Sign::Positive => "outward",
            Sign::Negative => "inward",
            Sign::Zero => "encloses no volume",
        }),
        "components": topology.components,
        "euler_characteristic": topology.euler_characteristic(),
    });
    Summary {
        topology,
        volume,
        json,
    }
}

/// The problems found, in words (empty for a clean mesh).
fn problems(s: &Summary) -> Vec<String> {
    let t = &s.topology;
    let j = &s.json;
    let mut out = Vec::new();
    let count = |key: &str| j[key].as_array().map_or(0, Vec::len);
    let repairs = &j["repairs"];
    let degenerate = repairs["degenerate_faces"].as_array().map_or(0, Vec::len);
    if degenerate > 0 {
        out.push(format!("{degenerate} degenerate faces"));
    }
    let duplicates = repairs["duplicate_faces"].as_array().map_or(0, Vec::len);
    if duplicates > 0 {
        out.push(format!("{duplicates} duplicate faces"));
    }
    if t.faces == 0 {
        out.push("no faces".into());
    }
    if count("boundary_edges") > 0 {
        out.push(format!("open ({} boundary edges)", count("boundary_edges")));
    }
    if count("non_manifold_edges") > 0 {
        out.push(format!(
            "{} non-manifold edges",
            count("non_manifold_edges")
        ));
    }
    if count("non_manifold_vertices") > 0 {
        out.push(format!(
            "{} non-manifold (pinched) vertices",
            count("non_manifold_vertices")
        ));
    }
    if count("misoriented_edges") > 0 {
        out.push(format!("{} misoriented edges", count("misoriented_edges")));
    }
    match s.volume {
        Some(Sign::Negative) => out.push("inside out (negative volume)".into()),
        Some(Sign::Zero) => out.push("encloses no volume".into()),
        _ => {}
    }
    out
}

/// At most `max` items of a list, and how many more.
fn first<T: std::fmt::Debug>(items: &[T], max: usize) -> String {
    let shown: Vec<String> = items.iter().take(max).map(|x| format!("{x:?}")).collect();
    let more = items.len().saturating_sub(max);
    if more > 0 {
        format!("{} … and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

fn text_report(l: &Loaded, s: &Summary, max: usize) -> String {
    let (d, r, t) = (&l.data, &l.report, &s.topology);
    let mut out = format!(
        "{}: {}, {} vertices, {} faces",
        l.name,
        d.format.name(),
        d.vertices.len(),
        d.faces
    );
    if d.polygons > 0 || d.strips > 0 {
        let mut kinds = Vec::new();
        if d.polygons > 0 {
            kinds.push(format!("{} with more than 3 corners", d.polygons));
        }
        if d.strips > 0 {
            kinds.push(format!("{} triangle strips", d.strips));
        }
        out += &format!(
            " ({}, split into {} triangles)",
            kinds.join(", "),
            d.triangles.len()
        );
    }
    out += "\n";
    for i in &d.ignored {
        out += &format!("ignored: {} {}", i.count, i.what);
        if let Some(line) = i.first_line {
            out += &format!(" (first on line {line})");
        }
        out += "\n";
    }
    let j = &s.json["repairs"];
    let degenerate = l.faces_of(&r.degenerate_triangles);
    let mut changes = Vec::new();
    if !r.merged_vertices.is_empty() {
        changes.push(format!(
            "{} vertices welded (exactly equal coordinates)",
            r.merged_vertices.len()
        ));
    }
    if !r.unreferenced_vertices.is_empty() {
        changes.push(format!(
            "{} unreferenced vertices dropped ({})",
            r.unreferenced_vertices.len(),
            first(&r.unreferenced_vertices, max)
        ));
    }
    if !degenerate.is_empty() {
        changes.push(format!(
            "{} degenerate faces dropped ({})",
            degenerate.len(),
            first(&degenerate, max)
        ));
    }
    if let Some(dups) = j["duplicate_faces"].as_array().filter(|a| !a.is_empty()) {
        changes.push(format!("{} duplicate faces dropped", dups.len()));
    }
    out += &format!(
        "built: {} vertices, {} triangles{}\n",
        l.mesh.vertices().len(),
        l.mesh.triangles().len(),
        if changes.is_empty() {
            String::new()
        } else {
            format!("; {}", changes.join("; "))
        }
    );
    out += &format!("closed: {}\n", if t.is_closed() { "yes" } else { "no" });
    let boundary: Vec<[u32; 2]> = t.boundary_edges.iter().map(|&e| file_edge(l, e)).collect();
    out += &format!("boundary edges: {}", boundary.len());
    out += &if boundary.is_empty() {
        "\n".into()
    } else {
        format!(" ({})\n", first(&boundary, max))
    };
    let nm: Vec<([u32; 2], usize)> = t
        .non_manifold_edges
        .iter()
        .map(|&(e, n)| (file_edge(l, e), n))
        .collect();
    out += &format!("non-manifold edges: {}", nm.len());
    out += &if nm.is_empty() {
        "\n".into()
    } else {
        format!(" ({})\n", first(&nm, max))
    };
    let pinched: Vec<(u32, usize)> = t
        .non_manifold_vertices
        .iter()
        .map(|&(v, n)| (l.report.vertex_origin[v as usize], n))
        .collect();
    out += &format!("non-manifold vertices: {}", pinched.len());
    out += &if pinched.is_empty() {
        "\n".into()
    } else {
        format!(" (vertex, fans: {})\n", first(&pinched, max))
    };
    let orientation = if !t.misoriented_edges.is_empty() {
        let mis: Vec<[u32; 2]> = t
            .misoriented_edges
            .iter()
            .map(|&(e, _)| file_edge(l, e))
            .collect();
        format!(
            "inconsistent ({} misoriented edges: {})",
            mis.len(),
            first(&mis, max)
        )
    } else if !t.is_consistently_oriented() {
        format!(
            "not defined across the {} non-manifold edges (no edge used twice in one direction)",
            nm.len()
        )
    } else {
        match s.volume {
            Some(Sign::Positive) => "consistent, outward (volume > 0, exact)".into(),
            Some(Sign::Negative) => "consistent, inward (volume < 0, exact)".into(),
            Some(Sign::Zero) => "consistent, encloses no volume (exactly 0)".into(),
            None => "consistent (open: no inside or outside)".into(),
        }
    };
    out += &format!("orientation: {orientation}\n");
    out += &format!("components: {}\n", t.components);
    out += &format!(
        "Euler characteristic: V - E + F = {} - {} + {} = {}\n",
        t.vertices,
        t.edges,
        t.faces,
        t.euler_characteristic()
    );
    out += &format!("degenerate faces: {}\n", degenerate.len());
    out
}
