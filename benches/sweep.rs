//! Placeholder: filled in by the issue 5 work.
fn main() {}
