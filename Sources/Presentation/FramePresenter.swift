import AppCore
import Decoding
import Dispatch
import Geometry
import Panels
import Platform
import Reader
import Renderer
import Text

/// What the window shows, from the core's frame plans: the CPU-drawn first frames before the GL is up, then GL
/// frames presented through the EGL window surface (buffer age) or, on a software renderer, a retained
/// framebuffer copied into wl_shm buffers; damage, screenshots read back before presenting, `--stats` figures.
/// Owns the GL objects and the page textures (`textures`); the page images themselves stay in the page cache
/// until uploaded. Lives on the main thread, like the window.
@MainActor public final class FramePresenter {
    public let window: Window
    /// What sets every text the window shows (the GL's labels, placeholders, the shelf's titles).
    public let text: TextRenderer
    private let software: SoftwareFrames
    private let composer: SceneComposer
    public private(set) var renderer: SceneRenderer?
    private var egl: EGLDisplayContext?
    private var surface: EGLWindowSurface?
    /// With a software renderer: frames go to the compositor through these instead of `surface`'s swaps.
    private var shmFrames: ShmSwapchain?
    private var retained: RetainedTarget?
    private var damage = DamageTracker()
    public var stats = FrameStats()
    public private(set) var textures = TextureStore()
    public private(set) var glErrorCount = 0
    var feedback: PresentationFeedback?
    /// Release builds check GL errors with `--stats` only; debug builds every frame.
    private let checksGLErrors: Bool

    /// `onTextUnavailable`: told once, with the reason, if Pango cannot be opened when text is first wanted.
    public init(window: Window, background: RGBA, checksGLErrors: Bool,
                onTextUnavailable: @escaping @Sendable (String) -> Void) {
        self.window = window
        text = TextRenderer(onUnavailable: onTextUnavailable)
        software = SoftwareFrames(window: window)
        composer = SceneComposer(background: background)
        #if DEBUG
        self.checksGLErrors = true
        #else
        self.checksGLErrors = checksGLErrors
        #endif
    }

    /// Whether CPU-drawn frames can reach the compositor (a wl_shm global).
    public var softwareAvailable: Bool { software.isAvailable }

    public func prepareSoftwareBuffer() { software.prepare() }

    /// wp_presentation feedback for every GL frame: when it was shown, and input-to-presentation latencies.
    public func startFeedback(display: WaylandDisplay, keepsLatencies: Bool, onLatency: @escaping @MainActor (Double) -> Void,
                              onPresented: @escaping @MainActor (_ time: Double, _ refresh: Double) -> Void) {
        feedback = PresentationFeedback(display: display, surface: window.surface)
        feedback?.keepsLatencies = keepsLatencies
        feedback?.onLatency = onLatency
        feedback?.onPresented = onPresented
    }

    /// The window was configured: the surface follows its buffer size and the next frame is whole.
    public func configured() {
        damage.reset()
        surface?.resize(width: window.bufferWidth, height: window.bufferHeight)
    }

    /// The GL made on the start-up thread: the GL draws from now on, through a window surface made here or, on
    /// a software renderer, into wl_shm buffers (no window surface then: its buffers, 8 MiB at 1920×1080, would
    /// never be shown).
    public func glStarted(egl: EGLDisplayContext, renderer: SceneRenderer, present: String?) throws {
        self.egl = egl
        self.renderer = renderer
        try egl.makeCurrentSurfaceless()
        // llvmpipe's window surfaces repaint, copy and damage every frame whole; RECTO_PRESENT=swap keeps them
        // (to compare the two ways).
        if !egl.extensions.contains("EGL_EXT_buffer_age"), RetainedTarget.isSoftwareRenderer, present != "swap" {
            shmFrames = ShmSwapchain(window: window)
        } else {
            try makeSurface(egl)
        }
        damage.reset()
    }

    private func makeSurface(_ egl: EGLDisplayContext) throws {
        surface = try EGLWindowSurface(egl: egl, wlSurface: window.surface,
                                       width: window.bufferWidth, height: window.bufferHeight)
    }

    // MARK: textures

    /// `image` becomes `page`'s texture; returns its bytes (nil before the GL is up).
    public func upload(_ page: Int, _ image: RGBAImage) -> Int? {
        guard let renderer else { return nil }
        return textures.upload(page, image, renderer: renderer)
    }

    public func release(_ page: Int) { textures.release(page) }

    /// A zoom region of `page` arrived and the core shows it.
    public func showRegion(_ page: Int, _ image: RGBAImage) {
        guard let renderer else { return }
        textures.setDetail(page, image, renderer: renderer)
    }

    public func endRegions() { textures.clearDetails() }

    // MARK: frames

    /// Before the GL is up: the resting view drawn by the CPU into a wl_shm buffer and committed at once (no
    /// frame callback: these frames are few, one per change). `image` gives each page's delivered image.
    /// Returns false when the frame could not be drawn.
    public func drawSoftware(_ plan: FramePlan, image: (Int) -> RGBAImage?) -> Bool {
        var pixels: [Int: PagePixels] = [:]
        for page in plan.frame.pagesShown {
            if let i = image(page) { pixels[page] = PagePixels(width: i.width, height: i.height, rgba: i.pixels) }
        }
        guard let scene = composer.softwareScene(plan.frame, pixels: pixels, renderScale: window.renderScale) else {
            return false
        }
        return software.present { buffer, width, height, stride in
            // Two bands on two threads: the pixels are the whole cost of this frame.
            nonisolated(unsafe) let pixels = buffer
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                SoftwareCompositor.draw(scene, into: pixels, width: width, height: height, stride: stride,
                                        order: .bgrx, band: half == 0 ? 0..<height / 2 : height / 2..<height)
            }
        }
    }

    /// What became of a GL frame: shown (the share of the buffer it repainted), not shown (the compositor holds
    /// every buffer: the content must be drawn again once one is free), or failed (the display is gone).
    public enum GLFrame: Equatable, Sendable {
        case shown(damaged: Double)
        case notShown
        case failed
    }

    /// The compositor holds every buffer a frame could go into: drawing now would show nothing. The buffer's
    /// release wakes the loop.
    public var waitsForBuffer: Bool { shmFrames.map { !$0.canAcquire } ?? false }

    /// A GL frame: composed (with the shelf's covers and titles where a library is read), drawn, read back when
    /// `screenshot` (between drawing and presenting, with the buffer's size), presented.
    public func drawGL(_ plan: FramePlan, shelfCovers: ShelfCovers?, screenshot: Bool,
                       readBack: (_ width: Int, _ height: Int) -> Void) -> GLFrame {
        guard let renderer, surface != nil || shmFrames != nil else { return .failed }
        if plan.motionFactor != window.motionFactor, window.setMotionFactor(plan.motionFactor) {
            surface?.resize(width: window.bufferWidth, height: window.bufferHeight)
            damage.reset()
        }
        let scene = compose(plan, shelfCovers: shelfCovers, renderer: renderer)
        if screenshot { damage.reset() }
        let outcome = shmFrames != nil ? presentRetained(scene, renderer: renderer, readBack: readBack)
                                       : presentSwapped(scene, renderer: renderer, readBack: readBack).map(GLFrame.shown) ?? .failed
        checkGLErrors()
        return outcome
    }

    /// Where buffer pixels are: the core's plan is in window pixels.
    private func px(_ r: Rect) -> Rect {
        let s = window.renderScale
        return Rect(x: r.x * s, y: r.y * s, width: r.width * s, height: r.height * s)
    }

    /// The scene of the core's plan: its pages with their textures, its panels as the core decided them (the
    /// renderer scales them to buffer pixels).
    private func compose(_ plan: FramePlan, shelfCovers: ShelfCovers?, renderer: SceneRenderer) -> FrameScene {
        let s = window.renderScale
        var scene = composer.scene(plan.frame, textures: textures.pages)
        scene.details = plan.details.flatMap { d in textures.detailQuads(d.page, over: d.rect) }
        scene.view = Affine2.scale(s).concatenating(scene.view)
        scene.scale = s
        if let view = plan.shelf, let shelfCovers { applyShelf(view, shelfCovers, to: &scene, renderer: renderer) }
        scene.panels = plan.panels
        return scene
    }

    private func applyShelf(_ view: ShelfView, _ shelf: ShelfCovers, to scene: inout FrameScene, renderer: SceneRenderer) {
        let s = window.renderScale
        switch view {
        case let .shelf(covers, titleSize, dots):
            scene = FrameScene(background: scene.background, pages: [])
            scene.scale = s
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

    /// Through the EGL window surface: repaints what changed since its back buffer was shown (buffer age).
    private func presentSwapped(_ scene: FrameScene, renderer: SceneRenderer, readBack: (Int, Int) -> Void) -> Double? {
        guard let surface else { return nil }
        // Repaint only what the turning page changed since this buffer was last shown.
        let region = damage.damage(for: scene, bufferAge: surface.bufferAge(),
                                   size: (Double(surface.width), Double(surface.height)))
        renderer.draw(scene, width: Int(surface.width), height: Int(surface.height), clip: region)
        readBack(Int(surface.width), Int(surface.height))
        window.setOpaque()
        window.requestFrame()
        feedback?.request(newestInput: stats.newestInput)
        guard surface.swap(damage: region.map(Self.pixelRects)) else { return nil }
        return region.map { Self.share($0, of: Double(surface.width) * Double(surface.height)) } ?? 1
    }

    /// Through `ShmSwapchain` (a software renderer): the retained framebuffer repaints what changed since the
    /// last frame, and each wl_shm buffer gets what changed since it was last shown, damaged for the compositor.
    /// The framebuffer and the buffers' memory are of the full-resolution size: a motion frame uses part of them.
    private func presentRetained(_ scene: FrameScene, renderer: SceneRenderer, readBack: (Int, Int) -> Void) -> GLFrame {
        guard let shm = shmFrames else { return .failed }
        let width = Int(window.bufferWidth), height = Int(window.bufferHeight), size = (Double(width), Double(height))
        let full = (width: Int(window.fullBufferWidth), height: Int(window.fullBufferHeight))
        if let target = retained, target.capacity != full || !target.fits(width: width, height: height) {
            retained = nil
        }
        if retained == nil {
            retained = try? RetainedTarget(width: max(width, full.width), height: max(height, full.height), limits: renderer.limits)
            damage.reset()
        }
        guard let retained else {
            return presentWithoutRetaining(scene, renderer: renderer, readBack: readBack).map(GLFrame.shown) ?? .failed
        }
        retained.use(width: width, height: height)
        let region = damage.damage(for: scene, bufferAge: retained.isFresh ? 0 : 1, size: size)
        retained.bind()
        renderer.draw(scene, width: width, height: height, clip: region)
        readBack(width, height)
        // Every buffer held by the compositor: nothing is shown, and the content must be drawn again (a skipped
        // frame taken for shown once left a page's placeholder off the screen for good).
        guard let frame = shm.acquire() else {
            damage.reset()
            return .notShown
        }
        let changed = damage.since(age: frame.age, size: size)
        let copied = changed.map(Self.pixelRects)
        retained.copy(copied, into: frame.pixels, stride: frame.stride)
        window.setOpaque()
        window.requestFrame()
        feedback?.request(newestInput: stats.newestInput)
        shm.present(frame, damage: copied)
        return .shown(damaged: changed.map { Self.share($0, of: size.0 * size.1) } ?? 1)
    }

    /// No framebuffer of the window's size could be had: frames go through a window surface from now on.
    private func presentWithoutRetaining(_ scene: FrameScene, renderer: SceneRenderer, readBack: (Int, Int) -> Void) -> Double? {
        guard let egl, (try? makeSurface(egl)) != nil else { return nil }
        shmFrames = nil
        damage.reset()
        return presentSwapped(scene, renderer: renderer, readBack: readBack)
    }

    private static func share(_ region: DamageRegion, of area: Double) -> Double {
        region.rects.reduce(0) { $0 + $1.width * $1.height } / max(1, area)
    }

    private static func pixelRects(_ region: DamageRegion) -> [(x: Int32, y: Int32, w: Int32, h: Int32)] {
        region.rects.map { r in (x: Int32(r.minX), y: Int32(r.minY), w: Int32(r.width), h: Int32(r.height)) }
    }

    /// GL errors of the frame, counted; their names for the log.
    public private(set) var lastGLErrors: [String] = []

    private func checkGLErrors() {
        guard checksGLErrors else { return }
        lastGLErrors = GLErrors.drain()
        glErrorCount += lastGLErrors.count
    }
}

extension FramePresenter {
    /// `--stats`: the frame figures with the compositor's presentation counts.
    public var frameStats: FrameStats {
        var s = stats
        if let p = feedback {
            s.presented = p.presented
            s.discarded = p.discarded
            s.inputToPresentation = p.inputToPresentation
        }
        return s
    }

    /// The page textures for `--stats`: "N MiB held in M (W×H)".
    public var textureSummary: String {
        let size = textures.pages.values.first.map { "\($0.width)×\($0.height)" } ?? "-"
        return "\(textures.pageBytes >> 20) MiB held in \(textures.pages.count) (\(size))"
    }
}
