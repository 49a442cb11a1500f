import Book
import Foundation
@testable import Pages
import Testing
import TestSupport

/// What each kind of book on disk says about itself for the About panel, read as the reader opens it.
@Suite struct AboutTheBookTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The metadata of IDPF's "Page Blanche" sample (github.com/IDPF/epub3-samples, 30/page-blanche/EPUB/package.opf,
    /// CC BY-SA 3.0) as published, in a fixed-layout EPUB: creators' roles from EPUB 3's `refines`, the rights in
    /// English, the producer's identifier left out.
    static let pageBlanche = """
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
        <!-- unique identifier -->
        	  <dc:identifier id="bookid">code.google.com.epub-samples.page-blanche</dc:identifier>
              <meta refines="#bookid" property="identifier-type" scheme="onix:codelist5">01</meta>
        <!-- language of the book -->
              <dc:language>fr</dc:language>
        <!-- title -->
        	  <dc:title id="title">Page Blanche</dc:title>
        	  <meta refines="#title" property="title-type">main</meta>
        <!-- creator -->
        	<!-- 1 -->
        	  <dc:creator id="creator1">Boulet</dc:creator>
        	  <meta refines="#creator1" property="file-as">Boulet</meta>
        	  <meta refines="#creator1" property="role" scheme="marc:relators">aut</meta>
        	  <meta refines="#creator1" property="display-seq">1</meta>
        	<!-- 2 -->
        	  <dc:creator id="creator2">Bagieu Pénélope</dc:creator>
        	  <meta refines="#creator2" property="file-as">Bagieu, Pénélope</meta>
        	  <meta refines="#creator2" property="role" scheme="marc:relators">ill</meta>
        	  <meta refines="#creator2" property="display-seq">2</meta>
        <!-- publisher -->
              <dc:publisher>éditions Delcourt</dc:publisher>
        <!-- date -->
              <dc:date>2012-01-18</dc:date>
        <!-- rights -->
        		<dc:rights xml:lang="en">This work is shared with the public using the Attribution-ShareAlike 3.0 Unported (CC BY-SA 3.0) license.</dc:rights>
        		<link rel="cc:license" href="http://creativecommons.org/licenses/by-sa/3.0/"/>
        <!-- contributor -->
        		<dc:contributor id="contributor">Vincent Gros</dc:contributor>
        		<meta refines="#contributor" property="role" scheme="marc:relators">mrk</meta>
        		<meta refines="#contributor" property="file-as">Gros, Vincent</meta>
        		<meta property="dcterms:modified">2012-08-28T18:00:00Z</meta>
        <!-- fixed-layout options -->
        	  <meta property="rendition:layout">pre-paginated</meta>
        	  <meta property="rendition:orientation">auto</meta>
        	  <meta property="rendition:spread">auto</meta>
        <!-- meta for the cover -->
        	  <meta name="cover" content="cover"/>
           </metadata>
        """

    @Test func anEPUBsDublinCore() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let (path, _) = try EPUBSourceTests.manga(in: dir)
        let (zip, files) = try ZipBook.open(path: path, limits: .standard)
        var entries = try files.filter { $0.kind == .file }.map { ($0.path, try zip.extract($0, name: $0.path, limit: 1 << 24)) }
        entries = entries.map { entry in
            guard entry.0 == "OEBPS/package.opf" else { return entry }
            let opf = String(decoding: entry.1, as: UTF8.self)
            guard let start = opf.range(of: "<metadata"), let end = opf.range(of: "</metadata>") else { return entry }
            return (entry.0, Array(opf.replacingCharacters(in: start.lowerBound..<end.upperBound, with: Self.pageBlanche).utf8))
        }
        try writeZip(dir.file("blanche.epub"), entries)
        let book = try PageSource.open(path: dir.file("blanche.epub"))
        #expect(book.metadata.title == "Page Blanche" && book.metadata.language == "fr")
        let about = book.metadata.about
        #expect(about.entries.map(\.label) == [.named(.author), .named(.illustrator), .named(.publisher), .named(.date),
                                               .named(.rights), .named(.contributor)])
        #expect(about.entries.map { $0.value.entries.map(\.key) } == [["none"], ["none"], ["none"], ["none"], ["en"], ["none"]])
        #expect(about.entries.map { $0.value.best(["fr"])?.text ?? "" } == [
            "Boulet", "Bagieu Pénélope", "éditions Delcourt", "2012-01-18",
            "This work is shared with the public using the Attribution-ShareAlike 3.0 Unported (CC BY-SA 3.0) license.",
            "Vincent Gros"])
        #expect(about.summary == nil)
    }

    /// EPUB 2: roles and schemes as attributes, a description in two languages; hostile thousands of subjects end
    /// as one bounded entry.
    @Test func anEPUB2PackageAndAHostileOne() {
        let opf = """
            <package version="2.0" xmlns="http://www.idpf.org/2007/opf"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"
              xmlns:opf="http://www.idpf.org/2007/opf"><dc:title>Frankenstein</dc:title>
            <dc:creator opf:role="aut" opf:file-as="Shelley, Mary">Mary Shelley</dc:creator>
            <dc:creator opf:role="trl">Jane Doe</dc:creator>
            <dc:identifier opf:scheme="ISBN">978-0-14-143947-1</dc:identifier>
            <dc:date opf:event="publication">1818-01-01</dc:date>
            <dc:description>&lt;p&gt;A &lt;i&gt;monster&lt;/i&gt;.&lt;/p&gt;</dc:description>
            <dc:description xml:lang="de">Ein Ungeheuer.</dc:description>
            </metadata><manifest/><spine/></package>
            """
        let package = EPUBPackage(opf: Array(opf.utf8), opfPath: "OEBPS/content.opf", maxItems: 10)
        let about = BookAbout(dublinCore: package.dublinCore)
        #expect(about.entries.map(\.label) == [.named(.author), .named(.translator), .named(.isbn), .named(.date)])
        #expect(about.entries.map { $0.value.best([])?.text ?? "" } == ["Mary Shelley", "Jane Doe", "978-0-14-143947-1", "1818-01-01"])
        #expect(about.summary == LocalizedText(entries: [("none", "A monster."), ("de", "Ein Ungeheuer.")]))

        let subjects = String(repeating: "<dc:subject>\(String(repeating: "s", count: 100))</dc:subject>", count: 2_000)
        let hostile = EPUBPackage(opf: Array("<package><metadata>\(subjects)</metadata></package>".utf8),
                                  opfPath: "content.opf", maxItems: 10)
        #expect(hostile.dublinCore.count == 256)
        let bounded = BookAbout(dublinCore: hostile.dublinCore)
        #expect(bounded.entries.count == 1 && bounded.entries[0].value.entries[0].text.count == BookAbout.maxValueCharacters)
    }

    /// A PDF whose Info Ghostscript wrote (Fixtures/pdf/README.md): the author in UTF-16, the creation day where it
    /// was made (00:30 in Tokyo, the day before in UTC), the producer Ghostscript names itself.
    @Test func aPDFsInfoDictionary() throws {
        let path = Self.fixtures.appendingPathComponent("pdf/about.pdf").path
        let book = try PageSource.open(path: path)
        #expect(book.kind == .pdf && book.title == "Voyages")
        #expect(book.metadata.about == BookAbout(fields: [
            (.author, "Émilie du Châtelet"), (.subject, "Letters from the Cirey years"),
            (.keywords, "physics; correspondence"), (.creatorTool, "Recto test fixture"),
            (.producer, "GPL Ghostscript 10.00.0"), (.created, "2019-03-04"),
        ]))
    }

    @Test func booksThatSayNothingHaveAnEmptyAbout() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        for i in 1...2 { try dir.write("p\(i).png", try pngBytes(width: 3, height: 3, seed: UInt64(i))) }
        #expect(try PageSource.open(path: dir.path).metadata.about.isEmpty)
        try dir.write("plain.pdf", standardPDFBook())
        #expect(try PageSource.open(path: dir.file("plain.pdf")).metadata.about.isEmpty, "a title, which is not the About's")
    }
}
