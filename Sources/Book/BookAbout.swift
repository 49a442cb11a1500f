/// What a book says about itself, for an "About this book" panel: who made it, who published it, when, what it is
/// about, and what must be shown with it. Every format fills the same value (a IIIF manifest's `metadata`, an
/// EPUB's Dublin Core, a PDF's Info dictionary, a comic's ComicInfo.xml); texts keep every language the book
/// gives, so the core picks the visitor's language when it shows them, and again when the visitor changes it.
///
/// Bounded whatever the book holds: at most `maxEntries` entries, values of at most `maxValueCharacters`
/// characters (a summary `maxSummaryCharacters`), `maxLanguages` languages a text, `maxProviders` providers;
/// whitespace collapsed and HTML reduced to text (`HTMLText`), as a manifest's or a package's values may be HTML.
public struct BookAbout: Sendable, Equatable {
    /// Label and value pairs in the book's order (a format without an order of its own: the order of `Field`).
    public var entries: [Entry] = []
    /// What the book is about: a paragraph or a few, line breaks kept.
    public var summary: LocalizedText?
    /// What IIIF requires shown wherever the book is (3's `requiredStatement`; 2.1's `attribution`, labelled
    /// `.named(.attribution)`).
    public var requiredStatement: Entry?
    /// The licence or rights statement's URL (IIIF 3's `rights`, 2.1's `license`).
    public var rights: String?
    /// The institutions that provide the book (IIIF 3's `provider`; 2.1's `logo` as a provider with only a logo).
    public var providers: [Provider] = []

    public static let maxEntries = 40
    public static let maxValueCharacters = 2_000
    public static let maxSummaryCharacters = 8_000
    /// A label is a few words; a longer one is cut.
    public static let maxLabelCharacters = 200
    public static let maxLanguages = 32
    public static let maxProviders = 8

    public init() {}

    public var isEmpty: Bool {
        entries.isEmpty && summary == nil && requiredStatement == nil && rights == nil && providers.isEmpty
    }

    public struct Entry: Sendable, Equatable {
        public var label: Label
        public var value: LocalizedText

        public init(label: Label, value: LocalizedText) {
            self.label = label
            self.value = value
        }
    }

    /// A label the book writes itself (IIIF's, in its languages), or one of the app's words, which the app says in
    /// the visitor's language: other formats name their fields, never their display.
    public enum Label: Sendable, Equatable {
        case named(Field)
        case given(LocalizedText)
    }

    /// The fields of the formats whose labels are the app's words. The raw values are stable keys for the app's
    /// catalogues.
    public enum Field: String, Sendable, CaseIterable {
        // People, by role (an EPUB creator's MARC relator; a comic's credits).
        case author, illustrator, translator, editor, artist, photographer, narrator, contributor
        case writer, penciller, inker, colorist, letterer, coverArtist
        // The edition.
        case publisher, imprint, date, series, number, volume, storyArc, isbn, format
        // What it holds.
        case subject, keywords, genre, tags, characters, teams, locations, ageRating
        // Terms, a web address.
        case rights, web
        // A PDF's file: the program that made the original, the one that made the PDF, when it was made.
        case creatorTool, producer, created
        /// IIIF 2.1's `attribution`, which has no label of its own.
        case attribution
    }

    /// An institution that provides the book: its name, its web site, its logo (an image URL).
    public struct Provider: Sendable, Equatable {
        public var label: LocalizedText?
        public var homepage: String?
        public var logo: String?

        public init(label: LocalizedText? = nil, homepage: String? = nil, logo: String? = nil) {
            self.label = label
            self.homepage = homepage
            self.logo = logo
        }
    }

    /// Adds an entry with its value cleaned; one whose value is empty once cleaned, or past `maxEntries`, is left
    /// out.
    public mutating func append(_ label: Label, _ value: LocalizedText) {
        guard entries.count < Self.maxEntries, let value = Self.line(value) else { return }
        entries.append(Entry(label: Self.cleaned(label), value: value))
    }

    /// Adds `value`, in `language` where the book says, under one of the app's labels.
    public mutating func append(_ field: Field, _ value: String, language: String? = nil) {
        append(.named(field), LocalizedText(value, language: language))
    }

    /// Adds `value` to the entry `field` already has ("; " between), else as a new entry: a book's many subjects
    /// are one entry.
    public mutating func merge(_ field: Field, _ value: String) {
        guard let i = entries.firstIndex(where: { $0.label == .named(field) }) else { return append(field, value) }
        let last = entries[i].value.entries.count - 1
        guard entries[i].value.entries[last].text.count < Self.maxValueCharacters,
              let added = Self.line(LocalizedText(value))?.entries.first?.text else { return }
        let joined = entries[i].value.entries[last].text + "; " + added
        entries[i].value.entries[last].text = Self.cut(joined, Self.maxValueCharacters)
    }

    /// Sets the summary: paragraphs kept, HTML reduced; nil when nothing is left.
    public mutating func setSummary(_ text: LocalizedText?) {
        summary = text.flatMap { Self.cleaned($0, limit: Self.maxSummaryCharacters, paragraphs: true) }
    }

    public mutating func setRequiredStatement(_ label: Label, _ value: LocalizedText?) {
        requiredStatement = value.flatMap(Self.line).map { Entry(label: Self.cleaned(label), value: $0) }
    }

    public mutating func append(_ provider: Provider) {
        guard providers.count < Self.maxProviders else { return }
        var provider = provider
        provider.label = provider.label.flatMap(Self.line)
        provider.homepage = provider.homepage.map { Self.cut($0, Self.maxValueCharacters) }
        provider.logo = provider.logo.map { Self.cut($0, Self.maxValueCharacters) }
        guard provider.label != nil || provider.homepage != nil || provider.logo != nil else { return }
        providers.append(provider)
    }

    /// A value on one line.
    static func line(_ text: LocalizedText) -> LocalizedText? {
        cleaned(text, limit: maxValueCharacters, paragraphs: false)
    }

    static func cleaned(_ label: Label) -> Label {
        guard case .given(let text) = label else { return label }
        return .given(cleaned(text, limit: maxLabelCharacters, paragraphs: false) ?? text)
    }

    /// HTML reduced to text, whitespace collapsed (line breaks kept only in `paragraphs`), texts in one language
    /// joined with "; " (a IIIF 2.1 value may be a list), empty texts and languages past `maxLanguages` dropped.
    static func cleaned(_ text: LocalizedText, limit: Int, paragraphs: Bool) -> LocalizedText? {
        var out: [(key: String, text: String)] = []
        // A few texts a language at most: a hostile list of a million costs no more than a long one.
        for (given, raw) in text.entries.prefix(maxLanguages * 4) {
            let key = String(given.prefix(35))
            let known = out.first { $0.key == key }
            if let done = known, done.text.count >= limit { continue }
            if known == nil, out.count >= maxLanguages { continue }
            // Cut before the work too, so a value of megabytes costs no more than a long one.
            var value = String(raw.prefix(limit * 4))
            if HTMLText.looksLikeMarkup(value) { value = HTMLText.plain(value) }
            value = HTMLText.collapsed(value)
            if !paragraphs { value = value.split(separator: "\n").joined(separator: " ") }
            guard !value.isEmpty else { continue }
            if let i = out.firstIndex(where: { $0.key == key }) {
                out[i].text = cut(out[i].text + "; " + value, limit)
            } else {
                out.append((key, cut(value, limit)))
            }
        }
        return out.isEmpty ? nil : LocalizedText(entries: out)
    }

    /// At most `limit` characters; a text cut ends with "…".
    static func cut(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
