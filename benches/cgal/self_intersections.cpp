// The CGAL anchor of isect's self-intersection benchmark (issue 15, item 7).
//
// Reads an OFF file into a CGAL::Surface_mesh over the Epick kernel (exact predicates,
// inexact constructions), checks that the loaded mesh keeps the file's vertex and face
// order, then times CGAL::Polygon_mesh_processing::self_intersections alone (sequential
// tag, and parallel tag when compiled with TBB) with a steady clock (median, min and max
// of N runs) and in CPU time (the thread's for the sequential tag, the process's, summed
// over threads, for the parallel one). Optionally writes the pairs as "i,j" lines (i < j, face indices in file
// order, sorted), the format of isect's pair lists.
//
// Usage:
//   self_intersections FILE.off [--runs N] [--pairs OUT.csv] [--side N_POINTS]
//                               [--side-file POINTS.txt ANSWERS.txt]
// --side times CGAL::Side_of_triangle_mesh on N_POINTS seeded random points in the
// mesh's bounding box (the tree built once, timed apart), median of the runs.
// --side-file classifies the points of POINTS.txt ("x y z" lines) with
// Side_of_triangle_mesh and writes one answer per line to ANSWERS.txt: 1 inside, 0 on
// the boundary, -1 outside (benches/cgal/side.sh compares them with isect's).
//
// Built and run by benches/cgal/run.sh.

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Polygon_mesh_processing/self_intersections.h>
#include <CGAL/Side_of_triangle_mesh.h>
#include <CGAL/Surface_mesh.h>
#include <CGAL/version.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <time.h>
#include <utility>
#include <vector>

typedef CGAL::Exact_predicates_inexact_constructions_kernel K;
typedef K::Point_3 Point;
typedef CGAL::Surface_mesh<Point> Mesh;
typedef boost::graph_traits<Mesh>::face_descriptor face_descriptor;
namespace PMP = CGAL::Polygon_mesh_processing;

typedef std::chrono::steady_clock Clock;

static double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// CPU time of the calling thread (sequential runs) or of the whole process (parallel
// runs): unlike the steady clock, it does not count time the scheduler gave to other
// work, so it is the steadier figure on a loaded machine.
static double cpu_seconds(clockid_t clock) {
  timespec ts;
  clock_gettime(clock, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

struct Stats {
  double median, min, max;
};

static Stats stats(std::vector<double> t) {
  std::sort(t.begin(), t.end());
  size_t n = t.size();
  double med = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
  return {med, t.front(), t.back()};
}

// Reads the OFF file a second time with a plain parser (no comments, triangles only: what
// benches/examples/mesh_files.rs writes) and checks that vertex i of `mesh` has the file's
// point i and face i the file's triangle i (up to rotation of its corners).
static bool same_order_as_file(const char* path, const Mesh& mesh, std::string& why) {
  std::ifstream in(path);
  std::string magic;
  size_t nv, nf, ne;
  if (!(in >> magic >> nv >> nf >> ne) || magic != "OFF") {
    why = "not a plain OFF header";
    return false;
  }
  if (nv != mesh.number_of_vertices() || nf != mesh.number_of_faces()) {
    why = "vertex or face count differs";
    return false;
  }
  for (size_t i = 0; i < nv; ++i) {
    double x, y, z;
    in >> x >> y >> z;
    Point p = mesh.point(Mesh::Vertex_index(static_cast<Mesh::size_type>(i)));
    if (p.x() != x || p.y() != y || p.z() != z) {
      why = "vertex " + std::to_string(i) + " moved";
      return false;
    }
  }
  for (size_t i = 0; i < nf; ++i) {
    size_t k, a[3];
    in >> k >> a[0] >> a[1] >> a[2];
    if (k != 3) {
      why = "face " + std::to_string(i) + " is not a triangle";
      return false;
    }
    std::vector<size_t> got;
    Mesh::Face_index f(static_cast<Mesh::size_type>(i));
    for (auto v : CGAL::vertices_around_face(mesh.halfedge(f), mesh)) got.push_back(v.idx());
    bool match = false;
    for (int r = 0; r < 3 && got.size() == 3; ++r)
      match = match || (got[0] == a[r] && got[1] == a[(r + 1) % 3] && got[2] == a[(r + 2) % 3]);
    if (!match) {
      why = "face " + std::to_string(i) + " differs";
      return false;
    }
  }
  if (!in) {
    why = "file ended early";
    return false;
  }
  return true;
}

template <class Tag>
static std::vector<std::pair<face_descriptor, face_descriptor>> time_pairs(const Mesh& mesh, int runs,
                                                                           const char* name, clockid_t cpu) {
  std::vector<double> times, cpu_times;
  std::vector<std::pair<face_descriptor, face_descriptor>> pairs;
  for (int r = 0; r < runs; ++r) {
    pairs.clear();
    double cpu_start = cpu_seconds(cpu);
    auto start = Clock::now();
    PMP::self_intersections<Tag>(mesh, std::back_inserter(pairs));
    times.push_back(seconds_since(start));
    cpu_times.push_back(cpu_seconds(cpu) - cpu_start);
  }
  Stats s = stats(times), c = stats(cpu_times);
  std::cout << "self_intersections " << name << ": median " << s.median << " s (min " << s.min << ", max "
            << s.max << ", " << runs << " runs), CPU median " << c.median << " s (min " << c.min << "), "
            << pairs.size() << " pairs" << std::endl;
  return pairs;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " FILE.off [--runs N] [--pairs OUT.csv] [--side N_POINTS]\n";
    return 2;
  }
  const char* path = argv[1];
  int runs = 7;
  const char* pairs_out = nullptr;
  long side_points = 0;
  const char* side_in = nullptr;
  const char* side_out = nullptr;
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--runs" && i + 1 < argc)
      runs = std::atoi(argv[++i]);
    else if (a == "--pairs" && i + 1 < argc)
      pairs_out = argv[++i];
    else if (a == "--side" && i + 1 < argc)
      side_points = std::atol(argv[++i]);
    else if (a == "--side-file" && i + 2 < argc) {
      side_in = argv[++i];
      side_out = argv[++i];
    }
    else {
      std::cerr << "unknown argument " << a << "\n";
      return 2;
    }
  }
  if (runs < 1) runs = 1;

  Mesh mesh;
  auto start = Clock::now();
  if (!CGAL::IO::read_OFF(path, mesh)) {
    std::cerr << path << ": CGAL::IO::read_OFF failed\n";
    return 2;
  }
  double read_s = seconds_since(start);
  std::string why;
  if (!same_order_as_file(path, mesh, why)) {
    std::cerr << path << ": the loaded mesh is not in file order: " << why << "\n";
    return 1;
  }
  std::cout << "CGAL " << CGAL_VERSION_STR << ", " << path << ": " << mesh.number_of_vertices() << " vertices, "
            << mesh.number_of_faces() << " faces (file order checked), read in " << read_s << " s" << std::endl;

  if (side_in) {
    std::ifstream in(side_in);
    std::vector<Point> pts;
    double x, y, z;
    while (in >> x >> y >> z) pts.emplace_back(x, y, z);
    CGAL::Side_of_triangle_mesh<Mesh, K> side(mesh);
    auto s = Clock::now();
    std::vector<int> answers;
    answers.reserve(pts.size());
    for (auto& p : pts) {
      CGAL::Bounded_side b = side(p);
      answers.push_back(b == CGAL::ON_BOUNDED_SIDE ? 1 : b == CGAL::ON_BOUNDARY ? 0 : -1);
    }
    double t = seconds_since(s);
    std::ofstream out(side_out);
    for (int a : answers) out << a << "\n";
    std::cout << "Side_of_triangle_mesh on " << pts.size() << " points of " << side_in << ": " << t
              << " s (tree built on the first), answers in " << side_out << std::endl;
    return 0;
  }

  auto pairs = time_pairs<CGAL::Sequential_tag>(mesh, runs, "sequential", CLOCK_THREAD_CPUTIME_ID);
#ifdef CGAL_LINKED_WITH_TBB
  auto par = time_pairs<CGAL::Parallel_tag>(mesh, runs, "parallel (TBB)", CLOCK_PROCESS_CPUTIME_ID);
  if (par.size() != pairs.size()) std::cout << "warning: the parallel run found a different number of pairs\n";
#else
  std::cout << "self_intersections parallel: not built (no TBB)\n";
#endif

  if (pairs_out) {
    std::vector<std::pair<size_t, size_t>> out;
    for (auto& p : pairs) {
      size_t i = p.first.idx(), j = p.second.idx();
      out.emplace_back(std::min(i, j), std::max(i, j));
    }
    std::sort(out.begin(), out.end());
    std::ofstream f(pairs_out);
    for (auto& p : out) f << p.first << "," << p.second << "\n";
    std::cout << "pairs written to " << pairs_out << std::endl;
  }

  if (side_points > 0) {
    CGAL::Bbox_3 box = CGAL::bbox_3(mesh.points().begin(), mesh.points().end());
    std::mt19937_64 rng(15);
    std::vector<Point> pts;
    for (long i = 0; i < side_points; ++i) {
      auto u = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
      pts.emplace_back(u(box.xmin(), box.xmax()), u(box.ymin(), box.ymax()), u(box.zmin(), box.zmax()));
    }
    auto build = Clock::now();
    CGAL::Side_of_triangle_mesh<Mesh, K> inside(mesh);
    // The tree is built on the first query: time it with one.
    inside(pts[0]);
    double build_s = seconds_since(build);
    std::vector<double> times;
    long n_inside = 0;
    for (int r = 0; r < runs; ++r) {
      n_inside = 0;
      auto s = Clock::now();
      for (auto& p : pts) n_inside += inside(p) != CGAL::ON_UNBOUNDED_SIDE;
      times.push_back(seconds_since(s));
    }
    Stats s = stats(times);
    std::cout << "Side_of_triangle_mesh: tree + first query " << build_s << " s; " << side_points
              << " points: median " << s.median << " s (min " << s.min << ", max " << s.max << "), "
              << n_inside << " inside or on" << std::endl;
  }
  return 0;
}
