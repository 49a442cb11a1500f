import Decoding
import Geometry
import Text

/// The table of contents over the book, in buffer pixels: a dark box, its title, one row per entry shown (its
/// title indented by its level, its page at the right), the section on screen on a lighter band, the entry the
/// keys are on ringed as the focus is.
public struct ContentsLayer: Sendable, Hashable {
    public struct Row: Sendable, Hashable {
        public var rect: Rect
        public var title: String
        public var page: String
        public var level: Int
        public var current: Bool
        public var focused: Bool
        public init(rect: Rect, title: String, page: String, level: Int, current: Bool, focused: Bool) {
            self.rect = rect; self.title = title; self.page = page; self.level = level; self.current = current
            self.focused = focused
        }
    }
    public var box: Rect
    public var title: String
    public var titleRect: Rect
    public var rows: [Row]
    public var focusShown: Bool
    public var moreAbove: Bool
    public var moreBelow: Bool
    /// Buffer pixels per window px, and the text's size as a factor of the overlay's (large text).
    public var scale: Double
    public var textScale: Double

    public init(box: Rect, title: String, titleRect: Rect, rows: [Row], focusShown: Bool, moreAbove: Bool, moreBelow: Bool,
                scale: Double, textScale: Double) {
        self.box = box; self.title = title; self.titleRect = titleRect; self.rows = rows; self.focusShown = focusShown
        self.moreAbove = moreAbove; self.moreBelow = moreBelow; self.scale = scale; self.textScale = textScale
    }

    /// White on 0.13 grey (15:1), and on the current section's 0.27 grey band (9:1).
    public static let band = RGBA(0.27, 0.27, 0.29)
}

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
        let image = TextRenderer.render(text, style: style)
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
        guard let layer = scene.contents else { return }
        var flat = scene
        flat.view = .identity
        let toClip = Self.projection(width: width, height: height)
        let s = layer.scale, size = 22 * layer.textScale * s  // the overlay's size
        func box(_ r: Rect, _ colour: RGBA) {
            guard r.width > 0, r.height > 0 else { return }
            drawBox(PageQuad(texture: nil, rect: r), colour: colour, opacity: 1 / 0.85, scene: flat, toClip: toClip)
        }
        func text(_ t: Texture, at x: Double, centreY: Double, on colour: RGBA) {
            let w = Double(t.width), h = Double(t.height)
            drawBox(PageQuad(texture: t, rect: Rect(x: x, y: centreY - h / 2, width: w, height: h)), colour: colour,
                    opacity: 1 / 0.85, scene: flat, toClip: toClip)
        }
        box(layer.box, ControlsLayer.dark)
        let pad = 16 * s
        let title = contentsLabels.texture(layer.title, size: size * 1.2, width: layer.titleRect.width - 2 * pad, bold: true,
                                           trailing: false, renderer: self)
        text(title, at: layer.titleRect.minX + pad, centreY: layer.titleRect.center.y, on: ControlsLayer.dark)
        // A thin light rule under the title; where the list goes on above or below, a wider one.
        box(Rect(x: layer.box.minX + pad, y: layer.titleRect.maxY - (layer.moreAbove ? 4 : 1) * s,
                 width: layer.box.width - 2 * pad, height: (layer.moreAbove ? 4 : 1) * s), ControlsLayer.light)
        for row in layer.rows {
            let background = row.current ? ContentsLayer.band : ControlsLayer.dark
            if row.current { box(row.rect, background) }
            let pageWidth = min(row.rect.width / 4, 160 * s * layer.textScale)
            let page = contentsLabels.texture(row.page, size: size, width: pageWidth, bold: false, trailing: true, renderer: self)
            text(page, at: row.rect.maxX - pad - Double(page.width), centreY: row.rect.center.y, on: background)
            let indent = pad + Double(min(row.level, 6)) * 24 * s
            let titleWidth = row.rect.width - indent - pageWidth - 3 * pad
            let label = contentsLabels.texture(row.title, size: size, width: titleWidth, bold: row.level == 0, trailing: false,
                                               renderer: self)
            text(label, at: row.rect.minX + indent, centreY: row.rect.center.y, on: background)
            if row.focused, layer.focusShown {
                let inner = Rect(x: row.rect.minX + 10 * s, y: row.rect.minY + 10 * s, width: row.rect.width - 20 * s,
                                 height: row.rect.height - 20 * s)
                let colours = [ControlsLayer.dark, ControlsLayer.ring, ControlsLayer.dark]
                for (band, colour) in zip(ControlsLayer.ringBands, colours) {
                    for bar in Self.frame(inner, from: band.from * s, to: band.to * s) { box(bar, colour) }
                }
            }
        }
        if layer.moreBelow {
            box(Rect(x: layer.box.minX + pad, y: layer.box.maxY - 6 * s, width: layer.box.width - 2 * pad, height: 4 * s),
                ControlsLayer.light)
        }
    }
}
