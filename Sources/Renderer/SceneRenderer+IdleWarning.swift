import Decoding
import Geometry
import Text

/// The countdown's two text textures, made again only when their text or scale changes (the line once a second).
final class IdleWarningLabels {
    private var cache: [Bool: (text: String, key: Double, texture: Texture)] = [:]

    func texture(_ text: String, title: Bool, scale: Double, width: Double, renderer: SceneRenderer) -> Texture {
        let key = scale * 100_000 + width
        if let c = cache[title], c.text == text, c.key == key { return c.texture }
        let style = TextStyle(size: (title ? 34 : 26) * scale, colour: TextColour(255, 255, 255),
                              maxWidth: Int(width), lineLimit: title ? 1 : 2, alignment: .center, bold: title)
        let image = renderer.text.render(text, style: style)
        let texture = image.pixels.withUnsafeBytes {
            renderer.makeTexture(width: image.width, height: image.height, pixels: $0)
        }
        cache[title] = (text, key, texture)
        return texture
    }
}

extension SceneRenderer {
    /// Drawn over everything: the box opaque (the page under it is not what the visitor must read now), white
    /// text (about 12:1 on it), the bar's light part on a mid-grey track.
    func drawIdleWarning(_ scene: FrameScene, width: Int, height: Int) {
        guard let w = scene.panels.idleWarning, w.opacity > 0 else { return }
        var flat = scene
        flat.view = .identity
        let toClip = Self.projection(width: width, height: height)
        let dark = RGBA(0.13, 0.13, 0.14), s = scene.scale, b = w.box.scaled(s), o = w.opacity
        drawBox(PageQuad(texture: nil, rect: b), colour: dark, opacity: o / 0.85, scene: flat, toClip: toClip)
        let inner = b.width - 48 * s
        let title = idleWarningLabels.texture(w.title, title: true, scale: s, width: inner, renderer: self)
        let line = idleWarningLabels.texture(w.line, title: false, scale: s, width: inner, renderer: self)
        let track = Rect(x: b.minX + 32 * s, y: b.maxY - 34 * s, width: b.width - 64 * s, height: 10 * s)
        // The two lines centred in the space above the bar.
        let gap = 10 * s, block = Double(title.height + line.height) + gap
        var y = b.minY + max(12 * s, (track.minY - b.minY - block) / 2)
        for t in [title, line] {
            let tw = Double(t.width), th = Double(t.height)
            let rect = Rect(x: b.center.x - tw / 2, y: y, width: tw, height: th)
            // Dark over the opaque dark box: only the white letters show.
            drawBox(PageQuad(texture: t, rect: rect), colour: dark, opacity: o, scene: flat, toClip: toClip)
            y += th + gap
        }
        drawBox(PageQuad(texture: nil, rect: track), colour: RGBA(0.42, 0.42, 0.44), opacity: o / 0.85, scene: flat, toClip: toClip)
        let fill = Rect(x: track.minX, y: track.minY, width: track.width * min(1, max(0, w.left)), height: track.height)
        if fill.width > 0 {
            drawBox(PageQuad(texture: nil, rect: fill), colour: RGBA(0.93, 0.93, 0.93), opacity: o / 0.85, scene: flat, toClip: toClip)
        }
    }
}
