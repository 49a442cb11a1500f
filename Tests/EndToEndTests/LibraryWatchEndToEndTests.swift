import Decoding
import Foundation
import Glibc
import Geometry
import Testing

/// The library's directory is watched. recto runs on a library of two books (a folder of demo pages
/// 2–4, a CBZ of pages 5–8) at 1920×1080; a third book (a CBZ of pages 10–11) is written into it in two halves, as
/// a slow copy would: the half-written book is read (a broken cover) and read again when its last byte is written
/// and the file closed; then the folder book is removed, a IIIF book's directory moved in, and the book being read
/// deleted (it reads on; home shows the shelf without it). Each change is one `library` event and the shelf's covers
/// follow, in the library's order, with recto running throughout.
@Suite(.serialized) struct LibraryWatchEndToEndTests {
    /// Cover slot centres for two books and for three (one row of 454 px slots, 43 px apart, centred).
    static let twoSlots = [711, 1208]
    static let threeSlots = [463, 960, 1457]

    static func cbz(pages: [Int], name: String) throws -> Data {
        let entries = pages.map { ZipBomb.Entry.file(BookFixtures.demoPage($0), name: String(format: "p%02d.png", $0)) }
        return try Data(contentsOf: try ZipBomb.make(entries, name: name))
    }

    /// Whether the covers at `slots` (centres) are the demo `pages`: judged by the paper of each page's left
    /// margin (the covers' middles hold pictures).
    static func shows(_ image: RGBAImage, pages: [Int], at slots: [Int]) -> Bool {
        zip(pages, slots).allSatisfy { page, x in
            image.dominantColour(in: PixelRect(x: x - 219, y: 400, width: 14, height: 200))
                .distance(to: DemoBook.colour(ofPage: page)) < 20
        }
    }

    @Test func aBookCopiedInAppearsAndABookRemovedGoes() throws {
        let root = try Scratch.makeDirectory("watched-library")
        try FileManager.default.moveItem(at: try BookFixtures.copyOfDemo(pages: [2, 3, 4], name: "watched-folder"),
                                         to: root.appendingPathComponent("1 folder"))
        try Self.cbz(pages: [5, 6, 7, 8], name: "watched-leaves.cbz").write(to: root.appendingPathComponent("3 leaves.cbz"))
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--library", root.path])
        defer { session.stop() }
        #expect(session.history.first { $0.name == "shelf" }?.int("books") == 2, "\(session.historyText)")
        let two = try session.screenshot(timeout: .seconds(20)) { Self.shows($0, pages: [2, 5], at: Self.twoSlots) }
        #expect(Self.shows(two, pages: [2, 5], at: Self.twoSlots), "the first shelf; \(session.weston.artifactsDirectory.path)")

        // Half the new book's bytes, the file left open: read once the writes pause, it cannot be opened yet.
        let bytes = try Self.cbz(pages: [10, 11], name: "watched-new.cbz")
        let path = root.appendingPathComponent("2 new.cbz")
        let fd = open(path.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        try #require(fd >= 0, "cannot create \(path.path)")
        let file = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        try file.write(contentsOf: bytes.prefix(bytes.count / 2))
        let half = try session.waitForEvent("library", timeout: .seconds(20))
        #expect(half.int("books") == 3 && half.int("added") == 1, "\(half.line)")
        let slot = PixelRect(x: 960 - 227, y: 170, width: 454, height: 648)
        let broken = try session.screenshot(timeout: .seconds(20)) { PlaceholderLook($0, in: slot).isPlaceholder }
        #expect(PlaceholderLook(broken, in: slot).isPlaceholder, "the half-written book's cover says it cannot be read")

        // The rest, and the file closed: the book is read again and its cover is its first page.
        try file.write(contentsOf: bytes.dropFirst(bytes.count / 2))
        try file.close()
        let whole = try session.waitForEvent("library", timeout: .seconds(20))
        #expect(whole.int("books") == 3 && whole.int("changed") == 1, "\(whole.line)")
        let three = try session.screenshot(timeout: .seconds(20)) { Self.shows($0, pages: [2, 10, 5], at: Self.threeSlots) }
        let threePath = session.weston.artifactsDirectory.appendingPathComponent("library-three.png").path
        try Data(PNGEncoder.encode(three, fast: true)).write(to: URL(fileURLWithPath: threePath))
        #expect(Self.shows(three, pages: [2, 10, 5], at: Self.threeSlots), "the new cover in the middle: \(threePath)")

        // The folder book removed (a burst of deletions): one read, two books.
        try FileManager.default.removeItem(at: root.appendingPathComponent("1 folder"))
        let removed = try session.waitForEvent("library", timeout: .seconds(20))
        #expect(removed.int("books") == 2 && removed.int("removed") == 1, "\(removed.line)")
        let after = try session.screenshot(timeout: .seconds(20)) { Self.shows($0, pages: [10, 5], at: Self.twoSlots) }
        #expect(Self.shows(after, pages: [10, 5], at: Self.twoSlots), "the folder's cover is gone")
        // A IIIF book (a directory holding manifest.json, as `recto bake` writes) moved in whole: one rename.
        let museum = try Scratch.makeDirectory("watched-museum")
        try ShelfAttributionEndToEndTests.iiifBook(in: museum, name: "book", credit: true)
        let movedAt = ContinuousClock.now
        try FileManager.default.moveItem(at: museum.appendingPathComponent("book"), to: root.appendingPathComponent("4 museum"))
        let moved = try session.waitForEvent("library", timeout: .seconds(20))
        let eventAfter = movedAt.duration(to: .now)
        #expect(moved.int("books") == 3 && moved.int("added") == 1, "\(moved.line)")
        func showsMuseum(_ image: RGBAImage) -> Bool {
            Self.shows(image, pages: [10, 5], at: Self.threeSlots)
                && image.dominantColour(in: PixelRect(x: 1457 - 219, y: 400, width: 14, height: 200)).distance(to: RGB(40, 60, 160)) < 20
        }
        let withMuseum = try session.screenshot(timeout: .seconds(20)) { showsMuseum($0) }
        print("e2e library: a book moved in: library event \(eventAfter), its cover in a screenshot \(movedAt.duration(to: .now)) after the rename (reload-quiet 400 ms)")
        #expect(showsMuseum(withMuseum), "the IIIF book's cover last")
        // The new book opens from the shelf.
        try session.weston.tap(x: Double(Self.threeSlots[0]), y: 500)
        let open = try session.waitForEvent("open", timeout: .seconds(10))
        #expect(open.string("book")?.hasSuffix("2 new.cbz") == true && open.int("pages") == 2, "\(open.line)")
        // The book being read is deleted: it reads on (its pages are decoded), and home shows the shelf without it.
        try FileManager.default.removeItem(at: path)
        let gone = try session.waitForEvent("library", timeout: .seconds(20))
        #expect(gone.int("books") == 2 && gone.int("removed") == 1, "\(gone.line)")
        #expect(session.recto.isRunning)
        try session.weston.key(InputCode.keyEscape, pressed: true)
        try session.weston.key(InputCode.keyEscape, pressed: false)
        #expect(try session.waitForEvent("shelf", timeout: .seconds(10)).int("books") == 2)
        let home = try session.screenshot(timeout: .seconds(20)) { Self.shows($0, pages: [5], at: [Self.twoSlots[0]]) }
        #expect(Self.shows(home, pages: [5], at: [Self.twoSlots[0]]), "the CBZ first, the IIIF book second")
        #expect(session.recto.isRunning)
        #expect(session.history.filter { $0.name == "library" }.count == 5, "one read per change: \(session.historyText)")
    }
}
