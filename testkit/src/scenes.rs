//! Small meshes built the same way by the tests and the fuzz targets (the library's own
//! scenes are in `isect::oracle::scenes`).

/// The eight faces of an octahedron whose six vertices are listed as
/// `[+x, −x, +y, −y, +z, −z]` (any centre and any positive extents per half-axis): one
/// face per octant, the odd octants reversed so that every face has the same orientation.
pub fn octahedron_faces() -> Vec<[u32; 3]> {
    let mut faces = Vec::new();
    for sx in 0..2u32 {
        for sy in 0..2u32 {
            for sz in 0..2u32 {
                let f = [sx, 2 + sy, 4 + sz];
                faces.push(if (sx + sy + sz) % 2 == 1 {
                    [f[0], f[2], f[1]]
                } else {
                    f
                });
            }
        }
    }
    faces
}
