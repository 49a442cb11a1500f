import Pages
import Book
import FoundationEssentials

/// A library: several books shown as covers on a shelf. Which entries of a directory are books, and when a
/// directory given as the book is a library rather than one book.
///
/// A directory of images has always been one book whose sub-folders are its chapters (`ch1/p1.png`), and it
/// stays one. A directory becomes a library by itself only when nothing else could be meant: it holds no page
/// image directly, at least one comic archive (CBZ, CBR, CB7) or PDF, and at least two books in all. A library of image folders
/// alone is named as one (`library = DIR`, `--library DIR`) or listed (`books = [...]`).
public enum Library {
    /// File extensions of single-file books (archives and PDFs), lower case.
    public static let bookFileExtensions: Set<String> = ["cbz", "zip", "cbr", "rar", "cb7", "7z", "epub", "pdf"]

    /// The books in `directory`, in natural order of their names: sub-folders holding page images (at any
    /// depth a book reads) or a IIIF `manifest.json` (what `recto bake` writes), comic archives and PDFs.
    /// Hidden entries are skipped. Throws when the directory cannot be listed.
    public static func books(in directory: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        let books = names.filter { name in
            guard !name.hasPrefix("."), name != "__MACOSX" else { return false }
            let path = directory + "/" + name
            guard isDirectory(path) else { return isBookFile(name) }
            return FileManager.default.fileExists(atPath: path + "/" + PageSource.iiifManifestName)
                || holdsPages(path, depth: PageSource.maxFolderDepth)
        }
        return naturallySortedPaths(books, by: { $0 }).map { directory + "/" + $0 }
    }

    /// The books of `path` when it is a library by itself (see the type's rule), else nil: one book.
    public static func recognised(_ path: String) -> [String]? {
        guard isDirectory(path), let names = try? FileManager.default.contentsOfDirectory(atPath: path),
              !names.contains(where: { isPageFileName($0) }),
              names.contains(where: { !$0.hasPrefix(".") && isBookFile($0) && !isDirectory(path + "/" + $0) }),
              let books = try? books(in: path), books.count >= 2 else { return nil }
        return books
    }

    private static func isBookFile(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return bookFileExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    private static func isDirectory(_ path: String) -> Bool {
        var directory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory
    }

    /// Whether the folder or one of its sub-folders (within `depth` levels) holds a page image.
    private static func holdsPages(_ folder: String, depth: Int) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        if names.contains(where: { isPageFileName($0) }) { return true }
        guard depth > 0 else { return false }
        return names.contains { name in
            !name.hasPrefix(".") && isDirectory(folder + "/" + name) && holdsPages(folder + "/" + name, depth: depth - 1)
        }
    }
}
