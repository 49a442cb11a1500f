import Decoding
import Geometry
import Text

/// A stand-in page: paper colour, a thin border inset from the edge, and `message` in dark ink set with the
/// Text module (any script, wrapped at words, centred), at the largest size up to about 24 characters a line at
/// which all of it fits; when even the smallest size does not fit, the last line that fits ends in an ellipsis.
/// Opaque; deterministic for equal inputs.
///
/// `size` is the page's display size in pixels (≥ 1×1); very small sizes get paper and border only.
public func placeholderImage(size: PixelSize, message: String, text: TextRenderer) -> RGBAImage {
    precondition(size.width >= 1 && size.height >= 1, "placeholder needs a positive size, got \(size)")
    var canvas = Canvas(width: size.width, height: size.height, fill: Placeholder.paper)
    let short = min(size.width, size.height)
    let margin = max(1, short / 24), line = max(1, short / 300)
    canvas.frame(inset: margin, thickness: line, colour: Placeholder.border)

    let pad = margin + line + max(1, short / 24)
    let area = PixelSize(width: size.width - 2 * pad, height: size.height - 2 * pad)
    guard Double(min(area.width, area.height)) >= Placeholder.smallest else { return canvas.image }
    var style = TextStyle(size: min(64, max(Placeholder.smallest, Double(area.width) / 13)), colour: Placeholder.ink,
                          maxWidth: area.width, alignment: .center)
    while style.size > Placeholder.smallest && text.measure(message, style: style).height > area.height {
        style.size = max(Placeholder.smallest, (style.size * 0.85).rounded(.down))
    }
    let lineHeight = text.measure("Ag", style: style).height
    if text.measure(message, style: style).height > area.height {
        style.lineLimit = max(1, area.height / lineHeight)
    }
    let image = text.render(message, style: style, background: Placeholder.paper)
    canvas.copy(image, centredIn: PixelRect(x: pad, y: pad, width: area.width, height: area.height))
    return canvas.image
}

enum Placeholder {
    static let paper = TextColour(247, 243, 234)
    static let border = TextColour(196, 186, 168)
    static let ink = TextColour(64, 58, 52)
    /// The smallest text size in pixels; areas narrower or lower than this get no text.
    static let smallest = 8.0
}

/// An opaque RGBA8 drawing surface with just what placeholders need.
private struct Canvas {
    let width: Int, height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, fill: TextColour) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 255, count: width * height * 4)
        rect(x: 0, y: 0, w: width, h: height, colour: fill)
    }

    var image: RGBAImage { RGBAImage(width: width, height: height, pixels: pixels) }

    /// Fills the part of the rectangle inside the canvas.
    mutating func rect(x: Int, y: Int, w: Int, h: Int, colour: TextColour) {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        pixels.withUnsafeMutableBufferPointer { p in
            for row in y0..<y1 {
                var i = (row * width + x0) * 4
                for _ in x0..<x1 {
                    p[i] = colour.r; p[i + 1] = colour.g; p[i + 2] = colour.b
                    i += 4
                }
            }
        }
    }

    mutating func frame(inset: Int, thickness: Int, colour: TextColour) {
        let w = width - 2 * inset, h = height - 2 * inset
        guard w > 2 * thickness, h > 2 * thickness else { return }
        rect(x: inset, y: inset, w: w, h: thickness, colour: colour)
        rect(x: inset, y: inset + h - thickness, w: w, h: thickness, colour: colour)
        rect(x: inset, y: inset, w: thickness, h: h, colour: colour)
        rect(x: inset + w - thickness, y: inset, w: thickness, h: h, colour: colour)
    }

    /// Copies `image` into the middle of `rect`, cut to `rect` where it is larger.
    mutating func copy(_ image: RGBAImage, centredIn rect: PixelRect) {
        let x0 = rect.x + (rect.width - image.width) / 2, y0 = rect.y + (rect.height - image.height) / 2
        let left = max(rect.x, x0), right = min(rect.x + rect.width, x0 + image.width)
        let top = max(rect.y, y0), bottom = min(rect.y + rect.height, y0 + image.height)
        guard left < right, top < bottom else { return }
        for y in top..<bottom {
            let from = ((y - y0) * image.width + left - x0) * 4, to = (y * width + left) * 4
            pixels.replaceSubrange(to..<to + (right - left) * 4, with: image.pixels[from..<from + (right - left) * 4])
        }
    }
}
