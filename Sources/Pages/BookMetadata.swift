import XML
import Book

/// What a book says about itself, from its `ComicInfo.xml` (ComicRack's convention, read by most comic
/// readers). Every field is optional: a book without the file, or with a file that states nothing, has
/// `BookMetadata.none`. Page numbers are the reader's, 1-based, and always within 1...pageCount.
public struct BookMetadata: Sendable, Equatable {
    /// `<Title>`, else `<Series>` with `#<Number>` ("Akira #3"), else nil. Whitespace-trimmed, never empty.
    public var title: String?
    /// `<Manga>`: true for "YesAndRightToLeft", false for "No"; nil when absent or "Yes"/"Unknown" (a manga
    /// that does not say it reads right to left).
    public var rightToLeft: Bool?
    /// The first `<Page Type="FrontCover">`.
    public var coverPage: Int?
    /// Pages marked `<Page DoublePage="True">`: one image holding a two-page spread.
    public var doublePages: Set<Int>
    /// Pages on the half of a spread the book names (an EPUB's `page-spread-left`/`-right`).
    public var pageSides: [Int: PageSide] = [:]
    /// One page or two at a time, where the book says (an EPUB's `rendition:spread none` or `both`).
    public var spread: SpreadPreference?
    /// Who must be credited and under which terms (a IIIF manifest's `requiredStatement`/`attribution` and
    /// `rights`/`license`): shown wherever the book is, as IIIF requires.
    public var attribution: [String] = []
    /// The book's language where it says one (BCP 47: "en", "fr"), for speech.
    public var language: String?
    /// ComicInfo's `<Page Bookmark="…">`: named places in the book (chapters, stories), in page order.
    public var bookmarks: [ContentsEntry] = []
    /// ComicInfo's `<Summary>`: what the book is about, said with its cover page when that page has no text of
    /// its own (ComicInfo describes no single page).
    public var summary: String?
    /// What the book says about itself for the About panel, in every language it gives.
    public var about = BookAbout()
    /// Why the book's ComicInfo.xml was not read (too large, unreadable), worth one warning; nil when there
    /// is none or it was read, however little it said.
    public var problem: String?

    public init(title: String? = nil, rightToLeft: Bool? = nil, coverPage: Int? = nil, doublePages: Set<Int> = [],
                problem: String? = nil) {
        self.title = title
        self.rightToLeft = rightToLeft
        self.coverPage = coverPage
        self.doublePages = doublePages
        self.problem = problem
    }

    /// Nothing known.
    public static let none = BookMetadata()
}

/// Reads ComicInfo.xml (the subset above) with the forgiving `XMLScanner`: unknown elements, broken markup
/// and out-of-range page indices are ignored, never an error.
public enum ComicInfo {
    /// The file's name, matched without regard to case, in the book's top folder only.
    public static let fileName = "comicinfo.xml"
    /// Longest ComicInfo.xml read; real ones are a few KB.
    public static let maxBytes = 1 << 20
    /// The elements read: those above, and the About panel's.
    private static let read = BookAbout.comicInfoNames.union(["title", "manga", "languageiso"])

    /// The metadata in `bytes` for a book of `pageCount` pages. ComicInfo's `Image` attribute counts the book's
    /// images from 0 in reading order, so image N is page N + 1.
    public static func parse(_ bytes: [UInt8], pageCount: Int) -> BookMetadata {
        var fields: [String: String] = [:]
        var metadata = BookMetadata()
        var stack: [String] = []
        var collecting: String? = nil
        var text = ""
        XMLScanner.scan(bytes) { event in
            switch event {
            case .open(let tag, let attributes, let selfClosing):
                let name = localName(tag)
                if name == "page" && stack.last == "pages" {
                    addPage(attributes, pageCount: pageCount, to: &metadata)
                }
                if selfClosing { return }
                // Only the fields directly inside the root element: a <Title> deeper down belongs to something else.
                if stack.count == 1 && read.contains(name) && fields[name] == nil {
                    collecting = name
                    text = ""
                }
                // ComicInfo is three levels deep; the cap keeps hostile nesting from making closing quadratic.
                if stack.count < 32 { stack.append(name) }
            case .close(let tag):
                let name = localName(tag)
                // Unbalanced markup: close up to the matching element, or ignore a stray end tag.
                guard let open = stack.lastIndex(of: name) else { return }
                stack.removeSubrange(open...)
                if let field = collecting, stack.count < 2 {
                    fields[field] = text.trimmingWhitespace
                    collecting = nil
                }
            case .text(let chunk):
                // A title is a line, not a document: keep the first thousand characters (a summary: eight).
                if let field = collecting {
                    text += chunk.prefix(max(0, (field == "summary" ? 8000 : 1000) - text.count))
                }
            }
        }
        metadata.title = title(fields)
        metadata.about = BookAbout(comicInfo: fields)
        if let summary = fields["summary"], !summary.isEmpty { metadata.summary = summary }
        // `<LanguageISO>` (ISO 639-1, "en"): the voice speech reads the pages in.
        if let code = fields["languageiso"], !code.isEmpty, code.count <= 35 { metadata.language = code }
        switch fields["manga"]?.lowercased() {
        case "yesandrighttoleft": metadata.rightToLeft = true
        case "no": metadata.rightToLeft = false
        default: break
        }
        return metadata
    }

    private static func title(_ fields: [String: String]) -> String? {
        if let title = fields["title"], !title.isEmpty { return title }
        guard let series = fields["series"], !series.isEmpty else { return nil }
        guard let number = fields["number"], !number.isEmpty else { return series }
        return "\(series) #\(number)"
    }

    /// Attribute names are matched without regard to case; of two spellings of one name, the first counts.
    private static func addPage(_ attributes: [(name: String, value: String)], pageCount: Int,
                                to metadata: inout BookMetadata) {
        var lower: [String: String] = [:]
        for (key, value) in attributes where lower[key.lowercased()] == nil { lower[key.lowercased()] = value }
        guard let index = lower["image"].flatMap({ Int($0.trimmingWhitespace) }), index >= 0, index < pageCount
        else { return }
        let page = index + 1
        if lower["type"]?.trimmingWhitespace.lowercased() == "frontcover" && metadata.coverPage == nil {
            metadata.coverPage = page
        }
        if let double = lower["doublepage"]?.trimmingWhitespace.lowercased(), double == "true" || double == "1" {
            metadata.doublePages.insert(page)
        }
        if let mark = lower["bookmark"], !mark.trimmingWhitespace.isEmpty {
            metadata.bookmarks.append(ContentsEntry(title: mark, page: page))
        }
    }

    /// Lower-cased element name without a namespace prefix.
    private static func localName(_ tag: String) -> String {
        String(tag.split(separator: ":").last ?? Substring(tag)).lowercased()
    }
}
