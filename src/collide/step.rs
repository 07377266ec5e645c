//! Step-and-bounce of a sphere through a closed triangle mesh: sweep to the first
//! impact, bounce, repeat until the step is used up or the bounce budget runs out; the
//! centre never ends a step inside the mesh (exact inside/outside decides).

use alloc::vec::Vec;

use super::{Approach, Bounce, bounce_sphere, sphere_triangle_contact};
use crate::geometry::Sphere;
use crate::mesh::Location;
use crate::{InputError, TriMesh, Validate};

/// How a [`step_sphere_mesh`] ended.
///
/// # Examples
///
/// ```
/// use isect::collide::StepEnd;
/// assert_ne!(StepEnd::Completed, StepEnd::BudgetExhausted);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepEnd {
    /// The whole step was used: the sphere moved (and bounced at most the budget) to the
    /// end of the step.
    Completed,
    /// The budget of bounces was used before the end of the step: the sphere stopped
    /// just before its next impact (outside the mesh), with the velocity of its last
    /// bounce; [`Step::remaining`] is the unused fraction of the step.
    BudgetExhausted,
    /// The centre was not outside the mesh at the start (inside, or on the surface):
    /// nothing moved.
    StartedInside,
}

/// The result of a [`step_sphere_mesh`].
///
/// # Examples
///
/// ```
/// use isect::collide::{Bounce, StepEnd, step_sphere_mesh};
/// use isect::{Sphere, TriMesh};
/// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let mesh = TriMesh::new(v, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]).unwrap();
/// let s = step_sphere_mesh(&mesh, &Sphere::new([5.0, 5.0, 5.0], 0.5), &[1.0, 0.0, 0.0], 1.0, &Bounce::ELASTIC, 4)
///     .unwrap();
/// assert_eq!((s.center, s.bounces, s.end), ([6.0, 5.0, 5.0], 0, StepEnd::Completed));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The centre at the end (rounded; strictly outside the mesh unless
    /// [`StepEnd::StartedInside`]).
    pub center: [f64; 3],
    /// The velocity at the end (after the last bounce).
    pub velocity: [f64; 3],
    /// How many bounces happened.
    pub bounces: usize,
    /// The fraction of the step not used (`0` when completed).
    pub remaining: f64,
    /// How the step ended.
    pub end: StepEnd,
}

/// Moves the sphere `sphere` with velocity `velocity` through the closed mesh `mesh` for
/// the time `dt`: the first impact with any triangle is found by
/// [`sphere_triangle_contact`] on the remaining displacement (resting, grazing and
/// separating contacts do not stop the motion), the sphere is moved there (backed off by
/// the time's error bound), its velocity bounced by [`bounce_sphere`] on the contact
/// normal (straight back along the motion where the normal is undefined: a zero radius
/// meeting an edge or a vertex), and the rest of the step goes on from there, at most `max_bounces` times.
///
/// **Never inside**: every end position is checked with the exact
/// [`TriMesh::locate`]; a rounded position that is not strictly outside is pulled back
/// along the step (halving) towards the last position, which was outside. **Energy**:
/// the speed changes only through [`bounce_sphere`], so `|velocity|` never grows. When the
/// budget runs out the sphere stops before its next impact
/// ([`StepEnd::BudgetExhausted`], with the unused fraction in [`Step::remaining`]). The
/// triangles are all tried at each bounce (no broad phase).
///
/// # Errors
///
/// The sphere's errors (argument 1: [`InputError::NonFinite`],
/// [`InputError::NegativeRadius`]), a non-finite velocity (argument 2,
/// `"velocity"`), a negative or non-finite `dt` ([`InputError::OutOfRange`], argument 3,
/// `"dt"`), and, for an open mesh, [`InputError::NotClosed`] (as
/// [`TriMesh::try_contains`]).
///
/// # Examples
///
/// ```
/// use isect::collide::{Bounce, StepEnd, step_sphere_mesh};
/// use isect::{Sphere, TriMesh};
/// // A unit cube; a ball of radius 1/2 at x = -2 moving at 4 along +x bounces off x = 0.
/// let v: Vec<[f64; 3]> = (0..8).map(|i| [(i & 1) as f64, (i >> 1 & 1) as f64, (i >> 2) as f64]).collect();
/// let t = vec![[0, 2, 1], [1, 2, 3], [4, 5, 6], [5, 7, 6], [0, 1, 4], [1, 5, 4],
///              [2, 6, 3], [3, 6, 7], [0, 4, 2], [2, 4, 6], [1, 3, 5], [3, 7, 5]];
/// let cube = TriMesh::new(v, t).unwrap();
/// let s = step_sphere_mesh(&cube, &Sphere::new([-2.0, 0.5, 0.5], 0.5), &[4.0, 0.0, 0.0], 1.0, &Bounce::ELASTIC, 4)
///     .unwrap();
/// assert_eq!((s.bounces, s.end, s.velocity), (1, StepEnd::Completed, [-4.0, 0.0, 0.0]));
/// assert!((s.center[0] + 3.0).abs() < 1e-9); // 1.5 to the wall, 2.5 back
/// ```
pub fn step_sphere_mesh(
    mesh: &TriMesh<f64>,
    sphere: &Sphere<f64>,
    velocity: &[f64; 3],
    dt: f64,
    bounce: &Bounce,
    max_bounces: usize,
) -> Result<Step, InputError> {
    sphere.validate(1)?;
    crate::error::check_point(2, "velocity", None, velocity)?;
    if !(dt.is_finite() && dt >= 0.0) {
        return Err(InputError::OutOfRange {
            argument: 3,
            what: "dt",
        });
    }
    let outside = |c: [f64; 3]| mesh.locate(c) == Some(Location::Outside);
    if !mesh
        .try_contains(sphere.center)
        .map(|_| outside(sphere.center))?
    {
        return Ok(Step {
            center: sphere.center,
            velocity: *velocity,
            bounces: 0,
            remaining: 1.0,
            end: StepEnd::StartedInside,
        });
    }
    let r = sphere.radius;
    let (mut c, mut v) = (sphere.center, *velocity);
    let (mut remaining, mut bounces) = (1.0_f64, 0usize);
    loop {
        let d: [f64; 3] = v.map(|x| x * (remaining * dt));
        if !d.iter().all(|x| x.is_finite()) || d == [0.0; 3] {
            return Ok(done(c, v, bounces));
        }
        let s = Sphere::new(c, r);
        // Broad phase: the triangles whose boxes meet the box of the swept sphere (its
        // two end positions grown by the radius, widened past every rounding here).
        let slack = |x: f64| x.abs() * 1e-14 + f64::MIN_POSITIVE;
        let (mut lo, mut hi) = ([0.0; 3], [0.0; 3]);
        for k in 0..3 {
            let e = c[k] + d[k];
            lo[k] = c[k].min(e) - r;
            lo[k] -= slack(lo[k]) + slack(e) + slack(r);
            hi[k] = c[k].max(e) + r;
            hi[k] += slack(hi[k]) + slack(e) + slack(r);
        }
        let mut near = Vec::new();
        mesh.bvh()
            .for_each_overlapping(lo, hi, |i| near.push(i as usize));
        near.sort_unstable(); // ties in time go to the lowest index, as without the BVH
        let first = near
            .into_iter()
            .filter_map(|i| sphere_triangle_contact(&s, &d, &mesh.triangle(i), &[0.0; 3]))
            .filter(|ct| ct.approach == Approach::Approaching)
            .min_by(|a, b| a.time.total_cmp(&b.time));
        let Some(ct) = first else {
            c = advance(c, &d, 1.0, &outside);
            return Ok(done(c, v, bounces));
        };
        // Up to the impact, backed off by its error bound.
        c = advance(c, &d, (ct.time - ct.time_error).max(0.0), &outside);
        if bounces == max_bounces {
            return Ok(Step {
                center: c,
                velocity: v,
                bounces,
                remaining: remaining * (1.0 - ct.time),
                end: StepEnd::BudgetExhausted,
            });
        }
        // An undefined normal (a zero radius at an edge or vertex): straight back.
        let n = if ct.normal.iter().all(|x| x.is_finite())
            && ct.normal_error < core::f64::consts::PI
            && ct.normal != [0.0; 3]
        {
            ct.normal
        } else {
            d.map(|x| -x)
        };
        v = bounce_sphere(&v, &n, bounce)?;
        remaining *= 1.0 - ct.time;
        bounces += 1;
    }
}

fn done(center: [f64; 3], velocity: [f64; 3], bounces: usize) -> Step {
    Step {
        center,
        velocity,
        bounces,
        remaining: 0.0,
        end: StepEnd::Completed,
    }
}

/// `c + t·d` if strictly outside, else the same with `t` halved (up to 64 times), else `c`
/// (outside by the invariant).
fn advance(c: [f64; 3], d: &[f64; 3], t: f64, outside: &impl Fn([f64; 3]) -> bool) -> [f64; 3] {
    let mut t = t;
    for _ in 0..64 {
        let p: [f64; 3] = core::array::from_fn(|k| c[k] + t * d[k]);
        if outside(p) {
            return p;
        }
        t /= 2.0;
    }
    c
}
