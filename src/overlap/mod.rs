//! Overlap tests (Real-Time Rendering, sections 22.10–22.14): triangle/triangle and the
//! bounding-volume catalogue.

pub mod tri_tri;
