import Foundation
import PDF
import TestSupport
import Testing

/// Speech mode's PDF texts: a page's text layer and the document's language, from the helper.
@Suite struct PDFTextTests {
    private func open(_ bytes: [UInt8], _ name: String = "book.pdf") throws -> (PDFDocument, Scratch) {
        let scratch = try Scratch()
        return (try PDFDocument(path: try scratch.write(name, bytes), configuration: helperConfiguration()), scratch)
    }

    @Test func aPageTextLayerComesInReadingOrder() throws {
        let pages = [PDFTestPage.text(["Once upon a time", "there was a page."]), .vectorArt(), .text(["Zwei"])]
        let (document, scratch) = try open(pdfBook(pages))
        defer { scratch.cleanup() }
        let first = try document.text(page: 1)
        #expect(first.contains("Once upon a time"), "\(first)")
        #expect(first.range(of: "Once upon a time")!.lowerBound < first.range(of: "there was a page.")!.lowerBound)
        #expect(try document.text(page: 2) == "", "a page without text has none")
        #expect(try document.text(page: 3).contains("Zwei"))
        #expect(throws: PDFError.self) { try document.text(page: 4) }
        #expect(throws: PDFError.self) { try document.text(page: 0) }
    }

    @Test func aLongPageIsCutAtACharacterBoundary() throws {
        // 2000 lines of 40 characters: 80 KB of text, more than the 64 KiB a page's text may have.
        let lines = (0..<2000).map { String(format: "line %04d ", $0) + String(repeating: "x", count: 30) }
        let page = PDFTestPage.text(lines, width: 595, height: 2000 * 14 + 144)
        let (document, scratch) = try open(pdfBook([page]))
        defer { scratch.cleanup() }
        let text = try document.text(page: 1)
        #expect(text.utf8.count <= 64 * 1024 && text.utf8.count > 60 * 1024, "\(text.utf8.count) bytes")
        #expect(text.hasPrefix("line 0000"))
    }

    /// With one font configured, the warm-up sorts too little for glibc to have asked the machine's memory
    /// (sysinfo) before the sandbox closed; the long page's text sort asks it inside.
    @Test func aLongPageIsExtractedWithASingleFontConfigured() throws {
        let lines = (0..<2000).map { String(format: "line %04d ", $0) + String(repeating: "x", count: 30) }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        var configuration = try helperConfiguration(helpers: 1)
        configuration.helperEnvironment = try singleFontEnvironment(in: scratch)
        let path = try scratch.write("long.pdf", pdfBook([.text(lines, width: 595, height: 2000 * 14 + 144)]))
        let document = try PDFDocument(path: path, configuration: configuration)
        let text = try document.text(page: 1)
        #expect(text.hasPrefix("line 0000") && text.contains("line 1500"), "\(text.prefix(200))")
        #expect(try document.firstUnlistedSystemCall() == nil)
        #expect(document.helpersStarted == 1, "the helper was not restarted")
    }

    @Test func theCatalogsLangIsTheBooksLanguage() throws {
        for (catalog, expected) in [("/Lang (de-CH)", "de-CH"), ("/Lang<656E2D4742>", "en-GB"),
                                    ("/Lang <FEFF00660072>", "fr"), ("", nil), ("/Lang (not a tag!)", nil)] {
            let (document, scratch) = try open(pdfBook([.text(["Hallo"])], catalog: catalog))
            defer { scratch.cleanup() }
            #expect(document.info.language == expected, "\(catalog)")
        }
    }

    @Test func xmpLanguageWhenTheCatalogHasNone() throws {
        let xmp = """
            <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF \
            xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" \
            xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:language><rdf:Bag><rdf:li>it</rdf:li></rdf:Bag>\
            </dc:language></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>
            """
        var prefix = PDFWriter()
        let metadata = prefix.stream("/Type /Metadata /Subtype /XML", Array(xmp.utf8))
        let (document, scratch) = try open(pdfBook([.text(["Ciao"])], prefix: prefix, catalog: "/Metadata \(metadata) 0 R"))
        defer { scratch.cleanup() }
        #expect(document.info.language == "it")
    }
}
