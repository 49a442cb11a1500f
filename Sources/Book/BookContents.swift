/// One entry of a book's table of contents: a section's title, the page it starts on (from 1), and how deep it
/// is nested (0: the top level).
public struct ContentsEntry: Sendable, Hashable {
    public var title: String
    public var page: Int
    public var level: Int

    public init(title: String, page: Int, level: Int = 0) {
        self.title = title
        self.page = page
        self.level = level
    }
}

/// A book's table of contents as the reader shows it, whatever it came from (an EPUB's navigation document or
/// NCX, a PDF's outline, a IIIF manifest's ranges, a folder's chapters).
public enum BookContents {
    /// Most entries kept: a contents panel of thousands of lines is a book's index, not its contents.
    public static let maxEntries = 2000
    /// Deepest level kept (deeper entries are shown at this level).
    public static let maxLevel = 6
    /// Longest title kept, in characters.
    public static let maxTitle = 200

    /// `entries` as shown: titles with their white space collapsed (empty ones dropped), pages within
    /// `1...pageCount` (others dropped), levels within `0...maxLevel`, at most `maxEntries`.
    public static func cleaned(_ entries: [ContentsEntry], pageCount: Int) -> [ContentsEntry] {
        var kept: [ContentsEntry] = []
        for entry in entries where kept.count < maxEntries {
            let words = entry.title.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
            let title = String(words.joined(separator: " ").prefix(maxTitle))
            guard !title.isEmpty, entry.page >= 1, entry.page <= pageCount else { continue }
            kept.append(ContentsEntry(title: title, page: entry.page, level: min(max(0, entry.level), maxLevel)))
        }
        return kept
    }

    /// The entry whose section holds `page`: the last one starting at or before it (entries in reading order, so
    /// of several starting on one page, the last listed); nil before the first.
    public static func section(of page: Int, in entries: [ContentsEntry]) -> Int? {
        var found: Int?
        for (i, entry) in entries.enumerated() where entry.page <= page {
            if found == nil || entry.page >= entries[found!].page { found = i }
        }
        return found
    }

    /// The chapters of a book whose pages lie in folders (page paths in reading order, "ch1/p1.png"): an entry
    /// named after each folder on the first page inside it, nested folders one level deeper. Empty when no page
    /// lies in a folder.
    public static func chapters(paths: [String]) -> [ContentsEntry] {
        var entries: [ContentsEntry] = [], previous: [Substring] = []
        for (i, path) in paths.enumerated() {
            let folders = Array(path.split(separator: "/").dropLast())
            let shared = zip(folders, previous).prefix { $0 == $1 }.count
            for depth in shared..<folders.count {
                entries.append(ContentsEntry(title: String(folders[depth]), page: i + 1, level: depth))
            }
            previous = folders
        }
        return cleaned(entries, pageCount: paths.count)
    }
}
