import Decoding
import Text

/// A shelf book's caption: its title and, for a book that requires one (IIIF's `requiredStatement`), its
/// attribution under it in smaller type — the title then keeps to one line so both fit the caption's room.
enum ShelfTitle {
    static func image(title: String, attribution: [String], size: Double, width: Int, background: TextColour,
                      text: TextRenderer) -> RGBAImage {
        let light = TextColour(232, 232, 232)
        let head = text.render(title, style: TextStyle(size: size, colour: light, maxWidth: width,
                                                               lineLimit: attribution.isEmpty ? 2 : 1, alignment: .center),
                                       background: background)
        guard !attribution.isEmpty else { return head }
        let credit = text.render(attribution.joined(separator: " · "), style: TextStyle(
            size: size * 0.6, colour: TextColour(200, 200, 200), maxWidth: width, lineLimit: 2, alignment: .center),
            background: background)
        return stacked(head, credit, background: background)
    }

    /// `top` over `bottom`, each centred, on `background`.
    static func stacked(_ top: RGBAImage, _ bottom: RGBAImage, background: TextColour) -> RGBAImage {
        let width = max(top.width, bottom.width), height = top.height + bottom.height
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            pixels[i * 4] = background.r
            pixels[i * 4 + 1] = background.g
            pixels[i * 4 + 2] = background.b
        }
        for (image, y0) in [(top, 0), (bottom, top.height)] {
            let x0 = (width - image.width) / 2
            for row in 0..<image.height {
                let from = row * image.width * 4, to = ((y0 + row) * width + x0) * 4
                pixels.replaceSubrange(to..<(to + image.width * 4), with: image.pixels[from..<(from + image.width * 4)])
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
