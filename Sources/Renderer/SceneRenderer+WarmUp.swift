import Book
import Geometry
import Gestures
import Posix
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

extension SceneRenderer {
    /// Gives back the resident code of the GL driver's shader compiler. Mesa compiles with LLVM, one 100 MiB
    /// library whose static constructors and first compiles leave about 48 MiB of its code mapped (touched here and
    /// there, and mapped 64 KiB at a time around each touch). Only a shader variant not compiled yet runs it again:
    /// after the start-up warm-up, and between visitors, it would otherwise lie unused for the weeks a kiosk runs,
    /// and mapped executable pages are the last the kernel reclaims. Handed back, the reader's proportional set
    /// size falls by about a third; a later compile reads what it needs from the file again. Takes a few
    /// milliseconds (5 ms for 26 MiB here): off the frame loop's thread.
    public static func releaseCompilerCode() {
        pageOutCode(ofLibrariesNamed: "libLLVM")
    }

    /// The same on a short thread of its own, for the frame loop's thread.
    public static func releaseCompilerCodeInTheBackground() {
        startThread(name: "recto.release") { releaseCompilerCode() }
    }
}
