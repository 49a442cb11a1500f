import PDF
import Testing
import TestSupport

/// The Info dictionary through the helper's INFO request: each field as the document states it, the creation day
/// where it was written, and bounds whatever a document holds.
@Suite struct PDFInfoTests {
    func info(_ entries: String) throws -> PDFDocumentInfo {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let path = try scratch.write("info.pdf", pdfBook([.text(["About"])], title: "Title", info: entries))
        let document = try PDFDocument(path: path, configuration: try helperConfiguration(helpers: 1))
        let info = try document.documentInfo()
        // Reading the Info (its text converters, the date's time zone) needs no call the sandbox does not list.
        #expect(try document.firstUnlistedSystemCall() == nil)
        return info
    }

    @Test func everyFieldAsTheDocumentStatesIt() throws {
        // The author in UTF-16 with its byte-order mark; 23:30 on New Year's Eve in New York is the 31st there.
        let got = try info("""
            /Author <FEFF00C9006D0069006C0069006500200064007500200043006800E200740065006C00650074> \
            /Subject (Letters) /Keywords (physics, letters) /Creator (LibreOffice Writer) /Producer (Recto 1.0) \
            /CreationDate (D:20191231233000-05'00')
            """)
        #expect(got == PDFDocumentInfo(author: "Émilie du Châtelet", subject: "Letters", keywords: "physics, letters",
                                       creator: "LibreOffice Writer", producer: "Recto 1.0", created: "2019-12-31"))
    }

    @Test func aDocumentThatStatesNothingHasNoInfo() throws {
        #expect(try info("") == PDFDocumentInfo(), "a title only")
        #expect(try info("/Author () /CreationDate (not a date) /Subject 12") == PDFDocumentInfo())
        #expect(try info("/Author <FEFF004100>") == PDFDocumentInfo(), "UTF-16 cut in the middle of a character")
    }

    /// Texts of megabytes are cut at 2,000 bytes on a character's boundary (a two-byte "é" is never halved).
    @Test func hugeTextsAreBounded() throws {
        let author = "<FEFF" + String(repeating: "00E9", count: 50_001) + ">"
        let got = try info("/Author \(author) /Keywords (\(String(repeating: "k", count: 1_000_000)))")
        #expect(got.author == String(repeating: "é", count: 1_000))
        #expect(got.keywords == String(repeating: "k", count: 2_000))
    }
}
