//! Bounding volume hierarchy for triangle meshes (work in progress).
