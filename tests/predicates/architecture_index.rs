//! docs/ARCHITECTURE.md ends with an index of every public item and the file it is
//! defined in, so that a newcomer finds the file from the name alone. This test keeps it
//! true: every `pub` item at the top level of a file under `src/` (and every item a
//! declaring macro names) must be listed under its file, and every listed file and item
//! must exist. Regenerate the list from the sources when it fails.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The public items each file declares at its top level.
fn declared(root: &Path) -> BTreeMap<String, Vec<String>> {
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut items = BTreeMap::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a source file");
        let rel = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let mut names = Vec::new();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            for kind in ["fn", "struct", "enum", "trait", "type", "const"] {
                if let Some(rest) = line.strip_prefix(&format!("pub {kind} ")) {
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    names.push(name);
                }
            }
            // A declaring macro invocation at the top level: `name!(`, doc lines, `Name,`.
            if line.ends_with("!(")
                && !line.starts_with(' ')
                && !line.starts_with("//")
                && let Some(first) = lines[i + 1..]
                    .iter()
                    .find(|l| !l.trim_start().starts_with("///"))
            {
                let name: String = first
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if name.starts_with(|c: char| c.is_ascii_uppercase()) {
                    names.push(name);
                }
            }
        }
        if !names.is_empty() {
            items.insert(rel, names);
        }
    }
    items
}

/// The index of docs/ARCHITECTURE.md: file → the items listed for it.
fn indexed(root: &Path) -> BTreeMap<String, Vec<String>> {
    let doc = std::fs::read_to_string(root.join("docs/ARCHITECTURE.md")).expect("the doc");
    let start = doc
        .find("<!-- index:start -->")
        .expect("the index start marker");
    let end = doc
        .find("<!-- index:end -->")
        .expect("the index end marker");
    let mut index = BTreeMap::new();
    for line in doc[start..end].lines().filter(|l| l.starts_with("- `")) {
        let (file, rest) = line[3..].split_once("`:").expect("- `file`: items");
        let names = rest
            .split(", ")
            .map(|n| n.trim().trim_matches('`').to_string())
            .collect();
        index.insert(file.to_string(), names);
    }
    index
}

#[test]
fn the_index_lists_every_public_item_in_its_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (have, listed) = (declared(root), indexed(root));
    assert!(
        have.len() > 50,
        "the scan found too few files: {}",
        have.len()
    );
    for (file, names) in &have {
        let row = listed
            .get(file)
            .unwrap_or_else(|| panic!("{file} is missing from the index"));
        for name in names {
            assert!(
                row.contains(name),
                "`{name}` ({file}) is missing from the index"
            );
        }
    }
    for (file, names) in &listed {
        let row = have
            .get(file)
            .unwrap_or_else(|| panic!("the index lists {file}, which declares nothing public"));
        for name in names {
            assert!(
                row.contains(name),
                "the index lists `{name}` under {file}, which does not declare it"
            );
        }
    }
}

#[test]
fn the_scan_sees_items_declared_by_macros() {
    let have = declared(Path::new(env!("CARGO_MANIFEST_DIR")));
    let kinds = &have["src/oracle/kinds/predicates.rs"];
    assert!(kinds.iter().any(|k| k == "Orient3dKind"), "{kinds:?}");
    assert!(
        have["src/ray/ray_triangle.rs"]
            .iter()
            .any(|k| k == "ray_triangle")
    );
}
