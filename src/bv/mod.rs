//! Bounding volumes from points: AABB, k-DOP, spheres, convex hull, OBB (work in progress,
//! issue 5).
