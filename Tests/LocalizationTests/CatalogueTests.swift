import Decoding
@testable import Localization
import Pages
import PDF
import Testing

@Suite struct CatalogueTests {
    static let german = Translator(preferences: ["de"])
    static let french = Translator(preferences: ["fr"])

    /// One error of every kind a placeholder page can show.
    static let errors: [any Error & CustomStringConvertible] = [
        PageError.notFound(path: "/srv/book"), PageError.unsupportedBook(path: "/srv/a.txt"),
        PageError.emptyDirectory(path: "/srv/empty"), PageError.noPages(path: "/srv/b", entries: 3),
        PageError.unreadable(path: "/srv/c", reason: "Permission denied"),
        PageError.unreadableArchive(path: "/srv/d.cbz", reason: "central directory not found"),
        PageError.tooManyPages(path: "/srv/e", limit: 100_000), PageError.pageOutOfRange(page: 9, pageCount: 8),
        PageError.linkOutsideBook(name: "p1.png"), PageError.notAFile(name: "fifo.png"),
        PageError.fileTooLarge(name: "big.png", bytes: 900, limit: 800),
        PageError.entryTooLarge(name: "big.png", bytes: 900, limit: 800),
        PageError.compressionRatio(name: "bomb.png", ratio: 1000, limit: 100),
        PageError.entryLargerThanDeclared(name: "liar.png", declared: 10), PageError.symlinkEntry(name: "link.png"),
        PageError.corruptEntry(name: "bad.png", reason: "checksum mismatch"),
        PageError.decode(name: "p2.png", .empty),
        PageError.decode(name: "p3.gif", .unsupportedFormat(leadingBytes: Array("GIF89a".utf8))),
        PageError.decode(name: "p4.webp", .unsupportedFormat(leadingBytes: Array("RIFF\0\0\0\0".utf8))),
        PageError.decode(name: "p5.bin", .unsupportedFormat(leadingBytes: [1, 2, 3])),
        PageError.decode(name: "p6.png", .unsupportedFormat(leadingBytes: [0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0])),
        PageError.decode(name: "p7.heic", .unsupportedFormat(leadingBytes: [0, 0, 0, 0x18] + Array("ftypheic".utf8))),
        PageError.decode(name: "p8.png", .tooLarge(width: 70_000, height: 10, limits: .standard)),
        PageError.decode(name: "p9.png", .fileTooLarge(bytes: 900, limit: 800)),
        PageError.decode(name: "p10.png", .corrupt(.png, message: "IDAT: CRC error")),
        PageError.decode(name: "p11.jpg", .unreadable(path: "/srv/p11.jpg", reason: "Input/output error")),
        PageError.unreadablePDF(path: "/srv/f.pdf", reason: "Permission denied"),
        PageError.needsPassword(name: "locked.pdf"),
        PageError.reflowableEPUB(name: "novel.epub"),
        PageError.noReadablePage(path: "/srv/bomb.cb7", files: 1, reason: "bomb.png: entry declares 1000 bytes, over the limit of 800 bytes"),
        PageError.corruptEntry(name: "p5.png", reason: LibArchiveMessages.endsBefore),
        PageError.corruptEntry(name: "p6.png", reason: LibArchiveMessages.replaced),
        PageError.render(name: "page 4", reason: PDFError.timedOut(milliseconds: 10_000).description),
        PageError.render(name: "page 5", reason: PDFError.page("Permission denied").description),
        PageError.render(name: "page 7", reason: PDFError.refused("page 9 is outside 1...8").description),
        PageError.unreadablePDF(path: "/srv/g.pdf", reason: PDFError.damaged("no pages").description),
        PageError.render(name: "page 6", reason: PDFError.helperFailed(helper: "recto-epub", reason: "Permission denied").description),
    ]

    @Test func everyPlaceholderReasonIsTranslatedIntoGermanAndFrench() {
        for error in Self.errors {
            let english = error.description
            for translator in [Self.german, Self.french] {
                let text = translator(english)
                #expect(text != english, "\(translator.languages): \(english)")
                // What the catalogue cannot know (names, the system's and the codecs' texts) comes through.
                for kept in ["/srv/", ".png", "Permission denied", "IDAT: CRC error"] where english.contains(kept) {
                    #expect(text.contains(kept), "\(text) keeps \(kept)")
                }
            }
        }
    }

    @Test func composedTextsTranslatePieceByPiece() {
        let reason = PageError.decode(name: "p9.png", .fileTooLarge(bytes: 900, limit: 800)).description
        let page = Self.german.format("Page {page}: {reason}", ["page": "9", "reason": Self.german(reason)])
        // The page error's own "file of … bytes exceeds the limit of {limit}" must not take "800 bytes" as its
        // limit: limits are numbers.
        #expect(page == "Seite 9: p9.png: Datei mit 900 Bytes überschreitet die Grenze von 800 Bytes")
        #expect(Self.french("p3.gif: " + DecodeError.unsupportedFormat(leadingBytes: Array("GIF89a".utf8)).description)
            == "p3.gif : format d’image non pris en charge (premiers octets 47 49 46 38 39 61, ressemble à GIF) ; "
            + "PNG, JPEG, WebP et AVIF sont pris en charge")
        #expect(Self.german("Drag the corner to turn the page") == "Ziehen Sie die Ecke, um umzublättern")
    }

    @Test func unknownTextsAndEnglishStayEnglish() {
        #expect(Self.german("something new") == "something new")
        #expect(Translator.english("cannot read /a: x") == "cannot read /a: x")
        #expect(Translator.english.format("Page {page}: {reason}", ["page": "2", "reason": "gone"]) == "Page 2: gone")
        #expect(Translator(preferences: ["xx", "en", "de"]).languages.isEmpty)
        #expect(Translator(preferences: ["de_at", "de", "fr"]).languages == ["de", "fr"])
    }

    @Test func embeddedCataloguesParseAndAreComplete() throws {
        #expect(Translator.available == ["de", "fr"])
        var ids: [String: Set<String>] = [:]
        for (name, source) in Catalogues.all {
            let catalogue = try Catalogue(po: source)
            ids[name] = catalogue.ids
            for id in catalogue.ids {
                let text = try #require(catalogue.exactTemplate(id))
                #expect(Set(Template(text).parts.filter(\.isValue)) == Set(Template(id).parts.filter(\.isValue)),
                        "\(name): \(id) and its translation name the same values")
            }
        }
        #expect(ids["de.po"] == ids["fr.po"])
        #expect((ids["de.po"]?.count ?? 0) >= 29)
    }

    @Test func poSyntax() throws {
        let po = """
        # a comment
        msgid ""
        msgstr "Language: de\\n"

        msgid "two "
        "lines"
        msgstr "zwei "
        "Zeilen mit \\"Anführung\\"\\n"

        #, fuzzy
        msgid "fuzzy"
        msgstr "unsicher"

        msgid "untranslated"
        msgstr ""
        """
        let catalogue = try Catalogue(po: po)
        #expect(catalogue.exact == ["two lines": "zwei Zeilen mit \"Anführung\"\n"])
        #expect(throws: CatalogueError(line: 2, reason: "plural forms are not supported")) {
            try Catalogue(po: "msgid \"a\"\nmsgstr[0] \"b\"")
        }
        #expect(throws: CatalogueError(line: 1, reason: "unknown escape \\q")) { try Catalogue(po: "msgid \"\\q\"") }
        #expect(throws: CatalogueError(line: 1, reason: "a string continues nothing")) { try Catalogue(po: "\"x\"") }
        #expect(throws: CatalogueError(line: 2, reason: "msgstr without a msgid before it")) {
            try Catalogue(po: "\nmsgstr \"x\"")
        }
    }

    @Test func templatesMatchTheEarliestSplitThatFits() {
        let t = Template("{name}: {reason}")
        #expect(t.match("a: b: c") == ["name": "a", "reason": "b: c"])
        #expect(t.match(": b") == nil)
        #expect(Template("page {page} of {count}").match("page x of 3") == nil)
        #expect(Template("{a}{b}").match("ab") == nil)
        #expect(Template("{not a name}").isPlain)
    }
}

extension Template.Part {
    var isValue: Bool { if case .value = self { true } else { false } }
}

@Suite struct LanguageTests {
    @Test func theSettingWinsOverTheEnvironment() {
        #expect(Language.preferences(setting: "fr", environment: ["LANG": "de_DE.UTF-8"]) == ["fr"])
        #expect(Language.preferences(setting: "pt-BR", environment: [:]) == ["pt_br", "pt"])
    }

    @Test func theEnvironmentIsReadLikeGettext() {
        #expect(Language.preferences(setting: nil, environment: [:]) == [])
        #expect(Language.preferences(setting: nil, environment: ["LANG": "de_AT.UTF-8@euro"]) == ["de_at", "de"])
        #expect(Language.preferences(setting: nil, environment: ["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"])
            == ["fr_fr", "fr"])
        #expect(Language.preferences(setting: nil, environment: ["LC_ALL": "fr_CA", "LC_MESSAGES": "de_DE", "LANG": "en_US"])
            == ["fr_ca", "fr"])
        #expect(Language.preferences(setting: nil, environment: ["LANGUAGE": "de:fr", "LANG": "en_GB.UTF-8"])
            == ["de", "fr", "en_gb", "en"])
        // LANGUAGE counts only when a locale is set and it is not C.
        #expect(Language.preferences(setting: nil, environment: ["LANGUAGE": "de", "LANG": "C.UTF-8"]) == [])
        #expect(Language.preferences(setting: nil, environment: ["LANGUAGE": "de"]) == [])
        #expect(Language.preferences(setting: nil, environment: ["LC_ALL": "", "LANG": "fr_FR"]) == ["fr_fr", "fr"])
    }
}
