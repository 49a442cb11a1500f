import BookFiles
import Pages
import Platform

/// The open book's file: watched, read again off the loop when it changes, its page remembered.
struct BookOnDisk {
    var watcher: FileWatcher?
    /// Reads the book again off the main thread (made at the first change on disk).
    var rereader: Rereader?
    /// The book the read under way is for (`generation` when it started), and whether it changed again since.
    var rereading: Int?
    var rereadAgain = false
    /// Counts the books opened (`recto ctl open`, the shelf): a read of the one before is of no use.
    var generation = 0
    /// Where this book's page is remembered (tablets), nil in kiosk mode or when it cannot be.
    var positions: BookRecord?
}
