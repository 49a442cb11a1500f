@testable import Book
import Testing

/// The About value: what each format's fields become, cleaning, and bounds whatever a book holds.
@Suite struct BookAboutTests {
    func text(_ s: String, _ language: String? = nil) -> LocalizedText { LocalizedText(s, language: language) }

    /// The metadata of IDPF's "Page Blanche" sample (github.com/IDPF/epub3-samples, 30/page-blanche, CC BY-SA 3.0),
    /// as the package reader hands it over: roles from its `refines`, the rights in English.
    @Test func dublinCoreOfPageBlanche() {
        let about = BookAbout(dublinCore: [
            .init(name: "identifier", value: "code.google.com.epub-samples.page-blanche"),
            .init(name: "creator", value: "Boulet", role: "aut"),
            .init(name: "creator", value: "Bagieu Pénélope", role: "ill"),
            .init(name: "publisher", value: "éditions Delcourt"),
            .init(name: "date", value: "2012-01-18"),
            .init(name: "rights", value: "This work is shared with the public using the Attribution-ShareAlike 3.0 Unported (CC BY-SA 3.0) license.",
                  language: "en"),
            .init(name: "contributor", value: "Vincent Gros", role: "mrk"),
        ])
        #expect(about.entries == [
            .init(label: .named(.author), value: text("Boulet")),
            .init(label: .named(.illustrator), value: text("Bagieu Pénélope")),
            .init(label: .named(.publisher), value: text("éditions Delcourt")),
            .init(label: .named(.date), value: text("2012-01-18")),
            .init(label: .named(.rights), value: text("This work is shared with the public using the Attribution-ShareAlike 3.0 Unported (CC BY-SA 3.0) license.", "en")),
            .init(label: .named(.contributor), value: text("Vincent Gros")),
        ])
        #expect(about.summary == nil && about.requiredStatement == nil && about.rights == nil && about.providers.isEmpty)
    }

    /// Calibre's habits: HTML descriptions, a "book producer" that is the program, a date-time with "0101" for
    /// none, a UUID, several subjects; EPUB 2's `opf:scheme`/`opf:event`.
    @Test func dublinCoreAsCalibreWritesIt() {
        let about = BookAbout(dublinCore: [
            .init(name: "creator", value: "Mary Shelley"),
            .init(name: "contributor", value: "calibre (5.37.0) [https://calibre-ebook.com]", role: "bkp"),
            .init(name: "date", value: "0101-01-01T00:00:00+00:00"),
            .init(name: "date", value: "2021-06-01T00:00:00+00:00", scheme: "modification"),
            .init(name: "date", value: "1818-01-01T00:00:00+00:00"),
            .init(name: "identifier", value: "urn:uuid:0e3f4a1c-8d5b-4b6e-9c35-2f0b5a7d6c11"),
            .init(name: "identifier", value: "9780141439471", scheme: "ISBN"),
            .init(name: "subject", value: "Fiction"),
            .init(name: "subject", value: "Gothic"),
            .init(name: "description", value: "<div><p>A <b>monster</b>&amp;its maker.</p><p>Second   paragraph.</p></div>"),
            .init(name: "description", value: "Un monstre et son créateur.", language: "fr"),
        ])
        #expect(about.entries.map(\.label) == [.named(.author), .named(.date), .named(.isbn), .named(.subject)])
        #expect(about.entries.map { $0.value.best([])?.text } == ["Mary Shelley", "1818-01-01", "9780141439471", "Fiction; Gothic"])
        #expect(about.summary == LocalizedText(entries: [("none", "A monster&its maker.\n\nSecond paragraph."),
                                                        ("fr", "Un monstre et son créateur.")]))
        #expect(about.summary?.best(["fr"])?.text == "Un monstre et son créateur.")
    }

    @Test func identifiersOtherThanAnISBNAreTheFilesOwn() {
        #expect(BookAbout.isbn("urn:isbn:978-2-7560-2981-4", scheme: nil) == "978-2-7560-2981-4")
        #expect(BookAbout.isbn("ISBN:0-306-40615-2", scheme: nil) == "0-306-40615-2")
        #expect(BookAbout.isbn("9780306406157", scheme: nil) == "9780306406157")
        #expect(BookAbout.isbn("code.google.com.epub-samples.page-blanche", scheme: nil) == nil)
        #expect(BookAbout.isbn("urn:uuid:12345678-1234-1234-1234-123456789012", scheme: nil) == nil)
        #expect(BookAbout.isbn("1234567890123", scheme: nil) == nil, "13 digits that are no ISBN prefix")
        #expect(BookAbout.field(role: "trl", creator: false) == .translator)
        #expect(BookAbout.field(role: nil, creator: false) == .contributor)
    }

    /// ComicInfo's credits in the schema's order whatever the file's, the date from its parts, "Unknown" left out.
    @Test func comicInfoFields() {
        let about = BookAbout(comicInfo: [
            "web": "https://example.org/akira/3", "writer": "Katsuhiro Otomo", "series": "Akira", "number": "3",
            "year": "1984", "month": "3", "day": "-1", "penciller": "Katsuhiro Otomo", "publisher": "Kodansha",
            "agerating": "Unknown", "genre": "Science fiction", "summary": "Neo-Tokyo,\n\n\n   2019.",
        ])
        #expect(about.entries.map(\.label) == [.named(.series), .named(.number), .named(.date), .named(.writer),
                                               .named(.penciller), .named(.publisher), .named(.genre), .named(.web)])
        #expect(about.entries.map { $0.value.best([])?.text } == ["Akira", "3", "1984-03", "Katsuhiro Otomo",
                                                                  "Katsuhiro Otomo", "Kodansha", "Science fiction",
                                                                  "https://example.org/akira/3"])
        #expect(about.summary == text("Neo-Tokyo,\n\n2019."))
        #expect(BookAbout.date(year: "2019", month: "12", day: "4") == "2019-12-04")
        #expect(BookAbout.date(year: "-1", month: "12", day: "4") == nil)
        #expect(BookAbout(comicInfo: [:]).isEmpty)
    }

    @Test func namedFieldsInTheOrderGivenEmptyOnesLeftOut() {
        let about = BookAbout(fields: [(.author, "Émilie du Châtelet"), (.subject, nil), (.keywords, "  \n "),
                                       (.producer, "GPL Ghostscript 10.00.0"), (.created, "2019-03-04")])
        #expect(about.entries == [.init(label: .named(.author), value: text("Émilie du Châtelet")),
                                  .init(label: .named(.producer), value: text("GPL Ghostscript 10.00.0")),
                                  .init(label: .named(.created), value: text("2019-03-04"))])
        #expect(BookAbout.Field.coverArtist.rawValue == "coverArtist", "the keys the app's catalogues use")
    }

    /// Values on one line with whitespace collapsed, HTML reduced only where there is a tag, texts in one language
    /// joined, labels the book gives cleaned too.
    @Test func valuesAreCleaned() {
        var about = BookAbout()
        about.append(.given(text("  Source\n")), LocalizedText(entries: [
            ("en", "<span>From: <a href=\"http://example.org/db/1.html\">Some Collection</a></span>"),
            ("none", "a < b,\tc > d"), ("none", "second"), ("fr", "   "),
        ]))
        #expect(about.entries == [.init(label: .given(text("Source")), value: LocalizedText(entries: [
            ("en", "From: Some Collection"), ("none", "a < b, c > d; second"),
        ]))])
        about.append(.named(.subject), text(" \n\t "))
        #expect(about.entries.count == 1, "an empty value is no entry")
        about.setRequiredStatement(.named(.attribution), text("Provided by\nExample Organization"))
        #expect(about.requiredStatement == .init(label: .named(.attribution), value: text("Provided by Example Organization")))
        #expect(!about.isEmpty)
    }

    /// A hostile book's huge lists and values end bounded, and quickly.
    @Test func hostileMetadataIsBounded() {
        var about = BookAbout()
        let huge = String(repeating: "ab ", count: 1_000)
        let languages = LocalizedText(entries: (0..<10_000).map { ("x\($0)" + String(repeating: "y", count: 100), huge) })
        for i in 0..<5_000 { about.append(.given(text("label \(i) " + huge)), languages) }
        #expect(about.entries.count == BookAbout.maxEntries)
        for entry in about.entries {
            #expect(entry.value.entries.count == BookAbout.maxLanguages)
            #expect(entry.value.entries.allSatisfy { $0.text.count == BookAbout.maxValueCharacters && $0.text.hasSuffix("…") })
            #expect(entry.value.entries.allSatisfy { $0.key.count <= 35 })
            guard case .given(let label) = entry.label else { Issue.record("label changed kind"); continue }
            #expect(label.entries.first?.text.count == BookAbout.maxLabelCharacters)
        }
        // A million texts in one language: a few are read, the value is still bounded.
        let many = LocalizedText(entries: Array(repeating: ("en", "word"), count: 1_000_000))
        var one = BookAbout()
        one.append(.named(.keywords), many)
        #expect(one.entries.first?.value.entries.count == 1)
        #expect((one.entries.first?.value.best(["en"])?.text.count ?? 0) <= BookAbout.maxValueCharacters)
        // Nested markup is text, not recursion; megabytes of it are read no further than a long summary.
        one.setSummary(text(String(repeating: "<div><b>", count: 1_000) + "deep"))
        #expect(one.summary == text("deep"))
        one.setSummary(text(String(repeating: "<div>", count: 1_000_000) + "deep"))
        #expect(one.summary == nil)
        for _ in 0..<100 { one.append(BookAbout.Provider(label: text("p"), logo: "https://example.org/logo.png")) }
        #expect(one.providers.count == BookAbout.maxProviders)
        one.append(BookAbout.Provider())
        #expect(one.providers.count == BookAbout.maxProviders)
    }

    @Test func theBestTextFollowsTheVisitorsLanguage() {
        let t = LocalizedText(entries: [("en", "Paris, circa 1400"), ("fr", "Paris, environ 1400"), ("none", "Paris")])
        #expect(t.best(["fr-CA"])?.text == "Paris, environ 1400")
        #expect(t.best(["de"])?.text == "Paris" && t.best(["de"])?.language == nil)
        #expect(LocalizedText(entries: [("en", "A"), ("de", "B")]).best(["it"])?.text == "B", "by language when none is unmarked")
    }
}
