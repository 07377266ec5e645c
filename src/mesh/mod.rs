//! Triangle meshes: validation, exactly-once ray hits, point-in-mesh.

mod bvh;
