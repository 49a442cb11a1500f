import Decoding
import Foundation
import Geometry
import Testing

/// A per-book spine offset. A IIIF book of five canvases, each a flat colour, the first a calibration
/// target; `recto render` of the spread holding canvas 3 at 1920×1080 in double mode. Without an offset canvas 3
/// is the recto of (2, 3); with the book's own `recto.toml` saying `spine-offset = 1` it is the verso of (3, 4),
/// left in a left-to-right book and right in a right-to-left one; the book's own file wins over the flag.
@Suite struct SpineOffsetEndToEndTests {
    static let colours: [(UInt8, UInt8, UInt8)] = [(200, 40, 40), (40, 160, 60), (40, 70, 200), (220, 200, 40), (150, 60, 170)]

    static func book(spineOffset: Int?, rightToLeft: Bool = false) throws -> URL {
        let dir = try Scratch.makeDirectory("spine-offset-book")
        var canvases: [String] = []
        for (i, c) in colours.enumerated() {
            try Data(PNGEncoder.encode(RGBAImage(width: 500, height: 700, fill: (c.0, c.1, c.2, 255)), fast: true))
                .write(to: dir.appendingPathComponent("p\(i + 1).png"))
            canvases.append("""
                {"id": "c\(i + 1)", "type": "Canvas", "width": 500, "height": 700, "items": [{"type": "AnnotationPage", "items": [
                  {"type": "Annotation", "motivation": "painting", "body": {"id": "p\(i + 1).png", "type": "Image"}}]}]}
                """)
        }
        let direction = rightToLeft ? #""viewingDirection": "right-to-left","# : ""
        try Data("""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "type": "Manifest", "label": {"en": ["Calibrated"]},
             "behavior": ["paged"], \(direction) "items": [\(canvases.joined(separator: ", "))]}
            """.utf8).write(to: dir.appendingPathComponent("manifest.json"))
        if let spineOffset {
            try Data("# the first canvas is a colour-calibration target\nspine-offset = \(spineOffset)\n".utf8)
                .write(to: dir.appendingPathComponent("recto.toml"))
        }
        return dir
    }

    /// The canvas (1-based) whose colour fills the middle of the left and the right half; 0: background.
    static func halves(_ image: RGBAImage) -> (left: Int, right: Int) {
        func canvas(_ x: Int) -> Int {
            let c = image.dominantColour(in: PixelRect(x: x - 40, y: 500, width: 80, height: 80))
            return (colours.firstIndex { RGB(Double($0.0), Double($0.1), Double($0.2)).distance(to: c) < 12 } ?? -1) + 1
        }
        return (canvas(700), canvas(1220))
    }

    func render(_ book: URL, _ extra: [String] = []) throws -> (Int, Int) {
        let out = try RectoRender.image([book.path, "--size", "1920x1080", "--spread", "double", "--page", "3"] + extra)
        return Self.halves(out.image)
    }

    @Test func theBooksOwnOffsetPairsTheSpreadsAfterTheCalibrationTarget() throws {
        #expect(try render(try Self.book(spineOffset: nil)) == (2, 3), "no offset: canvas 3 is the recto of (2, 3)")
        #expect(try render(try Self.book(spineOffset: 1)) == (3, 4), "offset 1: (3, 4)")
        #expect(try render(try Self.book(spineOffset: 1, rightToLeft: true)) == (4, 3), "right to left: 3 on the right")
        #expect(try render(try Self.book(spineOffset: nil), ["--spine-offset", "1"]) == (3, 4), "the flag, for a book without a file")
        #expect(try render(try Self.book(spineOffset: 1), ["--spine-offset", "0"]) == (3, 4), "the book's own file wins")
        #expect(try render(try Self.book(spineOffset: 2)) == (0, 3), "offset 2: canvas 3 is the cover, alone on the right")
    }

    @Test func aBrokenBookFileIsReportedAndTheBookReads() throws {
        let book = try Self.book(spineOffset: nil)
        try Data("spine-offset = 1\nmax-zoom = 3\n".utf8).write(to: book.appendingPathComponent("recto.toml"))
        let out = try RectoRender.image([book.path, "--size", "1920x1080", "--spread", "double", "--page", "3"])
        #expect(Self.halves(out.image) == (3, 4), "its spine-offset is still the book's")
        try Data("spine-offset = 40\n".utf8).write(to: book.appendingPathComponent("recto.toml"))
        let bad = try RectoRender.image([book.path, "--size", "1920x1080", "--spread", "double", "--page", "3"])
        #expect(Self.halves(bad.image) == (2, 3), "out of range: ignored")
    }
}
