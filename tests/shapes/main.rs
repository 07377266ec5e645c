//! Overlap tests (boxes, lines, volumes, triangle/triangle) and bounding-volume
//! construction, each against an independent exact oracle in rationals.
//!
//! One test binary, a module per family. Randomized tests run a bounded number of cases;
//! `ISECT_TEST_SCALE` multiplies them (see `isect_testkit::cases`).

mod bounded_constructions;
mod bounding_volumes;
mod kdop_measure;
mod mesh_self_intersections;
mod overlap_boxes;
mod overlap_lines;
mod overlap_volumes;
mod slivers;
mod tri_tri;
