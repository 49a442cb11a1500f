import Decoding
import Foundation
import Testing

/// A book of WebP and AVIF pages (the demo book's pages encoded by Debian's cwebp and avifenc) reads like a book
/// of PNGs: the cover, then a spread of an AVIF and a WebP page.
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct WebPAVIFEndToEndTests {
    static let halves = PageLayout.double(width: 1920, height: 1080)

    private func encode(_ tool: String, _ arguments: [String]) throws {
        let child = try ChildProcess(tool, arguments: arguments, environment: ProcessInfo.processInfo.environment)
        let ended = try child.waitForExit(timeout: .seconds(120))
        try child.stderr?.waitForEnd(timeout: .seconds(5))
        try #require(ended == .exited(0), "\(tool) \(arguments): \(ended) \(child.stderr?.text ?? "")")
    }

    @Test func webPAndAVIFPagesRead() throws {
        let book = try Scratch.makeDirectory("webp-avif")
        try encode("/usr/bin/cwebp", ["-quiet", "-q", "85", BookFixtures.demoPage(1).path, "-o", book.appendingPathComponent("p1.webp").path])
        try encode("/usr/bin/avifenc", ["--speed", "10", "--min", "20", "--max", "30", BookFixtures.demoPage(2).path, book.appendingPathComponent("p2.avif").path])
        try encode("/usr/bin/cwebp", ["-quiet", "-lossless", "-z", "0", BookFixtures.demoPage(3).path, "-o", book.appendingPathComponent("p3.webp").path])
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [book.path, "--kiosk"])
        #expect(try session.waitForEvent("shown").int("page") == 1)
        let cover = try session.screenshot { DemoBook.page(in: $0, Self.halves.right).page == 1 }
        #expect(DemoBook.page(in: cover, Self.halves.right).page == 1, "the WebP cover")
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        #expect(try session.waitForEvent("page").int("page") == 2)
        let spread = try session.screenshot {
            DemoBook.page(in: $0, Self.halves.left).page == 2 && DemoBook.page(in: $0, Self.halves.right).page == 3
        }
        #expect(DemoBook.page(in: spread, Self.halves.left).page == 2, "the AVIF page")
        #expect(DemoBook.page(in: spread, Self.halves.right).page == 3, "the lossless WebP page")
        #expect(!session.stderrText.contains("warning"), "\(session.stderrText)")
    }
}
