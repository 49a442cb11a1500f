import ArgumentParser
import Book
import Decoding
import Renderer

/// Window-sized size argument, `WxH`.
struct Size: ExpressibleByArgument {
    let width: Int, height: Int
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 16384, h <= 16384 else { return nil }
        width = w; height = h
    }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a page (or spread) offscreen to a PNG, through the same renderer as the window.",
        discussion: "Uses Mesa's surfaceless EGL: no display needed.")

    @OptionGroup var bookOptions: BookOptions

    @Option(help: "Image size WxH in pixels.")
    var size: Size = Size(argument: "1920x1080")!

    @Option(help: "Page to show (from 1); the spread holding it in double mode.")
    var page: Int = 1

    @Option(help: "Output PNG file.")
    var out: String

    func run() throws {
        let book = try bookOptions.location()
        let mode = bookOptions.spread.resolve(width: Double(size.width), height: Double(size.height))
        var position = ReadingPosition(pageCount: book.pages.count, mode: mode,
                                       direction: bookOptions.rtl ? .rightToLeft : .leftToRight)
        guard page >= 1, page <= book.pages.count else {
            throw RectoExit(.usage, "--page \(page) is outside the book (pages 1…\(book.pages.count))")
        }
        position.go(toPage: page)
        let egl: EGLDisplayContext
        let renderer: SceneRenderer
        let target: OffscreenTarget
        do {
            egl = try EGLDisplayContext(.surfaceless)
            try egl.makeCurrentSurfaceless()
            renderer = try SceneRenderer()
            target = try OffscreenTarget(width: size.width, height: size.height)
        } catch let e as RendererError {
            throw RectoExit(.graphics, "no usable EGL/OpenGL ES 2: \(e.description)")
        }
        let loader = PageLoader(maxTextureSize: renderer.maxTextureSize)
        var textures: [Int: Texture] = [:]
        var sizes: [Int: Book.PixelSize] = [:]
        for p in position.spread.pages {
            let decoded = loader.loadNow(page: p, path: book.pages[p - 1])
            switch decoded.result {
            case .success(let image):
                textures[p] = image.pixels.withUnsafeBytes {
                    renderer.makeTexture(width: image.width, height: image.height, pixels: $0)
                }
                sizes[p] = Book.PixelSize(width: Double(image.width), height: Double(image.height))
            case .failure(let error):
                printError("page \(p) (\(book.pages[p - 1])): \(error.description)")
            }
        }
        let composer = SceneComposer(background: try bookOptions.backgroundColour())
        target.bind()
        renderer.draw(composer.scene(spread: position.spread, window: (Double(size.width), Double(size.height)),
                                     textures: textures, sizes: sizes),
                      width: size.width, height: size.height)
        let errors = GLErrors.drain()
        if !errors.isEmpty { printError("GL errors while rendering: \(errors.joined(separator: ", "))") }
        let pixels = target.readPixelsBottomUp()
        do {
            try writePNG(path: out, width: size.width, height: size.height, bottomUpRGBA: pixels)
        } catch {
            throw RectoExit(.usage, "cannot write \(out): \(error)")
        }
        _ = egl
    }
}
