import Decoding
import Geometry
import Panels
import Text

/// The band's text textures: the cue on screen and the next, each made once.
final class CaptionLabels {
    private struct Key: Hashable { var lines: [String]; var size: Double; var width: Int }
    private var cached: [Key: Texture] = [:]

    func texture(_ lines: [String], panel: CaptionPanel, scale: Double, maxWidth: Int, renderer: SceneRenderer) -> Texture {
        let size = panel.textSize * scale
        let key = Key(lines: lines, size: size, width: maxWidth)
        if let texture = cached[key] { return texture }
        let style = TextStyle(size: size, colour: TextColour(255, 255, 255), maxWidth: maxWidth, lineLimit: 4, alignment: .center)
        let image = renderer.text.render(lines.joined(separator: "\n"), style: style)
        let texture = image.pixels.withUnsafeBytes { renderer.makeTexture(width: image.width, height: image.height, pixels: $0) }
        // What is neither on screen nor next is of no more use.
        if cached.count >= 2 { cached = cached.filter { $0.key.lines == panel.lines || $0.key.lines == panel.upcoming } }
        cached[key] = texture
        return texture
    }
}

extension SceneRenderer {
    /// The box is opaque so the words read whatever the page beneath (white on it is about 15:1).
    func drawCaptions(_ scene: FrameScene, width: Int, height: Int) {
        guard let c = scene.panels.captions else { return }
        var flat = scene
        flat.view = .identity
        let toClip = Self.projection(width: width, height: height)
        // The band's margins and width grow with its text.
        let s = scene.scale, grown = c.textSize / 28, pad = 14 * s * grown
        let maxWidth = Int(min(Double(width) * 0.86, 1500 * s * grown))
        let dark = RGBA(0.08, 0.08, 0.09)
        if !c.upcoming.isEmpty {
            let next = captionLabels.texture(c.upcoming, panel: c, scale: s, maxWidth: maxWidth, renderer: self)
            drawBox(PageQuad(texture: next, rect: Rect(x: 0, y: 0, width: 1, height: 1)), colour: dark, opacity: 0, scene: flat, toClip: toClip)
        }
        guard !c.lines.isEmpty else { return }
        let text = captionLabels.texture(c.lines, panel: c, scale: s, maxWidth: maxWidth, renderer: self)
        let tw = Double(text.width), th = Double(text.height)
        // Above the overlay's scrubber when it shows, else near the foot of the window.
        let foot = scene.panels.overlay.map { ($0.track.minY - 24) * s } ?? Double(height) - 28 * s
        let box = Rect(x: (Double(width) - tw) / 2 - 2 * pad, y: foot - th - 2 * pad, width: tw + 4 * pad, height: th + 2 * pad)
        drawBox(PageQuad(texture: nil, rect: box), colour: dark, opacity: 1 / 0.85, scene: flat, toClip: toClip)
        let rect = Rect(x: box.minX + 2 * pad, y: box.minY + pad, width: tw, height: th)
        drawBox(PageQuad(texture: text, rect: rect), colour: dark, opacity: 1, scene: flat, toClip: toClip)
    }
}
