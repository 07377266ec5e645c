#!/bin/sh
# Point location in real mesh files, isect against CGAL's Side_of_triangle_mesh (EPICK:
# exact predicates), answer for answer.
#
# Needs Debian's CGAL: apt-get install -y libcgal-dev
# From the repository root:  sh benches/cgal/side.sh MESH_FILE... [-- RANDOM_POINTS]
# For each closed, consistently oriented mesh file (OBJ, STL, PLY, OFF), isect writes the
# built mesh, the query points (vertices, one ulp off them, edge midpoints, centroids,
# segments across the surface, random points: benches/examples/side_points.rs) and its
# answers into target/cgal/side/<name>/; CGAL classifies the same points; any line where
# the answers differ is printed.
set -eu
OUT=target/cgal
if [ ! -f /usr/include/CGAL/version.h ]; then
    echo "CGAL is not installed (apt-get install -y libcgal-dev)" >&2
    exit 2
fi
FLAGS="-std=c++17 -O3 -DNDEBUG -DCGAL_NDEBUG"
mkdir -p "$OUT"
if [ ! -x "$OUT/self_intersections" ] || [ benches/cgal/self_intersections.cpp -nt "$OUT/self_intersections" ]; then
    echo "g++ $FLAGS benches/cgal/self_intersections.cpp -o $OUT/self_intersections -lgmp -lmpfr"
    g++ $FLAGS benches/cgal/self_intersections.cpp -o "$OUT/self_intersections" -lgmp -lmpfr
fi
FILES=""
RANDOM_POINTS=100000
while [ $# -gt 0 ]; do
    if [ "$1" = "--" ]; then RANDOM_POINTS=$2; break; fi
    FILES="$FILES $1"
    shift
done
cargo build -q --release -p isect-benches --example side_points
differ=0
for f in $FILES; do
    name=$(basename "$f")
    dir="$OUT/side/${name%.*}"
    if ! target/release/examples/side_points "$f" "$dir" "$RANDOM_POINTS"; then
        echo "$f: skipped"
        continue
    fi
    "$OUT/self_intersections" "$dir/mesh.off" --side-file "$dir/points.txt" "$dir/cgal.txt"
    if cmp -s "$dir/isect.txt" "$dir/cgal.txt"; then
        echo "$f: same answers ($(wc -l <"$dir/isect.txt") points)"
    else
        n=$(paste -d' ' "$dir/isect.txt" "$dir/cgal.txt" | awk '$1 != $2' | wc -l)
        echo "$f: $n answers differ (line: isect cgal point)"
        paste -d' ' "$dir/isect.txt" "$dir/cgal.txt" "$dir/points.txt" | awk '$1 != $2 {print NR": "$0}' | head -5
        differ=$((differ + 1))
    fi
done
echo "$differ files with different answers"
