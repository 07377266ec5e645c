//! `isect`: the epsilon audit, the exact oracle and the mesh checker on the command line.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use isect_cli::{audit, mesh_cmd, oracle_cmd};

/// Exact answers for geometric intersection tests, and what epsilon choices get wrong.
#[derive(Parser)]
#[command(name = "isect", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the common fast tests over a sweep of epsilons against the exact answers.
    Audit(audit::AuditArgs),
    /// Read queries from a CSV or JSON Lines file and write the exact answers.
    Oracle(oracle_cmd::OracleArgs),
    /// Read a mesh file (OBJ, STL, PLY, OFF) and say what is wrong with it, exactly.
    Mesh(mesh_cmd::MeshArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Audit(args) => audit::run(args),
        Command::Oracle(args) => oracle_cmd::run(args),
        Command::Mesh(args) => mesh_cmd::run(args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("isect: {message}");
            ExitCode::FAILURE
        }
    }
}
