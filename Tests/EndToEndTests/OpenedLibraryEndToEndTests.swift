import Foundation
import Testing

/// libavif, libcurl, libarchive, Pango and the sound libraries are opened on first use (Sources/CLinux/opened_library.h),
/// not linked: recto starts without them, and a page or a book that needs one that cannot be opened says why, the
/// rest of the book still reading.
/// "Cannot be opened" is real here: an empty file of the library's name first on LD_LIBRARY_PATH.
@Suite struct OpenedLibraryEndToEndTests {
    private func brokenLibraries() throws -> [String: String] {
        let directory = try Scratch.makeDirectory("broken-libraries")
        for name in ["libavif.so.15", "libcurl.so.4", "libarchive.so.13"] {
            try Data().write(to: directory.appendingPathComponent(name))
        }
        var environment = RectoRender.environment
        environment["LD_LIBRARY_PATH"] = ([directory.path] + [environment["LD_LIBRARY_PATH"]].compactMap { $0 })
            .joined(separator: ":")
        return environment
    }

    private func render(_ book: URL, page: Int, environment: [String: String]) throws
        -> (termination: ChildProcess.Termination, stderr: String) {
        let out = try Scratch.makeDirectory("render").appendingPathComponent("page.png")
        let run = try runRecto(["render", "--no-config", "--size", "800x600", "--spread", "single", "--page", "\(page)",
                                book.path, "--out", out.path], environment: environment)
        return (run.termination, run.stderr)
    }

    @Test func anAVIFPageWithoutLibavifIsAPlaceholderSayingWhyAndTheOtherPagesRead() throws {
        let book = try BookFixtures.copyOfDemo(pages: [2], name: "avif-book")
        let avif = RectoBinary.packageRoot.appendingPathComponent("Tests/DecodingTests/Fixtures/lossy.avif")
        try FileManager.default.copyItem(at: avif, to: book.appendingPathComponent("page-00.avif"))
        let broken = try brokenLibraries()

        let withLibavif = try render(book, page: 1, environment: RectoRender.environment)
        #expect(withLibavif.termination == .exited(0))
        #expect(!withLibavif.stderr.contains("cannot be shown"), "\(withLibavif.stderr)")

        let without = try render(book, page: 1, environment: broken)
        #expect(without.termination == .exited(0))
        #expect(without.stderr.contains("page 1 (page-00.avif) cannot be shown"), "\(without.stderr)")
        #expect(without.stderr.contains("cannot decode AVIF") && without.stderr.contains("libavif.so.15"),
                "\(without.stderr)")

        // Page 2's render reads page 1 ahead too, whose failure it may report; page 2 itself decodes.
        let pngPage = try render(book, page: 2, environment: broken)
        #expect(pngPage.termination == .exited(0))
        #expect(!pngPage.stderr.contains("page 2 ("), "\(pngPage.stderr)")
    }

    @Test func anIIIFBookWithoutLibcurlIsRefusedSayingWhy() throws {
        // Nothing listens on port 9: libcurl's absence is what must be reported, before any connection.
        let run = try runRecto(["render", "--no-config", "http://127.0.0.1:9/manifest.json", "--out",
                                try Scratch.makeDirectory("render").appendingPathComponent("page.png").path],
                               environment: try brokenLibraries())
        #expect(run.termination == .exited(2))
        #expect(run.stderr.contains("libcurl cannot be used") && run.stderr.contains("libcurl.so.4"), "\(run.stderr)")
    }

    @Test func aCB7WithoutLibarchiveIsRefusedSayingWhy() throws {
        let book = try ComicArchiveEndToEndTests.comic("book.cb7")
        let run = try runRecto(["render", "--no-config", book.path, "--out",
                                try Scratch.makeDirectory("render").appendingPathComponent("page.png").path],
                               environment: try brokenLibraries())
        #expect(run.termination == .exited(2))
        #expect(run.stderr.contains("libarchive cannot be used") && run.stderr.contains("libarchive.so.13"), "\(run.stderr)")
    }

    /// What the loader maps before the first page: none of the libraries opened on first use.
    @Test func theDemoBookOnScreenHasLoadedNoneOfThem() throws {
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [])
        _ = try session.waitForEvent("renderer")
        let maps = try procText("/proc/\(session.recto.pid)/maps")
        for library in ["libavif", "libcurl", "libarchive", "libpulse", "libsndfile", "libasound", "libpango",
                        "libharfbuzz", "libfontconfig"] {
            let mapped = maps.contains("/\(library)")
            #expect(!mapped, "\(library) is mapped before any page needs it")
        }
    }

    /// Text is drawn only where a page or the interface asks for it: without Pango a broken page is still a
    /// placeholder (without its words), the other pages read, and the log says why no text could be drawn.
    @Test func withoutPangoTheBookReadsAndTheLogSaysWhyThereIsNoText() throws {
        let book = try BookFixtures.copyOfDemo(pages: [2, 3], name: "no-pango-book")
        try Data("not a PNG".utf8).write(to: book.appendingPathComponent("page-00.png"))
        let directory = try Scratch.makeDirectory("no-pango")
        try Data().write(to: directory.appendingPathComponent("libpangoft2-1.0.so.0"))
        let session = try RectoSession.start(width: 1280, height: 800, arguments: ["--spread", "single", book.path],
                                             environment: ["LD_LIBRARY_PATH": directory.path])
        let deadline = Deadline(.seconds(20))
        while !session.stderrText.contains("no text can be drawn") && .now < deadline.end {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let log = session.stderrText
        #expect(log.contains("no text can be drawn") && log.contains("libpangoft2-1.0.so.0"), "\(log)")
        #expect(log.contains("page 1 cannot be shown"), "\(log)")
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        #expect(try session.waitForEvent("page").int("page") == 2)
        #expect(session.recto.isRunning)
    }
}
