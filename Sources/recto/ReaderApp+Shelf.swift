import AppCore
import BookFiles
import Diagnostics
import FoundationEssentials
import Geometry
import Platform
import Presentation
import Renderer
import Watching

/// A library's shelf in the shell: covers loaded (ShelfCovers), books opened when the core asks, the shelf
/// drawn as the core plans it (AppCore+Shelf.swift decides everything).
extension ReaderApp {
    /// Puts the library's books on the shelf (nothing without a library), and watches the library's directory.
    func startShelf() {
        guard let paths = library.paths else { return }
        let translate = core.translator
        let covers = ShelfCovers(paths: paths, loop: loop, remote: remote, text: presenter.text, spineOffset: core.settings.spineOffset, translate: { translate($0) }) { [unowned self] book in
            coverDecoded(book)
        }
        library.covers = covers
        deliver(.shelf(covers.books))
        for (book, size) in covers.placeholders {
            deliver(.coverReady(book: book, size: size))
        }
        library.watch = library.directory.flatMap {
            LibraryWatch(directory: $0, loop: loop, remote: remote, onChange: { [unowned self] in deliver(.libraryChanged) },
                         onRead: { [unowned self] in libraryRead() })
        }
    }

    /// The library was read again: the covers follow its books, then the core.
    func libraryRead() {
        guard let outcome = library.watch?.take(), let shelf = library.covers else { return }
        do {
            let ready = shelf.update(try outcome.get())
            deliver(.libraryRead(shelf.books))
            for (book, size) in ready { deliver(.coverReady(book: book, size: size)) }
        } catch { logger.warning("the library \(library.directory ?? "") cannot be read again: \(error)") }
    }

    func coverDecoded(_ book: Int) {
        for (book, size) in library.covers?.drain(book) ?? [] {
            deliver(.coverReady(book: book, size: size))
        }
    }

    /// Opens shelf book `book` where it was left (else at its front cover) and tells the core.
    func openShelfBook(_ book: Int, path: String) {
        let location: BookLocation
        do { location = try BookLocation(path: path, remote: remote) } catch {
            let message = (error as? RectoExit)?.message ?? "\(error)"
            deliver(.shelfBookFailed(book: book, message: message))
            return
        }
        logger.info("book: \(path), \(location.pageCount) pages (from the shelf)")
        switchBook(to: location)
        let start = disk.positions?.page ?? location.coverPage(spineOffsetSetting: core.settings.spineOffset)
        deliver(.spineOffset(location.spineOffset(setting: core.settings.spineOffset)))
        deliver(.shelfBookOpened(book: book, pageCount: location.pageCount, startPage: start))
        announceShape(of: location.source)
    }
}
