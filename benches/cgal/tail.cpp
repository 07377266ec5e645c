// CGAL's side of the slow-tail benchmark (docs/BENCHMARKS.md, "CGAL anchor: the slow
// tail"): times CGAL on the rows of a CSV written by `isect oracle generate`, the same
// files `benches/tail.rs` times isect on.
//
//   tail KIND FILE [--runs N]
//
// KIND is orient3d, insphere, tri-tri (Epick: filtered predicates) or ray-triangle
// (Epeck: do_intersect(Ray_3, Triangle_3), the closed triangle). Prints one line:
// KIND FILE rows, median ns per call over N runs, and how many answers agree with the
// file's exact answers (orient3d and insphere: CGAL's sign is minus isect's; degenerate
// triangles and zero directions, CGAL's preconditions, are skipped).
#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

typedef CGAL::Exact_predicates_inexact_constructions_kernel Epick;
typedef CGAL::Exact_predicates_exact_constructions_kernel Epeck;

struct Row {
    std::vector<double> x;
    int answer;
};

static std::vector<Row> read(const char* path) {
    std::ifstream in(path);
    if (!in) {
        std::cerr << "cannot read " << path << "\n";
        std::exit(2);
    }
    std::string line;
    std::getline(in, line);  // header
    std::vector<Row> rows;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::stringstream ss(line);
        std::string field;
        std::vector<double> v;
        while (std::getline(ss, field, ',')) v.push_back(std::strtod(field.c_str(), nullptr));
        Row r;
        r.answer = static_cast<int>(v.back());
        v.pop_back();
        r.x = v;
        rows.push_back(r);
    }
    return rows;
}

template <class K>
static typename K::Point_3 pt(const std::vector<double>& x, int i) {
    return typename K::Point_3(x[3 * i], x[3 * i + 1], x[3 * i + 2]);
}

// The answer to one row, in the file's convention, one function per kind.
static int orient3d_answer(const std::vector<double>& x) {
    // isect's orient3d is det[a − d, b − d, c − d]; CGAL's orientation(a, b, c, d) is the
    // sign of det[b − a, c − a, d − a], its negation.
    return -static_cast<int>(
        CGAL::orientation(pt<Epick>(x, 0), pt<Epick>(x, 1), pt<Epick>(x, 2), pt<Epick>(x, 3)));
}

static int insphere_answer(const std::vector<double>& x) {
    // isect's insphere is positive inside the sphere of a positively oriented
    // tetrahedron; CGAL's side_of_oriented_sphere is its negation.
    return -static_cast<int>(CGAL::side_of_oriented_sphere(
        pt<Epick>(x, 0), pt<Epick>(x, 1), pt<Epick>(x, 2), pt<Epick>(x, 3), pt<Epick>(x, 4)));
}

static int tri_tri_answer(const std::vector<double>& x) {
    Epick::Triangle_3 a(pt<Epick>(x, 0), pt<Epick>(x, 1), pt<Epick>(x, 2));
    Epick::Triangle_3 b(pt<Epick>(x, 3), pt<Epick>(x, 4), pt<Epick>(x, 5));
    if (a.is_degenerate() || b.is_degenerate()) return -9;  // CGAL's precondition
    return CGAL::do_intersect(a, b) ? 1 : 0;
}

static int ray_triangle_answer(const std::vector<double>& x) {
    // origin, direction, then the corners.
    Epeck::Point_3 o = pt<Epeck>(x, 0);
    Epeck::Vector_3 d(x[3], x[4], x[5]);
    Epeck::Triangle_3 t(pt<Epeck>(x, 2), pt<Epeck>(x, 3), pt<Epeck>(x, 4));
    if (t.is_degenerate() || d == CGAL::NULL_VECTOR) return -9;
    return CGAL::do_intersect(Epeck::Ray_3(o, d), t) ? 1 : 0;
}

// Checks the answers, then times `runs` passes over the rows with `answer` inlined into
// the loop (no dispatch on the kind per row) and prints the median ns a call.
template <class F>
static void time_rows(const std::string& kind, const char* file, const std::vector<Row>& rows,
                      int runs, F answer) {
    int agree = 0, skipped = 0;
    for (const Row& r : rows) {
        int a = answer(r.x);
        if (a == -9) skipped++;
        else if (a == r.answer) agree++;
    }
    std::vector<double> ns;
    long sink = 0;
    for (int run = 0; run < runs; run++) {
        auto start = std::chrono::steady_clock::now();
        for (const Row& r : rows) sink += answer(r.x);
        auto end = std::chrono::steady_clock::now();
        ns.push_back(std::chrono::duration<double, std::nano>(end - start).count() / rows.size());
    }
    std::sort(ns.begin(), ns.end());
    std::printf("%s %s rows %zu median_ns %.1f agree %d skipped %d (sink %ld)\n", kind.c_str(),
                file, rows.size(), ns[ns.size() / 2], agree, skipped, sink);
}

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: tail KIND FILE [--runs N]\n";
        return 2;
    }
    std::string kind = argv[1];
    const char* file = argv[2];
    int runs = 5;
    if (argc >= 5 && std::string(argv[3]) == "--runs") runs = std::atoi(argv[4]);
    std::vector<Row> rows = read(file);
    auto o3 = [](const std::vector<double>& x) { return orient3d_answer(x); };
    auto is = [](const std::vector<double>& x) { return insphere_answer(x); };
    auto tt = [](const std::vector<double>& x) { return tri_tri_answer(x); };
    auto rt = [](const std::vector<double>& x) { return ray_triangle_answer(x); };
    if (kind == "orient3d") time_rows(kind, file, rows, runs, o3);
    else if (kind == "insphere") time_rows(kind, file, rows, runs, is);
    else if (kind == "tri-tri") time_rows(kind, file, rows, runs, tt);
    else time_rows(kind, file, rows, runs, rt);
    return 0;
}
