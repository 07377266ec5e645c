#!/bin/sh
# The slow tail against CGAL (docs/BENCHMARKS.md, "CGAL anchor: the slow tail"; issue 17
# item 4): adversarial rows of orient3d, insphere, tri-tri and ray-triangle, written by
# `isect oracle generate` for each family, timed by CGAL (benches/cgal/tail.cpp: Epick
# predicates, Epeck ray/triangle) and by isect (`cargo bench --bench tail`) on the same
# files.
#
# Needs Debian's CGAL: apt-get install -y libcgal-dev
# From the repository root:  sh benches/cgal/tail.sh [ROWS] [RUNS]
set -eu
ROWS=${1:-2000}
RUNS=${2:-9}
OUT=target/cgal/tail
mkdir -p "$OUT"
if [ ! -f /usr/include/CGAL/version.h ]; then
    echo "CGAL is not installed (apt-get install -y libcgal-dev)" >&2
    exit 2
fi
cargo build --release -q -p isect-cli
for kind in orient3d insphere tri-tri ray-triangle; do
    for family in uniform near-degenerate vertices edges extreme-exponents far-from-origin; do
        target/release/isect oracle generate "$kind" --family "$family" --count "$ROWS" \
            --out "$OUT/$kind.$family.csv"
    done
done
g++ -std=c++17 -O3 -DNDEBUG -DCGAL_NDEBUG benches/cgal/tail.cpp -o "$OUT/tail" -lgmp -lmpfr
for f in "$OUT"/*.csv; do
    kind=$(basename "$f" | cut -d. -f1)
    "$OUT/tail" "$kind" "$f" --runs "$RUNS"
done
# isect by the C++ program's method (median of RUNS passes a file), then criterion.
ISECT_TAIL_DIR="$OUT" ISECT_TAIL_PASSES="$RUNS" cargo bench -p isect-benches --bench tail
ISECT_TAIL_DIR="$OUT" cargo bench -p isect-benches --bench tail
