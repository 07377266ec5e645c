//! Ray/triangle tests (work in progress).
