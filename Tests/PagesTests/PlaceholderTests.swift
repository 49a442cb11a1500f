import Decoding
import Geometry
import Pages
import Testing
import Text

@Suite struct PlaceholderTests {
    static let text = TextRenderer()

    static func isInk(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r < 120 && p.g < 120 && p.b < 120 }

    static func inkCount(_ image: RGBAImage, in rect: PixelRect) -> Int {
        var n = 0
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) where isInk(image[x, y]) { n += 1 }
        }
        return n
    }

    @Test func messageIsDrawnInTheMiddleOnPaperWithABorder() {
        let size = PixelSize(width: 800, height: 1100)
        let image = placeholderImage(size: size, message: "page 7: corrupt PNG data: IDAT CRC error", text: Self.text)
        #expect(image.size == size)
        #expect(image.isOpaque)
        let middle = PixelRect(x: 70, y: 350, width: 660, height: 400)
        #expect(Self.inkCount(image, in: middle) > 500)
        let total = Self.inkCount(image, in: PixelRect(x: 0, y: 0, width: 800, height: 1100))
        #expect(Self.inkCount(image, in: middle) == total)  // all text is near the centre
        #expect(image[5, 5] == (247, 243, 234, 255))         // paper
        let margin = 800 / 24
        #expect(image[margin, 550] == (196, 186, 168, 255))   // border
        #expect(image[400, margin] == (196, 186, 168, 255))
    }

    @Test func anyScriptIsDrawnWithItsOwnLetters() {
        let size = PixelSize(width: 400, height: 300)
        let whole = PixelRect(x: 0, y: 0, width: 400, height: 300)
        var seen: [[UInt8]: String] = [:]
        for message in ["x", "×", "ü", "?", "עמוד חסר", "صفحة مفقودة", "页面缺失"] {
            let image = placeholderImage(size: size, message: message, text: Self.text)
            #expect(Self.inkCount(image, in: whole) > 20, "\(message) has ink")
            #expect(seen[image.pixels] == nil, "\(message) looks like \(seen[image.pixels] ?? "")")
            seen[image.pixels] = message
        }
        #expect(Self.inkCount(placeholderImage(size: size, message: " ", text: Self.text), in: whole) == 0)
    }

    @Test func aMessageTooLongForThePageEndsInAnEllipsisInside() {
        let size = PixelSize(width: 120, height: 90)
        let image = placeholderImage(size: size, message: String(repeating: "cannot read this page ", count: 40), text: Self.text)
        let pad = 90 / 24 * 2 + 1
        #expect(Self.inkCount(image, in: PixelRect(x: 0, y: 0, width: 120, height: pad)) == 0)
        #expect(Self.inkCount(image, in: PixelRect(x: 0, y: 90 - pad, width: 120, height: pad)) == 0)
        #expect(Self.inkCount(image, in: PixelRect(x: 0, y: 0, width: 120, height: 90)) > 50)
    }

    @Test func longMessagesWrapAndStayInside() {
        let size = PixelSize(width: 300, height: 400)
        let long = String(repeating: "unreadable page data ", count: 12) + "averyveryverylongwordthatmustbecut"
        let image = placeholderImage(size: size, message: long, text: Self.text)
        let pad = 300 / 24 * 2 + 1
        // Text rows: count row bands with ink, at least several lines.
        var rowsWithInk = 0
        for y in 0..<400 where Self.inkCount(image, in: PixelRect(x: 0, y: y, width: 300, height: 1)) > 0 { rowsWithInk += 1 }
        #expect(rowsWithInk > 8 * 8)
        #expect(Self.inkCount(image, in: PixelRect(x: 0, y: 0, width: pad, height: 400)) == 0)
        #expect(Self.inkCount(image, in: PixelRect(x: 300 - pad, y: 0, width: pad, height: 400)) == 0)
    }

    @Test func tinySizesDoNotTrap() {
        for (w, h) in [(1, 1), (2, 9), (9, 2), (12, 12), (40, 8)] {
            let image = placeholderImage(size: PixelSize(width: w, height: h), message: "missing", text: Self.text)
            #expect(image.size == PixelSize(width: w, height: h))
        }
    }
}
