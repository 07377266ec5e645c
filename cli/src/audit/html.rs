//! `index.html`: the headline, the plots and the tables of the report, self-contained
//! except for the image files next to it.

use super::signmap::escape;
use super::{pct, subject, Report};

/// The page for `report`.
pub fn page(report: &Report) -> String {
    let mut h = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>isect audit</title>\n<style>\n\
         body { font-family: sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }\n\
         table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.9em; }\n\
         th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: right; }\n\
         th:first-child, td:first-child { text-align: left; }\n\
         td.bad { background: #fde0dd; }\n\
         img.plot { width: 100%; max-width: 1000px; border: 1px solid #ddd; }\n\
         img.map { width: 256px; height: 256px; image-rendering: pixelated; border: 1px solid #ddd; }\n\
         figure.map { display: inline-block; margin: 0 1em 1em 0; vertical-align: top; width: 258px; }\n\
         figure.map figcaption { font-size: 0.85em; margin-top: 0.3em; }\n\
         .recommendations { background: #eef5ee; padding: 0.8em 1.2em; border-left: 4px solid #1a9850; }\n\
         .recommendations li { margin: 0.3em 0; }\n\
         .headline { background: #f4f4f4; padding: 0.8em 1.2em; border-left: 4px solid #d7301f; }\n\
         </style>\n</head>\n<body>\n<h1>isect audit</h1>\n",
    );
    h += &format!(
        "<p>Fast intersection tests in <b>{}</b> under a sweep of epsilons, against isect's exact answers \
         (seed {}, {} threads, {:.1} s). A failing case is counted once per failure kind.</p>\n",
        report.float, report.seed, report.threads, report.seconds
    );
    if let Some(m) = &report.mesh {
        h += &format!(
            "<p id=\"mesh\">On <b>{}</b> ({}, {} faces, {} coordinates): {} vertices and {} \
             triangles after exact welding ({} dropped), {}.{}</p>\n",
            escape(&m.file),
            m.format,
            m.faces,
            m.file_precision,
            m.vertices,
            m.triangles,
            m.dropped_triangles,
            if m.closed {
                "closed"
            } else {
                "not closed: the exact counts are isect's per-triangle crossings"
            },
            if m.rounded_coordinates > 0 {
                format!(
                    " {} coordinates rounded to {}.",
                    m.rounded_coordinates, report.float
                )
            } else {
                String::new()
            }
        );
    }
    h += "<div class=\"recommendations\" id=\"recommendations\">\n<p><b>What to choose</b>, per fast test and scene, from the counts below:</p>\n<ul>\n";
    for scene in &report.scenes {
        for test in &scene.tests {
            if let Some(r) = test
                .recommendation
                .as_ref()
                .filter(|r| r.verdict != "exact")
            {
                h += &format!(
                    "<li data-verdict=\"{}\"><a href=\"#{}\">{}</a>: {}</li>\n",
                    r.verdict,
                    escape(scene.name),
                    escape(scene.name),
                    escape(&r.text)
                );
            }
        }
    }
    h += "</ul>\n</div>\n";
    if let Some(head) = &report.headline {
        h += "<div class=\"headline\" id=\"headline\">\n";
        h += &format!(
            "<p><b>Möller–Trumbore at the recommended epsilon {:e}</b>, rays against {}:</p>\n<ul>\n",
            head.epsilon,
            escape(&subject(report))
        );
        for s in &head.scenes {
            h += &format!(
                "<li>{}: {} of {} rays leak ({}), {} double-count ({}); isect exact: {} wrong. \
                 With the epsilon on the barycentrics too (u ≥ −ε): {} leak, {} double-count.</li>\n",
                escape(s.scene),
                s.leaks,
                s.rays,
                pct(s.leaks, s.rays),
                s.double_counts,
                pct(s.double_counts, s.rays),
                s.exact_failures,
                s.tolerant_leaks,
                s.tolerant_double_counts
            );
        }
        h += "</ul>\n</div>\n";
    }
    for scene in &report.scenes {
        h += &format!(
            "<h2 id=\"{0}\">{0}</h2>\n<p>{1}; {2} cases.</p>\n",
            escape(scene.name),
            escape(&scene.description),
            scene.cases
        );
        for test in &scene.tests {
            h += &format!(
                "<h3>{}</h3>\n<p><code>{}</code></p>\n",
                escape(test.title),
                escape(test.function)
            );
            if let Some(r) = &test.recommendation {
                h += &format!("<p class=\"recommendation\">{}</p>\n", escape(&r.text));
            }
            if let (Some(png), Some(svg)) = (test.plots.first(), test.plots.get(1)) {
                h += &format!(
                    "<p><img class=\"plot\" src=\"{}\" alt=\"{}: failure rate against epsilon\"><br>\
                     <a href=\"{}\">PNG</a> · <a href=\"{}\">SVG</a></p>\n",
                    escape(svg),
                    escape(test.title),
                    escape(png),
                    escape(svg)
                );
            }
            h += "<table>\n<tr><th>epsilon</th>";
            for k in &test.kinds {
                h += &format!("<th>{}</th>", escape(k));
            }
            h += "</tr>\n";
            for row in &test.rows {
                h += &format!("<tr><td>{}</td>", escape(&row.label));
                for k in &test.kinds {
                    let n = row.counts[k];
                    let class = if n > 0 { " class=\"bad\"" } else { "" };
                    h += &format!("<td{class}>{n} ({})</td>", pct(n, scene.cases));
                }
                h += "</tr>\n";
            }
            h += "</table>\n";
        }
    }
    if !report.sign_maps.is_empty() {
        h += "<h2 id=\"sign-maps\">Sign maps</h2>\n";
    }
    for map in &report.sign_maps {
        h += &format!(
            "<h3>{}</h3>\n<p>{}. The plain formula is wrong in {} of {} cells \
             ({} false zeros, {} missed zeros, {} opposite signs).</p>\n<div>",
            escape(map.name),
            escape(&map.title),
            map.wrong,
            map.cells,
            map.false_zero,
            map.missed_zero,
            map.wrong_sign
        );
        let captions = [
            format!(
                "The plain {} formula: red positive, yellow zero, blue negative; i to the right, j up.",
                report.float
            ),
            "isect's exact signs, same colours: the truth the left map should show.".to_string(),
            format!(
                "Wrong cells in black ({} of {}); the others a pale shade of the exact sign.",
                map.wrong, map.cells
            ),
        ];
        for ((file, alt), caption) in map
            .files
            .iter()
            .zip(["plain formula", "isect exact", "wrong cells"])
            .zip(captions)
        {
            h += &format!(
                "<figure class=\"map\"><img class=\"map\" src=\"{}\" alt=\"{} {}\">\
                 <figcaption>{}</figcaption></figure>",
                escape(file),
                escape(map.name),
                alt,
                escape(&caption)
            );
        }
        if let Some(svg) = map.files.get(3) {
            h += &format!("<p><a href=\"{}\">SVG figure</a></p>", escape(svg));
        }
        h += "</div>\n";
    }
    // For headless checks (.ci/html-check.sh): after loading, the body says how many
    // images were decoded, as data-images="loaded/total".
    h += "<script>\nwindow.addEventListener('load', () => {\n  const all = Array.from(document.images);\n  \
          const ok = all.filter((i) => i.complete && i.naturalWidth > 0).length;\n  \
          document.body.dataset.images = ok + '/' + all.length;\n});\n</script>\n";
    h += "</body>\n</html>\n";
    h
}
