import AppCore
import Caching
import Decoding
import Diagnostics
import FoundationEssentials
import Geometry
import Operations
import Pages
import Platform
import Presentation
import Renderer

extension ReaderApp {
    /// Does what the core asked, in order. `region`: the zoom region the page-cache event being handled delivered;
    /// `at`: when the event began to be handled (a stop asked of speech counts its delay from there).
    func perform(_ effects: [AppEffect], region: RGBAImage? = nil, at: Double = monotonicMilliseconds()) {
        for effect in effects {
            switch effect {
            case .occurred(let occurrence):
                let meaning = occurrence.meaning
                observe(meaning)
                log.emit(logLine(meaning))
                visits?.observe(meaning.visits, now: monotonicMilliseconds())
            case .say(let cue):
                speak(cue)
            case .warn(let message):
                logger.warning("\(message)")
            case .notice(let message):
                logger.notice("\(message)")
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
                cache?.holdPlaceholder(page: page, image: placeholderImage(size: size, message: message, text: presenter.text))
            case let .requestRegion(page, rect, output):
                cache?.requestRegion(page: page, rect: rect,
                                     outputSize: output)
            case .showRegion(let page, _):
                // The core keeps where it goes; the texture is all the shell needs.
                if let region { presenter.showRegion(page, region) }
            case .endRegions:
                presenter.endRegions()
                cache?.endRegions()
            case .rememberPage(let page):
                do { try disk.positions?.remember(page) } catch { logger.warning("the page will not be remembered: \(error)") }
            case .prepareSoftwareBuffer:
                presenter.prepareSoftwareBuffer()
            case let .quit(status, message):
                if let message { printError(message) }
                loop.stop(status)
            case let .reply(client, line):
                ops?.control?.reply(to: client, line)
            case let .replyStatus(client, status):
                ops?.control?.reply(to: client, EventLog.line(statusReport(status)))
            case .start(let job):
                start(job)
            case .speech(let request):
                speech?.perform(request, now: at)
            }
        }
    }

    /// The cache starts at the first configure, without waiting for the GL: the first spread decodes (or comes
    /// from the disk cache) while the GL starts.
    private func makeCache(fitting: PixelSize) -> PageCache {
        let c = PageCache(source: book.source, configuration: PageCache.Configuration(
            budgetBytes: core.settings.cacheBytes, budgetPages: core.settings.cachePages,
            fitting: fitting,
            maxTextureSize: presenter.renderer?.maxTextureSize ?? AppCore.provisionalMaxTextureSize,
            diskCache: makeDiskCache()))
        cache = c
        loop.add(fd: c.fd) { [unowned self] _ in pagesDecoded() }
        return c
    }

    /// Decoded pages kept between runs, so a kiosk restart shows its page at once; nil when off or when the
    /// cache directory cannot be written (the reader then decodes every time).
    private func makeDiskCache() -> DiskCache? {
        guard core.settings.diskCacheMB << 20 > 0,
              let dir = DiskCache.defaultDirectory(environment: ProcessInfo.processInfo.environment) else { return nil }
        do { return try DiskCache(directory: dir, maxBytes: core.settings.diskCacheMB << 20) } catch {
            logger.warning("decoded pages will not be kept on disk: \(error)")
            return nil
        }
    }

    /// The cache's image of `page` becomes its texture, and the cache lets go of it (counting the texture's real
    /// size against the page budget: on a software renderer texture memory is process memory).
    private func upload(_ page: Int) {
        guard let cache, let image = cache.deliveredImage(of: page), let bytes = presenter.upload(page, image) else { return }
        cache.noteTexture(page: page, bytes: bytes)
    }
}
