//! What to choose: one recommendation in words per fast test and scene, read off the
//! counts of the sweep.
//!
//! For a swept test, the rules with the fewest failing cases are found, and:
//! - if even those fail on some cases, no epsilon is safe (`none-safe`): the plain
//!   verdict, how many cases fail at every epsilon, where the fewest are, and what to
//!   use instead;
//! - if epsilon 0 (the plain formula) fails on none, it is already best (`zero-best`),
//!   and the epsilons only add failures (which, and how many at worst);
//! - otherwise (`use-range`) the epsilons with no failure, as ranges of the sweep.
//!
//! Tests without a tolerance get `no-epsilon` (their failure count), isect's exact rows
//! `exact`.

use serde::Serialize;

use super::rules::Rule;
use super::{RowReport, TestReport};

/// The recommendation for one test on one scene (`report.json`: `recommendation`).
#[derive(Serialize, Clone, Debug)]
pub struct Recommendation {
    /// `none-safe`, `zero-best`, `use-range`, `no-epsilon` or `exact`.
    pub verdict: &'static str,
    /// The recommendation in words.
    pub text: String,
    /// The fewest cases failing under any rule.
    pub fewest_failing: u64,
    /// The scene's cases.
    pub cases: u64,
    /// The labels of every rule with the fewest failing cases, in sweep order.
    pub best: Vec<String>,
    /// Those rules as ranges of the sweep (`eps 1e-9 to 1e-6`, `4 to 64 ulps`).
    pub ranges: Vec<String>,
}

/// Words for a test's cases and failures.
struct Words {
    unit: &'static str,
    goal: &'static str,
    failing: &'static str,
    instead: &'static str,
}

fn words(test: &TestReport) -> Words {
    match test.id {
        "moller-trumbore" | "moller-trumbore-tolerant" | "woop" => Words {
            unit: "rays",
            goal: "watertight",
            failing: "leak or double-count",
            instead: "use an exact or watertight test (isect's TriMesh::hits or ray_triangle)",
        },
        "moller-tri-tri" => Words {
            unit: "pairs",
            goal: "right",
            failing: "get a false hit or a miss",
            instead: "use an exact test (isect::tri_tri_intersect)",
        },
        "slab" | "slab-conservative" => Words {
            unit: "rays",
            goal: "right",
            failing: "get a false hit or a miss",
            instead:
                "use an exact or conservative test (isect::ray::ray_aabb, or ray_aabb_conservative)",
        },
        "naive-orient2d" => Words {
            unit: "calls",
            goal: "right",
            failing: "get a wrong sign or a wrong zero",
            instead: "use the exact predicate (isect::orient2d)",
        },
        "naive-orient3d" => Words {
            unit: "calls",
            goal: "right",
            failing: "get a wrong sign or a wrong zero",
            instead: "use the exact predicate (isect::orient3d)",
        },
        _ => Words {
            unit: "cases",
            goal: "right",
            failing: "fail",
            instead: "use isect's exact test",
        },
    }
}

/// The maximal runs of consecutive rules (in sweep order, absolute and ulps apart) for
/// which `keep` holds, in words.
fn ranges(rows: &[RowReport], keep: impl Fn(&RowReport) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    for ulps in [false, true] {
        let part: Vec<&RowReport> = rows
            .iter()
            .filter(|r| matches!(r.rule, Rule::Ulps(_)) == ulps)
            .collect();
        let mut k = 0;
        while k < part.len() {
            if !keep(part[k]) {
                k += 1;
                continue;
            }
            let start = k;
            while k + 1 < part.len() && keep(part[k + 1]) {
                k += 1;
            }
            let (a, b) = (&part[start].rule, &part[k].rule);
            out.push(match (a, b) {
                (Rule::Ulps(x), Rule::Ulps(y)) if x == y => format!("{x} ulps"),
                (Rule::Ulps(x), Rule::Ulps(y)) => format!("{x} to {y} ulps"),
                _ if start == k => format!("eps {}", part[start].label),
                _ => format!("eps {} to {}", part[start].label, part[k].label),
            });
            k += 1;
        }
    }
    out
}

/// `false hits`, `misses`.
fn plural(kind: &str) -> String {
    if kind.ends_with('s') {
        format!("{kind}es")
    } else {
        format!("{kind}s")
    }
}

fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The recommendation for `test` on a scene of `cases` cases; `place` says where
/// (`this mesh`, `sphere-vertices`).
pub fn recommend(test: &TestReport, cases: u64, place: &str) -> Recommendation {
    let w = words(test);
    let fewest = test.rows.iter().map(|r| r.failing).min().unwrap_or(0);
    let best: Vec<String> = (test.rows.iter())
        .filter(|r| r.failing == fewest)
        .map(|r| r.label.clone())
        .collect();
    let mut rec = Recommendation {
        verdict: "",
        text: String::new(),
        fewest_failing: fewest,
        cases,
        best,
        ranges: Vec::new(),
    };
    match test.rows.first().map(|r| r.rule) {
        Some(Rule::Exact) => {
            rec.verdict = "exact";
            rec.text = format!(
                "isect's exact answer by a second path: {fewest} of {cases} {} wrong (zero by construction, checked)",
                w.unit
            );
            return rec;
        }
        Some(Rule::Fixed) => {
            rec.verdict = "no-epsilon";
            rec.text = if fewest == 0 {
                format!(
                    "{} has no epsilon to choose and is right on all {cases} {} on {place}",
                    test.title, w.unit
                )
            } else {
                format!(
                    "{} has no epsilon to choose: {fewest} of {cases} {} {} on {place}",
                    test.title, w.unit, w.failing
                )
            };
            return rec;
        }
        _ => {}
    }
    rec.ranges = ranges(&test.rows, |r| r.failing == fewest);
    let where_best = list(&rec.ranges);
    let zero = test.rows.iter().find(|r| r.rule == Rule::Absolute(0.0));
    if fewest > 0 {
        rec.verdict = "none-safe";
        let fewest_at = if rec.best.len() == test.rows.len() {
            "the same at every epsilon of the sweep".to_string()
        } else {
            format!("fewest at {where_best}")
        };
        rec.text = format!(
            "no epsilon makes {} {} on {place}: {fewest} of {cases} {} {} at every epsilon \
             ({fewest_at}); {}",
            test.title, w.goal, w.unit, w.failing, w.instead
        );
    } else if zero.is_some_and(|z| z.failing == 0) {
        rec.verdict = "zero-best";
        let worst = test.rows.iter().max_by_key(|r| r.failing);
        rec.text = match worst {
            Some(worst) if worst.failing > 0 => {
                let added: Vec<String> = test
                    .kinds
                    .iter()
                    .filter(|k| test.rows.iter().any(|r| r.counts[*k] > 0))
                    .map(|k| plural(k))
                    .collect();
                format!(
                    "eps 0 is already best for {} on {place}: it is right on all {cases} {}, \
                     and every epsilon only adds failures ({}: up to {} of {cases} at {})",
                    test.title,
                    w.unit,
                    list(&added),
                    worst.failing,
                    super::rule_words(&worst.label)
                )
            }
            _ => format!(
                "eps 0 is already best for {} on {place}: every epsilon of the sweep, 0 \
                 included, is right on all {cases} {}; no epsilon is needed",
                test.title, w.unit
            ),
        };
    } else {
        rec.verdict = "use-range";
        let at_zero = zero.map(|z| z.failing).unwrap_or(0);
        rec.text = format!(
            "use {where_best} for {} on {place}: right on all {cases} {} there \
             (eps 0 fails on {at_zero})",
            test.title, w.unit
        );
    }
    rec
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn test_with(failing: &[(Rule, u64, u64)]) -> TestReport {
        TestReport {
            id: "slab",
            title: "slab test",
            function: "f",
            kinds: vec!["false hit", "miss"],
            plots: vec![],
            rows: failing
                .iter()
                .map(|&(rule, fh, miss)| RowReport {
                    rule,
                    label: rule.label(),
                    counts: BTreeMap::from([("false hit", fh), ("miss", miss)]),
                    rates: BTreeMap::new(),
                    failing: fh.max(miss),
                })
                .collect(),
            recommendation: None,
        }
    }

    #[test]
    fn verdicts() {
        use Rule::{Absolute as A, Ulps as U};
        let t = test_with(&[
            (A(0.0), 0, 0),
            (A(1e-5), 3, 0),
            (A(1e-2), 9, 0),
            (U(4), 0, 0),
        ]);
        let r = recommend(&t, 10, "box-rays");
        assert_eq!(r.verdict, "zero-best");
        assert_eq!(r.best, ["0", "4 ulps"]);
        assert_eq!(r.ranges, ["eps 0", "4 ulps"]);
        assert!(
            r.text.contains("false hits: up to 9 of 10 at eps 1e-2"),
            "{}",
            r.text
        );

        let t = test_with(&[
            (A(0.0), 0, 5),
            (A(1e-7), 0, 0),
            (A(1e-5), 0, 0),
            (A(1e-2), 2, 0),
        ]);
        let r = recommend(&t, 10, "x");
        assert_eq!(r.verdict, "use-range");
        assert!(
            r.text.starts_with("use eps 1e-7 to 1e-5 for slab test"),
            "{}",
            r.text
        );

        let t = test_with(&[
            (A(0.0), 0, 5),
            (A(1e-7), 1, 2),
            (A(1e-5), 4, 0),
            (U(1), 0, 2),
        ]);
        let r = recommend(&t, 10, "this mesh");
        assert_eq!(r.verdict, "none-safe");
        assert_eq!(r.fewest_failing, 2);
        assert_eq!(r.ranges, ["eps 1e-7", "1 ulps"]);
        assert!(
            r.text
                .starts_with("no epsilon makes slab test right on this mesh: 2 of 10 rays"),
            "{}",
            r.text
        );

        let t = test_with(&[(Rule::Fixed, 3, 1)]);
        assert_eq!(recommend(&t, 10, "x").verdict, "no-epsilon");
    }
}
