//! `isect oracle` (work in progress, issue 6).

use std::process::ExitCode;

/// Options of `isect oracle`.
#[derive(clap::Args)]
pub struct OracleArgs {}

/// Runs the oracle over a file.
pub fn run(_args: &OracleArgs) -> Result<ExitCode, String> {
    Err("oracle: not built yet".into())
}
