//! Ray/polygon tests (work in progress).
