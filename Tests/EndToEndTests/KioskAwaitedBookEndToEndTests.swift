import Decoding
import Foundation
import Glibc
import Testing

/// A kiosk set up with one book that is not there yet (content still being copied), or that is refused: recto
/// stays up with the reason on screen, tells systemd it is ready, and opens the book once it is there; a book
/// replaced by one refused shows the reason again, and a good one after it reads. Outside kiosk mode a missing
/// book is still the command line's error (HostileBookTests, ReaderSliceTests).
@Suite(.serialized) struct KioskAwaitedBookEndToEndTests {
    /// Placeholder paper, and the demo book's cover cloth (page 1).
    static func isPaper(_ c: RGB) -> Bool { abs(c.r - 247) < 4 && abs(c.g - 243) < 4 && abs(c.b - 234) < 4 }
    static func isCover(_ c: RGB) -> Bool { abs(c.r - 44) < 14 && abs(c.g - 70) < 14 && abs(c.b - 52) < 14 }

    static func share(_ image: RGBAImage, _ test: (RGB) -> Bool) -> Double {
        var hits = 0, all = 0
        for y in stride(from: 0, to: image.height, by: 4) {
            for x in stride(from: 0, to: image.width, by: 4) {
                all += 1
                if test(image.rgb(x, y)) { hits += 1 }
            }
        }
        return Double(hits) / Double(max(all, 1))
    }

    static func goodBook() throws -> URL {
        try ZipBomb.make([.file(BookFixtures.demoPage(1), name: "p1.png"), .file(BookFixtures.demoPage(2), name: "p2.png"),
                          .file(BookFixtures.demoPage(3), name: "p3.png")], name: "good.cbz")
    }

    @Test func aKioskWaitsForItsBookShowsWhyAndOpensItWhenItComes() throws {
        let shelf = try Scratch.makeDirectory("kiosk-awaited")
        let path = shelf.appendingPathComponent("exhibition.cbz")
        let listener = try NotifyListener(directory: try Scratch.makeDirectory("kiosk-awaited-notify"))
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [path.path, "--kiosk", "--spread", "single", "--attract-after", "0"],
                                             environment: ["NOTIFY_SOCKET": listener.path])
        defer { session.stop() }

        // The reason, on screen and in the log (said before `ready`); systemd told it is ready.
        let awaited = try #require(session.history.first { $0.name == "book-awaited" }, "\(session.historyText)")
        #expect(awaited.string("reason") == "no book at \(path.path): no such file or directory", "\(awaited)")
        let waiting = try session.screenshot(timeout: .seconds(20)) { Self.share($0, Self.isPaper) > 0.2 }
        let shot = try AccessibilityEndToEndTests.save(waiting, "kiosk-awaited-missing.png", session)
        print("e2e kiosk awaited: placeholder \(shot)")
        let ready = listener.messages(until: { $0.hasPrefix("READY=1") }, timeout: .seconds(10))
        #expect(ready.contains { $0.hasPrefix("READY=1\nSTATUS=waiting for the book \(path.path): no book at") }, "\(ready)")
        // Alive ten seconds on, and `recto ctl status` says what it waits for.
        _ = listener.messages(during: .seconds(10))
        #expect(session.recto.isRunning, "recto ended: \(session.historyText)")
        let socket = try #require(session.ready?.string("control"))
        let status = ControlEndToEndTests.json(try rectoCtl(["status"], socket: socket).reply)
        #expect((status["book_awaited"] as? String)?.hasPrefix("no book at") == true, "\(status)")

        // The book copied into place: shown, from its cover.
        let good = try Self.goodBook()
        let copied = ContinuousClock.now
        try BookFixtures.copyAtomically(good, into: shelf, as: "exhibition.cbz")
        #expect(try session.waitForEvent("book", timeout: .seconds(20)).int("pages") == 3)
        let arrivedAfter = ContinuousClock.now - copied
        let cover = try session.screenshot(timeout: .seconds(20)) { Self.share($0, Self.isCover) > 0.2 }
        let shownAfter = ContinuousClock.now - copied
        _ = try AccessibilityEndToEndTests.save(cover, "kiosk-awaited-arrived.png", session)
        print("e2e kiosk awaited: the book read \(arrivedAfter) and on screen \(shownAfter) after its copy landed")
        #expect(ControlEndToEndTests.json(try rectoCtl(["status"], socket: socket).reply)["book_awaited"] == nil)

        // Replaced by an archive that is refused (its one page a 200 MiB bomb): the reason is back.
        let bomb = try ZipBomb.make([.zeros(name: "01-bomb.png", mebibytes: 200)], name: "bomb.cbz")
        try BookFixtures.copyAtomically(bomb, into: shelf, as: "exhibition.cbz")
        let refused = try session.waitForEvent("book-awaited", timeout: .seconds(20))
        #expect(refused.string("reason")?.contains("has no readable page") == true, "\(refused)")
        let refusedShot = try session.screenshot(timeout: .seconds(20)) { Self.share($0, Self.isPaper) > 0.2 }
        _ = try AccessibilityEndToEndTests.save(refusedShot, "kiosk-awaited-refused.png", session)

        // A good book again: it reads, and turns.
        try BookFixtures.copyAtomically(good, into: shelf, as: "exhibition.cbz")
        #expect(try session.waitForEvent("book", timeout: .seconds(20)).int("pages") == 3)
        _ = try session.screenshot(timeout: .seconds(20)) { Self.share($0, Self.isCover) > 0.2 }
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        _ = try session.waitForEvent("page") { $0.int("page") == 2 }
    }

    /// A book that is there but damaged (not an archive at all) is awaited too, with the system's reason.
    @Test func aDamagedBookIsAwaitedWithItsReason() throws {
        let shelf = try Scratch.makeDirectory("kiosk-damaged")
        let path = shelf.appendingPathComponent("exhibition.cbz")
        try Data("PK\u{3}\u{4} this is not a whole archive".utf8).write(to: path)
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [path.path, "--kiosk", "--spread", "single", "--attract-after", "0"])
        defer { session.stop() }
        let awaited = try #require(session.history.first { $0.name == "book-awaited" }, "\(session.historyText)")
        #expect(awaited.string("reason")?.contains("exhibition.cbz") == true, "\(awaited)")
        _ = try session.screenshot(timeout: .seconds(20)) { Self.share($0, Self.isPaper) > 0.2 }
    }
}
