//! Placeholder: the oracle throughput benchmark (issue 6).
fn main() {}
