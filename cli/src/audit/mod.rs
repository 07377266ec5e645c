//! `isect audit` (work in progress, issue 6).

use std::process::ExitCode;

/// Options of `isect audit`.
#[derive(clap::Args)]
pub struct AuditArgs {}

/// Runs the audit.
pub fn run(_args: &AuditArgs) -> Result<ExitCode, String> {
    Err("audit: not built yet".into())
}
