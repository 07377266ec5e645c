//! Ray/obb tests (work in progress).
