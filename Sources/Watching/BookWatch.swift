import FoundationEssentials
import Pages
import Platform

extension FileWatcher {
    /// Watches the book at `path` so that pages copied into, replaced in or removed from it appear without a
    /// restart: a directory book with its chapters (sub-folders), a file book's directory. `watcher`, when there
    /// is one, watches it instead of what it watched (one watcher for the program's life: its descriptor stays in
    /// the loop's poll set); `onChange` hears each change.
    public static func watching(book path: String, reusing watcher: FileWatcher?, loop: EventLoop,
                                onChange: @escaping @MainActor () -> Void) -> FileWatcher? {
        var isDirectory = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let parent = parentDirectory(of: path)
        let directory = exists && isDirectory ? path : parent.isEmpty ? "." : parent
        // A directory book's chapters are sub-folders: watch them too.
        let depth = exists && isDirectory ? PageSource.maxFolderDepth : 0
        if let watcher {
            watcher.rewatch(directory, depth: depth)
            return watcher
        }
        return FileWatcher(loop: loop, directory: directory, depth: depth) { _ in onChange() }
    }
}

/// The directory `path` lies in ("" for a bare name, "/" for a file at the root), trailing slashes ignored.
public func parentDirectory(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
}
