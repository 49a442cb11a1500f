import Book
import BookFiles
import Decoding
import Diagnostics
import Geometry
import Pages
import Posix
import Reader
import Renderer
import Text

/// A surfaceless EGL context with an offscreen target, for `recto render` and `recto bench`.
struct OffscreenGPU {
    let egl: EGLDisplayContext
    let renderer: SceneRenderer
    let target: OffscreenTarget

    init(width: Int, height: Int, text: TextRenderer = TextRenderer()) throws {
        do {
            egl = try EGLDisplayContext(.surfaceless)
            try egl.makeCurrentSurfaceless()
            renderer = try SceneRenderer(text: text)
            target = try OffscreenTarget(width: width, height: height, limits: renderer.limits)
        } catch let e as RendererError {
            throw RectoExit(.graphics, "no usable EGL/OpenGL ES 2: \(e.description)")
        }
        target.bind()
    }

    /// Decodes `pages` synchronously (display-sized for the target), uploads them and tells the reader
    /// their sizes. A page that cannot be decoded is reported and drawn as a placeholder with the reason.
    func loadPages(_ pages: [Int], of book: BookLocation, into reader: inout Reader,
                   timings: ((Double) -> Void)? = nil, uploads: ((Double) -> Void)? = nil) -> [Int: Texture] {
        var textures: [Int: Texture] = [:]
        // The window's rule: pages decoded to fit the buffer (capped by the texture limit).
        let fit = PixelSize(width: min(renderer.maxTextureSize, max(256, target.width)),
                            height: min(renderer.maxTextureSize, max(256, target.height)))
        for p in Set(pages).sorted() where p >= 1 && p <= book.pageCount {
            let t0 = monotonicMilliseconds()
            let image: RGBAImage
            do {
                image = try book.source.image(of: p, fitting: fit)
                timings?(monotonicMilliseconds() - t0)
            } catch {
                printError("page \(p) (\(book.source.name(of: p))) cannot be shown: \(error)")
                image = placeholderImage(size: PixelSize(width: 700, height: 990), message: "Page \(p) cannot be shown: \(error)", text: renderer.text)
            }
            let u0 = monotonicMilliseconds()
            textures[p] = image.pixels.withUnsafeBytes {
                renderer.makeTexture(width: image.width, height: image.height, pixels: $0)
            }
            OffscreenTarget.finish()
            uploads?(monotonicMilliseconds() - u0)
            reader.setPageSize(p, width: Double(image.width), height: Double(image.height))
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
            try target.readPixelsBottomUp().withUnsafeBytes {
                try PNGEncoder.write(rgba: $0, width: target.width, height: target.height, rowOrder: .bottomUp, toFile: path)
            }
        } catch {
            throw RectoExit(.usage, "cannot write \(path): \(error)")
        }
    }
}
