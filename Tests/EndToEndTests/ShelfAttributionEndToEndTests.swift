import Decoding
import Foundation
import Geometry
import Testing

/// The attribution a IIIF book requires is shown on the shelf under its title, not only on the overlay.
/// Two IIIF books of the same title and picture, one with a `requiredStatement`, side by side on a shelf at
/// 1920×1080: the credited one's caption carries more light ink (its attribution line under the title).
@Suite(.serialized) struct ShelfAttributionEndToEndTests {
    static func iiifBook(in root: URL, name: String, credit: Bool) throws {
        let dir = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(PNGEncoder.encode(RGBAImage(width: 500, height: 700, fill: (40, 60, 160, 255)), fast: true))
            .write(to: dir.appendingPathComponent("img.png"))
        let statement = credit
            ? #""requiredStatement": {"label": {"en": ["Attribution"]}, "value": {"en": ["The Example Museum, CC BY 4.0"]}},"#
            : ""
        try Data("""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "type": "Manifest", "label": {"en": ["Museum book"]}, \(statement)
             "items": [{"id": "c1", "type": "Canvas", "width": 500, "height": 700, "items": [{"type": "AnnotationPage", "items": [
               {"type": "Annotation", "motivation": "painting", "body": {"id": "img.png", "type": "Image"}}]}]}]}
            """.utf8).write(to: dir.appendingPathComponent("manifest.json"))
    }

    @Test func aCreditedBookShowsItsAttributionUnderItsTitle() throws {
        let root = try Scratch.makeDirectory("shelf-attribution")
        try Self.iiifBook(in: root, name: "1 credited", credit: true)
        try Self.iiifBook(in: root, name: "2 plain", credit: false)
        try FileManager.default.moveItem(at: try BookFixtures.copyOfDemo(pages: [2, 3]), to: root.appendingPathComponent("3 demo"))
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--library", root.path, "--spread", "single"])
        defer { session.stop() }
        func captions(_ image: RGBAImage) -> (Int, Int) { (ShelfEndToEndTests.titleInk(image, 0), ShelfEndToEndTests.titleInk(image, 1)) }
        let shelf = try session.screenshot(timeout: .seconds(30)) { image in
            let (credited, plain) = captions(image)
            return plain > 200 && credited > plain * 3 / 2
        }
        let (credited, plain) = captions(shelf)
        let path = session.weston.artifactsDirectory.appendingPathComponent("shelf-attribution.png").path
        try Data(PNGEncoder.encode(shelf, fast: true)).write(to: URL(fileURLWithPath: path))
        #expect(plain > 200, "the plain book's title: \(plain) px of ink; \(path)")
        #expect(credited > plain * 3 / 2, "the credited caption \(credited) px of ink, the plain one \(plain); \(path)")
    }
}
