import Book
import CGLES2
import Geometry
import Panels
import Reader
import Text

/// The card's and the panel's text textures, each made once for what it says, and the markers' pictures.
final class NoteLabels {
    private struct Key: Hashable { var heading: String; var text: String; var size: Double; var width: Int; var lines: Int }
    private var cached: [Key: Texture] = [:]
    private var markers: [MarkerLook: (diameter: Int, texture: Texture)] = [:]
    private struct LineKey: Hashable { var markup: String; var width: Int; var height: Int }
    private var lines: [LineKey: Texture] = [:]

    /// The height step a line `height` px tall is set at.
    func lineHeight(for height: Double) -> Int {
        var step = 4.0
        while step * 1.12 <= min(height, 256) { step *= 1.12 }
        return Int(step.rounded())
    }

    /// A line's words set dark on one line to fit `width` × `height` px: the size its height gives, smaller where
    /// the words are wider than the line.
    func line(_ markup: String, width: Double, height: Double, renderer: SceneRenderer) -> Texture {
        // Heights in steps of 12 %, so the frames of a pinch reuse a line's texture (the GPU scales it between
        // steps) instead of setting it again each frame.
        let h = lineHeight(for: height)
        let key = LineKey(markup: markup, width: Int((width * Double(h) / max(height, 1)).rounded()), height: h)
        if let texture = lines[key] { return texture }
        var style = TextStyle(size: Double(h) * 0.72, colour: TextColour(20, 20, 20), lineLimit: 1)
        style.markup = true
        let natural = renderer.text.measure(markup, style: style)
        if natural.width > key.width { style.size = max(3, style.size * Double(key.width) / Double(natural.width)) }
        let image = renderer.text.render(markup, style: style)
        let texture = image.pixels.withUnsafeBytes { renderer.makeTexture(width: image.width, height: image.height, pixels: $0) }
        if lines.count >= 1200 { lines = [:] }
        lines[key] = texture
        return texture
    }

    /// A marker's picture `diameter` px wide: a white ring, the fill (orange while open), a white dot (or, for a
    /// marker of several notes, their count in white), its edges antialiased, transparent around it.
    func marker(open: Bool, count: Int = 1, diameter: Int, renderer: SceneRenderer) -> Texture {
        let key = MarkerLook(open: open, count: count)
        if let m = markers[key], m.diameter == diameter { return m.texture }
        let n = max(4, diameter)
        let texture = Self.markerPixels(open: open, count: count, diameter: diameter, text: renderer.text).withUnsafeBytes {
            renderer.makeTexture(width: n, height: n, pixels: $0)
        }
        markers[key] = (diameter, texture)
        return texture
    }

    static func markerPixels(open: Bool, count: Int, diameter: Int, text: TextRenderer) -> [UInt8] {
        let n = max(4, diameter), r = Double(n) / 2
        let fill = open ? NoteColours.openFill : NoteColours.fill
        var pixels = [UInt8](repeating: 0, count: n * n * 4)
        for y in 0..<n {
            for x in 0..<n {
                let d = ((Double(x) + 0.5 - r) * (Double(x) + 0.5 - r) + (Double(y) + 0.5 - r) * (Double(y) + 0.5 - r)).squareRoot()
                func cover(_ radius: Double) -> Double { min(1, max(0, radius - d + 0.5)) }
                let outer = cover(r), inner = cover(r * 0.78), dot = count > 1 ? 0 : cover(r * 0.22)
                // White within the ring and the dot, the fill between them.
                let k = inner - dot
                let colour = (1 - k) * 1.0
                let i = (y * n + x) * 4
                pixels[i] = UInt8((colour + k * fill.r) * 255)
                pixels[i + 1] = UInt8((colour + k * fill.g) * 255)
                pixels[i + 2] = UInt8((colour + k * fill.b) * 255)
                pixels[i + 3] = UInt8(outer * 255)
            }
        }
        if count > 1 { stampCount(count, into: &pixels, size: n, text: text) }
        return pixels
    }

    /// The count set in white, bold, centred in the marker's fill ("9+" past nine, so it stays legible).
    private static func stampCount(_ count: Int, into pixels: inout [UInt8], size n: Int, text renderer: TextRenderer) {
        let text = count > 9 ? "9+" : "\(count)"
        var style = TextStyle(size: Double(n) * (count > 9 ? 0.42 : 0.58), colour: TextColour(255, 255, 255), bold: true)
        style.lineLimit = 1
        let image = renderer.render(text, style: style)
        let ox = (n - image.width) / 2, oy = (n - image.height) / 2
        for y in 0..<image.height where oy + y >= 0 && oy + y < n {
            for x in 0..<image.width where ox + x >= 0 && ox + x < n {
                let s = (y * image.width + x) * 4, d = ((oy + y) * n + ox + x) * 4
                let a = Double(image.pixels[s + 3]) / 255
                guard a > 0 else { continue }
                for c in 0..<3 { pixels[d + c] = UInt8(Double(image.pixels[s + c]) * a + Double(pixels[d + c]) * (1 - a)) }
            }
        }
    }

    func texture(heading: String, text: String, size: Double, width: Int, lines: Int, renderer: SceneRenderer) -> Texture {
        let key = Key(heading: heading, text: text, size: size, width: width, lines: lines)
        if let texture = cached[key] { return texture }
        var style = TextStyle(size: size, colour: TextColour(255, 255, 255), maxWidth: width, lineLimit: lines)
        style.markup = true
        // The heading in bold, the text as its markup says.
        let image = renderer.text.render("<b>" + PageNote.escaped(heading) + "</b>\n" + text, style: style)
        let texture = image.pixels.withUnsafeBytes { renderer.makeTexture(width: image.width, height: image.height, pixels: $0) }
        // The card and the panel: two at a time at most, the rest of no more use.
        if cached.count >= 4 { cached = [:] }
        cached[key] = texture
        return texture
    }
}
