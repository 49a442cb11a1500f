// Which entries of a directory or archive are pages, and in which order. Kept apart from the file system
// so the same rule serves directories and CBZ archives and can be tested on plain strings.

/// File extensions read as pages, lower case, without the dot.
public let pageFileExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "avif"]

/// Whether `name` (a bare file name or a `/`-separated archive path) looks like a page: a known image
/// extension (any case), not hidden (no path component starts with "."), not macOS archive metadata
/// (`__MACOSX/`), and not a directory entry (trailing "/").
public func isPageFileName(_ name: String, extensions: Set<String> = pageFileExtensions) -> Bool {
    guard !name.isEmpty, name.last != "/" else { return false }
    let components = name.split(separator: "/", omittingEmptySubsequences: true)
    guard let file = components.last else { return false }
    for c in components where c.first == "." || c == "__MACOSX" { return false }
    guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return false }
    let ext = file[file.index(after: dot)...].lowercased()
    return extensions.contains(ext)
}

/// The page names among `names` (bare names or `/`-separated paths), in natural reading order of their
/// paths (see `naturalPathCompare`).
public func pageFileNames(_ names: [String], extensions: Set<String> = pageFileExtensions) -> [String] {
    naturallySortedPaths(names.filter { isPageFileName($0, extensions: extensions) }, by: { $0 })
}
