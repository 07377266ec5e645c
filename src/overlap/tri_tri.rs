//! Triangle/triangle overlap (work in progress).
