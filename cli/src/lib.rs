//! The `isect` command line as a library: the epsilon audit ([`audit`]), the exact
//! oracle for query files ([`oracle_cmd`]) and the mesh checker ([`mesh_cmd`]). The binary (`src/main.rs`) parses the command
//! line and calls them; the benches and the fuzz target `oracle_file` drive the oracle's
//! row engine ([`oracle_cmd::engine`]) directly, the fuzz target `oracle_rows` its whole
//! reading pipeline ([`oracle_cmd::read_queries`]).

pub mod audit;
pub mod mesh_cmd;
pub mod oracle_cmd;
