#!/bin/sh
# The CGAL anchor of the self-intersection benchmark (docs/BENCHMARKS.md, "CGAL anchor").
#
# Needs Debian's CGAL and TBB: apt-get install -y libcgal-dev libtbb-dev
# (without libtbb-dev only the sequential figure is measured).
#
# From the repository root:  sh benches/cgal/run.sh [RUNS]
# Writes the meshes and the tool into target/cgal/, prints the figures, and writes CGAL's
# pairs as target/cgal/<mesh>.pairs.csv ("i,j", i < j, sorted, face indices in file order).
set -eu
RUNS=${1:-9}
OUT=target/cgal
mkdir -p "$OUT"

if [ ! -f /usr/include/CGAL/version.h ]; then
    echo "CGAL is not installed (apt-get install -y libcgal-dev libtbb-dev)" >&2
    exit 2
fi
FLAGS="-std=c++17 -O3 -DNDEBUG -DCGAL_NDEBUG"
LIBS="-lgmp -lmpfr"
if [ -f /usr/include/tbb/tbb.h ] || [ -f /usr/include/oneapi/tbb.h ]; then
    FLAGS="$FLAGS -DCGAL_LINKED_WITH_TBB"
    LIBS="$LIBS -ltbb"
fi
echo "g++ $FLAGS benches/cgal/self_intersections.cpp -o $OUT/self_intersections $LIBS"
g++ $FLAGS benches/cgal/self_intersections.cpp -o "$OUT/self_intersections" $LIBS

cargo run --release -p isect-benches --example mesh_files -- "$OUT"

uptime
for mesh in sphere288k sphere288k_embedded; do
    "$OUT/self_intersections" "$OUT/$mesh.off" --runs "$RUNS" --pairs "$OUT/$mesh.pairs.csv"
done
uptime
