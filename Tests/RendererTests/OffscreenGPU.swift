import Decoding
import Geometry
import Reader
import Renderer
import Text

/// A surfaceless EGL context and an offscreen target for one test. Tests using it run serialized: GL
/// contexts belong to one thread, and the whole test runs synchronously on it.
final class TestGPU {
    let egl: EGLDisplayContext
    let renderer: SceneRenderer
    let target: OffscreenTarget
    let width: Int, height: Int

    init(width: Int, height: Int, kind: EGLDisplayContext.Kind = .surfaceless) throws {
        self.width = width
        self.height = height
        egl = try EGLDisplayContext(kind)
        try egl.makeCurrentSurfaceless()
        renderer = try SceneRenderer(text: TextRenderer())
        target = try OffscreenTarget(width: width, height: height, limits: renderer.limits)
    }

    func texture(_ image: RGBAImage) -> Texture {
        image.pixels.withUnsafeBytes { renderer.makeTexture(width: image.width, height: image.height, pixels: $0) }
    }

    /// Draws the scene and reads it back top-down; records GL errors.
    func render(_ scene: FrameScene) -> (image: RGBAImage, glErrors: [String]) {
        target.bind()
        renderer.draw(scene, width: width, height: height)
        let errors = GLErrors.drain()
        let bottomUp = target.readPixelsBottomUp()
        var topDown = [UInt8](repeating: 0, count: bottomUp.count)
        let row = width * 4
        for y in 0..<height {
            let src = (height - 1 - y) * row
            topDown[(y * row)..<(y * row + row)] = bottomUp[src..<(src + row)]
        }
        return (RGBAImage(width: width, height: height, pixels: topDown), errors)
    }
}

extension RGBAImage {
    /// Hue in degrees (0…360) and saturation (0…1) of pixel (x, y).
    func hueSaturation(_ x: Int, _ y: Int) -> (hue: Double, saturation: Double) {
        let p = self[x, y]
        let r = Double(p.r) / 255, g = Double(p.g) / 255, b = Double(p.b) / 255
        let mx = max(r, g, b), mn = min(r, g, b)
        let c = mx - mn
        guard c > 1e-9, mx > 0 else { return (0, 0) }
        var h: Double
        if mx == r { h = (g - b) / c } else if mx == g { h = (b - r) / c + 2 } else { h = (r - g) / c + 4 }
        h *= 60
        if h < 0 { h += 360 }
        return (h, c / mx)
    }
}
