//! Ray/sphere tests (work in progress).
