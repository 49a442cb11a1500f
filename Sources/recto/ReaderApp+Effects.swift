import AppCore
import Decoding
import FoundationEssentials
import Geometry
import Glibc
import Invocation
import Pages
import Platform
import Presentation
import Renderer

extension ReaderApp {
    /// Does what the core asked, in order. `region`: the zoom region the page-cache event being handled delivered.
    func perform(_ effects: [AppEffect], region: RGBAImage? = nil) {
        for effect in effects {
            switch effect {
            case .occurred(let occurrence):
                observe(occurrence)
                log.emit(logLine(occurrence))
                visits?.observe(occurrence, now: monotonicMilliseconds())
                speak(occurrence)
            case .warn(let message):
                options.logger.warning("\(message)")
            case let .wantPages(pages, visible, fitting):
                let cache = self.cache ?? makeCache(fitting: fitting)
                cache.setFitting(fitting)
                cache.want(pages, visibleCount: visible)
            case .upload(let page):
                upload(page)
            case .release(let page):
                presenter.release(page)
                cache?.noteTextureReleased(page: page)
            case let .placeholder(page, size, message):
                cache?.holdPlaceholder(page: page, image: placeholderImage(size: size, message: message))
            case let .requestRegion(page, rect, output):
                cache?.requestRegion(page: page, rect: rect,
                                     outputSize: output)
            case .showRegion(let page, _):
                // The core keeps where it goes; the texture is all the shell needs.
                if let region { presenter.showRegion(page, region) }
            case .endRegions:
                presenter.endRegions()
                cache?.endRegions()
            case .reloadBook:
                reloadBook()
            case .startGL:
                glWanted = true
                if !holdGL { startGL() }
            case .rememberPage(let page):
                do { try positions?.remember(page) } catch { options.logger.warning("the page will not be remembered: \(error)") }
            case .prepareSoftwareBuffer:
                presenter.prepareSoftwareBuffer()
            case let .quit(status, message):
                if let message { printError(message) }
                loop.stop(status)
            case .reply, .replyStatus, .screenshot, .openBook, .readSetting, .changeSetting:
                performOperation(effect)
            case let .openShelfBook(book, path):
                openShelfBook(book, path: path)
            case .readLibrary: library?.read(known: shelf?.books.map(\.path) ?? [])
            }
        }
    }

    /// The cache starts at the first configure, without waiting for the GL: the first spread decodes (or comes
    /// from the disk cache) while the GL starts.
    private func makeCache(fitting: PixelSize) -> PageCache {
        let c = PageCache(source: options.book.source, configuration: PageCache.Configuration(
            budgetBytes: options.cacheBytes, budgetPages: options.cachePages,
            fitting: fitting,
            maxTextureSize: presenter.renderer?.maxTextureSize ?? options.app.provisionalMaxTextureSize,
            diskCache: makeDiskCache()))
        cache = c
        loop.add(fd: c.fd) { [unowned self] _ in handle(.pagesDecoded) }
        return c
    }

    /// Decoded pages kept between runs, so a kiosk restart shows its page at once; nil when off or when the
    /// cache directory cannot be written (the reader then decodes every time).
    private func makeDiskCache() -> DiskCache? {
        guard options.diskCacheBytes > 0,
              let dir = DiskCache.defaultDirectory(environment: ProcessInfo.processInfo.environment) else { return nil }
        do { return try DiskCache(directory: dir, maxBytes: options.diskCacheBytes) } catch {
            options.logger.warning("decoded pages will not be kept on disk: \(error)")
            return nil
        }
    }

    /// The cache's image of `page` becomes its texture, and the cache lets go of it (counting the texture's real
    /// size against the page budget: on a software renderer texture memory is process memory).
    private func upload(_ page: Int) {
        guard let cache, let image = cache.deliveredImage(of: page), let bytes = presenter.upload(page, image) else { return }
        cache.noteTexture(page: page, bytes: bytes)
    }

    private func reloadBook() {
        guard let cache else { return }
        guard rereading == nil else {
            rereadAgain = true
            return
        }
        if rereader == nil {
            let r = Rereader()
            rereader = r
            loop.add(fd: r.fd) { [unowned self] _ in handle(.bookReread) }
        }
        rereading = bookGeneration
        rereader?.reread(cache.source)
    }

    /// The book was read again: its pages from now on, unless another book was opened meanwhile.
    func bookReread() {
        guard let result = rereader?.take(), let generation = rereading else { return }
        rereading = nil
        if generation == bookGeneration {
            switch result {
            case .failure(let error):
                options.logger.warning("the book \(options.book.path) cannot be read again: \(error)")
                perform(core.handle(.bookReloadFailed, now: monotonicMilliseconds()))
            case .success(let fresh):
                options.logger.info("book changed on disk: \(fresh.pageCount) pages")
                cache?.replaceSource(fresh)
                spokenPages?.forget()
                perform(core.handle(.bookReloaded(pageCount: fresh.pageCount), now: monotonicMilliseconds()))
                announceShape(of: fresh)
            }
        }
        if rereadAgain {
            rereadAgain = false
            reloadBook()
        }
    }

    // MARK: GL start-up

    func startGL() {
        guard glStartup == nil, presenter.renderer == nil else { return }
        let startup = GLStartup(display: display.display)
        glStartup = startup
        glToken = loop.add(fd: startup.fd) { [unowned self] _ in handle(.glStarted) }
    }

    /// The helper thread is done: the window surface is made here and the GL draws from now on.
    func glStarted() {
        guard let startup = glStartup, let outcome = startup.take() else { return }
        if let glToken { loop.remove(glToken) }
        glStartup = nil
        glToken = nil
        do {
            let made = try outcome.get()
            try presenter.glStarted(egl: made.egl, renderer: made.renderer,
                                    present: ProcessInfo.processInfo.environment["RECTO_PRESENT"])
            options.logger.info("GL: \(made.renderer.limits.description)")
            perform(core.handle(.glReady(maxTextureSize: made.renderer.maxTextureSize), now: monotonicMilliseconds()))
        } catch {
            perform(core.handle(.glFailed(message: "\(error)"), now: monotonicMilliseconds()))
        }
    }
}
