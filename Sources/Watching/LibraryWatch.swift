import BookFiles
import Diagnostics
import Fetch
import FoundationEssentials
import Pages
import Platform
import Posix

/// A library read again: its books in order, each opened anew (`opened`) when it is new or changed, else nil
/// (the shelf keeps what it has of it).
public enum LibraryScan {
    public typealias Opened = (name: String, book: Result<BookLocation, Problem>)

    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let reason: String
        public init(_ reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    public struct Entry: Sendable {
        public var path: String
        public var opened: Opened?
        public init(path: String, opened: Opened?) {
            self.path = path
            self.opened = opened
        }
    }

    /// The book at `path` opened, or why it cannot be, with its name (the file's without the extension). Runs on
    /// any thread (`LibraryWatch` opens the books of a library read again on a thread of its own).
    public static func openBook(_ path: String, remote: RemoteBooks) -> LibraryScan.Opened {
        var folder = false
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let isFolder = FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder
        // The name without its extension; a leading dot (".hidden") is no extension.
        let name = isFolder ? file : file.lastIndex(of: ".").flatMap { $0 > file.startIndex ? String(file[..<$0]) : nil } ?? file
        do { return (name, .success(try BookLocation(path: path, remote: remote))) } catch {
            // The cover has room for the reason, not for the path twice.
            let message = (error as? RectoExit)?.message ?? "\(error)"
            return (name, .failure(LibraryScan.Problem(message.replacing("cannot open the book \(path): ", with: "")
                .replacing(path, with: file))))
        }
    }

    /// The library's books as `directory` lists them now (`Library.books`), those of `known` whose entry is not
    /// in `changed` (names in the directory; "" for all) left unopened.
    static func read(directory: String, known: Set<String>, changed: Set<String>, remote: RemoteBooks) -> Result<[Entry], Problem> {
        let paths: [String]
        do { paths = try Library.books(in: directory) } catch {
            var reason = "\(error)"
            if case .failure(let failure) = directoryEntries(directory, limit: 1) { reason = failure.description }
            return .failure(Problem(reason))
        }
        let prefix = directory + "/"
        return .success(paths.map { path in
            let name = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
            let fresh = !known.contains(path) || changed.contains(name) || changed.contains("")
            return Entry(path: path, opened: fresh ? openBook(path, remote: remote) : nil)
        })
    }
}

/// Watches a library's directory: a book copied or moved in, removed or renamed reaches the shelf
/// without a restart. The watcher reports each change (`onChange`; the core waits for the burst to be quiet), the
/// library is read on a thread of its own (`read`: listing it and opening the new and changed books, a PDF's
/// helper included, takes long), and `onRead` says when `take()` has the outcome.
///
/// The directory is watched two levels down: a book folder's pages and a baked book's manifest and page folders
/// are seen as they are written, so that a book caught half-copied is read again when its last file lands.
@MainActor public final class LibraryWatch {
    public let directory: String
    private var watcher: FileWatcher?
    /// One thread for the program's life: a PDF's helper dies with the thread that started it.
    private let worker = Worker<Job, Result<[LibraryScan.Entry], LibraryScan.Problem>>(name: "recto.library") { job in
        LibraryScan.read(directory: job.directory, known: job.known, changed: job.changed, remote: job.remote)
    }
    private struct Job: Sendable { var directory: String; var known: Set<String>; var changed: Set<String>; var remote: RemoteBooks }
    /// What the library's IIIF books fetch through.
    private let remote: RemoteBooks
    /// The library's entries (names in it) changed since the last read began.
    private var changed: Set<String> = []
    private var reading = false
    private var again: [String]?

    /// Watches `directory`; nil when it cannot be watched (the shelf then stays as it was first read).
    public init?(directory: String, loop: EventLoop, remote: RemoteBooks, onChange: @escaping @MainActor () -> Void,
                 onRead: @escaping @MainActor () -> Void) {
        self.directory = directory
        self.remote = remote
        let watcher = FileWatcher(loop: loop, directory: directory, depth: 2) { [weak self] paths in
            guard let self else { return }
            // A hidden name (a copy's temporary file, rsync's `.name.XXXX`) is no book: its rename in is.
            let entries = paths.map { String($0.prefix { $0 != "/" }) }.filter { !$0.hasPrefix(".") && $0 != "__MACOSX" }
            guard !entries.isEmpty else { return }
            changed.formUnion(entries)
            onChange()
        }
        guard let watcher else { return nil }
        self.watcher = watcher
        loop.add(fd: worker.fd) { _ in onRead() }
    }

    /// Reads the library again, the books of `known` (the shelf's paths) opened only when they changed. A read
    /// asked while one is under way follows it.
    public func read(known: [String]) {
        guard !reading else {
            again = known
            return
        }
        reading = true
        worker.submit(Job(directory: directory, known: Set(known), changed: changed, remote: remote))
        changed = []
    }

    /// The outcome of the read once it is done (nil before): the books in the library's order, or why the
    /// directory cannot be listed now. Starts the read asked meanwhile.
    public func take() -> Result<[LibraryScan.Entry], LibraryScan.Problem>? {
        guard let outcome = worker.take() else { return nil }
        reading = false
        if let known = again {
            again = nil
            self.read(known: known)
        }
        return outcome
    }
}
