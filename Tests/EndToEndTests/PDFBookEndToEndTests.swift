import Decoding
import Foundation
import Geometry
import Testing
import TestSupport

/// PDF books through the real `recto` and its `recto-pdf` helper: pages drawn as vectors at the output's
/// size, a landscape page across the width, a page past the time limit a placeholder, a locked PDF refused.
@Suite(.serialized) struct PDFBookEndToEndTests {
    private func write(_ bytes: [UInt8], _ name: String) throws -> URL {
        let url = try Scratch.makeDirectory("pdf").appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// Pixels matching `test`, and their bounding box.
    private func pixels(_ image: RGBAImage, _ test: (UInt8, UInt8, UInt8) -> Bool) -> (count: Int, box: PixelRect) {
        var count = 0, minX = image.width, minY = image.height, maxX = -1, maxY = -1
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                guard test(p.r, p.g, p.b) else { continue }
                count += 1
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        return (count, PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1))
    }

    @Test func pagesAreDrawnAtTheOutputSizeAndALandscapePageSpansTheWidth() throws {
        let book = try write(standardPDFBook(), "book.pdf")
        let single = ["--spread", "single", "--size", "600x800"]
        let art = try RectoRender.image([book.path, "--page", "2"] + single).image
        let paper = pixels(art) { $0 > 250 && $1 > 250 && $2 > 250 }
        let red = pixels(art) { $0 > 200 && $1 < 60 && $2 < 60 }
        // The red square is 200 of the page's 595 points wide, wherever the slot puts the page.
        let side = Double(paper.box.width) * 200 / 595
        #expect(abs(Double(red.box.width) - side) <= 2 && abs(Double(red.box.height) - side) <= 2,
                "red square \(red.box) on paper \(paper.box)")
        #expect(Double(red.count) > side * side * 0.95)

        let spread = try RectoRender.image([book.path, "--page", "5"] + single).image
        let page = pixels(spread) { $0 > 250 && $1 > 250 && $2 > 250 }.box
        #expect(abs(Double(page.width) / Double(page.height) - 1190.0 / 842) < 0.03, "landscape page \(page)")
    }

    @Test func pagePastTheTimeLimitIsAPlaceholderWithTheReason() throws {
        let book = try write(HostilePDF.slowPage(), "slow.pdf")
        let out = try Scratch.makeDirectory("pdf-slow").appendingPathComponent("page.png")
        var environment = RectoRender.environment
        environment["RECTO_PDF_TIMEOUT_MS"] = "2000"
        let run = try runRecto(["render", "--no-config", book.path, "--page", "2", "--spread", "single",
                                "--size", "600x800", "--out", out.path], environment: environment)
        try #require(run.termination == .exited(0), "\(run.termination)\n\(run.stderr)")
        let look = PlaceholderLook(try ImageDecoder.decode(contentsOf: out.path), in: PageLayout.single(width: 600, height: 800))
        #expect(look.isPlaceholder, "\(look)")
        #expect(run.stderr.contains("longer than 2.0 s"), "\(run.stderr)")
    }

    @Test func aLockedPDFIsAPlaceholderThatSaysSoAndADamagedOneIsRefused() throws {
        let plain = try write(standardPDFBook(), "plain.pdf")
        let locked = plain.deletingLastPathComponent().appendingPathComponent("locked.pdf")
        let qpdf = try ChildProcess("/usr/bin/qpdf", arguments: ["--encrypt", "secret", "owner", "256", "--",
                                                                plain.path, locked.path], environment: [:])
        #expect(try qpdf.waitForExit(timeout: .seconds(20)) == .exited(0))
        // A kiosk has no keyboard to ask for the password: one page saying why.
        let out = plain.deletingLastPathComponent().appendingPathComponent("locked.png")
        let run = try runRecto(["render", "--no-config", locked.path, "--page", "1", "--spread", "single",
                                "--size", "600x800", "--out", out.path], environment: RectoRender.environment)
        try #require(run.termination == .exited(0), "\(run.termination)\n\(run.stderr)")
        let look = PlaceholderLook(try ImageDecoder.decode(contentsOf: out.path), in: PageLayout.single(width: 600, height: 800))
        #expect(look.isPlaceholder, "\(look)")
        #expect(run.stderr.contains("locked.pdf is locked: it needs a password"), "\(run.stderr)")

        let damaged = try write(Array("%PDF-1.7 but nothing else".utf8), "damaged.pdf")
        let refused = try runRecto(["render", "--no-config", damaged.path, "--out", "/dev/null"],
                                   environment: RectoRender.environment)
        #expect(refused.termination == .exited(2), "\(refused.termination)")
        #expect(refused.stderr.contains("PDF document is damaged"), "\(refused.stderr)")
    }

    /// `recto render --text` prints what speech mode would read; a long page's text passes the helper's sandbox.
    @Test func renderTextPrintsAPagesTextLayer() throws {
        let lines = (0..<2000).map { String(format: "line %04d ", $0) + String(repeating: "x", count: 30) }
        let book = try write(pdfBook([.text(["Once upon a time"]), .text(lines, width: 595, height: 2000 * 14 + 144)]),
                             "text.pdf")
        let first = try runRecto(["render", "--no-config", book.path, "--page", "1", "--text"],
                                 environment: RectoRender.environment)
        #expect(first.termination == .exited(0) && first.stdout == "Once upon a time\n", "\(first)")
        let long = try runRecto(["render", "--no-config", book.path, "--page", "2", "--text"],
                                environment: RectoRender.environment)
        #expect(long.stdout.hasPrefix("line 0000 ") && long.stdout.contains("line 1500 "), "\(long.stdout.prefix(100))")
        #expect(!long.stderr.contains("SIGSYS"), "\(long.stderr)")
    }
}
