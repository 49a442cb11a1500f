import Foundation
import PDF
import TestSupport
import Testing

/// The helper's render, text and link paths over varied PDFs, in environments that leave its warm-up as little to load
/// as possible: no page may make the sandbox refuse a call its policy names nowhere, or kill the helper.
/// `RECTO_PDF_SWEEP_DIRS` (folders, colon-separated) adds every PDF in them; `RECTO_PDF_SWEEP_REPORT` names a
/// file that gets one line per PDF and environment (scripts/pdf-sandbox-sweep.sh runs both).
@Suite struct SandboxSweepTests {
    /// What happened to one PDF in one environment.
    struct Outcome: CustomStringConvertible {
        var pages = 0, texts = 0
        var refusal: String?
        var failure: String?
        var unlistedCall: String?

        var description: String {
            [refusal.map { "opened: \($0)" } ?? "\(pages) pages rendered, \(texts) with text",
             unlistedCall.map { "unlisted call: \($0)" }, failure.map { "FAILED: \($0)" }]
                .compactMap { $0 }.joined(separator: "; ")
        }
    }

    @Test func everyPDFReadsWithoutAnUnlistedCallOrAKill() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let corpus = try Self.generatedCorpus(in: scratch) + Self.givenCorpus()
        let oneFont = try singleFontEnvironment(in: scratch)
        let environments: [(String, [String: String])] = [
            ("system fonts", [:]), ("one font", oneFont), ("one font, one malloc arena", oneFont.merging(["MALLOC_ARENA_MAX": "1"]) { $1 }),
        ]
        var report = ""
        for (environment, variables) in environments {
            for (name, path) in corpus {
                let outcome = Self.read(path, environment: variables)
                report += "\(environment)\t\(name)\t\(outcome)\n"
                #expect(outcome.failure == nil && outcome.unlistedCall == nil, "\(environment), \(name): \(outcome)")
            }
        }
        if let file = ProcessInfo.processInfo.environment["RECTO_PDF_SWEEP_REPORT"] {
            try Data(report.utf8).write(to: URL(fileURLWithPath: file))
        }
    }

    /// Opens `path` with one helper; renders each of its first 12 pages whole and a region at 3×, reads its text,
    /// then asks the helper which unlisted call, if any, its sandbox refused.
    static func read(_ path: String, environment: [String: String]) -> Outcome {
        var outcome = Outcome()
        do {
            var configuration = try helperConfiguration(helpers: 1)
            configuration.helperEnvironment = environment
            let document: PDFDocument
            do { document = try PDFDocument(path: path, configuration: configuration) } catch {
                switch error {
                case .needsPassword, .damaged: outcome.refusal = "\(error)"; return outcome
                default: throw error
                }
            }
            for (index, size) in document.info.pageSizes.prefix(12).enumerated() where size.isUsable {
                let whole = PDFRect(x: 0, y: 0, width: size.width, height: size.height)
                let scale = min(400 / size.width, 1000 / size.height)
                let width = max(1, Int(size.width * scale)), height = max(1, Int(size.height * scale))
                do {
                    _ = try document.render(page: index + 1, rect: whole, width: width, height: height)
                    let region = PDFRect(x: size.width / 3, y: size.height / 3, width: size.width / 3, height: size.height / 3)
                    _ = try document.render(page: index + 1, rect: region, width: width, height: height)
                    outcome.pages += 1
                    if try !document.text(page: index + 1).isEmpty { outcome.texts += 1 }
                    _ = try document.links(page: index + 1)
                } catch .page {
                    continue  // a damaged page: its placeholder, and the book reads on
                }
            }
            _ = try document.outline()
            outcome.unlistedCall = try document.firstUnlistedSystemCall()
            if document.helpersStarted != 1 { outcome.failure = "the helper was restarted" }
        } catch {
            outcome.failure = "\(error)"
        }
        return outcome
    }

    /// Every PDF under the folders `RECTO_PDF_SWEEP_DIRS` names.
    static func givenCorpus() -> [(String, String)] {
        let folders = ProcessInfo.processInfo.environment["RECTO_PDF_SWEEP_DIRS"]?.split(separator: ":") ?? []
        return folders.flatMap { folder -> [(String, String)] in
            let root = String(folder)
            let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
            return files.filter { $0.lowercased().hasSuffix(".pdf") }.sorted().map { ($0, root + "/" + $0) }
        }
    }

    /// PDFs made here: long text, many fonts, CJK through a predefined CMap, forms and annotations whose
    /// appearance poppler draws itself, encryption, damage.
    static func generatedCorpus(in scratch: Scratch) throws -> [(String, String)] {
        let lines = (0..<2000).map { String(format: "line %04d ", $0) + String(repeating: "x", count: 30) }
        var books: [(String, [UInt8])] = [
            ("long text", pdfBook([.text(lines, width: 595, height: 2000 * 14 + 144)])),
            ("standard book", standardPDFBook()),
            ("links of every kind", linkedPDFBook()),
            ("an outline", outlinedPDFBook()),
            ("fourteen fonts", SweepPDF.fourteenFonts()),
            ("CJK through a CMap", SweepPDF.cjk()),
            ("form and annotations", SweepPDF.formAndAnnotations()),
            ("truncated", HostilePDF.truncated()),
            ("broken xref", HostilePDF.brokenXref()),
            ("cut stream", HostilePDF.cutStream()),
        ]
        let plain = try scratch.write("plain.pdf", SweepPDF.formAndAnnotations())
        for (name, user) in [("encrypted, no user password", ""), ("encrypted with a password", "secret")] {
            let output = scratch.path + "/\(user.isEmpty ? "open" : "locked").pdf"
            let qpdf = try runProgram("/usr/bin/qpdf", ["--encrypt", user, "owner", "256", "--", plain, output])
            try #require(qpdf.status == 0, "qpdf --encrypt")
            books.append((name, Array(try Data(contentsOf: URL(fileURLWithPath: output)))))
        }
        return try books.enumerated().map { index, book in (book.0, try scratch.write("sweep-\(index).pdf", book.1)) }
    }
}
