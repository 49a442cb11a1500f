/// One language's translations of Recto's on-screen texts, read from a `.po` file.
///
/// A msgid is an English text in which `{name}` stands for a value, so a finished English message (as the
/// page cache and the decoders produce it) can be recognised and translated whole: "cannot read {path}:
/// {reason}" matches "cannot read /books/a: Permission denied" and yields the translation with the values put
/// back. Placeholders named in `Template.numeric` match whole numbers only, so a longer template cannot
/// swallow a different message.
public struct Catalogue: Sendable {
    /// Texts without placeholders, looked up directly.
    let exact: [String: String]
    /// Texts with placeholders, most literal text first (the most specific match wins).
    let templates: [(template: Template, text: String)]

    public init(po: String) throws(CatalogueError) {
        var exact: [String: String] = [:], templates: [(Template, String)] = []
        for entry in try POFile.entries(po) {
            let template = Template(entry.id)
            if template.isPlain { exact[entry.id] = entry.text } else { templates.append((template, entry.text)) }
        }
        self.exact = exact
        self.templates = templates.sorted { $0.0.literalLength > $1.0.literalLength }
    }

    /// Every msgid, for completeness checks.
    public var ids: Set<String> { Set(exact.keys).union(templates.map(\.template.source)) }

    /// The translation of `english` with its values put back (those named in `Template.texts` translated by
    /// `inner` first), or nil when no entry matches.
    func translate(_ english: String, inner: (String) -> String) -> String? {
        if let text = exact[english] { return text }
        for (template, text) in templates {
            guard let values = template.match(english) else { continue }
            var filled = values
            for name in Template.texts where filled[name] != nil { filled[name] = inner(filled[name]!) }
            return Template.fill(text, filled)
        }
        return nil
    }
}

/// A msgid split into literal text and `{name}` placeholders.
struct Template: Sendable {
    enum Part: Sendable, Hashable { case literal(String), value(String) }

    /// Placeholders that stand for whole numbers.
    static let numeric: Set<String> = ["page", "count", "entries", "limit", "bytes", "ratio", "declared", "width",
                                       "height", "side", "total"]

    /// Placeholders that stand for another text of the catalogue (translated in turn); any other value (a
    /// path, the system's or a codec's text) is put back as it is.
    static let texts: Set<String> = ["reason", "kind"]

    let source: String
    let parts: [Part]

    init(_ source: String) {
        self.source = source
        var parts: [Part] = [], literal = ""
        var rest = Substring(source)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}"), !after[..<close].isEmpty,
                  after[..<close].allSatisfy({ $0.isLetter }) else {
                literal += rest[...open]
                rest = after
                continue
            }
            literal += rest[..<open]
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(.value(String(after[..<close])))
            rest = after[after.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    var isPlain: Bool { !parts.contains { if case .value = $0 { true } else { false } } }

    var literalLength: Int {
        parts.reduce(0) { if case .literal(let s) = $1 { $0 + s.count } else { $0 } }
    }

    /// The values of the placeholders when `text` has this shape; each value is non-empty, the earliest
    /// split that lets the rest match wins.
    func match(_ text: String) -> [String: String]? {
        var values: [String: String] = [:]
        return match(Substring(text), parts[...], into: &values) ? values : nil
    }

    private func match(_ text: Substring, _ parts: ArraySlice<Part>, into values: inout [String: String]) -> Bool {
        guard let first = parts.first else { return text.isEmpty }
        switch first {
        case .literal(let literal):
            return text.hasPrefix(literal) && match(text.dropFirst(literal.count), parts.dropFirst(), into: &values)
        case .value(let name):
            let fits = { (value: Substring) in !value.isEmpty && (!Self.numeric.contains(name) || value.allSatisfy(\.isASCIIDigit)) }
            let rest = parts.dropFirst()
            guard let after = rest.first else {
                guard fits(text) else { return false }
                values[name] = String(text)
                return true
            }
            // Two placeholders side by side have no one split; such a template matches nothing.
            guard case .literal(let next) = after else { return false }
            var start = text.startIndex
            while let range = text[start...].firstRange(of: next) {
                let value = text[..<range.lowerBound]
                if fits(value) {
                    values[name] = String(value)
                    if match(text[range.lowerBound...], rest, into: &values) { return true }
                }
                guard range.lowerBound < text.endIndex else { break }
                start = text.index(after: range.lowerBound)
            }
            return false
        }
    }

    /// `text` with each `{name}` replaced by its value (left as it is when there is none).
    static func fill(_ text: String, _ values: [String: String]) -> String {
        Template(text).parts.map { part in
            switch part {
            case .literal(let s): s
            case .value(let name): values[name] ?? "{\(name)}"
            }
        }.joined()
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
