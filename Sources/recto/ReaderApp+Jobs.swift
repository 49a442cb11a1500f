import AppCore
import Book
import BookFiles
import Control
import Diagnostics
import FoundationEssentials
import Operations
import Pages
import Platform
import Presentation
import Renderer

/// The executors of the work the core asks of the shell (`AppEffect.start(Job)`): each job's case, what carries it
/// out, and how its outcome comes back to the core as an `AppEvent` (or to a control client as a reply).
extension ReaderApp {
    func start(_ job: Job) {
        switch job {
        case .reloadBook:
            reloadBook()
        case let .startGL(spread):
            gl.wanted = spread
            if !gl.held { startGL(warmUp: spread) }
        case let .screenshot(path, client):
            ops?.screenshots.append((path, client))
        case let .openBook(path, client):
            openBook(path, client: client)
        case let .openShelfBook(book, path):
            openShelfBook(book, path: path)
        case .readLibrary:
            library.watch?.read(known: library.covers?.books.map(\.path) ?? [])
        case let .readPageText(page, client):
            pageTexts.read(page, book: disk.generation, source: currentSource) { [unowned self] text in
                deliver(.pageTextRead(page: page, text: text, client: client))
            }
        case let .readPageFacts(page):
            facts.read(page, book: disk.generation, source: currentSource)
        case .narrate(let request):
            narrationPlayer.perform(request, source: currentSource, now: monotonicMilliseconds())
        case let .playPageSound(level, loudness):
            pageSoundPlayer.play(level: level, loudness: loudness)
        case .releaseCompilerCode:
            SceneRenderer.releaseCompilerCodeInTheBackground()
        }
    }

    /// Pages' links and notes, read on their thread, each page's handed to the core as it comes.
    private var facts: PageFactReader {
        if let factReader { return factReader }
        let reader = PageFactReader()
        loop.add(fd: reader.fd) { [unowned self] _ in
            for found in factReader?.take() ?? [] {
                deliver(.pageLinks(page: found.page, links: found.links))
                deliver(.pageNotes(page: found.page, notes: found.notes.notes, problems: found.notes.problems))
            }
        }
        factReader = reader
        return reader
    }

    private func openBook(_ path: String, client: Int) {
        let book: BookLocation
        do { book = try BookLocation(path: path, remote: remote) } catch {
            let message = (error as? RectoExit)?.message ?? "\(error)"
            ops?.control?.reply(to: client, ControlReply.error(message))
            return
        }
        logger.info("book: \(path), \(book.pageCount) pages (recto ctl open)")
        switchBook(to: book)
        deliver(.spineOffset(book.spineOffset(setting: core.settings.spineOffset)))
        deliver(.bookOpened(pageCount: book.pageCount, client: client))
        announceShape(of: book.source)
    }

    private func reloadBook() {
        guard let cache else { return }
        guard disk.rereading == nil else {
            disk.rereadAgain = true
            return
        }
        if disk.rereader == nil {
            let r = Rereader()
            disk.rereader = r
            loop.add(fd: r.fd) { [unowned self] _ in bookReread() }
        }
        disk.rereading = disk.generation
        // A kiosk's one book is opened as at start: one replaced by a book that cannot be shown shows why, and one
        // awaited opens once it can.
        disk.rereader?.reread(waitsForItsBook ? PageSource(AwaitedBook(path: cache.source.provider.path, refusal: .notFound(path: ""), remote: remote))
                         : cache.source)
    }

    /// A kiosk with one book, not a library: it shows why its book cannot be shown until it can.
    private var waitsForItsBook: Bool { core.settings.kiosk && library.paths == nil }

    /// The kiosk's book read again: awaited (for this reason or another), arrived, or changed.
    private func kioskBookRead(_ fresh: PageSource) {
        let path = fresh.provider.path
        if let refusal = fresh.awaitedBecause {
            if cache?.source.awaitedBecause != refusal { logger.warning("the book \(path) cannot be shown (\(refusal)); waiting for it") }
            cache?.replaceSource(fresh)
            // What the path is now (a folder made, a file put in its place) is what must be watched.
            watchBook(path)
            deliver(.bookAwaited(reason: refusal.description))
        } else if cache?.source.awaitedBecause != nil {
            let arrived = BookLocation(path: path, opened: fresh)
            logger.info("book: \(path), \(arrived.pageCount) pages (it can be shown now)")
            switchBook(to: arrived)
            deliver(.spineOffset(arrived.spineOffset(setting: core.settings.spineOffset)))
            deliver(.bookArrived(pageCount: arrived.pageCount, cover: arrived.coverPage(spineOffsetSetting: core.settings.spineOffset)))
            announceShape(of: fresh)
        } else {
            bookChangedOnDisk(fresh)
        }
    }

    private func bookChangedOnDisk(_ fresh: PageSource) {
        logger.info("book changed on disk: \(fresh.pageCount) pages")
        cache?.replaceSource(fresh)
        spokenPages?.forget()
        deliver(.bookReloaded(pageCount: fresh.pageCount))
        announceShape(of: fresh)
    }

    /// The book was read again: its pages from now on, unless another book was opened meanwhile.
    func bookReread() {
        guard let result = disk.rereader?.take(), let generation = disk.rereading else { return }
        disk.rereading = nil
        if generation == disk.generation {
            switch result {
            case .failure(let error):
                logger.warning("the book \(book.path) cannot be read again: \(error)")
                deliver(.bookReloadFailed)
            case .success(let fresh):
                if waitsForItsBook { kioskBookRead(fresh) } else { bookChangedOnDisk(fresh) }
            }
        }
        if disk.rereadAgain {
            disk.rereadAgain = false
            reloadBook()
        }
    }

    // MARK: GL start-up

    func startGL(warmUp spread: SpreadMode) {
        guard gl.startup == nil, presenter.renderer == nil else { return }
        let startup = GLStartup(display: display.display, warmUp: spread, text: presenter.text)
        gl.startup = startup
        gl.token = loop.add(fd: startup.fd) { [unowned self] _ in glStarted() }
    }

    /// The helper thread is done: the window surface is made here and the GL draws from now on.
    func glStarted() {
        guard let startup = gl.startup, let outcome = startup.take() else { return }
        if let token = gl.token { loop.remove(token) }
        gl = GLLaunch(held: gl.held, wanted: gl.wanted)
        do {
            let made = try outcome.get()
            try presenter.glStarted(egl: made.egl, renderer: made.renderer,
                                    present: ProcessInfo.processInfo.environment["RECTO_PRESENT"])
            logger.info("GL: \(made.renderer.limits.description)")
            deliver(.glReady(maxTextureSize: made.renderer.maxTextureSize))
        } catch {
            deliver(.glFailed(message: "\(error)"))
        }
    }
}
