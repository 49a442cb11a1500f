/// The formats whose fields have names, not labels: each field becomes an entry under one of the app's words
/// (`Field`). The readers of the files (Pages) hand over what they read; what it means is decided here, once.
extension BookAbout {
    /// Entries in the order given, each under the app's label; a nil or empty value is left out (a PDF's Info
    /// dictionary, whose reader gives a fixed list).
    public init(fields: [(Field, String?)]) {
        self.init()
        for case let (field, value?) in fields { append(field, value) }
    }

    // MARK: EPUB

    /// One Dublin Core element of an EPUB's package document, as written there.
    public struct DublinCoreElement: Sendable, Equatable {
        /// The element's name without its prefix, lower-cased ("creator").
        public var name: String
        public var value: String
        /// Its `xml:lang`.
        public var language: String?
        /// A creator's or contributor's MARC relator ("aut", "ill"): EPUB 2's `opf:role`, or EPUB 3's `<meta
        /// refines="#id" property="role">`.
        public var role: String?
        /// EPUB 2's `opf:scheme` (an identifier's, "ISBN") or `opf:event` (a date's, "modification").
        public var scheme: String?

        public init(name: String, value: String, language: String? = nil, role: String? = nil, scheme: String? = nil) {
            self.name = name
            self.value = value
            self.language = language
            self.role = role
            self.scheme = scheme
        }
    }

    /// The Dublin Core elements an EPUB's About holds (its title and language the reader shows elsewhere).
    public static let dublinCoreNames: Set<String> = ["creator", "contributor", "publisher", "date", "subject", "rights",
                                                      "identifier", "description"]

    /// An EPUB's Dublin Core in the package's order: people by role, publisher, the first date, the subjects as
    /// one entry, rights, an ISBN (other identifiers are the file's own: a UUID, a URN, a producer's number); the
    /// descriptions, one per language, are the summary.
    public init(dublinCore elements: [DublinCoreElement]) {
        self.init()
        var descriptions: [(key: String, text: String)] = []
        var dated = false
        for element in elements {
            switch element.name {
            case "creator", "contributor":
                guard let field = Self.field(role: element.role, creator: element.name == "creator") else { continue }
                append(field, element.value, language: element.language)
            case "publisher": append(.publisher, element.value, language: element.language)
            case "date":
                let event = element.scheme?.lowercased() ?? ""
                guard !dated, event != "modification", event != "conversion", let date = Self.date(element.value) else { continue }
                append(.date, date)
                dated = true
            case "subject": merge(.subject, element.value)
            case "rights": append(.rights, element.value, language: element.language)
            case "identifier": if let isbn = Self.isbn(element.value, scheme: element.scheme) { append(.isbn, isbn) }
            case "description": descriptions.append((element.language ?? "none", element.value))
            default: break
            }
        }
        if !descriptions.isEmpty { setSummary(LocalizedText(entries: descriptions)) }
    }

    /// The field of a creator's or contributor's MARC relator; nil for `bkp`, the book producer, which in practice
    /// names the program that wrote the file.
    static func field(role: String?, creator: Bool) -> Field? {
        switch role?.trimmedText.lowercased() ?? "" {
        case "": creator ? .author : .contributor
        case "aut": .author
        case "ill": .illustrator
        case "trl": .translator
        case "edt": .editor
        case "art": .artist
        case "pht": .photographer
        case "nrt": .narrator
        case "bkp": nil
        default: .contributor
        }
    }

    /// A date as a visitor reads it: an ISO date-time's date ("2012-01-18T00:00:00Z" is "2012-01-18"), other
    /// text as written; nil for calibre's "0101-01-01", which stands for no date.
    static func date(_ text: String) -> String? {
        let trimmed = text.trimmedText
        let day = trimmed.split(separator: "T", maxSplits: 1).first.map(String.init) ?? trimmed
        let isISO = day.count >= 4 && day.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") }
        let date = isISO ? day : trimmed
        return date.isEmpty || date.hasPrefix("0101-01-01") ? nil : date
    }

    /// The ISBN an identifier is (`urn:isbn:`, `isbn:`, `opf:scheme="ISBN"`, or ten or thirteen digits that look
    /// like one), without its prefix; nil for any other identifier.
    static func isbn(_ text: String, scheme: String?) -> String? {
        var value = text.trimmedText
        let lower = value.lowercased()
        let marked = scheme?.lowercased() == "isbn" || lower.hasPrefix("urn:isbn:") || lower.hasPrefix("isbn:")
        if lower.hasPrefix("urn:isbn:") { value = String(value.dropFirst(9)) }
        else if lower.hasPrefix("isbn:") { value = String(value.dropFirst(5)) }
        value = value.trimmedText
        guard value.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-" || $0 == " " || $0 == "X" || $0 == "x") })
        else { return nil }
        let digits = value.filter { $0 != "-" && $0 != " " }
        let shaped = digits.count == 13 && (digits.hasPrefix("978") || digits.hasPrefix("979")) && digits.allSatisfy(\.isNumber)
            || digits.count == 10 && digits.dropLast().allSatisfy(\.isNumber)
        return shaped && (marked || !value.contains(" ")) ? value : nil
    }

    // MARK: ComicInfo

    /// ComicInfo.xml's elements (lower-cased) that are entries, in the order of ComicInfo's schema; the date
    /// (`Year`, `Month`, `Day`) comes after `Volume`, where the schema has it.
    public static let comicInfoFields: [(name: String, field: Field)] = [
        ("series", .series), ("number", .number), ("volume", .volume),
        ("writer", .writer), ("penciller", .penciller), ("inker", .inker), ("colorist", .colorist),
        ("letterer", .letterer), ("coverartist", .coverArtist), ("editor", .editor), ("translator", .translator),
        ("publisher", .publisher), ("imprint", .imprint), ("genre", .genre), ("tags", .tags), ("web", .web),
        ("format", .format), ("characters", .characters), ("teams", .teams), ("locations", .locations),
        ("storyarc", .storyArc), ("agerating", .ageRating),
    ]

    /// Every ComicInfo element the About reads.
    public static let comicInfoNames = Set(comicInfoFields.map(\.name)).union(["year", "month", "day", "summary"])

    /// A comic's ComicInfo.xml, its elements by lower-cased name: its credits, series and date in the schema's
    /// order, its `Summary` as the summary. "Unknown" (ComicRack's word for an age rating not given) is left out.
    public init(comicInfo fields: [String: String]) {
        self.init()
        for (name, field) in Self.comicInfoFields {
            if name == "writer", let date = Self.date(year: fields["year"], month: fields["month"], day: fields["day"]) {
                append(.date, date)
            }
            guard let value = fields[name], value.trimmedText.lowercased() != "unknown" else { continue }
            append(field, value)
        }
        if let summary = fields["summary"] { setSummary(LocalizedText(summary)) }
    }

    /// "2019", "2019-03" or "2019-03-04"; nil without a year. ComicRack writes -1 for a part not given.
    static func date(year: String?, month: String?, day: String?) -> String? {
        func number(_ s: String?, _ range: ClosedRange<Int>) -> Int? {
            s.flatMap { Int($0.trimmedText) }.flatMap { range.contains($0) ? $0 : nil }
        }
        guard let year = number(year, 1...9999) else { return nil }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        guard let month = number(month, 1...12) else { return "\(year)" }
        guard let day = number(day, 1...31) else { return "\(year)-\(two(month))" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}

private extension StringProtocol {
    var trimmedText: String {
        let scalars = unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }
        return String(String.UnicodeScalarView(scalars.reversed()))
    }
}
