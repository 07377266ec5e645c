#!/usr/bin/env python3
"""Summarise `cargo bench --bench predicates` as markdown tables.

Usage: python3 benches/table.py [CRITERION_DIR]   (default: target/criterion)

Reads every */new/estimates.json (with the benchmark.json beside it) under the criterion
directory and prints one table per predicate: a row per input distribution, the median
time per predicate call in ns for each implementation, and the ratios isect_f64/naive and
isect_f64/robust. Standard library only.
"""

import json
import os
import sys

IMPLEMENTATIONS = ["naive", "naive_simd", "robust", "isect_f64", "isect_f32"]
DISTRIBUTIONS = ["random", "near_degenerate", "exact_degenerate"]
PREDICATES = ["orient2d", "orient3d", "incircle", "insphere"]


def elements(throughput):
    """Calls per iteration from criterion's throughput record (1 if none)."""
    if isinstance(throughput, dict):
        for key in ("Elements", "ElementsAndBytes"):
            value = throughput.get(key)
            if isinstance(value, int):
                return value
            if isinstance(value, dict) and "elements" in value:
                return value["elements"]
    return 1


def load(root):
    """{predicate: {distribution: {implementation: median ns per call}}}"""
    results = {}
    for dirpath, _, filenames in os.walk(root):
        if os.path.basename(dirpath) != "new" or "estimates.json" not in filenames:
            continue
        with open(os.path.join(dirpath, "estimates.json")) as f:
            estimates = json.load(f)
        meta_path = os.path.join(dirpath, "benchmark.json")
        if os.path.exists(meta_path):
            with open(meta_path) as f:
                meta = json.load(f)
            group = meta.get("group_id")
            function = meta.get("function_id")
            value = meta.get("value_str")
            per_iter = elements(meta.get("throughput"))
        else:
            # criterion/<group>/<function>/<value>/new
            parts = os.path.relpath(dirpath, root).split(os.sep)
            if len(parts) != 4:
                continue
            group, function, value, _ = parts
            per_iter = 1024
        if not (group and function and value):
            continue
        median = estimates["median"]["point_estimate"] / per_iter
        results.setdefault(group, {}).setdefault(value, {})[function] = median
    return results


def ordered(keys, preferred):
    return [k for k in preferred if k in keys] + sorted(k for k in keys if k not in preferred)


def fmt_ns(x):
    if x is None:
        return "–"
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def fmt_ratio(num, den):
    if num is None or den is None or den == 0:
        return "–"
    r = num / den
    return f"{r:,.0f}×" if r >= 100 else f"{r:.2f}×"


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join("target", "criterion")
    if not os.path.isdir(root):
        sys.exit(f"{root}: no such directory (run `cargo bench --bench predicates` first)")
    results = load(root)
    if not results:
        sys.exit(f"{root}: no */new/estimates.json found")
    for predicate in ordered(results, PREDICATES):
        rows = results[predicate]
        impls = ordered({i for row in rows.values() for i in row}, IMPLEMENTATIONS)
        print(f"### {predicate}\n")
        print("median ns per call\n")
        header = ["distribution"] + impls + [
            "isect_f64 / naive",
            "isect_f64 / naive_simd",
            "isect_f64 / robust",
        ]
        print("| " + " | ".join(header) + " |")
        print("|---|" + "---:|" * (len(header) - 1))
        for distribution in ordered(rows, DISTRIBUTIONS):
            row = rows[distribution]
            cells = [distribution] + [fmt_ns(row.get(i)) for i in impls]
            cells.append(fmt_ratio(row.get("isect_f64"), row.get("naive")))
            cells.append(fmt_ratio(row.get("isect_f64"), row.get("naive_simd")))
            cells.append(fmt_ratio(row.get("isect_f64"), row.get("robust")))
            print("| " + " | ".join(cells) + " |")
        print()


if __name__ == "__main__":
    main(sys.argv)
