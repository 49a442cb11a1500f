import Decoding
import Geometry

/// What recto's placeholder page looks like (Sources/Pages/Placeholder.swift): flat paper #f7f3ea with a thin
/// border and the reason in dark ink (#403a34), centred. No demo page has that paper colour (the nearest, page
/// 2's #f5eed8, is 18 away in blue).
struct PlaceholderLook: CustomStringConvertible {
    static let paper = RGB(247, 243, 234)
    static let ink = RGB(64, 58, 52)

    /// Fraction of the page slot (inset from its edges) within 4 of the paper colour.
    var paperFraction: Double
    /// Fraction of the slot's middle (the text block's band: the central 80 % of the width, 40 % of the
    /// height) within 24 of the ink colour.
    var inkFraction: Double

    init(_ image: RGBAImage, in slot: PixelRect) {
        let inset = max(4, slot.width / 20)
        let inner = PixelRect(x: slot.x + inset, y: slot.y + inset, width: slot.width - 2 * inset,
                              height: slot.height - 2 * inset)
        paperFraction = image.fraction(in: inner, within: 4, of: Self.paper)
        let middle = PixelRect(x: slot.x + slot.width / 10, y: slot.y + slot.height * 3 / 10,
                               width: slot.width * 8 / 10, height: slot.height * 4 / 10)
        inkFraction = image.fraction(in: middle, within: 24, of: Self.ink)
    }

    /// Mostly paper, with some text in the middle.
    var isPlaceholder: Bool { paperFraction > 0.6 && inkFraction > 0.003 }

    var description: String {
        "\(Int(paperFraction * 100)) % placeholder paper, \(String(format: "%.2f", inkFraction * 100)) % ink in the middle"
    }
}
