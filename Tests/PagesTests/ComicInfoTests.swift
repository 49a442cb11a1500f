import Book
import Foundation
import Pages
import Testing
import TestSupport

@Suite struct ComicInfoTests {
    static let example = """
        <?xml version="1.0" encoding="utf-8"?>
        <ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
          <!-- written by ComicTagger -->
          <Title>The Sea &amp; the &#x2018;Sky&#8217;</Title>
          <Series>Ignored when there is a title</Series>
          <Manga>YesAndRightToLeft</Manga>
          <Pages>
            <Page Image="0" Type="FrontCover" ImageWidth="1200" />
            <Page Image="1"/>
            <Page Image="3" DoublePage="True" Type="Story"/>
            <Page Image="4" DoublePage="False"/>
            <Page Image="99" DoublePage="True"/>
            <Page Image="-1" Type="FrontCover"/>
          </Pages>
        </ComicInfo>
        """

    func parse(_ text: String, pages: Int = 10) -> BookMetadata {
        ComicInfo.parse(Array(text.utf8), pageCount: pages)
    }

    /// Image indices count from 0; the reader's pages from 1. Indices outside the book are ignored.
    @Test func fullExample() {
        var expected = BookMetadata(title: "The Sea & the \u{2018}Sky\u{2019}", rightToLeft: true, coverPage: 1, doublePages: [4])
        expected.about = BookAbout(fields: [(.series, "Ignored when there is a title")])
        #expect(parse(Self.example) == expected, "the series, left out of the title, is in the About panel")
        // Image 3 is beyond a three-page book.
        #expect(parse(Self.example, pages: 3).doublePages.isEmpty)
    }

    /// `Bookmark` names a page: the book's contents, in page order whatever the order of the `Page` elements.
    @Test func bookmarksAreTheContents() throws {
        let xml = """
            <ComicInfo><Pages><Page Image="6" Bookmark="The Storm"/><Page Image="0" Bookmark="Cover"/>
            <Page Image="2" Bookmark="  "/><Page Image="40" Bookmark="Beyond"/></Pages></ComicInfo>
            """
        #expect(parse(xml).bookmarks == [ContentsEntry(title: "The Storm", page: 7), ContentsEntry(title: "Cover", page: 1)])
        let dir = try TempDir()
        defer { dir.cleanup() }
        var entries = try (1...8).map { (String(format: "ch1/p%02d.png", $0), try pngBytes(width: 8, height: 8, seed: UInt64($0))) }
        #expect(try { try writeZip(dir.file("plain.cbz"), entries); return try PageSource.open(path: dir.file("plain.cbz")).tableOfContents }()
                == [ContentsEntry(title: "ch1", page: 1)], "without bookmarks, the folders")
        entries.append(("ComicInfo.xml", Array(xml.utf8)))
        try writeZip(dir.file("marked.cbz"), entries)
        #expect(try PageSource.open(path: dir.file("marked.cbz")).tableOfContents
                == [ContentsEntry(title: "Cover", page: 1), ContentsEntry(title: "The Storm", page: 7)])
    }

    @Test func titleFallsBackToSeriesAndNumber() {
        #expect(parse("<ComicInfo><Series> Akira </Series><Number>3</Number></ComicInfo>").title == "Akira #3")
        #expect(parse("<ComicInfo><Title>  </Title><Series>Akira</Series></ComicInfo>").title == "Akira")
        #expect(parse("<ComicInfo><Number>3</Number></ComicInfo>").title == nil)
        // A Title that is not a direct child of the root is some other thing's title.
        #expect(parse("<ComicInfo><Story><Title>Inner</Title></Story><Series>S</Series></ComicInfo>").title == "S")
    }

    /// The demonstration book's own ComicInfo.xml (Assets/DemoBook): its credits, year and summary for the About
    /// panel; the notes and page count are not.
    @Test func theDemoBookSaysWhoMadeIt() throws {
        let path = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
            + "/Assets/DemoBook/ComicInfo.xml"
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let about = ComicInfo.parse([UInt8](bytes), pageCount: 14).about
        #expect(about.entries == [.init(label: .named(.date), value: LocalizedText("2026")),
                                  .init(label: .named(.writer), value: LocalizedText("The Recto project")),
                                  .init(label: .named(.publisher), value: LocalizedText("The Recto project"))])
        #expect(about.summary?.best([])?.text.hasPrefix("An alphabet of plants and patterns, drawn by numbers:") == true)
        #expect(about.summary?.best([])?.text.hasSuffix("and two narrated pages.") == true)
    }

    /// Every credit ComicTagger writes, in the schema's order; a credit deeper than the root is something else's.
    @Test func creditsAndSeriesInTheSchemasOrder() {
        let xml = """
            <ComicInfo><Web>https://example.org/c/1</Web><Writer>W. Riter</Writer><Penciller>P. Encil</Penciller>
            <Inker>I. Nker</Inker><Colorist>C. Olour</Colorist><Letterer>L. Etter</Letterer><CoverArtist>C. Over</CoverArtist>
            <Editor>E. Ditor</Editor><Publisher>Dark Horse</Publisher><Imprint>Berger</Imprint><Genre>Drama</Genre>
            <Year>2019</Year><Month>3</Month><Day>4</Day><Series>Akira</Series><Number>3</Number><Volume>1</Volume>
            <StoryArc>Tetsuo</StoryArc><AgeRating>Teen</AgeRating><Story><Writer>Inner</Writer></Story></ComicInfo>
            """
        let about = parse(xml).about
        #expect(about.entries.map(\.label) == [.series, .number, .volume, .date, .writer, .penciller, .inker, .colorist,
                                               .letterer, .coverArtist, .editor, .publisher, .imprint, .genre, .web,
                                               .storyArc, .ageRating].map(BookAbout.Label.named))
        #expect(about.entries.map { $0.value.best([])?.text ?? "" } == [
            "Akira", "3", "1", "2019-03-04", "W. Riter", "P. Encil", "I. Nker", "C. Olour", "L. Etter", "C. Over",
            "E. Ditor", "Dark Horse", "Berger", "Drama", "https://example.org/c/1", "Tetsuo", "Teen"])
        #expect(parse("<ComicInfo><Title>T</Title></ComicInfo>").about.isEmpty)
    }

    @Test func mangaValues() {
        func direction(_ value: String) -> Bool? { parse("<ComicInfo><Manga>\(value)</Manga></ComicInfo>").rightToLeft }
        #expect(direction("YesAndRightToLeft") == true)
        #expect(direction(" yesandrighttoleft\n") == true)
        #expect(direction("No") == false)
        #expect(direction("Yes") == nil)
        #expect(direction("Unknown") == nil)
        #expect(parse("<ComicInfo/>").rightToLeft == nil)
        #expect(parse("<ComicInfo/>") == .none)
    }

    @Test func markupVariantsReadTheSame() {
        let variants = [
            // Byte-order mark, single quotes, lower-case attribute names, CDATA, a namespace prefix.
            "\u{FEFF}<ci:ComicInfo><ci:Title><![CDATA[A <b> title]]></ci:Title>"
                + "<Pages><Page image='2' type='FrontCover' doublepage='true'/></Pages></ci:ComicInfo>",
            "<!DOCTYPE ComicInfo [ <!ENTITY x \"y\"> ]><ComicInfo><Title>A &lt;b&gt; title</Title>"
                + "<Pages><Page Image = \"2\" Type=\"FrontCover\" DoublePage=\"1\"></Page></Pages></ComicInfo>",
        ]
        for text in variants {
            #expect(parse(text) == BookMetadata(title: "A <b> title", coverPage: 3, doublePages: [3]), "\(text)")
        }
        let units = Array("<ComicInfo><Title>Été</Title></ComicInfo>".utf16)
        let utf16: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(ComicInfo.parse(utf16, pageCount: 1).title == "Été")
    }

    /// Only the first cover counts; unbalanced markup closes up to the matching element.
    @Test func brokenMarkupIsForgiven() {
        let text = "<ComicInfo><Title>T<i>x</Title><Pages><Page Image=\"1\" Type=\"FrontCover\">"
            + "<Page Image=\"2\" Type=\"FrontCover\"/></Pages></junk><Manga>No</Manga>"
        #expect(parse(text) == BookMetadata(title: "Tx", rightToLeft: false, coverPage: 2))
    }

    /// Every prefix of a real file, random bytes and pathological nesting end without trapping, and in linear
    /// time (a quadratic scan of these inputs would not finish).
    @Test func hostileInputNeverTraps() {
        let bytes = Array(Self.example.utf8)
        for length in 0...bytes.count {
            let metadata = ComicInfo.parse(Array(bytes[0..<length]), pageCount: 10)
            #expect(metadata.coverPage == nil || metadata.coverPage == 1)
            #expect(metadata.doublePages.isSubset(of: [4]))
        }
        var rng = SplitMix64(seed: 77)
        let alphabet = Array("<>/=\"'&;#x![]-?CDATA Page Image".utf8)
        for _ in 0..<300 {
            let noise = (0..<Int.random(in: 0...400, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            let metadata = ComicInfo.parse(noise, pageCount: 5)
            #expect(metadata.doublePages.allSatisfy { (1...5).contains($0) })
        }
        let deep = String(repeating: "<a>", count: 50_000) + String(repeating: "</b>", count: 50_000)
        #expect(parse(deep) == .none)
        let openings = "<ComicInfo><Title>" + String(repeating: "<!--", count: 50_000)
        #expect(parse(openings) == .none)
        let attributes = "<Pages><Page " + String(repeating: "a=\"1\" ", count: 50_000)
            + "Image=\"0\" Type=\"FrontCover\"/>"
        #expect(parse("<ComicInfo>" + attributes + "</Pages></ComicInfo>").coverPage == 1)
        let entities = "<ComicInfo><Title>" + String(repeating: "&&#;&#x110000;&#99999999999;", count: 10_000)
            + "</Title></ComicInfo>"
        #expect(parse(entities).title?.hasPrefix("&&#;&#x110000;") == true)
    }
}
