import Book
import Decoding
import Reader
import Renderer

/// A surfaceless EGL context with an offscreen target, for `recto render` and `recto bench`.
struct OffscreenGPU {
    let egl: EGLDisplayContext
    let renderer: SceneRenderer
    let target: OffscreenTarget

    init(width: Int, height: Int) throws {
        do {
            egl = try EGLDisplayContext(.surfaceless)
            try egl.makeCurrentSurfaceless()
            renderer = try SceneRenderer()
            target = try OffscreenTarget(width: width, height: height)
        } catch let e as RendererError {
            throw RectoExit(.graphics, "no usable EGL/OpenGL ES 2: \(e.description)")
        }
        target.bind()
    }

    /// Decodes `pages` synchronously, uploads them and tells the reader their sizes. A page that fails
    /// to decode is reported on stderr and drawn as a placeholder.
    func loadPages(_ pages: [Int], of book: BookLocation, into reader: inout Reader,
                   timings: ((Double) -> Void)? = nil) -> [Int: Texture] {
        let loader = PageLoader(maxTextureSize: renderer.maxTextureSize)
        var textures: [Int: Texture] = [:]
        for p in Set(pages).sorted() where p >= 1 && p <= book.pages.count {
            let t0 = EventLog.now()
            switch loader.loadNow(page: p, path: book.pages[p - 1]).result {
            case .success(let image):
                timings?(EventLog.now() - t0)
                textures[p] = image.pixels.withUnsafeBytes {
                    renderer.makeTexture(width: image.width, height: image.height, pixels: $0)
                }
                reader.setPageSize(p, width: Double(image.width), height: Double(image.height))
            case .failure(let error):
                printError("page \(p) (\(book.pages[p - 1])): \(error.description)")
            }
        }
        return textures
    }

    func draw(_ scene: FrameScene) {
        target.bind()
        renderer.draw(scene, width: target.width, height: target.height)
    }

    func renderPNG(_ scene: FrameScene, to path: String) throws {
        draw(scene)
        let errors = GLErrors.drain()
        if !errors.isEmpty { printError("GL errors while rendering: \(errors.joined(separator: ", "))") }
        do {
            try writePNG(path: path, width: target.width, height: target.height, bottomUpRGBA: target.readPixelsBottomUp())
        } catch {
            throw RectoExit(.usage, "cannot write \(path): \(error)")
        }
    }
}
