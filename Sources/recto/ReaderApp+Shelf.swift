import AppCore
import FoundationEssentials
import Geometry
import Platform
import Renderer

/// A library's shelf in the shell: covers loaded (ShelfCovers), books opened when the core asks, the shelf
/// drawn as the core plans it (AppCore+Shelf.swift decides everything).
extension ReaderApp {
    /// Puts the library's books on the shelf (nothing without a library).
    func startShelf() {
        guard let paths = options.library else { return }
        let translate = options.app.translator
        let covers = ShelfCovers(paths: paths, loop: loop, translate: { translate($0) }) { [unowned self] book in
            handle(.coverDecoded(book: book))
        }
        shelf = covers
        perform(core.handle(.shelf(covers.books), now: monotonicMilliseconds()))
        for (book, size) in covers.placeholders {
            perform(core.handle(.coverReady(book: book, size: size), now: monotonicMilliseconds()))
        }
    }

    func coverDecoded(_ book: Int) {
        for (book, size) in shelf?.drain(book) ?? [] {
            perform(core.handle(.coverReady(book: book, size: size), now: monotonicMilliseconds()))
        }
    }

    /// Opens shelf book `book` where it was left (else at its front cover) and tells the core.
    func openShelfBook(_ book: Int, path: String) {
        let location: BookLocation
        do { location = try BookLocation(path: path) } catch {
            let message = (error as? RectoExit)?.message ?? "\(error)"
            perform(core.handle(.shelfBookFailed(book: book, message: message), now: monotonicMilliseconds()))
            return
        }
        options.logger.info("book: \(path), \(location.pageCount) pages (from the shelf)")
        switchBook(to: location)
        let start = positions?.page ?? location.source.metadata.coverPage ?? 1
        perform(core.handle(.shelfBookOpened(book: book, pageCount: location.pageCount, startPage: start),
                            now: monotonicMilliseconds()))
        announceShape(of: location.source)
    }

    /// The shelf instead of the pages, or the home control and the opening book's growth over them.
    func applyShelf(to scene: inout FrameScene) {
        guard let shelf, let renderer, let view = core.shelfView(now: monotonicMilliseconds()) else { return }
        let s = window.renderScale
        func px(_ r: Rect) -> Rect { Rect(x: r.x * s, y: r.y * s, width: r.width * s, height: r.height * s) }
        switch view {
        case let .shelf(covers, titleSize, dots):
            scene = FrameScene(background: scene.background, pages: [])
            scene.shelf = dots.map { PageQuad(texture: nil, rect: px($0)) }
            for c in covers {
                let cover = px(c.cover), box = px(c.title)
                scene.shelf.append(PageQuad(texture: shelf.cover(c.book, renderer: renderer), rect: cover))
                let title = shelf.title(c.book, size: titleSize * s, width: Int(box.width), background: scene.background,
                                        renderer: renderer)
                let w = Double(title.width), h = Double(title.height)
                scene.shelf.append(PageQuad(texture: title, rect: Rect(x: box.center.x - w / 2, y: box.minY, width: w, height: h)))
            }
        case let .reading(home, growth):
            // The growth is in window pixels, the view already in buffer pixels.
            if let growth { scene.view = Affine2.scale(s).concatenating(growth).concatenating(.scale(1 / s)).concatenating(scene.view) }
            scene.home = px(home)
        }
    }
}
