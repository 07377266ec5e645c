//! Ray casts (triangles, spheres, boxes, polygons), sweeps, meshes, the library's oracle
//! module, and the fuzz targets' finds, against independent exact oracles in rationals.
//!
//! One test binary, a module per family. Randomized tests run a bounded number of cases;
//! `ISECT_TEST_SCALE` multiplies them (see `isect_testkit::cases`).

mod collide;
mod collide_boxes;
mod fuzz_regressions;
mod mesh_aimed;
mod mesh_batch;
mod mesh_edges;
mod mesh_exactly_once;
mod mesh_files;
mod mesh_first_hit_brute;
mod mesh_slivers;
mod mesh_soup;
mod mesh_winding;
mod oracle;
mod oracle_f32;
mod ray_shapes;
mod ray_triangle_filter;
mod ray_triangle_woop;
mod sweep;
mod sweep_accuracy;
mod sweep_obb;
