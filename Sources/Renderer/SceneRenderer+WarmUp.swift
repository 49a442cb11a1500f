import Book
import Geometry
import Gestures
import Reader

extension SceneRenderer {
    /// Draws a few frames of a page turn in `spread`'s layout into a small framebuffer of its own, so that a
    /// software renderer compiles the shader variants a turn needs here, on the start-up thread, and not at the
    /// first frames of the visitor's first drag. llvmpipe compiles a variant for each combination of program,
    /// blending and texture kind at its first draw (about 270 ms of CPU on a 2-core machine with an empty Mesa
    /// shader cache), which stalled the first turn. Only the layout the book opens in: the other one's variants
    /// (single pages fade, spreads do not) would be memory held for turns that may never come. The textures are
    /// like pages' (non-power-of-two, mipmapped). Returns false when there was nothing to draw into.
    @discardableResult
    public func warmUp(_ spread: SpreadMode) -> Bool {
        let width = 240, height = 135
        guard let target = try? OffscreenTarget(width: width, height: height, limits: limits) else { return false }
        let side = (width: 75, height: 105)
        let pixels = [UInt8](repeating: 200, count: side.width * side.height * 4)
        let texture = pixels.withUnsafeBytes { makeTexture(width: side.width, height: side.height, pixels: $0) }
        let textures = Dictionary(uniqueKeysWithValues: (1...4).map { ($0, texture) })
        let composer = SceneComposer(background: RGBA(0.2, 0.2, 0.2))
        var config = ReaderConfig()
        config.spread = spread == .single ? .single : .double
        var reader = Reader(pageCount: 4, config: config)
        reader.resize(width: Double(width), height: Double(height))
        reader.go(toPage: 2)
        guard let start = reader.grabStart(.forward, grab: .corner(.bottomRight)) else { return false }
        _ = reader.apply(.curlBegin(CurlBegin(direction: .forward, grab: .corner(.bottomRight), start: start,
                                              position: start, source: .touch)), at: 0)
        target.bind()
        var damage = DamageTracker()
        // From a lifted corner to past the spine: the flap, the roll, and a single page's fading leaf.
        for (i, t) in [0.05, 0.3, 0.6, 0.9, 1.2, 1.6].enumerated() {
            let finger = Vec2(start.x - t * Double(width) / 2, start.y - Geometry.sin(t) * 0.2 * Double(height))
            _ = reader.apply(.curlMove(finger), at: Double(i + 1) * 16)
            let scene = composer.scene(reader.frame, textures: textures)
            draw(scene, width: width, height: height,
                 clip: damage.damage(for: scene, bufferAge: i == 0 ? 0 : 1, size: (Double(width), Double(height))))
        }
        OffscreenTarget.finish()
        return true
    }
}
