//! Ray/aabb tests (work in progress).
