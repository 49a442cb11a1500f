import Decoding
import Foundation
import Geometry
import Glibc
import Testing

/// The hostile-file must-show on the real `recto`: a book directory with a truncated PNG, a GIF and a text
/// file named .png, an empty file, a PNG header declaring 100000×100000 pixels and a symbolic link leading out
/// of the book, between two good pages; and CBZ archives with decompression bombs. Every bad page is a
/// placeholder (paper #f7f3ea with the reason in dark ink), the good ones render normally, nothing crashes,
/// each bad page is reported once, and a bomb never costs its inflated size in memory.
/// Serialized: the window test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct HostileBookTests {
    /// A single page, centred, for `recto render --spread single --size 600x800`.
    static let renderSlot = PageLayout.single(width: 600, height: 800)

    private func renderArguments(_ book: URL, page: Int, out: URL) -> [String] {
        ["render", "--no-config", book.path, "--page", "\(page)", "--spread", "single", "--size", "600x800",
         "--out", out.path]
    }

    /// Checks that `image`'s slot shows demo page `demoPage` (nil: a placeholder); returns a failure text or nil.
    private func verdict(_ image: RGBAImage, slot: PixelRect, demoPage: Int?) -> String? {
        let look = PlaceholderLook(image, in: slot)
        let seen = DemoBook.page(in: image, slot)
        if let demoPage {
            guard seen.page == demoPage, seen.distance < 10, !look.isPlaceholder else {
                return "expected demo page \(demoPage), got \(seen), \(look)"
            }
        } else if !look.isPlaceholder {
            return "expected a placeholder, got \(look) (nearest demo page \(seen))"
        }
        return nil
    }

    @Test func renderShowsAPlaceholderForEachBadPageAndTheGoodPagesNormally() throws {
        let book = try HostileBook.make()
        for (index, page) in book.pages.enumerated() {
            let n = index + 1
            let out = try Scratch.makeDirectory("hostile-render").appendingPathComponent("page-\(n).png")
            let run = try runRecto(renderArguments(book.directory, page: n, out: out), environment: RectoRender.environment)
            try #require(run.termination == .exited(0), "render of page \(n) (\(page.name)): \(run.termination)\n\(run.stderr)")
            let image = try ImageDecoder.decode(contentsOf: out.path)
            let failure = verdict(image, slot: Self.renderSlot, demoPage: page.demoPage)
            #expect(failure == nil, "page \(n) \(page.name) (\(page.defect)): \(failure ?? ""); image \(out.path)")
            if page.demoPage == nil {
                #expect(run.stderr.contains("page \(n) (\(page.name))"), "no message for page \(n): \(run.stderr)")
            }
        }
    }

    /// The window opens the book and walks page by page (single mode) with Right: each page is what it should be
    /// on screen, recto never stops, and stderr has exactly one warning per bad page.
    @Test func windowWalksThroughEveryPageWithOneWarningPerBadPage() throws {
        let book = try HostileBook.make()
        let session = try RectoSession.start(width: 1280, height: 800,
                                             arguments: [book.directory.path, "--spread", "single"])
        #expect(session.ready?.int("pages") == book.pages.count, "\(String(describing: session.ready))")
        try session.waitForEvent("shown")
        let slot = PageLayout.single(width: 1280, height: 800)
        for (index, page) in book.pages.enumerated() {
            let n = index + 1
            if n > 1 {
                try session.weston.chord([], InputCode.keyRight)
                let turned = try session.waitForEvent("page")
                try #require(turned.int("page") == n, "events: \(session.historyText)")
            }
            let shot = try session.screenshot { verdict($0, slot: slot, demoPage: page.demoPage) == nil }
            let failure = verdict(shot, slot: slot, demoPage: page.demoPage)
            let artifacts = session.weston.artifactsDirectory.path
            #expect(failure == nil, "page \(n) \(page.name) (\(page.defect)) on screen: \(failure ?? ""); screenshots in \(artifacts)")
            #expect(session.recto.isRunning, "recto ended at page \(n): \(session.stderrText)")
        }
        _ = try session.events(during: .milliseconds(300))
        let warnings = session.stderrText.split(separator: "\n").filter { $0.contains("warning") }
        print("e2e hostile book warnings:\n\(warnings.joined(separator: "\n"))")
        for n in book.badPages {
            let mine = warnings.filter { $0.contains("page \(n) cannot be shown: \(book.pages[n - 1].name)") }
            #expect(mine.count == 1, "warnings for page \(n) (\(book.pages[n - 1].defect)): \(mine)")
        }
        #expect(warnings.count == book.badPages.count, "stderr: \(session.stderrText)")
        #expect(session.recto.isRunning)
    }

    /// 200 MiB of zeros honestly declared (over the entry limit), 60 MiB (under it, but 1000:1), and 200 MiB
    /// declared as 1 MiB (a lying header) between two good pages: each bomb is a placeholder, and no render costs
    /// more than 64 MiB above rendering the same good pages from a plain directory.
    @Test func zipBombEntriesArePlaceholdersWithoutTheirMemory() throws {
        let cbz = try ZipBomb.make([
            .file(BookFixtures.demoPage(2), name: "01.png"),
            .zeros(name: "02-bomb.png", mebibytes: 200),
            .zeros(name: "03-ratio.png", mebibytes: 60),
            .lyingZeros(name: "04-liar.png", mebibytes: 200, declaredBytes: 1 << 20),
            .file(BookFixtures.demoPage(3), name: "05.png"),
        ], name: "bombs.cbz")
        let expected: [Int?] = [2, nil, nil, nil, 3]
        let plain = try BookFixtures.copyOfDemo(pages: [2, 3])
        let scratch = try Scratch.makeDirectory("bomb-render")
        let baseline = try RectoRender.measured(renderArguments(plain, page: 1, out: scratch.appendingPathComponent("plain.png")))
        try #require(baseline.termination == .exited(0), "plain render: \(baseline.stderr)")

        for (index, demoPage) in expected.enumerated() {
            let n = index + 1
            let out = scratch.appendingPathComponent("page-\(n).png")
            let run = try RectoRender.measured(renderArguments(cbz, page: n, out: out))
            print("e2e zip bomb render page \(n): max RSS \(run.maxRSSKiB) KiB (plain book \(baseline.maxRSSKiB) KiB)")
            try #require(run.termination == .exited(0), "render of page \(n): \(run.termination)\n\(run.stderr)")
            let failure = verdict(try ImageDecoder.decode(contentsOf: out.path), slot: Self.renderSlot, demoPage: demoPage)
            #expect(failure == nil, "page \(n): \(failure ?? ""); image \(out.path)")
            #expect(run.maxRSSKiB < baseline.maxRSSKiB + 64 * 1024,
                    "page \(n): max RSS \(run.maxRSSKiB) KiB vs \(baseline.maxRSSKiB) KiB for the plain book")
        }
    }

    /// A CBZ whose only entry is the 200 MiB bomb has no readable page: `recto render` and `recto` (the window
    /// command, before any display is needed) refuse the book with status 2 and a message naming it, without
    /// inflating the entry.
    @Test func archiveOfOnlyABombIsRefusedWithStatusTwo() throws {
        let cbz = try ZipBomb.make([.zeros(name: "01-bomb.png", mebibytes: 200)], name: "only-bomb.cbz")
        let out = try Scratch.makeDirectory("bomb-only").appendingPathComponent("out.png")
        for arguments in [["render", "--no-config", cbz.path, "--out", out.path], ["--no-config", cbz.path]] {
            let run = try RectoRender.measured(arguments)
            print("e2e bomb-only \(arguments.first!): \(run.termination), max RSS \(run.maxRSSKiB) KiB, stderr \(run.stderr)")
            #expect(run.termination == .exited(2), "\(arguments): \(run.termination)\n\(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains(cbz.path) && lines[0].contains("no readable page"),
                    "stderr: \(run.stderr)")
            #expect(run.maxRSSKiB < 200 * 1024, "\(arguments): max RSS \(run.maxRSSKiB) KiB")
        }
        #expect(!FileManager.default.fileExists(atPath: out.path), "render wrote an image of a refused book")
    }
}
