//! `isect audit`'s index.html opened in headless Chromium: the DOM has the plots, every
//! image decodes, and a screenshot shows the plot lines.
//!
//! Runs when a Chromium is found (`$CHROMIUM`, `chromium`, `chromium-browser`); otherwise
//! it passes with a notice, unless `ISECT_REQUIRE_CHROMIUM` is set (as `.ci/run` does
//! after installing Debian's `chromium` package), when a missing browser is a failure.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn chromium() -> Option<String> {
    let candidates = std::env::var("CHROMIUM")
        .into_iter()
        .chain(["chromium", "chromium-browser"].map(String::from));
    for c in candidates {
        let ok = Command::new(&c)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            return Some(c);
        }
    }
    None
}

/// Runs headless Chromium with `extra` flags on `page`; returns stdout. Fails after 90 s.
fn headless(browser: &str, page: &Path, profile: &Path, extra: &[String]) -> String {
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--virtual-time-budget=10000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("waiting for chromium").is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(90) {
            let _ = child.kill();
            panic!("chromium did not finish within 90 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = child.wait_with_output().expect("chromium output");
    assert!(out.status.success(), "chromium failed: {:?}", out.status);
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// Pixels (RGB) of a PNG file.
fn pixels(path: &Path) -> (u32, u32, Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let step = info.color_type.samples();
    let px = buf[..info.buffer_size()]
        .chunks(step)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    (info.width, info.height, px)
}

/// The browser and a fresh folder `base` with `out` and an empty browser `profile` in it;
/// `None` (the test is skipped, with a word on stderr) when there is no chromium, which
/// `ISECT_REQUIRE_CHROMIUM` turns into a failure.
fn browser_and_folders(name: &str) -> Option<(String, PathBuf, PathBuf, PathBuf)> {
    let Some(browser) = chromium() else {
        assert!(
            std::env::var_os("ISECT_REQUIRE_CHROMIUM").is_none(),
            "ISECT_REQUIRE_CHROMIUM is set but no chromium was found"
        );
        eprintln!("no chromium found: the headless HTML check is skipped");
        return None;
    };
    let base: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&base);
    let (out, profile) = (base.join("out"), base.join("profile"));
    std::fs::create_dir_all(&profile).unwrap();
    Some((browser, base, out, profile))
}

#[test]
fn index_html_renders_the_plots_in_headless_chromium() {
    let Some((browser, base, out, profile)) = browser_and_folders("audit-html") else {
        return;
    };
    let status = Command::new(env!("CARGO_BIN_EXE_isect"))
        .args(["audit", "--size", "50", "--out", out.to_str().unwrap()])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let page = out.join("index.html").canonicalize().unwrap();
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let scenes = report["scenes"].as_array().unwrap();
    assert!(
        scenes.len() >= 6,
        "the default audit lost scenes: {}",
        scenes.len()
    );
    let plots = scenes
        .iter()
        .flat_map(|s| s["tests"].as_array().unwrap())
        .filter(|t| !t["plots"].as_array().unwrap().is_empty())
        .count();
    let sweeps = scenes
        .iter()
        .flat_map(|s| s["tests"].as_array().unwrap())
        .filter(|t| t["rows"].as_array().unwrap().len() > 1)
        .count();
    assert!(plots >= scenes.len(), "at least one sweep plot per scene");
    assert_eq!(plots, sweeps, "one plot per swept test");

    // The DOM after load: one <img class="plot"> per sweep, 3 sign-map images per map, and
    // every image decoded (data-images="loaded/total", set by the page's script).
    let dom = headless(&browser, &page, &profile, &["--dump-dom".into()]);
    assert_eq!(dom.matches("<img class=\"plot\"").count(), plots, "{dom}");
    assert_eq!(dom.matches("<img class=\"map\"").count(), 6);
    let total = plots + 6;
    assert!(
        dom.contains(&format!("data-images=\"{total}/{total}\"")),
        "not every image decoded: {}",
        dom.lines()
            .find(|l| l.contains("<body"))
            .unwrap_or("no <body>")
    );
    assert!(dom.contains("id=\"headline\""));
    // The recommendations lead the page, one per fast test and scene, and each sign map
    // has a caption under each of its three images.
    let recs = dom.find("id=\"recommendations\"").expect("recommendations");
    assert!(recs < dom.find("id=\"headline\"").unwrap());
    assert!(dom.matches("<li data-verdict=").count() >= 17);
    assert!(!dom.contains("still fails"), "the old wording is gone");
    assert_eq!(dom.matches("<figcaption>").count(), 6);

    // A screenshot of the top of the page (the recommendations, the headline and the first
    // plot): not blank, and
    // the first plot's lines are drawn: blue (double count, at 100% on vertex-aimed rays)
    // and purple (miss, at 0), colours used nowhere else above the sign maps.
    let shot = base.join("shot.png");
    headless(
        &browser,
        &page,
        &profile,
        &[
            format!("--screenshot={}", shot.display()),
            "--window-size=1200,2600".into(),
        ],
    );
    let (w, h, px) = pixels(&shot);
    assert_eq!((w, h), (1200, 2600));
    let near = |p: &[u8; 3], c: [u8; 3]| p.iter().zip(c).all(|(&a, b)| a.abs_diff(b) <= 40);
    let ink = px.iter().filter(|p| !near(p, [255, 255, 255])).count();
    assert!(
        ink > 10_000,
        "screenshot is almost blank ({ink} non-white pixels)"
    );
    let red = px.iter().filter(|p| near(p, [215, 48, 39])).count();
    let blue = px.iter().filter(|p| near(p, [49, 104, 180])).count();
    assert!(
        red > 300 && blue > 300,
        "plot lines not visible: {red} red, {blue} blue pixels"
    );
}

/// `isect audit --mesh` on a small OBJ: the page leads with the recommendations, one per
/// fast test and scene (the same texts as report.json), every image decodes, and a
/// screenshot of the top shows the recommendation box.
#[test]
fn mesh_audit_page_shows_the_recommendations_in_headless_chromium() {
    let Some((browser, base, out, profile)) = browser_and_folders("audit-html-mesh") else {
        return;
    };
    // A slightly squashed icosphere, written as OBJ.
    let (v, t) = isect::oracle::scenes::unit_icosphere(2);
    let mut obj = String::new();
    for p in &v {
        obj += &format!("v {:?} {:?} {:?}\n", p[0], p[1] * 0.7, p[2]);
    }
    for f in &t {
        obj += &format!("f {} {} {}\n", f[0] + 1, f[1] + 1, f[2] + 1);
    }
    let file = base.join("squashed.obj");
    std::fs::write(&file, obj).unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_isect"))
        .args(["audit", "--mesh", file.to_str().unwrap(), "--size", "60"])
        .args(["--out", out.to_str().unwrap()])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let page = out.join("index.html").canonicalize().unwrap();
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let texts: Vec<String> = report["scenes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["tests"].as_array().unwrap())
        .filter(|t| t["recommendation"]["verdict"] != "exact")
        .map(|t| t["recommendation"]["text"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        texts.len(),
        13,
        "MT, tolerant MT, Woop on 4 ray scenes; tri/tri"
    );
    let plots = report["scenes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["tests"].as_array().unwrap())
        .filter(|t| !t["plots"].as_array().unwrap().is_empty())
        .count();

    let dom = headless(&browser, &page, &profile, &["--dump-dom".into()]);
    let recs = dom
        .find("id=\"recommendations\"")
        .expect("the recommendations are on the page");
    let first_scene = dom.find("<h2 ").expect("scene sections");
    assert!(
        recs < first_scene,
        "the recommendations come before the tables"
    );
    assert_eq!(dom.matches("<li data-verdict=").count(), texts.len());
    for text in &texts {
        assert!(dom.contains(text.as_str()), "the page lacks: {text}");
    }
    assert!(
        dom.contains(&format!("data-images=\"{plots}/{plots}\"")),
        "not every plot decoded"
    );

    // The top of the page: the box's green border (#1a9850) is drawn.
    let shot = base.join("shot.png");
    headless(
        &browser,
        &page,
        &profile,
        &[
            format!("--screenshot={}", shot.display()),
            "--window-size=1200,700".into(),
        ],
    );
    let (_, _, px) = pixels(&shot);
    let near = |p: &[u8; 3], c: [u8; 3]| p.iter().zip(c).all(|(&a, b)| a.abs_diff(b) <= 30);
    let green = px.iter().filter(|p| near(p, [26, 152, 80])).count();
    assert!(
        green > 400,
        "recommendation box not drawn: {green} green pixels"
    );
}
