import Decoding
import Geometry
import Text

/// The panel's text textures, kept while their text, size and width stay the same (the rows of one screen of
/// entries and a few scrolled past).
final class ContentsLabels {
    private var cache: [String: (used: Int, texture: Texture)] = [:]
    private var clock = 0
    private static let kept = 96

    func texture(_ text: String, size: Double, width: Double, bold: Bool, trailing: Bool,
                 renderer: SceneRenderer) -> Texture {
        clock += 1
        let key = "\(size)|\(Int(width))|\(bold)|\(trailing)|" + text
        if let hit = cache[key] {
            cache[key]?.used = clock
            return hit.texture
        }
        let style = TextStyle(size: size, colour: TextColour(255, 255, 255), maxWidth: max(1, Int(width)), lineLimit: 1,
                              alignment: trailing ? .trailing : .leading, bold: bold)
        let image = renderer.text.render(text, style: style)
        let texture = image.pixels.withUnsafeBytes { renderer.makeTexture(width: image.width, height: image.height, pixels: $0) }
        if cache.count >= Self.kept, let oldest = cache.min(by: { $0.value.used < $1.value.used })?.key {
            cache[oldest] = nil
        }
        cache[key] = (clock, texture)
        return texture
    }
}

extension SceneRenderer {
    func drawContents(_ scene: FrameScene, width: Int, height: Int) {
        guard let layer = scene.panels.contents else { return }
        var flat = scene
        flat.view = .identity
        let toClip = Self.projection(width: width, height: height)
        let s = scene.scale, size = 22 * layer.textScale * s  // the overlay's size
        let panelBox = layer.box.scaled(s), titleRect = layer.titleRect.scaled(s)
        func box(_ r: Rect, _ colour: RGBA) {
            guard r.width > 0, r.height > 0 else { return }
            drawBox(PageQuad(texture: nil, rect: r), colour: colour, opacity: 1 / 0.85, scene: flat, toClip: toClip)
        }
        func text(_ t: Texture, at x: Double, centreY: Double, on colour: RGBA) {
            let w = Double(t.width), h = Double(t.height)
            drawBox(PageQuad(texture: t, rect: Rect(x: x, y: centreY - h / 2, width: w, height: h)), colour: colour,
                    opacity: 1 / 0.85, scene: flat, toClip: toClip)
        }
        box(panelBox, ControlColours.dark)
        let pad = 16 * s
        let title = contentsLabels.texture(layer.title, size: size * 1.2, width: titleRect.width - 2 * pad, bold: true,
                                           trailing: false, renderer: self)
        text(title, at: titleRect.minX + pad, centreY: titleRect.center.y, on: ControlColours.dark)
        // A thin light rule under the title; where the list goes on above or below, a wider one.
        box(Rect(x: panelBox.minX + pad, y: titleRect.maxY - (layer.moreAbove ? 4 : 1) * s,
                 width: panelBox.width - 2 * pad, height: (layer.moreAbove ? 4 : 1) * s), ControlColours.light)
        for row in layer.rows {
            let rowRect = row.rect.scaled(s)
            let background = row.current ? ControlColours.band : ControlColours.dark
            if row.current { box(rowRect, background) }
            let pageWidth = min(rowRect.width / 4, 160 * s * layer.textScale)
            let page = contentsLabels.texture(row.page, size: size, width: pageWidth, bold: false, trailing: true, renderer: self)
            text(page, at: rowRect.maxX - pad - Double(page.width), centreY: rowRect.center.y, on: background)
            let indent = pad + Double(min(row.level, 6)) * 24 * s
            let titleWidth = rowRect.width - indent - pageWidth - 3 * pad
            let label = contentsLabels.texture(row.title, size: size, width: titleWidth, bold: row.level == 0, trailing: false,
                                               renderer: self)
            text(label, at: rowRect.minX + indent, centreY: rowRect.center.y, on: background)
            if row.focused, layer.focusShown {
                let inner = Rect(x: rowRect.minX + 10 * s, y: rowRect.minY + 10 * s, width: rowRect.width - 20 * s,
                                 height: rowRect.height - 20 * s)
                let colours = [ControlColours.dark, ControlColours.ring, ControlColours.dark]
                for (band, colour) in zip(ControlColours.ringBands, colours) {
                    for bar in Self.frame(inner, from: band.from * s, to: band.to * s) { box(bar, colour) }
                }
            }
        }
        if layer.moreBelow {
            box(Rect(x: panelBox.minX + pad, y: panelBox.maxY - 6 * s, width: panelBox.width - 2 * pad, height: 4 * s),
                ControlColours.light)
        }
    }
}
