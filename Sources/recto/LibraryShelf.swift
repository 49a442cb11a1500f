import Presentation
import Watching

/// A library's books on a shelf: nil paths for one book.
struct LibraryShelf {
    /// The library's books, shown on a shelf first (nil: one book, no shelf).
    let paths: [String]?
    /// The directory watched for books added and removed (nil: a list of books, or one book).
    let directory: String?
    /// The covers and titles (ReaderApp+Shelf.swift).
    var covers: ShelfCovers?
    var watch: LibraryWatch?
}
