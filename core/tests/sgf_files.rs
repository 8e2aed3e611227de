//! Real game records: every `.sgf` file under the directory `HEXLAB_SGF_DIR` names (searched
//! recursively) either loads, and then saving and loading it again gives the same tree (and so
//! does the way through the page: the `TreeRecord`, and the tree link where a link can say
//! the game), or is refused with an error naming a line and column. Skipped quietly when the
//! variable is unset: no third-party records are committed.
//!
//! Benzene's regression records, for example (a few hundred HexGui files):
//!
//! ```text
//! git -C benzene archive HEAD regression/sgf | tar -x -C /tmp/benzene-sgf
//! HEXLAB_SGF_DIR=/tmp/benzene-sgf cargo test -p hexlab-core --test sgf_files -- --nocapture
//! ```
//!
//! It prints how many load and every refusal; `HEXLAB_SGF_STRICT=1` also fails the test on
//! any refusal.

use std::path::{Path, PathBuf};

use hexlab_core::formats::sgf::{read, write_hsgf};
use hexlab_core::formats::tree_link;
use hexlab_core::game_tree::record::TreeRecord;

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sgf_files(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            out.push(path);
        }
    }
}

#[test]
fn real_records_load_and_round_trip() {
    let Some(dir) = std::env::var_os("HEXLAB_SGF_DIR") else {
        return;
    };
    let mut files = Vec::new();
    sgf_files(Path::new(&dir), &mut files);
    assert!(!files.is_empty(), "no .sgf file under {dir:?}");
    let mut refused = Vec::new();
    let mut linked = 0;
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        match read(&text) {
            Ok(tree) => {
                let written = write_hsgf(&tree);
                let again = read(&written)
                    .unwrap_or_else(|e| panic!("{}: saved copy refused: {e}", path.display()));
                assert!(again == tree, "{}: the saved copy differs", path.display());
                let record = TreeRecord::of(&tree).to_tree();
                assert!(
                    record.as_ref() == Ok(&tree),
                    "{}: its TreeRecord differs",
                    path.display()
                );
                let line = tree.main_line();
                if let Some(link) = tree_link::write(&tree, &line, line.len() - 1) {
                    linked += 1;
                    // The link keeps moves, branches and comments (not names or other properties).
                    let read = tree_link::read(&link).unwrap();
                    let end = |t: &hexlab_core::game_tree::GameTree, l: &[usize]| {
                        t.position_at(l[l.len() - 1])
                    };
                    assert!(
                        read.tree.len() == tree.len()
                            && end(&read.tree, &read.line) == end(&tree, &line),
                        "{}: its link {link} is another game",
                        path.display()
                    );
                    assert_eq!(
                        tree_link::write(&read.tree, &read.line, read.cursor).as_deref(),
                        Some(link.as_str())
                    );
                }
            }
            Err(e) => {
                assert!(e.at.line >= 1 && e.at.column >= 1);
                refused.push(format!("{}: {e}", path.display()));
            }
        }
    }
    println!(
        "sgf_files: {} of {} files load and round-trip ({linked} as tree links too)",
        files.len() - refused.len(),
        files.len()
    );
    for line in &refused {
        println!("sgf_files: refused {line}");
    }
    if std::env::var_os("HEXLAB_SGF_STRICT").is_some() {
        assert!(refused.is_empty(), "{} files refused", refused.len());
    }
}
