import Book
import Decoding
import Geometry
import Glibc
import Platform
import Renderer

/// Options of the interactive reader.
struct ReaderOptions {
    var book: BookLocation
    var kiosk = false
    var logEvents = false
    var background = RGBA(0.16, 0.16, 0.17)
    var spread: SpreadPreference = .auto
    var rtl = false
    var outputName: String?
}

/// The interactive reader: wires Wayland input and frame callbacks to the book state and the renderer.
/// Lives on the main thread; every callback arrives there through the platform layer.
@MainActor final class ReaderApp {
    let options: ReaderOptions
    let log: EventLog
    let loop = EventLoop()
    let display: WaylandDisplay
    var window: Window!
    var egl: EGLDisplayContext
    var surface: EGLWindowSurface?
    var renderer: SceneRenderer?
    var loader: PageLoader?
    var position: ReadingPosition
    var textures: [Int: Texture] = [:]
    var sizes: [Int: Book.PixelSize] = [:]
    var requested: Set<Int> = []
    var failedPages: [Int: String] = [:]
    var dirty = true
    var readySent = false
    let composer: SceneComposer

    init(options: ReaderOptions) throws {
        self.options = options
        log = EventLog(enabled: options.logEvents)
        do { display = try WaylandDisplay() } catch let e as DisplayError {
            throw RectoExit(.display, e.description)
        }
        do {
            egl = try EGLDisplayContext(.wayland(display.display))
        } catch let e as RendererError {
            throw RectoExit(.graphics, "no usable EGL/OpenGL ES 2: \(e.description)")
        }
        position = ReadingPosition(pageCount: options.book.pages.count, mode: .single,
                                   direction: options.rtl ? .rightToLeft : .leftToRight)
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
        wire()
    }

    private func wire() {
        display.onFatal = { [unowned self] error in
            printError(error.description)
            loop.stop(ExitStatus.display.rawValue)
        }
        display.onInput = { [unowned self] input in handle(input) }
        display.onOutputsChanged = { [unowned self] in window.updateScale() }
        window.onResize = { [unowned self] in resized() }
        window.onClose = { [unowned self] in if !options.kiosk { loop.stop(ExitStatus.ok.rawValue) } }
        window.onFrame = { [unowned self] _ in frameDone() }
        loop.beforePoll.append { [unowned self] in drawIfNeeded() }
        // SIGTERM (a supervisor stopping the kiosk) and SIGINT end the program cleanly.
        loop.onSignals([SIGTERM, SIGINT]) { [unowned self] _ in loop.stop(ExitStatus.ok.rawValue) }
    }

    /// Runs until quit; returns the exit status.
    func run() -> Int32 {
        loop.run(display: display)
    }

    // MARK: window

    private func resized() {
        let mode = options.spread.resolve(width: Double(window.width), height: Double(window.height))
        if mode != position.mode { position.setMode(mode) }
        if let surface {
            surface.resize(width: window.bufferWidth, height: window.bufferHeight)
        } else {
            do {
                surface = try EGLWindowSurface(egl: egl, wlSurface: window.surface,
                                               width: window.bufferWidth, height: window.bufferHeight)
                renderer = try SceneRenderer()
                loader = PageLoader(maxTextureSize: renderer!.maxTextureSize)
                loop.add(fd: loader!.fd) { [unowned self] _ in pagesDecoded() }
            } catch let e as RendererError {
                printError("no usable EGL/OpenGL ES 2: \(e.description)")
                loop.stop(ExitStatus.graphics.rawValue)
                return
            } catch {
                printError("\(error)")
                loop.stop(ExitStatus.graphics.rawValue)
                return
            }
        }
        requestVisiblePages()
        dirty = true
    }

    // MARK: pages

    private func requestVisiblePages() {
        guard let loader else { return }
        let index = position.spreadIndex
        var wanted = position.spread.pages
        // Neighbouring spreads next, so a turn finds its pages ready.
        for d in [1, -1, 2, -2] { wanted += position.layout.spread(at: position.layout.clampSpread(index + d)).pages }
        for page in wanted where !requested.contains(page) && page >= 1 && page <= options.book.pages.count {
            requested.insert(page)
            loader.request(page: page, path: options.book.pages[page - 1])
        }
    }

    private func pagesDecoded() {
        guard let loader, let renderer else { return }
        for decoded in loader.drain() {
            switch decoded.result {
            case .success(let image):
                let texture = image.pixels.withUnsafeBytes {
                    renderer.makeTexture(width: image.width, height: image.height, pixels: $0)
                }
                textures[decoded.page] = texture
                sizes[decoded.page] = Book.PixelSize(width: Double(image.width), height: Double(image.height))
            case .failure(let error):
                if failedPages[decoded.page] == nil {
                    printError("page \(decoded.page) (\(options.book.pages[decoded.page - 1])): \(error.description)")
                }
                failedPages[decoded.page] = error.description
            }
            if position.spread.contains(decoded.page) { dirty = true }
        }
    }

    // MARK: drawing

    private func drawIfNeeded() {
        guard dirty, window.isConfigured, !window.framePending, let surface, let renderer else { return }
        dirty = false
        let scene = composer.scene(spread: position.spread,
                                   window: (Double(window.width), Double(window.height)),
                                   textures: textures, sizes: sizes)
        var scaled = scene
        scaled.view = Affine2.scale(window.scale).concatenating(scene.view)
        renderer.draw(scaled, width: Int(surface.width), height: Int(surface.height))
        window.setOpaque()
        window.requestFrame()
        guard surface.swap() else {
            display.fail(DisplayError("presenting the frame failed: the display is gone"))
            return
        }
        if !readySent {
            readySent = true
            log.emit("ready", ["width": .int(Int(window.width)), "height": .int(Int(window.height)),
                               "scale": .double(window.scale), "pages": .int(options.book.pages.count)])
        }
    }

    private func frameDone() {
        // Nothing to do unless something marked the window dirty; no frame is drawn for nothing.
    }

    // MARK: input

    private func handle(_ input: PlatformInput) {
        switch input {
        case .key(let sym, true, let mods, _):
            if sym == 0x71 || sym == 0x51, mods.contains(.ctrl), !options.kiosk {
                loop.stop(ExitStatus.ok.rawValue)
            } else if sym == 0xff53 || sym == 0xff56 || sym == 0x20 {
                turn(.forward)
            } else if sym == 0xff51 || sym == 0xff55 || sym == 0xff08 {
                turn(.backward)
            }
        default:
            break
        }
    }

    private func turn(_ direction: TurnDirection) {
        guard let t = position.turn(direction) else { return }
        position.complete(t)
        log.emit("page", ["page": .int(position.page)])
        requestVisiblePages()
        dirty = true
    }
}
