import Decoding
import Foundation
import Geometry
import Testing

/// A CBZ whose ComicInfo.xml says `Manga=YesAndRightToLeft` reads right to left (the cover on the left half,
/// the spine on its right) unless the configuration says otherwise.
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct ComicInfoEndToEndTests {
    static let halves = PageLayout.double(width: 1920, height: 1080)

    private func manga() throws -> URL {
        let info = try Scratch.makeDirectory("comicinfo").appendingPathComponent("ComicInfo.xml")
        try Data("""
            <?xml version="1.0"?>
            <ComicInfo><Title>Atlas of Leaves</Title><Manga>YesAndRightToLeft</Manga></ComicInfo>
            """.utf8).write(to: info)
        var entries: [ZipBomb.Entry] = [.file(info, name: "ComicInfo.xml")]
        for p in 1...4 { entries.append(.file(BookFixtures.demoPage(p), name: String(format: "p%02d.png", p))) }
        return try ZipBomb.make(entries, name: "manga.cbz")
    }

    /// Which demo page the screen shows in `rect`, once pages are up.
    private func page(in session: RectoSession, _ rect: PixelRect) throws -> Int {
        let shot = try session.screenshot { DemoBook.page(in: $0, rect).distance < 30 }
        return DemoBook.page(in: shot, rect).page
    }

    @Test func mangaReadsRightToLeftUnlessTheConfigurationSaysOtherwise() throws {
        let book = try manga()
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [book.path])
        _ = try session.waitForEvent("shown")
        #expect(try page(in: session, Self.halves.left) == 1, "the cover lies on the left half")
        session.stop()

        let ltr = try RectoSession.start(width: 1920, height: 1080, arguments: [book.path, "--no-rtl"])
        _ = try ltr.waitForEvent("shown")
        #expect(try page(in: ltr, Self.halves.right) == 1, "--no-rtl wins over the book")
    }
}
