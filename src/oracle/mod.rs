//! The reference oracle: input generators for each test kind and a checker that runs a
//! candidate implementation against isect's exact answers (work in progress, issue 6).
