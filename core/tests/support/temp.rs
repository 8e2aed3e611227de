//! Temporary directories and files that remove themselves when dropped, so a test run leaves
//! nothing behind in the system's temporary directory (a failing test's are removed too, while
//! its panic unwinds; its message names what it read).

use std::path::{Path, PathBuf};

/// A fresh, empty directory, removed with its contents when dropped.
///
/// Invariant: the path is unique to this process and name (`hexlab-<name>-<pid>` under the
/// system's temporary directory), so tests running at once never share one.
pub struct TempDir(PathBuf);

impl TempDir {
    /// Creates `hexlab-<name>-<pid>`, emptied first if an earlier process of the same pid left it.
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("hexlab-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        TempDir(dir)
    }
}

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A file with the given text in a [`TempDir`] of its own, removed when dropped.
pub struct TempFile {
    _dir: TempDir,
    path: PathBuf,
}

impl TempFile {
    /// Writes `text` to `name` in a fresh directory named after `group` and `name`.
    pub fn new(group: &str, name: &str, text: &str) -> TempFile {
        let dir = TempDir::new(&format!("{group}-{name}"));
        let path = dir.join(name);
        std::fs::write(&path, text).expect("a temporary file");
        TempFile { _dir: dir, path }
    }
}

impl std::ops::Deref for TempFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}
