import Decoding
import Foundation
import Glibc
import Pages
import Platform
import Renderer

/// Start-up state: the CPU-drawn frames shown before the GL is up, and the GL's start on its helper thread.
struct FirstFrames {
    /// Texture size assumed before the GL reports GL_MAX_TEXTURE_SIZE (pages decoded larger are scaled down at
    /// upload if the real limit is smaller).
    static let provisionalMaxTextureSize = 4096
    /// How long the first frame waits for the first spread's pages before it shows paper in their place (ms).
    static let pageWait = 250.0
    /// After this long without the pages (ms), the wait is spent making the frame's buffer. Not at once: pages
    /// from the disk cache arrive within a few ms, and faulting in 8 MB takes ~5 ms that the frame would wait.
    static let prepareAfter = 8.0

    var software: SoftwareFrames?
    /// Pages delivered before the GL is up; uploaded (and dropped here) when it is.
    var images: [Int: RGBAImage] = [:]
    var glStartup: GLStartup?
    var glToken: Int?
    /// Test-only (`RECTO_TEST_HOLD_GL=1`): the GL starts at SIGUSR1, so tests can see the CPU frames alone.
    var holdGL = false
    var glRequested = false
    /// A frame has been committed through wl_shm.
    var committed = false
    var pageWaitTimer: TimerSource?
    var prepareTimer: TimerSource?
    var pageWaitOver = false
    /// When the GL's start-up began (monotonic ms), and whether its first frame has been reported.
    var glStartedAt: Double?
    var rendererSent = false
}

extension ReaderApp {
    /// GL_MAX_TEXTURE_SIZE once the GL is up; before, a size every GLES2 GPU of the last decade offers.
    var maxTextureSize: Int { renderer?.maxTextureSize ?? FirstFrames.provisionalMaxTextureSize }

    /// A page arrived: a texture when the GL is up, else kept for the CPU-drawn first frames.
    func received(_ page: Int, _ image: RGBAImage, cache: PageCache) {
        if let renderer {
            upload(page, image, renderer: renderer, cache: cache)
        } else {
            firstFrames.images[page] = image
        }
    }

    func wireGLStartup() {
        guard ProcessInfo.processInfo.environment["RECTO_TEST_HOLD_GL"] == "1" else { return }
        firstFrames.holdGL = true
        loop.onSignals([SIGUSR1]) { [unowned self] _ in
            firstFrames.holdGL = false
            if firstFrames.glRequested { startGL() }
        }
    }

    /// Before the GL is up: draws the reader's frame with the CPU into a wl_shm buffer and commits it at once
    /// (no frame callback: these frames are few, one per change). A frame the CPU cannot draw (a leaf in
    /// mid-curl, a rotated view) is left for the first GL frame; input before the GL only updates the state.
    func drawFirstFrameIfNeeded() {
        guard renderer == nil, dirty, window.isConfigured else { return }
        guard let software = firstFrames.software, software.isAvailable else {
            // No wl_shm (not a conforming compositor): nothing to show until the GL is up.
            requestGL()
            return
        }
        let pixels = firstFrames.images.mapValues { PagePixels(width: $0.width, height: $0.height, rgba: $0.pixels) }
        guard !reader.isAnimating, !reader.isTurning,
              let scene = composer.softwareScene(reader.frame, pixels: pixels, renderScale: window.renderScale) else {
            requestGL()
            return
        }
        let complete = scene.pages.allSatisfy { $0.pixels != nil }
        if !firstFrames.committed, !complete, !firstFrames.pageWaitOver {
            // The first frame waits for the first spread, not longer than `pageWait`; a long wait is spent making
            // its buffer, so that drawing it costs only the pixels.
            if firstFrames.pageWaitTimer == nil {
                let now = monotonicMilliseconds()
                let wait = TimerSource(loop: loop) { [unowned self] in
                    firstFrames.pageWaitTimer?.fired()
                    firstFrames.pageWaitOver = true
                    dirty = true
                }
                wait.arm(at: now + FirstFrames.pageWait)
                firstFrames.pageWaitTimer = wait
                let prepare = TimerSource(loop: loop) { [unowned self] in
                    firstFrames.prepareTimer?.fired()
                    if renderer == nil, !firstFrames.committed { firstFrames.software?.prepare() }
                }
                prepare.arm(at: now + FirstFrames.prepareAfter)
                firstFrames.prepareTimer = prepare
            }
            return
        }
        firstFrames.pageWaitTimer?.arm(at: nil)
        firstFrames.prepareTimer?.arm(at: nil)
        dirty = false
        let drawn = software.present { buffer, width, height, stride in
            // Two bands on two threads: the pixels are the whole cost of this frame.
            nonisolated(unsafe) let pixels = buffer
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                SoftwareCompositor.draw(scene, into: pixels, width: width, height: height, stride: stride, order: .bgrx,
                                        band: half == 0 ? 0..<height / 2 : height / 2..<height)
            }
        }
        guard drawn else {
            requestGL()
            return
        }
        if !readySent {
            readySent = true
            log.emit("ready", ["width": .int(Int(window.width)), "height": .int(Int(window.height)),
                               "scale": .double(window.scale), "pages": .int(options.book.pageCount)])
        }
        if !firstFrames.committed {
            firstFrames.committed = true
            requestPages()  // now the neighbours too
        }
        let visible = reader.frame.pages.map(\.page)
        if !shownSent, visible.contains(where: { firstFrames.images[$0] != nil }) {
            shownSent = true
            log.emit("shown", ["page": .int(reader.page)])
        }
        // Not before: on two cores the GL's start-up would slow the decoding of the first pages.
        if complete || firstFrames.pageWaitOver { requestGL() }
    }

    /// The GL starts once the first spread is on screen (or the wait for it is over): its ~100 ms of start-up
    /// then delays nothing visible.
    private func requestGL() {
        firstFrames.glRequested = true
        if !firstFrames.holdGL { startGL() }
    }

    private func startGL() {
        guard firstFrames.glStartup == nil, renderer == nil else { return }
        firstFrames.glStartedAt = monotonicMilliseconds()
        let startup = GLStartup(display: display.display)
        firstFrames.glStartup = startup
        firstFrames.glToken = loop.add(fd: startup.fd) { [unowned self] _ in glStarted() }
    }

    /// The helper thread is done: the window surface is made here, the pages held for the CPU frames become
    /// textures, and the next frame is the first GL frame (it replaces the last wl_shm buffer).
    private func glStarted() {
        guard let startup = firstFrames.glStartup, let outcome = startup.take() else { return }
        if let token = firstFrames.glToken { loop.remove(token) }
        firstFrames.glStartup = nil
        firstFrames.glToken = nil
        let made: GLStartup.Made
        do {
            made = try outcome.get()
            egl = made.egl
            surface = try EGLWindowSurface(egl: made.egl, wlSurface: window.surface,
                                           width: window.bufferWidth, height: window.bufferHeight)
        } catch {
            printError("no usable EGL/OpenGL ES 2: \(error)")
            loop.stop(ExitStatus.graphics.rawValue)
            return
        }
        renderer = made.renderer
        if let cache {
            // Pages the book lost while the GL started (it changed on disk) are not uploaded.
            for (page, image) in firstFrames.images.sorted(by: { $0.key < $1.key }) where page <= cache.source.pageCount {
                upload(page, image, renderer: made.renderer, cache: cache)
            }
        }
        firstFrames.images = [:]
        // The real texture limit may change the fitting box.
        requestPages()
        damage.reset()
        dirty = true
    }

    /// After each GL frame: the first one ends the start-up (`renderer` event; from here frames follow input).
    func noteGLFrame() {
        guard !firstFrames.rendererSent else { return }
        firstFrames.rendererSent = true
        let startup = firstFrames.glStartedAt.map { monotonicMilliseconds() - $0 } ?? 0
        log.emit("renderer", ["startup_ms": .double((startup * 10).rounded() / 10)])
    }
}
