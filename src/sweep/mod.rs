//! Sweep tests for moving objects over normalized time `u ∈ [0, 1]` (work in progress,
//! issue 5).
