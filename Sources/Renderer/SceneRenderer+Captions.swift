import Decoding
import Geometry
import Text

/// A narration's captions, in buffer pixels (not zoomed with the pages): white lines on an opaque dark band at
/// the foot of the window, above the page overlay when it shows. `scale`: buffer pixels per window pixel;
/// `textScale`: larger with large text.
public struct CaptionLayer: Sendable, Hashable {
    public var lines: [String]
    /// The next cue's lines: drawn unseen (its text laid out, and the first time the driver's shader for it
    /// built: 60–90 ms on llvmpipe) so that it reaches the screen at its time.
    public var upcoming: [String]
    public var scale: Double
    public var textScale: Double

    public init(lines: [String], upcoming: [String] = [], scale: Double, textScale: Double) {
        self.lines = lines; self.upcoming = upcoming; self.scale = scale; self.textScale = textScale
    }

    /// Caption text at 28 window pixels (about 5 mm on a 24" kiosk screen), 40 with large text.
    public static let textSize = 28.0
}

/// The band's text textures: the cue on screen and the next, each made once.
final class CaptionLabels {
    private struct Key: Hashable { var lines: [String]; var size: Double; var width: Int }
    private var cached: [Key: Texture] = [:]

    func texture(_ lines: [String], layer: CaptionLayer, maxWidth: Int, renderer: SceneRenderer) -> Texture {
        let size = CaptionLayer.textSize * layer.scale * layer.textScale
        let key = Key(lines: lines, size: size, width: maxWidth)
        if let texture = cached[key] { return texture }
        let style = TextStyle(size: size, colour: TextColour(255, 255, 255), maxWidth: maxWidth, lineLimit: 4, alignment: .center)
        let image = TextRenderer.render(lines.joined(separator: "\n"), style: style)
        let texture = image.pixels.withUnsafeBytes { renderer.makeTexture(width: image.width, height: image.height, pixels: $0) }
        // What is neither on screen nor next is of no more use.
        if cached.count >= 2 { cached = cached.filter { $0.key.lines == layer.lines || $0.key.lines == layer.upcoming } }
        cached[key] = texture
        return texture
    }
}

extension SceneRenderer {
    /// The box is opaque so the words read whatever the page beneath (white on it is about 15:1).
    func drawCaptions(_ scene: FrameScene, width: Int, height: Int) {
        guard let c = scene.captions else { return }
        var flat = scene
        flat.view = .identity
        let toClip = Self.projection(width: width, height: height)
        let s = c.scale, pad = 14 * s * c.textScale
        let maxWidth = Int(min(Double(width) * 0.86, 1500 * s * c.textScale))
        let dark = RGBA(0.08, 0.08, 0.09)
        if !c.upcoming.isEmpty {
            let next = captionLabels.texture(c.upcoming, layer: c, maxWidth: maxWidth, renderer: self)
            drawBox(PageQuad(texture: next, rect: Rect(x: 0, y: 0, width: 1, height: 1)), colour: dark, opacity: 0, scene: flat, toClip: toClip)
        }
        guard !c.lines.isEmpty else { return }
        let text = captionLabels.texture(c.lines, layer: c, maxWidth: maxWidth, renderer: self)
        let tw = Double(text.width), th = Double(text.height)
        // Above the overlay's scrubber when it shows, else near the foot of the window.
        let foot = scene.overlay.map { $0.track.minY - 24 * s } ?? Double(height) - 28 * s
        let box = Rect(x: (Double(width) - tw) / 2 - 2 * pad, y: foot - th - 2 * pad, width: tw + 4 * pad, height: th + 2 * pad)
        drawBox(PageQuad(texture: nil, rect: box), colour: dark, opacity: 1 / 0.85, scene: flat, toClip: toClip)
        let rect = Rect(x: box.minX + 2 * pad, y: box.minY + pad, width: tw, height: th)
        drawBox(PageQuad(texture: text, rect: rect), colour: dark, opacity: 1, scene: flat, toClip: toClip)
    }
}
