/// A text in each language a book gives it, for a language chosen later (the visitor's, which may change while
/// the book is open). A IIIF manifest writes language maps; an EPUB's `xml:lang`; most other books one text in no
/// language.
public struct LocalizedText: Sendable, Equatable {
    /// Language key as the book writes it ("none" for none), and the text (a list joined by "; ").
    public var entries: [(key: String, text: String)]

    public init(entries: [(key: String, text: String)]) {
        self.entries = entries
    }

    /// One text in `language`, or in no language ("none").
    public init(_ text: String, language: String? = nil) {
        entries = [(language ?? "none", text)]
    }

    public static func == (a: LocalizedText, b: LocalizedText) -> Bool {
        a.entries.map(\.key) == b.entries.map(\.key) && a.entries.map(\.text) == b.entries.map(\.text)
    }

    /// The text in the first of `languages` given (or its primary tag), else one in no language, else the first
    /// by language; with the language it is in (nil: none).
    public func best(_ languages: [String]) -> (text: String, language: String?)? {
        let usable = entries
        func prefix(_ tag: String) -> String { String(tag.lowercased().split(separator: "-").first ?? "") }
        for wanted in languages {
            if let hit = usable.first(where: { prefix($0.key) == prefix(wanted) }) { return (hit.text, hit.key) }
        }
        let ordered = usable.sorted { a, b in
            (a.key == "none" ? 0 : 1, a.key) < (b.key == "none" ? 0 : 1, b.key)
        }
        guard let first = ordered.first else { return nil }
        return (first.text, first.key == "none" || first.key == "@none" ? nil : first.key)
    }
}
