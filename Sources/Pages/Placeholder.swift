import Decoding

/// A stand-in page: paper colour, a thin border inset from the edge, and `message` in dark ink drawn with the
/// built-in 5×7 font, wrapped at spaces, centred, at the largest whole-pixel scale (up to about 24 characters
/// per line) at which all of it fits. Opaque; deterministic for equal inputs.
///
/// `size` is the page's display size in pixels (≥ 1×1); very small sizes get paper and border only.
public func placeholderImage(size: PixelSize, message: String) -> RGBAImage {
    precondition(size.width >= 1 && size.height >= 1, "placeholder needs a positive size, got \(size)")
    var canvas = Canvas(width: size.width, height: size.height, fill: Placeholder.paper)
    let short = min(size.width, size.height)
    let margin = max(1, short / 24), line = max(1, short / 300)
    canvas.frame(inset: margin, thickness: line, colour: Placeholder.border)

    let pad = margin + line + max(1, short / 24)
    let area = (width: size.width - 2 * pad, height: size.height - 2 * pad)
    guard area.width >= BitmapFont.glyphWidth, area.height >= BitmapFont.glyphHeight else { return canvas.image }
    let advance = BitmapFont.glyphWidth + 1, leading = BitmapFont.glyphHeight + 2
    var scale = max(1, area.width / (advance * 24))
    var lines: [[Character]] = []
    while true {
        let columns = max(1, (area.width + scale) / (advance * scale))
        lines = Placeholder.wrap(message, columns: columns)
        if lines.count * leading * scale - 2 * scale <= area.height || scale == 1 { break }
        scale -= 1
    }
    let fitting = max(1, (area.height + 2 * scale) / (leading * scale))
    if lines.count > fitting { lines = Array(lines.prefix(fitting)) }

    let blockHeight = lines.count * leading * scale - 2 * scale
    var y = pad + (area.height - blockHeight) / 2
    for text in lines {
        let lineWidth = text.count * advance * scale - scale
        var x = pad + (area.width - lineWidth) / 2
        for character in text {
            canvas.glyph(BitmapFont.rows(character), x: x, y: y, scale: scale, colour: Placeholder.ink)
            x += advance * scale
        }
        y += leading * scale
    }
    return canvas.image
}

enum Placeholder {
    static let paper: (UInt8, UInt8, UInt8) = (247, 243, 234)
    static let border: (UInt8, UInt8, UInt8) = (196, 186, 168)
    static let ink: (UInt8, UInt8, UInt8) = (64, 58, 52)

    /// Greedy word wrap to at most `columns` characters a line; "\n" forces a break, an over-long word is cut.
    static func wrap(_ message: String, columns: Int) -> [[Character]] {
        var lines: [[Character]] = []
        for paragraph in message.split(separator: "\n", omittingEmptySubsequences: false) {
            var current: [Character] = []
            for word in paragraph.split(separator: " ") {
                var word = Array(word)
                if !current.isEmpty && current.count + 1 + word.count <= columns {
                    current.append(" ")
                    current += word
                    continue
                }
                if !current.isEmpty { lines.append(current) }
                current = []
                while word.count > columns {
                    lines.append(Array(word.prefix(columns)))
                    word.removeFirst(columns)
                }
                current = word
            }
            lines.append(current)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}

/// An opaque RGBA8 drawing surface with just what placeholders need.
private struct Canvas {
    let width: Int, height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8)) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 255, count: width * height * 4)
        rect(x: 0, y: 0, w: width, h: height, colour: fill)
    }

    var image: RGBAImage { RGBAImage(width: width, height: height, pixels: pixels) }

    /// Fills the part of the rectangle inside the canvas.
    mutating func rect(x: Int, y: Int, w: Int, h: Int, colour: (UInt8, UInt8, UInt8)) {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        pixels.withUnsafeMutableBufferPointer { p in
            for row in y0..<y1 {
                var i = (row * width + x0) * 4
                for _ in x0..<x1 {
                    p[i] = colour.0; p[i + 1] = colour.1; p[i + 2] = colour.2
                    i += 4
                }
            }
        }
    }

    mutating func frame(inset: Int, thickness: Int, colour: (UInt8, UInt8, UInt8)) {
        let w = width - 2 * inset, h = height - 2 * inset
        guard w > 2 * thickness, h > 2 * thickness else { return }
        rect(x: inset, y: inset, w: w, h: thickness, colour: colour)
        rect(x: inset, y: inset + h - thickness, w: w, h: thickness, colour: colour)
        rect(x: inset, y: inset, w: thickness, h: h, colour: colour)
        rect(x: inset + w - thickness, y: inset, w: thickness, h: h, colour: colour)
    }

    mutating func glyph(_ rows: [UInt8], x: Int, y: Int, scale: Int, colour: (UInt8, UInt8, UInt8)) {
        for (r, bits) in rows.enumerated() {
            for c in 0..<BitmapFont.glyphWidth where bits & (0x10 >> UInt8(c)) != 0 {
                rect(x: x + c * scale, y: y + r * scale, w: scale, h: scale, colour: colour)
            }
        }
    }
}
