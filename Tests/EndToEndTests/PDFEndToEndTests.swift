import Decoding
import Foundation
import Geometry
import Glibc
import Testing
import TestSupport

/// A PDF book in the real reader under headless weston (1920×1080): the test book has body text, vector art, an
/// embedded image, two page sizes and a landscape page. Its cover (A4, body text) shows as `pdftoppm` renders it
/// at the same size, and pinched to 8× on the text it shows the text rendered again as vectors, as `pdftoppm`
/// renders it at 8×, not the page scaled up.
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct PDFEndToEndTests {
    /// The A4 cover on the right half: 595×842 pt at 1036.8/842 px per pt, margin 21.6 px.
    static let pxPerPoint = (1080 - 2 * 21.6) / 842
    static let cover = (x: 960.0, y: 21.6, width: 595 * pxPerPoint, height: 1080 - 2 * 21.6)

    private func writeBook() throws -> URL {
        let url = try Scratch.makeDirectory("pdf").appendingPathComponent("book.pdf")
        try Data(standardPDFBook()).write(to: url)
        return url
    }

    /// `pdftoppm` of page 1 at `dpi`, the area `crop` (pixels at that resolution), decoded.
    private func pdftoppm(_ pdf: URL, dpi: Double, crop: PixelRect) throws -> RGBAImage {
        let out = try Scratch.makeDirectory("pdftoppm").appendingPathComponent("ref")
        let child = try ChildProcess("/usr/bin/pdftoppm", arguments: [
            "-png", "-singlefile", "-f", "1", "-l", "1", "-r", String(format: "%.4f", dpi),
            "-x", "\(crop.x)", "-y", "\(crop.y)", "-W", "\(crop.width)", "-H", "\(crop.height)", pdf.path, out.path], environment: ProcessInfo.processInfo.environment)
        #expect(try child.waitForExit(timeout: .seconds(30)) == .exited(0), "\(child.stderr?.text ?? "")")
        return try ImageDecoder.decode(contentsOf: out.path + ".png")
    }

    private func crop(_ image: RGBAImage, _ r: PixelRect) -> RGBAImage { image.cropped(to: r) }

    @Test func theCoverLooksAsPdftoppmDrawsItAndZoomsIntoVectors() throws {
        let pdf = try writeBook()
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [pdf.path, "--kiosk"])
        #expect(try session.waitForEvent("shown").int("page") == 1)
        #expect(session.ready?.int("pages") == 5)

        // At fit: the page's inside (3 px in from its edges) against pdftoppm at the displayed size.
        let c = Self.cover
        let inside = PixelRect(x: Int(c.x.rounded(.up)) + 3, y: Int(c.y.rounded(.up)) + 3,
                               width: Int(c.width) - 6, height: Int(c.height) - 6)
        let dpi = 72 * Self.pxPerPoint
        let reference = try pdftoppm(pdf, dpi: dpi, crop: PixelRect(x: inside.x - Int(c.x), y: inside.y - Int(c.y),
                                                                    width: inside.width, height: inside.height))
        // The page is drawn from a render that fits the window's height, sampled down by the GPU: glyph edges
        // differ a little from pdftoppm's direct render (Splash, not cairo).
        let shot = try session.screenshot {
            compareImages(crop($0, inside), reference).map { $0.meanAbsolute < 4 && $0.fractionWithin > 0.95 } ?? false
        }
        let atFit = try #require(compareImages(crop(shot, inside), reference))
        print("e2e PDF cover vs pdftoppm at \(inside.width)×\(inside.height): \(atFit)")
        #expect(atFit.meanAbsolute < 4 && atFit.fractionWithin > 0.95,
                "\(atFit); screenshots in \(session.weston.artifactsDirectory.path)")

        // Pinch to 8× about the first line of body text (72 pt from the left and the top).
        let pivot = (x: c.x + 150 * Self.pxPerPoint, y: c.y + 80 * Self.pxPerPoint)
        try session.weston.touchDown([Finger(id: 0, x: pivot.x - 25, y: pivot.y), Finger(id: 1, x: pivot.x + 25, y: pivot.y)])
        try session.weston.touchStroke(steps: 14, interval: .milliseconds(16)) { i in
            let half = 25 + 175 * Double(i) / 14
            return [Finger(id: 0, x: pivot.x - half, y: pivot.y), Finger(id: 1, x: pivot.x + half, y: pivot.y)]
        }
        try session.weston.touchUp([0, 1])
        let zoom = try session.waitForEvent("zoom")
        let scale = try #require(zoom.number("scale"))
        #expect(abs(scale - 8) < 0.05, "\(zoom)")

        // What the screen shows, in points of the page: the pinch kept the pivot's book point under the pivot.
        let zoomedDPI = dpi * scale
        let left = (pivot.x - pivot.x / scale - c.x) * zoomedDPI / dpi
        let top = (pivot.y - pivot.y / scale - c.y) * zoomedDPI / dpi
        let area = PixelRect(x: 40, y: 40, width: 1840, height: 1000)
        let zoomedReference = try pdftoppm(pdf, dpi: zoomedDPI, crop: PixelRect(
            x: Int(left.rounded()) + area.x, y: Int(top.rounded()) + area.y, width: area.width, height: area.height))
        let zoomed = try session.screenshot(timeout: .seconds(15)) {
            compareImages(crop($0, area), zoomedReference).map { $0.meanAbsolute < 4 && $0.fractionWithin > 0.97 } ?? false
        }
        let at8 = try #require(compareImages(crop(zoomed, area), zoomedReference))
        print("e2e PDF ×8 vs pdftoppm at \(Int(zoomedDPI)) dpi: \(at8)")
        #expect(at8.meanAbsolute < 4 && at8.fractionWithin > 0.97,
                "\(at8); screenshots in \(session.weston.artifactsDirectory.path)")
        // The page scaled up would not do: its texture has an eighth of the pixels; compare against that too.
        let blurred = zoomedReference.downscaled(toFit: PixelSize(width: area.width / 8, height: area.height / 8))
            .region(PixelRect(x: 0, y: 0, width: area.width / 8, height: area.height / 8), scaledTo: PixelSize(width: area.width, height: area.height))
        let upscaled = try #require(compareImages(blurred, zoomedReference))
        #expect(upscaled.fractionWithin < at8.fractionWithin, "an upscaled page would match as well: \(upscaled)")
    }

    /// The landscape page (A3, as wide as two A4 pages) stands alone across the spread; the A5 page before it
    /// sits on its own half.
    @Test func theLandscapeSpreadStandsAlone() throws {
        let pdf = try writeBook()
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [pdf.path, "--kiosk"])
        _ = try session.waitForEvent("shown")
        try session.weston.key(InputCode.keyEnd, pressed: true)
        try session.weston.key(InputCode.keyEnd, pressed: false)
        #expect(try session.waitForEvent("page").int("page") == 5)
        func paper(_ image: RGBAImage, _ x: Int, _ y: Int) -> Bool { image.rgb(x, y).luminance > 240 }
        // 1190×842 pt fit into 1876.8×1036.8 px: 1465 px wide, centred on the spine.
        let alone = try session.screenshot { paper($0, 400, 540) && paper($0, 1520, 540) && paper($0, 960, 540) }
        #expect(paper(alone, 400, 540) && paper(alone, 960, 540) && paper(alone, 1520, 540),
                "the spread page covers both halves; screenshots in \(session.weston.artifactsDirectory.path)")
        #expect(!paper(alone, 150, 540) && !paper(alone, 1770, 540), "and no more")
        try session.weston.key(InputCode.keyLeft, pressed: true)
        try session.weston.key(InputCode.keyLeft, pressed: false)
        #expect(try session.waitForEvent("page").int("page") == 4)
        let before = try session.screenshot { paper($0, 700, 540) && !paper($0, 1300, 540) }
        #expect(paper(before, 700, 540) && !paper(before, 1300, 540), "page 4 alone on the left half")
    }
}

/// A PDF replaced on disk is read again, keeping the page: by rename (how a careful copy tool lands a file) and
/// by a slow copy over it in place.
@Suite(.serialized) struct PDFLiveEndToEndTests {
    func book(pages: Int) -> [UInt8] {
        pdfBook((1...pages).map { .text(["Page \($0) of \(pages)"]) })
    }

    @Test func aReplacedPDFIsReadAgainKeepingThePage() throws {
        let dir = try Scratch.makeDirectory("pdf-live")
        let path = dir.appendingPathComponent("catalogue.pdf")
        try Data(book(pages: 6)).write(to: path)
        // Not a kiosk: a kiosk shows why as soon as a read of its book fails (KioskAwaitedBookEndToEndTests), and a
        // read between the two halves of this rewrite would make it do so.
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [path.path, "--no-remember-position"])
        _ = try session.waitForEvent("shown")
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        #expect(try session.waitForEvent("page").int("page") == 2)

        // A new edition lands by rename.
        let staged = dir.appendingPathComponent(".catalogue.pdf.part")
        try Data(book(pages: 9)).write(to: staged)
        #expect(rename(staged.path, path.path) == 0)
        #expect(try session.waitForEvent("book", timeout: .seconds(30)).int("pages") == 9)

        // Another is copied over it slowly, in place: read once it is whole and quiet.
        let next = book(pages: 4)
        let handle = try FileHandle(forWritingTo: path)
        try handle.truncate(atOffset: 0)
        let half = next.count / 2
        try handle.write(contentsOf: Data(next[..<half]))
        session.weston.sleep(until: .now + .milliseconds(150))
        try handle.write(contentsOf: Data(next[half...]))
        try handle.close()
        let reread = try session.waitForEvent("book", timeout: .seconds(30)) { $0.int("pages") == 4 }
        #expect(reread.int("pages") == 4, "events: \(session.historyText)")
        #expect(!session.history.contains { $0.name == "page" && $0.int("page") == 1 }, "the page was kept: \(session.historyText)")
    }
}

/// PDF pages that can no longer be rendered become placeholders and the reader turns on. Here the file is cut
/// short in place while open, then its helpers die: the ones started again find the document damaged (as a CI run
/// did while a test rewrote a PDF in place). A placeholder is drawn at display size: sized from the PDF's own page
/// sizes (hundredths of a point, only proportions) it was 59 500 × 84 200 pixels, and filling those 20 GB held the
/// loop for minutes.
@Suite(.serialized) struct PDFDamagedEndToEndTests {
    @Test func pagesOfAPDFDamagedWhileOpenArePlaceholdersAndTheReaderTurnsOn() throws {
        let dir = try Scratch.makeDirectory("pdf-damaged")
        let path = dir.appendingPathComponent("catalogue.pdf")
        try Data(pdfBook((1...16).map { .text(["Page \($0) of 16"]) })).write(to: path)
        // Not a kiosk: a kiosk whose book cannot be read again shows why instead (KioskAwaitedBookEndToEndTests).
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [path.path, "--no-remember-position"])
        _ = try session.waitForEvent("shown")
        let handle = try FileHandle(forWritingTo: path)
        try handle.truncate(atOffset: 200)
        try handle.close()
        let helpers = helperPIDs(of: session.recto.pid)
        #expect(!helpers.isEmpty, "recto's PDF helpers")
        for pid in helpers { kill(pid, SIGKILL) }
        for page in [2, 4, 6, 8, 10] {
            try session.weston.key(InputCode.keyRight, pressed: true)
            try session.weston.key(InputCode.keyRight, pressed: false)
            #expect(try session.waitForEvent("page", timeout: .seconds(15)).int("page") == page)
        }
        #expect(session.stderrText.contains("cannot be shown"), "\(session.stderrText)")
        // Both pages of the spread are drawn (rendered before the damage or placeholders), none left as background.
        let shot = try session.screenshot { $0.rgb(700, 540).luminance > 200 && $0.rgb(1220, 540).luminance > 200 }
        #expect(shot.rgb(700, 540).luminance > 200 && shot.rgb(1220, 540).luminance > 200,
                "screenshots in \(session.weston.artifactsDirectory.path)")
        print("e2e damaged PDF: screenshots in \(session.weston.artifactsDirectory.path)")
    }

    /// Children of any of the process's threads (each helper is the child of the thread that started it).
    private func helperPIDs(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }
}

/// Opening a PDF again starts its helper, which a busy machine may take seconds to start: the book is read again
/// off the main thread, so the reader keeps turning pages meanwhile, and the new helper outlives the thread that
/// started it.
@Suite(.serialized) struct PDFSlowReopenEndToEndTests {
    @Test func aSlowReopenDoesNotHoldUpTheReader() throws {
        let dir = try Scratch.makeDirectory("pdf-slow-reopen")
        let path = dir.appendingPathComponent("catalogue.pdf")
        try Data(pdfBook((1...6).map { .text(["Page \($0) of 6"]) })).write(to: path)
        // The real helper, started 8 s late once `slow` exists.
        let helper = try RectoBinary.locate().deletingLastPathComponent().appendingPathComponent("recto-pdf")
        let slow = dir.appendingPathComponent("slow"), wrapper = dir.appendingPathComponent("slow-helper")
        let started = dir.appendingPathComponent("started")
        try "#!/bin/sh\nif [ -e '\(slow.path)' ]; then : > '\(started.path)'; sleep 8; fi\nexec '\(helper.path)' \"$@\"\n"
            .write(to: wrapper, atomically: true, encoding: .utf8)
        #expect(chmod(wrapper.path, 0o755) == 0)
        let session = try RectoSession.start(arguments: [path.path, "--kiosk"], environment: ["RECTO_PDF_HELPER": wrapper.path])
        _ = try session.waitForEvent("shown")

        #expect(FileManager.default.createFile(atPath: slow.path, contents: nil))
        let staged = dir.appendingPathComponent(".catalogue.pdf.part")
        try Data(pdfBook((1...9).map { .text(["Page \($0) of 9"]) })).write(to: staged)
        #expect(rename(staged.path, path.path) == 0)
        // The reload starts once the file has been quiet (0.4 s); its helper then waits 8 s.
        let deadline = Deadline(.seconds(30))
        while !FileManager.default.fileExists(atPath: started.path) {
            guard !deadline.hasPassed else { throw HarnessError.timeout("the reload's helper to start") }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let pressed = ContinuousClock.now
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        #expect(try session.waitForEvent("page", timeout: .seconds(30)).int("page") == 2)
        let waited = ContinuousClock.now - pressed
        #expect(waited < .seconds(4), "the turn waited \(waited) for the book to be read again")
        #expect(try session.waitForEvent("book", timeout: .seconds(30)).int("pages") == 9)
        // The book's pages come from the new helper, alive after the reading thread's work is done.
        try? FileManager.default.removeItem(at: slow)
        try session.weston.key(InputCode.keyEnd, pressed: true)
        try session.weston.key(InputCode.keyEnd, pressed: false)
        #expect(try session.waitForEvent("page", timeout: .seconds(30)).int("page") ?? 0 >= 8)
        #expect(!session.stderrText.contains("cannot be shown"), "\(session.stderrText)")
    }
}

/// Turning a PDF at 2 turns a second shows rendered pages: they are rendered ahead (two spreads either side), so a
/// spread that lands is drawn from textures already there, never as blank paper.
@Suite(.serialized) struct PDFTurningEndToEndTests {
    @Test func twoTurnsASecondLandOnRenderedPages() throws {
        let dir = try Scratch.makeDirectory("pdf-turns")
        let path = dir.appendingPathComponent("twelve.pdf")
        let lines = (1...30).map { "Line \($0) of a page of body text, set in twelve point type." }
        try Data(pdfBook((1...12).map { _ in .text(lines) })).write(to: path)
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [path.path, "--kiosk"])
        _ = try session.waitForEvent("shown")
        let halves = (left: PixelRect(x: 240, y: 60, width: 640, height: 600), right: PixelRect(x: 1040, y: 60, width: 640, height: 600))
        // Dark ink in a page's text block: the page's own rendering, not paper waiting for it.
        func inked(_ image: RGBAImage, _ r: PixelRect) -> Int {
            var n = 0
            for y in stride(from: r.y, to: r.y + r.height, by: 2) {
                for x in stride(from: r.x, to: r.x + r.width, by: 2) where image.rgb(x, y).luminance < 100 { n += 1 }
            }
            return n
        }
        for turn in 1...5 {
            try session.weston.key(InputCode.keyRight, pressed: true)
            try session.weston.key(InputCode.keyRight, pressed: false)
            let page = try session.waitForEvent("page").int("page")
            #expect(page == 2 * turn)
            let shot = try session.screenshot()
            #expect(inked(shot, halves.left) > 500 && inked(shot, halves.right) > 500,
                    "turn \(turn): left \(inked(shot, halves.left)), right \(inked(shot, halves.right)) ink samples; \(session.weston.artifactsDirectory.path)")
            session.weston.sleep(until: .now + .milliseconds(150))
        }
    }
}
