import Decoding
import Foundation
import Geometry
import Testing
import TestSupport

/// A library of three books on the real `recto` under headless weston (1920×1080, 96 dpi): a folder of demo
/// pages 2–4 named in Hebrew, a CBZ of demo pages 5–8 whose ComicInfo title is Japanese, and a PDF whose title
/// is Arabic. The shelf is one row of three 454×648 cover slots, 43 px apart and centred (x 236, 733, 1230;
/// y 170–818), each title below its slot. A directory holding no image but a CBZ and a PDF is a library by
/// itself, so the library is given as the book.
@Suite(.serialized) struct ShelfEndToEndTests {
    static let slotCentres = [463, 960, 1457]
    static let slotY = 170...818
    static let titles = ["1 עלים", "葉の図鑑", "أطلس الأوراق"]

    static func library() throws -> URL {
        let root = try Scratch.makeDirectory("library")
        let folder = try BookFixtures.copyOfDemo(pages: [2, 3, 4], name: "folder-book")
        try FileManager.default.moveItem(at: folder, to: root.appendingPathComponent(titles[0]))
        let info = try Scratch.makeDirectory("shelf-comicinfo").appendingPathComponent("ComicInfo.xml")
        try Data("<ComicInfo><Title>\(titles[1])</Title></ComicInfo>".utf8).write(to: info)
        var entries: [ZipBomb.Entry] = [.file(info, name: "ComicInfo.xml")]
        for p in 5...8 { entries.append(.file(BookFixtures.demoPage(p), name: String(format: "p%02d.png", p))) }
        try FileManager.default.moveItem(at: try ZipBomb.make(entries, name: "leaves.cbz"), to: root.appendingPathComponent("2 leaves.cbz"))
        let pdf = pdfBook([.text(["Atlas"]), .text(["of"]), .text(["Leaves"])], title: titles[2])
        try Data(pdf).write(to: root.appendingPathComponent("3 atlas.pdf"))
        return root
    }

    /// The dominant colour of a 100×100 square at each slot's centre.
    static func coverColours(_ image: RGBAImage) -> [RGB] {
        slotCentres.map { image.dominantColour(in: PixelRect(x: $0 - 50, y: 450, width: 100, height: 100)) }
    }

    /// Whether the shelf shows: the folder's cover (demo page 2), the CBZ's (page 5), the PDF's white page, and
    /// background between them and under the titles' ink.
    static func showsShelf(_ image: RGBAImage) -> Bool {
        let c = coverColours(image)
        let gap = image.dominantColour(in: PixelRect(x: 696, y: 450, width: 30, height: 100))
        return c[0].distance(to: DemoBook.colour(ofPage: 2)) < 20 && c[1].distance(to: DemoBook.colour(ofPage: 5)) < 20
            && c[2].distance(to: RGB(255, 255, 255)) < 20 && gap.distance(to: DemoBook.background) < 10
    }

    /// Light text pixels in the band below slot `i` (its title).
    static func titleInk(_ image: RGBAImage, _ i: Int) -> Int {
        var n = 0
        for y in 822..<905 {
            for x in (slotCentres[i] - 240)..<(slotCentres[i] + 240) where image[x, y].r > 150 && image[x, y].g > 150 { n += 1 }
        }
        return n
    }

    private func save(_ image: RGBAImage, _ name: String, _ session: RectoSession) throws -> String {
        let path = session.weston.artifactsDirectory.appendingPathComponent(name).path
        let png = try PNGEncoder.encode(image)
        try Data(png).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func threeCoversATapOpensTheSecondWhereItWasLeftAndTheHomeControlReturns() throws {
        let library = try Self.library()
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [library.path, "--spread", "single"])
        #expect(session.history.first { $0.name == "shelf" }?.int("books") == 3, "\(session.historyText)")
        let shelf = try session.screenshot(timeout: .seconds(20)) { Self.showsShelf($0) }
        #expect(Self.showsShelf(shelf), "covers \(Self.coverColours(shelf)); \(session.weston.artifactsDirectory.path)")
        for i in 0..<3 { #expect(Self.titleInk(shelf, i) > 200, "title \(i) drawn: \(Self.titleInk(shelf, i)) px") }
        print("e2e shelf: \(try save(shelf, "shelf.png", session))")

        try session.weston.tap(x: 960, y: 500)
        let open = try session.waitForEvent("open", timeout: .seconds(10))
        #expect(open.string("title") == Self.titles[1] && open.int("pages") == 4, "\(open.line)")
        #expect(open.string("book")?.hasSuffix("2 leaves.cbz") == true)
        let page = PageLayout.single(width: 1920, height: 1080)
        // Paper may grow first when the page takes long to decode (the shelf waits a second for it).
        let first = try session.screenshot(timeout: .seconds(20)) { DemoBook.page(in: $0, page).page == 5 }
        #expect(DemoBook.page(in: first, page).page == 5, "the CBZ's first page: \(DemoBook.page(in: first, page))")
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        #expect(try session.waitForEvent("page", timeout: .seconds(10)).int("page") == 2)
        // The home control: a 34 px square 6 px in from the top-left corner, dark over the background.
        try session.weston.tap(x: 22, y: 22)
        _ = try session.waitForEvent("shelf", timeout: .seconds(10))
        #expect(Self.showsShelf(try session.screenshot(timeout: .seconds(20)) { Self.showsShelf($0) }))
        #expect(session.history.filter { $0.name == "flip" }.count == 2, "the key turned, the home tap did not: \(session.historyText)")
        // The book reopens where it was left; Escape returns too.
        try session.weston.tap(x: 960, y: 500)
        #expect(try session.waitForEvent("page", timeout: .seconds(10)).int("page") == 2)
        _ = try session.waitForEvent("open", timeout: .seconds(10))
        try session.weston.key(InputCode.keyEscape, pressed: true)
        try session.weston.key(InputCode.keyEscape, pressed: false)
        _ = try session.waitForEvent("shelf", timeout: .seconds(10))
        #expect(session.recto.isRunning)
    }

    @Test func theIdleResetReturnsToTheShelf() throws {
        let library = try Self.library()
        let session = try RectoSession.start(width: 1920, height: 1080,
                                             arguments: [library.path, "--kiosk", "--idle-reset", "2", "--idle-warning", "0"])
        _ = try session.screenshot(timeout: .seconds(20)) { Self.showsShelf($0) }
        try session.weston.tap(x: 1457, y: 500)
        let open = try session.waitForEvent("open", timeout: .seconds(10))
        #expect(open.string("title") == Self.titles[2], "\(open.line)")
        _ = try session.waitForEvent("idle-reset", timeout: .seconds(15))
        #expect(try session.waitForEvent("shelf", timeout: .seconds(5)).int("books") == 3)
        let back = try session.screenshot(timeout: .seconds(20)) { Self.showsShelf($0) }
        #expect(Self.showsShelf(back), "covers \(Self.coverColours(back))")
    }

    /// Four books, the second a broken CBZ: its cover is a placeholder that opens nothing; the fourth is on the
    /// shelf's second page (a swipe away), alone and centred.
    @Test func aBrokenBookIsAPlaceholderAndASwipePagesTheShelf() throws {
        let root = try Self.library()
        try FileManager.default.moveItem(at: root.appendingPathComponent("2 leaves.cbz"), to: root.appendingPathComponent("4 leaves.cbz"))
        try Data("not a zip archive".utf8).write(to: root.appendingPathComponent("2 broken.cbz"))
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [root.path])
        let slot = PixelRect(x: 734, y: 170, width: 452, height: 646)
        let shelf = try session.screenshot(timeout: .seconds(20)) { PlaceholderLook($0, in: slot).isPlaceholder }
        #expect(PlaceholderLook(shelf, in: slot).isPlaceholder, "\(PlaceholderLook(shelf, in: slot))")
        try session.weston.tap(x: 960, y: 500)
        let after = try session.events(during: .milliseconds(1500))
        #expect(!after.contains { $0.name == "open" }, "a broken book opens nothing: \(after)")

        try session.weston.touchDown([Finger(id: 0, x: 1500, y: 500)])
        try session.weston.touchLine(id: 0, from: 1500, 500, to: 700, 500, steps: 20, interval: .milliseconds(16))
        try session.weston.touchUp([0])
        let second = try session.screenshot(timeout: .seconds(20)) {
            $0.dominantColour(in: PixelRect(x: 910, y: 450, width: 100, height: 100)).distance(to: DemoBook.colour(ofPage: 5)) < 20
        }
        #expect(!Self.showsShelf(second), "the first page of covers is gone")
        try session.weston.tap(x: 960, y: 500)
        #expect(try session.waitForEvent("open", timeout: .seconds(10)).string("title") == Self.titles[1])
        #expect(session.recto.isRunning)
    }
}
