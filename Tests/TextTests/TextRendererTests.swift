import Decoding
import Foundation
import Testing
import Text

/// Text through Pango: each script gets a real font (no boxes for missing glyphs), shapes and runs in its
/// direction. Every image is also written under /tmp/recto-text-tests for a look.
@Suite struct TextRendererTests {
    /// One for the suite, as the program makes one.
    static let text = TextRenderer()

    static let style = TextStyle(size: 40, colour: TextColour(20, 20, 20))

    static func rendered(_ text: String, _ name: String, style: TextStyle = style) -> RGBAImage {
        let image = Self.text.render(text, style: style)
        try? FileManager.default.createDirectory(atPath: "/tmp/recto-text-tests", withIntermediateDirectories: true)
        try? PNGEncoder.write(image, toFile: "/tmp/recto-text-tests/\(name).png")
        return image
    }

    /// Columns holding any pixel with alpha above half.
    static func inkColumns(_ image: RGBAImage) -> [Int] {
        (0..<image.width).filter { x in (0..<image.height).contains { y in image[x, y].a > 128 } }
    }

    /// Mean absolute alpha difference between `a`'s columns from `ax` and `b`'s from 0, over `width` columns.
    static func alphaDistance(_ a: RGBAImage, from ax: Int, _ b: RGBAImage, width: Int) -> Double {
        var sum = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<width { sum += abs(Int(a[ax + x, y].a) - Int(b[x, y].a)) }
        }
        return Double(sum) / Double(width * min(a.height, b.height))
    }

    @Test(arguments: [("latin", "Hamburgefonstiv"), ("hebrew", "שלום עולם"), ("arabic", "مرحبا بالعالم"),
                      ("cjk", "漢字かなカナ한글")])
    func everyScriptHasAFontAndInk(name: String, text: String) {
        #expect(Self.text.unknownGlyphs(text, style: Self.style) == 0, "\(name) needs a font")
        let image = Self.rendered(text, name)
        #expect(image.size == Self.text.measure(text, style: Self.style))
        let columns = Self.inkColumns(image)
        // About half an em or more per character, one line high.
        #expect(Double(columns.count) > Double(text.count) * 40 * 0.3, "\(name): \(columns.count) ink columns")
        #expect(image.height >= 40 && image.height < 80, "\(name): \(image.height) px high")
    }

    @Test func hebrewRunsRightToLeft() {
        let alef = Self.rendered("א", "alef"), both = Self.rendered("אב", "alef-bet")
        #expect(both.width > alef.width)
        // The first logical letter is the rightmost: the right end of "אב" matches "א" alone, the left end does not.
        let right = Self.alphaDistance(both, from: both.width - alef.width, alef, width: alef.width)
        let left = Self.alphaDistance(both, from: 0, alef, width: alef.width)
        #expect(right < 8 && left > 2 * right, "right \(right), left \(left)")
    }

    @Test func arabicLettersJoin() {
        let word = "بيت", letters = word.map(String.init)
        let joined = Self.rendered(word, "arabic-joined")
        let apart = letters.enumerated().map { Self.rendered($1, "arabic-letter-\($0)").width }
        // Initial and medial forms are narrower than isolated ones.
        #expect(Double(joined.width) < 0.85 * Double(apart.reduce(0, +)), "joined \(joined.width), apart \(apart)")
    }

    @Test func wrappingStaysWithinTheWidthAndTheLineLimitEllipsizes() {
        let text = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 6)
        let one = Self.text.measure("Hamburg", style: Self.style)
        var style = Self.style
        style.maxWidth = 300
        let wrapped = Self.rendered(text, "wrapped", style: style)
        #expect(wrapped.width <= 300 + 4)
        #expect(wrapped.height > 8 * one.height)
        #expect(Self.inkColumns(wrapped).count > 200)

        style.lineLimit = 1
        let title = Self.rendered(text, "title", style: style)
        #expect(title.width <= 304 && title.width > 200)
        #expect(abs(title.height - one.height) <= 2)
        style.lineLimit = 2
        #expect(abs(Self.text.measure(text, style: style).height - 2 * one.height) <= 4)
    }

    @Test func centredLinesAreCentredAndBackgroundIsOpaque() {
        var style = Self.style
        style.maxWidth = 400
        style.alignment = .center
        let image = Self.text.render("wide line of text here\nmid", style: style, background: TextColour(250, 240, 220))
        #expect(image.isOpaque)
        #expect(image[0, 0] == (250, 240, 220, 255))
        // The short second line's ink sits in the middle of the block.
        let bottom = image.height * 3 / 4
        let ink = (0..<image.width).filter { image[$0, bottom].r < 120 }
        let middle = Double(ink.first! + ink.last!) / 2
        #expect(abs(middle - Double(image.width) / 2) < Double(image.width) / 10)
    }

    @Test func emptyTextIsOneTransparentPixelWideAndConcurrentCallsAgree() async {
        #expect(Self.text.render("", style: Self.style).width == 1)
        let reference = Self.text.render("parallel", style: Self.style)
        let results = await withTaskGroup(of: RGBAImage.self) { group in
            for _ in 0..<8 { group.addTask { Self.text.render("parallel", style: Self.style) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == reference })
    }

    /// Markup sets its tags as emphasis, not as characters: "<i>Wort</i>" is as wide as the word in italics and
    /// narrower than the tags spelled out; markup that does not parse is set as it is.
    @Test func markupSetsEmphasisAndBrokenMarkupIsPlainText() {
        var style = TextStyle(size: 24, colour: TextColour(255, 255, 255))
        let plain = Self.text.render("<i>Wort</i>", style: style)
        style.markup = true
        let italic = Self.text.render("<i>Wort</i>", style: style)
        let word = Self.text.render("Wort", style: style)
        #expect(italic.width < plain.width / 2 && abs(italic.width - word.width) <= 4, "\(italic.width) \(plain.width) \(word.width)")
        #expect(italic.pixels != word.pixels, "the italic differs from the upright")
        let broken = Self.text.render("<i>Wort", style: style)
        #expect(broken.width > word.width * 3 / 2, "set as the characters it has")
    }
}
