import Geometry

/// The library's directory is watched: its changes are read again once they have been quiet a moment,
/// and the new list of books replaces the old one with everything that points at a book following it by path.
extension ShelfPolicy {
    /// A burst that goes on (a slow copy of many files) is read at most this long (ms) after its first change, so
    /// the shelf does not wait for the whole copy to see its first books; what is still written is read again.
    static let libraryMaxWait = 3000.0

    /// Something changed in the library's directory at `now`.
    mutating func libraryChanged(now: Double) { libraryChanges = (libraryChanges?.first ?? now, now) }

    /// When the library is read again: `quiet` ms after the last change, or `libraryMaxWait` after the first.
    func libraryDue(quiet: Double) -> Double? {
        libraryChanges.map { min($0.last + quiet, $0.first + max(quiet, Self.libraryMaxWait)) }
    }

    /// Whether the library is to be read again at `now` (its changes are then taken).
    mutating func libraryDue(now: Double, quiet: Double) -> Bool {
        guard let due = libraryDue(quiet: quiet), due <= now else { return false }
        libraryChanges = nil
        return true
    }

    /// The library now holds `new`: returns where each book of the old list went (nil: it is gone). The book read,
    /// the one being opened and the cover sizes follow their books by path; those of books gone are dropped.
    mutating func replaceBooks(_ new: [ShelfBook]) -> [Int?] {
        var index: [String: Int] = [:]
        for (i, book) in new.enumerated() where index[book.path] == nil { index[book.path] = i }
        let moved = books.map { index[$0.path] }
        func follow(_ i: Int) -> Int? { i >= 0 && i < moved.count ? moved[i] : nil }
        var sizes: [Int: PixelSize] = [:]
        for (old, size) in coverSizes { if let i = follow(old) { sizes[i] = size } }
        coverSizes = sizes
        current = current.flatMap(follow)
        pending = pending.flatMap(follow)
        opening = opening.flatMap { o in follow(o.book).map { (book: $0, requested: o.requested, start: o.start) } }
        books = new
        return moved
    }
}
