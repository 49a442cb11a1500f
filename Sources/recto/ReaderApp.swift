import Book
import Foundation
import Decoding
import Geometry
import Gestures
import Glibc
import Pages
import Platform
import Reader
import Renderer

/// The interactive reader: Wayland input → gestures → reader state → renderer, paced by frame callbacks.
/// Lives on the main thread; every callback arrives there through the platform layer.
@MainActor final class ReaderApp {
    let options: ReaderOptions
    let log: EventLog
    let loop = EventLoop()
    let display: WaylandDisplay
    var window: Window!
    /// Made on a helper thread after the first frame (`GLStartup`); nil until then.
    var egl: EGLDisplayContext?
    var surface: EGLWindowSurface?
    var renderer: SceneRenderer?
    var cache: PageCache?
    var recognizer = GestureRecognizer()
    var reader: Reader
    var tapTimer: TimerSource!
    var idleTimer: TimerSource!
    var reportedFailures: Set<Int> = []
    var watcher: FileWatcher?
    var reloadTimer: TimerSource!
    var zoomDetail = ZoomDetail()
    var predictor = TouchPredictor()
    var glErrorCount = 0
    var damage = DamageTracker()
    var stats = FrameStats()
    var pacing = MotionPacing()
    var presentation: PresentationFeedback?
    var textures: [Int: Texture] = [:]
    /// When each page's texture was last needed (a counter), for least-recently-used trimming.
    var textureUse: [Int: Int] = [:]
    var useClock = 0
    var dirty = true
    /// A finger or pointer moved since the last frame was drawn.
    var freshInput = false
    var readySent = false
    var shownSent = false
    let composer: SceneComposer
    /// The frames shown before the GL is up, and the GL's start-up (ReaderApp+FirstFrames.swift).
    var firstFrames = FirstFrames()

    init(options: ReaderOptions) throws {
        self.options = options
        returnLargeAllocationsToTheSystem()
        log = EventLog(enabled: options.logEvents)
        do { display = try WaylandDisplay() } catch let e as DisplayError {
            throw RectoExit(.display, e.description)
        }
        var config = options.reader
        config.gestures = options.gestures
        reader = Reader(pageCount: options.book.pageCount, config: config)
        composer = SceneComposer(background: options.background)
        display.hideCursor = options.kiosk
        let output = options.outputName.flatMap { name in display.outputList.first { $0.name == name } }
        if let name = options.outputName, output == nil {
            let known = display.outputList.map(\.name).filter { !$0.isEmpty }
            throw RectoExit(.usage, "no output named \(name) (outputs: \(known.isEmpty ? "none named" : known.joined(separator: ", ")))")
        }
        do { window = try Window(display: display, title: "Recto", appID: "recto", output: output) } catch let e as DisplayError {
            throw RectoExit(.display, e.description)
        }
        firstFrames.software = SoftwareFrames(window: window)
        tapTimer = TimerSource(loop: loop) { [unowned self] in
            tapTimer.fired()
            process(recognizer.tick(now: monotonicMilliseconds()))
        }
        idleTimer = TimerSource(loop: loop) { [unowned self] in
            idleTimer.fired()
            idleReset()
        }
        reloadTimer = TimerSource(loop: loop) { [unowned self] in
            reloadTimer.fired()
            reloadBook()
        }
        wire()
        armIdleTimer()
        watchBook()
    }

    private func wire() {
        display.onFatal = { [unowned self] error in
            printError(error.description)
            loop.stop(ExitStatus.display.rawValue)
        }
        display.onInput = { [unowned self] input in
            switch input {
            case .touchMotion, .touchDown, .pointerMotion, .pinchUpdate:
                stats.inputDispatched(at: monotonicMilliseconds())
                freshInput = true
            default: break
            }
            armIdleTimer()
            process(recognizer.handle(input))
        }
        display.onOutputsChanged = { [unowned self] in window.updateScale() }
        window.onResize = { [unowned self] in resized() }
        window.onClose = { [unowned self] in if !options.kiosk { loop.stop(ExitStatus.ok.rawValue) } }
        window.onFrame = { [unowned self] time in
            stats.frameCallback()
            pacing.frameCallback(at: Double(time))
            if reader.isAnimating { dirty = true }
        }
        loop.beforePoll.append { [unowned self] in drawFirstFrameIfNeeded() }
        loop.beforePoll.append { [unowned self] in drawIfNeeded() }
        wireGLStartup()
        // SIGTERM (a supervisor stopping the kiosk) and SIGINT end the program cleanly.
        loop.onSignals([SIGTERM, SIGINT]) { [unowned self] _ in loop.stop(ExitStatus.ok.rawValue) }
    }

    /// Runs until quit; returns the exit status.
    func run() -> Int32 {
        if options.stats { presentation = PresentationFeedback(display: display, surface: window.surface) }
        let status = loop.run(display: display)
        // Quit while the GL was still starting (a kiosk stopped at once): let the helper thread finish first.
        firstFrames.glStartup?.waitUntilDone()
        if options.stats {
            syncPresentationStats()
            writeAll(2, stats.report)
            if let c = cache?.statistics {
                writeAll(2, "page cache: used \(c.usedBytes >> 20) MiB (peak \(c.peakBytes >> 20)) of \(c.budgetBytes >> 20) MiB; textures \(c.textureBytes >> 20) MiB counted, \(textures.values.reduce(0) { $0 + $1.byteCount } >> 20) MiB held in \(textures.count) (\(textures.values.first.map { "\($0.width)×\($0.height)" } ?? "-")); cpu \(c.cpuBytes >> 20) MiB; decodes \(c.decodes), evictions \(c.evictions)\n")
            }
        }
        return status
    }

    private func syncPresentationStats() {
        guard let p = presentation else { return }
        stats.presented = p.presented
        stats.discarded = p.discarded
        stats.inputToPresentation = p.inputToPresentation
    }

    // MARK: idle reset

    private func armIdleTimer() {
        guard let seconds = options.idleReset, seconds > 0 else { return }
        idleTimer.arm(at: monotonicMilliseconds() + seconds * 1000)
    }

    private func idleReset() {
        let (reset, events) = reader.idleReset(at: now)
        guard reset else { return }
        log.emit("idle-reset", ["page": .int(reader.page)])
        log(events)
        recognizer.context = reader.gestureContext
        dirty = true
    }

    private var now: Double { monotonicMilliseconds() / 1000 }

    // MARK: input

    private func process(_ intents: [Intent]) {
        let t = now
        for intent in intents {
            switch intent {
            case .curlBegin(let b): predictor.reset(); predictor.add(position: b.position, time: t * 1000)
            case .curlMove(let p): predictor.add(position: p, time: t * 1000)
            case .curlEnd, .curlCancel: predictor.reset()
            default: break
            }
            if case .quit = intent {
                if !options.kiosk { loop.stop(ExitStatus.ok.rawValue) }
                continue
            }
            let before = reader.page
            log(reader.apply(intent, at: t))
            dirty = true
            if reader.page != before { requestPages() }
        }
        recognizer.context = reader.gestureContext
        tapTimer.arm(at: recognizer.nextDeadline)
    }

    private func log(_ events: [ReaderEvent]) {
        for e in events {
            switch e {
            case .flip(let phase, let forward):
                log.emit("flip", ["phase": .string(phase.rawValue), "direction": .string(forward ? "forward" : "backward")])
            case .page(let p):
                log.emit("page", ["page": .int(p)])
                requestPages()
            case .zoom(let scale, let rotation):
                log.emit("zoom", ["scale": .double(scale), "rotation": .double(rotation)])
            }
        }
    }

    // MARK: window

    private func resized() {
        log(reader.resize(width: Double(window.width), height: Double(window.height)))
        recognizer.context = reader.gestureContext
        damage.reset()
        surface?.resize(width: window.bufferWidth, height: window.bufferHeight)
        if cache == nil {
            // At the first configure, without waiting for the GL: the first spread decodes (or comes from the
            // disk cache) while the GL starts. The texture limit is a safe guess until the GL tells.
            let c = PageCache(source: options.book.source, configuration: PageCache.Configuration(
                budgetBytes: options.cacheBytes, fitting: pageFitting, maxTextureSize: maxTextureSize,
                diskCache: makeDiskCache()))
            cache = c
            loop.add(fd: c.fd) { [unowned self] _ in pagesDecoded() }
        }
        requestPages()
        dirty = true
    }

    // MARK: pages

    /// Decoded pages kept between runs, so a kiosk restart shows its page at once; nil when off or when
    /// the cache directory cannot be written (the reader then decodes every time).
    private func makeDiskCache() -> DiskCache? {
        guard options.diskCacheBytes > 0,
              let dir = DiskCache.defaultDirectory(environment: ProcessInfo.processInfo.environment) else { return nil }
        do { return try DiskCache(directory: dir, maxBytes: options.diskCacheBytes) } catch {
            options.logger.warning("decoded pages will not be kept on disk: \(error)")
            return nil
        }
    }

    /// Pages are decoded to the window's full buffer size (sharp at 1×; zoom asks for regions).
    private var pageFitting: Decoding.PixelSize {
        // Full resolution even while moving frames are drawn smaller: pages outlive the motion.
        Decoding.PixelSize(width: min(maxTextureSize, max(256, Int((Double(window.width) * window.scale).rounded()))),
                           height: min(maxTextureSize, max(256, Int((Double(window.height) * window.scale).rounded()))))
    }

    func requestPages() {
        guard let cache else { return }
        useClock += 1
        for page in reader.neededPages where textures[page] != nil { textureUse[page] = useClock }
        cache.setFitting(pageFitting)
        // The spread shown first, then its neighbours: the cache decodes in this order. Until the first frame is
        // up only the spread itself: on two cores the neighbours would slow it down.
        let visible = reader.position.spread.pages.count
        let pages = firstFrames.committed || renderer != nil ? reader.neededPages : Array(reader.neededPages.prefix(visible))
        cache.want(pages, visibleCount: visible)
    }

    private func pagesDecoded() {
        guard let cache else { return }
        for event in cache.drain() {
            switch event {
            case .ready(let page, let image, let sourceSize):
                zoomDetail.sourceSizes[page] = sourceSize
                received(page, image, cache: cache)
                reader.setPageSize(page, width: Double(image.width), height: Double(image.height))
            case .failed(let page, let message):
                if reportedFailures.insert(page).inserted {
                    options.logger.warning("page \(page) cannot be shown: \(message)")
                }
                // A placeholder with the reason, in the proportions of its neighbours; the book reads on.
                let size = reader.pageSize(near: page) ?? (700, 990)
                let w = max(64, Int(size.width)), h = max(64, Int(size.height))
                let image = placeholderImage(size: Decoding.PixelSize(width: w, height: h), message: "Page \(page): \(message)")
                received(page, image, cache: cache)
                reader.setPageSize(page, width: Double(w), height: Double(h))
            case .evict(let page):
                textures[page] = nil
                firstFrames.images[page] = nil
                textureUse[page] = nil
                cache.noteTextureReleased(page: page)
            case .region(let page, let rect, let image):
                // Regions are asked for only by GL frames (zoomDetail.update), so the renderer exists.
                if let renderer {
                    zoomDetail.received(page: page, rect: rect, image: image, reader: reader, renderer: renderer)
                }
            }
            // Only a page on screen needs a new frame; neighbours decoded ahead wait for their turn.
            let page: Int? = switch event {
            case .ready(let p, _, _), .failed(let p, _): p
            case .region(let p, _, _): p
            case .evict: nil
            }
            if let page, visiblePages.contains(page) { dirty = true }
        }
        recognizer.context = reader.gestureContext
    }

    /// Pages the current frame draws (flat pages and both faces of a turning leaf, and what it reveals).
    private var visiblePages: Set<Int> {
        let f = reader.frame
        var pages = Set(f.pages.map(\.page))
        if let leaf = f.leaf { pages.formUnion([leaf.front, leaf.back, leaf.under].compactMap { $0 }) }
        return pages
    }

    func upload(_ page: Int, _ image: RGBAImage, renderer: SceneRenderer, cache: PageCache) {
        // Only a page decoded before the GL told its real limit can exceed it.
        let max = renderer.maxTextureSize
        let image = image.width > max || image.height > max ? image.downscaled(toMaxDimension: max) : image
        let texture = image.pixels.withUnsafeBytes {
            renderer.makeTexture(width: image.width, height: image.height, pixels: $0)
        }
        textures[page] = texture
        textureUse[page] = useClock
        cache.noteTexture(page: page, bytes: texture.byteCount)
        trimTextures(cache: cache)
    }

    /// Keeps the textures themselves within the page budget, least recently shown first, whatever the
    /// decoder's own accounting says: on a software renderer texture memory is process memory.
    private func trimTextures(cache: PageCache) {
        let needed = Set(reader.neededPages)
        var total = textures.values.reduce(0) { $0 + $1.byteCount }
        guard total > options.cacheBytes else { return }
        for (page, _) in textureUse.sorted(by: { $0.value < $1.value }) where !needed.contains(page) {
            guard total > options.cacheBytes, let t = textures[page] else { continue }
            total -= t.byteCount
            textures[page] = nil
            textureUse[page] = nil
            cache.noteTextureReleased(page: page)
        }
    }

    // MARK: live content

    /// Pages copied into, replaced in or removed from the book appear without a restart.
    private func watchBook() {
        let path = options.book.path
        var isDirectory: ObjCBoolLike = false
        let directory = FileKind.isDirectory(path, &isDirectory) ? path : FileKind.parent(of: path)
        watcher = FileWatcher(loop: loop, directory: directory) { [unowned self] _ in
            // A file being copied changes many times: reload once it has been quiet for a moment, so a
            // half-copied page is not shown broken (and is retried if it was).
            reloadTimer.arm(at: monotonicMilliseconds() + 400)
        }
    }

    private func reloadBook() {
        guard let cache else { return }
        let fresh: PageSource
        do { fresh = try cache.source.reloaded() } catch {
            options.logger.warning("the book \(options.book.path) cannot be read again: \(error)")
            return
        }
        options.logger.info("book changed on disk: \(fresh.pageCount) pages")
        reportedFailures.removeAll()
        cache.replaceSource(fresh)
        log(reader.setPageCount(fresh.pageCount))
        for page in textures.keys where page > fresh.pageCount { textures[page] = nil }
        log.emit("book", ["pages": .int(fresh.pageCount)])
        requestPages()
        recognizer.context = reader.gestureContext
        dirty = true
    }

    // MARK: drawing

    private func drawIfNeeded() {
        guard dirty, window.isConfigured, let surface, let renderer else { return }
        guard !window.framePending || pacing.drawsInputAtOnce(now: monotonicMilliseconds(), freshInput: freshInput) else { return }
        dirty = false
        freshInput = false
        log(reader.advance(to: now))
        if reader.isAnimating { dirty = true }
        let started = monotonicMilliseconds()
        pacing.drawing(at: started)
        // On a slow renderer the page moves at a reduced resolution and comes back sharp when it rests.
        let factor = pacing.factor(moving: reader.isTurning || reader.isAnimating, setting: options.motionScale)
        if factor != window.motionFactor, window.setMotionFactor(factor) {
            surface.resize(width: window.bufferWidth, height: window.bufferHeight)
            damage.reset()
        }
        var shown = reader
        if options.predict, reader.isDragging, !predictor.isEmpty {
            // Drawn where the finger will be when this frame is on screen; the state keeps the real input.
            let ms = monotonicMilliseconds()
            _ = shown.apply(.curlMove(predictor.predict(lead: pacing.interval, now: ms)), at: ms / 1000)
        }
        var scene = composer.scene(shown.frame, textures: textures)
        scene.details = zoomDetail.quads(reader: reader)
        scene.view = Affine2.scale(window.renderScale).concatenating(scene.view)
        // Repaint only what the turning page changed since this buffer was last shown.
        let region = damage.damage(for: scene, bufferAge: surface.bufferAge(),
                                   size: (Double(surface.width), Double(surface.height)))
        renderer.draw(scene, width: Int(surface.width), height: Int(surface.height), clip: region)
        window.setOpaque()
        window.requestFrame()
        let rects = region.map { $0.rects.map { r in (x: Int32(r.minX), y: Int32(r.minY), w: Int32(r.width), h: Int32(r.height)) } }
        presentation?.request(newestInput: stats.newestInput)
        guard surface.swap(damage: rects) else {
            display.fail(DisplayError("presenting the frame failed: the display is gone"))
            return
        }
        #if DEBUG
        // Debug builds check every frame; release builds check with --stats.
        let checkGL = true
        #else
        let checkGL = options.stats
        #endif
        if checkGL {
            let errors = GLErrors.drain()
            if !errors.isEmpty {
                glErrorCount += errors.count
                options.logger.error("GL errors in a frame: \(errors.joined(separator: ", "))")
            }
        }
        let committed = monotonicMilliseconds()
        stats.committed(at: committed, cost: committed - started)
        if let cache {
            let hadDetails = !scene.details.isEmpty
            zoomDetail.update(reader: reader, textures: textures, renderScale: window.renderScale, cache: cache)
            if hadDetails && zoomDetail.quads(reader: reader).isEmpty { dirty = true }
        }
        if window.motionFactor == 1 { pacing.fullFrameCost(committed - started) }
        if options.stats, stats.summaryDue(at: committed) {
            syncPresentationStats()
            log.emit("stats", ["frames": .int(stats.frames), "callbacks": .int(stats.callbacks),
                               "latency_p50": .double(FrameStats.percentile(stats.latencies, 0.5)),
                               "latency_p99": .double(FrameStats.percentile(stats.latencies, 0.99)),
                               "newest_latency_p50": .double(FrameStats.percentile(stats.newestLatencies, 0.5)),
                               "newest_latency_p99": .double(FrameStats.percentile(stats.newestLatencies, 0.99)),
                               "frame_p50": .double(FrameStats.percentile(stats.frameCosts, 0.5)),
                               "frame_p99": .double(FrameStats.percentile(stats.frameCosts, 0.99)),
                               "frame_max": .double(stats.frameCosts.max() ?? 0),
                               "presented": .int(stats.presented), "discarded": .int(stats.discarded),
                               "present_latency_p50": .double(FrameStats.percentile(stats.inputToPresentation, 0.5)),
                               "present_latency_p99": .double(FrameStats.percentile(stats.inputToPresentation, 0.99)),
                               "textures": .int(textures.count + zoomDetail.textureCount),
                               "gl_errors": .int(glErrorCount), "rss_kb": .int(ProcessStatus.residentKB()),
                               "fds": .int(ProcessStatus.openDescriptors())])
        }
        if !readySent {
            readySent = true
            log.emit("ready", ["width": .int(Int(window.width)), "height": .int(Int(window.height)),
                               "scale": .double(window.scale), "pages": .int(options.book.pageCount)])
        }
        if !shownSent, reader.frame.pages.contains(where: { textures[$0.page] != nil }) {
            shownSent = true
            log.emit("shown", ["page": .int(reader.page)])
        }
        noteGLFrame()
    }
}
